// embed.html: one figure alone, for iframes (blogs that take no script).
//   embed.html?fig=nw-ln-simulator&lang=en&theme=dark&<the figure's URL-state keys>
// The figure's module is loaded from ./figures/ (the same files the package exports), shown at
// its natural height, and its height is posted to the parent window on every change:
//   { type: 'normwave:resize', height }
// so a host page can size the iframe; without a listener the page scrolls inside the height the
// snippet gave it.
import { normalizeLang, loadStrings, translate } from './lib/i18n.js';

/* global __NW_FIGURE_TAGS__ */
const FIGURES = new Set(typeof __NW_FIGURE_TAGS__ === 'object' ? __NW_FIGURE_TAGS__ : []);
const RESERVED = new Set(['fig', 'lang', 'theme']);

const params = new URLSearchParams(location.search);
const tag = params.get('fig') ?? '';
const lang = normalizeLang(params.get('lang') ?? document.documentElement.lang);
const theme = params.get('theme');
const root = document.documentElement;
root.lang = lang;
if (theme === 'dark' || theme === 'light') root.dataset.theme = theme;
const main = document.getElementById('figure');

function postHeight() {
  const height = Math.ceil(root.getBoundingClientRect().height);
  if (height > 0 && parent !== window) parent.postMessage({ type: 'normwave:resize', height }, '*');
}
new ResizeObserver(postHeight).observe(document.body);

async function show() {
  if (!FIGURES.has(tag)) {
    await loadStrings(lang);
    const p = document.createElement('p');
    p.className = 'unknown';
    p.textContent = translate(lang, 'embed.unknown', { fig: tag.slice(0, 64) });
    main.replaceChildren(p);
    document.body.dataset.state = 'error';
    return;
  }
  const url = new URL(`./figures/${tag}.mjs`, import.meta.url);
  await import(url.href);
  const el = document.createElement(tag);
  el.setAttribute('lang', lang);
  if (theme === 'dark' || theme === 'light') el.setAttribute('theme', theme);
  el.setAttribute('no-url-state', '');
  // Nothing of the reader's from this site shows in an iframe: any page may frame this one and
  // read the height it posts (the quiz with restored answers is taller than a fresh one).
  el.setAttribute('no-storage', '');
  const state = {};
  for (const [k, v] of params) if (!RESERVED.has(k)) state[k] = v.slice(0, 256);
  el.applyState(state);
  main.replaceChildren(el);
  // Ready once the figure has drawn from the library (its title and text are then in place).
  for (;;) {
    await el.updateComplete;
    if (el.nw || el.loadError) break;
    await new Promise((resolve) => {
      setTimeout(resolve, 30);
    });
  }
  await el.updateComplete;
  const title = el.shadowRoot?.querySelector('.title')?.textContent.trim();
  if (title) document.title = translate(lang, 'embed.title', { title });
  document.body.dataset.state = 'ready';
}

show().catch((e) => {
  document.body.dataset.state = 'error';
  const p = document.createElement('p');
  p.className = 'unknown';
  p.textContent = String(e?.message ?? e);
  main.replaceChildren(p);
});
