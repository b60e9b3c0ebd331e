// The data work of <nw-train>: a weights file is checked against the model from its header alone
// (web/lib/weights-file.js), and every message the session posts (web/lib/train-session.js)
// carries the seq of the message it answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import { TrainSession } from '../../web/lib/train-session.js';
import { checkWeightsFile, modelTensors, MAX_WEIGHTS_HEADER } from '../../web/lib/weights-file.js';

const nw = await loadNormwave({ training: true });
const model = new Uint8Array(readFileSync(new URL('../../web/models/tiny-sort.safetensors', import.meta.url)));
const headerLength = Number(new DataView(model.buffer, model.byteOffset).getBigUint64(0, true));
const header = JSON.parse(new TextDecoder().decode(model.subarray(8, 8 + headerLength)));
const tensorBytes = model.subarray(8 + headerLength);

/** A file made of an 8-byte length, the header (edited by `edit`) and `tail` (default: the model's tensors). */
function crafted(edit = () => {}, tail = tensorBytes) {
  const h = structuredClone(header);
  edit(h);
  const json = new TextEncoder().encode(JSON.stringify(h));
  const length = new Uint8Array(8);
  new DataView(length.buffer).setBigUint64(0, BigInt(json.length), true);
  return new Blob([length, json, tail]);
}

/** A Blob whose reads are counted: the largest slice read, in bytes. */
function watched(blob) {
  const seen = { largest: 0 };
  const wrap = (b) => ({
    size: b.size,
    slice: (start, end) => wrap(b.slice(start, end)),
    arrayBuffer: () => {
      seen.largest = Math.max(seen.largest, b.size);
      return b.arrayBuffer();
    },
  });
  return { file: wrap(blob), seen };
}

test('the model file passes, with its norm placement; its size is what it needs', async () => {
  const r = await checkWeightsFile(new Blob([model]), nw, false);
  assert.deepEqual(r, { normFirst: true, needed: model.length });
  // Post-LN has no final LayerNorm: two tensors fewer.
  assert.equal(modelTensors(nw, true).length - modelTensors(nw, false).length, 2);
});

test('a 420 MB file is refused from its header (a few KB read), naming its size and what the model needs', async () => {
  // The model's bytes followed by a zero tail, as a file of 420 MB whose slices are read on demand.
  const size = 420_000_000;
  const head = new Blob([model]);
  const zeros = (n) => new Blob([new Uint8Array(Math.max(0, n))]);
  const big = {
    size,
    slice: (start, end) =>
      new Blob([head.slice(start, end), zeros(Math.min(end, size) - Math.max(start, model.length))]),
  };
  const { file, seen } = watched(big);
  const r = await checkWeightsFile(file, nw, true);
  assert.deepEqual(r.refused, {
    key: 'train.loadSize',
    vars: {
      size: '420,000,000',
      needed: model.length.toLocaleString('en-US'),
      header: (8 + headerLength).toLocaleString('en-US'),
      tensors: tensorBytes.length.toLocaleString('en-US'),
    },
  });
  assert.ok(seen.largest <= headerLength, `read ${seen.largest} bytes at most`);
});

test('headers that do not describe the model are refused by reason, before any tensor is read', async () => {
  const cases = [
    [new Blob([model.subarray(0, 5)]), 'train.loadNotWeights'],
    [new Blob([new Uint8Array([255, 255, 255, 255, 0, 0, 0, 0]), model.subarray(8)]), 'train.loadNotWeights'],
    [
      new Blob([new Uint8Array([1, 0, 16, 0, 0, 0, 0, 0]), new Uint8Array(MAX_WEIGHTS_HEADER + 8)]),
      'train.loadNotWeights',
    ],
    [new Blob([new Uint8Array([2, 0, 0, 0, 0, 0, 0, 0]), new TextEncoder().encode('[]')]), 'train.loadNotWeights'],
    [new Blob([new Uint8Array([2, 0, 0, 0, 0, 0, 0, 0]), new Uint8Array([0xff, 0xfe])]), 'train.loadNotWeights'],
    [crafted((h) => (h['decoder.weight'] = h['head.bias'])), 'train.loadUnexpected'],
    [crafted((h) => delete h['encoder.norm.bias']), 'train.loadMissing'],
    [crafted((h) => (h['head.bias'].dtype = 'I64')), 'train.loadTensor'],
    [crafted((h) => (h['head.bias'].shape = [11])), 'train.loadTensor'],
    [crafted((h) => (h['head.bias'].data_offsets = [0, 8])), 'train.loadTensor'],
    [crafted(() => {}, tensorBytes.subarray(1)), 'train.loadSize'],
    // norm_first "false" asks for the Post-LN model, which has no encoder.norm.*.
    [crafted((h) => (h.__metadata__.norm_first = 'false')), 'train.loadUnexpected'],
  ];
  for (const [blob, key] of cases) {
    const { file, seen } = watched(blob);
    const r = await checkWeightsFile(file, nw, true);
    assert.equal(r.refused?.key, key, JSON.stringify(r));
    assert.ok(seen.largest <= Math.max(8, blob.size - tensorBytes.length), `${key}: read ${seen.largest} bytes`);
  }
  const wrongShape = crafted((h) => (h['head.bias'].shape = [11]));
  const shape = await checkWeightsFile(wrongShape, nw, true);
  assert.deepEqual(shape.refused.vars, {
    size: wrongShape.size.toLocaleString('en-US'),
    tensor: 'head.bias',
    dtype: 'F32',
    shape: '[11]',
    expected: '[10]',
  });
  // F16 tensors are half the bytes: the size the model needs follows the dtypes.
  const f16 = await checkWeightsFile(
    crafted(
      (h) => {
        h['head.bias'].dtype = 'F16';
        h['head.bias'].data_offsets = [h['head.bias'].data_offsets[0], h['head.bias'].data_offsets[0] + 20];
      },
      tensorBytes.subarray(0, tensorBytes.length - 20),
    ),
    nw,
    true,
  );
  assert.equal(f16.refused, undefined, JSON.stringify(f16));
});

test('every message posted carries the seq of the message it answers, slices the seq of the last handled', async () => {
  const out = [];
  const later = [];
  const session = new TrainSession(
    nw,
    (m) => out.push(m),
    (fn) => later.push(fn),
  );
  session.handle({ type: 'configure', normFirst: true, steps: 200, batch: 8, seed: 1, seq: 1 });
  session.handle({ type: 'example', index: 3, seq: 2 });
  session.handle({ type: 'run', seq: 3 });
  assert.deepEqual(
    out.map((m) => [m.type, m.seq]),
    [
      ['progress', 1],
      ['progress', 2],
    ],
  );
  later.shift()();
  assert.deepEqual(
    out.slice(2).map((m) => [m.type, m.seq, m.running]),
    [['progress', 3, true]],
  );
  session.handle({ type: 'pause', seq: 4 });
  assert.deepEqual([out.at(-1).type, out.at(-1).seq, out.at(-1).running], ['progress', 4, false]);
  session.handle({ type: 'nonsense', seq: 5 });
  assert.equal(out.at(-1).type, 'error');
  assert.equal(out.at(-1).seq, 5);
  session.handle({ type: 'dispose' });
});

test('a step that throws inside a slice is answered as an error, and the run ends', async () => {
  const out = [];
  const later = [];
  const session = new TrainSession(
    nw,
    (m) => out.push(m),
    (fn) => later.push(fn),
  );
  session.handle({ type: 'configure', normFirst: true, steps: 4, batch: 8, seed: 1, seq: 1 });
  session.handle({ type: 'run', seq: 2 });
  session.trainer.dispose();
  later.shift()();
  const last = out.at(-1);
  assert.equal(last.type, 'error');
  assert.equal(last.seq, 2);
  assert.match(last.message, /disposed/);
  assert.equal(session.running, false);
  assert.equal(later.length, 0, 'no further slice');
});
