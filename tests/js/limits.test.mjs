// Requests whose buffers would not fit the wasm memory (2 GiB, MAXIMUM_MEMORY) are refused with a
// RangeError that names the argument, before anything is allocated (heapUsed and the memory's
// size unchanged), and the module keeps working afterwards. Every entry point is covered, and so
// is a request that fits 2 GiB but not the memory still free, where a kernel's own malloc would
// otherwise fail inside C++ and surface as a bare number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';

const nw = await loadNormwave();
const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 16, seed: 3 });
const encX = Float32Array.from({ length: 3 * 8 }, (_, i) => Math.sin(i));
const expected = {
  pe: nw.positionalEncoding(4, 6),
  ln: nw.layerNorm([1, 2, 3, 4], 4),
  fwd: enc.forward(encX).output,
};

// The module still computes the same results as before the refusal.
function stillWorks() {
  assert.deepEqual(nw.positionalEncoding(4, 6), expected.pe);
  assert.deepEqual(nw.layerNorm([1, 2, 3, 4], 4), expected.ln);
  assert.deepEqual(enc.forward(encX).output, expected.fwd);
}

// fn must throw a RangeError whose message has every fragment, without allocating anything.
// It is called twice and measured the second time: the first error of a kind can set up state
// kept for the module's lifetime (24-48 bytes in libc++'s first use of a path), not per call.
function refused(fn, ...fragments) {
  stillWorks(); // warm: the scratch block already holds what the checks above need
  try {
    fn();
  } catch {
    /* measured below */
  }
  const before = nw.memoryStats();
  assert.throws(fn, (e) => {
    assert.ok(e instanceof RangeError, `expected RangeError, got ${e?.constructor?.name}: ${e?.message ?? e}`);
    for (const f of fragments)
      assert.ok(e.message.includes(f), `message ${JSON.stringify(e.message)} lacks ${JSON.stringify(f)}`);
    return true;
  });
  const after = nw.memoryStats();
  assert.equal(after.heapUsed, before.heapUsed, 'the refused call kept wasm memory');
  assert.equal(after.memoryBytes, before.memoryBytes, 'the refused call grew the wasm memory');
  stillWorks();
}

// Zero-filled typed arrays are allocated lazily by the OS: a 2 GiB one costs no time.
const huge = (n) => new Float32Array(n);

test('positionalEncoding: seqLen x dModel past 2 GiB, or a dModel whose tables do not fit', () => {
  refused(
    () => nw.positionalEncoding(2 ** 20, 2 ** 12),
    'positionalEncoding',
    'seqLen x dModel = 1048576 x 4096',
    'MiB',
  );
  refused(() => nw.positionalEncoding(1, 2 ** 28), 'seqLen x dModel = 1 x 268435456');
  refused(() => nw.positionalEncoding(2 ** 30, 2 ** 30), 'seqLen x dModel');
});

test('batch norms: x whose input and output copies exceed 2 GiB', () => {
  // (Row norms stream large arrays through wasm memory in blocks: tests/js/api.test.mjs.)
  const x = huge(2 ** 28); // 1 GiB: x and the output do not fit together
  for (const name of ['batchNorm', 'batchNormWithStats']) {
    refused(() => nw[name](x, 2 ** 10), `${name}: `, 'x (262144 x 1024)');
  }
});

test('linear: an output rows x outFeatures past 2 GiB from small inputs; a weight too large to pack', () => {
  refused(
    () => nw.linear(huge(2 ** 20), huge(2 ** 20), null, { inFeatures: 1 }),
    'linear',
    'x (1048576 x 1)',
    'weight (1048576 x 1)',
  );
  refused(() => nw.linear(huge(1), huge(3 * 2 ** 27), null, { inFeatures: 1 }), 'weight (402653184 x 1)');
});

test('softmax and activation: x at the 2 GiB limit', () => {
  refused(() => nw.softmax(huge(2 ** 29), 2 ** 10), 'softmax', 'x (524288 x 1024)');
  refused(() => nw.activation(huge(2 ** 29 + 4), 'gelu'), 'activation', 'x (536870916)');
});

test('createEncoder: weights past 2 GiB', () => {
  refused(
    () => nw.createEncoder({ dModel: 32768, nHeads: 1, dFF: 32768, nLayers: 1024 }),
    'createEncoder',
    'dModel = 32768, dFF = 32768',
  );
  refused(
    () => nw.createEncoder({ dModel: 8192, nHeads: 8, dFF: 8192 }),
    'the weights of 1 layer(s) with dModel = 8192',
  );
});

test('forward: batch x seqLen whose buffers and attention maps exceed 2 GiB', () => {
  const tiny = nw.createEncoder({ dModel: 1, nHeads: 1, dFF: 1 });
  try {
    // 2^26 tokens of one feature: the attention maps alone would be 2^12 x 2^14 x 2^14 floats.
    refused(
      () => tiny.forward(huge(2 ** 26), { batch: 2 ** 12, seqLen: 2 ** 14 }),
      'forward',
      'batch x seqLen = 4096 x 16384',
    );
    // Without attention maps the work buffers still do not fit.
    refused(
      () => tiny.forward(huge(2 ** 26), { batch: 1, seqLen: 2 ** 26, attention: false }),
      'batch x seqLen = 1 x 67108864',
    );
    refused(() => enc.forward(huge(2 ** 20), { batch: 16, seqLen: 2 ** 13 }), 'batch x seqLen = 16 x 8192');
  } finally {
    tiny.dispose();
  }
});

test('loadSafetensors and inspectSafetensors: a header or a tensor claiming a huge size', () => {
  const claim = (n) => {
    const b = new Uint8Array(64);
    new DataView(b.buffer).setBigUint64(0, n, true);
    return b;
  };
  for (const n of [2n ** 62n, 2n ** 64n - 1n, 2n ** 31n, 57n]) {
    // Over the format's 100,000,000-byte limit is said first, as the reference reader does.
    const why =
      n > 100_000_000n ? "is over the format's limit of 100000000 bytes" : 'runs past the end of the 64-byte file';
    refused(() => enc.loadSafetensors(claim(n)), 'loadSafetensors', `header length ${n}`, why);
    refused(() => nw.inspectSafetensors(claim(n)), 'inspectSafetensors', `header length ${n}`);
  }
  // A well-formed header whose one tensor claims 2^40 x 2^40 floats in 4 bytes of data.
  const json = new TextEncoder().encode(
    '{"layers.0.norm1.weight":{"dtype":"F32","shape":[1099511627776,1099511627776],"data_offsets":[0,4]}}',
  );
  const file = new Uint8Array(8 + json.length + 4);
  new DataView(file.buffer).setBigUint64(0, BigInt(json.length), true);
  file.set(json, 8);
  refused(
    () => enc.loadSafetensors(file),
    'loadSafetensors',
    '"layers.0.norm1.weight"',
    '[1099511627776, 1099511627776]',
  );
  refused(() => nw.inspectSafetensors(file), 'inspectSafetensors', '1099511627776');
});

// Last: it grows this process's wasm memory to nearly 2 GiB.
test('a request that fits 2 GiB but not the memory still free is refused, not aborted', (t) => {
  if (typeof nw.tensor !== 'function') {
    t.skip('needs nw.tensor() to hold memory');
    return;
  }
  const hold = nw.tensor(3 * 2 ** 27); // 1.5 GiB resident
  try {
    // The PE kernel's tables for dModel = 2^23 take ~930 MiB (positionalEncodingWorkspaceFloats;
    // 2^22 needs ~460 MiB, which fits beside the 1.5 GiB held).
    refused(() => nw.positionalEncoding(1, 2 ** 23), 'positionalEncoding', 'seqLen x dModel = 1 x 8388608');
    // linear packs a 768 MiB weight into its own buffer: the JS-side copies fit, the pack does not.
    refused(() => nw.linear(huge(1), huge(2 ** 26), null, { inFeatures: 1 }), 'linear', 'weight (67108864 x 1)');
    // 300 MiB of weights fit 2 GiB three times over, but not beside 1.5 GiB.
    refused(() => nw.createEncoder({ dModel: 4096, nHeads: 1, dFF: 4096 }), 'createEncoder', 'dModel = 4096');
    const wide = nw.createEncoder({ dModel: 256, nHeads: 1, dFF: 256 });
    try {
      // ~300 MiB of forward work buffers.
      refused(
        () => wide.forward(huge(256 * 40000), { batch: 1, seqLen: 40000, attention: false }),
        'forward',
        'batch x seqLen = 1 x 40000',
      );
    } finally {
      wide.dispose();
    }
  } finally {
    hold.dispose();
  }
  stillWorks();
});
