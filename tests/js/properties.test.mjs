// The properties of tests/cpp/test_properties.cpp again, through the public API and the
// WebAssembly SIMD128 build (4-wide vectors, the library's own argument handling): many seeded
// random cases each, the same every run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';

const nw = await loadNormwave();

function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const logUniform = (lo, hi) => Math.exp(Math.log(lo) + next() * (Math.log(hi) - Math.log(lo)));
  const normal = () => Math.sqrt(-2 * Math.log(next() + 1e-300)) * Math.cos(2 * Math.PI * next());
  const rows = (n, scale = 1, offset = 0) => Float32Array.from({ length: n }, () => offset + scale * normal());
  return { next, int, logUniform, rows };
}

function meanVar(a, start, n, stride = 1) {
  let m = 0;
  for (let i = 0; i < n; i++) m += a[start + i * stride];
  m /= n;
  let v = 0;
  for (let i = 0; i < n; i++) v += (a[start + i * stride] - m) ** 2;
  return [m, v / n];
}

test('property: layerNorm rows have mean 0 and variance var/(var + eps) (scales 1e-3..1e3, offsets to 1e4)', (t) => {
  const r = rng(101);
  let checked = 0,
    worstMean = 0,
    worstVar = 0;
  for (let c = 0; c < 600; c++) {
    const dim = c % 10 === 0 ? r.int(1, 8) : r.int(2, 300),
      nrows = r.int(1, 4);
    const scale = r.logUniform(1e-3, 1e3),
      offset = c % 2 ? (r.next() * 2 - 1) * 1e4 : 0;
    const eps = c % 3 === 0 ? 1e-12 : 1e-5;
    const x = r.rows(nrows * dim, scale, offset);
    const y = nw.layerNorm(x, dim, { eps });
    for (let row = 0; row < nrows; row++) {
      const [, xv] = meanVar(x, row * dim, dim);
      const [ym, yv] = meanVar(y, row * dim, dim);
      const want = xv / (xv + eps);
      assert.ok(Math.abs(ym) <= 1e-5, `case ${c}: row mean ${ym} (dim ${dim}, scale ${scale}, offset ${offset})`);
      assert.ok(Math.abs(yv - want) <= 2e-4 * want + 1e-7, `case ${c}: row variance ${yv}, expected ${want}`);
      worstMean = Math.max(worstMean, Math.abs(ym));
      if (want > 0) worstVar = Math.max(worstVar, Math.abs(yv - want) / want);
      checked++;
    }
  }
  t.diagnostic(
    `${checked} rows; worst |mean| ${worstMean.toExponential(2)}, worst relative variance error ${worstVar.toExponential(2)}`,
  );
});

// Every row a distribution over the unmasked keys, or all zeros when every key is masked.
function checkRows(p, mask, nrows, n, label) {
  const allMasked = mask ? mask.every((m) => m) : false;
  for (let i = 0; i < nrows; i++) {
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const v = p[i * n + j];
      if (allMasked || (mask && mask[j])) assert.equal(v, 0, `${label} row ${i}: masked key ${j} has weight ${v}`);
      else assert.ok(v >= 0 && v <= 1, `${label} row ${i}: weight ${v}`);
      sum += v;
    }
    if (allMasked) assert.equal(sum, 0);
    else assert.ok(Math.abs(sum - 1) <= 1e-5, `${label} row ${i} sums to ${sum}`);
  }
  return nrows;
}

test('property: softmax and encoder attention rows sum to 1, or are all zero when every key is padding', (t) => {
  const r = rng(102);
  let rows = 0;
  for (let c = 0; c < 300; c++) {
    const n = r.int(1, 40),
      nrows = r.int(1, 8);
    const mask =
      c % 3 === 0 ? undefined : Uint8Array.from({ length: n }, () => (c % 3 === 2 || r.next() < 0.3 ? 1 : 0));
    const p = nw.softmax(r.rows(nrows * n, r.logUniform(1e-2, 1e3)), n, { mask });
    rows += checkRows(p, mask, nrows, n, `softmax case ${c}`);
  }
  for (let c = 0; c < 150; c++) {
    const nHeads = r.int(1, 4);
    const enc = nw.createEncoder({
      dModel: nHeads * r.int(1, 8),
      nHeads,
      dFF: r.int(1, 32),
      nLayers: 2,
      normFirst: c % 2 === 1,
      seed: c,
    });
    const batch = r.int(1, 3),
      seqLen = r.int(1, 10);
    const paddingMask = Uint8Array.from({ length: batch * seqLen }, (_, i) =>
      (c % 4 === 0 && i < seqLen) || r.next() < 0.25 ? 1 : 0,
    );
    const { output, attention } = enc.forward(r.rows(batch * seqLen * enc.config.dModel), {
      batch,
      seqLen,
      paddingMask,
    });
    assert.ok(output.every(Number.isFinite), `encoder case ${c}: non-finite output`);
    for (const a of attention) {
      for (let b = 0; b < batch; b++) {
        for (let h = 0; h < nHeads; h++) {
          const start = (b * nHeads + h) * seqLen * seqLen;
          rows += checkRows(
            a.subarray(start, start + seqLen * seqLen),
            paddingMask.subarray(b * seqLen, (b + 1) * seqLen),
            seqLen,
            seqLen,
            `encoder case ${c}`,
          );
        }
      }
    }
    enc.dispose();
  }
  t.diagnostic(`${rows} rows checked`);
});

test('property: positionalEncoding values stay in [-1, 1] for any positive base', (t) => {
  const r = rng(103);
  let values = 0;
  for (let c = 0; c < 120; c++) {
    const dModel = r.int(1, 300),
      seqLen = r.int(1, Math.max(1, Math.floor(60000 / dModel)));
    const base =
      [5e-324, 1e-310, Number.MAX_VALUE][c] ?? (c % 5 === 0 ? r.logUniform(1e-300, 1e300) : r.logUniform(1, 1e6));
    const pe = nw.positionalEncoding(seqLen, dModel, { base });
    const outside = pe.filter((v) => !(v >= -1 && v <= 1)).length;
    assert.equal(outside, 0, `${outside} values outside [-1, 1] for seqLen ${seqLen}, dModel ${dModel}, base ${base}`);
    values += pe.length;
  }
  t.diagnostic(`${values} values in [-1, 1]`);
});

test('property: the encoder (no PE) is permutation-equivariant, attention maps included', (t) => {
  const r = rng(104);
  let worst = 0;
  for (let c = 0; c < 120; c++) {
    const nHeads = r.int(1, 4);
    const enc = nw.createEncoder({
      dModel: nHeads * r.int(1, 8),
      nHeads,
      dFF: r.int(1, 48),
      nLayers: r.int(1, 2),
      normFirst: r.next() < 0.5,
      finalNorm: r.next() < 0.5,
      activation: r.next() < 0.5 ? 'gelu' : 'relu',
      seed: 500 + c,
    });
    const d = enc.config.dModel,
      seqLen = r.int(2, 12);
    const x = r.rows(seqLen * d);
    const paddingMask = Uint8Array.from({ length: seqLen }, () => (c % 2 && r.next() < 0.25 ? 1 : 0));
    const perm = Array.from({ length: seqLen }, (_, i) => i);
    for (let i = seqLen - 1; i > 0; i--) {
      const j = r.int(0, i);
      [perm[i], perm[j]] = [perm[j], perm[i]];
    }
    const px = new Float32Array(x.length);
    perm.forEach((p, i) => px.set(x.subarray(p * d, (p + 1) * d), i * d));
    const pmask = Uint8Array.from(perm, (p) => paddingMask[p]);
    const a = enc.forward(x, { seqLen, paddingMask });
    const b = enc.forward(px, { seqLen, paddingMask: pmask });
    let diff = 0;
    perm.forEach((p, i) => {
      for (let f = 0; f < d; f++) {
        const want = a.output[p * d + f];
        diff = Math.max(diff, Math.abs(b.output[i * d + f] - want) / Math.max(1, Math.abs(want)));
      }
    });
    a.attention.forEach((map, l) => {
      for (let h = 0; h < nHeads; h++) {
        for (let i = 0; i < seqLen; i++) {
          for (let j = 0; j < seqLen; j++) {
            diff = Math.max(
              diff,
              Math.abs(b.attention[l][(h * seqLen + i) * seqLen + j] - map[(h * seqLen + perm[i]) * seqLen + perm[j]]),
            );
          }
        }
      }
    });
    assert.ok(diff <= 1e-5, `case ${c}: permuted output differs by ${diff}`);
    worst = Math.max(worst, diff);
    enc.dispose();
  }
  t.diagnostic(`120 encoders; worst difference ${worst.toExponential(2)}`);
});

test('property: batchNorm of a feature column equals layerNorm of that column transposed', (t) => {
  const r = rng(105);
  let columns = 0,
    worst = 0;
  for (let c = 0; c < 200; c++) {
    const nrows = r.int(2, 64),
      dim = r.int(1, 24);
    const x = r.rows(nrows * dim, r.logUniform(1e-3, 1e3), c % 2 ? (r.next() * 2 - 1) * 1e4 : 0);
    const gamma = r.rows(dim, 1, 1),
      beta = r.rows(dim);
    const bn = nw.batchNormWithStats(x, dim, { gamma, beta });
    for (let f = 0; f < dim; f++) {
      const col = Float32Array.from({ length: nrows }, (_, i) => x[i * dim + f]);
      const ln = nw.layerNormWithStats(col, nrows, {
        gamma: new Float32Array(nrows).fill(gamma[f]),
        beta: new Float32Array(nrows).fill(beta[f]),
      });
      let diff = 0;
      for (let i = 0; i < nrows; i++) diff = Math.max(diff, Math.abs(bn.output[i * dim + f] - ln.output[i]));
      const tol = 2e-5 * (Math.abs(gamma[f]) * Math.sqrt(nrows) + Math.abs(beta[f]) + 1);
      assert.ok(diff <= tol, `case ${c} feature ${f}: differs by ${diff} (tol ${tol})`);
      assert.ok(
        Math.abs(bn.variance[f] - ln.variance[0]) <= 1e-4 * ln.variance[0] + 1e-12,
        `case ${c} feature ${f}: variance ${bn.variance[f]} vs ${ln.variance[0]}`,
      );
      worst = Math.max(worst, diff);
      columns++;
    }
  }
  t.diagnostic(`${columns} columns; worst difference ${worst.toExponential(2)}`);
});
