// A claim both LayerNorm figures make (web/lib/claims.js's shape): after γ and β, the vector has
// mean β and standard deviation |γ|, to within 1e-3 of max(1, |γ|).
import { fmt } from './format.js';

/** The affine claim over the statistics after(m) = { mean, std } of the vector after γ and β. */
export function affineClaim(after) {
  return {
    value: (m) => {
      const { mean, std } = after(m);
      const { beta, gamma } = m.settings;
      return Math.max(Math.abs(mean - beta), Math.abs(std - Math.abs(gamma))) / Math.max(1, Math.abs(gamma));
    },
    holds: (v) => v <= 1e-3,
    format: (v) => fmt(v, 6),
    vars: (m) => {
      const { mean, std } = after(m);
      return {
        beta: fmt(m.settings.beta, 1),
        gamma: fmt(Math.abs(m.settings.gamma), 1),
        mean: fmt(mean, 3),
        std: fmt(std, 3),
      };
    },
  };
}
