// enc.forward(x, { hiddenStates: true }): the input and every layer's output, from the same run
// as the output, which lib/encoder-layers.js reads instead of rebuilding the stack layer by layer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';
import { randn, maxAbsDiff } from './helpers.mjs';

const nw = await loadNormwave();

test("hiddenStates: the input, then each layer's output, the same as running the layers one at a time", () => {
  const config = { dModel: 16, nHeads: 4, dFF: 24, nLayers: 3, normFirst: true, activation: 'gelu', seed: 5 };
  const stack = nw.createEncoder(config);
  const single = nw.createEncoder({ ...config, nLayers: 1 });
  try {
    const x = randn(2 * 5 * 16, 11);
    const paddingMask = Uint8Array.from([0, 0, 0, 0, 1, 0, 0, 0, 1, 1]);
    const { output, attention, hiddenStates } = stack.forward(x, {
      batch: 2,
      seqLen: 5,
      paddingMask,
      hiddenStates: true,
    });
    assert.equal(hiddenStates.length, 4);
    assert.equal(attention.length, 3);
    assert.deepEqual(hiddenStates[0], x);
    assert.notEqual(hiddenStates[0], x, "a copy, not the caller's array");
    const weights = stack.stateDict();
    let h = x;
    for (let l = 0; l < 3; l++) {
      const layer = {};
      for (const p of single.parameters) layer[p.name] = weights[p.name.replace(/^layers\.0\./, `layers.${l}.`)];
      single.loadStateDict(layer);
      h = single.forward(h, { batch: 2, seqLen: 5, paddingMask, attention: false }).output;
      assert.equal(maxAbsDiff(hiddenStates[l + 1], h), 0, `layer ${l + 1}`);
    }
    assert.deepEqual(hiddenStates[3], output, 'no final norm: the last state is the output');
    assert.equal('hiddenStates' in stack.forward(x, { batch: 2, seqLen: 5 }), false, 'only when asked');
  } finally {
    single.dispose();
    stack.dispose();
  }
});

test('hiddenStates with a final LayerNorm: the states come before it', () => {
  const enc = nw.createEncoder({
    dModel: 8,
    nHeads: 2,
    dFF: 16,
    nLayers: 2,
    normFirst: true,
    finalNorm: true,
    seed: 3,
  });
  try {
    const x = randn(4 * 8, 12);
    const { output, hiddenStates } = enc.forward(x, { hiddenStates: true, attention: false });
    const sd = enc.stateDict();
    const normed = nw.layerNorm(hiddenStates[2], 8, {
      gamma: sd['norm.weight'],
      beta: sd['norm.bias'],
      eps: enc.config.eps,
    });
    assert.ok(maxAbsDiff(normed, output) <= 1e-6, `${maxAbsDiff(normed, output)}`);
    assert.ok(maxAbsDiff(hiddenStates[2], output) > 1e-3);
  } finally {
    enc.dispose();
  }
});

test('hiddenStates when the output overwrites x in place (one Tensor as x and out)', () => {
  const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 16, nLayers: 2, seed: 4 });
  const t = nw.tensor(randn(3 * 8, 13));
  try {
    const x = t.read();
    const { output, hiddenStates } = enc.forward(t, { out: t, hiddenStates: true });
    assert.equal(output, t);
    assert.deepEqual(hiddenStates[0], x);
    assert.deepEqual(hiddenStates[2], t.read());
  } finally {
    t.dispose();
    enc.dispose();
  }
});
