// The benchmark cases and their contenders, shared by run.mjs (timing) and the twin test
// tests/js/bench-peers.test.mjs (correctness only, on small shapes).
//
// A contender is { name, setup() -> { run(), output(), dispose?() } }: setup does everything
// that is not part of one call (loading models, placing resident tensors); run() is one call
// (sync, or a promise for onnxruntime-web); output() returns the result of the last run() as a
// Float32Array (or a promise of one), for the check against ours before timing.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { randn, normParams } from './inputs.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const ONNX_DIR = `${ROOT}build/bench/onnx/`;
const PYTHON = '/usr/bin/python3';
const ENCODER = { dModel: 512, nHeads: 8, dFF: 2048, nLayers: 1, normFirst: false, activation: 'gelu', eps: 1e-5 };

// ---------------------------------------------------------------- peers, loaded when present

/** normwave from dist/ (run `npm run build` first). */
export async function loadOurs({ training = false } = {}) {
  const { loadNormwave } = await import('normwave');
  return loadNormwave({ training });
}

// Iterations of the module's multiply-add loop (cpp/bindings/raw.cpp: 12 independent f32x4
// a = a·m + c chains, 96 FLOP an iteration) that run about `ms` milliseconds here.
function peakIterations(peak, ms) {
  peak(1000);
  let iters = 1e4;
  for (;;) {
    const t0 = performance.now();
    peak(iters);
    const took = performance.now() - t0;
    if (took > 2) return Math.max(1, Math.round((iters * ms) / took));
    iters *= 4;
  }
}

// The SIMD128 multiply-add peak of this machine, measured in the same run as what is compared to
// it: the best of `rounds` batches of ~20 ms (the best, not the median: a peak is what the core
// can do when it is not interrupted).
export function muladdPeak(M, rounds) {
  const peak = M._nw_bench_muladd_peak;
  const iters = peakIterations(peak, 20);
  const gflops = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    peak(iters);
    gflops.push((96 * iters) / ((performance.now() - t0) * 1e-3) / 1e9);
  }
  gflops.sort((a, b) => a - b);
  return { best: gflops[gflops.length - 1], median: gflops[Math.floor(gflops.length / 2)] };
}

/**
 * The multiply-add peak as a bench handle, for timing beside a GEMM in the same rounds (run.mjs
 * pairs each timed batch of ours with a batch of this one just before it): one call runs about
 * 1 ms; work: its FLOPs.
 */
export function peakHandle(M) {
  const peak = M._nw_bench_muladd_peak;
  const iters = peakIterations(peak, 1);
  return { sync: true, run: () => peak(iters), work: 96 * iters };
}

const gflops = (work, ms) => work / (ms * 1e-3) / 1e9;

/**
 * Per round, a GEMM's share of the peak timed just before it: work and peakWork in FLOPs,
 * samples and peakSamples in ms per call, round by round (in the order they ran).
 */
export function pairedRounds(work, samples, peakWork, peakSamples) {
  return samples.map((ms, i) => {
    const p = gflops(peakWork, peakSamples[i]);
    return { share: gflops(work, ms) / p, peakGflops: p };
  });
}

/** The shares of the rounds whose peak ran within 10 % of bestPeak (GFLOP/s), sorted. */
export function fullSpeedShares(rounds, bestPeak) {
  return rounds
    .filter((x) => x.peakGflops >= 0.9 * bestPeak)
    .map((x) => x.share)
    .sort((a, b) => a - b);
}

/**
 * A peer's time over ours, round by round, sorted: oursMs and peerMs in ms per call, in the order
 * the rounds ran (run.mjs times every contender of a case once per round, interleaved). A shared
 * machine's slow phases last longer than a round, so two contenders of one round ran under the
 * same conditions, where the medians of two whole runs need not have.
 */
export function roundSpeedups(oursMs, peerMs) {
  const n = Math.min(oursMs.length, peerMs.length);
  const ratios = [];
  for (let i = 0; i < n; i++) ratios.push(peerMs[i] / oursMs[i]);
  return ratios.sort((a, b) => a - b);
}

/**
 * The bench's own build of the forward module (build/wasm/normwave_bench), for what the public
 * API does not expose: the multiply-add peak loop and the packed GEMM of cpp/bindings/bench.cpp.
 */
export async function loadModule() {
  const { readFileSync } = await import('node:fs');
  const factory = (await import(`${ROOT}build/wasm/normwave_bench.mjs`)).default;
  return factory({ wasmBinary: readFileSync(`${ROOT}build/wasm/normwave_bench.wasm`) });
}

/** tfjs-core with its wasm backend, one thread; null + reason when not installed. */
export async function loadTf() {
  try {
    const tf = await import('@tensorflow/tfjs-core');
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    // Single-threaded like every figure here: the backend's own switch, before it initialises.
    wasm.setThreadsCount(1);
    await tf.setBackend('wasm');
    await tf.ready();
    return { tf, threads: wasm.getThreadsCount(), version: tf.version_core };
  } catch (e) {
    return { missing: `@tensorflow/tfjs-backend-wasm not usable (${e.message.split('\n')[0]}); run npm ci` };
  }
}

/** onnxruntime-web (wasm execution provider, numThreads = 1); null + reason when not installed. */
export async function loadOrt() {
  try {
    const ort = (await import('onnxruntime-web')).default ?? (await import('onnxruntime-web'));
    ort.env.wasm.numThreads = 1;
    ort.env.logLevel = 'error';
    return { ort, version: ort.env.versions?.web ?? ort.env.versions?.common };
  } catch (e) {
    return { missing: `onnxruntime-web not usable (${e.message.split('\n')[0]}); run npm ci` };
  }
}

/**
 * Makes the ONNX models that are missing (scripts/bench/make_onnx.py with Debian's python3).
 * Returns null when they exist, or a message saying what is missing.
 */
export function ensureOnnx(names, { only } = {}) {
  if (names.every((n) => existsSync(ONNX_DIR + n))) return null;
  const probe = (mod) => {
    try {
      execFileSync(PYTHON, ['-c', `import ${mod}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (!existsSync(PYTHON) || !probe('onnx'))
    return 'python3-onnx is missing (apt-get install python3-onnx): onnxruntime-web skipped';
  if (only !== 'norms' && !probe('torch'))
    return 'python3-torch is missing (apt-get install python3-torch): the encoder models cannot be exported, onnxruntime-web skipped for them';
  execFileSync(PYTHON, [`${ROOT}scripts/bench/make_onnx.py`, '--out', ONNX_DIR, ...(only ? ['--only', only] : [])], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return names.every((n) => existsSync(ONNX_DIR + n)) ? null : `make_onnx.py did not write ${names.join(', ')}`;
}

// ---------------------------------------------------------------- naive JavaScript

// Two passes with float64 accumulators (JS numbers), the way one writes it by hand.
export function naiveLayerNorm(x, dim, gamma, beta, eps) {
  const out = new Float32Array(x.length);
  for (let r = 0; r < x.length; r += dim) {
    let s = 0;
    for (let i = 0; i < dim; i++) s += x[r + i];
    const m = s / dim;
    let v = 0;
    for (let i = 0; i < dim; i++) v += (x[r + i] - m) * (x[r + i] - m);
    const rstd = 1 / Math.sqrt(v / dim + eps);
    for (let i = 0; i < dim; i++) out[r + i] = (x[r + i] - m) * rstd * gamma[i] + beta[i];
  }
  return out;
}

function naiveRmsNorm(x, dim, gamma, eps) {
  const out = new Float32Array(x.length);
  for (let r = 0; r < x.length; r += dim) {
    let s = 0;
    for (let i = 0; i < dim; i++) s += x[r + i] * x[r + i];
    const inv = 1 / Math.sqrt(s / dim + eps);
    for (let i = 0; i < dim; i++) out[r + i] = x[r + i] * inv * gamma[i];
  }
  return out;
}

// Math.sin/Math.cos per element; the frequencies once per column, as the PyTorch tutorial does.
export function naivePositionalEncoding(seqLen, dModel, base = 10000) {
  const out = new Float32Array(seqLen * dModel);
  const freq = new Float64Array(dModel);
  for (let d = 0; d < dModel; d++) freq[d] = 1 / base ** ((2 * Math.floor(d / 2)) / dModel);
  for (let p = 0; p < seqLen; p++) {
    for (let d = 0; d < dModel; d += 2) out[p * dModel + d] = Math.sin(p * freq[d]);
    for (let d = 1; d < dModel; d += 2) out[p * dModel + d] = Math.cos(p * freq[d]);
  }
  return out;
}

/** Max |out - PE| against float64 sin/cos (not rounded to float32). */
export function peError(out, seqLen, dModel, base = 10000) {
  let worst = 0;
  for (let d = 0; d < dModel; d++) {
    const w = 1 / base ** ((2 * Math.floor(d / 2)) / dModel);
    for (let p = 0; p < seqLen; p++) {
      const want = d % 2 ? Math.cos(p * w) : Math.sin(p * w);
      const e = Math.abs(out[p * dModel + d] - want);
      if (!(e <= worst)) worst = e;
    }
  }
  return worst;
}

// ---------------------------------------------------------------- cases

// A synchronous contender: run.mjs times it in a plain loop (no await per call, which alone costs
// about as much as a 1x8 LayerNorm).
const sync = (fn) => {
  let last;
  return {
    sync: true,
    run: () => {
      last = fn();
    },
    output: () => last,
  };
};

function tfNorm(tf, kind, x, rows, dim, gamma, beta, eps) {
  const g = tf.tensor1d(gamma),
    b = tf.tensor1d(beta);
  // The fastest spelling found for the wasm backend: moments (one fused mean per row) then
  // broadcast arithmetic; tf.batchNorm's wasm kernel broadcasts only along the last axis, so
  // it cannot take per-row statistics.
  const compute =
    kind === 'layer'
      ? (t) => {
          const { mean, variance } = tf.moments(t, -1, true);
          return tf.add(tf.mul(tf.mul(tf.sub(t, mean), tf.rsqrt(tf.add(variance, eps))), g), b);
        }
      : (t) => tf.mul(tf.mul(t, tf.rsqrt(tf.add(tf.mean(tf.square(t), -1, true), eps))), g);
  let last;
  return {
    run: () => {
      last = tf.tidy(() => compute(tf.tensor2d(x, [rows, dim]))).dataSync();
    },
    output: () => last,
    dispose: () => {
      g.dispose();
      b.dispose();
    },
  };
}

async function ortSession(ort, file) {
  return ort.InferenceSession.create(ONNX_DIR + file, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
}

function ortRunner(ort, session, x, dims) {
  let last;
  return {
    run: async () => {
      const r = await session.run({ x: new ort.Tensor('float32', x, dims) });
      last = r.y.data;
    },
    output: () => last,
    dispose: () => session.release(),
  };
}

/**
 * Every case: { op, shape, unit ('GB/s' | 'GFLOP/s'), work (bytes moved or FLOPs per call),
 * tolerance, contenders[], notes[] }. Ours come first: through the API (a new array per call),
 * through the API into a caller's array ({ out: Float32Array }), and on resident tensors
 * ("kernel": data already in wasm memory); the rest are peers.
 */
/** y = x·Wᵀ + b on W packed once, in M's memory (the encoder's GEMM): a runCase handle. */
function packedLinear(M, x, w, b, m, n, k) {
  const floats = [x.length, w.length, M._nw_bench_packed_size(n, k), b.length, m * n];
  const addrs = floats.map((len) => M.alloc(Math.max(4, len * 4)));
  const [xa, wa, pa, ba, ya] = addrs;
  M.HEAPF32.set(x, xa / 4);
  M.HEAPF32.set(w, wa / 4);
  M.HEAPF32.set(b, ba / 4);
  M._nw_bench_pack_weight(pa, wa, n, k);
  return {
    run: () => M._nw_bench_linear_packed(ya, xa, pa, ba, m, n, k),
    output: () => M.HEAPF32.slice(ya / 4, ya / 4 + m * n),
    dispose: () => addrs.forEach((a) => M.dealloc(a)),
  };
}

export function buildCases({ nw, M = null, tf, ort, sizes, skip = {} }) {
  const cases = [];
  // Small LayerNorms: the cost of a call, not of the kernel. op 'LayerNorm small'
  // has its own table in run.mjs (ours, ours into out, naive JS and their ratios, the peers).
  // They run first, as in a process of their own: a small call's cost depends on what V8 has
  // seen before: after the large norms' calls (their tensors, six option shapes, their garbage)
  // a 1x8 call takes longer, ours and naive JS's alike (docs/benchmarks.md). call-cost.mjs
  // prints a small call after a page's mix of calls too.
  for (const [rows, dim] of sizes.small ?? []) {
    const x = randn(rows * dim, rows + dim, 0.3, 1.5);
    const { gamma, beta } = normParams(dim);
    const params = { gamma, beta, eps: 1e-5 };
    const contenders = [
      { name: 'ours API', setup: () => sync(() => nw.layerNorm(x, dim, params)) },
      {
        name: 'ours API, out array',
        setup: () => {
          const opts = { ...params, out: new Float32Array(x.length) };
          return sync(() => nw.layerNorm(x, dim, opts));
        },
      },
      { name: 'naive JS', setup: () => sync(() => naiveLayerNorm(x, dim, gamma, beta, 1e-5)) },
    ];
    if (tf) contenders.push({ name: 'tfjs-wasm', setup: () => tfNorm(tf, 'layer', x, rows, dim, gamma, beta, 1e-5) });
    if (ort && !skip.ortNorms) {
      contenders.push({
        name: 'onnxruntime-web',
        setup: async () => ortRunner(ort, await ortSession(ort, `layernorm_d${dim}.onnx`), x, [rows, dim]),
      });
    }
    // Batches of ~1 ms and many rounds: on a shared machine a short batch is less often cut by
    // the scheduler, so the median is nearer what a call costs.
    cases.push({
      op: 'LayerNorm small',
      shape: `${rows}x${dim}`,
      unit: 'GB/s',
      work: 2 * 4 * rows * dim,
      tolerance: 1e-4,
      contenders,
      batchMs: 1,
      rounds: [30, 100],
    });
  }

  for (const kind of ['layer', 'rms']) {
    for (const [rows, dim] of sizes.norms) {
      const x = randn(rows * dim, rows + dim, 0.3, 1.5);
      const { gamma, beta } = normParams(dim);
      const eps = kind === 'layer' ? 1e-5 : 1e-6;
      const op = kind === 'layer' ? 'LayerNorm' : 'RMSNorm';
      const params = kind === 'layer' ? { gamma, beta, eps } : { gamma, eps };
      const contenders = [
        {
          name: 'ours API',
          setup: () => sync(() => (kind === 'layer' ? nw.layerNorm(x, dim, params) : nw.rmsNorm(x, dim, params))),
        },
        {
          name: 'ours API, out array',
          setup: () => {
            const opts = { ...params, out: new Float32Array(x.length) };
            return sync(() => (kind === 'layer' ? nw.layerNorm(x, dim, opts) : nw.rmsNorm(x, dim, opts)));
          },
        },
        {
          name: 'ours kernel',
          setup: () => {
            const xt = nw.tensor(x),
              yt = nw.tensor(x.length),
              gt = nw.tensor(gamma),
              bt = nw.tensor(beta);
            const opts = kind === 'layer' ? { gamma: gt, beta: bt, eps, out: yt } : { gamma: gt, eps, out: yt };
            return {
              run: kind === 'layer' ? () => nw.layerNorm(xt, dim, opts) : () => nw.rmsNorm(xt, dim, opts),
              output: () => yt.read(),
              dispose: () => {
                for (const t of [xt, yt, gt, bt]) t.dispose();
              },
            };
          },
        },
        {
          name: 'naive JS',
          setup: () =>
            sync(() =>
              kind === 'layer' ? naiveLayerNorm(x, dim, gamma, beta, eps) : naiveRmsNorm(x, dim, gamma, eps),
            ),
        },
      ];
      if (tf) contenders.push({ name: 'tfjs-wasm', setup: () => tfNorm(tf, kind, x, rows, dim, gamma, beta, eps) });
      if (ort && !skip.ortNorms) {
        const file = kind === 'layer' ? `layernorm_d${dim}.onnx` : `rmsnorm_d${dim}.onnx`;
        contenders.push({
          name: 'onnxruntime-web',
          setup: async () => ortRunner(ort, await ortSession(ort, file), x, [rows, dim]),
        });
      }
      cases.push({ op, shape: `${rows}x${dim}`, unit: 'GB/s', work: 2 * 4 * rows * dim, tolerance: 1e-4, contenders });
    }
  }

  // The encoder layer's four GEMMs on their own, y = x·Wᵀ + b:
  //   ours API: nw.linear, which copies x and W into wasm memory and packs W on every call;
  //   ours kernel: the product as the encoder runs it, W packed once (the module's
  //     nw_bench_linear_packed, on M, a second instance of the built module).
  // Their share of the multiply-add peak is printed beside the peak.
  for (const seq of sizes.gemm ?? []) {
    const { dModel: d, dFF: f } = ENCODER;
    for (const [name, n, k] of [
      ['QKV projection', 3 * d, d],
      ['attention output', d, d],
      ['FFN up', f, d],
      ['FFN down', d, f],
    ]) {
      const x = randn(seq * k, seq + k, 0, 1),
        w = randn(n * k, n + k, 0, 0.05),
        b = randn(n, n, 0, 0.1);
      const opts = { inFeatures: k };
      const contenders = [{ name: 'ours API', setup: () => sync(() => nw.linear(x, w, b, opts)) }];
      if (M) contenders.push({ name: 'ours kernel', setup: () => packedLinear(M, x, w, b, seq, n, k) });
      cases.push({
        op: 'GEMM',
        shape: `${name} ${seq}x${k}·${k}x${n}`,
        unit: 'GFLOP/s',
        work: 2 * seq * n * k,
        tolerance: 1e-3,
        pairPeak: true,
        contenders,
      });
    }
  }

  for (const [seqLen, dModel] of sizes.pe) {
    cases.push({
      op: 'PE table',
      shape: `${seqLen}x${dModel}`,
      unit: 'GB/s',
      work: 4 * seqLen * dModel,
      tolerance: 1e-6,
      errorVsFloat64: (out) => peError(out, seqLen, dModel),
      contenders: [
        { name: 'ours API', setup: () => sync(() => nw.positionalEncoding(seqLen, dModel)) },
        {
          name: 'ours API, out array',
          setup: () => {
            const opts = { out: new Float32Array(seqLen * dModel) };
            return sync(() => nw.positionalEncoding(seqLen, dModel, opts));
          },
        },
        {
          name: 'ours kernel',
          setup: () => {
            const out = nw.tensor(seqLen * dModel);
            return {
              run: () => nw.positionalEncoding(seqLen, dModel, { out }),
              output: () => out.read(),
              dispose: () => out.dispose(),
            };
          },
        },
        { name: 'naive JS', setup: () => sync(() => naivePositionalEncoding(seqLen, dModel)) },
      ],
    });
  }

  for (const seq of sizes.encoder) {
    const { dModel: d, dFF: f } = ENCODER;
    const x = randn(seq * d, seq, 0, 1);
    const flops = 2 * seq * d * 3 * d + 2 * 2 * seq * seq * d + 2 * seq * d * d + 2 * 2 * seq * d * f;
    const makeEncoder = () => {
      const enc = nw.createEncoder(ENCODER);
      const weights = sizes.encoderWeights?.();
      if (weights) enc.loadSafetensors(weights);
      return enc;
    };
    const contenders = [
      {
        name: 'ours API',
        setup: () => {
          const enc = makeEncoder();
          let last;
          return {
            run: () => {
              last = enc.forward(x, { seqLen: seq, attention: false }).output;
            },
            output: () => last,
            dispose: () => enc.dispose(),
          };
        },
      },
      {
        name: 'ours kernel',
        setup: () => {
          const enc = makeEncoder();
          const xt = nw.tensor(x),
            yt = nw.tensor(x.length);
          return {
            run: () => enc.forward(xt, { seqLen: seq, attention: false, out: yt }),
            output: () => yt.read(),
            dispose: () => {
              xt.dispose();
              yt.dispose();
              enc.dispose();
            },
          };
        },
      },
    ];
    if (ort && !skip.ortEncoder) {
      contenders.push({
        name: 'onnxruntime-web',
        setup: async () => ortRunner(ort, await ortSession(ort, `encoder_s${seq}.onnx`), x, [1, seq, d]),
      });
    }
    cases.push({
      op: 'Encoder layer',
      shape: `seq ${seq}`,
      unit: 'GFLOP/s',
      work: flops,
      tolerance: 2e-3,
      pairPeak: true,
      contenders,
      notes: ['d_model 512, 8 heads, d_ff 2048, GELU, Post-LN, batch 1'],
    });
  }
  return cases;
}

/** The ONNX files the cases need. */
export function onnxFiles(sizes) {
  const dims = [...new Set(sizes.norms.map(([, dim]) => dim))];
  for (const [, dim] of sizes.small ?? []) if (!dims.includes(dim)) dims.push(dim);
  return {
    norms: dims.flatMap((d) => [`layernorm_d${d}.onnx`, `rmsnorm_d${d}.onnx`]),
    encoder: [...sizes.encoder.map((s) => `encoder_s${s}.onnx`), 'encoder_weights.safetensors'],
  };
}
