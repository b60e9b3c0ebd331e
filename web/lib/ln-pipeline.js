// The numbers of <nw-ln-pipeline>: LayerNorm of one 8-dimensional token the reader edits, with its
// own γ and β per dimension (nw.layerNormWithStats; mean and variance of x̂ by nw.layerNormStats).
import { fmt } from './format.js';

/** The figure's strings: lnPipe.* in web/i18n. */
export const ns = 'lnPipe';

export const H = 8;
export const EPS = 1e-5;
export const DIMS = Array.from({ length: H }, (_, k) => k + 1);
const DEFAULT_X = [2.4, 1.1, -0.3, 0.8, 3.0, -1.2, 0.5, 1.7];
export const X_LIMIT = 100;
export const AFFINE_LIMIT = 10;

/** The figure's controls: dim, then x, γ, β of each dimension (the order of the URL state). */
export const controls = { dim: { min: 1, max: H, default: 1 } };
for (const k of DIMS) {
  controls[`x${k}`] = { min: -X_LIMIT, max: X_LIMIT, step: 1e-6, default: DEFAULT_X[k - 1] };
  controls[`g${k}`] = { min: -AFFINE_LIMIT, max: AFFINE_LIMIT, step: 1e-6, default: 1 };
  controls[`b${k}`] = { min: -AFFINE_LIMIT, max: AFFINE_LIMIT, step: 1e-6, default: 0 };
}

/** { x, hat, y, mu, variance, hatMean, hatVariance } of the state's x1…x8, g1…g8, b1…b8. */
export function measure(nw, state) {
  const vector = (p) => Float32Array.from(DIMS, (k) => state[`${p}${k}`]);
  const x = vector('x');
  const plain = nw.layerNormWithStats(x, H);
  const y = nw.layerNormWithStats(x, H, { gamma: vector('g'), beta: vector('b') }).output;
  const hatStats = nw.layerNormStats(plain.output, H);
  return {
    x,
    hat: plain.output,
    y,
    mu: plain.mean[0],
    variance: plain.variance[0],
    hatMean: hatStats.mean[0],
    hatVariance: hatStats.variance[0],
  };
}

/**
 *   hatUnit  the eight x̂ have mean 0 (within 10⁻⁴) and variance 1 (within 10⁻³): not so when the
 *            eight values are (nearly) equal, σ² near ε.
 */
export const claims = {
  hatUnit: {
    value: (m) => Math.abs(1 - m.hatVariance),
    holds: (v, m) => Math.abs(m.hatMean) <= 1e-4 && v <= 1e-3,
    format: (v) => fmt(v, 6),
    vars: (m) => ({ mean: fmt(m.hatMean, 3), variance: fmt(m.hatVariance, 6), sigma2: fmt(m.variance, 3) }),
  },
};
