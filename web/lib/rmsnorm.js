// The numbers of <nw-rmsnorm>: LayerNorm and RMSNorm of the same 8 values (γ the same for every
// feature, β = 0; nw.layerNormWithStats, nw.rmsNormWithStats), and what the figure states.
import { fmt } from './format.js';

/** The figure's strings: rmsNorm.* in web/i18n. */
export const ns = 'rmsNorm';

export const H = 8;
export const DEFAULT_VALUES = [1.2, -0.4, 0.9, -1.1, 0.3, 2.0, -0.6, 0.5];

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  gamma: { min: 0, max: 2, step: 0.05, default: 1 },
  shift: { min: -2, max: 2, step: 0.1, default: 0 },
};

/** Eight numbers from "a,b,…" (anything else: the defaults). */
export function parseValues(text) {
  const v = String(text ?? '')
    .split(',')
    .map((s) => Number(s.trim()));
  return v.length === H && v.every(Number.isFinite) ? v : DEFAULT_VALUES;
}

const mean = (a) => a.reduce((s, v) => s + v, 0) / a.length;

/**
 * Both norms of values + shift: { x, ln, rms, meanX, meanLn, meanRms, gamma, lnShiftDelta (the
 * largest |Δ| between LayerNorm's output with and without the shift) }.
 */
export function measure(nw, { gamma: g, shift, values = DEFAULT_VALUES.join(',') }) {
  const base = parseValues(values);
  const x = Float32Array.from(base, (v) => v + shift);
  const gamma = new Float32Array(H).fill(g);
  const ln = nw.layerNormWithStats(x, H, { gamma });
  const rms = nw.rmsNormWithStats(x, H, { gamma });
  const unshifted = nw.layerNorm(Float32Array.from(base), H, { gamma });
  let lnShiftDelta = 0;
  for (let k = 0; k < H; k++) lnShiftDelta = Math.max(lnShiftDelta, Math.abs(ln.output[k] - unshifted[k]));
  return {
    x,
    ln,
    rms,
    gamma: g,
    shift,
    meanX: mean(x),
    meanLn: mean(ln.output),
    meanRms: mean(rms.output),
    lnShiftDelta,
  };
}

/**
 *   lnIgnoresShift  LayerNorm's output is the same with and without the shift (up to float32
 *                   rounding of the shifted inputs: 10⁻⁵);
 *   rmsKeepsMean    RMSNorm's output keeps a mean, of the input mean's sign (|mean(y)| ≥ 0.01).
 */
export const claims = {
  lnIgnoresShift: {
    value: (m) => m.lnShiftDelta,
    holds: (v) => v <= 1e-5,
    format: (v) => (v === 0 ? '0' : v.toExponential(1)),
    vars: (m) => ({ shift: fmt(m.shift, 1), meanLn: fmt(m.meanLn, 3) }),
  },
  rmsKeepsMean: {
    value: (m) => m.meanRms,
    holds: (v, m) => Math.abs(v) >= 0.01 && Math.sign(v) === Math.sign(m.meanX),
    vars: (m) => ({ meanX: fmt(m.meanX, 3), gamma: fmt(m.gamma, 2), rms: fmt(m.rms.rms[0], 3) }),
  },
};
