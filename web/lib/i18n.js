// String lookup for the page and the elements. Every string lives in web/i18n/{ko,en}.js.
import ko from '../i18n/ko.js';
import en from '../i18n/en.js';

export const LANGS = Object.freeze({ ko, en });
export const DEFAULT_LANG = 'ko';

/** 'ko' or 'en' for any lang tag ('en-US' → 'en'); unknown → the default. */
export function normalizeLang(tag) {
  const base = String(tag ?? '').toLowerCase().split('-')[0];
  return base in LANGS ? base : DEFAULT_LANG;
}

/**
 * The string for key in lang, with {name} placeholders filled from vars.
 * Falls back to Korean, then to the key itself (so a missing string is visible, not blank).
 */
export function translate(lang, key, vars) {
  const table = LANGS[normalizeLang(lang)];
  let s = table[key] ?? LANGS[DEFAULT_LANG][key] ?? key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
  return s;
}
