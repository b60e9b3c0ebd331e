// Soak: a long seeded mix of every library entry point — kernels, encoders created, loaded, run
// and disposed, resident tensors, and the error paths (bad arguments, malformed .safetensors,
// oversized requests) — then checks that wasm memory did not grow after the warm-up.
//   node --expose-gc scripts/soak.mjs [calls]   (npm run soak: 100,000; tests/js/soak.test.mjs: 10,000)
// The warm-up first runs every kind of call at its largest size, so grow-only buffers (the
// scratch block, encoder buffers, the packed weights of linear) reach their final size there;
// after it, heapUsed (bytes malloc holds) and memoryBytes (the memory's size) must stay equal.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadNormwave } from 'normwave';

const golden = (name) => new Uint8Array(readFileSync(new URL(`../tests/golden/${name}.safetensors`, import.meta.url)));

// Largest sizes the mix draws; the warm-up runs each kind at these.
const MAX = { rows: 16, dim: 64, seq: 12, batch: 3 };

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * Runs `calls` mixed calls after a warm-up of `warmup` calls; returns the memory figures.
 * @param {Awaited<ReturnType<typeof loadNormwave>>} nw
 */
export function soak(nw, { calls = 100000, warmup = 2000, seed = 1 } = {}) {
  const rand = mulberry32(seed);
  const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
  const floats = (n, scale = 1) => Float32Array.from({ length: n }, () => (rand() * 2 - 1) * scale);
  const goldenFiles = {
    a: golden('encoder_a_postln_relu_1l'), // d16 h4 ff32, 1 layer, post-LN, relu
    c: golden('encoder_c_postln_gelu_2l_norm'),
    ln: golden('layernorm_5x37'),
  };
  const garbage = Uint8Array.from({ length: 300 }, (_, i) => (i * 37 + 11) & 255);
  const pool = []; // live encoders
  const counts = {};
  let errors = 0;
  const expectError = (f) => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof RangeError || e instanceof TypeError || e.message?.includes('disposed'))) throw e;
      errors++;
      return;
    }
    throw new Error('soak: a bad call did not throw');
  };
  const hasTensor = typeof nw.tensor === 'function';

  const newEncoder = (big) => {
    const heads = big ? 4 : int(1, 4);
    const config = big
      ? { dModel: 16, nHeads: 4, dFF: 32, nLayers: 2, finalNorm: true, activation: 'gelu' }
      : {
          dModel: heads * int(1, 4),
          nHeads: heads,
          dFF: int(1, 32),
          nLayers: int(1, 2),
          normFirst: rand() < 0.5,
          finalNorm: rand() < 0.5,
          activation: rand() < 0.5 ? 'gelu' : 'relu',
          seed: int(0, 1000),
        };
    return nw.createEncoder(config);
  };

  // Each op takes `big`: true runs it at its largest size (the warm-up).
  const ops = {
    positionalEncoding: (big) =>
      nw.positionalEncoding(big ? MAX.rows * 16 : int(1, 64), big ? MAX.dim : int(1, MAX.dim), {
        base: big ? 10000 : 10 ** (rand() * 5),
      }),
    norms: (big) => {
      const rows = big ? MAX.rows : int(1, MAX.rows),
        dim = big ? MAX.dim : int(1, MAX.dim);
      const x = floats(rows * dim, 10 ** int(-3, 3)),
        gamma = rand() < 0.5 ? floats(dim) : undefined,
        beta = rand() < 0.5 ? floats(dim) : undefined;
      const which = big
        ? ['layerNormWithStats', 'batchNormWithStats', 'rmsNormWithStats']
        : [
            [
              'layerNorm',
              'rmsNorm',
              'batchNorm',
              'layerNormWithStats',
              'rmsNormWithStats',
              'batchNormWithStats',
              'layerNormStats',
            ][int(0, 6)],
          ];
      for (const name of which) {
        if (name === 'layerNormStats') nw.layerNormStats(x, dim);
        else nw[name](x, dim, { gamma, beta: name.startsWith('rms') ? undefined : beta });
      }
    },
    linear: (big) => {
      const m = big ? MAX.rows : int(1, MAX.rows),
        k = big ? MAX.dim : int(1, MAX.dim),
        n = big ? MAX.dim : int(1, MAX.dim);
      const y = nw.linear(floats(m * k), floats(n * k), rand() < 0.5 ? floats(n) : null, { inFeatures: k });
      nw.activation(y, rand() < 0.5 ? 'gelu' : 'relu');
    },
    softmax: (big) => {
      const rows = big ? MAX.rows : int(1, MAX.rows),
        n = big ? MAX.dim : int(1, MAX.dim);
      const mask = rand() < 0.5 ? Uint8Array.from({ length: n }, () => (rand() < 0.3 ? 1 : 0)) : undefined;
      nw.softmax(floats(rows * n, 10), n, { mask });
    },
    inspect: (big) => {
      const file = big || rand() < 0.5 ? goldenFiles.c : goldenFiles.ln;
      if (typeof nw.readSafetensors === 'function' && (big || rand() < 0.5)) nw.readSafetensors(file);
      else nw.inspectSafetensors(file);
    },
    encoderCreateDispose: (big) => {
      if (pool.length >= 3 || (pool.length && rand() < 0.4)) pool.splice(int(0, pool.length - 1), 1)[0].dispose();
      else pool.push(newEncoder(big));
    },
    encoderForward: (big) => {
      if (!pool.length) pool.push(newEncoder(big));
      const enc = pool[int(0, pool.length - 1)];
      const batch = big ? MAX.batch : int(1, MAX.batch),
        seqLen = big ? MAX.seq : int(1, MAX.seq);
      const paddingMask =
        rand() < 0.5 ? Uint8Array.from({ length: batch * seqLen }, () => (rand() < 0.3 ? 1 : 0)) : undefined;
      enc.forward(floats(batch * seqLen * enc.config.dModel), {
        batch,
        seqLen,
        paddingMask,
        attention: big || rand() < 0.7,
      });
    },
    encoderWeights: (big) => {
      if (!pool.length) pool.push(newEncoder(big));
      const enc = pool[int(0, pool.length - 1)];
      const r = int(0, 3);
      if (r === 0 || big) enc.loadStateDict(enc.stateDict());
      if (r === 1 || big) enc.randomize(int(0, 100));
      if (r === 2 || big) {
        const { dModel, nHeads, dFF, nLayers, finalNorm } = enc.config;
        const fits = dModel === 16 && nHeads === 4 && dFF === 32 && (nLayers === 1 ? !finalNorm : finalNorm);
        if (fits) enc.loadSafetensors(nLayers === 1 ? goldenFiles.a : goldenFiles.c, { strict: false });
        else expectError(() => enc.loadSafetensors(goldenFiles.a, { strict: false }));
      }
      if (r === 3) expectError(() => enc.loadSafetensors(garbage));
    },
    tensors: (big) => {
      if (!hasTensor) return;
      const rows = big ? MAX.rows : int(1, MAX.rows),
        dim = big ? MAX.dim : int(1, MAX.dim);
      const x = nw.tensor(floats(rows * dim));
      const out = nw.tensor(rows * dim);
      nw.layerNorm(x, dim, { out });
      out.read();
      x.dispose();
      out.dispose();
    },
    errors: () => {
      switch (int(0, 9)) {
        case 0:
          expectError(() => nw.layerNorm(floats(10), 3));
          break;
        case 1:
          expectError(() => nw.positionalEncoding(0, 8));
          break;
        case 2:
          expectError(() => nw.softmax(floats(8), 4, { mask: [1, 0, 0, 0] }));
          break;
        case 3:
          expectError(() => nw.createEncoder({ dModel: 9, nHeads: 2, dFF: 4 }));
          break;
        case 4:
          expectError(() => nw.inspectSafetensors(garbage));
          break;
        case 5:
          expectError(() => nw.linear(floats(6), floats(5), null, { inFeatures: 3 }));
          break;
        case 6:
          expectError(() => nw.positionalEncoding(2 ** 20, 2 ** 12));
          break; // past 2 GiB
        case 7:
          expectError(() => nw.createEncoder({ dModel: 32768, nHeads: 1, dFF: 32768 }));
          break;
        case 8: {
          const enc = newEncoder(false);
          enc.dispose();
          expectError(() => enc.forward(floats(enc.config.dModel)));
          break;
        }
        default:
          if (pool.length) expectError(() => pool[0].forward(floats(pool[0].config.dModel + 1), { seqLen: 1 }));
          else expectError(() => nw.activation(floats(4), 'tanh'));
      }
    },
  };
  const names = Object.keys(ops);
  const run = (name, big) => {
    ops[name](big);
    counts[name] = (counts[name] ?? 0) + 1;
  };
  const drain = () => {
    while (pool.length) pool.pop().dispose();
  };

  for (const name of names) run(name, true);
  for (let i = names.length; i < warmup; i++) run(names[int(0, names.length - 1)], false);
  drain();
  globalThis.gc?.(); // with node --expose-gc the JS heap figures are after a full collection
  const before = nw.memoryStats();
  const jsBefore = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) run(names[int(0, names.length - 1)], false);
  drain();
  const seconds = (performance.now() - t0) / 1000;
  globalThis.gc?.();
  const after = nw.memoryStats();
  return {
    calls,
    warmup,
    seconds,
    errors,
    counts,
    before,
    after,
    jsHeapBefore: jsBefore,
    jsHeapAfter: process.memoryUsage().heapUsed,
  };
}

export function describeSoak(r) {
  const mib = (b) => `${(b / 2 ** 20).toFixed(2)} MiB`;
  return [
    `soak: ${r.calls} calls after a ${r.warmup}-call warm-up in ${r.seconds.toFixed(1)} s (${Math.round(r.calls / r.seconds)} calls/s), ${r.errors} refused as intended`,
    `  calls: ${Object.entries(r.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    `  wasm heapUsed:   ${r.before.heapUsed} -> ${r.after.heapUsed} bytes (${r.after.heapUsed - r.before.heapUsed >= 0 ? '+' : ''}${r.after.heapUsed - r.before.heapUsed})`,
    `  wasm memory:     ${mib(r.before.memoryBytes)} -> ${mib(r.after.memoryBytes)}`,
    `  JS heap (info):  ${mib(r.jsHeapBefore)} -> ${mib(r.jsHeapAfter)}${globalThis.gc ? ' (after gc)' : ' (run with --expose-gc to collect first)'}`,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const calls = Number(process.argv[2] ?? 100000);
  const nw = await loadNormwave();
  const r = soak(nw, { calls, warmup: Math.max(2000, calls / 20) });
  console.log(describeSoak(r));
  const grew = r.after.heapUsed !== r.before.heapUsed || r.after.memoryBytes !== r.before.memoryBytes;
  console.log(
    grew ? 'soak: FAILED — wasm memory grew after the warm-up' : 'soak: ok — no wasm memory growth after the warm-up',
  );
  process.exitCode = grew ? 1 : 0;
}
