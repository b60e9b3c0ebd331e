// A figure's controls as data (web/lib/base.js's `static controls`), without the DOM: the value
// a control takes from anything, and a whole state clamped the way an element clamps it before
// each render, so Node tests can sweep a figure's settings.

/**
 * A control's value from anything (an attribute, the URL, a slider, a script):
 *   { bool: true, default }: true/false, 'true'/'1'/1 or 'false'/'0'/0, else default;
 *   { choices, default }: value if it is one of the choices (compared as strings), else default;
 *   { min, max, step = 1, default }: a number clamped to [min, max] (narrowed by
 *   bounds = { min?, max? }) and snapped to the grid min + k·step; not a number: default, clamped.
 * default may be a function of the element (el), for a default that follows another control.
 */
export function controlValue(control, value, bounds = {}, el = null) {
  const fallback = typeof control.default === 'function' ? control.default(el) : control.default;
  if (control.bool) {
    if (typeof value === 'boolean') return value;
    const s = String(value);
    return s === 'true' || s === '1' ? true : s === 'false' || s === '0' ? false : fallback;
  }
  if (control.choices) {
    const i = control.choices.map(String).indexOf(String(value));
    return i >= 0 ? control.choices[i] : fallback;
  }
  const step = control.step ?? 1;
  const lo = Math.max(control.min, bounds.min ?? -Infinity),
    hi = Math.min(control.max, bounds.max ?? Infinity);
  const given = value === null || value === undefined || value === '' ? NaN : Number(value);
  const x = Math.min(hi, Math.max(lo, Number.isFinite(given) ? given : fallback));
  let k = Math.round((x - control.min) / step);
  if (control.min + k * step > hi) k -= 1;
  if (control.min + k * step < lo) k += 1;
  // toFixed: 0.5 + 3 · 0.05 is 0.6500000000000001 in floats; 10 decimals keep every step used.
  return Number((control.min + k * step).toFixed(10));
}

/**
 * A whole state as an element would hold it: each control (in declaration order, so limits and
 * defaults see the controls before them) clamped by controlValue, then moved by its fit.
 * Missing values take their defaults.
 */
export function clampState(controls, raw = {}) {
  const state = {};
  for (const [prop, c] of Object.entries(controls)) {
    let v = controlValue(c, raw[prop] ?? null, c.limit?.(state), state);
    if (c.fit) v = c.fit(v, state);
    state[prop] = v;
  }
  return state;
}

/** The two places of the LayerNorm in an encoder layer, as a toggle's options. */
export const WIRINGS = [
  { value: 'post', label: 'Post-LN' },
  { value: 'pre', label: 'Pre-LN' },
];

/** The two layouts of a PE table's dimensions (the `layout` control), as a toggle's options in el's language. */
export const peLayouts = (el) => [
  { value: 'interleaved', label: el.t('pe.layout.interleaved') },
  { value: 'concat', label: el.t('pe.layout.concat') },
];
