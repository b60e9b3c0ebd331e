// embed.html: one figure alone, for iframes (blogs that take no script).
//   embed.html?fig=nw-ln-simulator&lang=en&theme=dark&<the figure's URL-state keys>
// The figure's module is loaded from ./figures/ (the same files the package exports) and shown at
// its natural height. Once it has drawn (or shown why it cannot), its height is posted to the
// parent window, and again whenever it grows:
//   { type: 'normwave:resize', height }
// never less than a height posted before, so a frame sized from a message never shrinks to a
// half-drawn figure (a frame off screen may be laid out late). Without a listener the page
// scrolls inside the height the snippet gave it. The README shows a listener.
import { normalizeLang, loadStrings, translate } from './lib/i18n.js';

/* global __NW_FIGURE_TAGS__ */
const FIGURES = new Set(typeof __NW_FIGURE_TAGS__ === 'object' ? __NW_FIGURE_TAGS__ : []);
const RESERVED = new Set(['fig', 'lang', 'theme']);

const params = new URLSearchParams(location.search);
const tag = params.get('fig') ?? '';
const lang = normalizeLang(params.get('lang'));
const theme = params.get('theme');
const root = document.documentElement;
root.lang = lang;
if (theme === 'dark' || theme === 'light') root.dataset.theme = theme;
const main = document.getElementById('figure');

let posted = 0;
function postHeight() {
  if (!document.body.dataset.state) return; // nothing drawn yet
  const height = Math.ceil(root.getBoundingClientRect().height);
  if (height <= posted || parent === window) return;
  posted = height;
  parent.postMessage({ type: 'normwave:resize', height }, '*');
}
new ResizeObserver(postHeight).observe(document.body);

function done(state) {
  document.body.dataset.state = state;
  postHeight();
}

async function show() {
  if (!FIGURES.has(tag)) {
    await loadStrings(lang);
    const p = document.createElement('p');
    p.className = 'unknown';
    p.textContent = translate(lang, 'embed.unknown', { fig: tag.slice(0, 64) });
    main.replaceChildren(p);
    done('error');
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
  done('ready');
}

show().catch((e) => {
  const p = document.createElement('p');
  p.className = 'unknown';
  p.textContent = String(e?.message ?? e);
  main.replaceChildren(p);
  done('error');
});
