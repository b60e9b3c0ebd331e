// The numbers of <nw-pe-properties>: the four properties of the sinusoidal PE, each measured on the
// table the kernel computes for the current d_model and seq_len (nw.positionalEncoding; the Gram
// matrix and M_k·PE by nw.linear). Convention: the paper's interleaved table (dim 2i = sin, 2i+1 =
// cos); the concatenated layout is the same numbers with columns (and M_k's rows/columns) permuted.
import { layoutColumns } from './pe-layout.js';
import { fmt, fmtSci } from './format.js';

/** The figure's strings: peProps.* in web/i18n. */
export const ns = 'peProps';

export const PANELS = ['bounded', 'unique', 'relative', 'extrapolation'];
export const LAYOUTS = ['interleaved', 'concat'];
export const BINS = 40;

/** The figure's controls (web/lib/base.js's convention), in this order: a limit sees the ones above it. */
export const controls = {
  dModel: { min: 16, max: 512, step: 16, default: 64 },
  seqLen: { min: 16, max: 1024, default: 128 },
  k: { min: 0, max: 128, default: 5, limit: (el) => ({ max: el.seqLen - 1 }) },
  trainedLen: { min: 1, max: 1023, default: 64, limit: (el) => ({ max: el.seqLen - 1 }) },
  panel: { choices: PANELS, default: 'bounded' },
  layout: { choices: LAYOUTS, default: 'interleaved' },
  pos: { min: 0, max: 1023, default: 3, limit: (el) => ({ max: el.seqLen - 1 }) },
  pair: { min: 0, max: 255, default: 0, limit: (el) => ({ max: el.dModel / 2 - 1 }) },
};

/** ① min, max and a histogram of every value; bins over [−1, 1], plus counts outside it. */
export function boundedStats(table) {
  const counts = new Uint32Array(BINS);
  let min = Infinity,
    max = -Infinity,
    below = 0,
    above = 0;
  const t = table;
  for (let k = 0; k < t.length; k++) {
    const v = t[k];
    if (v < min) min = v;
    if (v > max) max = v;
    if (v < -1) below++;
    else if (v > 1) above++;
    else counts[Math.min(BINS - 1, Math.floor(((v + 1) / 2) * BINS))]++;
  }
  return { counts, min, max, below, above, total: table.length };
}

/**
 * ② and ③: the Gram matrix G = PE·PEᵀ in one nw.linear call (the table is both x and the
 * weight), then dist²(p, q) = G[p,p] + G[q,q] − 2·G[p,q] for every pair, and the spread of G
 * along each diagonal p − q = const.
 */
export function gramStats(nw, table, { seqLen, dModel }) {
  const n = seqLen,
    d = dModel,
    T = table;
  const G = nw.linear(T, T, null, { inFeatures: d });
  const dist = new Float32Array(n * n);
  const lo = new Float64Array(n).fill(Infinity),
    hi = new Float64Array(n).fill(-Infinity);
  let best = Infinity,
    far = 0,
    normMin = Infinity,
    normMax = 0;
  for (let p = 0; p < n; p++) {
    const gp = G[p * n + p];
    normMin = Math.min(normMin, gp);
    normMax = Math.max(normMax, gp);
    for (let q = p; q < n; q++) {
      const dot = G[p * n + q];
      const delta = q - p;
      if (dot < lo[delta]) lo[delta] = dot;
      if (dot > hi[delta]) hi[delta] = dot;
      if (delta === 0) continue;
      const d2 = Math.max(0, gp + G[q * n + q] - 2 * dot);
      const dd = Math.sqrt(d2);
      dist[p * n + q] = dd;
      dist[q * n + p] = dd;
      if (d2 < best) best = d2;
      if (dd > far) far = dd;
    }
  }
  // The distance depends only on |p − q|, so all pairs at the closest offset tie up to float32
  // rounding: report the first of them in reading order.
  const tol = best + 1e-5 * d;
  let pair = null;
  for (let p = 0; p < n && !pair; p++) {
    for (let q = p + 1; q < n; q++) {
      if (dist[p * n + q] ** 2 <= tol) {
        pair = [p, q];
        break;
      }
    }
  }
  let spread = 0;
  for (let delta = 0; delta < n - 1; delta++) spread = Math.max(spread, hi[delta] - lo[delta]);
  return {
    G,
    dist,
    far,
    lo,
    hi,
    spread,
    closest: Math.sqrt(best),
    p: pair[0],
    q: pair[1],
    normMin: Math.sqrt(normMin),
    normMax: Math.sqrt(normMax),
  };
}

/**
 * ③ M_k: block i = [[cos kω_i, sin kω_i], [−sin kω_i, cos kω_i]], its cos/sin read from row k of
 * the library's table. nw.linear applies it (torch weight layout (out, in)) to every row of the
 * table at once; the result is compared with PE(pos + k) for all pos < seq_len.
 * In the concat layout both the table's columns and M_k's rows/columns go through the same
 * permutation, so this is the same rotation in another basis order.
 */
export function relativeStats(nw, table, { seqLen, dModel, k, layout }) {
  const n = seqLen,
    d = dModel;
  const ext = nw.positionalEncoding(n + k, d);
  const idx = layoutColumns(layout, d);
  const M = new Float32Array(d * d);
  for (let i = 0; 2 * i + 1 < d; i++) {
    const s = ext[k * d + 2 * i],
      c = ext[k * d + 2 * i + 1];
    M[2 * i * d + 2 * i] = c;
    M[2 * i * d + 2 * i + 1] = s;
    M[(2 * i + 1) * d + 2 * i] = -s;
    M[(2 * i + 1) * d + 2 * i + 1] = c;
  }
  const Mp = new Float32Array(d * d);
  for (let r = 0; r < d; r++) for (let c = 0; c < d; c++) Mp[r * d + c] = M[idx[r] * d + idx[c]];
  const Tp = new Float32Array(n * d);
  for (let pos = 0; pos < n; pos++) for (let c = 0; c < d; c++) Tp[pos * d + c] = table[pos * d + idx[c]];
  const Y = nw.linear(Tp, Mp, null, { inFeatures: d });
  let err = 0;
  for (let pos = 0; pos < n; pos++) {
    for (let r = 0; r < d; r++) err = Math.max(err, Math.abs(Y[pos * d + r] - ext[(pos + k) * d + idx[r]]));
  }
  // The zoom: interleaved dims 0…7 in the order the current layout draws them.
  const zoom = layout === 'concat' ? [0, 2, 4, 6, 1, 3, 5, 7] : [0, 1, 2, 3, 4, 5, 6, 7];
  const drawnIndex = (j) => (layout === 'concat' ? (j % 2 ? d / 2 + (j >> 1) : j >> 1) : j);
  return { M: Mp, err, zoom, zoomValues: zoom.map((a) => zoom.map((b) => M[a * d + b])), drawnIndex, ext, Y, idx };
}

/** ④ the table drawn as a strip (dims × positions), and what the rows beyond L look like. */
export function extrapolationStats(table, { seqLen, dModel, trainedLen, layout }) {
  const n = seqLen,
    d = dModel,
    L = trainedLen,
    T = table;
  const idx = layoutColumns(layout, d);
  const strip = new Float32Array(d * n);
  for (let pos = 0; pos < n; pos++) for (let c = 0; c < d; c++) strip[c * n + pos] = T[pos * d + idx[c]];
  let min = Infinity,
    max = -Infinity,
    normMin = Infinity,
    normMax = 0;
  for (let pos = L; pos < n; pos++) {
    let s = 0;
    for (let c = 0; c < d; c++) {
      const v = T[pos * d + c];
      if (v < min) min = v;
      if (v > max) max = v;
      s += v * v;
    }
    normMin = Math.min(normMin, Math.sqrt(s));
    normMax = Math.max(normMax, Math.sqrt(s));
  }
  const rowDist = (a, b) => {
    let s = 0;
    for (let c = 0; c < d; c++) s += (T[a * d + c] - T[b * d + c]) ** 2;
    return Math.sqrt(s);
  };
  return { strip, min, max, normMin, normMax, adjL: rowDist(L - 1, L), adj0: rowDist(0, 1) };
}

/**
 * Everything a panel shows: { panel, d, n, k, L, bounded, gram (② ③), rel (③), extra (④) },
 * each present for the panels that need it.
 */
export function measure(nw, state) {
  const table = nw.positionalEncoding(state.seqLen, state.dModel);
  const m = panelNumbers(state, { table, bounded: boundedStats(table) });
  if (state.panel === 'unique' || state.panel === 'relative') m.gram = gramStats(nw, table, state);
  if (state.panel === 'relative') m.rel = relativeStats(nw, table, state);
  if (state.panel === 'extrapolation') m.extra = extrapolationStats(table, state);
  return m;
}

/** The numbers the claims read, from the stats a figure holds. */
export function panelNumbers({ panel, dModel, seqLen, k, trainedLen }, stats) {
  return { panel, d: dModel, n: seqLen, k, L: trainedLen, ...stats };
}

const on = (panel) => (m) => m.panel === panel;
const sci = (v) => (v === 0 ? '0' : fmtSci(v));

/**
 * ① bounded     no value of the table lies outside [−1, 1];
 * ② unique      the closest two distinct positions are apart (distance > 10⁻³);
 *   gapOnly     pairs with the same gap have the same distance: the dot products along each
 *               diagonal q − p spread by at most 10⁻⁵ of their range (d) — float32 rounding;
 * ③ rotation    M_k·PE(pos) = PE(pos + k) for every pos, to 10⁻⁴;
 *   sameDot     PE(p)·PE(p + k) is the same for every p (spread ≤ 10⁻⁵ · d);
 * ④ pastL       the rows after L are computed like the others: values in [−1, 1];
 *   sameStep    the step from L − 1 to L is as long as the step from 0 to 1 (within 10⁻³).
 */
export const claims = {
  bounded: {
    when: on('bounded'),
    value: (m) => m.bounded.below + m.bounded.above,
    holds: (v) => v === 0,
    format: (v) => String(v),
    vars: (m) => ({ min: fmt(m.bounded.min, 4), max: fmt(m.bounded.max, 4), naive: m.n - 1 }),
  },
  unique: {
    when: on('unique'),
    value: (m) => m.gram.closest,
    holds: (v) => v > 1e-3,
    format: (v) => fmt(v, 4),
    vars: (m) => ({ p: m.gram.p, q: m.gram.q, delta: m.gram.q - m.gram.p }),
  },
  gapOnly: {
    when: on('unique'),
    value: (m) => m.gram.spread,
    holds: (v, m) => v <= 1e-5 * m.d,
    format: sci,
  },
  rotation: {
    when: on('relative'),
    value: (m) => m.rel.err,
    holds: (v) => v <= 1e-4,
    format: sci,
    vars: (m) => ({ k: m.k, n: m.n }),
  },
  sameDot: {
    when: on('relative'),
    value: (m) => m.gram.hi[m.k] - m.gram.lo[m.k],
    holds: (v, m) => v <= 1e-5 * m.d,
    format: sci,
    vars: (m) => ({ k: m.k, dot: fmt((m.gram.lo[m.k] + m.gram.hi[m.k]) / 2, 4) }),
  },
  pastL: {
    when: on('extrapolation'),
    value: (m) => Math.max(Math.abs(m.extra.min), Math.abs(m.extra.max)),
    holds: (v) => v <= 1,
    format: (v) => fmt(v, 4),
    vars: (m) => ({ L: m.L, last: m.n - 1, beyond: m.n - m.L }),
  },
  sameStep: {
    when: on('extrapolation'),
    value: (m) => Math.abs(m.extra.adjL - m.extra.adj0),
    holds: (v) => v <= 1e-3,
    format: sci,
    vars: (m) => ({ L: m.L, Lm1: m.L - 1, adjL: fmt(m.extra.adjL, 4), adj0: fmt(m.extra.adj0, 4) }),
  },
};
