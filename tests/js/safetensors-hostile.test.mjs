// Hostile .safetensors files against the public API.
// Each is refused with a RangeError that says what is wrong, the module answers the next call,
// and wasm memory is where it was: heapUsed within 1 MiB, the memory's size not grown (wasm
// memory cannot shrink, so a refusal has to come before any growth).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';
import { safetensorsFile } from './helpers.mjs';

const MiB = 2 ** 20;
const nw = await loadNormwave();
const enc = nw.createEncoder({ dModel: 4, nHeads: 1, dFF: 4, seed: 1 });
const x = Float32Array.from({ length: 8 }, (_, i) => Math.sin(i));
const expected = { ln: nw.layerNorm([1, 2, 3, 4], 4), fwd: enc.forward(x).output };

// A file from header text and its data section, with an optional claimed header length.
const file = (raw, dataSection = new Uint8Array(0), headerLength = undefined) =>
  safetensorsFile({}, { raw, dataSection, headerLength });
const entry = (name, dtype, shape, begin, end) =>
  `${JSON.stringify(name)}:{"dtype":"${dtype}","shape":[${shape.join(',')}],"data_offsets":[${begin},${end}]}`;

// One F32 tensor "t" with `dims` dimensions of 1 (2 header bytes each).
const manyDims = (dims) =>
  file(`{"t":{"dtype":"F32","data_offsets":[0,4],"shape":[${'1,'.repeat(dims - 1)}1]}}`, new Uint8Array(4));

// A valid file whose header is about `bytes` long: U8 scalars that tile the data section.
function manyTensors(bytes) {
  const parts = [];
  let length = 2;
  for (let i = 0; length < bytes; i++) {
    parts.push(entry(`t${i}`, 'U8', [], i, i + 1));
    length += parts[i].length + 1;
  }
  return file(`{${parts.join(',')}}`, new Uint8Array(parts.length));
}

function stillWorks(api = nw, encoder = enc) {
  assert.deepEqual(api.layerNorm([1, 2, 3, 4], 4), expected.ln);
  if (encoder) assert.deepEqual(encoder.forward(x).output, expected.fwd);
}

// fn must throw a RangeError with every fragment in its message, keep heapUsed within 1 MiB and
// not grow the memory; then the module must still compute the same results.
function refused(fn, fragments, api = nw, encoder = enc) {
  const before = api.memoryStats();
  let error;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  const after = api.memoryStats();
  assert.ok(
    error instanceof RangeError,
    `expected a RangeError, got ${error?.constructor?.name}: ${String(error?.message ?? error).slice(0, 300)}`,
  );
  for (const f of fragments)
    assert.ok(
      error.message.includes(f),
      `message ${JSON.stringify(error.message.slice(0, 600))} lacks ${JSON.stringify(f)}`,
    );
  assert.ok(Math.abs(after.heapUsed - before.heapUsed) <= MiB, `heapUsed ${before.heapUsed} -> ${after.heapUsed}`);
  assert.equal(after.memoryBytes, before.memoryBytes, 'the refusal grew the wasm memory');
  stillWorks(api, encoder);
  return error;
}

// Each entry point that reads a file.
const readers = {
  inspectSafetensors: (b) => nw.inspectSafetensors(b),
  readSafetensors: (b) => nw.readSafetensors(b),
  loadSafetensors: (b) => enc.loadSafetensors(b, { strict: false }),
};

test('a tensor with 67,108,865 dimensions (a 128 MiB header) is refused before it is copied, not an abort holding 640 MiB', () => {
  const b = manyDims(67_108_865);
  const n = b.length - 8 - 4;
  assert.ok(n > 128 * MiB, `${n} bytes`);
  for (const [name, read] of Object.entries(readers)) {
    refused(() => read(b), [`${name}: header length ${n} is over the format's limit of 100000000 bytes`]);
  }
});

test('a header of 100,000,001 bytes is refused, even when the file is that long, before parsing grows the memory', () => {
  const b = file(`{}${' '.repeat(99_999_999)}`); // valid JSON, padded with spaces
  assert.equal(b.length, 8 + 100_000_001);
  for (const [name, read] of Object.entries(readers)) {
    refused(() => read(b), [`${name}: header length 100000001 is over the format's limit of 100000000 bytes`]);
  }
});

test('tensors that overlap, leave a gap, or leave data after the last one are refused, naming the tensors and offsets', () => {
  const cases = [
    [
      file(`{${entry('a', 'F32', [2], 0, 8)},${entry('b', 'F32', [2], 4, 12)}}`, new Uint8Array(12)),
      'tensor "b" has data_offsets [4, 12], which overlap tensor "a"\'s [0, 8]',
    ],
    [
      file(`{${entry('b', 'F32', [1], 8, 12)},${entry('a', 'F32', [1], 0, 4)}}`, new Uint8Array(12)),
      'tensor "b" has data_offsets [8, 12] but the tensor before it by offset, tensor "a" [0, 4], ends at byte 4: bytes [4, 8) of the data section belong to no tensor',
    ],
    [
      file(`{${entry('w', 'F32', [1], 4, 8)}}`, new Uint8Array(8)),
      'tensor "w" has data_offsets [4, 8] but it is the first tensor by offset: bytes [0, 4)',
    ],
    [
      file(`{${entry('a', 'F32', [1], 0, 4)}}`, new Uint8Array(100)),
      'the last tensor by offset, tensor "a" [0, 4], ends at byte 4 but the data section has 100 bytes: bytes [4, 100) belong to no tensor',
    ],
    [file('{}', new Uint8Array(3)), 'the header lists no tensor but the data section has 3 bytes'],
  ];
  for (const [b, message] of cases) {
    for (const [name, read] of Object.entries(readers))
      refused(() => read(b), [`${name}: invalid safetensors header: ${message}`]);
  }
  // Empty tensors may sit on any boundary, in any header order.
  const ok = file(
    `{${entry('c', 'F32', [0], 12, 12)},${entry('b', 'F32', [2], 4, 12)},${entry('a', 'F32', [1], 0, 4)}}`,
    new Uint8Array(Float32Array.from([1, 2, 3]).buffer),
  );
  assert.deepEqual(Object.keys(nw.readSafetensors(ok)).sort(), ['a', 'b', 'c']);
});

test("a shape of 65 dimensions is refused (the cap: 64, NumPy's limit) and 64 load", () => {
  for (const [name, read] of Object.entries(readers)) {
    refused(
      () => read(manyDims(65)),
      [`${name}: invalid safetensors header: tensor "t": shape has more than 64 dimensions`],
    );
  }
  assert.equal(nw.inspectSafetensors(manyDims(64)).tensors[0].shape.length, 64);
});

test('names are quoted and cut in loadSafetensors messages (a name of an ESC byte and 5,000 more bytes is not echoed raw)', () => {
  const esc = `\u001b[31m${'y'.repeat(5000)}`;
  const wrongShape = file(`{${entry(`${esc}layers.0.self_attn.in_proj_weight`, 'F32', [1], 0, 4)}}`, new Uint8Array(4));
  for (const [b, prefix, start] of [
    [wrongShape, esc, 'loadSafetensors: tensor "\\u001b[31myyy'],
    [file('{}'), esc, 'loadSafetensors: weights are missing "\\u001b[31myyy'],
  ]) {
    const e = refused(() => enc.loadSafetensors(b, { prefix, strict: false }), [start, '..."']);
    assert.ok(e.message.length < 400, `${e.message.length} characters`);
    assert.ok(!e.message.includes('\u001b'), 'the message holds a raw ESC');
  }
});

// Tensors of 64 MiB, then 1 MiB, until the memory's 2 GiB are taken. free(MiB) then frees
// about that much more. Made from zero arrays: api.tensor(length) zero-fills through
// Float32Array.prototype.fill, which is slow over 2 GiB in Node 20. (Touching 2 GiB of fresh wasm
// memory is what costs here, up to a minute on a loaded machine.)
function fillHeap(api) {
  const big = [],
    small = [];
  const zeros64 = new Float32Array(16 * MiB),
    zeros1 = new Float32Array(MiB / 4);
  for (;;) {
    try {
      big.push(api.tensor(zeros64));
    } catch {
      break;
    }
  }
  for (;;) {
    try {
      small.push(api.tensor(zeros1));
    } catch {
      break;
    }
  }
  return {
    free(mib) {
      if (small.length < mib) {
        for (let i = 0; i < Math.ceil(mib / 64); i++) big.pop().dispose();
        for (;;) {
          try {
            small.push(api.tensor(zeros1));
          } catch {
            break;
          }
        }
      }
      for (let i = 0; i < mib; i++) small.pop().dispose();
    },
    release() {
      for (const t of [...big, ...small]) t.dispose();
    },
  };
}

test('an 8 MiB header with the heap filled near its 2 GiB limit: a RangeError naming the file and the MiB it needs, or a load, never an abort', async () => {
  // A module of its own: this one's memory ends at its 2 GiB maximum.
  const api = await loadNormwave();
  const encoder = api.createEncoder({ dModel: 4, nHeads: 1, dFF: 4, seed: 1 });
  assert.deepEqual(encoder.forward(x).output, expected.fwd);
  const b = manyTensors(8 * MiB);
  const heap = fillHeap(api);
  try {
    heap.free(12);
    assert.equal(api.memoryStats().memoryBytes, 2048 * MiB);
    for (const name of ['inspectSafetensors', 'readSafetensors']) {
      const e = refused(() => api[name](b), [`${name}: a ${b.length}-byte file needs `, ' MiB'], api, encoder);
      assert.match(e.message, /needs \d+\.\d MiB more wasm memory than is free/);
    }
    refused(
      () => encoder.loadSafetensors(b, { strict: false }),
      [`loadSafetensors: a ${b.length}-byte file needs `],
      api,
      encoder,
    );
    // With room for the bound C++ reports, the same file is read.
    heap.free(96);
    const info = api.inspectSafetensors(b);
    assert.equal(info.tensors.length, b.length - 8 - new DataView(b.buffer).getUint32(0, true));
    stillWorks(api, encoder);
  } finally {
    heap.release();
  }
});
