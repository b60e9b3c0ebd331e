// The training path's sizes at the wasm32 overflow boundary. size_t has 32 bits in wasm32, so
// batch · nHeads · seqLen² = 1 · 1 · 65536² = 2^32 would wrap to 0 in the saved-activation
// layout; every such call must end in a RangeError before anything is allocated or written, and
// the instance must stay usable. Each test loads an instance of its own: a write past a buffer
// would corrupt the memory that later calls read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freshInstance, randn, safetensorsFile, throwsWith } from './helpers.mjs';

const TINY = Object.freeze({ dModel: 1, nHeads: 1, dFF: 1, nLayers: 1 });

/** The same forward on a fresh encoder of a fresh instance: what an untouched module returns. */
async function reference(config, x, seqLen) {
  const nw = await freshInstance({ training: true });
  const enc = nw.createEncoder(config);
  return enc.forward(x, { seqLen, attention: false }).output;
}

test('keepActivations at seqLen 65536 (batch · nHeads · seqLen² = 2^32) is refused before anything is written', async () => {
  const nw = await freshInstance({ training: true });
  const enc = nw.createEncoder(TINY);
  enc.forward(randn(2048, 1), { seqLen: 2048, keepActivations: true, attention: false });
  const guard = nw.tensor(new Float32Array(1 << 20).fill(7));
  const before = nw.memoryStats().memoryBytes;
  throwsWith(
    () => enc.forward(new Float32Array(65536), { seqLen: 65536, keepActivations: true, attention: false }),
    RangeError,
    'forward',
    '65536',
    'MiB',
  );
  assert.equal(nw.memoryStats().memoryBytes, before, 'the refused call grew the memory');
  const view = guard.view();
  assert.ok(
    view.every((v) => v === 7),
    'a tensor beside the refused call was overwritten',
  );
  // The instance stays usable: the kept forward of before, and a new encoder.
  const x = randn(64, 2);
  const again = nw.createEncoder(TINY);
  const got = again.forward(x, { seqLen: 64, keepActivations: true, attention: false }).output;
  assert.deepEqual(got, await reference(TINY, x, 64));
  guard.dispose();
});

test('a keepActivations forward whose activations exceed the training memory cap is refused, naming the cap', async () => {
  const nw = await freshInstance({ training: true });
  const config = { dModel: 64, nHeads: 8, dFF: 128, nLayers: 1 };
  const enc = nw.createEncoder(config);
  const before = nw.memoryStats().memoryBytes;
  // 8 heads x 4096² attention probabilities alone are 512 MiB.
  throwsWith(
    () => enc.forward(new Float32Array(4096 * 64), { seqLen: 4096, keepActivations: true, attention: false }),
    RangeError,
    'forward',
    `${nw.limits.trainingBytes / 2 ** 20} MiB`,
  );
  assert.equal(nw.memoryStats().memoryBytes, before, 'the refused call grew the memory');
  const x = randn(8 * 64, 3);
  assert.deepEqual(
    enc.forward(x, { seqLen: 8, keepActivations: true, attention: false }).output,
    await reference(config, x, 8),
  );
});

test('createTokenTrainer at batch 1, seqLen 65536 is refused at creation, not at step()', async () => {
  const nw = await freshInstance({ training: true });
  const before = nw.memoryStats().memoryBytes;
  throwsWith(
    () => nw.createTokenTrainer({ encoder: TINY, vocab: 4, classes: 2, batch: 1, seqLen: 65536 }),
    RangeError,
    'createTokenTrainer',
    'batch x seqLen = 1 x 65536',
  );
  assert.equal(nw.memoryStats().memoryBytes, before, 'the refused call grew the memory');
  // Large products elsewhere: vocab x dModel, and batch x seqLen rows of logits.
  throwsWith(
    () =>
      nw.createTokenTrainer({
        encoder: { dModel: 32768, nHeads: 1, dFF: 1, nLayers: 1 },
        vocab: 1 << 20,
        classes: 2,
        batch: 1,
        seqLen: 1,
      }),
    RangeError,
    'createTokenTrainer',
    'MiB',
  );
  throwsWith(
    () => nw.createTokenTrainer({ encoder: TINY, vocab: 4, classes: 1 << 20, batch: 1 << 12, seqLen: 1 << 10 }),
    RangeError,
    'createTokenTrainer',
    'MiB',
  );
  // A trainer of a sane size still trains on this instance.
  const t = nw.createTokenTrainer({ encoder: TINY, vocab: 4, classes: 2, batch: 2, seqLen: 4 });
  const r = t.step(new Int32Array([0, 1, 2, 3, 3, 2, 1, 0]), new Int32Array([0, 1, 0, 1, 1, 0, 1, 0]));
  assert.equal(r.step, 1);
  assert.ok(Number.isFinite(r.loss));
  t.dispose();
});

test('a trainer reports the wasm memory it holds, which C++ computes, and creating it takes at least that', async () => {
  const nw = await freshInstance({ training: true });
  const config = {
    encoder: { dModel: 64, nHeads: 4, dFF: 128, nLayers: 2 },
    vocab: 11,
    classes: 10,
    batch: 64,
    seqLen: 8,
  };
  const before = nw.memoryStats().heapUsed;
  const t = nw.createTokenTrainer(config);
  const held = t.memoryBytes;
  // Five copies of the 104,020 parameters alone (weights, last good weights, gradients, two moments).
  assert.ok(held > 5 * t.parameterCount * 4, `memoryBytes ${held}`);
  const grown = nw.memoryStats().heapUsed - before;
  assert.ok(grown >= held, `creating the trainer took ${grown} bytes, less than the ${held} it reports`);
  assert.ok(grown < held + 65536, `creating the trainer took ${grown} bytes, more than the ${held} it reports`);
  t.dispose();
});

test('TokenTrainer.loadSafetensors refuses a tensor of the wrong shape as Encoder.loadSafetensors does, weights unchanged', async () => {
  const nw = await freshInstance({ training: true });
  const encoder = { dModel: 8, nHeads: 2, dFF: 16, nLayers: 1 };
  const t = nw.createTokenTrainer({ encoder, vocab: 5, classes: 3, batch: 2, seqLen: 4, seed: 1 });
  const good = t.saveSafetensors();
  const before = t.stateDict();
  const info = nw.inspectSafetensors(good);
  const tensors = nw.readSafetensors(good);
  // The same bytes under another declared shape: [5, 8] declared as [8, 5], a transposed linear1.
  const rewrite = (name, shape) => {
    const entries = {};
    for (const { name: key, shape: s } of info.tensors)
      entries[key] = { shape: key === name ? shape : s, data: tensors[key] };
    return safetensorsFile(entries);
  };
  for (const [name, wrong, right] of [
    ['embedding.weight', [8, 5], [5, 8]],
    ['encoder.layers.0.linear1.weight', [8, 16], [16, 8]],
    ['head.bias', [1, 3], [3]],
  ]) {
    throwsWith(
      () => t.loadSafetensors(rewrite(name, wrong)),
      RangeError,
      'loadSafetensors',
      `tensor "${name}" has shape [${wrong.join(', ')}] but this trainer expects [${right.join(', ')}]`,
    );
    const after = t.stateDict();
    for (const key of Object.keys(before)) assert.deepEqual(after[key], before[key], `${key} changed`);
  }
  // The encoder refuses its own transposed tensor with the same words.
  const enc = nw.createEncoder(encoder);
  const encTensors = enc.stateDict();
  const encFile = safetensorsFile(
    Object.fromEntries(
      enc.parameters.map((p) => [
        p.name,
        { shape: p.name === 'layers.0.linear1.weight' ? [8, 16] : [...p.shape], data: encTensors[p.name] },
      ]),
    ),
  );
  throwsWith(
    () => enc.loadSafetensors(encFile),
    RangeError,
    'tensor "layers.0.linear1.weight" has shape [8, 16] but this encoder expects [16, 8]',
  );
  t.loadSafetensors(good);
});
