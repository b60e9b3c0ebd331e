// The numbers of <nw-ln-steps>: LayerNorm on one sampled vector, stage by stage — x, x − μ, x̂
// and γ·x̂ + β — from nw.layerNormWithStats (a γ = 1, β = 0 call and one with the γ, β vectors),
// each stage's own μ and σ from nw.layerNormStats.
import { normals } from './seeded-random.js';
import { fmt } from './format.js';
import { filled } from './norm-figures.js';
import { affineClaim } from './ln-claims.js';

/** The figure's strings: lnSteps.* in web/i18n. */
export const ns = 'lnSteps';

export const EPS = 1e-5;

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  h: { min: 4, max: 256, default: 16 },
  mean: { min: -5, max: 5, step: 0.1, default: 2.5 },
  std: { min: 0.2, max: 5, step: 0.1, default: 2 },
  gamma: { min: -3, max: 3, step: 0.1, default: 1.5 },
  beta: { min: -3, max: 3, step: 0.1, default: 0.5 },
  seed: { min: 1, max: 999999, default: 1 },
};

/**
 * x = mean + std·z (z: the seeded standard normals of the seed, which a figure may keep) through
 * the four stages: { rows: [x, x − μ, x̂, y], mu, variance (LayerNorm's), stats: per row
 * { mean, std }, and the settings }.
 */
export function stages(nw, { h, mean, std, gamma, beta }, z) {
  const x = Float32Array.from(z, (v) => mean + std * v);
  const plain = nw.layerNormWithStats(x, h);
  const mu = plain.mean[0];
  const centered = Float32Array.from(x, (v) => v - mu);
  const y = nw.layerNormWithStats(x, h, { gamma: filled(h, gamma), beta: filled(h, beta) }).output;
  const rows = [x, centered, plain.output, y];
  const all = new Float32Array(4 * h);
  rows.forEach((r, k) => all.set(r, k * h));
  const stats = nw.layerNormStats(all, h);
  return {
    rows,
    mu,
    variance: plain.variance[0],
    stats: rows.map((_, k) => ({ mean: stats.mean[k], std: Math.sqrt(stats.variance[k]) })),
    settings: { h, mean, std, gamma, beta },
  };
}

export function measure(nw, state) {
  return stages(nw, state, normals(state.h, state.seed));
}

/**
 *   sampleNear  the sample's own μ and σ differ from the sliders, but only a little (μ within one
 *               σ of the setting, σ within half of it);
 *   hatUnit     x̂ has mean 0 and standard deviation 1 (within 10⁻³);
 *   hatBelow    … and that deviation is below 1 (ε);
 *   yAffine     y has mean β and standard deviation |γ| (within 10⁻³ of each, relative to |γ| ≥ 1).
 */
export const claims = {
  sampleNear: {
    value: (m) => Math.abs(m.mu - m.settings.mean) / m.settings.std,
    holds: (v, m) => v > 0 && v <= 1 && Math.abs(Math.sqrt(m.variance) / m.settings.std - 1) <= 0.5,
    format: (v) => fmt(v, 3),
    vars: (m) => ({
      mu: fmt(m.mu, 3),
      sigma: fmt(Math.sqrt(m.variance), 3),
      mean: fmt(m.settings.mean, 1),
      std: fmt(m.settings.std, 1),
    }),
  },
  hatUnit: {
    value: (m) => Math.max(Math.abs(m.stats[2].mean), Math.abs(m.stats[2].std - 1)),
    holds: (v) => v <= 1e-3,
    format: (v) => fmt(v, 6),
    vars: (m) => ({ mean: fmt(m.stats[2].mean, 3), std: fmt(m.stats[2].std, 3) }),
  },
  hatBelow: {
    value: (m) => 1 - m.stats[2].std,
    holds: (v) => v > 0,
    format: (v) => v.toExponential(1).replace('-', '−'),
    vars: () => ({ eps: '1e-5' }),
  },
  yAffine: affineClaim((m) => m.stats[3]),
};
