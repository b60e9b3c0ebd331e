// String lookup for the page and the elements. Every string lives in web/i18n/{ko,en}.js (one
// object per language, the same keys). A language's table is loaded when first needed
// (loadStrings), so an embedded figure carries only the language it shows; the build serves
// figures a copy without the article's keys (page.*, s<N>.*). Lookups use own properties only:
// a language or key named "constructor" or "__proto__" is just unknown.

export const LANG_CODES = Object.freeze(['ko', 'en']);
export const DEFAULT_LANG = 'ko';

const loaders = new Map([
  ['ko', () => import('../i18n/ko.js')],
  ['en', () => import('../i18n/en.js')],
]);
const tables = new Map();   // lang → Map(key → string)
const pending = new Map();  // lang → Promise

/** 'ko' or 'en' for any lang tag ('en-US' → 'en'); unknown → the default. */
export function normalizeLang(tag) {
  const base = String(tag ?? '').toLowerCase().split('-')[0];
  return loaders.has(base) ? base : DEFAULT_LANG;
}

/** Registers a language's strings (an object of key → string; own enumerable keys only). */
export function addStrings(lang, strings) {
  const code = normalizeLang(lang);
  const table = tables.get(code) ?? new Map();
  for (const [key, value] of Object.entries(strings)) if (typeof value === 'string') table.set(key, value);
  tables.set(code, table);
}

/** Whether lang's strings are loaded (translate answers from them without waiting). */
export function hasStrings(lang) {
  return tables.has(normalizeLang(lang));
}

/** Loads lang's strings once (a failed load is retried on the next call). */
export function loadStrings(lang) {
  const code = normalizeLang(lang);
  if (tables.has(code)) return Promise.resolve();
  if (!pending.has(code)) {
    const p = loaders.get(code)().then((m) => { addStrings(code, m.default); }, (e) => {
      pending.delete(code);
      throw e;
    });
    pending.set(code, p);
  }
  return pending.get(code);
}

/**
 * The string for key in lang, with {name} placeholders filled from vars (own properties).
 * Falls back to Korean, then to the key itself (so a missing string is visible, not blank);
 * a language not loaded yet answers with its fallback too.
 */
export function translate(lang, key, vars) {
  const k = String(key);
  let s = tables.get(normalizeLang(lang))?.get(k) ?? tables.get(DEFAULT_LANG)?.get(k) ?? k;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, name) => (Object.hasOwn(vars, name) ? String(vars[name]) : m));
  return s;
}
