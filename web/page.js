// The article page: language and theme switches, the page text from web/i18n, KaTeX formulas,
// and every figure element.
import './page-figures.js';
import katex from 'katex';
import { translate, normalizeLang } from './lib/i18n.js';
import { loadNormwave, hasWasmSimd } from './normwave.js';

const LANG_KEY = 'normwave.lang';
const THEME_KEY = 'normwave.theme';
let version = '…';

function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: the choice lasts this visit */ }
}
function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

/** ?lang= wins and is remembered; else the remembered choice; else Korean. */
function initialLang() {
  const q = new URLSearchParams(location.search).get('lang');
  if (q) {
    const lang = normalizeLang(q);
    store(LANG_KEY, lang);
    return lang;
  }
  return normalizeLang(stored(LANG_KEY) ?? 'ko');
}

function applyLang(lang) {
  const root = document.documentElement;
  root.lang = lang;
  const vars = (el) => ({ version, ...(el.dataset.i18nVars ? JSON.parse(el.dataset.i18nVars) : {}) });
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = translate(lang, el.dataset.i18n, vars(el));
  // Our own static HTML from web/i18n (never user input).
  for (const el of document.querySelectorAll('[data-i18n-html]')) el.innerHTML = translate(lang, el.dataset.i18nHtml);
  for (const el of document.querySelectorAll('[data-i18n-label]')) el.setAttribute('aria-label', translate(lang, el.dataset.i18nLabel));
  const other = lang === 'ko' ? 'en' : 'ko';
  const link = document.getElementById('lang-switch');
  link.href = `?lang=${other}${location.hash}`;
  link.hreflang = other;
  link.lang = other;
  buildToc();
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(history.state, '', url);
}

/** The table of contents, from the section headings (numbered by CSS, like the headings). */
function buildToc() {
  const list = document.getElementById('toc-list');
  list.replaceChildren(...[...document.querySelectorAll('main section > h2')].map((h) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#${h.closest('section').id}`;
    a.textContent = h.textContent;
    li.append(a);
    return li;
  }));
}

function applyTheme(choice) {
  const root = document.documentElement;
  if (choice === 'light' || choice === 'dark') root.dataset.theme = choice;
  else delete root.dataset.theme;
  for (const b of document.querySelectorAll('[data-theme-choice]')) {
    b.setAttribute('aria-pressed', String(b.dataset.themeChoice === (choice ?? 'auto')));
  }
}

function renderFormulas() {
  for (const el of document.querySelectorAll('[data-tex]')) {
    katex.render(el.dataset.tex, el, { displayMode: el.hasAttribute('data-display'), throwOnError: false, output: 'htmlAndMathml' });
  }
}

// A display formula wider than a phone scrolls sideways inside its box: make that box reachable
// by keyboard (and named) only when it actually overflows.
function markScrollableFormulas() {
  for (const el of document.querySelectorAll('.formula')) {
    const scrolls = el.scrollWidth > el.clientWidth + 1;
    if (scrolls) {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', translate(document.documentElement.lang, 'page.formulaLabel'));
    } else {
      el.removeAttribute('tabindex');
      el.removeAttribute('role');
      el.removeAttribute('aria-label');
    }
  }
}

let lang = initialLang();
applyLang(lang);
applyTheme(stored(THEME_KEY));
renderFormulas();
markScrollableFormulas();
addEventListener('resize', markScrollableFormulas);
document.fonts?.ready.then(markScrollableFormulas);

document.getElementById('lang-switch').addEventListener('click', (e) => {
  e.preventDefault();
  lang = lang === 'ko' ? 'en' : 'ko';
  store(LANG_KEY, lang);
  applyLang(lang);
  markScrollableFormulas();
});
for (const b of document.querySelectorAll('[data-theme-choice]')) {
  b.addEventListener('click', () => {
    store(THEME_KEY, b.dataset.themeChoice);
    applyTheme(b.dataset.themeChoice);
  });
}

if (!hasWasmSimd()) document.getElementById('no-simd').hidden = false;
loadNormwave().then((nw) => {
  version = nw.version;
  // The figures' own instance, for readers who want to try the API in the console.
  window.normwave = nw;
  applyLang(lang);
  document.body.dataset.state = 'ready';
}, () => {
  document.getElementById('no-simd').hidden = false;
  document.body.dataset.state = 'error';
});
