// web/lib/attention-lab.js — the numbers <nw-attention> draws — run in Node against the library
// and against values computed here (a figure's data work lives in web/lib/, where Node tests reach it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import { TinyModel, PAD } from '../../web/lib/tiny-model.js';
import { tokenize, embedToken, runModel, runSandbox, softmaxLab } from '../../web/lib/attention-lab.js';

const nw = await loadNormwave();
const modelBytes = new Uint8Array(readFileSync(new URL('../../web/models/tiny-sort.safetensors', import.meta.url)));

test('attention lab: tokenize splits on any whitespace; embedToken is seeded by the token alone', () => {
  assert.deepEqual(tokenize('  the  cat\tsat\n'), ['the', 'cat', 'sat']);
  assert.deepEqual(tokenize(''), []);
  assert.deepEqual(embedToken('cat', 8), embedToken('cat', 8));
  assert.notDeepEqual(embedToken('cat', 8), embedToken('cap', 8));
  assert.equal(embedToken('고양이', 16).length, 16);
});

test("attention lab: runModel gives the model's prediction with one token label per input", () => {
  const model = new TinyModel(nw, modelBytes);
  try {
    const digits = [3, 1, 4, 1, 5];
    const r = runModel(model, digits);
    assert.deepEqual(
      r.tokens.map((t) => t.text),
      digits.map(String),
    );
    assert.ok(r.tokens.every((t) => !t.pad));
    assert.deepEqual(r, { ...model.predict(digits), tokens: r.tokens });
  } finally {
    model.dispose?.();
  }
});

test('attention lab: the padding lab — masked pads get weight 0 and leave the real tokens alone', () => {
  const model = new TinyModel(nw, modelBytes);
  try {
    const digits = [2, 7, 1, 8];
    const masked = runModel(model, digits, { lab: true, pads: 3, masked: true });
    assert.equal(masked.tokens.length, 7);
    assert.deepEqual(
      masked.tokens.map((t) => t.pad),
      [false, false, false, false, true, true, true],
    );
    assert.equal(masked.padWeight, 0);
    assert.equal(masked.delta, 0);
    const open = runModel(model, digits, { lab: true, pads: 3, masked: false });
    assert.ok(open.padWeight > 0.01, `unmasked pads draw weight ${open.padWeight}`);
    assert.ok(open.delta > 1e-3, `unmasked pads move the states by ${open.delta}`);
    // padWeight is the largest weight on a <PAD> key, over every layer, head and query.
    let worst = 0;
    for (const a of open.attention) {
      for (let row = 0; row < a.length / 7; row++) for (let k = 4; k < 7; k++) worst = Math.max(worst, a[row * 7 + k]);
    }
    assert.equal(open.padWeight, worst);
    assert.equal(PAD, 10);
  } finally {
    model.dispose?.();
  }
});

test('attention lab: runSandbox feeds embedding + PE to the encoder and returns its maps', () => {
  const enc = nw.createEncoder({
    dModel: 32,
    nHeads: 4,
    dFF: 64,
    nLayers: 2,
    normFirst: true,
    finalNorm: true,
    seed: 1,
  });
  try {
    const words = tokenize('the cat sat on the mat');
    const r = runSandbox(nw, enc, words);
    assert.equal(r.seqLen, 6);
    assert.deepEqual(
      r.tokens.map((t) => t.text),
      words,
    );
    const pe = nw.positionalEncoding(6, 32);
    const x = new Float32Array(6 * 32);
    words.forEach((w, p) =>
      embedToken(w, 32).forEach((v, k) => {
        x[p * 32 + k] = v + pe[p * 32 + k];
      }),
    );
    const direct = enc.forward(x, { seqLen: 6 }).attention;
    assert.equal(r.attention.length, 2);
    r.attention.forEach((a, l) => assert.deepEqual(a, direct[l]));
    // Each query's weights over the keys sum to 1.
    for (const a of r.attention)
      for (let row = 0; row < a.length / 6; row++) {
        const s = a.subarray(row * 6, row * 6 + 6).reduce((t, v) => t + v, 0);
        assert.ok(Math.abs(s - 1) < 1e-5, `row ${row} sums to ${s}`);
      }
  } finally {
    enc.dispose();
  }
});

test('attention lab: softmaxLab — the mask gives pads exactly 0; biases leave a little; a fully padded row', () => {
  const scores = [1.5, 0.2, -0.7, 0.9, 2.4];
  const pads = [0, 0, 0, 1, 1];
  const lab = softmaxLab(nw, scores, pads, [
    { value: -Infinity, label: null },
    { value: -10, label: '−10' },
  ]);
  const [mask, bias] = lab.rows;
  assert.equal(mask.padSum, 0);
  // float64 softmax over the three real keys.
  const e = scores.slice(0, 3).map((s) => Math.exp(s - 1.5));
  const sum = e.reduce((t, v) => t + v, 0);
  e.forEach((v, k) => assert.ok(Math.abs(mask.weights[k] - v / sum) < 1e-6));
  const exp = scores.map((s, k) => Math.exp(s + (pads[k] ? -10 : 0)));
  const total = exp.reduce((t, v) => t + v, 0);
  assert.ok(Math.abs(bias.padSum - (exp[3] + exp[4]) / total) < 1e-7, `padSum ${bias.padSum}`);
  assert.equal(bias.label, '−10');
  assert.deepEqual([...lab.fullMasked], [0, 0, 0, 0, 0]);
  const big = [...lab.fullBig];
  // −10⁹ swamps every score in float32: the row becomes uniform, not zero.
  big.forEach((w) => assert.ok(Math.abs(w - 0.2) < 1e-6, `fullBig ${big}`));
});
