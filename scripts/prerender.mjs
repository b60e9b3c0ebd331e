// The article, pre-rendered at build time: web/index.html (a template with data-i18n* slots and
// data-tex formulas) becomes dist/index.html (Korean, the site's root) and dist/en/index.html
// (English), each holding all its text, tables and formulas (KaTeX HTML + MathML), so it reads
// with JavaScript off and no KaTeX code ships to readers. Also written: dist/og.png (the share
// card's image, a PE heatmap our own kernel computes here in Node), robots.txt and sitemap.xml
// (the article and every figure's page, which scripts/figure-pages.mjs writes).
//
//   node scripts/prerender.mjs [--dist DIR]
// The site's public base URL (canonical, hreflang and Open Graph need absolute URLs) is
// package.json's `homepage`; without one, the address `npm start` serves, http://127.0.0.1:8080/.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import katex from 'katex';
import ko from '../web/i18n/ko.js';
import en from '../web/i18n/en.js';
import { REFERENCES, reference, referenceAnchor } from '../web/lib/references.js';
import { DEFAULT_CSP } from './serve.mjs';
import { figurePagePath, siteBase, siteProblem } from '../web/lib/site.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STRINGS = { ko, en };
const PAGES = { ko: '', en: 'en/' }; // each language's folder under the site root
const OG_LOCALE = { ko: 'ko_KR', en: 'en_US' };
const OG_SIZE = { width: 1200, height: 630 };

/** The site's base URL: package.json's `homepage` (checked by web/lib/site.js), else npm start's. */
export function siteUrl(pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'))) {
  if (!pkg.homepage) return 'http://127.0.0.1:8080/';
  const problem = siteProblem(pkg.homepage);
  if (problem) throw new Error(`prerender: package.json's homepage cannot be the site: ${problem}`);
  return siteBase(pkg.homepage);
}

const escapeText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s) => escapeText(s).replace(/"/g, '&quot;');
const decodeAttr = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function lookup(lang, key) {
  const table = STRINGS[lang];
  if (!Object.hasOwn(table, key)) throw new Error(`prerender: web/i18n/${lang}.js has no "${key}"`);
  return table[key];
}

// ── A small tokenizer for our own template: tags with quoted attributes, nothing fancier. ──
const TAG = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>\/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*(\/?)>/g;
const ATTR = /([^\s=>\/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
const VOID = new Set(['meta', 'link', 'br', 'hr', 'img', 'input', 'source', 'col', 'wbr']);

function parseAttrs(text) {
  const attrs = new Map();
  for (const m of text.matchAll(ATTR)) attrs.set(m[1], decodeAttr(m[2] ?? m[3] ?? m[4] ?? ''));
  return attrs;
}

function formatAttrs(attrs) {
  return [...attrs]
    .map(([k, v]) => (v === '' && k !== 'content' && k !== 'alt' ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`))
    .join('');
}

/**
 * Rewrites every element of html for which visit(name, attrs) returns an object:
 *   { attrs?: Map, inner?: string | (original) => string }  new attributes and/or new content
 *   (children replaced; a function gets the element's own content and returns the new).
 * Elements are matched with their own closing tag (nesting of the same name counted).
 */
function rewrite(html, visit) {
  let out = '';
  let pos = 0;
  TAG.lastIndex = 0;
  for (let m; (m = TAG.exec(html));) {
    const [whole, closing, rawName, attrText] = m;
    if (closing) continue;
    const name = rawName.toLowerCase();
    const change = visit(name, parseAttrs(attrText));
    if (!change) continue;
    const openEnd = m.index + whole.length;
    let innerEnd = openEnd,
      closeEnd = openEnd;
    if (!VOID.has(name)) {
      const scan = new RegExp(TAG.source, 'g');
      scan.lastIndex = openEnd;
      let depth = 1;
      for (let t; (t = scan.exec(html));) {
        if (t[2].toLowerCase() !== name || t[4]) continue;
        depth += t[1] ? -1 : 1;
        if (depth === 0) {
          innerEnd = t.index;
          closeEnd = t.index + t[0].length;
          break;
        }
      }
      if (depth !== 0) throw new Error(`prerender: <${name}> at ${m.index} is not closed`);
    }
    const attrs = change.attrs ?? parseAttrs(attrText);
    const original = html.slice(openEnd, innerEnd);
    const inner = typeof change.inner === 'function' ? change.inner(original) : (change.inner ?? original);
    out += html.slice(pos, m.index) + `<${rawName}${formatAttrs(attrs)}>`;
    if (VOID.has(name)) {
      pos = openEnd;
      TAG.lastIndex = openEnd;
    } else {
      // Rewrite inside the new content too (e.g. slots inside a table cell).
      out += rewrite(inner, visit) + `</${rawName}>`;
      pos = closeEnd;
      TAG.lastIndex = closeEnd;
    }
  }
  return out + html.slice(pos);
}

function tex(source, displayMode) {
  return katex.renderToString(source, {
    displayMode,
    output: 'htmlAndMathml',
    throwOnError: true,
    strict: (code) => (code === 'unknownSymbol' || code === 'symbolNotInFont' ? 'ignore' : 'error'),
  });
}

/** Height reservations for a figure: CSS custom properties read by page.css (see there). */
export const HEIGHT_WIDTHS = [320, 360, 390, 412, 480, 600, 768, 820];
function heightVars(samples) {
  if (!samples) return '';
  const h = HEIGHT_WIDTHS.map((w) => samples[w]);
  if (h.some((v) => !(v > 0))) return '';
  const vars = [];
  for (let i = 0; i < h.length; i++) {
    vars.push(`--a${i}:${Math.round(h[i])}px`);
    if (i + 1 < h.length) {
      const k = (h[i + 1] - h[i]) / (HEIGHT_WIDTHS[i + 1] - HEIGHT_WIDTHS[i]);
      vars.push(`--k${i}:${Number(k.toFixed(4))}`);
    }
  }
  return vars.join(';');
}

function headBlock(lang, site, version) {
  const t = (k) => lookup(lang, k);
  const url = (l) => site + PAGES[l];
  const image = site + 'og.png';
  const other = lang === 'ko' ? 'en' : 'ko';
  return [
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttr(DEFAULT_CSP)}">`,
    `<title>${escapeText(t('page.title'))}</title>`,
    `<meta name="description" content="${escapeAttr(t('page.description'))}">`,
    `<link rel="canonical" href="${escapeAttr(url(lang))}">`,
    `<link rel="alternate" hreflang="ko" href="${escapeAttr(url('ko'))}">`,
    `<link rel="alternate" hreflang="en" href="${escapeAttr(url('en'))}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeAttr(url('ko'))}">`,
    '<meta property="og:type" content="article">',
    '<meta property="og:site_name" content="normwave">',
    `<meta property="og:title" content="${escapeAttr(t('page.title'))}">`,
    `<meta property="og:description" content="${escapeAttr(t('page.description'))}">`,
    `<meta property="og:url" content="${escapeAttr(url(lang))}">`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}">`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[other]}">`,
    `<meta property="og:image" content="${escapeAttr(image)}">`,
    `<meta property="og:image:width" content="${OG_SIZE.width}">`,
    `<meta property="og:image:height" content="${OG_SIZE.height}">`,
    `<meta property="og:image:alt" content="${escapeAttr(t('page.ogImageAlt'))}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeAttr(t('page.title'))}">`,
    `<meta name="twitter:description" content="${escapeAttr(t('page.description'))}">`,
    `<meta name="twitter:image" content="${escapeAttr(image)}">`,
    `<meta name="twitter:image:alt" content="${escapeAttr(t('page.ogImageAlt'))}">`,
    `<meta name="generator" content="normwave ${escapeAttr(version)}">`,
  ].join('\n');
}

/** The page of one language from the template. */
export function renderPage(template, lang, { site = siteUrl(), version, heights = {} } = {}) {
  const t = (k) => lookup(lang, k);
  const up = PAGES[lang] ? '../' : ''; // from this page to the site root
  const other = lang === 'ko' ? 'en' : 'ko';
  const formulaLabel = t('page.formulaLabel');
  const islandNote = t('page.island');

  let html = template.replace(/<!--[\s\S]*?-->\n?/g, (c) => (c.includes('prerender: head') ? c : ''));
  html = html.replace('<!-- prerender: head -->', headBlock(lang, site, version));

  // The table of contents, from the headings of the article's sections (those inside <main>).
  // Section numbers are written out (a CSS counter would not count across the sections'
  // content-visibility containment), and cross-references take them from here.
  const toc = [];
  const numbers = new Map(); // heading id → number
  const sectionNumbers = new Map(); // section id → number
  const article = template.slice(template.indexOf('<main'), template.indexOf('</main>'));
  for (const m of article.matchAll(/<section id="([\w-]+)"[^>]*>\s*<h2[^>]*data-i18n="([\w.]+)"/g)) {
    toc.push(`<li><a href="#${m[1]}">${escapeText(t(m[2]))}</a></li>`);
    numbers.set(`${m[1]}-h`, toc.length);
    sectionNumbers.set(m[1], toc.length);
  }
  const cited = new Set();

  html = rewrite(html, (name, attrs) => {
    let changed = false,
      inner;
    const take = (k) => {
      const v = attrs.get(k);
      attrs.delete(k);
      changed = true;
      return v;
    };
    if (name === 'html') {
      attrs.set('lang', lang);
      attrs.set('data-ko-href', up || './');
      attrs.set('data-en-href', `${up}en/`);
      return { attrs };
    }
    // Asset URLs are relative to the site root.
    if ((name === 'link' || name === 'script') && up) {
      for (const k of ['href', 'src']) {
        const v = attrs.get(k);
        if (v && !/^(?:[a-z]+:|\/|#)/i.test(v)) {
          attrs.set(k, up + v);
          changed = true;
        }
      }
    }
    if (attrs.has('data-lang-switch')) {
      attrs.set('href', `${up}${PAGES[other]}` || './');
      attrs.set('hreflang', other);
      attrs.set('lang', other);
      changed = true;
    }
    if (attrs.has('data-i18n')) {
      const key = take('data-i18n');
      inner = escapeText(key === 'page.meta' ? t(key).replace('{version}', version) : t(key));
    }
    if (attrs.has('data-i18n-html')) inner = t(take('data-i18n-html'));
    if (attrs.has('data-i18n-label')) attrs.set('aria-label', t(take('data-i18n-label')));
    if (attrs.has('data-tex')) {
      const display = attrs.has('data-display');
      inner = tex(take('data-tex'), display);
      attrs.delete('data-display');
      if (attrs.get('class')?.split(/\s+/).includes('formula')) attrs.set('data-label', formulaLabel);
    }
    if (name === 'h2' && numbers.has(attrs.get('id')) && inner !== undefined) {
      inner = `<span class="num">${numbers.get(attrs.get('id'))}.</span> ${inner}`;
    }
    if (attrs.get('id') === 'toc-list') {
      inner = toc.join('');
      changed = true;
    }
    if (name === 'a' && attrs.has('data-xref')) {
      // A cross-reference: <a data-xref="s14"></a> becomes a link "§N" to that section.
      const id = take('data-xref');
      if (!sectionNumbers.has(id))
        throw new Error(`prerender: ${lang} text refers to a section "${id}" that does not exist`);
      attrs.set('href', `#${id}`);
      attrs.set('class', 'xref');
      inner = `§${sectionNumbers.get(id)}`;
    }
    if (name === 'a' && attrs.has('data-cite')) {
      // A citation: <a data-cite="id">text</a> (text optional) links to its entry in the list.
      const ref = reference(take('data-cite'));
      cited.add(ref.id);
      attrs.set('href', `#${referenceAnchor(ref.id)}`);
      attrs.set('class', 'cite');
      attrs.set('aria-describedby', referenceAnchor(ref.id));
      const label = escapeText(citeLabel(ref, lang));
      inner = (original) => (original.trim() ? original : label);
    }
    if (attrs.get('id') === 'reference-list') {
      inner = REFERENCES.map((r) => referenceItem(r, lang)).join('');
      changed = true;
    }
    if (name === 'section' && heights[attrs.get('id')]) {
      const vars = heightVars(heights[attrs.get('id')]);
      if (vars) {
        attrs.set('style', vars);
        changed = true;
      }
    }
    if (attrs.has('data-placeholder')) {
      // A figure: until its island loads, a box of its final size saying what it will show.
      const title = t(take('data-placeholder'));
      attrs.set('class', [attrs.get('class'), 'island'].filter(Boolean).join(' '));
      attrs.set('data-island', 'asleep');
      const vars = heightVars(heights[attrs.get('id')]);
      if (vars) attrs.set('style', vars);
      inner = `<p class="island-title">${escapeText(title)}</p><p class="island-note">${escapeText(islandNote)}</p>`;
    }
    return changed || inner !== undefined ? { attrs, inner } : null;
  });

  const left = html.match(/data-(?:i18n[\w-]*|tex|placeholder|xref|cite)=/);
  if (left) throw new Error(`prerender: an unfilled ${left[0]} slot is left in the ${lang} page`);
  const uncited = REFERENCES.filter((r) => !cited.has(r.id)).map((r) => r.id);
  if (uncited.length) throw new Error(`prerender: the ${lang} page lists works it never cites: ${uncited.join(', ')}`);
  return html;
}

/** A citation's text: "Vaswani et al., 2017" (Korean: "Vaswani 외, 2017"). */
function citeLabel(ref, lang) {
  const names = lang === 'ko' ? ref.short.replace(/ et al\.$/, ' 외') : ref.short;
  return `${names}, ${ref.year}`;
}

/** One entry of the reference list: authors (year). Title. Venue. Link — and what it is if not a paper. */
function referenceItem(ref, lang) {
  const kind = ref.kind ? ` <span class="ref-kind">${escapeText(lookup(lang, `page.refs.${ref.kind}`))}</span>` : '';
  const host = new URL(ref.url).host.replace(/^www\./, '');
  return (
    `<li id="${referenceAnchor(ref.id)}">${escapeText(ref.authors)} (${ref.year}). ` +
    `<cite>${escapeText(ref.title)}</cite>. ${escapeText(ref.venue)}.${kind} ` +
    `<a href="${escapeAttr(ref.url)}" rel="noopener">${escapeText(host)}</a></li>`
  );
}

// ── The share card: a PE heatmap, computed by our kernel in Node and written as a PNG. ──
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
/** An 8-bit RGB PNG from rows of width*3 bytes (filter 0 on every row). */
export function encodePng(width, height, rgb) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    rgb.subarray(y * width * 3, (y + 1) * width * 3).forEach((v, i) => {
      raw[y * (width * 3 + 1) + 1 + i] = v;
    });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function shareImage(dist) {
  const { loadNormwave } = await import(pathToFileURL(path.join(dist, 'normwave.mjs')).href);
  const { DIVERGING } = await import('../web/lib/colormap.js');
  const nw = await loadNormwave({ wasmBinary: fs.readFileSync(path.join(dist, 'normwave_wasm.wasm')) });
  const cell = 5;
  const dModel = OG_SIZE.width / cell,
    seqLen = OG_SIZE.height / cell; // 240 × 126
  const pe = nw.positionalEncoding(seqLen, dModel);
  const rgb = new Uint8Array(OG_SIZE.width * OG_SIZE.height * 3);
  for (let y = 0; y < OG_SIZE.height; y++) {
    for (let x = 0; x < OG_SIZE.width; x++) {
      // Columns de-interleaved (all sin dims, then all cos dims), as the heatmap's concat layout.
      const c = Math.floor(x / cell),
        half = dModel / 2;
      const v = pe[Math.floor(y / cell) * dModel + (c < half ? 2 * c : 2 * (c - half) + 1)];
      const k = Math.max(0, Math.min(255, Math.round(((v + 1) / 2) * 255)));
      rgb.set(DIVERGING.subarray(3 * k, 3 * k + 3), (y * OG_SIZE.width + x) * 3);
    }
  }
  return encodePng(OG_SIZE.width, OG_SIZE.height, rgb);
}

export async function prerender({ dist = path.join(REPO, 'dist'), site = siteUrl() } = {}) {
  const template = fs.readFileSync(path.join(REPO, 'web', 'index.html'), 'utf8');
  const { version } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const heightsFile = path.join(REPO, 'web', 'figure-heights.json');
  const heights = fs.existsSync(heightsFile) ? JSON.parse(fs.readFileSync(heightsFile, 'utf8')) : {};
  const written = [];
  for (const lang of Object.keys(PAGES)) {
    const file = path.join(dist, PAGES[lang], 'index.html');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, renderPage(template, lang, { site, version, heights: heights[lang] ?? {} }));
    written.push(file);
  }
  fs.writeFileSync(path.join(dist, 'og.png'), await shareImage(dist));
  fs.writeFileSync(path.join(dist, 'robots.txt'), `User-agent: *\nAllow: /\nSitemap: ${site}sitemap.xml\n`);
  // One <url> per page and language, each naming the page in both languages.
  const tags = fs.existsSync(path.join(dist, 'figures'))
    ? fs
        .readdirSync(path.join(dist, 'figures'))
        .filter((f) => /^nw-[a-z0-9-]+\.mjs$/.test(f))
        .map((f) => f.slice(0, -4))
        .sort()
    : [];
  const pages = [(l) => site + PAGES[l], ...tags.map((tag) => (l) => site + figurePagePath(tag, l))];
  const langs = Object.keys(PAGES);
  const entries = pages.flatMap((page) =>
    langs.map(
      (lang) =>
        `<url><loc>${escapeAttr(page(lang))}</loc>${langs
          .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeAttr(page(l))}"/>`)
          .join('')}</url>`,
    ),
  );
  fs.writeFileSync(
    path.join(dist, 'sitemap.xml'),
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
      entries.join('\n') +
      '\n</urlset>\n',
  );
  written.push(path.join(dist, 'og.png'), path.join(dist, 'robots.txt'), path.join(dist, 'sitemap.xml'));
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const i = process.argv.indexOf('--dist');
  const dist = i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
  for (const f of await prerender({ dist })) console.log(`prerender: ${path.relative(REPO, f)}`);
}
