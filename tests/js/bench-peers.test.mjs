// Twin of `npm run bench` (scripts/bench/): the same cases and contenders, on small shapes, checked
// for agreement only — never timed. Keeps the benchmark from rotting: a peer whose output drifts
// from ours, or a contender that stops running, fails here. Peers that are not installed (npm
// devDependencies) or whose ONNX models cannot be made (python3-onnx / python3-torch missing) are
// skipped with the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { maxAbsDiff } from './helpers.mjs';
import {
  ONNX_DIR,
  ROOT,
  loadOurs,
  loadTf,
  loadOrt,
  ensureOnnx,
  buildCases,
  onnxFiles,
  loadModule,
  peakHandle,
  pairedRounds,
  roundSpeedups,
  fullSpeedShares,
} from '../../scripts/bench/cases.mjs';

const weights = `${ONNX_DIR}encoder_weights.safetensors`;
const SIZES = {
  small: [
    [1, 8],
    [2, 64],
  ],
  norms: [
    [3, 512],
    [2, 768],
    [1, 1024],
  ],
  gemm: [8],
  pe: [
    [40, 512],
    [17, 33],
  ],
  encoder: [128],
  encoderWeights: () => (existsSync(weights) ? readFileSync(weights) : null),
};

const nw = await loadOurs();
const tfLoaded = await loadTf();
const ortLoaded = await loadOrt();
const files = onnxFiles(SIZES);
const skip = {};
const reasons = [];
if (tfLoaded.missing) reasons.push(tfLoaded.missing);
if (ortLoaded.missing) {
  reasons.push(ortLoaded.missing);
} else {
  const normProblem = ensureOnnx(files.norms, { only: 'norms' });
  if (normProblem) {
    skip.ortNorms = true;
    reasons.push(normProblem);
  }
  const encProblem = ensureOnnx(files.encoder, { only: 'encoder' });
  if (encProblem) {
    skip.ortEncoder = true;
    reasons.push(encProblem);
  }
}
const cases = buildCases({ nw, tf: tfLoaded.tf, ort: ortLoaded.ort, sizes: SIZES, skip });

test('the bench has every contender it should (or says why not)', (t) => {
  for (const r of reasons) t.diagnostic(`skipped: ${r}`);
  const names = new Set(cases.flatMap((c) => c.contenders.map((k) => k.name)));
  for (const n of ['ours API', 'ours API, out array', 'ours kernel', 'naive JS']) assert.ok(names.has(n), n);
  if (!tfLoaded.missing) {
    assert.ok(names.has('tfjs-wasm'));
    assert.equal(tfLoaded.threads, 1, 'tfjs-wasm runs one thread');
  }
  if (!ortLoaded.missing) assert.equal(ortLoaded.ort.env.wasm.numThreads, 1, 'onnxruntime-web runs one thread');
  if (!ortLoaded.missing && !skip.ortNorms) assert.ok(names.has('onnxruntime-web'));
});

for (const c of cases) {
  test(`bench ${c.op} ${c.shape}: every contender agrees with ours (<= ${c.tolerance})`, async (t) => {
    let ref = null;
    for (const k of c.contenders) {
      const h = await k.setup();
      try {
        await h.run();
        const out = await h.output();
        if (!ref) ref = out;
        const diff = maxAbsDiff(out, ref);
        t.diagnostic(`${k.name}: max abs diff vs ours ${diff.toExponential(2)}`);
        assert.ok(diff <= c.tolerance, `${k.name} differs from ours by ${diff}`);
        if (c.errorVsFloat64) {
          const e = c.errorVsFloat64(out);
          assert.ok(e <= 1e-6, `${k.name}: max error vs float64 ${e}`);
        }
      } finally {
        h.dispose?.();
      }
    }
  });
}

test('the GEMM and encoder cases time the multiply-add peak beside them, and their share is per round', async () => {
  const paired = cases.filter((c) => c.pairPeak).map((c) => c.op);
  assert.ok(paired.includes('GEMM') && paired.includes('Encoder layer'), `paired cases: ${paired}`);
  assert.ok(cases.filter((c) => c.op.startsWith('LayerNorm')).every((c) => !c.pairPeak));
  // 1 GFLOP in 10 ms is 100 GFLOP/s; beside a 2-GFLOP peak batch taking 10 ms (200 GFLOP/s) it
  // is half the peak, whatever the machine's speed in the next round (both slow down by 2x).
  const rounds = pairedRounds(1e9, [10, 20, 10], 2e9, [10, 20, 5]);
  assert.deepEqual(
    rounds.map((x) => x.share),
    [0.5, 0.5, 0.25],
  );
  assert.deepEqual(
    rounds.map((x) => x.peakGflops),
    [200, 100, 400],
  );
  // Full speed: rounds whose peak came within 10 % of the best (400): only the third.
  assert.deepEqual(fullSpeedShares(rounds, 400), [0.25]);
  assert.deepEqual(fullSpeedShares(rounds, 210), [0.25, 0.5]);
  // A peer's time over ours within each round, sorted: a round where both ran 2x slower gives the
  // same 1.5x as a fast one.
  assert.deepEqual(roundSpeedups([10, 20, 10], [15, 30, 30]), [1.5, 1.5, 3]);
  assert.deepEqual(roundSpeedups([10, 20], [15]), [1.5]);
  // The peak handle runs the module's multiply-add loop: its work is 96 FLOPs per iteration.
  const h = peakHandle(await loadModule());
  assert.equal(h.work % 96, 0);
  assert.ok(h.work > 0);
  h.run();
});

test("the call-cost breakdown runs, checks its rows against the naive loop, and prints every row, also after a page's mix of calls", () => {
  // NW_BENCH_DOCS=0: a test run never writes docs/benchmarks.md (a partial run would not either).
  const r = spawnSync(process.execPath, [`${ROOT}scripts/bench/call-cost.mjs`, '--rounds', '1', '--dims', '8,17'], {
    encoding: 'utf8',
    env: { ...process.env, NW_BENCH_DOCS: '0' },
  });
  assert.equal(r.status, 0, r.stderr);
  for (const dim of [8, 17]) {
    assert.match(r.stdout, new RegExp(`^1x${dim}: median of 1 rounds`, 'm'));
    assert.match(r.stdout, new RegExp(`^1x${dim}, after a page's mix of calls .*: median of 1 rounds`, 'm'));
  }
  const count = (text) => r.stdout.split(text).length - 1;
  for (const row of ['empty wasm call', 'kernel on fixed addresses', '+ a fresh result array', 'Embind binding']) {
    assert.equal(count(row), 2, `${row} once per dim:\n${r.stdout}`);
  }
  // The API and the naive loop also after the mix, with their ratio.
  for (const row of ['API, { out }', 'naive JS loop', 'naive JS / API']) {
    assert.equal(count(row), 4, `${row} twice per dim:\n${r.stdout}`);
  }
});
