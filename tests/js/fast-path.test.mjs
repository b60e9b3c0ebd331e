// The norms' fast path: the API calls the kernels through direct wasm exports
// (cpp/bindings/raw.cpp) and uses the caller's Float32Arrays as they are. Its results must be
// bit-identical to the Embind functions of the same kernels (called here on normwave_bench, the
// forward module of the same build plus cpp/bindings/bench.cpp, which binds the norms through
// Embind too), and its errors the messages that name each argument. Speed is measured by
// `npm run bench`, never here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadNormwave } from 'normwave';
import { randn, throwsWith } from './helpers.mjs';

const nw = await loadNormwave();
const root = new URL('../../', import.meta.url);
const factory = (await import(new URL('build/wasm/normwave_bench.mjs', root))).default;
const M = await factory({ wasmBinary: readFileSync(new URL('build/wasm/normwave_bench.wasm', root)) });

const bits = (a) => Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length));

// The Embind path, the reference here: copy in, the Embind function, copy out.
function embind(kind, x, dim, { gamma, beta, eps }) {
  const rows = x.length / dim;
  const nStats = kind === 'batch' ? dim : rows;
  const sizes = [x.length, x.length, dim, dim, nStats, nStats];
  const base = M.alloc(sizes.reduce((t, n) => t + n, 0) * 4);
  const [ax, ao, ag, ab, a1, a2] = sizes.map((n, i) => base + 4 * sizes.slice(0, i).reduce((t, k) => t + k, 0));
  M.HEAPF32.set(x, ax / 4);
  if (gamma) M.HEAPF32.set(gamma, ag / 4);
  if (beta) M.HEAPF32.set(beta, ab / 4);
  if (kind === 'layer') M.layerNorm(ao, a1, a2, ax, gamma ? ag : 0, beta ? ab : 0, rows, dim, eps);
  else if (kind === 'rms') M.rmsNorm(ao, a1, ax, gamma ? ag : 0, rows, dim, eps);
  else M.batchNorm(ao, a1, a2, ax, gamma ? ag : 0, beta ? ab : 0, rows, dim, eps);
  const take = (a, n) => M.HEAPF32.slice(a / 4, a / 4 + n);
  const r = { output: take(ao, x.length), s1: take(a1, nStats), s2: take(a2, nStats) };
  M.dealloc(base);
  return r;
}

const KINDS = [
  { kind: 'layer', plain: 'layerNorm', withStats: 'layerNormWithStats', stats: ['mean', 'variance'], eps: 1e-5 },
  { kind: 'rms', plain: 'rmsNorm', withStats: 'rmsNormWithStats', stats: ['rms'], eps: 1e-6 },
  { kind: 'batch', plain: 'batchNorm', withStats: 'batchNormWithStats', stats: ['mean', 'variance'], eps: 1e-5 },
];
// Vector-width edges, the bench's small shapes, and 700 x 256 (streamed through scratch in blocks).
// 1x15, 1x16 and 1x17: the edge of the loop copies (16 floats and fewer) and of set(); 1, 2, 3, 6
// and 7 floats: every tail of those copies' four-float steps.
const SHAPES = [
  [1, 1],
  [1, 2],
  [1, 3],
  [1, 4],
  [1, 6],
  [1, 8],
  [2, 7],
  [1, 15],
  [1, 16],
  [1, 17],
  [3, 5],
  [1, 64],
  [8, 64],
  [2, 129],
  [64, 256],
  [700, 256],
];

test('fast path: every norm and shape is bit-identical to the Embind functions of the same kernels', () => {
  for (const { kind, plain, withStats, stats, eps: defaultEps } of KINDS) {
    for (const [rows, dim] of SHAPES) {
      const x = randn(rows * dim, rows * 31 + dim, 0.7, 2.5);
      const gamma = randn(dim, dim + 1, 1, 0.2),
        beta = kind === 'rms' ? undefined : randn(dim, dim + 2, 0, 0.2);
      for (const opts of [{}, { gamma, beta }, { gamma, beta, eps: 1e-3 }]) {
        const want = embind(kind, x, dim, { gamma: opts.gamma, beta: opts.beta, eps: opts.eps ?? defaultEps });
        const what = `${plain} ${rows}x${dim} ${Object.keys(opts).join(',') || 'defaults'}`;
        assert.deepEqual(bits(nw[plain](x, dim, opts)), bits(want.output), `${what}: fresh result`);
        const out = new Float32Array(x.length);
        assert.equal(nw[plain](x, dim, { ...opts, out }), out, `${what}: returns out`);
        assert.deepEqual(bits(out), bits(want.output), `${what}: into out`);
        for (const [input, how] of [
          [Array.from(x), 'an Array'],
          [x, 'a Float32Array'],
        ]) {
          const r = nw[withStats](input, dim, opts);
          assert.deepEqual(bits(r.output), bits(want.output), `${what}: with stats of ${how}`);
          assert.deepEqual(bits(r[stats[0]]), bits(want.s1), `${what}: ${stats[0]} of ${how}`);
          if (stats[1]) assert.deepEqual(bits(r[stats[1]]), bits(want.s2), `${what}: ${stats[1]} of ${how}`);
        }
      }
    }
  }
});

test('fast path: the direct export and the Embind function agree bit for bit on the same addresses', () => {
  const rows = 5,
    dim = 37,
    n = rows * dim;
  const base = M.alloc((3 * n + 2 * dim + 4 * rows) * 4);
  const ax = base,
    a1 = ax + 4 * n,
    a2 = a1 + 4 * n,
    ag = a2 + 4 * n,
    ab = ag + 4 * dim,
    s = ab + 4 * dim;
  M.HEAPF32.set(randn(n, 3, 1, 3), ax / 4);
  M.HEAPF32.set(randn(dim, 4, 1, 0.3), ag / 4);
  M.HEAPF32.set(randn(dim, 5, 0, 0.3), ab / 4);
  const at = (a, k) => bits(M.HEAPF32.subarray(a / 4, a / 4 + k));
  M.layerNorm(a1, s, s + 4 * rows, ax, ag, ab, rows, dim, 1e-5);
  M._nw_layer_norm(a2, s + 8 * rows, s + 12 * rows, ax, ag, ab, rows, dim, 1e-5);
  assert.deepEqual(at(a2, n), at(a1, n));
  assert.deepEqual(at(s + 8 * rows, 2 * rows), at(s, 2 * rows));
  M.rmsNorm(a1, s, ax, ag, rows, dim, 1e-6);
  M._nw_rms_norm(a2, s + 4 * rows, ax, ag, rows, dim, 1e-6);
  assert.deepEqual(at(a2, n), at(a1, n));
  assert.deepEqual(at(s + 4 * rows, rows), at(s, rows));
  M.batchNorm(a1, 0, 0, ax, 0, 0, rows, dim, 1e-5);
  M._nw_batch_norm(a2, 0, 0, ax, 0, 0, rows, dim, 1e-5);
  assert.deepEqual(at(a2, n), at(a1, n));
  M.dealloc(base);
});

test('fast path: each bad argument throws its error type with the exact message naming it', () => {
  const f8 = () => new Float32Array(8);
  const cases = [
    [
      () => nw.layerNorm(new Float32Array(7), 8),
      RangeError,
      'layerNorm: x has length 7, which is not a positive multiple of dim = 8',
    ],
    [() => nw.layerNorm(f8(), 0), RangeError, 'layerNorm: dim must be a positive integer, got 0'],
    [
      () => nw.layerNorm('x', 8),
      TypeError,
      "layerNorm: x must be a Float32Array, an array of numbers or a tensor made by this module's nw.tensor(), got string",
    ],
    [
      () => nw.layerNorm(f8(), 8, { gamma: new Float32Array(7) }),
      RangeError,
      'layerNorm: gamma has length 7, expected 8 (one value per feature, dim = 8)',
    ],
    [
      () => nw.batchNorm(f8(), 8, { beta: [1, 2] }),
      RangeError,
      'batchNorm: beta has length 2, expected 8 (one value per feature, dim = 8)',
    ],
    [
      () => nw.layerNorm(f8(), 8, { eps: 1e-50 }),
      RangeError,
      "layerNorm: eps must be a number that is finite and > 0 as a float32 (the kernels' type), got 1e-50, which float32 rounds to 0",
    ],
    [
      () => nw.layerNorm(f8(), 4, { out: new Float32Array(7) }),
      RangeError,
      'layerNorm: out has length 7, expected 8 (like x, rows x dim = 2 x 4)',
    ],
    [
      () => nw.rmsNorm(f8(), 8, { out: new Float64Array(8) }),
      TypeError,
      'rmsNorm: out must be a Float32Array or a tensor made by nw.tensor(), got Float64Array(8)',
    ],
    [
      () => nw.rmsNorm(new BigInt64Array(8), 8),
      TypeError,
      'rmsNorm: x must hold numbers, got a BigInt64Array; convert it with Float32Array.from(x, Number)',
    ],
    [
      () => {
        const x = f8();
        structuredClone(x.buffer, { transfer: [x.buffer] });
        return nw.layerNorm(x, 8);
      },
      TypeError,
      'layerNorm: x is a Float32Array over a detached ArrayBuffer (transferred or detached by a memory growth); pass a live array',
    ],
    [
      () => {
        const x = f8();
        return nw.layerNorm(x, 8, {
          get eps() {
            structuredClone(x.buffer, { transfer: [x.buffer] });
            return 1e-5;
          },
        });
      },
      TypeError,
      "layerNorm: x was detached while the call's other arguments were read; pass a live array",
    ],
    [
      () => {
        const out = f8();
        return nw.layerNorm(f8(), 8, {
          get gamma() {
            structuredClone(out.buffer, { transfer: [out.buffer] });
            return undefined;
          },
          out,
        });
      },
      TypeError,
      'layerNorm: out is a Float32Array over a detached ArrayBuffer (transferred or detached by a memory growth); pass a live array',
    ],
  ];
  for (const [call, type, message] of cases)
    assert.throws(call, (e) => e instanceof type && e.message === message, message);
});

test('fast path: a valueOf that disposes a tensor is an Error, not a use after free', () => {
  const out = nw.tensor(8),
    g = nw.tensor(8);
  const x = new Float32Array(8).fill(2);
  throwsWith(
    () =>
      nw.layerNorm(x, 8, {
        gamma: g,
        beta: [
          {
            valueOf() {
              out.dispose();
              return 0;
            },
          },
          0,
          0,
          0,
          0,
          0,
          0,
          0,
        ],
        out,
      }),
    Error,
    'layerNorm',
    'out',
    'disposed',
  );
  throwsWith(
    () =>
      nw.layerNorm(x, 8, {
        gamma: g,
        beta: [
          {
            valueOf() {
              g.dispose();
              return 0;
            },
          },
          0,
          0,
          0,
          0,
          0,
          0,
          0,
        ],
        out: new Float32Array(8),
      }),
    Error,
    'layerNorm',
    'gamma',
    'disposed',
  );
  assert.ok(out.disposed && g.disposed);
});

test("fast path: the caller's own set(), subarray() and length are never used", () => {
  class Hostile extends Float32Array {
    get length() {
      return 1e6;
    }
    set() {
      throw new Error('caller set() ran');
    }
    subarray() {
      throw new Error('caller subarray() ran');
    }
  }
  for (const [rows, dim] of [
    [1, 8],
    [8, 64],
    [700, 256],
  ]) {
    const x = randn(rows * dim, dim, 0, 1),
      gamma = randn(dim, 2, 1, 0.1),
      beta = randn(dim, 3, 0, 0.1);
    const want = nw.layerNorm(x, dim, { gamma, beta });
    const out = new Hostile(rows * dim);
    nw.layerNorm(Hostile.from(x), dim, { gamma: Hostile.from(gamma), beta: Hostile.from(beta), out });
    assert.deepEqual(bits(new Float32Array(out.buffer)), bits(want), `${rows}x${dim}`);
  }
});

test('fast path: calls after the wasm memory grew read the new memory', () => {
  const x = randn(64, 7, 0, 1);
  const before = nw.layerNorm(x, 64, { out: new Float32Array(64) });
  const { memoryBytes } = nw.memoryStats();
  const big = nw.tensor(memoryBytes / 4); // cannot fit: the memory grows
  assert.ok(nw.memoryStats().memoryBytes > memoryBytes, 'the memory grew');
  assert.deepEqual(bits(nw.layerNorm(x, 64, { out: new Float32Array(64) })), bits(before));
  assert.deepEqual(bits(nw.rmsNormWithStats(x, 8).output), bits(nw.rmsNorm(Array.from(x), 8)));
  big.dispose();
});

test('fast path: a short row after the scratch block moved and after the memory grew', () => {
  const x = randn(8, 11, 0.5, 2),
    gamma = randn(8, 12, 1, 0.2),
    beta = randn(8, 13, 0, 0.2);
  const want = bits(embind('layer', x, 8, { gamma, beta, eps: 1e-5 }).output);
  const again = (what) => {
    assert.deepEqual(bits(nw.layerNorm(x, 8, { gamma, beta })), want, what);
    const r = nw.layerNormWithStats(x, 8, { gamma, beta });
    assert.deepEqual(bits(r.output), want, `${what}, with stats`);
  };
  again('first call');
  // BatchNorm is not streamed: x and out of 12 MiB in scratch, more than any call before, so the
  // block moves; tensors then take the memory it freed.
  nw.batchNorm(randn(6000 * 256, 14, 0, 1), 256);
  const marks = Array.from({ length: 8 }, () => nw.tensor(new Float32Array(96).fill(7)));
  again('after the scratch block moved');
  for (const m of marks)
    assert.ok(
      m.read().every((v) => v === 7),
      'no tensor was written by the short row',
    );
  for (const m of marks) m.dispose();
  const { memoryBytes } = nw.memoryStats();
  const t = nw.tensor(memoryBytes / 4); // the memory grows: the slots' view is detached
  again('after the memory grew');
  t.dispose();
});

test('fast path: arrays passed again are checked again: detached, shrunk, another dim, grown memory', () => {
  const detach = (a) => structuredClone(a.buffer, { transfer: [a.buffer] });
  const dim = 8,
    x = randn(16, 5, 0, 1),
    beta = randn(dim, 6, 0, 0.1);
  // gamma over a resizable buffer: its length follows the buffer's.
  const gamma = new Float32Array(new ArrayBuffer(dim * 4, { maxByteLength: 64 }));
  const g = randn(dim, 7, 1, 0.1);
  gamma.set(g);
  const out = new Float32Array(16);
  const want = Array.from(nw.layerNorm(Array.from(x), dim, { gamma: Array.from(gamma), beta: Array.from(beta) }));
  const again = () => nw.layerNorm(x, dim, { gamma, beta, out });
  for (let i = 0; i < 3; i++) assert.deepEqual(Array.from(again()), want, `call ${i}: the same arrays again`);
  throwsWith(() => nw.layerNorm(x, 4, { gamma, beta, out }), RangeError, 'layerNorm', 'gamma', 'length 8', 'dim = 4');
  gamma.buffer.resize(6 * 4);
  throwsWith(again, RangeError, 'layerNorm', 'gamma', 'length 6', 'expected 8');
  gamma.buffer.resize(dim * 4); // (the bytes it grows by are zeros)
  gamma.set(g);
  assert.deepEqual(Array.from(again()), want, 'gamma back to its length');
  const { memoryBytes } = nw.memoryStats();
  const big = nw.tensor(memoryBytes / 4); // the memory grows: its buffer is a new one
  assert.deepEqual(Array.from(again()), want, 'after the memory grew');
  big.dispose();
  detach(beta);
  throwsWith(again, TypeError, 'layerNorm', 'beta', 'detached');
  detach(x);
  throwsWith(() => nw.layerNorm(x, dim, { out }), TypeError, 'layerNorm', 'x', 'detached');
  detach(out);
  throwsWith(() => nw.layerNorm(randn(16, 5, 0, 1), dim, { out }), TypeError, 'layerNorm', 'out', 'detached');
  // A view on wasm memory is never taken as it is, however often it comes.
  const t = nw.tensor(randn(16, 5, 0, 1));
  const onHeap = t.view();
  assert.deepEqual(Array.from(nw.layerNorm(onHeap, dim)), Array.from(nw.layerNorm(t.read(), dim)));
  t.dispose();
});

test('fast path: each method reads its options once, in the order run() reads them, for Float32Arrays and Arrays alike', () => {
  const f = (n) => Float32Array.from({ length: n }, (_, i) => Math.sin(i + 1));
  const order = {
    layer: ['gamma', 'eps', 'out', 'beta'],
    rms: ['gamma', 'eps', 'out'],
    batch: ['gamma', 'eps', 'out', 'beta'],
  };
  for (const { kind, plain, withStats } of KINDS) {
    for (const method of [plain, withStats]) {
      for (const [x, how] of [
        [f(8), 'a Float32Array'],
        [Array.from(f(8)), 'an Array'],
      ]) {
        const reads = [];
        const opts = new Proxy(
          { gamma: f(4), beta: f(4), eps: 1e-3, out: new Float32Array(8) },
          {
            get(o, k) {
              reads.push(k);
              return o[k];
            },
          },
        );
        nw[method](x, 4, opts);
        assert.deepEqual(reads, order[kind], `${method} of ${how}`);
      }
    }
  }
});
