// Where the time of a small LayerNorm call goes (issue #18 item 1): the same 1 x dim LayerNorm
// built up layer by layer, each layer timed in the same process, round-robin, so the differences
// between rows are what each layer adds.
//
//   node scripts/bench/call-cost.mjs [--dims 8,64] [--rounds 40]
//
// Rows: a wasm call that does nothing (the JS-to-wasm boundary), the kernel on fixed wasm
// addresses, plus the copies in and out, plus a fresh result array (the floor of any API that
// copies), the Embind binding of the same kernel on the same addresses, the public API with
// { out } and without, and the naive JS loop of the bench for scale. Needs build/wasm (npm run
// build).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadModule, loadOurs, naiveLayerNorm } from './cases.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const dims = arg('--dims', '8,64').split(',').map(Number);
const rounds = Number(arg('--rounds', 40));

const M = await loadModule();
const nw = await loadOurs();
const noop = M._nw_bench_muladd_peak; // 0 rounds of the peak loop: a call and a return
const kernel = M._nw_layer_norm;

let sink;
// ns per call of f, in batches of about 2 ms.
function perCall(f, calls) {
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) sink = f();
  return ((performance.now() - t0) * 1e6) / calls;
}

console.log(
  `# cost of a 1 x dim LayerNorm call, layer by layer (${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node})`,
);
for (const dim of dims) {
  const x = Float32Array.from({ length: dim }, (_, i) => Math.sin(i * 1.3) * 1.5 + 0.3);
  const gamma = Float32Array.from({ length: dim }, (_, i) => 1 + 0.01 * i);
  const beta = Float32Array.from({ length: dim }, (_, i) => 0.02 * i - 0.1);
  const out = new Float32Array(dim);
  const base = M.alloc(4 * 4 * dim); // x, gamma, beta, out
  const ax = base,
    ag = base + 4 * dim,
    ab = base + 8 * dim,
    ao = base + 12 * dim;
  const at = (a) => a >> 2;
  const heap = () => new Float32Array(M.HEAPF32.buffer); // nothing below grows the memory
  const h = heap();
  h.set(x, at(ax));
  h.set(gamma, at(ag));
  h.set(beta, at(ab));
  // The copies as the API makes them: a loop for a few floats, set() and slice() for more.
  const copyIn =
    dim <= 16
      ? () => {
          for (let i = 0; i < dim; i++) {
            h[at(ax) + i] = x[i];
            h[at(ag) + i] = gamma[i];
            h[at(ab) + i] = beta[i];
          }
        }
      : () => {
          h.set(x, at(ax));
          h.set(gamma, at(ag));
          h.set(beta, at(ab));
        };
  const copyOut =
    dim <= 16
      ? (dst) => {
          for (let i = 0; i < dim; i++) dst[i] = h[at(ao) + i];
          return dst;
        }
      : (dst) => {
          dst.set(h.subarray(at(ao), at(ao) + dim));
          return dst;
        };
  const fresh = dim <= 16 ? () => copyOut(new Float32Array(dim)) : () => h.slice(at(ao), at(ao) + dim);
  const params = { gamma, beta, eps: 1e-5 },
    paramsOut = { ...params, out };
  const rows = [
    ['empty wasm call', () => noop(0)],
    ['kernel on fixed addresses', () => kernel(ao, 0, 0, ax, ag, ab, 1, dim, 1e-5)],
    [
      '+ copies in and out',
      () => {
        copyIn();
        kernel(ao, 0, 0, ax, ag, ab, 1, dim, 1e-5);
        return copyOut(out);
      },
    ],
    [
      '+ a fresh result array',
      () => {
        copyIn();
        kernel(ao, 0, 0, ax, ag, ab, 1, dim, 1e-5);
        return fresh();
      },
    ],
    ['new Float32Array(dim) alone', () => new Float32Array(dim)],
    ['Embind binding, fixed addresses', () => M.layerNorm(ao, 0, 0, ax, ag, ab, 1, dim, 1e-5)],
    ['API, { out }', () => nw.layerNorm(x, dim, paramsOut)],
    ['API', () => nw.layerNorm(x, dim, params)],
    ['naive JS loop', () => naiveLayerNorm(x, dim, gamma, beta, 1e-5)],
  ];
  // The rows that return a result all compute the same LayerNorm.
  const want = naiveLayerNorm(x, dim, gamma, beta, 1e-5);
  for (const i of [2, 3, 6, 7]) {
    const got = rows[i][1]();
    const err = Math.max(...got.map((v, j) => Math.abs(v - want[j])));
    if (!(err <= 1e-5)) throw new Error(`call-cost: ${rows[i][0]} differs from the naive loop by ${err} at 1x${dim}`);
  }
  // Warm-up, and a batch size of ~2 ms per row.
  const calls = rows.map(([, f]) => {
    let n = 1000;
    for (;;) {
      const t0 = performance.now();
      for (let i = 0; i < n; i++) sink = f();
      if (performance.now() - t0 > 2) return n;
      n *= 2;
    }
  });
  const samples = rows.map(() => []);
  for (let r = 0; r < rounds; r++) rows.forEach(([, f], i) => samples[i].push(perCall(f, calls[i])));
  const median = (a) => a.sort((p, q) => p - q)[a.length >> 1];
  const ns = samples.map(median);
  const floor = ns[3];
  console.log(`\n1x${dim}: median of ${rounds} rounds, ns per call`);
  rows.forEach(([name], i) => {
    const note = i > 0 && i < 4 ? `  (+${(ns[i] - ns[i - 1]).toFixed(1)})` : '';
    console.log(`  ${name.padEnd(34)} ${ns[i].toFixed(1).padStart(8)}${note}`);
  });
  console.log(
    `  API over the copying floor: +${(ns[7] - floor).toFixed(1)} ns; naive JS / API ${(ns[8] / ns[7]).toFixed(2)}`,
  );
  M.dealloc(base);
}
