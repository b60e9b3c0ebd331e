// Number formatting for readouts: a real minus sign, fixed digits, no "-0.000".
export function fmt(v, digits = 3) {
  if (v === null || v === undefined || Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '∞' : '−∞';
  let s = v.toFixed(digits);
  if (/^-0\.?0*$/.test(s)) s = s.slice(1);
  return s.replace('-', '−');
}

/** Scientific notation for small errors: 2.4e-7 → "2.4×10⁻⁷". */
export function fmtSci(v, digits = 1) {
  if (v === 0) return '0';
  if (!Number.isFinite(v)) return fmt(v);
  const [m, e] = v.toExponential(digits).split('e');
  const sup = { '-': '⁻', '+': '', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
  return `${m.replace('-', '−')}×10${[...e].map((c) => sup[c]).join('')}`;
}
