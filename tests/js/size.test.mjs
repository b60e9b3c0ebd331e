// Size budgets, gzipped (level 9):
//   dist/normwave.single.mjs, the one-script drop-in: at most 110 KB (80 KB before the training
//   kernels of issue #17 — backward passes, AdamW, the token trainer — added ~20 KB of wasm).
//   One figure embedded by its own entry (dist/figures/nw-<name>.mjs): at most 165 KB in all (140 KB before #17's training kernels and figure strings) —
//   every module it imports before it runs, its strings in one language, and the .wasm. Data a
//   figure fetches later (the attention figure's trained model, the parity fixtures) is not code
//   and is listed apart by `npm run bench`.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DIST, FIGURE_BUDGET, figureSizes, gz } from '../../scripts/bench/embed-size.mjs';

const SINGLE_BUDGET = 110_000;

test(`normwave.single.mjs is at most ${SINGLE_BUDGET} bytes gzipped`, () => {
  const bytes = gz(path.join(DIST, 'normwave.single.mjs'));
  assert.ok(bytes <= SINGLE_BUDGET, `normwave.single.mjs is ${bytes} bytes gzipped, over the ${SINGLE_BUDGET}-byte budget`);
});

test(`each figure by its own entry is at most ${FIGURE_BUDGET} bytes gzipped, wasm and one language included`, (t) => {
  const rows = figureSizes();
  assert.ok(rows.length >= 19);
  for (const r of rows) t.diagnostic(`${r.tag.padEnd(24)} ${r.total} (js ${r.js}, strings ${r.strings}, wasm ${r.wasm})`);
  assert.deepEqual(rows.filter((r) => r.total > FIGURE_BUDGET).map((r) => `${r.tag}: ${r.total}`), [], `over the ${FIGURE_BUDGET}-byte budget`);
});
