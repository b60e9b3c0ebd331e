// The softmax-saturation experiment shared by <nw-attention-steps> and <nw-quiz>: N seeded queries
// and N seeded keys with unit-variance entries (each d_k-wide row a prefix of one 512-wide stream,
// so a larger d_k extends the same numbers), their N × N scores, divided by √d_k or not, and the
// row softmax — all by the library (nw.linear, nw.softmax, nw.layerNormStats).
import { normals, mixSeed } from './seeded-random.js';

export const N_SAT = 8;
export const MAX_DK_EXP = 9;
const SAT_SEED = 0xa7e5;
let base = null;

function inputs(dk) {
  base ??= {
    q: Array.from({ length: N_SAT }, (_, r) => normals(2 ** MAX_DK_EXP, mixSeed(SAT_SEED, 1, r))),
    k: Array.from({ length: N_SAT }, (_, r) => normals(2 ** MAX_DK_EXP, mixSeed(SAT_SEED, 2, r))),
  };
  const pack = (rows) => {
    const out = new Float32Array(N_SAT * dk);
    rows.forEach((row, r) => out.set(row.subarray(0, dk), r * dk));
    return out;
  };
  return { q: pack(base.q), k: pack(base.k) };
}

function diagonal(n, v) {
  const out = new Float32Array(n * n);
  for (let i = 0; i < n; i++) out[i * n + i] = v;
  return out;
}

/**
 * One d_k (≤ 512): { a: the N × N weights, std: the scores' standard deviation (after the
 * division, if any), meanMax: the mean over rows of the largest weight }.
 */
export function saturationRun(nw, dk, scaled) {
  const { q, k } = inputs(dk);
  const s = nw.linear(q, k, null, { inFeatures: dk });
  const logits = scaled ? nw.linear(s, diagonal(N_SAT, 1 / Math.sqrt(dk)), null, { inFeatures: N_SAT }) : s;
  const a = nw.softmax(logits, N_SAT);
  const { variance } = nw.layerNormStats(logits, N_SAT * N_SAT);
  let maxSum = 0;
  for (let r = 0; r < N_SAT; r++) maxSum += Math.max(...a.subarray(r * N_SAT, (r + 1) * N_SAT));
  return { a, std: Math.sqrt(variance[0]), meanMax: maxSum / N_SAT };
}
