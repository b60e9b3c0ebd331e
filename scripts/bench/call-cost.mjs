// Where the time of a small LayerNorm call goes: the same 1 x dim LayerNorm
// built up layer by layer, each layer timed in the same process, round-robin, so the differences
// between rows are what each layer adds.
//
//   node scripts/bench/call-cost.mjs [--dims 8,64] [--rounds 40]
//
// Rows: a wasm call that does nothing (the JS-to-wasm boundary), the kernel on fixed wasm
// addresses, plus the copies in and out, plus a fresh result array (the floor of any API that
// copies), the Embind binding of the same kernel on the same addresses, the public API with
// { out } and without, and the naive JS loop of the bench for scale. Needs build/wasm (npm run
// build). A run with the default dims and rounds also writes its table into docs/benchmarks.md
// (scripts/bench/report.mjs).
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadModule, loadOurs, naiveLayerNorm } from './cases.mjs';
import { maxAbsDiff } from './inputs.mjs';
import { copyFew, copyFew3 } from '../../web/api/checks.js';
import { writeSection } from './report.mjs';
import { median } from './stats.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const dims = arg('--dims', '8,64').split(',').map(Number);
const rounds = Number(arg('--rounds', 40));

// Each dim in a process of its own: rows made for one dim would share their feedback (and so their
// optimized code) with the next dim's. Then each dim once more after a page's mix of calls
// (--mixed): what V8 has seen before a call changes what it costs. Each child prints its rows and
// leaves them in a JSON file (--json) for docs/benchmarks.md.
if (!args.includes('--child')) {
  console.log(
    `# cost of a 1 x dim LayerNorm call, layer by layer (${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.versions.node})`,
  );
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'normwave-call-cost-'));
  const runs = [];
  try {
    for (const mode of [[], ['--mixed']]) {
      for (const dim of dims) {
        const json = path.join(tmp, `${dim}${mode.length ? '-mixed' : ''}.json`);
        const child = [
          fileURLToPath(import.meta.url),
          '--dims',
          String(dim),
          '--rounds',
          String(rounds),
          '--child',
          '--json',
          json,
          ...mode,
        ];
        const r = spawnSync(process.execPath, child, { stdio: 'inherit' });
        if (r.status !== 0) process.exit(r.status ?? 1);
        runs.push(JSON.parse(readFileSync(json, 'utf8')));
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  writeSection('call-cost', {
    body: callCostTable(runs),
    partial: ['--dims', '--rounds'].filter((a) => args.includes(a)).join(' '),
  });
  process.exit(0);
}

// One table: a row per layer, a column per dim (then per dim after the page's mix).
function callCostTable(runs) {
  const names = [...new Set(runs.flatMap((r) => r.rows.map(([name]) => name)))];
  const head = ['ns per call (median)', ...runs.map((r) => `1×${r.dim}${r.mixed ? ' after a page’s mix' : ''}`)];
  const ns = (r, name) => r.rows.find(([n]) => n === name)?.[1];
  const cell = (x) => (x === undefined ? '—' : x.toFixed(1));
  const ratio = (r) => (ns(r, 'naive JS loop') / ns(r, 'API')).toFixed(2);
  return [
    `Median of ${runs[0]?.rounds} rounds; "after a page’s mix": in a process that first made a page’s mix of calls (every norm, seven option shapes, arrays and tensors).`,
    '',
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...names.map((name) => `| ${name} | ${runs.map((r) => cell(ns(r, name))).join(' | ')} |`),
    `| naive JS / API | ${runs.map(ratio).join(' | ')} |`,
  ].join('\n');
}
const dim = dims[0];
const mixed = args.includes('--mixed');

const M = await loadModule();
const nw = await loadOurs();

// What a page of figures has done before its next small call: every norm, with and without
// statistics, on arrays and on tensors, with seven shapes of options (one made per call by a
// spread, which gives each object a map of its own), from one float to 2048 x 1024.
function pageMix() {
  const f = (n, seed) => Float32Array.from({ length: n }, (_, i) => Math.sin(seed + i * 0.7));
  for (const [rows, d] of [
    [1, 1],
    [1, 8],
    [1, 16],
    [4, 64],
    [64, 256],
    [2048, 1024],
  ]) {
    const x = f(rows * d, 1),
      g = f(d, 2),
      b = f(d, 3),
      out = new Float32Array(x.length);
    const xt = nw.tensor(x),
      gt = nw.tensor(g),
      bt = nw.tensor(b),
      yt = nw.tensor(x.length);
    const shapes = () => [
      undefined,
      { gamma: g },
      { gamma: g, beta: b },
      { gamma: g, beta: b, eps: 1e-5 },
      { beta: b, gamma: g },
      { ...{ gamma: g, beta: b }, out },
      { gamma: gt, beta: bt, out: yt },
    ];
    for (let i = 0, reps = rows * d > 1e5 ? 3 : 300; i < reps; i++) {
      for (const o of shapes()) {
        for (const input of [x, xt]) {
          nw.layerNorm(input, d, o);
          nw.rmsNorm(input, d, o);
          nw.batchNorm(input, d, o);
          nw.layerNormWithStats(input, d, o);
          nw.rmsNormWithStats(input, d, o);
        }
      }
    }
    for (const t of [xt, gt, bt, yt]) t.dispose();
  }
}
if (mixed) pageMix();
// The glue's M._nw_* is a stub that looks the export up and then puts the export itself in its
// place (as web/api/heap.js's raw does): one call each first, so that the rows time the exports.
M._nw_bench_muladd_peak(0);
M._nw_layer_norm(0, 0, 0, 0, 0, 0, 0, 1, 1); // 0 rows: reads and writes nothing
const noop = M._nw_bench_muladd_peak; // 0 rounds of the peak loop: a call and a return
const kernel = M._nw_layer_norm;

let sink;
// ns per call of f, in batches of about 2 ms.
function perCall(f, calls) {
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) sink = f();
  return ((performance.now() - t0) * 1e6) / calls;
}

// The copies as the API makes them (a loop of four floats a step for a few floats, set() and
// slice() for more), on arrays passed as arguments, as the API and the naive loop get theirs:
// arrays a function closes over are constants to the JIT, and their checks fold away.
function copyIn(h, ax, x, ag, g, ab, b, n) {
  if (n <= 16) copyFew3(h, ax, x, ag, g, ab, b, n);
  else {
    h.set(x, ax);
    h.set(g, ag);
    h.set(b, ab);
  }
}
function copyOut(h, ao, dst, n) {
  if (n <= 16) copyFew(dst, 0, h, ao, n);
  else dst.set(h.subarray(ao, ao + n));
  return dst;
}
function fresh(h, ao, n) {
  return n <= 16 ? copyOut(h, ao, new Float32Array(n), n) : h.slice(ao, ao + n);
}
// The kernel on fixed addresses behind copies of the caller's arrays; out: into it, else fresh.
function floor(h, base, x, gamma, beta, out, n) {
  const ax = base >> 2,
    ag = ax + n,
    ab = ag + n,
    ao = ab + n;
  copyIn(h, ax, x, ag, gamma, ab, beta, n);
  kernel(ao << 2, 0, 0, ax << 2, ag << 2, ab << 2, 1, n, 1e-5);
  return out ? copyOut(h, ao, out, n) : fresh(h, ao, n);
}

{
  const x = Float32Array.from({ length: dim }, (_, i) => Math.sin(i * 1.3) * 1.5 + 0.3);
  const gamma = Float32Array.from({ length: dim }, (_, i) => 1 + 0.01 * i);
  const beta = Float32Array.from({ length: dim }, (_, i) => 0.02 * i - 0.1);
  const out = new Float32Array(dim);
  const base = M.alloc(4 * 4 * dim); // x, gamma, beta, out
  const ax = base,
    ag = base + 4 * dim,
    ab = base + 8 * dim,
    ao = base + 12 * dim;
  const h = new Float32Array(M.HEAPF32.buffer); // nothing below grows the memory
  h.set(x, ax >> 2);
  h.set(gamma, ag >> 2);
  h.set(beta, ab >> 2);
  const params = { gamma, beta, eps: 1e-5 },
    paramsOut = { ...params, out };
  const all = [
    ['empty wasm call', () => noop(0)],
    ['kernel on fixed addresses', () => kernel(ao, 0, 0, ax, ag, ab, 1, dim, 1e-5)],
    ['+ copies in and out', () => floor(h, base, x, gamma, beta, out, dim)],
    ['+ a fresh result array', () => floor(h, base, x, gamma, beta, null, dim)],
    ['new Float32Array(dim) alone', () => new Float32Array(dim)],
    ['Embind binding, fixed addresses', () => M.layerNorm(ao, 0, 0, ax, ag, ab, 1, dim, 1e-5)],
    ['API, { out }', () => nw.layerNorm(x, dim, paramsOut)],
    ['API', () => nw.layerNorm(x, dim, params)],
    ['naive JS loop', () => naiveLayerNorm(x, dim, gamma, beta, 1e-5)],
  ];
  // After the page's mix: the API and the naive loop only (the rows below them time the kernel).
  const rows = mixed ? all.filter(([name]) => name.startsWith('API') || name.startsWith('naive')) : all;
  // The rows that return a result all compute the same LayerNorm.
  const want = naiveLayerNorm(x, dim, gamma, beta, 1e-5);
  for (const [name, f] of rows.filter(([name]) => !/empty|kernel on|alone|Embind/.test(name))) {
    const err = maxAbsDiff(f(), want);
    if (!(err <= 1e-5)) throw new Error(`call-cost: ${name} differs from the naive loop by ${err} at 1x${dim}`);
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
  const ns = samples.map(median);
  const at = (name) => ns[rows.findIndex(([n]) => n === name)];
  console.log(
    `\n1x${dim}${mixed ? ", after a page's mix of calls (every norm, seven option shapes, arrays and tensors)" : ''}: median of ${rounds} rounds, ns per call`,
  );
  rows.forEach(([name], i) => {
    const note = !mixed && i > 0 && i < 4 ? `  (+${(ns[i] - ns[i - 1]).toFixed(1)})` : '';
    console.log(`  ${name.padEnd(34)} ${ns[i].toFixed(1).padStart(8)}${note}`);
  });
  const floorText = mixed
    ? ''
    : `API over the copying floor: +${(at('API') - at('+ a fresh result array')).toFixed(1)} ns; `;
  console.log(`  ${floorText}naive JS / API ${(at('naive JS loop') / at('API')).toFixed(2)}`);
  const json = arg('--json');
  if (json) writeFileSync(json, JSON.stringify({ dim, mixed, rounds, rows: rows.map(([name], i) => [name, ns[i]]) }));
  M.dealloc(base);
}
