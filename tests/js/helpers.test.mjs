// The shared test helpers measure what they claim: randn gives standard normals (not uniforms),
// and maxAbsDiff never hides a NaN or a length mismatch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randn, maxAbsDiff } from './helpers.mjs';

test('randn: 200,000 draws have the moments and the 1σ/2σ mass of N(0, 1); same seed, same draws', () => {
  const n = 200_000;
  const x = randn(n, 42);
  let m1 = 0,
    m2 = 0,
    m4 = 0,
    in1 = 0,
    in2 = 0;
  for (const v of x) m1 += v;
  m1 /= n;
  for (const v of x) {
    const d = v - m1;
    m2 += d * d;
    m4 += d ** 4;
    if (Math.abs(v) < 1) in1++;
    if (Math.abs(v) < 2) in2++;
  }
  m2 /= n;
  m4 /= n;
  // Standard errors at n = 200,000: mean 0.0022, variance 0.0032, kurtosis 0.011.
  assert.ok(Math.abs(m1) < 0.01, `mean ${m1}`);
  assert.ok(Math.abs(m2 - 1) < 0.015, `variance ${m2}`);
  assert.ok(Math.abs(m4 / (m2 * m2) - 3) < 0.05, `kurtosis ${m4 / (m2 * m2)} (a uniform has 1.8)`);
  assert.ok(Math.abs(in1 / n - 0.6827) < 0.005, `P(|x| < 1) = ${in1 / n}`);
  assert.ok(Math.abs(in2 / n - 0.9545) < 0.003, `P(|x| < 2) = ${in2 / n}`);
  assert.deepEqual(randn(64, 7), randn(64, 7));
  assert.notDeepEqual(randn(64, 7), randn(64, 8));
  const shifted = randn(64, 7, 3, 2);
  randn(64, 7).forEach((v, i) =>
    assert.ok(Math.abs(shifted[i] - (3 + 2 * v)) <= 1e-5, `${shifted[i]} vs 3 + 2 * ${v}`),
  );
});

test('maxAbsDiff: the worst difference; a NaN anywhere is not hidden by a later larger difference', () => {
  assert.equal(maxAbsDiff([1, 2, 3], [1, 2.5, 2]), 1);
  assert.equal(maxAbsDiff(new Float32Array(0), []), 0);
  assert.ok(Number.isNaN(maxAbsDiff([0, NaN, 5], [0, 0, 0])));
  assert.ok(Number.isNaN(maxAbsDiff([0, 0, 5], [0, NaN, 0])));
  assert.ok(Number.isNaN(maxAbsDiff([NaN], [NaN])));
  assert.equal(maxAbsDiff([1, 2], [1, 2, 3]), Infinity);
});
