// String lookup for the page and the elements. Every string lives in web/i18n/{ko,en}.js (one
// object per language, the same keys). A language's table is loaded when first needed
// (loadStrings), so an embedded figure carries only the language it shows; the build serves
// figures a copy without the article's keys (page.*, s<N>.*), split into shared strings and the
// own strings of the wordiest figures (web/i18n/parts.js). Lookups use own properties only:
// a language or key named "constructor" or "__proto__" is just unknown.
import { loaders } from '../i18n/parts.js';

export const LANG_CODES = Object.freeze(['ko', 'en']);
export const DEFAULT_LANG = 'en';

const tables = new Map(); // lang → Map(key → string)
const loaded = new Set(); // 'lang part' of every part loaded
const pending = new Map(); // 'lang part' → Promise

/**
 * 'ko' or 'en' for a lang tag, by its primary subtag ('en-US' → 'en', 'ko-KR' → 'ko'); any other
 * tag, or none: the first of the reader's languages (navigator.languages) that is one of them,
 * else English.
 */
export function normalizeLang(tag) {
  for (const t of [tag, ...(globalThis.navigator?.languages ?? [])]) {
    const base = String(t ?? '')
      .toLowerCase()
      .split('-')[0];
    if (Object.hasOwn(loaders, base)) return base;
  }
  return DEFAULT_LANG;
}

/** The parts of lang's strings a figure needs: the shared ones, and its own if they load apart. */
function partsFor(code, figure) {
  const own = figure != null && Object.hasOwn(loaders[code], String(figure));
  return own ? ['shared', String(figure)] : ['shared'];
}

/** Registers a language's strings (an object of key → string; own enumerable keys only). */
export function addStrings(lang, strings) {
  const code = normalizeLang(lang);
  const table = tables.get(code) ?? new Map();
  for (const [key, value] of Object.entries(strings)) if (typeof value === 'string') table.set(key, value);
  tables.set(code, table);
}

/** Whether lang's strings (for `figure`, a tag: with its own part) are loaded. */
export function hasStrings(lang, figure) {
  const code = normalizeLang(lang);
  return partsFor(code, figure).every((part) => loaded.has(`${code} ${part}`));
}

/** Loads lang's strings once (for `figure`: its own part too); a failed load is retried next call. */
export function loadStrings(lang, figure) {
  const code = normalizeLang(lang);
  return Promise.all(
    partsFor(code, figure).map((part) => {
      const id = `${code} ${part}`;
      if (loaded.has(id)) return undefined;
      if (!pending.has(id)) {
        const p = loaders[code][part]().then(
          (m) => {
            addStrings(code, m.default);
            loaded.add(id);
          },
          (e) => {
            pending.delete(id);
            throw e;
          },
        );
        pending.set(id, p);
      }
      return pending.get(id);
    }),
  ).then(() => {});
}

/**
 * The string for key in lang, with {name} placeholders filled from vars (own properties).
 * Falls back to English, then to the key itself (so a missing string is visible, not blank);
 * a language not loaded yet answers with its fallback too.
 */
export function translate(lang, key, vars) {
  const k = String(key);
  let s = tables.get(normalizeLang(lang))?.get(k) ?? tables.get(DEFAULT_LANG)?.get(k) ?? k;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, name) => (Object.hasOwn(vars, name) ? String(vars[name]) : m));
  return s;
}
