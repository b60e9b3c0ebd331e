// The numbers of <nw-pe-waves>: the PE table of positions 0…100 (nw.positionalEncoding(101, d),
// interleaved: dim 2i = sin, 2i+1 = cos) and the wavelength of a pair read off its row pos = 1.
import { fmt } from './format.js';

/** The figure's strings: peWaves.* in web/i18n. */
export const ns = 'peWaves';

/** The last position drawn: the table has LAST_POS + 1 rows. */
export const LAST_POS = 100;
export const LAYOUTS = ['interleaved', 'concat'];

/** The figure's controls, d_model first: the pair indices are limited by it. */
export const controls = {
  dModel: { min: 16, max: 1024, step: 16, default: 64 },
  pos: { min: 0, max: LAST_POS, default: 10 },
  i: { min: 0, max: 511, default: 0, limit: (el) => ({ max: el.dModel / 2 - 1 }) },
  iLow: { min: 0, max: 511, default: 16, limit: (el) => ({ max: el.dModel / 2 - 1 }) },
  layout: { choices: LAYOUTS, default: 'interleaved' },
};

/**
 * Wavelength of pair i in positions, from the kernel's own row pos = 1:
 * (PE(1, 2i), PE(1, 2i+1)) = (sin ω_i, cos ω_i) with 0 < ω_i ≤ 1, so ω_i = atan2 of the two.
 */
export function wavelength(table, dModel, i) {
  return (2 * Math.PI) / Math.atan2(table[dModel + 2 * i], table[dModel + 2 * i + 1]);
}

/** The paper's formula for it, 2π·10000^(2i/d_model). */
export function formulaWavelength(dModel, i) {
  return 2 * Math.PI * 10000 ** ((2 * i) / dModel);
}

/** { i, d, lambda (read off the table), formula } for the bold pair i. */
export function measure(nw, { dModel, i }) {
  const table = nw.positionalEncoding(LAST_POS + 1, dModel);
  return { i, d: dModel, lambda: wavelength(table, dModel, i), formula: formulaWavelength(dModel, i) };
}

/**
 *   wavelength  the wavelength read off the table's row pos = 1 is the formula's 2π·10000^(2i/d)
 *               (within 10⁻³ relative: float32 sin and cos of ω_i).
 */
export const claims = {
  wavelength: {
    value: (m) => Math.abs(m.lambda / m.formula - 1),
    holds: (v) => v <= 1e-3,
    format: (v) => (v === 0 ? '0' : v.toExponential(1).replace('-', '−')),
    vars: (m) => ({ i: m.i, k: 2 * m.i, d: m.d, lambda: m.lambda.toPrecision(5), formula: fmt(m.formula, 1) }),
  },
};
