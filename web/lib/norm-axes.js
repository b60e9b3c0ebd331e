// The numbers of <nw-norm-axes>: a batch × feature grid normalized by BatchNorm (per column) and by
// LayerNorm (per row) — nw.batchNormWithStats / nw.layerNormWithStats, biased variance and
// eps = 1e-5 as PyTorch's training-mode batch_norm and layer_norm — and the same grid with every
// sample but the selected one drawn anew, to see which norm notices.
import { mixSeed, normalSource, uniforms } from './seeded-random.js';
import { fmt } from './format.js';

/** The figure's strings: normAxes.* in web/i18n. */
export const ns = 'normAxes';

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  mode: { choices: ['bn', 'ln'], default: 'bn' },
  rows: { min: 4, max: 8, default: 6 },
  cols: { min: 6, max: 12, default: 8 },
  seed: { min: 1, max: 99999, default: 1 },
};

/**
 * The batch: column c has its own offset and spread (so the features differ, as real features
 * do), every value rounded to one decimal so the grid shows exactly what the kernels receive.
 * Each column is its own seeded stream: more rows or columns leave the existing ones unchanged.
 */
export function makeBatch(seed, rows, cols) {
  const x = new Float32Array(rows * cols);
  for (let c = 0; c < cols; c++) {
    const u = uniforms(mixSeed(seed, 0xc01, c));
    const offset = (u() - 0.5) * 6;
    const spread = 0.4 + 1.6 * u();
    const z = normalSource(mixSeed(seed, 0xda7a, c));
    for (let r = 0; r < rows; r++) x[r * cols + c] = Math.round((offset + spread * z()) * 10) / 10;
  }
  return x;
}

/** The grid and both norms of it: { x, bn, ln }. */
export function normalize(nw, { rows, cols, seed }) {
  const x = makeBatch(seed, rows, cols);
  return { x, bn: nw.batchNormWithStats(x, cols), ln: nw.layerNormWithStats(x, cols) };
}

/**
 * The selected cell (cursor { r, c }) normalized in the grid and in a grid whose other samples
 * (every row but r) come from another batch: { mode, r, c, rows, x, xhat: { bn, ln },
 * other: { bn, ln } }.
 */
export function cellNumbers(nw, { mode, rows, cols, seed }, grid, cursor) {
  const { r, c } = cursor;
  const i = r * cols + c;
  const others = makeBatch(mixSeed(seed, 0x07e4), rows, cols);
  others.set(grid.x.subarray(r * cols, (r + 1) * cols), r * cols);
  return {
    mode,
    r,
    c,
    rows,
    x: grid.x[i],
    xhat: { bn: grid.bn.output[i], ln: grid.ln.output[i] },
    other: { bn: nw.batchNorm(others, cols)[i], ln: nw.layerNorm(others, cols)[i] },
  };
}

export function measure(nw, state) {
  return cellNumbers(nw, state, normalize(nw, state), { r: 0, c: 0 });
}

const cellVars = (key) => (m) => ({
  r: m.r + 1,
  c: m.c + 1,
  others: m.rows - 1,
  xhat: fmt(m.xhat[key], 3),
  other: fmt(m.other[key], 3),
});

/**
 *   bnDepends      BatchNorm: the selected cell's x̂ changes when the other samples are drawn anew;
 *   lnIndependent  LayerNorm: it stays the same to the last bit.
 */
export const claims = {
  bnDepends: {
    when: (m) => m.mode === 'bn',
    value: (m) => Math.abs(m.other.bn - m.xhat.bn),
    holds: (v) => v > 0,
    vars: cellVars('bn'),
  },
  lnIndependent: {
    when: (m) => m.mode === 'ln',
    value: (m) => Math.abs(m.other.ln - m.xhat.ln),
    holds: (v) => v === 0,
    format: (v) => (v === 0 ? '0' : fmt(v, 3)),
    vars: cellVars('ln'),
  },
};
