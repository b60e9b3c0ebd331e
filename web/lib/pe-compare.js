// The numbers of <nw-pe-compare>'s two live views.
//   RoPE: q and k rotated pair by pair (dims 2i, 2i+1) by pos·θ_i, θ_i = 10000^(−2i/d) (Su et al.);
//         the cos/sin are the library's PE table, the rotations and all scores are nw.linear calls.
//   ALiBi: causal bias −m·(i − j) (j ≤ i, later keys masked) as in Press et al.'s language models,
//         or the symmetric −m·|i − j|; slopes m = 2^(−8h/H); one row through nw.softmax.
import { uniforms } from './seeded-random.js';
import { fmt, fmtSci } from './format.js';

/** The figure's strings: peCompare.* in web/i18n. */
export const ns = 'peCompare';

export const HEADS = [4, 8, 16];
export const MASKS = ['causal', 'symmetric'];
export const ROPE_POSITIONS = 512; // positions 0…511 get rotated; the key positions stay 32 away from the ends
export const MAX_OFFSET = 32;
export const MAX_ROPE_DIM = 128;

// q uniform in [−1, 1]; k correlated with q, so the score peaks near offset 0.
const Q_BASE = new Float32Array(MAX_ROPE_DIM);
const K_BASE = new Float32Array(MAX_ROPE_DIM);
{
  const rand = uniforms(2021);
  for (let j = 0; j < MAX_ROPE_DIM; j++) {
    Q_BASE[j] = 2 * rand() - 1;
    K_BASE[j] = 0.7 * Q_BASE[j] + 0.3 * (2 * rand() - 1);
  }
}

/**
 * The weight W (torch layout (out, in), d × d) with W·PE(pos) = R(pos)·x: RoPE's rotation of x by
 * pos·θ_i in each pair (2i, 2i+1), written as a linear map of the PE row (sin at 2i, cos at 2i+1):
 *   out[2i]   = x[2i]·cos − x[2i+1]·sin,   out[2i+1] = x[2i]·sin + x[2i+1]·cos.
 */
export function rotationWeight(x, d) {
  const W = new Float32Array(d * d);
  for (let i = 0; 2 * i + 1 < d; i++) {
    const a = x[2 * i],
      b = x[2 * i + 1];
    W[2 * i * d + 2 * i] = -b;
    W[2 * i * d + 2 * i + 1] = a;
    W[(2 * i + 1) * d + 2 * i] = a;
    W[(2 * i + 1) * d + 2 * i + 1] = b;
  }
  return W;
}

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  ropeDim: { min: 16, max: MAX_ROPE_DIM, step: 16, default: 64 },
  posA: { min: MAX_OFFSET, max: ROPE_POSITIONS - 1 - MAX_OFFSET, default: 100 },
  posB: { min: MAX_OFFSET, max: ROPE_POSITIONS - 1 - MAX_OFFSET, default: 300 },
  offset: { min: -MAX_OFFSET, max: MAX_OFFSET, default: 5 },
  heads: { choices: HEADS, default: 8 },
  head: { min: 1, max: 16, default: 2, limit: (el) => ({ max: el.heads }) },
  alibiLen: { min: 4, max: 32, default: 12 },
  query: { min: 0, max: 31, default: 8, limit: (el) => ({ max: el.alibiLen - 1 }) },
  mask: { choices: MASKS, default: 'causal' },
};

/** q and k of the RoPE view before rotation (copies). */
export function ropeVectors(d) {
  return { q: Q_BASE.slice(0, d), k: K_BASE.slice(0, d) };
}

/**
 * The rotated q and k of every position m < 512 in two nw.linear calls (PE table × rotation
 * weight); a key position's scores are computed when asked for (ropeCurve).
 */
export function ropeScores(nw, d) {
  const { q, k } = ropeVectors(d);
  const pe = nw.positionalEncoding(ROPE_POSITIONS, d);
  const Q = nw.linear(pe, rotationWeight(q, d), null, { inFeatures: d });
  const K = nw.linear(pe, rotationWeight(k, d), null, { inFeatures: d });
  const raw = nw.linear(q, k, null, { inFeatures: d })[0];
  return { d, Q, K, raw, curves: new Map() };
}

/**
 * q·k at query m = n + Δ and key n, for Δ = −32…32: one nw.linear call, the 65 rotated queries
 * around n against the rotated key at n (all 512² scores would be a 1 MB fresh array per rope-dim
 * step, for 130 of them). Kept in rope.curves.
 */
export function ropeCurve(nw, rope, n) {
  const { Q, K, curves, d } = rope;
  if (!curves.has(n)) {
    const rows = Q.subarray((n - MAX_OFFSET) * d, (n + MAX_OFFSET + 1) * d);
    curves.set(n, Array.from(nw.linear(rows, K.subarray(n * d, (n + 1) * d), null, { inFeatures: d })));
  }
  return curves.get(n);
}

/** The two curves of the view and how far apart they are: { a, b, maxDiff, scale (largest |score|) }. */
export function ropeCompare(nw, rope, { posA, posB }) {
  const a = ropeCurve(nw, rope, posA),
    b = ropeCurve(nw, rope, posB);
  let maxDiff = 0,
    scale = 0;
  for (let j = 0; j < a.length; j++) {
    maxDiff = Math.max(maxDiff, Math.abs(a[j] - b[j]));
    scale = Math.max(scale, Math.abs(a[j]), Math.abs(b[j]));
  }
  return { a, b, maxDiff, scale };
}

/**
 * ALiBi bias of the query row and its softmax with and without the bias (content scores all 0):
 * { e, slope, bias, withBias, plain, far, causal, query, visible (keys the query sees) }.
 */
export function alibiRow(nw, { alibiLen: L, query: i, mask, head, heads }) {
  const causal = mask === 'causal';
  const e = (8 * head) / heads;
  const slope = 2 ** -e;
  const bias = Float32Array.from({ length: L }, (_, j) => (causal && j > i ? 0 : -slope * Math.abs(i - j)));
  const maskBits = causal ? Uint8Array.from({ length: L }, (_, j) => (j > i ? 1 : 0)) : undefined;
  const withBias = nw.softmax(bias, L, { mask: maskBits });
  const plain = nw.softmax(new Float32Array(L), L, { mask: maskBits });
  const far = causal || i >= (L - 1) / 2 ? 0 : L - 1;
  const visible = Array.from({ length: L }, (_, j) => j).filter((j) => !causal || j <= i);
  return { e, slope, bias, withBias, plain, far, causal, query: i, visible };
}

export function measure(nw, state) {
  return {
    rope: ropeCompare(nw, ropeScores(nw, state.ropeDim), state),
    alibi: alibiRow(nw, state),
    posA: state.posA,
    posB: state.posB,
  };
}

/**
 * RoPE   gapOnly  the two curves (the key at n₁ and at n₂) coincide: they differ by at most 10⁻⁵ of
 *                 the largest score (float32 rounding of the rotations at positions up to 511);
 * ALiBi  selfUp   the query puts more weight on itself than the plain softmax does;
 *        decays   the weight falls with distance: every visible key gets less than a nearer one.
 */
export const claims = {
  gapOnly: {
    value: (m) => m.rope.maxDiff / m.rope.scale,
    holds: (v) => v <= 1e-5,
    format: (v) => (v === 0 ? '0' : fmtSci(v)),
    vars: (m) => ({ n1: m.posA, n2: m.posB, maxDiff: fmtSci(m.rope.maxDiff) }),
  },
  selfUp: {
    value: (m) => m.alibi.withBias[m.alibi.query] / m.alibi.plain[m.alibi.query],
    holds: (v) => v > 1,
    format: (v) => fmt(v, 2),
    vars: (m) => ({
      i: m.alibi.query,
      self: fmt(m.alibi.withBias[m.alibi.query], 4),
      plain: fmt(m.alibi.plain[m.alibi.query], 4),
      keys: m.alibi.visible.length,
    }),
  },
  decays: {
    when: (m) => m.alibi.visible.length > 1,
    value: (m) => {
      // The largest ratio w(farther) / w(nearer) over keys one step apart in distance (< 1: decays).
      const { withBias: w, visible, query: i } = m.alibi;
      let worst = 0;
      for (const j of visible) {
        const nearer = j < i ? j + 1 : j - 1;
        if (j !== i) worst = Math.max(worst, w[j] / w[nearer]);
      }
      return worst;
    },
    holds: (v) => v < 1,
    format: (v) => fmt(v, 4),
    vars: (m) => ({ jFar: m.alibi.far, wFar: fmt(m.alibi.withBias[m.alibi.far], 4) }),
  },
};
