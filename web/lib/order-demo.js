// The numbers of <nw-order-demo>: a sentence and a reordering of it through the same seeded
// encoder layer (one batch of two), with or without the positional encoding added, and the
// distance between every pair of output rows.
import { normals } from './seeded-random.js';
import { fmt, fmtSci } from './format.js';

/** The figure's strings: orderDemo.* in web/i18n. */
export const ns = 'orderDemo';

export const N_TOKENS = 5;
export const D_MODEL = 16;
export const ENCODER = { dModel: D_MODEL, nHeads: 2, dFF: 32, seed: 20250601 };
const EMBEDDING_SEED = 0x5eed;
/** Below this, every original output row has a twin in the permuted output. */
export const SAME_TOLERANCE = 1e-4;
export const IDENTITY = '01234';
const DEFAULT_PERM = '10234';

/** Every permutation of 0…n−1 as a digit string, in lexicographic order. */
function permutations(n) {
  const out = [];
  const walk = (prefix, rest) => {
    if (!rest.length) out.push(prefix);
    rest.forEach((d, k) => walk(prefix + d, [...rest.slice(0, k), ...rest.slice(k + 1)]));
  };
  walk(
    '',
    Array.from({ length: n }, (_, k) => String(k)),
  );
  return out;
}
export const PERMS = permutations(N_TOKENS);

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  withPe: { bool: true, default: false },
  perm: { choices: PERMS, default: DEFAULT_PERM },
};

/** One standard-normal embedding row per token, the same on every visit. */
const EMBEDDINGS = normals(N_TOKENS * D_MODEL, EMBEDDING_SEED);

/**
 * Runs both sentences as one batch of two through `encoder` (nw.createEncoder(ENCODER)) and
 * measures every pair of output rows: { dist (row r of the original, column c of the reordered),
 * nearest (per row), max, worst (the largest nearest-row distance), closest, same, identity }.
 */
export function compare(nw, encoder, { withPe, perm }) {
  const order = [...perm].map(Number);
  const pe = withPe ? nw.positionalEncoding(N_TOKENS, D_MODEL) : null;
  const x = new Float32Array(2 * N_TOKENS * D_MODEL);
  for (let b = 0; b < 2; b++) {
    for (let p = 0; p < N_TOKENS; p++) {
      const token = b === 0 ? p : order[p];
      const row = (b * N_TOKENS + p) * D_MODEL;
      for (let k = 0; k < D_MODEL; k++) x[row + k] = EMBEDDINGS[token * D_MODEL + k] + (pe ? pe[p * D_MODEL + k] : 0);
    }
  }
  const { output } = encoder.forward(x, { batch: 2, seqLen: N_TOKENS, attention: false });
  const dist = new Float64Array(N_TOKENS * N_TOKENS);
  for (let r = 0; r < N_TOKENS; r++) {
    for (let c = 0; c < N_TOKENS; c++) {
      let s = 0;
      for (let k = 0; k < D_MODEL; k++) {
        const diff = output[r * D_MODEL + k] - output[(N_TOKENS + c) * D_MODEL + k];
        s += diff * diff;
      }
      dist[r * N_TOKENS + c] = Math.sqrt(s);
    }
  }
  const nearest = [];
  let max = 0;
  for (let r = 0; r < N_TOKENS; r++) {
    let best = 0;
    for (let c = 1; c < N_TOKENS; c++) if (dist[r * N_TOKENS + c] < dist[r * N_TOKENS + best]) best = c;
    nearest.push(best);
    for (let c = 0; c < N_TOKENS; c++) max = Math.max(max, dist[r * N_TOKENS + c]);
  }
  const minima = nearest.map((c, r) => dist[r * N_TOKENS + c]);
  const worst = Math.max(...minima);
  return {
    dist,
    nearest,
    max,
    worst,
    closest: Math.min(...minima),
    same: worst < SAME_TOLERANCE,
    identity: perm === IDENTITY,
  };
}

export function measure(nw, state) {
  const encoder = nw.createEncoder(ENCODER);
  try {
    return compare(nw, encoder, state);
  } finally {
    encoder.dispose();
  }
}

/** A small distance, readable: scientific below 10⁻³. */
export const small = (v) => (v < 1e-3 ? fmtSci(v) : fmt(v, 4));

/**
 *   sameRows  every output row of the original has a twin among the reordered outputs (the
 *             largest nearest-row distance is below SAME_TOLERANCE): true without PE, false with
 *             it. Not stated when the order is unchanged (the inputs are then the same).
 */
export const claims = {
  sameRows: {
    when: (m) => !m.identity,
    value: (m) => m.worst,
    holds: (v) => v < SAME_TOLERANCE,
    format: small,
    vars: (m) => ({ closest: small(m.closest), worst: small(m.worst), tol: fmtSci(SAME_TOLERANCE, 0) }),
  },
};
