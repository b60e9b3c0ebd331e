// The public API through normwave (its Node entry, dist/normwave.node.mjs): values, PyTorch parity, and every error path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import { readGolden } from './golden.mjs';
import { randn, maxAbsDiff, throwsWith, safetensorsFile as safetensors } from './helpers.mjs';

const nw = await loadNormwave();
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url)));

test('loadNormwave resolves once, with version and simd', async () => {
  assert.equal(nw.version, pkg.version);
  assert.equal(nw.simd, true);
  assert.equal(await loadNormwave(), nw);
});

test('positionalEncoding: interleaved sin/cos, any base, odd dModel', () => {
  const pe = nw.positionalEncoding(50, 7, { base: 100 });
  assert.equal(pe.length, 350);
  let worst = 0;
  for (let pos = 0; pos < 50; pos++) {
    for (let dim = 0; dim < 7; dim++) {
      const angle = pos / 100 ** ((2 * Math.floor(dim / 2)) / 7);
      worst = Math.max(worst, Math.abs(pe[pos * 7 + dim] - (dim % 2 ? Math.cos(angle) : Math.sin(angle))));
    }
  }
  assert.ok(worst <= 1e-6, `maxdiff ${worst}`);
});

test('positionalEncoding matches the PyTorch fixtures (<= 1e-5)', () => {
  for (const name of ['pe_d16_base10000', 'pe_d7_base10000', 'pe_d16_base100']) {
    const g = readGolden(`${name}.safetensors`);
    const d = Number(g.meta.d_model);
    const tailStart = Number(g.meta.tail_start);
    const pe = nw.positionalEncoding(tailStart + Number(g.meta.tail_rows), d, { base: Number(g.meta.base) });
    assert.ok(maxAbsDiff(pe.subarray(0, 64 * d), g.tensors.pe.data) <= 1e-5, name);
    assert.ok(maxAbsDiff(pe.subarray(tailStart * d), g.tensors.pe_tail.data) <= 1e-5, `${name} tail`);
  }
});

test('norms match the PyTorch fixtures, statistics included (<= 1e-5)', () => {
  for (const name of ['layernorm_5x37', 'layernorm_3x64']) {
    const { meta, tensors: t } = readGolden(`${name}.safetensors`);
    const r = nw.layerNormWithStats(t.x.data, Number(meta.dim), {
      gamma: t.gamma.data,
      beta: t.beta.data,
      eps: Number(meta.eps),
    });
    assert.ok(maxAbsDiff(r.output, t.out.data) <= 1e-5, name);
    assert.ok(maxAbsDiff(r.mean, t.mean.data) <= 1e-5);
    assert.ok(maxAbsDiff(r.variance, t.var.data) <= 1e-5);
    assert.deepEqual(nw.layerNorm(t.x.data, Number(meta.dim), { gamma: t.gamma.data, beta: t.beta.data }), r.output);
  }
  for (const name of ['rmsnorm_4x33', 'rmsnorm_2x64']) {
    const { meta, tensors: t } = readGolden(`${name}.safetensors`);
    const r = nw.rmsNormWithStats(t.x.data, Number(meta.dim), { gamma: t.gamma.data, eps: Number(meta.eps) });
    assert.ok(maxAbsDiff(r.output, t.out.data) <= 1e-5, name);
    assert.ok(maxAbsDiff(r.rms, t.rms.data) <= 1e-5);
    assert.deepEqual(nw.rmsNorm(t.x.data, Number(meta.dim), { gamma: t.gamma.data }), r.output);
  }
  const { meta, tensors: t } = readGolden('batchnorm_6x13.safetensors');
  const r = nw.batchNormWithStats(t.x.data, Number(meta.dim), { gamma: t.gamma.data, beta: t.beta.data });
  assert.ok(maxAbsDiff(r.output, t.out.data) <= 1e-5);
  assert.ok(maxAbsDiff(r.mean, t.mean.data) <= 1e-5);
  assert.ok(maxAbsDiff(r.variance, t.var.data) <= 1e-5);
});

test('layerNorm of the seed vector: mean 1, variance 1.66, output mean 0', () => {
  const x = new Float32Array([2.4, 1.1, -0.3, 0.8, 3.0, -1.2, 0.5, 1.7]);
  const before = x.slice();
  const r = nw.layerNormWithStats(x, 8);
  assert.ok(Math.abs(r.mean[0] - 1) < 1e-6);
  assert.ok(Math.abs(r.variance[0] - 1.66) < 1e-5);
  assert.ok(Math.abs(r.output.reduce((s, v) => s + v, 0) / 8) < 1e-6);
  assert.deepEqual(x, before, 'input unchanged');
  // Arrays of numbers work too.
  assert.deepEqual(nw.layerNorm(Array.from(x), 8), r.output);
});

test('results belong to the caller: a later call does not overwrite them', () => {
  const a = nw.layerNorm(randn(64, 1), 16);
  const copy = a.slice();
  nw.layerNorm(randn(64, 2), 16);
  nw.positionalEncoding(100, 64);
  assert.deepEqual(a, copy);
  assert.notEqual(a.buffer.byteLength, 0);
});

test('softmax, linear and activations', () => {
  const p = nw.softmax(new Float32Array([1e4, -1e4, 1e4, 0]), 4);
  assert.deepEqual(Array.from(p), [0.5, 0, 0.5, 0]);
  const masked = nw.softmax(new Float32Array([1, 2, 3, 4]), 4, { mask: new Uint8Array([1, 1, 1, 1]) });
  assert.deepEqual(Array.from(masked), [0, 0, 0, 0]);
  const y = nw.linear(new Float32Array([1, 2]), new Float32Array([1, 0, 0, 1, 1, 1]), new Float32Array([0.5, 0, -1]), {
    inFeatures: 2,
  });
  assert.deepEqual(Array.from(y), [1.5, 2, 2]);
  const g = nw.activation(new Float32Array([-1, 0, 1]), 'gelu');
  assert.ok(Math.abs(g[2] - 0.8413447) < 1e-6 && Math.abs(g[0] + 0.1586553) < 1e-6);
  assert.deepEqual(Array.from(nw.activation(new Float32Array([-1, 2]), 'relu')), [0, 2]);
});

const ENCODER_CASES = [
  'encoder_a_postln_relu_1l',
  'encoder_b_preln_gelu_1l',
  'encoder_c_postln_gelu_2l_norm',
  'encoder_d_preln_relu_2l_norm_pad',
];

function configOf(meta) {
  return {
    dModel: Number(meta.d_model),
    nHeads: Number(meta.n_heads),
    dFF: Number(meta.d_ff),
    nLayers: Number(meta.n_layers),
    normFirst: meta.norm_first === 'true',
    activation: meta.activation,
    eps: Number(meta.eps),
    finalNorm: meta.final_norm === 'true',
  };
}

test('encoder matches torch.nn.TransformerEncoder through loadStateDict and loadSafetensors', () => {
  for (const name of ENCODER_CASES) {
    const g = readGolden(`${name}.safetensors`);
    const enc = nw.createEncoder(configOf(g.meta));
    const stateDict = {};
    for (const p of enc.parameters) stateDict[p.name] = g.tensors[p.name]; // { data, shape } form
    const batch = Number(g.meta.batch),
      seqLen = Number(g.meta.seq);
    const paddingMask = Uint8Array.from(g.tensors.mask.data, (v) => (v ? 1 : 0));
    const check = (label) => {
      const { output, attention } = enc.forward(g.tensors.x.data, { batch, seqLen, paddingMask });
      const diff = maxAbsDiff(output, g.tensors.output.data);
      assert.ok(diff <= 2e-4, `${name} ${label} output maxdiff ${diff}`);
      assert.equal(attention.length, enc.config.nLayers);
      attention.forEach((a, l) => {
        const ad = maxAbsDiff(a, g.tensors[`attention.${l}`].data);
        assert.ok(ad <= 1e-5, `${name} ${label} attention.${l} maxdiff ${ad}`);
      });
    };
    enc.loadStateDict(stateDict);
    check('stateDict');
    enc.randomize(7);
    // The fixture also holds x, mask, output...: not parameters, so load non-strictly.
    enc.loadSafetensors(g.bytes, { strict: false });
    check('safetensors');
    enc.dispose();
  }
});

test('multi-head attention fixture through a one-layer view: padded keys get exactly 0', () => {
  const g = readGolden('encoder_d_preln_relu_2l_norm_pad.safetensors');
  const enc = nw.createEncoder(configOf(g.meta));
  enc.loadSafetensors(g.bytes, { strict: false });
  const batch = 2,
    seqLen = 6;
  const paddingMask = Uint8Array.from(g.tensors.mask.data, (v) => (v ? 1 : 0));
  const { attention } = enc.forward(g.tensors.x.data, { batch, seqLen, paddingMask });
  const heads = enc.config.nHeads;
  for (const a of attention) {
    for (let b = 0; b < batch; b++)
      for (let h = 0; h < heads; h++)
        for (let i = 0; i < seqLen; i++) {
          let sum = 0;
          for (let j = 0; j < seqLen; j++) {
            const w = a[((b * heads + h) * seqLen + i) * seqLen + j];
            if (paddingMask[b * seqLen + j]) assert.equal(w, 0);
            sum += w;
          }
          assert.ok(Math.abs(sum - 1) < 1e-5);
        }
  }
  enc.dispose();
});

test('a sequence whose keys are all padding gives finite output', () => {
  const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 16, nLayers: 2, finalNorm: true });
  const x = randn(2 * 3 * 8, 3);
  const { output, attention } = enc.forward(x, {
    batch: 2,
    seqLen: 3,
    paddingMask: new Uint8Array([0, 0, 1, 1, 1, 1]),
  });
  assert.ok(output.every(Number.isFinite));
  // The fully padded sequence's attention rows are all zero (torch: NaN).
  for (const a of attention) assert.ok(a.subarray(2 * 3 * 3).every((v) => v === 0));
  enc.dispose();
});

test('forward without attention maps, and with the default seqLen', () => {
  const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 16 });
  const x = randn(5 * 8, 4);
  const a = enc.forward(x);
  const b = enc.forward(x, { attention: false });
  assert.deepEqual(b.output, a.output);
  assert.deepEqual(b.attention, []);
  assert.equal(a.attention[0].length, 2 * 5 * 5);
  enc.dispose();
});

test('stateDict round-trips and names match torch', () => {
  const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 32, nLayers: 2, finalNorm: true, seed: 5 });
  const sd = enc.stateDict();
  assert.deepEqual(Object.keys(sd).slice(0, 3), [
    'layers.0.self_attn.in_proj_weight',
    'layers.0.self_attn.in_proj_bias',
    'layers.0.self_attn.out_proj.weight',
  ]);
  assert.equal(sd['layers.1.linear1.weight'].length, 32 * 8);
  assert.ok('norm.bias' in sd);
  assert.equal(
    enc.parameterCount,
    Object.values(sd).reduce((s, v) => s + v.length, 0),
  );
  const other = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 32, nLayers: 2, finalNorm: true, seed: 6 });
  other.loadStateDict(sd);
  const x = randn(3 * 8, 9);
  assert.deepEqual(other.forward(x).output, enc.forward(x).output);
  enc.dispose();
  other.dispose();
});

test('large row norms stream through wasm memory in blocks: same bits as the resident path, memory does not grow', () => {
  // 256 KiB blocks: 40 MB of rows of 1000 (65 rows a block), rows of 70,000 floats (one row a
  // block, 280 KB > a block), and a size just over the streaming threshold.
  for (const [rows, dim] of [
    [10_000, 1000],
    [9, 70_000],
    [131_073, 4],
  ]) {
    const x = randn(rows * dim, rows + dim);
    const gamma = randn(dim, 7),
      beta = randn(dim, 8);
    const before = nw.memoryStats().memoryBytes;
    const streamed = {
      layer: nw.layerNormWithStats(x, dim, { gamma, beta }),
      rms: nw.rmsNormWithStats(x, dim, { gamma }),
      plain: nw.layerNorm(x, dim, { gamma, beta }),
    };
    assert.ok(
      nw.memoryStats().memoryBytes - before <= 2 ** 20,
      `rows ${rows} x dim ${dim}: wasm memory grew by ${nw.memoryStats().memoryBytes - before} B`,
    );
    const tx = nw.tensor(x),
      tg = nw.tensor(gamma),
      tb = nw.tensor(beta),
      ty = nw.tensor(x.length);
    nw.layerNorm(tx, dim, { gamma: tg, beta: tb, out: ty });
    const resident = ty.read();
    nw.rmsNorm(tx, dim, { gamma: tg, out: ty });
    const residentRms = ty.read();
    for (const t of [tx, tg, tb, ty]) t.dispose();
    assert.deepEqual(streamed.layer.output, resident);
    assert.deepEqual(streamed.plain, resident);
    assert.deepEqual(streamed.rms.output, residentRms);
    const small = nw.layerNormWithStats(x.subarray(0, 2 * dim), dim, { gamma, beta });
    assert.deepEqual(streamed.layer.mean.subarray(0, 2), small.mean);
    assert.deepEqual(streamed.layer.variance.subarray(0, 2), small.variance);
    assert.equal(streamed.layer.mean.length, rows);
    assert.equal(streamed.rms.rms.length, rows);
    // Into a caller's array.
    const out = new Float32Array(x.length);
    assert.equal(nw.layerNorm(x, dim, { gamma, beta, out }), out);
    assert.deepEqual(out, resident);
  }
});

test('seeded stacks are prefixes: N layers with seed s are the first N of a deeper stack with seed s', () => {
  // The figures with a layer slider (<nw-prepost-ln>, <nw-encoder-stack>) rely on it.
  const config = { dModel: 16, nHeads: 4, dFF: 32, seed: 20240606, activation: 'gelu' };
  const deep = nw.createEncoder({ ...config, nLayers: 6, finalNorm: true });
  const sd = deep.stateDict();
  for (const n of [1, 3, 5]) {
    const shallow = nw.createEncoder({ ...config, nLayers: n });
    for (const [name, value] of Object.entries(shallow.stateDict())) assert.deepEqual(value, sd[name], name);
    shallow.dispose();
  }
  deep.dispose();
});

test('encoderParameters lists what createEncoder allocates, without allocating it', () => {
  const config = { dModel: 8, nHeads: 2, dFF: 32, nLayers: 2, finalNorm: true, normFirst: true, activation: 'gelu' };
  const enc = nw.createEncoder(config);
  const before = nw.memoryStats().heapUsed;
  const listed = nw.encoderParameters(config);
  assert.equal(nw.memoryStats().heapUsed, before);
  assert.deepEqual(listed.parameters, enc.parameters);
  assert.equal(listed.parameterCount, enc.parameterCount);
  enc.dispose();
  // The paper's base layer (d_model 512, 8 heads, d_ff 2048): 3,152,384 parameters.
  assert.equal(nw.encoderParameters({ dModel: 512, nHeads: 8, dFF: 2048 }).parameterCount, 3_152_384);
  // A 24-layer, 4096-wide stack is refused like createEncoder would refuse it (~4.8 G floats).
  throwsWith(
    () => nw.encoderParameters({ dModel: 4096, nHeads: 8, dFF: 16384, nLayers: 24 }),
    RangeError,
    'encoderParameters',
  );
  throwsWith(
    () => nw.encoderParameters({ dModel: 10, nHeads: 3, dFF: 8 }),
    RangeError,
    'encoderParameters',
    'divisible',
  );
  throwsWith(() => nw.encoderParameters(null), TypeError, 'encoderParameters', 'config');
});

function encoderFile(enc, convert = (f) => ({ dtype: 'F32', bytes: new Uint8Array(f.buffer.slice(0)) })) {
  const sd = enc.stateDict();
  const tensors = {};
  for (const p of enc.parameters) tensors[p.name] = { shape: p.shape, ...convert(sd[p.name]) };
  return tensors;
}

function toBf16(f) {
  const u32 = new Uint32Array(f.buffer.slice(0));
  const out = new Uint8Array(u32.length * 2);
  u32.forEach((v, i) => {
    out[2 * i] = (v >>> 16) & 255;
    out[2 * i + 1] = v >>> 24;
  });
  return { dtype: 'BF16', bytes: out };
}

test('loadSafetensors takes F32 at any alignment, and converts BF16', () => {
  const src = nw.createEncoder({ dModel: 4, nHeads: 1, dFF: 8, seed: 11 });
  const file = safetensors(encoderFile(src));
  const shifted = new Uint8Array(file.length + 3);
  shifted.set(file, 3);
  const enc = nw.createEncoder({ dModel: 4, nHeads: 1, dFF: 8, seed: 12 });
  enc.loadSafetensors(shifted.subarray(3));
  const x = randn(2 * 4, 13);
  assert.deepEqual(enc.forward(x).output, src.forward(x).output);
  enc.loadSafetensors(safetensors(encoderFile(src, toBf16)));
  const diff = maxAbsDiff(enc.forward(x).output, src.forward(x).output);
  assert.ok(diff > 0 && diff < 0.1, `bf16 rounding diff ${diff}`);
  const info = nw.inspectSafetensors(file);
  assert.equal(info.tensors.length, src.parameters.length);
  src.dispose();
  enc.dispose();
});

test('bad arguments throw TypeError/RangeError naming the argument and sizes', () => {
  const x = new Float32Array(12);
  throwsWith(() => nw.layerNorm(x, 5), RangeError, 'layerNorm', 'x', '12', 'dim = 5');
  for (const bad of [0, -3, NaN, 1.5, '4']) throwsWith(() => nw.layerNorm(x, bad), RangeError, 'dim');
  throwsWith(() => nw.layerNorm('abc', 3), TypeError, 'x', 'Float32Array');
  throwsWith(() => nw.layerNorm(x, 4, { gamma: new Float32Array(3) }), RangeError, 'gamma', 'length 3', '4');
  throwsWith(() => nw.batchNorm(x, 4, { beta: new Float32Array(5) }), RangeError, 'beta', 'length 5');
  throwsWith(() => nw.rmsNorm(x, 4, { eps: -1 }), RangeError, 'eps');
  throwsWith(() => nw.positionalEncoding(1e9, 512), RangeError, 'seqLen', '1000000000');
  throwsWith(() => nw.positionalEncoding(0, 8), RangeError, 'seqLen');
  throwsWith(() => nw.positionalEncoding(8, 2.5), RangeError, 'dModel');
  throwsWith(() => nw.positionalEncoding(8, 8, { base: 0 }), RangeError, 'base');
  throwsWith(() => nw.softmax(x, 5), RangeError, 'dim = 5');
  throwsWith(() => nw.activation(x, 'tanh'), RangeError, 'tanh');
  throwsWith(() => nw.createEncoder({ dModel: 10, nHeads: 3, dFF: 8 }), RangeError, 'dModel (10)', 'nHeads (3)');
  throwsWith(() => nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 8, activation: 'swish' }), RangeError, 'swish');
  throwsWith(() => nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 0 }), RangeError, 'dFF');
  throwsWith(() => nw.createEncoder({ dModel: 30000, nHeads: 2, dFF: 30000, nLayers: 100 }), RangeError, 'MiB');
  // The module still works.
  assert.equal(nw.layerNorm(new Float32Array([1, 3]), 2)[1] > 0, true);
});

test('encoder errors name the key or the sizes, and keep the last good weights', () => {
  const enc = nw.createEncoder({ dModel: 4, nHeads: 2, dFF: 8, seed: 1 });
  const x = randn(3 * 4, 2);
  const good = enc.forward(x).output;
  const sd = enc.stateDict();
  const poison = Object.fromEntries(Object.entries(sd).map(([k, v]) => [k, v.map(() => 99)]));

  const missing = { ...poison };
  delete missing['layers.0.norm2.bias'];
  throwsWith(() => enc.loadStateDict(missing), RangeError, 'missing key', 'layers.0.norm2.bias');
  throwsWith(
    () => enc.loadStateDict({ ...poison, 'layers.0.linear1.weight': new Float32Array(31) }),
    RangeError,
    'layers.0.linear1.weight',
    '31',
    '32',
  );
  throwsWith(
    () => enc.loadStateDict({ ...poison, 'layers.0.linear1.weight': { data: new Float32Array(32), shape: [4, 8] } }),
    RangeError,
    'shape [4, 8]',
    '[8, 4]',
  );
  throwsWith(() => enc.loadStateDict({ ...poison, extra: new Float32Array(1) }), RangeError, 'unexpected key "extra"');
  throwsWith(() => enc.loadStateDict(null), TypeError, 'stateDict');

  const file = safetensors(encoderFile({ stateDict: () => poison, parameters: enc.parameters }));
  throwsWith(() => enc.loadSafetensors(file.subarray(0, 6)), RangeError, '6 bytes');
  throwsWith(() => enc.loadSafetensors(file.subarray(0, file.length - 10)), RangeError, 'loadSafetensors');
  throwsWith(() => enc.loadSafetensors(safetensors({}, { headerLength: 1e6 })), RangeError, '1000000');
  throwsWith(() => enc.loadSafetensors(safetensors({}, { raw: '{"a": [1, 2' })), RangeError, 'loadSafetensors');
  const ints = encoderFile({ stateDict: () => poison, parameters: enc.parameters });
  ints['layers.0.linear1.bias'] = { dtype: 'I32', shape: [8], bytes: new Uint8Array(32) };
  throwsWith(() => enc.loadSafetensors(safetensors(ints)), RangeError, 'layers.0.linear1.bias', 'I32');
  const noKey = encoderFile({ stateDict: () => poison, parameters: enc.parameters });
  delete noKey['layers.0.self_attn.out_proj.bias'];
  throwsWith(() => enc.loadSafetensors(safetensors(noKey)), RangeError, 'layers.0.self_attn.out_proj.bias');
  throwsWith(() => enc.loadSafetensors('not bytes'), TypeError, 'bytes');

  throwsWith(() => enc.forward(new Float32Array(7)), RangeError, 'x', '7');
  throwsWith(() => enc.forward(x, { seqLen: 4 }), RangeError, 'x', '12', '16');
  throwsWith(() => enc.forward(x, { paddingMask: new Uint8Array(2) }), RangeError, 'paddingMask', '2', '3');
  throwsWith(() => enc.forward(x, { paddingMask: [0, 0, 1] }), TypeError, 'paddingMask');
  throwsWith(() => enc.forward(x, { batch: 0 }), RangeError, 'batch');

  assert.deepEqual(enc.forward(x).output, good, 'last good weights kept');
  enc.dispose();
  enc.dispose();
  throwsWith(() => enc.forward(x), Error, 'disposed');
});

test('readSafetensors returns every tensor by name, F32 and BF16', () => {
  const g = readGolden('layernorm_5x37.safetensors');
  const all = nw.readSafetensors(g.bytes);
  assert.equal(Object.getPrototypeOf(all), null);
  assert.deepEqual(Object.keys(all).sort(), Object.keys(g.tensors).sort());
  for (const [name, t] of Object.entries(g.tensors)) assert.deepEqual(all[name], t.data);
  const bf = safetensors({ w: { ...toBf16(new Float32Array([1.5, -2, 0.15625])), shape: [3] } });
  assert.deepEqual(Array.from(nw.readSafetensors(bf).w), [1.5, -2, 0.15625]);
  throwsWith(() => nw.readSafetensors(bf.subarray(0, 9)), RangeError, 'readSafetensors');
  const ints = safetensors({ i: { dtype: 'I32', shape: [2], bytes: new Uint8Array(8) } });
  throwsWith(() => nw.readSafetensors(ints), RangeError, 'readSafetensors', '"i"', 'I32');
});

test('readSafetensors parses a file once, not once per tensor (4,000 tensors)', () => {
  const tensors = {};
  for (let i = 0; i < 4000; i++) tensors[`t${i}`] = { shape: [1], bytes: new Uint8Array(new Float32Array([i]).buffer) };
  const file = safetensors(tensors);
  const t0 = performance.now();
  const all = nw.readSafetensors(file);
  const ms = performance.now() - t0;
  assert.equal(all.t3999[0], 3999);
  assert.ok(ms < 10_000, `${ms.toFixed(0)} ms`); // parsing once per tensor takes about a minute
});
