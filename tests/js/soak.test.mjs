// A short soak (10,000 mixed calls; `npm run soak` runs 100,000): every entry point, encoder
// create/dispose and the error paths, with no wasm memory growth after the warm-up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';
import { soak, describeSoak } from '../../scripts/soak.mjs';

const nw = await loadNormwave();

test('10,000 mixed library calls hold no extra wasm memory after warm-up', (t) => {
  const r = soak(nw, { calls: 10000, warmup: 2000, seed: 7 });
  for (const line of describeSoak(r).split('\n')) t.diagnostic(line);
  assert.ok(r.errors > 100, `the mix exercised the error paths (${r.errors})`);
  assert.equal(Object.keys(r.counts).length, 10, 'every kind of call ran');
  assert.equal(r.after.heapUsed, r.before.heapUsed, 'wasm heapUsed grew');
  assert.equal(r.after.memoryBytes, r.before.memoryBytes, 'wasm memory grew');
});
