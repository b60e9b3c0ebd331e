// The numbers of <nw-ln-simulator>: LayerNorm on one vector of H values x = mean + std·z (z seeded
// standard normals), and the histograms of x and of γ·x̂ + β on shared bins. μ and σ of both come
// from nw.layerNormWithStats (on the input, which also returns the output, and on that output).
import { normals } from './seeded-random.js';
import { fmt } from './format.js';
import { filled, histogram, niceCeil } from './norm-figures.js';
import { affineClaim } from './ln-claims.js';

/** The figure's strings: lnSim.* in web/i18n. */
export const ns = 'lnSim';

export const EPS = 1e-5;
export const BINS = 60;

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  mean: { min: -5, max: 5, step: 0.1, default: 2.5 },
  std: { min: 0.1, max: 5, step: 0.1, default: 2 },
  gamma: { min: -3, max: 3, step: 0.1, default: 1 },
  beta: { min: -3, max: 3, step: 0.1, default: 0 },
  h: { min: 8, max: 4096, step: 8, default: 1024 },
  seed: { min: 1, max: 999999, default: 1 },
};

/**
 * LayerNorm of x = mean + std·z, written into x (Float32Array(h), reused while dragging):
 * { x, y, range (of the shared axis), before and after: { mean, std, counts }, settings }.
 */
export function simulate(nw, { h, mean, std, gamma, beta }, z, x = new Float32Array(h)) {
  for (let k = 0; k < h; k++) x[k] = mean + std * z[k];
  const before = nw.layerNormWithStats(x, h, { gamma: filled(h, gamma), beta: filled(h, beta) });
  const y = before.output;
  const after = nw.layerNormWithStats(y, h);
  let extent = 0;
  for (let k = 0; k < h; k++) extent = Math.max(extent, Math.abs(x[k]), Math.abs(y[k]));
  const range = niceCeil(extent * 1.02);
  return {
    x,
    y,
    range,
    before: { mean: before.mean[0], std: Math.sqrt(before.variance[0]), counts: histogram(x, -range, range, BINS) },
    after: { mean: after.mean[0], std: Math.sqrt(after.variance[0]), counts: histogram(y, -range, range, BINS) },
    settings: { h, mean, std, gamma, beta },
  };
}

export function measure(nw, state) {
  return simulate(nw, state, normals(state.h, state.seed));
}

/**
 *   sampleNear   the sample's μ and σ are a little off the settings (μ within one σ, σ within half);
 *   afterAffine  after LayerNorm the mean is β and the standard deviation |γ| (within 10⁻³,
 *                relative to |γ| ≥ 1).
 */
export const claims = {
  sampleNear: {
    value: (m) => Math.abs(m.before.mean - m.settings.mean) / m.settings.std,
    holds: (v, m) => v > 0 && v <= 1 && Math.abs(m.before.std / m.settings.std - 1) <= 0.5,
    format: (v) => fmt(v, 3),
    vars: (m) => ({
      mu: fmt(m.before.mean, 3),
      sigma: fmt(m.before.std, 3),
      mean: fmt(m.settings.mean, 1),
      std: fmt(m.settings.std, 1),
    }),
  },
  afterAffine: affineClaim((m) => m.after),
};
