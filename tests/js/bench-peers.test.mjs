// Twin of `npm run bench` (scripts/bench/): the same cases and contenders, on small shapes, checked
// for agreement only — never timed. Keeps the benchmark from rotting: a peer whose output drifts
// from ours, or a contender that stops running, fails here. Peers that are not installed (npm
// devDependencies) or whose ONNX models cannot be made (python3-onnx / python3-torch missing) are
// skipped with the reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { maxAbsDiff } from './helpers.mjs';
import { ONNX_DIR, loadOurs, loadTf, loadOrt, ensureOnnx, buildCases, onnxFiles } from '../../scripts/bench/cases.mjs';

const weights = `${ONNX_DIR}encoder_weights.safetensors`;
const SIZES = {
  small: [[1, 8], [2, 64]],
  norms: [[3, 512], [2, 768], [1, 1024]],
  gemm: [8],
  pe: [[40, 512], [17, 33]],
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
  if (normProblem) { skip.ortNorms = true; reasons.push(normProblem); }
  const encProblem = ensureOnnx(files.encoder, { only: 'encoder' });
  if (encProblem) { skip.ortEncoder = true; reasons.push(encProblem); }
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
