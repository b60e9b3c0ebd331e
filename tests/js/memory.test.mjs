// No wasm memory growth after warm-up: 10,000 norm calls, 1,000 forwards, and 200 rounds of
// create / load / forward / dispose. heapUsed is what malloc holds; memoryBytes the memory's size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';
import { randn } from './helpers.mjs';

const nw = await loadNormwave();

function measure(t, label, warmup, rounds, body) {
  for (let i = 0; i < warmup; i++) body(i);
  const before = nw.memoryStats();
  for (let i = 0; i < rounds; i++) body(i);
  const after = nw.memoryStats();
  t.diagnostic(
    `${label}: heapUsed ${before.heapUsed} -> ${after.heapUsed} bytes, memory ${before.memoryBytes} -> ${after.memoryBytes} bytes`,
  );
  assert.equal(after.heapUsed, before.heapUsed, `${label}: heap grew`);
  assert.equal(after.memoryBytes, before.memoryBytes, `${label}: memory grew`);
}

test('10,000 norm calls hold no extra memory', (t) => {
  const x = randn(64 * 256, 1),
    gamma = randn(256, 2),
    beta = randn(256, 3);
  measure(t, 'norms', 100, 10000, (i) => {
    if (i % 3 === 0) nw.layerNorm(x, 256, { gamma, beta });
    else if (i % 3 === 1) nw.rmsNorm(x, 256, { gamma });
    else nw.batchNormWithStats(x, 256, { gamma, beta });
  });
});

test('1,000 forwards hold no extra memory', (t) => {
  const enc = nw.createEncoder({ dModel: 32, nHeads: 4, dFF: 64, nLayers: 2, finalNorm: true });
  const x = randn(2 * 10 * 32, 4);
  const paddingMask = new Uint8Array(20);
  paddingMask.fill(1, 17);
  measure(t, 'forwards', 10, 1000, () => enc.forward(x, { batch: 2, seqLen: 10, paddingMask }));
  enc.dispose();
});

test('200 create/load/forward/dispose rounds hold no extra memory', (t) => {
  const src = nw.createEncoder({ dModel: 16, nHeads: 2, dFF: 32, nLayers: 2, seed: 9 });
  const sd = src.stateDict();
  src.dispose();
  const x = randn(8 * 16, 5);
  measure(t, 'encoder rounds', 5, 200, () => {
    const enc = nw.createEncoder({ dModel: 16, nHeads: 2, dFF: 32, nLayers: 2 });
    enc.loadStateDict(sd);
    enc.forward(x);
    enc.dispose();
  });
});

test('errors free what they took', (t) => {
  const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 16 });
  measure(t, 'error paths', 5, 500, () => {
    try {
      nw.layerNorm(new Float32Array(10), 3);
    } catch {
      /* expected */
    }
    try {
      enc.loadSafetensors(new Uint8Array(20));
    } catch {
      /* expected */
    }
    try {
      nw.createEncoder({ dModel: 9, nHeads: 2, dFF: 4 });
    } catch {
      /* expected */
    }
  });
  enc.dispose();
});
