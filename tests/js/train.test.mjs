// Gradients and training through the public API: encoder.backward after a
// kept forward against PyTorch autograd (tests/golden/grad_*.safetensors), the token trainer's
// gradients against the tiny sort model's step, the schedule, AdamW, and the bad-input errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import { randn, throwsWith } from './helpers.mjs';

const nw = await loadNormwave({ training: true });
const golden = (name) => new Uint8Array(readFileSync(new URL(`../golden/${name}`, import.meta.url)));

/** max |a − b| / max |b|: the fixtures' measure (tests/golden/README.md). */
function relErr(a, b) {
  assert.equal(a.length, b.length);
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < a.length; i++) {
    diff = Math.max(diff, Math.abs(a[i] - b[i]));
    scale = Math.max(scale, Math.abs(b[i]));
  }
  return diff / (scale || 1);
}

const GRAD_CASES = [
  'grad_encoder_postln_relu_2l_pad',
  'grad_encoder_postln_gelu_2l_norm_pad',
  'grad_encoder_preln_relu_2l_norm_pad',
  'grad_encoder_preln_gelu_2l_pad',
];

for (const name of GRAD_CASES) {
  test(`backward matches PyTorch autograd within 1e-4 relative per parameter: ${name}`, (t) => {
    const file = golden(`${name}.safetensors`);
    const meta = nw.inspectSafetensors(file).metadata;
    const g = nw.readSafetensors(file);
    const enc = nw.createEncoder({
      dModel: +meta.d_model,
      nHeads: +meta.n_heads,
      dFF: +meta.d_ff,
      nLayers: +meta.n_layers,
      normFirst: meta.norm_first === 'true',
      activation: meta.activation,
      finalNorm: meta.final_norm === 'true',
      eps: +meta.eps,
    });
    try {
      enc.loadSafetensors(file, { strict: false });
      const batch = +meta.batch;
      const { output } = enc.forward(g.x, { batch, paddingMask: Uint8Array.from(g.mask), keepActivations: true });
      assert.ok(relErr(output, g.output) <= 1e-4, 'the kept forward gives the forward output');
      const grads = enc.backward(g.grad_output);
      let worst = relErr(grads.input, g['grad.x']);
      let worstName = 'x';
      assert.deepEqual(Object.keys(grads.params), Object.keys(enc.stateDict()), 'keyed like stateDict(), in its order');
      for (const p of enc.parameters) {
        assert.equal(grads.params[p.name].length, p.numel);
        const e = relErr(grads.params[p.name], g[`grad.${p.name}`]);
        assert.ok(e <= 1e-4, `${p.name}: ${e.toExponential(2)}`);
        if (e > worst) {
          worst = e;
          worstName = p.name;
        }
      }
      assert.ok(relErr(grads.input, g['grad.x']) <= 1e-4, 'grad x');
      t.diagnostic(`worst ${worst.toExponential(2)} (${worstName})`);
    } finally {
      enc.dispose();
    }
  });
}

test('backward: a second backward without a kept forward is a clear error; a plain forward keeps nothing', () => {
  const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 16 });
  try {
    const x = randn(3 * 8, 1);
    throwsWith(() => enc.backward(new Float32Array(24)), Error, 'backward', 'keepActivations: true');
    enc.forward(x, { keepActivations: true });
    enc.backward(new Float32Array(24));
    throwsWith(() => enc.backward(new Float32Array(24)), Error, 'backward', 'no kept forward');
    enc.forward(x);
    throwsWith(() => enc.backward(new Float32Array(24)), Error, 'no kept forward');
    enc.forward(x, { keepActivations: true });
    throwsWith(() => enc.backward(new Float32Array(23)), RangeError, 'gradOutput has length 23, expected 24');
    // The length error does not consume the kept forward.
    const { input } = enc.backward(new Float32Array(24).fill(1));
    assert.equal(input.length, 24);
  } finally {
    enc.dispose();
  }
  throwsWith(() => enc.backward(new Float32Array(24)), Error, 'disposed');
});

test('backward: gradients are those of the weights the forward ran with; attention comes from the kept forward', () => {
  const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 16, nLayers: 2, seed: 3 });
  try {
    const x = randn(2 * 4 * 8, 2);
    const plain = enc.forward(x, { batch: 2 });
    const kept = enc.forward(x, { batch: 2, keepActivations: true });
    assert.deepEqual(kept.output, plain.output);
    assert.equal(kept.attention.length, 2);
    for (let l = 0; l < 2; l++) assert.ok(relErr(kept.attention[l], plain.attention[l]) < 1e-6);
    const dy = randn(x.length, 4);
    const before = enc.backward(dy);
    enc.forward(x, { batch: 2, keepActivations: true });
    enc.randomize(9);
    const after = enc.backward(dy);
    assert.deepEqual(after.input, before.input);
  } finally {
    enc.dispose();
  }
});

test('backward: float64 central differences of sum(output * g) agree with the gradient of x', () => {
  const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 16, normFirst: true, activation: 'gelu', seed: 5 });
  try {
    const x = randn(5 * 8, 7);
    const g = randn(5 * 8, 8);
    enc.forward(x, { keepActivations: true });
    const { input } = enc.backward(g);
    const f = (xs) => {
      const y = enc.forward(xs, { attention: false }).output;
      let s = 0;
      for (let i = 0; i < y.length; i++) s += y[i] * g[i];
      return s;
    };
    const h = 1e-2;
    for (const i of [0, 7, 13, 39]) {
      const p = Float32Array.from(x);
      p[i] += h;
      const m = Float32Array.from(x);
      m[i] -= h;
      const fd = (f(p) - f(m)) / (2 * h);
      assert.ok(Math.abs(fd - input[i]) < 2e-2 * Math.max(1, Math.abs(fd)), `x[${i}]: fd ${fd} vs ${input[i]}`);
    }
  } finally {
    enc.dispose();
  }
});

// ── the trainer ────────────────────────────────────────────────────────────────────────────────

const TINY = { dModel: 64, nHeads: 4, dFF: 128, nLayers: 2, normFirst: true, activation: 'relu', finalNorm: true };

test('trainer: gradients of the tiny sort model match PyTorch autograd (grad_tiny_sort_step) within 1e-4', (t) => {
  const file = golden('grad_tiny_sort_step.safetensors');
  const meta = nw.inspectSafetensors(file).metadata;
  const g = nw.readSafetensors(file);
  const batch = +meta.batch;
  const seqLen = +meta.seq;
  const tr = nw.createTokenTrainer({ encoder: TINY, vocab: +meta.vocab, classes: +meta.classes, batch, seqLen });
  try {
    tr.loadSafetensors(file, { strict: false });
    const tokens = Int32Array.from(g.tokens);
    const targets = Int32Array.from(g.targets);
    const paddingMask = Uint8Array.from(tokens, (v) => (v === +meta.pad_token ? 1 : 0));
    const r = tr.gradients(tokens, targets, { paddingMask });
    assert.ok(Math.abs(r.loss - g.loss[0]) <= 1e-4 * Math.abs(g.loss[0]), `loss ${r.loss} vs ${g.loss[0]}`);
    let worst = 0;
    for (const p of tr.parameters) {
      const e = relErr(r.params[p.name], g[`grad.${p.name}`]);
      assert.ok(e <= 1e-4, `${p.name}: ${e.toExponential(2)}`);
      worst = Math.max(worst, e);
    }
    t.diagnostic(`loss ${r.loss} (torch ${g.loss[0]}); worst gradient ${worst.toExponential(2)}`);
  } finally {
    tr.dispose();
  }
});

test('learningRate: linear warm-up then cosine to minLr, or constant', () => {
  const o = { lr: 1e-3, warmupSteps: 10, totalSteps: 110 };
  assert.equal(nw.learningRate(1, o), 1e-4);
  assert.equal(nw.learningRate(10, o), 1e-3);
  assert.ok(Math.abs(nw.learningRate(61, o) - 5e-4) < 1e-12);
  assert.ok(nw.learningRate(111, o) < 1e-12);
  assert.equal(nw.learningRate(500, { ...o, schedule: 'constant' }), 1e-3);
  assert.equal(nw.learningRate(1, { lr: 1e-3 }), 1e-3);
  throwsWith(() => nw.learningRate(1, { schedule: 'linear' }), RangeError, 'unknown schedule "linear"');
});

function sortBatch(n, seqLen, seed) {
  let s = seed >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const tokens = new Int32Array(n * seqLen);
  const targets = new Int32Array(n * seqLen);
  const mask = new Uint8Array(n * seqLen);
  for (let b = 0; b < n; b++) {
    const len = 3 + Math.floor(rand() * (seqLen - 2));
    const digits = Array.from({ length: len }, () => Math.floor(rand() * 10));
    const sorted = [...digits].sort((a, c) => a - c);
    for (let p = 0; p < seqLen; p++) {
      const i = b * seqLen + p;
      tokens[i] = p < len ? digits[p] : 10;
      targets[i] = p < len ? sorted[p] : -100;
      mask[i] = p < len ? 0 : 1;
    }
  }
  return { tokens, targets, paddingMask: mask };
}

test('trainer: the loss falls on the sort task; save and load round-trips the weights', () => {
  const tr = nw.createTokenTrainer({
    encoder: { ...TINY, dModel: 32, dFF: 64 },
    vocab: 11,
    classes: 10,
    batch: 32,
    seqLen: 8,
    seed: 1,
    optimizer: { lr: 3e-3, warmupSteps: 5, totalSteps: 60 },
  });
  try {
    const evalSet = sortBatch(64, 8, 99);
    const first = tr.evaluate(evalSet.tokens, evalSet.targets, { paddingMask: evalSet.paddingMask });
    let last;
    for (let i = 0; i < 60; i++) {
      const b = sortBatch(32, 8, i + 1);
      last = tr.step(b.tokens, b.targets, { paddingMask: b.paddingMask });
      assert.ok(Number.isFinite(last.loss) && Number.isFinite(last.gradNorm));
    }
    assert.equal(tr.stepCount, 60);
    const after = tr.evaluate(evalSet.tokens, evalSet.targets, { paddingMask: evalSet.paddingMask });
    assert.ok(after.loss < first.loss * 0.8, `held-out loss ${first.loss} -> ${after.loss}`);
    assert.equal(after.predictions.length, 64 * 8);
    assert.equal(after.attention.length, 2);
    assert.equal(after.attention[0].length, 4 * 8 * 8);
    const bytes = tr.saveSafetensors({ note: 'test' });
    const info = nw.inspectSafetensors(bytes);
    assert.equal(info.metadata.note, 'test');
    assert.equal(info.metadata.steps, '60');
    const other = nw.createTokenTrainer({
      encoder: { ...TINY, dModel: 32, dFF: 64 },
      vocab: 11,
      classes: 10,
      batch: 32,
      seqLen: 8,
      seed: 2,
    });
    try {
      other.loadSafetensors(bytes);
      assert.deepEqual(
        other.evaluate(evalSet.tokens, evalSet.targets, { paddingMask: evalSet.paddingMask }).logits,
        after.logits,
      );
      assert.equal(other.stepCount, 0);
    } finally {
      other.dispose();
    }
  } finally {
    tr.dispose();
  }
});

test('trainer: bad input is refused with the name of what is wrong', () => {
  const base = { encoder: { dModel: 8, nHeads: 2, dFF: 16 }, vocab: 11, classes: 10, batch: 2, seqLen: 4 };
  for (const lr of [0, -1, NaN, Infinity, '1e-3']) {
    throwsWith(
      () => nw.createTokenTrainer({ ...base, optimizer: { lr } }),
      RangeError,
      'createTokenTrainer: lr must be a positive finite number',
    );
  }
  const tr = nw.createTokenTrainer(base);
  try {
    throwsWith(() => tr.setOptimizer({ lr: -2 }), RangeError, 'setOptimizer: lr must be a positive finite number');
    const tokens = Int32Array.of(1, 2, 3, 10, 4, 5, 10, 10);
    const targets = Int32Array.of(1, 2, 3, -100, 4, 5, -100, -100);
    throwsWith(
      () => tr.step(tokens, Int32Array.of(1, 2, 3, -100, 4, 10, -100, -100)),
      RangeError,
      'targets[5] = 10 is out of range',
      '0..9 or -100',
    );
    throwsWith(
      () => tr.step(tokens, Int32Array.of(1, 2, 3, -1, 4, 5, -100, -100)),
      RangeError,
      'targets[3] = -1 is out of range',
    );
    throwsWith(
      () => tr.step(Int32Array.of(1, 2, 3, 11, 4, 5, 10, 10), targets),
      RangeError,
      'tokens[3] = 11 is out of range',
      '0..10',
    );
    throwsWith(() => tr.step(tokens, targets.subarray(1)), RangeError, 'targets has length 7, expected 8');
    throwsWith(
      () => tr.step(tokens, targets, { paddingMask: new Uint8Array(8).fill(1) }),
      RangeError,
      'paddingMask hides every position',
    );
    throwsWith(() => tr.step(tokens, new Int32Array(8).fill(-100)), RangeError, 'targets ignore every position');
    throwsWith(
      () => tr.step(tokens, Float32Array.of(1.5, 2, 3, -100, 4, 5, -100, -100)),
      RangeError,
      'targets[0] = 1.5',
    );
    throwsWith(() => tr.step(tokens, 'abc'), TypeError, 'targets must be an Int32Array');
    assert.equal(tr.stepCount, 0, 'no refused call took a step');
    tr.step(tokens, targets, { paddingMask: Uint8Array.of(0, 0, 0, 1, 0, 0, 1, 1) });
    assert.equal(tr.stepCount, 1);
  } finally {
    tr.dispose();
  }
});

test('trainer: a NaN loss stops training with a message and keeps the last good weights', () => {
  const tr = nw.createTokenTrainer({
    encoder: { dModel: 8, nHeads: 2, dFF: 16 },
    vocab: 11,
    classes: 10,
    batch: 2,
    seqLen: 4,
    seed: 4,
  });
  try {
    const tokens = Int32Array.of(1, 2, 3, 4, 4, 5, 6, 7);
    const targets = Int32Array.of(1, 2, 3, 4, 4, 5, 6, 7);
    tr.step(tokens, targets);
    tr.step(tokens, targets);
    const good = tr.stateDict();
    // Poison one weight: the next forward gives a NaN loss.
    const bad = tr.stateDict();
    bad['head.bias'][3] = NaN;
    tr.loadStateDict(bad);
    const r = tr.step(tokens, targets);
    assert.ok(Number.isNaN(r.loss));
    assert.match(r.stopped, /the loss is NaN at step 1/);
    assert.match(tr.stopped, /last weights whose loss was finite/);
    throwsWith(() => tr.step(tokens, targets), Error, 'training stopped', 'restart()');
    // The weights are those of the last finite loss (here: the poisoned load is not "good"; the
    // check runs before any update, so nothing moved).
    assert.ok(Number.isNaN(tr.stateDict()['head.bias'][3]));
    // From good weights, a huge learning rate blows up; the step before the blow-up is kept.
    tr.loadStateDict(good);
    tr.setOptimizer({ lr: 1e30, clipNorm: 0, weightDecay: 0 });
    let stop = null;
    const seen = [];
    for (let i = 0; i < 20 && !stop; i++) {
      seen.push(tr.stateDict());
      const s = tr.step(tokens, targets);
      if (s.stopped) stop = s;
    }
    assert.ok(stop, 'training stopped');
    assert.ok(seen.length >= 2, 'the first step from good weights had a finite loss');
    // The weights that gave NaN are the last seen; the ones before them gave a finite loss.
    const lastGood = seen[seen.length - 2];
    const kept = tr.stateDict();
    for (const name of Object.keys(kept)) assert.deepEqual(kept[name], lastGood[name], name);
    tr.restart();
    assert.equal(tr.stopped, null);
  } finally {
    tr.dispose();
  }
});

test('trainer: no memory is left behind by steps, evaluations and dispose', () => {
  const before = nw.memoryStats().heapUsed;
  for (let k = 0; k < 3; k++) {
    const tr = nw.createTokenTrainer({
      encoder: { dModel: 8, nHeads: 2, dFF: 16 },
      vocab: 11,
      classes: 10,
      batch: 4,
      seqLen: 4,
    });
    const b = sortBatch(4, 4, k);
    tr.step(b.tokens, b.targets, { paddingMask: b.paddingMask });
    tr.evaluate(b.tokens, b.targets, { paddingMask: b.paddingMask });
    tr.dispose();
    tr.dispose();
    throwsWith(() => tr.step(b.tokens, b.targets), Error, 'disposed');
  }
  assert.ok(nw.memoryStats().heapUsed - before < 4096, `${nw.memoryStats().heapUsed - before} bytes kept`);
});

test('single-op backwards: linear (dx = dy·W, dW = dyᵀ·x, db = Σ dy), ReLU, and LayerNorm against central differences', () => {
  const m = 5,
    n = 7,
    k = 6;
  const x = randn(m * k, 11),
    w = randn(n * k, 12),
    dy = randn(m * n, 13);
  const r = nw.linearBackward(x, w, dy, { inFeatures: k });
  const near = (a, b, tol, what) =>
    assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let o = 0; o < n; o++) s += dy[i * n + o] * w[o * k + j];
      near(r.input[i * k + j], s, 1e-5, `dx[${i},${j}]`);
    }
  for (let o = 0; o < n; o++) {
    let sb = 0;
    for (let i = 0; i < m; i++) sb += dy[i * n + o];
    near(r.bias[o], sb, 1e-5, `db[${o}]`);
    for (let j = 0; j < k; j++) {
      let s = 0;
      for (let i = 0; i < m; i++) s += dy[i * n + o] * x[i * k + j];
      near(r.weight[o * k + j], s, 1e-5, `dW[${o},${j}]`);
    }
  }
  const y = nw.activation(x, 'relu');
  const dr = nw.activationBackward(y, dy.subarray(0, y.length), 'relu');
  dr.forEach((v, i) => assert.equal(v, y[i] > 0 ? dy[i] : 0));
  throwsWith(() => nw.activationBackward(y, dy, 'tanh'), RangeError, 'unknown activation "tanh"');

  const dim = 9,
    rows = 3;
  const xs = randn(rows * dim, 14, 2, 3),
    g = randn(rows * dim, 15),
    gamma = randn(dim, 16);
  const ln = nw.layerNormBackward(xs, g, dim, { gamma });
  const f = (v) => {
    const o = nw.layerNorm(v, dim, { gamma });
    let s = 0;
    for (let i = 0; i < o.length; i++) s += o[i] * g[i];
    return s;
  };
  const h = 1e-2;
  for (const i of [0, 4, 13, 26]) {
    const p = Float32Array.from(xs);
    p[i] += h;
    const q = Float32Array.from(xs);
    q[i] -= h;
    near(ln.input[i], (f(p) - f(q)) / (2 * h), 2e-2, `LayerNorm dx[${i}]`);
  }
  let sb = 0;
  for (let r0 = 0; r0 < rows; r0++) sb += g[r0 * dim + 2];
  near(ln.beta[2], sb, 1e-5, 'dbeta[2]');
  throwsWith(() => nw.layerNormBackward(xs, g.subarray(1), dim), RangeError, 'gradOutput has length 26, expected 27');
});

test('trainer: at lr 3e-2 without warm-up Post-LN stalls where Pre-LN, and Post-LN with warm-up, learn (what <nw-train> offers to watch)', async (t) => {
  const { sortBatch, modelConfig } = await import('../../web/lib/train-session.js');
  const { uniforms } = await import('../../web/lib/seeded-random.js');
  const held = sortBatch(uniforms(5), 300);
  const run = (normFirst, warmupSteps) => {
    const tr = nw.createTokenTrainer({
      encoder: modelConfig(normFirst),
      vocab: 11,
      classes: 10,
      batch: 64,
      seqLen: 8,
      seed: 1,
      optimizer: { lr: 3e-2, warmupSteps, totalSteps: 400 },
    });
    try {
      const rand = uniforms(9);
      for (let s = 0; s < 150; s++) {
        const b = sortBatch(rand, 64);
        if (tr.step(b.tokens, b.targets, { paddingMask: b.paddingMask }).stopped) break;
      }
      return tr.evaluate(held.tokens, held.targets, { paddingMask: held.paddingMask }).accuracy;
    } finally {
      tr.dispose();
    }
  };
  const post = run(false, 0);
  const pre = run(true, 0);
  const postWarm = run(false, 40);
  t.diagnostic(
    `held-out accuracy after 150 steps: Post-LN ${post.toFixed(3)}, Pre-LN ${pre.toFixed(3)}, Post-LN with warm-up ${postWarm.toFixed(3)}`,
  );
  assert.ok(pre > post + 0.2, `Pre-LN ${pre} vs Post-LN ${post}`);
  assert.ok(postWarm > post + 0.2, `Post-LN with warm-up ${postWarm} vs without ${post}`);
});

// The two wasm modules (normwave_wasm.wasm by default, normwave_train.wasm with { training: true }).
test('the default instance has no training kernels, and each training call says how to get them', async () => {
  const plain = await loadNormwave();
  assert.equal(plain.training, false);
  assert.equal(nw.training, true);
  assert.notEqual(plain, nw, 'two instances, one per module');
  assert.equal(await loadNormwave({ training: true }), nw, 'one training instance per page');
  assert.equal(await loadNormwave(), plain);
  const hint = /load one with loadNormwave\(\{ training: true \}\)/;
  for (const call of [
    () =>
      plain.createTokenTrainer({
        encoder: { dModel: 8, nHeads: 2, dFF: 16 },
        vocab: 4,
        classes: 4,
        batch: 1,
        seqLen: 2,
      }),
    () => plain.learningRate(1),
    () => plain.layerNormBackward(new Float32Array(4), new Float32Array(4), 4),
    () => plain.linearBackward(new Float32Array(4), new Float32Array(4), new Float32Array(1), { inFeatures: 4 }),
    () => plain.activationBackward(new Float32Array(4), new Float32Array(4)),
  ])
    assert.throws(call, hint);
  const enc = plain.createEncoder({ dModel: 8, nHeads: 2, dFF: 16 });
  try {
    assert.throws(
      () => enc.forward(new Float32Array(16), { seqLen: 2, keepActivations: true }),
      /forward with keepActivations: .*training: true/,
    );
    assert.throws(() => enc.backward(new Float32Array(16)), /backward: .*training: true/);
    assert.equal(enc.forward(new Float32Array(16), { seqLen: 2 }).output.length, 16, 'the forward still works');
  } finally {
    enc.dispose();
  }
  assert.throws(() => loadNormwave({ training: 'yes' }), /training must be a boolean/);
});

test('the training module gives the same forward numbers as the default one', async () => {
  const plain = await loadNormwave();
  const x = randn(3 * 40, 5);
  assert.deepEqual(nw.layerNorm(x, 40), plain.layerNorm(x, 40));
  const config = { dModel: 16, nHeads: 4, dFF: 32, nLayers: 2, normFirst: true, seed: 3 };
  const a = plain.createEncoder(config);
  const b = nw.createEncoder(config);
  try {
    const input = randn(2 * 4 * 16, 9);
    assert.deepEqual(
      b.forward(input, { batch: 2, seqLen: 4 }).output,
      a.forward(input, { batch: 2, seqLen: 4 }).output,
    );
    const kept = b.forward(input, { batch: 2, seqLen: 4, keepActivations: true }).output;
    assert.ok(relErr(kept, a.forward(input, { batch: 2, seqLen: 4 }).output) < 1e-5, 'the training forward agrees');
  } finally {
    a.dispose();
    b.dispose();
  }
});

test('normwave/single holds the forward library only: { training: true } rejects naming the split build', async () => {
  const single = await import('normwave/single');
  await assert.rejects(
    single.loadNormwave({ training: true }),
    /normwave\.single\.mjs holds the forward library only; import 'normwave'/,
  );
});
