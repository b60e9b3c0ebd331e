// The article page's script. The text, tables and formulas are already in the HTML
// (scripts/prerender.mjs) and web/head.js has settled the language and theme; this adds:
//  - figures as islands: each <nw-…> loads its own module (dist/figures/nw-….mjs) when it is on
//    screen, within a screen of it once the reader scrolls, or named in the URL hash; the library and its wasm load
//    once, when the first figure asks for them;
//  - the theme switch, the language link carrying the figures' state, keyboard access to
//    formulas wider than the screen, and the citations' cards;
//  - a banner saying why figures cannot compute (no WebAssembly SIMD, or a CSP forbidding wasm).
// It imports nothing up front, so the first screen costs this file only.
const root = document.documentElement;
const THEME_KEY = 'normwave.theme';

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* private mode: the choice lasts this visit */
  }
}

// ── Theme ──
function applyTheme(choice) {
  if (choice === 'light' || choice === 'dark') root.dataset.theme = choice;
  else delete root.dataset.theme;
  for (const b of document.querySelectorAll('[data-theme-choice]')) {
    b.setAttribute('aria-pressed', String(b.dataset.themeChoice === (choice ?? 'auto')));
  }
}
applyTheme(root.dataset.theme);
for (const b of document.querySelectorAll('[data-theme-choice]')) {
  b.addEventListener('click', () => {
    store(THEME_KEY, b.dataset.themeChoice);
    applyTheme(b.dataset.themeChoice);
  });
}

// ── The language link keeps the figures' state (it lives in the hash) ──
const langLink = document.getElementById('lang-switch');
const langHref = langLink.getAttribute('href');
function syncLangLink() {
  langLink.setAttribute('href', langHref + location.hash);
}

// ── Formulas wider than a phone scroll sideways: reachable by keyboard (and named) only then ──
// Read in a ResizeObserver callback (after layout), never at start: asking every formula for its
// scrollWidth up front would force a layout of the whole article before the first paint.
function markScrollable(el) {
  if (el.scrollWidth > el.clientWidth + 1) {
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', el.dataset.label);
  } else {
    el.removeAttribute('tabindex');
    el.removeAttribute('role');
    el.removeAttribute('aria-label');
  }
}
const formulas = [...document.querySelectorAll('.formula')];
const formulaSizes = new ResizeObserver((entries) => entries.forEach((e) => markScrollable(e.target)));
formulas.forEach((el) => formulaSizes.observe(el));
// KaTeX's fonts change a formula's width, not its box: look again once they are in.
document.fonts?.ready.then(() =>
  formulas.forEach((el) => {
    formulaSizes.unobserve(el);
    formulaSizes.observe(el);
  }),
);

// ── Citations: the reference's entry in a card on hover or keyboard focus ──
// Each citation is a link to its entry in the reference list (scripts/prerender.mjs; with JavaScript
// off it is just that) and names the entry with aria-describedby, so screen readers hear it too.
// The card shows the same entry for the eye: it stays while the pointer is on the link or the card,
// follows keyboard focus, and Escape closes it. One card, placed under the link (the sections'
// containment would clip a card inside them).
const citeCard = document.createElement('div');
citeCard.className = 'cite-card';
citeCard.id = 'cite-card';
citeCard.setAttribute('role', 'tooltip');
citeCard.hidden = true;
document.body.append(citeCard);
let citeFor = null;
let citeTimer = 0;
function showCite(link) {
  clearTimeout(citeTimer);
  const entry = document.getElementById(link.hash.slice(1));
  if (!entry) return;
  if (citeFor !== link) {
    citeCard.replaceChildren(...[...entry.childNodes].map((n) => n.cloneNode(true)));
    citeFor = link;
  }
  citeCard.hidden = false;
  const box = link.getBoundingClientRect();
  const width = citeCard.offsetWidth;
  const left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
  citeCard.style.left = `${left + scrollX}px`;
  citeCard.style.top = `${box.bottom + scrollY + 6}px`;
}
function hideCite(delay) {
  clearTimeout(citeTimer);
  citeTimer = setTimeout(() => {
    citeCard.hidden = true;
    citeFor = null;
  }, delay);
}
const citeOf = (node) => (node instanceof Element ? node.closest('a.cite') : null);
document.addEventListener('pointerover', (e) => {
  const link = citeOf(e.target);
  if (link) showCite(link);
  else if (citeCard.contains(e.target)) clearTimeout(citeTimer);
});
document.addEventListener('pointerout', (e) => {
  const from = citeOf(e.target) ?? (citeCard.contains(e.target) ? citeCard : null);
  if (!from) return;
  const to = e.relatedTarget;
  if (to instanceof Node && (from.contains(to) || citeCard.contains(to) || citeOf(to) === citeFor)) return;
  if (citeFor && document.activeElement === citeFor) return;
  hideCite(300);
});
document.addEventListener('focusin', (e) => {
  const link = citeOf(e.target);
  if (link) showCite(link);
  else if (!citeCard.contains(e.target) && !citeCard.hidden) hideCite(0);
});
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && !citeCard.hidden) hideCite(0);
});

// ── Why figures cannot compute ──
// A minimal module with one v128 instruction: it validates only where WebAssembly SIMD exists.
// (The library has the same probe; repeating 31 bytes here keeps the library off the first load.)
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);
const hasSimd = typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
let wasmBlockedByCsp = false;
document.addEventListener('securitypolicyviolation', (e) => {
  if (e.blockedURI === 'wasm-eval' || /wasm/.test(e.effectiveDirective ?? '')) wasmBlockedByCsp = true;
});
function showBanner(id) {
  document.getElementById(id).hidden = false;
}
if (!hasSimd) showBanner('no-simd');

// ── Figures as islands ──
let library = null;
/** The library, once (the same instance the figures use: one chunk, one wasm instantiation). */
function loadLibrary() {
  library ??= import('./normwave.js')
    .then((m) => m.loadNormwave())
    .then(
      (nw) => {
        window.normwave = nw; // for readers who want to try the API in the console
        return nw;
      },
      (e) => {
        document.body.dataset.state = 'error';
        if (!hasSimd) showBanner('no-simd');
        else if (
          wasmBlockedByCsp ||
          /Content.Security.Policy|unsafe-eval|disallowed by embedder/i.test(String(e?.message))
        )
          showBanner('no-wasm-csp');
        throw e;
      },
    );
  return library;
}

/** Resolves once the figure has drawn from the library and its parity checks have settled. */
function whenDrawn(el) {
  return new Promise((resolve) => {
    const done = () => {
      const shadow = el.shadowRoot;
      return (
        !!shadow &&
        (!!shadow.querySelector('[data-readout]') || !!shadow.querySelector('[role=alert]')) &&
        !shadow.querySelector('.badge.parity:not([data-ok])')
      );
    };
    if (done()) {
      resolve();
      return;
    }
    const mo = new MutationObserver(() => {
      if (done()) finish();
    });
    function finish() {
      mo.disconnect();
      resolve();
    }
    mo.observe(el.shadowRoot ?? el, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

let pageLink = null;
const islands = [...document.querySelectorAll('.island[data-island]')];
function wake(el) {
  if (el.dataset.island !== 'asleep') return;
  el.dataset.island = 'loading';
  observer?.unobserve(el);
  // The §7 formula's lines follow the LayerNorm step chosen in any figure.
  pageLink ??= import('./lib/page-link.js').then(
    (m) => m.linkPageSteps(),
    () => {},
  );
  const tag = el.localName;
  // Tags come from our own HTML (nw- and lowercase letters); the module sits in figures/.
  import(new URL(`./figures/${tag}.mjs`, import.meta.url).href)
    .then(() => customElements.whenDefined(tag))
    .then(() => {
      loadLibrary().catch(() => {});
      return whenDrawn(el);
    })
    .then(
      () => {
        el.dataset.island = 'drawn';
      },
      () => {
        el.dataset.island = 'failed';
      },
    );
}

// A figure keeps its reserved height (page.css) until the reader first works it: a figure may
// still settle after it has drawn (late strings, a badge), and a shift the reader causes is
// expected (and not counted as layout shift); a figure that shrinks then does so for them.
for (const type of ['pointerdown', 'keydown', 'input']) {
  addEventListener(
    type,
    (e) => {
      const el = e.composedPath().find((n) => n instanceof Element && n.classList.contains('island'));
      if (el?.dataset.island === 'drawn') el.dataset.island = 'live';
    },
    { capture: true, passive: true },
  );
}

/** Figures named in the hash (#pe-heatmap, or state keys like #pe-heatmap.dModel=128&…) wake now. */
function linkedIds() {
  const raw = location.hash.slice(1, 4097);
  const ids = new Set();
  try {
    ids.add(decodeURIComponent(raw));
  } catch {
    ids.add(raw);
  }
  try {
    for (const key of new URLSearchParams(raw).keys()) ids.add(key.split('.')[0]);
  } catch {
    /* not a query string */
  }
  return ids;
}

function wakeLinked() {
  const ids = linkedIds();
  for (const el of islands) if (ids.has(el.id)) wake(el);
}

// A shared link that carries figure state (#s3&pe-heatmap.dModel=128) is no anchor the browser
// knows: on a fresh visit, bring the section or figure it names into view as an anchor would.
function scrollToLinked() {
  if (performance.getEntriesByType?.('navigation')[0]?.type === 'reload') return;
  const [first, ...rest] = linkedIds();
  if (!first || document.getElementById(first)) return;
  const target = rest.map((id) => document.getElementById(id)).find(Boolean);
  target?.scrollIntoView();
}

// Until the reader scrolls, only figures already on screen load (a reader who never scrolls, or
// a crawler, fetches no figure at all); from the first scroll on, figures load a screen ahead.
function observe(rootMargin) {
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) if (e.isIntersecting) wake(e.target);
    },
    { rootMargin },
  );
  for (const el of islands) if (el.dataset.island === 'asleep') io.observe(el);
  return io;
}
let observer = null;
if (typeof IntersectionObserver === 'function') {
  observer = observe('0px');
  addEventListener(
    'scroll',
    () => {
      observer.disconnect();
      observer = observe('100% 0px');
    },
    { once: true, passive: true },
  );
} else {
  islands.forEach(wake);
}
scrollToLinked();
wakeLinked();
syncLangLink();
addEventListener('hashchange', wakeLinked);
// Figures write their state into the hash with history.replaceState (no event): read it when the
// reader reaches for the link.
for (const type of ['pointerdown', 'focus', 'mouseenter']) langLink.addEventListener(type, syncLangLink);

document.body.dataset.state = 'ready';
