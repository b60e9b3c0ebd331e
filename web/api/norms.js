// The three norms, from one table: which kernel, which statistics (per row or per feature),
// whether there is a beta, the default eps, and whether large arrays may stream through wasm
// memory in blocks of rows. Adding a norm is one row here, its kernel binding, and its methods
// in normMethods() below.
import {
  F32,
  NO_OPTIONS,
  checkEps,
  checkLength,
  copyFew,
  copyFew3,
  copyInto,
  floatsOrTensor,
  isTensorRecord,
  lengthOf,
  options,
  outArg,
  ownView,
  plainLengthSeen,
  rowsOf,
  settle,
  heapF32,
} from './checks.js';

// The copies of fast(), module-level and small so that V8 inlines them (heap.js's put and take,
// closures called three times per call, are not inlined).
// n floats of a (a live Float32Array off wasm memory, length n) into heap at byte address addr.
function copyIn(heap, addr, a, n) {
  const at = addr >> 2; // an int32 index: addr / F32 is a double, and so would be every index below
  if (n <= 16) copyFew(heap, at, a, 0, n);
  else heap.set(a, at);
}

// Block size of the streamed row norms: two blocks fit in a 1 MiB L2 cache.
const STREAM_BYTES = 256 * 1024;
// Largest x (floats) whose arrays the fast path remembers between calls.
const SEEN_FLOATS = 4096;

/**
 * run(raw, out, s1, s2, x, gamma, beta, rows, dim, eps) calls the kernel on wasm addresses (0 =
 * absent) through its direct export (heap.raw, from cpp/bindings/raw.cpp: Embind's invoker costs more than a
 * small norm); stats names what s1 (and s2) hold; perRow: one statistic per row (else
 * per feature, over the rows); streamable: each block of rows can be normalized on its own.
 */
export const NORMS = new Map([
  [
    'layer',
    {
      run: (k, out, s1, s2, x, gamma, beta, rows, dim, eps) =>
        k.nw_layer_norm(out, s1, s2, x, gamma, beta, rows, dim, eps),
      stats: ['mean', 'variance'],
      beta: true,
      eps: 1e-5,
      perRow: true,
      streamable: true,
    },
  ],
  [
    'rms',
    {
      run: (k, out, s1, s2, x, gamma, beta, rows, dim, eps) => k.nw_rms_norm(out, s1, x, gamma, rows, dim, eps),
      stats: ['rms'],
      beta: false,
      eps: 1e-6,
      perRow: true,
      streamable: true,
    },
  ],
  [
    'batch',
    {
      run: (k, out, s1, s2, x, gamma, beta, rows, dim, eps) =>
        k.nw_batch_norm(out, s1, s2, x, gamma, beta, rows, dim, eps),
      stats: ['mean', 'variance'],
      beta: true,
      eps: 1e-5,
      perRow: false,
      streamable: false,
    },
  ],
]);

// gamma/beta: absent, a resident tensor (read in place) or an array (converted), dim values.
function vectorArg(M, fn, name, v, dim) {
  if (v === undefined || v === null) return null;
  const r = floatsOrTensor(M, fn, name, v, AS_IS);
  if (lengthOf(r) !== dim) checkLength(fn, name, r, dim, `one value per feature, dim = ${dim}`);
  return r;
}

function statsOf(norm, take, s1, s2, count, output) {
  const r = { output };
  r[norm.stats[0]] = take(s1, count);
  if (norm.stats.length > 1) r[norm.stats[1]] = take(s2, count);
  return r;
}

// Options fast() may take: none, or a non-null object (anything else is run()'s to reject).
const fastOptions = (opts) => opts === undefined || (typeof opts === 'object' && opts !== null);

// Inputs come back as the caller's own Float32Arrays where possible (checks.floatsAsIs).
const AS_IS = Object.freeze({ asIs: true });

// Floats of a scratch region rounded up to 16 bytes (the regions' alignment).
const up4 = (n) => Math.ceil(n / 4) * 4;

// Row norms of arrays larger than 2 * STREAM_BYTES go through wasm memory in blocks of rows:
// streamer(heap) makes the function that does it.
function streamer(heap) {
  const { M, raw, layout, place, copied, take } = heap;
  // Copy a block in, normalize it, copy it out into the result. The scratch stays in L2 cache, so
  // only the caller's arrays touch main memory, and the wasm memory does not grow to hold x twice.
  function streamed(fn, norm, x0, rows, dim, gamma, beta, eps, outView, stats) {
    const x = ownView(x0); // x0 may be the caller's array: its subarray() is not ours to call
    const block = Math.max(1, Math.floor(STREAM_BYTES / (dim * F32)));
    const a = layout(fn, () => `x (${rows} x ${dim})`, {
      x: block * dim,
      out: block * dim,
      gamma: copied(gamma, dim),
      beta: copied(beta, dim),
      s1: stats ? rows : 0,
      s2: stats && norm.stats.length > 1 ? rows : 0,
    });
    const ga = gamma ? place(fn, 'gamma', gamma, a.gamma) : 0,
      ba = beta ? place(fn, 'beta', beta, a.beta) : 0;
    const output = outView ?? new Float32Array(x.length);
    const heap = M.HEAPF32; // nothing below allocates in wasm, so the view stays valid
    for (let r0 = 0; r0 < rows; r0 += block) {
      const count = Math.min(block, rows - r0);
      heap.set(x.subarray(r0 * dim, (r0 + count) * dim), a.x / F32);
      const s1 = a.s1 && a.s1 + r0 * F32,
        s2 = a.s2 && a.s2 + r0 * F32;
      norm.run(raw, a.out, s1, s2, a.x, ga, ba, count, dim, eps);
      copyInto(output, heap.subarray(a.out / F32, a.out / F32 + count * dim), r0 * dim);
    }
    return stats ? statsOf(norm, take, a.s1, a.s2, rows, output) : output;
  }

  return streamed;
}

// The checked path of every norm call: run() reads the options, runRead() checks and runs.
function checkedPath(heap, streamed) {
  const { M, raw, reserve, place, copied, take, result, into } = heap;

  // x: an array (copied in) or a tensor (read in place); options.out: a tensor written in place,
  // or a Float32Array receiving one copy, returned instead of a new array. Statistics are
  // computed only when the caller asks for them.
  function run(fn, norm, x0, dim, opts, stats) {
    // Phase 1: read every option once, convert every caller value.
    const x = floatsOrTensor(M, fn, 'x', x0, AS_IS);
    const n = lengthOf(x);
    const o = options(fn, opts);
    const { gamma: g0, eps = norm.eps, out: out0 } = o;
    const beta0 = norm.beta ? o.beta : undefined;
    return runRead(fn, norm, x, n, dim, g0, beta0, eps, out0, stats);
  }

  // run() once x is converted (n: its length then) and the options are read.
  function runRead(fn, norm, x, n, dim, g0, beta0, eps, out0, stats) {
    const rows = rowsOf(fn, 'x', n, dim);
    const gamma = vectorArg(M, fn, 'gamma', g0, dim);
    const beta = vectorArg(M, fn, 'beta', beta0, dim);
    checkEps(fn, eps);
    const out = outArg(M, fn, out0, n, () => `like x, rows x dim = ${rows} x ${dim}`);
    if (out?.tensor && (out.tensor === gamma || out.tensor === beta))
      throw new RangeError(`${fn}: out must not be the gamma or beta tensor`);
    // Phase 2: no conversion above disposed or detached an input converted before it.
    const outTensor = out?.tensor ?? null;
    settle(fn, 'x', x, n);
    settle(fn, 'gamma', gamma, dim);
    settle(fn, 'beta', beta, dim);
    settle(fn, 'out', outTensor ?? out?.view, n);
    // Phase 3: addresses and the kernel; place() reads each tensor's address (checked alive).
    const resident = isTensorRecord(x);
    if (!resident && !outTensor && norm.streamable && n * F32 > 2 * STREAM_BYTES) {
      const r = streamed(fn, norm, x, rows, dim, gamma, beta, eps, out?.view, stats);
      if (!out) return r;
      return stats ? { ...r, output: out.array } : out.array;
    }
    const statCount = norm.perRow ? rows : dim;
    // Scratch regions in this order, each 16-byte aligned, 0 = none: x and out unless they are
    // tensors, gamma and beta when copied, the statistics when asked for. Everything resident
    // and no statistics: nothing in scratch (the kernel-level path).
    const fx = resident ? 0 : up4(n),
      fo = outTensor ? 0 : up4(n);
    const fg = copied(gamma, dim) ? up4(dim) : 0,
      fb = copied(beta, dim) ? up4(dim) : 0;
    const f1 = stats ? up4(statCount) : 0,
      f2 = stats && norm.stats.length > 1 ? up4(statCount) : 0;
    const total = fx + fo + fg + fb + f1 + f2;
    const base = total ? reserve(fn, () => `x (${rows} x ${dim})`, total * F32) : 0;
    const ax = fx ? base : 0,
      ao = fo ? base + fx * F32 : 0,
      ag = fg ? base + (fx + fo) * F32 : 0;
    const ab = fb ? base + (fx + fo + fg) * F32 : 0,
      a1 = f1 ? base + (fx + fo + fg + fb) * F32 : 0;
    const a2 = f2 ? base + (fx + fo + fg + fb + f1) * F32 : 0;
    const outAddr = outTensor ? place(fn, 'out', outTensor, 0) : ao;
    const xAddr = place(fn, 'x', x, ax);
    const gAddr = gamma ? place(fn, 'gamma', gamma, ag) : 0;
    const bAddr = beta ? place(fn, 'beta', beta, ab) : 0;
    norm.run(raw, outAddr, a1, a2, xAddr, gAddr, bAddr, rows, dim, eps);
    let output;
    if (outTensor) output = out0;
    else if (out) {
      into(out.view, ao, n);
      output = out.array;
    } else output = result(ao, n);
    return stats ? statsOf(norm, take, a1, a2, statCount, output) : output;
  }

  return { run, runRead };
}

// The fast path of the common call; anything else continues in runRead().
function fastPath(heap, runRead) {
  const { M, raw, reserve, scratchFor, take, result, into } = heap;

  // The x, gamma, beta and out of the last small fast() call: a figure or a per-token loop passes
  // the same arrays again, and one seen before costs a length read instead of three checks (a
  // quarter of a 1x8 call). Kept for small calls only, so no large array of the caller's is held.
  let seenX = null,
    seenG = null,
    seenB = null,
    seenOut = null;

  // The common call of a figure or a per-token loop, checked in one function (the checks of
  // run() cost several times the 1x8 kernel): x and any gamma, beta and out are live
  // Float32Arrays off wasm memory, of the right lengths, eps is fine and nothing is streamed.
  // Finding that out runs no caller code but the option getters, which the public methods below
  // have run, each once, in run()'s order; anything else (and so every error) continues in
  // run() with the values already read. n0: x's length before the getters ran.
  function fast(fn, norm, x0, n0, dim, g0, beta0, eps, out0, stats) {
    // The getters were the last caller code: what is checked below stays true.
    const n = plainLengthSeen(M, x0, x0); // (a getter may have detached x; its buffer and type cannot change)
    const e = typeof eps === 'number' ? Math.fround(eps) : NaN;
    if (!(
      n === n0 &&
      Number.isInteger(dim) &&
      dim >= 1 &&
      dim <= 2 ** 30 &&
      n % dim === 0 &&
      e > 0 &&
      e < Infinity &&
      (g0 === undefined || g0 === null || plainLengthSeen(M, g0, seenG) === dim) &&
      (beta0 === undefined || beta0 === null || plainLengthSeen(M, beta0, seenB) === dim) &&
      (out0 === undefined || out0 === null || plainLengthSeen(M, out0, seenOut) === n) &&
      !(norm.streamable && n * F32 > 2 * STREAM_BYTES)
    )) {
      return runRead(fn, norm, x0, n0, dim, g0, beta0, eps, out0, stats);
    }
    const rows = n / dim;
    const gamma = g0 ?? null,
      beta = beta0 ?? null;
    if (n <= SEEN_FLOATS) {
      seenX = x0;
      if (gamma) seenG = gamma;
      if (beta) seenB = beta;
      if (out0) seenOut = out0;
    }
    const statCount = norm.perRow ? rows : dim;
    // The scratch regions of run(), in its order: x, out, gamma, beta, the statistics.
    const fx = up4(n),
      fg = gamma ? up4(dim) : 0,
      fb = beta ? up4(dim) : 0;
    const f1 = stats ? up4(statCount) : 0,
      f2 = stats && norm.stats.length > 1 ? up4(statCount) : 0;
    const bytes = (2 * fx + fg + fb + f1 + f2) * F32;
    const base = scratchFor(bytes) || reserve(fn, () => `x (${rows} x ${dim})`, bytes);
    const ao = base + fx * F32,
      ag = fg ? ao + fx * F32 : 0,
      ab = fb ? ao + (fx + fg) * F32 : 0;
    const a1 = f1 ? ao + (fx + fg + fb) * F32 : 0,
      a2 = f2 ? a1 + f1 * F32 : 0;
    // One view for the copies in and out: the norm kernels allocate nothing, so it stays valid.
    const heap = heapF32(M);
    // The call most figures make: one short row with its gamma and beta, in one loop.
    if (gamma && beta && n === dim && dim <= 16) copyFew3(heap, base >> 2, x0, ag >> 2, gamma, ab >> 2, beta, dim);
    else {
      copyIn(heap, base, x0, n);
      if (gamma) copyIn(heap, ag, gamma, dim);
      if (beta) copyIn(heap, ab, beta, dim);
    }
    norm.run(raw, ao, a1, a2, base, ag, ab, rows, dim, eps);
    let output = out0;
    if (out0) into(out0, ao, n);
    else output = result(ao, n);
    return stats ? statsOf(norm, take, a1, a2, statCount, output) : output;
  }

  // x's length when fast() may take the call (x a plain Float32Array, options an object or
  // none), else -1.
  const plainCall = (x, opts) => {
    const n0 = plainLengthSeen(M, x, seenX);
    return n0 >= 0 && fastOptions(opts) ? n0 : -1;
  };

  return { fast, plainCall };
}

/** The norm methods of the public object, over one heap (see heap.js). */
export function normMethods(heap) {
  const { run, runRead } = checkedPath(heap, streamer(heap));
  const { fast, plainCall } = fastPath(heap, runRead);
  const LAYER = NORMS.get('layer'),
    RMS = NORMS.get('rms'),
    BATCH = NORMS.get('batch');
  return {
    // x, gamma, beta: arrays or tensors; options.out: a tensor (written in place) or a
    // Float32Array (one copy into it) that is returned instead of a new array.
    //
    // Each method reads x's length and then its options itself, at property loads of its own: a
    // page that mixes norms and option shapes (five or more) made the one shared site in fast()
    // megamorphic, a hash-table lookup per option; sites of their own stay fast after such a
    // mix, at the price of passing the options as extra arguments to fast(). Not made by a
    // factory: closures of one function literal share their feedback. Nor one function for the
    // two norms with a beta: LayerNorm's and BatchNorm's option shapes at one site slow a 1x8
    // LayerNorm down after that mix.
    // Options run()'s way: gamma, eps, out, then beta for the norms that have one.
    layerNorm(x, dim, opts) {
      const n0 = plainCall(x, opts);
      if (n0 < 0) return run('layerNorm', LAYER, x, dim, opts, false);
      const { gamma, eps = LAYER.eps, out, beta } = opts ?? NO_OPTIONS;
      return fast('layerNorm', LAYER, x, n0, dim, gamma, beta, eps, out, false);
    },
    rmsNorm(x, dim, opts) {
      const n0 = plainCall(x, opts);
      if (n0 < 0) return run('rmsNorm', RMS, x, dim, opts, false);
      const { gamma, eps = RMS.eps, out } = opts ?? NO_OPTIONS;
      return fast('rmsNorm', RMS, x, n0, dim, gamma, undefined, eps, out, false);
    },
    batchNorm(x, dim, opts) {
      const n0 = plainCall(x, opts);
      if (n0 < 0) return run('batchNorm', BATCH, x, dim, opts, false);
      const { gamma, eps = BATCH.eps, out, beta } = opts ?? NO_OPTIONS;
      return fast('batchNorm', BATCH, x, n0, dim, gamma, beta, eps, out, false);
    },
    /** LayerNorm plus the per-row mean and biased variance. */
    layerNormWithStats(x, dim, opts) {
      const n0 = plainCall(x, opts);
      if (n0 < 0) return run('layerNormWithStats', LAYER, x, dim, opts, true);
      const { gamma, eps = LAYER.eps, out, beta } = opts ?? NO_OPTIONS;
      return fast('layerNormWithStats', LAYER, x, n0, dim, gamma, beta, eps, out, true);
    },
    /** RMSNorm plus the per-row root mean square sqrt(mean(x²)). */
    rmsNormWithStats(x, dim, opts) {
      const n0 = plainCall(x, opts);
      if (n0 < 0) return run('rmsNormWithStats', RMS, x, dim, opts, true);
      const { gamma, eps = RMS.eps, out } = opts ?? NO_OPTIONS;
      return fast('rmsNormWithStats', RMS, x, n0, dim, gamma, undefined, eps, out, true);
    },
    /** BatchNorm plus the per-feature batch mean and biased variance. */
    batchNormWithStats(x, dim, opts) {
      const n0 = plainCall(x, opts);
      if (n0 < 0) return run('batchNormWithStats', BATCH, x, dim, opts, true);
      const { gamma, eps = BATCH.eps, out, beta } = opts ?? NO_OPTIONS;
      return fast('batchNormWithStats', BATCH, x, n0, dim, gamma, beta, eps, out, true);
    },
    /** Per-row mean and biased variance, as LayerNorm sees them. */
    layerNormStats(x, dim) {
      const { mean, variance } = run('layerNormStats', LAYER, x, dim, undefined, true);
      return { mean, variance };
    },
  };
}
