// Resident tensors (nw.tensor): the kernels read and write them in place, results equal the
// copying API, nothing leaks or grows, and views never outlive a memory growth silently.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';
import { randn, maxAbsDiff, throwsWith } from './helpers.mjs';

const nw = await loadNormwave();

test('tensor(n) is zeros; tensor(data) holds a copy; write/read/view round-trip', () => {
  const z = nw.tensor(7);
  assert.equal(z.length, 7);
  assert.deepEqual(Array.from(z.read()), new Array(7).fill(0));
  const src = [1, 2, 3, 4];
  const t = nw.tensor(src);
  src[0] = 99;
  assert.deepEqual(Array.from(t.read()), [1, 2, 3, 4]);
  assert.equal(t.write([7, 8], 2), t);
  assert.deepEqual(Array.from(t.view()), [1, 2, 7, 8]);
  const copy = t.read();
  copy[0] = -1;
  assert.equal(t.view()[0], 1, 'read() is a copy');
  z.dispose();
  t.dispose();
});

test('norms on tensors equal the copying API, in place and with resident gamma/beta', () => {
  for (const dim of [1, 3, 4, 5, 8, 17, 513]) {
    const rows = 3;
    const x = randn(rows * dim, dim),
      gamma = randn(dim, 2),
      beta = randn(dim, 3);
    const xt = nw.tensor(x),
      gt = nw.tensor(gamma),
      bt = nw.tensor(beta),
      yt = nw.tensor(rows * dim);
    assert.equal(nw.layerNorm(xt, dim, { gamma: gt, beta: bt, out: yt }), yt);
    assert.equal(maxAbsDiff(yt.read(), nw.layerNorm(x, dim, { gamma, beta })), 0, `layerNorm dim ${dim}`);
    nw.rmsNorm(xt, dim, { gamma, out: yt });
    assert.equal(maxAbsDiff(yt.read(), nw.rmsNorm(x, dim, { gamma })), 0, `rmsNorm dim ${dim}`);
    nw.batchNorm(x, dim, { gamma: gt, beta, out: yt });
    assert.equal(maxAbsDiff(yt.read(), nw.batchNorm(x, dim, { gamma, beta })), 0, `batchNorm dim ${dim}`);
    const { output, mean, variance } = nw.layerNormWithStats(xt, dim, { out: yt });
    const want = nw.layerNormWithStats(x, dim);
    assert.equal(output, yt);
    assert.equal(maxAbsDiff(yt.read(), want.output), 0);
    assert.deepEqual(mean, want.mean);
    assert.deepEqual(variance, want.variance);
    // A tensor as x without out returns a fresh array; out may be x itself (in place).
    assert.equal(maxAbsDiff(nw.rmsNorm(xt, dim), nw.rmsNorm(x, dim)), 0);
    nw.layerNorm(xt, dim, { out: xt });
    assert.equal(maxAbsDiff(xt.read(), nw.layerNorm(x, dim)), 0, `in place, dim ${dim}`);
    for (const t of [xt, gt, bt, yt]) t.dispose();
  }
});

test('{ out: Float32Array } receives the result with one copy and is returned', () => {
  const dim = 17,
    rows = 5;
  const x = randn(rows * dim, 11),
    gamma = randn(dim, 12),
    beta = randn(dim, 13);
  const out = new Float32Array(rows * dim).fill(NaN);
  assert.equal(nw.layerNorm(x, dim, { gamma, beta, out }), out);
  assert.deepEqual(out, nw.layerNorm(x, dim, { gamma, beta }));
  assert.equal(nw.rmsNorm(x, dim, { gamma, out }), out);
  assert.deepEqual(out, nw.rmsNorm(x, dim, { gamma }));
  const r = nw.layerNormWithStats(x, dim, { out });
  assert.equal(r.output, out);
  assert.deepEqual(r.mean, nw.layerNormWithStats(x, dim).mean);
  const inPlace = x.slice();
  nw.layerNorm(inPlace, dim, { out: inPlace });
  assert.deepEqual(inPlace, nw.layerNorm(x, dim), 'out may be x');
  const pe = new Float32Array(30 * 6);
  assert.equal(nw.positionalEncoding(30, 6, { out: pe }), pe);
  assert.deepEqual(pe, nw.positionalEncoding(30, 6));
  throwsWith(
    () => nw.rmsNorm(x, dim, { out: new Float32Array(3) }),
    RangeError,
    'rmsNorm',
    'out has length 3',
    `expected ${rows * dim}`,
  );
  throwsWith(
    () => nw.positionalEncoding(2, 2, { out: new Float64Array(4) }),
    TypeError,
    'out must be a Float32Array or a tensor',
    'Float64Array(4)',
  );
});

test('positionalEncoding and Encoder.forward write into tensors', () => {
  const pe = nw.tensor(64 * 10);
  assert.equal(nw.positionalEncoding(64, 10, { out: pe }), pe);
  assert.deepEqual(pe.read(), nw.positionalEncoding(64, 10));
  pe.dispose();

  const enc = nw.createEncoder({ dModel: 16, nHeads: 4, dFF: 32, nLayers: 2, seed: 3 });
  const x = randn(2 * 5 * 16, 7);
  const want = enc.forward(x, { batch: 2, attention: false }).output;
  const xt = nw.tensor(x),
    yt = nw.tensor(x.length);
  const r = enc.forward(xt, { batch: 2, out: yt });
  assert.equal(r.output, yt);
  assert.equal(r.attention.length, 2);
  assert.deepEqual(yt.read(), want);
  assert.deepEqual(xt.read(), x, 'x is not modified');
  assert.deepEqual(enc.forward(xt, { batch: 2, attention: false }).output, want);
  enc.forward(xt, { batch: 2, out: xt, attention: false });
  assert.deepEqual(xt.read(), want, 'out may be x');
  for (const t of [xt, yt]) t.dispose();
  enc.dispose();
});

test('tensor errors name the argument and the sizes', () => {
  const t = nw.tensor(12);
  throwsWith(
    () => nw.layerNorm(new Float32Array(12), 4, { out: nw.tensor(8) }),
    RangeError,
    'layerNorm',
    'out',
    'length 8',
    'expected 12',
  );
  throwsWith(() => nw.layerNorm(t, 4, { gamma: nw.tensor(3) }), RangeError, 'gamma', 'length 3', 'dim = 4');
  throwsWith(() => nw.layerNorm(t, 5), RangeError, 'x has length 12', 'dim = 5');
  throwsWith(
    () => nw.layerNorm(t, 4, { out: new Array(12).fill(0) }),
    TypeError,
    'out must be a Float32Array or a tensor',
    'Array(12)',
  );
  throwsWith(() => nw.positionalEncoding(4, 4, { out: t }), RangeError, 'positionalEncoding', 'expected 16');
  const g = nw.tensor(4);
  throwsWith(() => nw.layerNorm(new Float32Array(4), 4, { gamma: g, out: g }), RangeError, 'out must not be the gamma');
  throwsWith(() => t.write(new Float32Array(5), 10), RangeError, 'tensor.write', 'length 12');
  throwsWith(() => nw.tensor(0), RangeError, 'length must be a positive integer');
  throwsWith(() => nw.tensor([]), RangeError, 'empty');
  t.dispose();
  t.dispose();
  assert.equal(t.disposed, true);
  throwsWith(() => t.read(), Error, 'disposed');
  throwsWith(() => t.view(), Error, 'disposed');
  throwsWith(() => nw.rmsNorm(t, 4), Error, 'rmsNorm', 'disposed');
  g.dispose();
});

test('views re-taken after memory growth see the data; stale views detach instead of dangling', () => {
  const t = nw.tensor(randn(1000, 5));
  const before = t.view();
  const saved = before.slice();
  const { memoryBytes } = nw.memoryStats();
  const big = nw.tensor(Math.ceil(memoryBytes / 4) + 1024); // more than the whole memory: it must grow
  assert.ok(nw.memoryStats().memoryBytes > memoryBytes, 'memory grew');
  assert.equal(before.length, 0, 'the old view is detached, not pointing at moved data');
  assert.deepEqual(t.view(), saved);
  assert.deepEqual(t.read(), saved);
  big.dispose();
  t.dispose();
});

test('resident calls hold no extra memory; dispose gives it all back', (t) => {
  const dim = 512,
    rows = 64;
  const start = nw.memoryStats().heapUsed;
  const xt = nw.tensor(randn(rows * dim, 1)),
    gt = nw.tensor(randn(dim, 2)),
    bt = nw.tensor(randn(dim, 3));
  const yt = nw.tensor(rows * dim),
    pe = nw.tensor(128 * 64);
  const body = () => {
    nw.layerNorm(xt, dim, { gamma: gt, beta: bt, out: yt });
    nw.rmsNorm(xt, dim, { gamma: gt, out: yt });
    nw.positionalEncoding(128, 64, { out: pe });
  };
  for (let i = 0; i < 50; i++) body();
  const before = nw.memoryStats();
  for (let i = 0; i < 3000; i++) body();
  const after = nw.memoryStats();
  t.diagnostic(
    `heapUsed ${before.heapUsed} -> ${after.heapUsed} bytes, memory ${before.memoryBytes} -> ${after.memoryBytes} bytes`,
  );
  assert.equal(after.heapUsed, before.heapUsed, 'heap grew');
  assert.equal(after.memoryBytes, before.memoryBytes, 'memory grew');
  for (const v of [xt, gt, bt, yt, pe]) v.dispose();
  assert.equal(nw.memoryStats().heapUsed, start, 'dispose freed every tensor');
});
