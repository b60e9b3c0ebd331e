// The public face of normwave: typed arrays in, typed arrays out, every argument checked.
// Figures and users call this; only this file touches the Embind module and the wasm heap.
// Each call copies its inputs into wasm memory once and its result out once; scratch space is
// one grow-only block, so steady-state calls allocate nothing inside wasm. Tensors (nw.tensor)
// are the exception to copying: caller-owned float buffers that live in wasm memory, which the
// norms, positionalEncoding and Encoder.forward read and write in place.

import { readLoadOptions } from './load-wasm.js';

const F32 = 4;
// Block size of the streamed row norms (normStreamed): two blocks fit in a 1 MiB L2 cache.
const STREAM_BYTES = 256 * 1024;
// The module is linked with MAXIMUM_MEMORY=2GB; larger requests are refused before allocating.
const MAX_BYTES = 2 ** 31;
const ACTIVATIONS = { relu: 0, gelu: 1 };

function describe(v) {
  if (v === null) return 'null';
  if (typeof v === 'number') return String(v);
  if (ArrayBuffer.isView(v)) return `${v.constructor.name}(${v.length})`;
  if (v instanceof Tensor) return `Tensor(${v.disposed ? 'disposed' : v.length})`;
  if (Array.isArray(v)) return `Array(${v.length})`;
  return typeof v;
}

function checkCount(fn, name, v, max = 2 ** 30) {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw new RangeError(`${fn}: ${name} must be a positive integer, got ${describe(v)}`);
  }
  if (v > max) throw new RangeError(`${fn}: ${name} = ${v} is larger than the limit ${max}`);
  return v;
}

function checkNumber(fn, name, v, { positive = false } = {}) {
  if (typeof v !== 'number' || !Number.isFinite(v) || (positive && !(v > 0))) {
    throw new RangeError(`${fn}: ${name} must be a ${positive ? 'positive ' : ''}finite number, got ${describe(v)}`);
  }
  return v;
}

// Accepts a Float32Array, another typed array or an array of numbers; never modifies it.
function checkFloats(fn, name, v) {
  if (v instanceof Float32Array) return v;
  if (ArrayBuffer.isView(v) && !(v instanceof DataView) || Array.isArray(v)) return Float32Array.from(v);
  throw new TypeError(`${fn}: ${name} must be a Float32Array (or an array of numbers), got ${describe(v)}`);
}

function checkLength(fn, name, arr, expected, why) {
  if (arr.length !== expected) {
    throw new RangeError(`${fn}: ${name} has length ${arr.length}, expected ${expected} (${why})`);
  }
}

function checkBytes(fn, what, bytes) {
  if (bytes > MAX_BYTES) {
    throw new RangeError(`${fn}: ${what} needs ${(bytes / 2 ** 20).toFixed(0)} MiB, more than the 2048 MiB of wasm memory`);
  }
}

// Frees wasm memory of objects whose owner forgot dispose(): { M, addr } for a Tensor.
const tensorFinalizer = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ M, addr }) => M.dealloc(addr))
  : null;

/**
 * A Float32 buffer that lives in wasm memory, for data that stays there between calls (the
 * kernels read and write it without copies). Make one with nw.tensor(); free it with dispose().
 * It hands out no long-lived views: view() re-takes one from the current memory each time.
 */
class Tensor {
  constructor(M, addr, length) {
    this._M = M;
    this._addr = addr;
    /** Number of floats. */
    this.length = length;
    this._token = {};
    tensorFinalizer?.register(this, { M, addr }, this._token);
  }

  _alive(fn) {
    if (!this._addr) throw new Error(`${fn}: this tensor has been disposed`);
    return this._addr;
  }

  /**
   * A Float32Array over the tensor's floats in wasm memory (no copy). Take a new one after any
   * normwave call that may allocate: growing the memory detaches earlier views (they read as empty).
   */
  view() {
    const addr = this._alive('tensor.view');
    return new Float32Array(this._M.HEAPF32.buffer, addr, this.length);
  }

  /** A copy of the floats, owned by the caller. */
  read() {
    const addr = this._alive('tensor.read');
    return this._M.HEAPF32.slice(addr / F32, addr / F32 + this.length);
  }

  /** Copies data (any array of numbers) in at offset: one bulk copy. Returns this. */
  write(data, offset = 0) {
    const fn = 'tensor.write';
    const addr = this._alive(fn);
    const arr = checkFloats(fn, 'data', data);
    if (!Number.isInteger(offset) || offset < 0 || offset + arr.length > this.length) {
      throw new RangeError(`${fn}: ${arr.length} floats at offset ${describe(offset)} do not fit a tensor of length ${this.length}`);
    }
    this._M.HEAPF32.set(arr, addr / F32 + offset);
    return this;
  }

  /** Frees the wasm memory. Safe to call twice; any later use throws. */
  dispose() {
    if (!this._addr) return;
    tensorFinalizer?.unregister(this._token);
    this._M.dealloc(this._addr);
    this._addr = 0;
  }

  /** True after dispose(). */
  get disposed() { return !this._addr; }
}

// A Tensor argument of this module, alive and of the expected length; its address.
function checkTensor(M, fn, name, t, expected, why) {
  if (!(t instanceof Tensor) || t._M !== M) {
    throw new TypeError(`${fn}: ${name} must be a tensor made by this module's nw.tensor(), got ${describe(t)}`);
  }
  const addr = t._alive(fn);
  if (expected !== undefined) checkLength(fn, name, t, expected, why);
  return addr;
}

/**
 * Builds the API object over an instantiated Embind module.
 * @param {any} M the Embind module
 * @param {{ simd: boolean }} info
 */
export function createApi(M, { simd }) {
  // Grow-only scratch block. Addresses handed out by layout() stay valid until the next call.
  let scratch = 0;
  let scratchBytes = 0;

  // work: bytes that the kernel will malloc itself during this call (PE tables, linear's packed
  // weights, the encoder's buffers). A failed malloc inside C++ cannot be reported, so it is
  // tried here first, together with any growth of the scratch block, before anything is kept.
  function reserve(fn, what, bytes, work = 0) {
    checkBytes(fn, what, bytes + work);
    const want = bytes <= scratchBytes ? 0 : Math.max(bytes, Math.min(MAX_BYTES, scratchBytes * 1.5));
    if (work > 0) {
      const probe = M.alloc(want + work);
      if (!probe) throw new RangeError(`${fn}: ${what} needs ${((want + work) / 2 ** 20).toFixed(1)} MiB more wasm memory than is free`);
      M.dealloc(probe);
    }
    if (!want) return scratch;
    const p = M.alloc(want);
    if (!p) throw new RangeError(`${fn}: could not allocate ${(want / 2 ** 20).toFixed(1)} MiB of wasm memory for ${what}`);
    if (scratch) M.dealloc(scratch);
    scratch = p;
    scratchBytes = want;
    return p;
  }

  // Carves named float regions (16-byte aligned) out of the scratch block.
  function layout(fn, what, sizes, work = 0) {
    let total = 0;
    const offsets = {};
    for (const [key, n] of Object.entries(sizes)) {
      offsets[key] = total;
      total += Math.ceil((n * F32) / 16) * 16;
    }
    const base = reserve(fn, what, total, work);
    const addr = {};
    for (const key of Object.keys(sizes)) addr[key] = sizes[key] > 0 ? base + offsets[key] : 0;
    return addr;
  }

  // Views are re-taken on every use: memory growth detaches the old ones.
  const heapF32 = () => M.HEAPF32;
  const put = (addr, arr) => { if (addr) heapF32().set(arr, addr / F32); };
  const take = (addr, n) => heapF32().slice(addr / F32, addr / F32 + n);

  function rowsOf(fn, x, dim) {
    checkCount(fn, 'dim', dim);
    if (x.length === 0 || x.length % dim !== 0) {
      throw new RangeError(`${fn}: x has length ${x.length}, which is not a positive multiple of dim = ${dim}`);
    }
    return x.length / dim;
  }

  function optionalVector(fn, name, v, dim) {
    if (v === undefined || v === null) return null;
    const arr = checkFloats(fn, name, v);
    checkLength(fn, name, arr, dim, `one value per feature, dim = ${dim}`);
    return arr;
  }

  // gamma/beta: null, a resident Tensor (read in place) or an array (copied in).
  function vectorArg(fn, name, v, dim) {
    if (v instanceof Tensor) {
      checkTensor(M, fn, name, v, dim, `one value per feature, dim = ${dim}`);
      return v;
    }
    return optionalVector(fn, name, v, dim);
  }

  // options.out: undefined/null; a Tensor of n floats that receives the result in place; or a
  // caller's Float32Array(n) that receives it with one bulk copy (no new array to allocate and
  // zero-fill, which for large results costs more than the copy itself).
  function outArg(fn, out, n, why) {
    if (out === undefined || out === null) return null;
    if (out instanceof Float32Array) {
      checkLength(fn, 'out', out, n, why);
      return out;
    }
    if (!(out instanceof Tensor)) throw new TypeError(`${fn}: out must be a Float32Array or a tensor made by nw.tensor(), got ${describe(out)}`);
    checkTensor(M, fn, 'out', out, n, why);
    return out;
  }
  const into = (out, addr, n) => {
    out.set(heapF32().subarray(addr / F32, addr / F32 + n));
    return out;
  };

  // Address of an argument that is either a Tensor (in place) or an array copied to `addr`.
  function place(v, addr) {
    if (v instanceof Tensor) return v._addr;
    put(addr, v);
    return addr;
  }
  const copied = (v, n) => (v && !(v instanceof Tensor) ? n : 0);
  const NOTHING = Object.freeze({ x: 0, out: 0, gamma: 0, beta: 0, s1: 0, s2: 0 });

  // Row norms of arrays larger than 2 * STREAM_BYTES go through wasm memory in blocks of rows:
  // copy a block in, normalize it, copy it out into the result. The scratch stays in L2 cache, so
  // only the caller's arrays touch main memory, and the wasm memory does not grow to hold x twice.
  function normStreamed(fn, kind, x, rows, dim, gamma, beta, eps, outOpt, stats) {
    const block = Math.max(1, Math.floor(STREAM_BYTES / (dim * F32)));
    const a = layout(fn, `x (${rows} x ${dim})`, {
      x: block * dim, out: block * dim, gamma: copied(gamma, dim), beta: copied(beta, dim),
      s1: stats ? rows : 0, s2: stats && kind === 'layer' ? rows : 0,
    });
    const ga = gamma ? place(gamma, a.gamma) : 0, ba = beta ? place(beta, a.beta) : 0;
    const output = outOpt ?? new Float32Array(x.length);
    const heap = heapF32();  // nothing below allocates in wasm, so the view stays valid
    for (let r0 = 0; r0 < rows; r0 += block) {
      const count = Math.min(block, rows - r0);
      heap.set(x.subarray(r0 * dim, (r0 + count) * dim), a.x / F32);
      const s1 = a.s1 && a.s1 + r0 * F32, s2 = a.s2 && a.s2 + r0 * F32;
      if (kind === 'layer') M.layerNorm(a.out, s1, s2, a.x, ga, ba, count, dim, eps);
      else M.rmsNorm(a.out, s1, a.x, ga, count, dim, eps);
      output.set(heap.subarray(a.out / F32, a.out / F32 + count * dim), r0 * dim);
    }
    if (!stats) return output;
    if (kind === 'rms') return { output, rms: take(a.s1, rows) };
    return { output, mean: take(a.s1, rows), variance: take(a.s2, rows) };
  }

  // x: an array (copied in) or a Tensor (read in place); options.out: a Tensor to write instead
  // of returning a new array. Statistics are computed only when the caller asks for them.
  function norm(fn, kind, x0, dim, opts, defaultEps, stats) {
    const resident = x0 instanceof Tensor;
    if (resident) checkTensor(M, fn, 'x', x0);
    const x = resident ? x0 : checkFloats(fn, 'x', x0);
    const rows = rowsOf(fn, x, dim);
    const n = x.length;
    const gamma = vectorArg(fn, 'gamma', opts.gamma, dim);
    const beta = kind === 'rms' ? null : vectorArg(fn, 'beta', opts.beta, dim);
    const eps = checkNumber(fn, 'eps', opts.eps ?? defaultEps, { positive: true });
    const outOpt = outArg(fn, opts.out, n, `like x, rows x dim = ${rows} x ${dim}`);
    if (outOpt && (outOpt === gamma || outOpt === beta)) throw new RangeError(`${fn}: out must not be the gamma or beta tensor`);
    const out = outOpt instanceof Tensor ? outOpt : null;
    if (!resident && !out && kind !== 'batch' && n * F32 > 2 * STREAM_BYTES) {
      return normStreamed(fn, kind, x, rows, dim, gamma, beta, eps, outOpt, stats);
    }
    const statCount = kind === 'batch' ? dim : rows;
    // Everything resident and no statistics: nothing to place in scratch (the kernel-level path).
    const a = resident && out && !stats && !copied(gamma, dim) && !copied(beta, dim) ? NOTHING : layout(fn, `x (${rows} x ${dim})`, {
      x: resident ? 0 : n, out: out ? 0 : n, gamma: copied(gamma, dim), beta: copied(beta, dim),
      s1: stats ? statCount : 0, s2: stats && kind !== 'rms' ? statCount : 0,
    });
    const xa = place(x, a.x), ga = gamma ? place(gamma, a.gamma) : 0, ba = beta ? place(beta, a.beta) : 0;
    const ya = out ? out._addr : a.out;
    if (kind === 'layer') M.layerNorm(ya, a.s1, a.s2, xa, ga, ba, rows, dim, eps);
    else if (kind === 'batch') M.batchNorm(ya, a.s1, a.s2, xa, ga, ba, rows, dim, eps);
    else M.rmsNorm(ya, a.s1, xa, ga, rows, dim, eps);
    const output = out ?? (outOpt ? into(outOpt, a.out, n) : take(a.out, n));
    if (!stats) return output;
    if (kind === 'rms') return { output, rms: take(a.s1, statCount) };
    return { output, mean: take(a.s1, statCount), variance: take(a.s2, statCount) };
  }

  const api = {
    /** @type {string} */
    version: M.version(),
    /** @type {boolean} */
    simd,

    /** options.out: a Tensor (filled in place) or Float32Array(seqLen * dModel) to return instead of a new array. */
    positionalEncoding(seqLen, dModel, { base = 10000, out } = {}) {
      const fn = 'positionalEncoding';
      checkCount(fn, 'seqLen', seqLen);
      checkCount(fn, 'dModel', dModel);
      checkNumber(fn, 'base', base, { positive: true });
      const n = seqLen * dModel;
      const what = `seqLen x dModel = ${seqLen} x ${dModel}`;
      const tables = 256 * (dModel + 16);  // the kernel's float64/float32 sin-cos tables, per call
      checkBytes(fn, what, n * F32 + tables);
      const o = outArg(fn, out, n, what);
      if (o instanceof Tensor) {
        reserve(fn, what, 0, tables);
        M.positionalEncoding(o._addr, seqLen, dModel, base);
        return o;
      }
      const a = layout(fn, what, { out: n }, tables);
      M.positionalEncoding(a.out, seqLen, dModel, base);
      return o ? into(o, a.out, n) : take(a.out, n);
    },

    // x, gamma, beta: arrays or Tensors; options.out: a Tensor (written in place) or a
    // Float32Array (one copy into it) that is returned instead of a new array.
    layerNorm(x, dim, opts = {}) { return norm('layerNorm', 'layer', x, dim, opts, 1e-5, false); },
    rmsNorm(x, dim, opts = {}) { return norm('rmsNorm', 'rms', x, dim, opts, 1e-6, false); },
    batchNorm(x, dim, opts = {}) { return norm('batchNorm', 'batch', x, dim, opts, 1e-5, false); },
    /** LayerNorm plus the per-row mean and biased variance. */
    layerNormWithStats(x, dim, opts = {}) { return norm('layerNormWithStats', 'layer', x, dim, opts, 1e-5, true); },
    /** RMSNorm plus the per-row root mean square sqrt(mean(x²)). */
    rmsNormWithStats(x, dim, opts = {}) { return norm('rmsNormWithStats', 'rms', x, dim, opts, 1e-6, true); },
    /** BatchNorm plus the per-feature batch mean and biased variance. */
    batchNormWithStats(x, dim, opts = {}) { return norm('batchNormWithStats', 'batch', x, dim, opts, 1e-5, true); },
    /** Per-row mean and biased variance, as LayerNorm sees them. */
    layerNormStats(x, dim) {
      const { mean, variance } = norm('layerNormStats', 'layer', x, dim, {}, 1e-5, true);
      return { mean, variance };
    },

    /**
     * A Tensor of `length` zeros, or holding a copy of `data`, in wasm memory: pass it as x,
     * gamma, beta or { out } to skip the copies. Free it with dispose().
     */
    tensor(lengthOrData) {
      const fn = 'tensor';
      const data = typeof lengthOrData === 'number' ? null : checkFloats(fn, 'lengthOrData', lengthOrData);
      const n = data ? data.length : checkCount(fn, 'length', lengthOrData);
      if (n === 0) throw new RangeError(`${fn}: data is empty; a tensor holds at least one float`);
      checkBytes(fn, `a tensor of ${n} floats`, n * F32);
      const addr = M.alloc(n * F32);
      if (!addr) throw new RangeError(`${fn}: could not allocate ${(n * F32 / 2 ** 20).toFixed(1)} MiB of wasm memory`);
      if (data) M.HEAPF32.set(data, addr / F32);
      else M.HEAPF32.fill(0, addr / F32, addr / F32 + n);
      return new Tensor(M, addr, n);
    },

    /** y = x·Wᵀ + b with torch's weight layout (outFeatures, inFeatures). */
    linear(x0, weight0, bias0, { inFeatures } = {}) {
      const fn = 'linear';
      const x = checkFloats(fn, 'x', x0);
      const w = checkFloats(fn, 'weight', weight0);
      checkCount(fn, 'inFeatures', inFeatures);
      const rows = rowsOf(fn, x, inFeatures);
      if (w.length % inFeatures !== 0) {
        throw new RangeError(`${fn}: weight has length ${w.length}, not a multiple of inFeatures = ${inFeatures}`);
      }
      const outFeatures = w.length / inFeatures;
      const b = optionalVector(fn, 'bias', bias0, outFeatures);
      // The kernel packs the weight into panels of up to 16 outputs (its own, grow-only buffer).
      const a = layout(fn, `x (${rows} x ${inFeatures}) and weight (${outFeatures} x ${inFeatures})`,
        { x: x.length, w: w.length, b: b ? outFeatures : 0, y: rows * outFeatures }, (outFeatures + 16) * inFeatures * F32);
      put(a.x, x); put(a.w, w); put(a.b, b);
      M.linear(a.y, a.x, a.w, a.b, rows, outFeatures, inFeatures);
      return take(a.y, rows * outFeatures);
    },

    /** Element-wise activation: 'relu' or 'gelu' (exact erf form). */
    activation(x0, kind = 'relu') {
      const fn = 'activation';
      const x = checkFloats(fn, 'x', x0);
      if (!(kind in ACTIVATIONS)) throw new RangeError(`${fn}: unknown activation ${JSON.stringify(kind)}; use 'relu' or 'gelu'`);
      if (x.length === 0) return new Float32Array(0);
      const a = layout(fn, `x (${x.length})`, { x: x.length });
      put(a.x, x);
      M.activation(a.x, x.length, ACTIVATIONS[kind]);
      return take(a.x, x.length);
    },

    /** Row softmax over the last dim n; mask: Uint8Array(n), nonzero = masked key (weight 0). */
    softmax(x0, n, { mask } = {}) {
      const fn = 'softmax';
      const x = checkFloats(fn, 'x', x0);
      const rows = rowsOf(fn, x, n);
      let m = null;
      if (mask !== undefined && mask !== null) {
        if (!(mask instanceof Uint8Array)) throw new TypeError(`${fn}: mask must be a Uint8Array, got ${describe(mask)}`);
        checkLength(fn, 'mask', mask, n, `one flag per key, n = ${n}`);
        m = mask;
      }
      const a = layout(fn, `x (${rows} x ${n})`, { x: x.length, mask: m ? Math.ceil(n / F32) : 0 });
      put(a.x, x);
      if (m) M.HEAPU8.set(m, a.mask);
      M.softmax(a.x, a.x, a.mask, rows, n);
      return take(a.x, x.length);
    },

    /** Wasm memory in use: { heapUsed (bytes held by malloc), memoryBytes (the memory's size) }. */
    memoryStats() { return M.memoryStats(); },

    /** Lists the tensors of a .safetensors file without loading it: { tensors, metadata }. */
    inspectSafetensors(bytes) {
      const fn = 'inspectSafetensors';
      const b = checkByteArray(fn, bytes);
      const a = reserve(fn, `a ${b.length}-byte file`, Math.max(b.length, 1), headerWork(b));
      M.HEAPU8.set(b, a);
      const r = M.inspectSafetensors(a, b.length);
      if (r.error !== undefined) throw new RangeError(`${fn}: ${r.error}`);
      return r;
    },

    /**
     * Every tensor of a .safetensors file as a Float32Array (F32 copied, F16/BF16 widened), by
     * name, in an object without a prototype (tensor names are the file's, not ours).
     */
    readSafetensors(bytes) {
      const fn = 'readSafetensors';
      const b = checkByteArray(fn, bytes);
      const fileBytes = Math.ceil(Math.max(b.length, 1) / 16) * 16;
      let base = reserve(fn, `a ${b.length}-byte file`, fileBytes, headerWork(b));
      M.HEAPU8.set(b, base);
      const info = M.inspectSafetensors(base, b.length);
      if (info.error !== undefined) throw new RangeError(`${fn}: ${info.error}`);
      const { tensors } = info;
      const sizes = tensors.map((t) => t.shape.reduce((p, d) => p * d, 1));
      const total = sizes.reduce((p, n) => p + n, 0);
      const grown = reserve(fn, `a ${b.length}-byte file and its ${total} floats`, fileBytes + total * F32, headerWork(b));
      if (grown !== base) M.HEAPU8.set(b, grown);
      base = grown;
      const error = M.readSafetensors(base, b.length, base + fileBytes);
      if (error) throw new RangeError(`${fn}: ${error}`);
      const out = Object.create(null);
      let at = (base + fileBytes) / F32;
      tensors.forEach((t, i) => {
        out[t.name] = M.HEAPF32.slice(at, at + sizes[i]);
        at += sizes[i];
      });
      return out;
    },

    createEncoder(config = {}) {
      return new Encoder(M, config, { reserveShared: reserve });
    },

    /**
     * The parameters an encoder with this config would have — names, shapes and sizes in torch
     * state_dict order, and their total — checked like createEncoder but without allocating them.
     */
    encoderParameters(config = {}) {
      const c = checkEncoderConfig(M, 'encoderParameters', config);
      const parameters = parameterSpecs(M, c);
      return { parameters, parameterCount: parameters.reduce((s, p) => s + p.numel, 0) };
    },
  };
  return api;
}

// Wasm memory the C++ .safetensors parser may take for a file's header (tensor records, names,
// shapes: a few times the header's own size), read from its 8-byte length.
function headerWork(b) {
  const claimed = b.length >= 8 ? Number(new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0, true)) : 0;
  return 12 * Math.min(claimed, b.length) + 65536;
}

function checkByteArray(fn, bytes) {
  if (bytes instanceof Uint8Array) return bytes;
  if (bytes instanceof ArrayBuffer) return new Uint8Array(bytes);
  throw new TypeError(`${fn}: bytes must be a Uint8Array or ArrayBuffer, got ${describe(bytes)}`);
}

// Frees the C++ encoder and its buffers when a caller forgets dispose().
const finalizer = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ M, handle, buffers }) => {
    for (const p of buffers) if (p) M.dealloc(p);
    handle.delete();
  })
  : null;

// The checks createEncoder and encoderParameters share; returns the config with defaults filled in.
function checkEncoderConfig(M, fn, config) {
  if (typeof config !== 'object' || config === null) throw new TypeError(`${fn}: config must be an object, got ${describe(config)}`);
  const { dModel, nHeads, dFF, nLayers = 1, normFirst = false, activation = 'relu', eps = 1e-5, finalNorm = false, seed = 0 } = config;
  checkCount(fn, 'dModel', dModel, 32768);
  checkCount(fn, 'nHeads', nHeads, 32768);
  checkCount(fn, 'dFF', dFF, 32768);
  checkCount(fn, 'nLayers', nLayers, 1024);
  checkNumber(fn, 'eps', eps, { positive: true });
  if (dModel % nHeads !== 0) throw new RangeError(`${fn}: dModel (${dModel}) must be divisible by nHeads (${nHeads})`);
  if (!(activation in ACTIVATIONS)) throw new RangeError(`${fn}: unknown activation ${JSON.stringify(activation)}; use 'relu' or 'gelu'`);
  const paramFloats = nLayers * (4 * dModel * dModel + 2 * dModel * dFF + 9 * dModel + dFF) + (finalNorm ? 2 * dModel : 0);
  checkBytes(fn, `the weights of ${nLayers} layer(s) with dModel = ${dModel}, dFF = ${dFF}`, paramFloats * F32 * 3);
  const problem = M.validateEncoder(dModel, nHeads, dFF, nLayers, !!normFirst, ACTIVATIONS[activation], eps, !!finalNorm);
  if (problem) throw new RangeError(`${fn}: ${problem}`);
  return { dModel, nHeads, dFF, nLayers, normFirst: !!normFirst, activation, eps, finalNorm: !!finalNorm, seed, paramFloats };
}

// Frozen [{ name, shape, numel }] in torch state_dict order, from the C++ parameter list.
function parameterSpecs(M, c) {
  const specs = M.parameterSpecs(c.dModel, c.nHeads, c.dFF, c.nLayers, c.normFirst, ACTIVATIONS[c.activation], c.eps, c.finalNorm);
  return Object.freeze(specs.map(({ name, shape, numel }) => Object.freeze({ name, shape: Object.freeze(shape), numel })));
}

/**
 * A torch.nn.TransformerEncoder-compatible encoder whose weights live in wasm memory.
 * Create it with nw.createEncoder(); free it with dispose().
 */
class Encoder {
  constructor(M, config, { reserveShared }) {
    const fn = 'createEncoder';
    const { dModel, nHeads, dFF, nLayers, normFirst, activation, eps, finalNorm, seed, paramFloats } = checkEncoderConfig(M, fn, config);

    // Weights and their packed copies, allocated by the C++ constructor.
    reserveShared(fn, `the weights of ${nLayers} layer(s) with dModel = ${dModel}, dFF = ${dFF}`, 0, paramFloats * F32 * 2 + 65536);
    this._M = M;
    this._reserveShared = reserveShared;
    this._work = 0;       // bytes of C++ forward buffers known to fit (they grow, never shrink)
    this._handle = new M.Encoder(dModel, nHeads, dFF, nLayers, normFirst, ACTIVATIONS[activation], eps, finalNorm, seed >>> 0);
    /** The configuration, with defaults filled in. */
    this.config = Object.freeze({ dModel, nHeads, dFF, nLayers, normFirst, activation, eps, finalNorm });
    /** Parameter names and shapes, in torch state_dict order. */
    this.parameters = parameterSpecs(M, this.config);
    this._numel = this.parameters.reduce((s, p) => s + p.numel, 0);
    this._buf = 0;        // resident forward buffers, grow-only
    this._bufBytes = 0;
    this._token = {};
    this._held = { M, handle: this._handle, buffers: [] };
    finalizer?.register(this, this._held, this._token);
  }

  _alive(fn) {
    if (!this._handle) throw new Error(`${fn}: this encoder has been disposed`);
  }

  /** Number of learnable parameters. */
  get parameterCount() { return this._numel; }

  /**
   * Loads weights by torch state_dict name: { 'layers.0.self_attn.in_proj_weight': Float32Array, ... }.
   * Values may be Float32Arrays, arrays, or { data, shape } objects. All or nothing.
   */
  loadStateDict(stateDict, { strict = true } = {}) {
    const fn = 'loadStateDict';
    this._alive(fn);
    if (typeof stateDict !== 'object' || stateDict === null) throw new TypeError(`${fn}: stateDict must be an object, got ${describe(stateDict)}`);
    const staged = [];
    for (const spec of this.parameters) {
      if (!(spec.name in stateDict)) throw new RangeError(`${fn}: missing key "${spec.name}" (expected shape [${spec.shape.join(', ')}])`);
      let v = stateDict[spec.name];
      if (v && typeof v === 'object' && !ArrayBuffer.isView(v) && !Array.isArray(v) && 'data' in v) {
        if (v.shape && (v.shape.length !== spec.shape.length || v.shape.some((s, i) => s !== spec.shape[i]))) {
          throw new RangeError(`${fn}: "${spec.name}" has shape [${v.shape.join(', ')}], expected [${spec.shape.join(', ')}]`);
        }
        v = v.data;
      }
      const arr = checkFloats(fn, `"${spec.name}"`, v);
      checkLength(fn, `"${spec.name}"`, arr, spec.numel, `shape [${spec.shape.join(', ')}]`);
      staged.push(arr);
    }
    if (strict) {
      const known = new Set(this.parameters.map((p) => p.name));
      for (const key of Object.keys(stateDict)) {
        if (!known.has(key)) throw new RangeError(`${fn}: unexpected key "${key}" (pass { strict: false } to ignore it)`);
      }
    }
    const M = this._M;
    const base = this._reserveShared(fn, `${this._numel} parameters`, this._numel * F32);
    let off = base / F32;
    for (const arr of staged) { M.HEAPF32.set(arr, off); off += arr.length; }
    this._handle.setParameters(base);
  }

  /** Loads weights from .safetensors bytes (F32, F16 or BF16) with the same names. All or nothing. */
  loadSafetensors(bytes, { prefix = '', strict = true } = {}) {
    const fn = 'loadSafetensors';
    this._alive(fn);
    const b = checkByteArray(fn, bytes);
    const M = this._M;
    // The loader stages a float copy of every parameter before it commits (all or nothing).
    const a = this._reserveShared(fn, `a ${b.length}-byte file`, Math.max(b.length, 1), this._numel * F32 + headerWork(b));
    M.HEAPU8.set(b, a);
    const error = this._handle.loadSafetensors(a, b.length, String(prefix), !!strict);
    if (error) throw new RangeError(`${fn}: ${error}`);
  }

  /** A copy of every parameter by torch name. */
  stateDict() {
    const fn = 'stateDict';
    this._alive(fn);
    const base = this._reserveShared(fn, `${this._numel} parameters`, this._numel * F32);
    this._handle.getParameters(base);
    const out = {};
    let off = base / F32;
    for (const p of this.parameters) { out[p.name] = this._M.HEAPF32.slice(off, off + p.numel); off += p.numel; }
    return out;
  }

  /** Re-draws the weights with PyTorch's default initialisation from a seed. */
  randomize(seed = 0) {
    this._alive('randomize');
    this._handle.randomize(seed >>> 0);
  }

  /**
   * Runs the encoder. x: Float32Array(batch*seqLen*dModel) or a Tensor (read in place).
   * paddingMask: Uint8Array(batch*seqLen), 1 = <PAD> key. Returns { output, attention } with one
   * Float32Array(batch*nHeads*seqLen*seqLen) per layer (attention: [] when { attention: false });
   * with { out: Tensor } the output is written there (may be x itself) and returned as output.
   */
  forward(x0, { batch = 1, seqLen, paddingMask, attention = true, out } = {}) {
    const fn = 'forward';
    this._alive(fn);
    const M = this._M;
    const { dModel, nHeads, nLayers } = this.config;
    const resident = x0 instanceof Tensor;
    if (resident) checkTensor(M, fn, 'x', x0);
    const x = resident ? x0 : checkFloats(fn, 'x', x0);
    checkCount(fn, 'batch', batch);
    if (seqLen === undefined) {
      if (x.length === 0 || x.length % (batch * dModel) !== 0) {
        throw new RangeError(`${fn}: x has length ${x.length}, not a positive multiple of batch x dModel = ${batch} x ${dModel}`);
      }
      seqLen = x.length / (batch * dModel);
    }
    checkCount(fn, 'seqLen', seqLen);
    const shape = `batch x seqLen x dModel = ${batch} x ${seqLen} x ${dModel}`;
    checkLength(fn, 'x', x, batch * seqLen * dModel, shape);
    const o = out === undefined || out === null ? null : (checkTensor(M, fn, 'out', out, batch * seqLen * dModel, shape), out);
    let mask = null;
    if (paddingMask !== undefined && paddingMask !== null) {
      if (!(paddingMask instanceof Uint8Array)) throw new TypeError(`${fn}: paddingMask must be a Uint8Array, got ${describe(paddingMask)}`);
      checkLength(fn, 'paddingMask', paddingMask, batch * seqLen, `batch x seqLen = ${batch} x ${seqLen}`);
      mask = paddingMask;
    }
    const rows = batch * seqLen;
    const attnPerLayer = batch * nHeads * seqLen * seqLen;
    // Regions of the grow-only buffer: x/output (unless both are tensors), attention maps, mask.
    const sizes = [resident && o ? 0 : rows * dModel, attention ? nLayers * attnPerLayer : 0, mask ? Math.ceil(rows / F32) : 0];
    const work = rows * (7 * dModel + this.config.dFF) + seqLen * seqLen;
    checkBytes(fn, `batch x seqLen = ${batch} x ${seqLen}`, (sizes.reduce((s, n) => s + n, 0) + work) * F32);
    const aligned = sizes.map((n) => Math.ceil((n * F32) / 16) * 16);
    const bytes = aligned.reduce((s, n) => s + n, 0);
    // Encoder::forward's own buffers (grow-only) and attention's per-call copies of Q/K/V heads.
    const workBytes = (work + 4 * seqLen * (dModel + 16)) * F32;
    if (bytes > this._bufBytes || workBytes > this._work) {
      this._reserveShared(fn, `batch x seqLen = ${batch} x ${seqLen}`, 0,
        (bytes > this._bufBytes ? bytes : 0) + (workBytes > this._work ? workBytes : 0));
    }
    if (bytes > this._bufBytes) {
      const p = M.alloc(bytes);
      if (!p) throw new RangeError(`${fn}: could not allocate ${(bytes / 2 ** 20).toFixed(1)} MiB for batch x seqLen = ${batch} x ${seqLen}`);
      if (this._buf) M.dealloc(this._buf);
      this._buf = p;
      this._bufBytes = bytes;
      this._held.buffers = [p];
    }
    const ioAddr = this._buf;
    const attnAddr = attention ? ioAddr + aligned[0] : 0;
    const maskAddr = mask ? ioAddr + aligned[0] + aligned[1] : 0;
    if (!resident) M.HEAPF32.set(x, ioAddr / F32);
    if (mask) M.HEAPU8.set(mask, maskAddr);
    this._handle.forward(o ? o._addr : ioAddr, attnAddr, resident ? x._addr : ioAddr, maskAddr, batch, seqLen);
    this._work = Math.max(this._work, workBytes);
    const output = o ?? M.HEAPF32.slice(ioAddr / F32, ioAddr / F32 + rows * dModel);
    const maps = [];
    for (let l = 0; attention && l < nLayers; l++) {
      const start = attnAddr / F32 + l * attnPerLayer;
      maps.push(M.HEAPF32.slice(start, start + attnPerLayer));
    }
    return { output, attention: maps };
  }

  /** Frees the weights and buffers in wasm memory. Safe to call twice. */
  dispose() {
    if (!this._handle) return;
    finalizer?.unregister(this._token);
    if (this._buf) this._M.dealloc(this._buf);
    this._handle.delete();
    this._handle = null;
    this._buf = 0;
  }
}

// A minimal module using one v128 instruction: validates only where WebAssembly SIMD exists.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export function hasWasmSimd() {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

/**
 * Makes the public loadNormwave(options) for one build of the Embind module. The first call
 * compiles and instantiates the module; every later call (whatever its options) gets the same
 * instance, so a page holds one copy of the library. A failed or aborted load is forgotten, so
 * the next call tries again.
 * @param {(opts: object) => Promise<any>} factory the Emscripten module factory
 * @param {(options: object) => Promise<WebAssembly.Module>} compile how this entry gets the
 *   compiled module, given the caller's options as read by readLoadOptions (load-wasm.js)
 */
export function createLoader(factory, compile) {
  let loading = null;
  return function loadNormwave(options) {
    const opts = readLoadOptions(options);
    if (!loading) {
      loading = (async () => {
        if (!hasWasmSimd()) {
          throw new Error('normwave needs WebAssembly SIMD (Chrome/Edge 91+, Firefox 89+, Safari 16.4+, Node 16.4+); this runtime does not support it');
        }
        opts.signal?.throwIfAborted?.();
        const module = await compile(opts);
        // The glue instantiates through this hook, so it never fetches anything itself.
        let failed;
        const failure = new Promise((_, reject) => { failed = reject; });
        const instantiateWasm = (imports, receive) => {
          WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), failed);
          return {};
        };
        const M = await Promise.race([factory({ instantiateWasm }), failure]);
        return Object.freeze(createApi(M, { simd: true }));
      })();
      loading.catch(() => { loading = null; });
    }
    return opts.signal ? untilAborted(loading, opts.signal) : loading;
  };
}

// The load as seen by one caller: rejects with the signal's reason once it aborts (the load
// itself goes on for other callers unless this caller started it).
function untilAborted(promise, signal) {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
