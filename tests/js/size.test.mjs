// Size budgets, gzipped (level 9):
//   dist/normwave.single.mjs, the one-script drop-in: at most 88 KB.
//   One figure embedded by its own entry (dist/figures/nw-<name>.mjs): at most 140 KB in all —
//   every module it imports before it runs, its strings in one language, and the .wasm it loads on
//   its first draw (normwave_wasm.wasm; normwave_train.wasm and the training chunk for the
//   figures that train: scripts/bench/embed-size.mjs, firstDraw). The training module
//   is a wasm of its own so that no forward figure pays for it. Data a
//   figure fetches later (the attention figure's trained model, the parity fixtures) is not code
//   and is listed apart by `npm run bench`.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DIST, FIGURE_BUDGET, figureSizes, gz, staticClosure, trainingChunk } from '../../scripts/bench/embed-size.mjs';

const SINGLE_BUDGET = 88_000;

test(`normwave.single.mjs is at most ${SINGLE_BUDGET} bytes gzipped`, () => {
  const bytes = gz(path.join(DIST, 'normwave.single.mjs'));
  assert.ok(
    bytes <= SINGLE_BUDGET,
    `normwave.single.mjs is ${bytes} bytes gzipped, over the ${SINGLE_BUDGET}-byte budget`,
  );
});

test(`each figure by its own entry is at most ${FIGURE_BUDGET} bytes gzipped, wasm and one language included`, (t) => {
  const rows = figureSizes();
  assert.ok(rows.length >= 19);
  for (const r of rows)
    t.diagnostic(`${r.tag.padEnd(24)} ${r.total} (js ${r.js}, strings ${r.strings}, ${r.wasmFile} ${r.wasm})`);
  assert.deepEqual(
    rows.filter((r) => r.total > FIGURE_BUDGET).map((r) => `${r.tag}: ${r.total}`),
    [],
    `over the ${FIGURE_BUDGET}-byte budget`,
  );
});

test('the forward figures load normwave_wasm.wasm only; the training module is a wasm and a chunk of its own', (t) => {
  const rows = figureSizes();
  const training = rows.filter((r) => r.wasmFile === 'normwave_train.wasm').map((r) => r.tag);
  assert.deepEqual(training, ['nw-grad-norms', 'nw-train']);
  const forward = gz(path.join(DIST, 'normwave_wasm.wasm'));
  const train = gz(path.join(DIST, 'normwave_train.wasm'));
  t.diagnostic(`normwave_wasm.wasm ${forward}, normwave_train.wasm ${train} bytes gzipped`);
  assert.ok(train > forward, 'the training module holds the forward library and more');
  // No forward figure (nor the library entry) reaches the training chunk by static imports.
  const chunk = trainingChunk();
  for (const entry of ['normwave.mjs', 'figures/nw-attention.mjs', 'figures/nw-depth-demo.mjs']) {
    assert.ok(!staticClosure(path.join(DIST, entry)).has(chunk), `${entry} imports the training chunk statically`);
  }
});
