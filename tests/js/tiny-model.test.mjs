// The tiny trained encoder (scripts/train_tiny.py → web/models/tiny-sort.safetensors) run by
// normwave (dist/normwave.node.mjs) through web/lib/tiny-model.js, against what PyTorch predicted and measured
// on the held-out set (tests/golden/tiny_sort_heldout.safetensors).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import { TinyModel, PAD } from '../../web/lib/tiny-model.js';
import { readGolden } from './golden.mjs';
import { maxAbsDiff } from './helpers.mjs';

const nw = await loadNormwave();
const modelBytes = new Uint8Array(readFileSync(new URL('../../web/models/tiny-sort.safetensors', import.meta.url)));
const heldout = readGolden('tiny_sort_heldout.safetensors');
const H = heldout.meta;
const N = Number(H.heldout_sequences);
const S = Number(H.seq_len);
const tokens = Array.from(heldout.tensors.tokens.data, Math.round);

test('tiny model: the file is small, complete and says how it was made', () => {
  assert.ok(modelBytes.length < 1024 * 1024, `${modelBytes.length} bytes`);
  const { tensors, metadata } = nw.inspectSafetensors(modelBytes);
  for (const key of [
    'task',
    'vocab',
    'd_model',
    'n_heads',
    'd_ff',
    'n_layers',
    'norm_first',
    'activation',
    'pe',
    'accuracy_token',
    'accuracy_sequence',
    'train_seconds',
    'seed',
    'torch',
  ]) {
    assert.ok(metadata[key], `metadata "${key}"`);
  }
  assert.equal(metadata.task, 'sort');
  assert.deepEqual(JSON.parse(metadata.vocab), ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '<PAD>']);
  const names = tensors.map((t) => t.name);
  for (const name of [
    'embedding.weight',
    'head.weight',
    'head.bias',
    'encoder.layers.0.self_attn.in_proj_weight',
    'encoder.norm.weight',
  ]) {
    assert.ok(names.includes(name), name);
  }
  const model = new TinyModel(nw, modelBytes);
  try {
    assert.equal(model.parameterCount, Number(metadata.params));
    // Every tensor of the file is a parameter: nothing unexplained rides along.
    const numel = tensors.reduce((s, t) => s + t.shape.reduce((p, d) => p * d, 1), 0);
    assert.equal(numel, model.parameterCount);
    // The fixture belongs to this model.
    assert.equal(H.seed, metadata.seed);
    assert.equal(H.accuracy_sequence, metadata.accuracy_sequence);
    assert.ok(Number(metadata.accuracy_sequence) >= 0.98, `sequence accuracy ${metadata.accuracy_sequence}`);
  } finally {
    model.dispose();
  }
});

test('tiny model: every held-out prediction equals PyTorch’s, logits within 2e-4', (t) => {
  const model = new TinyModel(nw, modelBytes);
  try {
    const { outputs, logits } = model.run(tokens, { batch: N, seqLen: S, attention: false });
    const torchPred = heldout.tensors.torch_pred.data;
    const mismatches = [];
    let real = 0;
    for (let i = 0; i < N * S; i++) {
      if (tokens[i] === PAD) continue;
      real++;
      if (outputs[i] !== torchPred[i])
        mismatches.push(`sequence ${Math.floor(i / S)} position ${i % S}: ${outputs[i]} vs ${torchPred[i]}`);
    }
    assert.equal(real, Number(H.heldout_tokens));
    assert.deepEqual(mismatches, [], `${mismatches.length} of ${real} predictions differ`);
    const rows = Number(H.logit_rows);
    const worst = maxAbsDiff(logits.subarray(0, rows * S * 10), heldout.tensors.logits.data);
    assert.ok(worst <= 2e-4, `logits maxdiff = ${worst}`);
    t.diagnostic(
      `${real} of ${real} predictions agree; logits maxdiff = ${worst.toExponential(2)} over ${rows} sequences`,
    );
  } finally {
    model.dispose();
  }
});

test('tiny model: the accuracy computed here is the accuracy PyTorch reported', () => {
  const model = new TinyModel(nw, modelBytes);
  try {
    const r = model.compareHeldout(heldout.bytes);
    assert.equal(r.sequences, N);
    assert.equal(r.correctSequences, Number(H.correct_sequences));
    assert.equal(r.correctTokens, Number(H.correct_tokens));
    assert.equal(r.sequence.toFixed(6), H.accuracy_sequence);
    assert.equal(r.token.toFixed(6), H.accuracy_token);
    assert.equal(r.agree, r.total);
    assert.ok(r.maxLogitError <= 2e-4, `logits maxdiff = ${r.maxLogitError}`);
    // An independent count against the fixture's targets (sorted inputs), not the module's.
    let right = 0;
    for (let b = 0; b < N; b++) {
      const row = tokens.slice(b * S, b * S + S).filter((t) => t !== PAD);
      const p = model.predict(row);
      const sorted = [...row].sort((x, y) => x - y);
      assert.deepEqual(
        p.real.map((i) => p.target[i]),
        sorted,
      );
      if (p.real.every((i, k) => p.outputs[i] === sorted[k])) right++;
    }
    assert.equal(right, Number(H.correct_sequences));
  } finally {
    model.dispose();
  }
});

test('tiny model: attention maps equal PyTorch’s (need_weights, per head)', () => {
  const model = new TinyModel(nw, modelBytes);
  try {
    const rows = Number(H.attention_rows);
    const { attention } = model.run(tokens.slice(0, rows * S), { batch: rows, seqLen: S });
    for (let l = 0; l < model.config.nLayers; l++) {
      const worst = maxAbsDiff(attention[l], heldout.tensors[`attention.${l}`].data);
      assert.ok(worst <= 1e-5, `layer ${l} attention maxdiff = ${worst}`);
    }
  } finally {
    model.dispose();
  }
});

test('tiny model: with the mask, <PAD> keys get exactly 0 and real outputs ignore padding', () => {
  const model = new TinyModel(nw, modelBytes);
  try {
    const digits = [3, 1, 4, 1, 5, 9, 2, 6];
    const base = model.predict(digits);
    assert.deepEqual(base.outputs, [1, 1, 2, 3, 4, 5, 6, 9]);
    assert.equal(base.correct, true);
    const d = model.config.dModel;
    for (let pads = 1; pads <= 8; pads++) {
      const masked = model.predict([...digits, ...Array(pads).fill(PAD)]);
      const n = masked.seqLen;
      for (const a of masked.attention) {
        for (let row = 0; row < a.length / n; row++) {
          for (let k = digits.length; k < n; k++) assert.equal(a[row * n + k], 0);
        }
      }
      assert.equal(maxAbsDiff(masked.hidden.subarray(0, digits.length * d), base.hidden), 0, `${pads} pads, masked`);
      assert.deepEqual(masked.outputs.slice(0, digits.length), base.outputs);
      const open = model.predict([...digits, ...Array(pads).fill(PAD)], { mask: false });
      assert.ok(maxAbsDiff(open.hidden.subarray(0, digits.length * d), base.hidden) > 1e-3, `${pads} pads, unmasked`);
    }
  } finally {
    model.dispose();
  }
});

test('tiny model: a fully padded sequence stays finite (PyTorch would give NaN)', () => {
  const model = new TinyModel(nw, modelBytes);
  try {
    const r = model.run(Array(5).fill(PAD));
    assert.ok(r.hidden.every(Number.isFinite) && r.logits.every(Number.isFinite));
    for (const a of r.attention) assert.ok(a.every((v) => v === 0));
  } finally {
    model.dispose();
  }
});

test('tiny model: bad tokens are refused with the position and the value', () => {
  const model = new TinyModel(nw, modelBytes);
  try {
    assert.throws(() => model.run([1, 2, 11]), /token 2 is 11/);
    assert.throws(() => model.run([1, 2, 3, 4], { batch: 3 }), /4 tokens do not make 3 rows/);
  } finally {
    model.dispose();
  }
});
