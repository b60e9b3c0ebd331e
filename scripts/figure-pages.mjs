// One page per figure on the site, in both languages (web/lib/site.js: figure/<id>/ in Korean,
// en/figure/<id>/ in English), so a figure's link unfurls wherever it is pasted:
//   index.html    the figure live at its default state, its title and description (the figure's
//                 own title and first caption, from web/i18n), canonical and hreflang, Open Graph,
//                 a Twitter player card (the player is embed.html), oEmbed discovery, and the
//                 snippets to embed it;
//   figure.png    the figure drawn by Chromium at its default state (og:image, twitter:image,
//                 the oEmbed thumbnail; the picture shown without JavaScript);
//   oembed.json   the oEmbed answer (https://oembed.com, type "rich"): the embed.html iframe at the
//                 width the figure was drawn at and the height it took there.
// Every figure is drawn once per language in one Chromium (Debian's, by playwright-core) from
// embed.html on a local server of dist/, two at a time.
//   node scripts/figure-pages.mjs [--dist DIR]      (scripts/build.sh runs it after prerender.mjs)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer, DEFAULT_CSP } from './serve.mjs';
import { siteUrl } from './prerender.mjs';
import { launchBrowser } from '../tests/browser/harness.mjs';
import { figureId, figurePageFiles, figurePagePath, LANG_FOLDERS } from '../web/lib/site.js';
import ko from '../web/i18n/ko.js';
import en from '../web/i18n/en.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STRINGS = { ko, en };
const OG_LOCALE = { ko: 'ko_KR', en: 'en_US' };
/** The CSS width every figure is drawn at (the player and oEmbed width), and the picture's scale. */
export const FIGURE_WIDTH = 640;
const SCALE = 2;
// Twitter cards cut descriptions at 200 characters.
const DESCRIPTION_MAX = 200;

const escapeText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s) => escapeText(s).replace(/"/g, '&quot;');

function t(lang, key, vars = {}) {
  const table = STRINGS[lang];
  if (!Object.hasOwn(table, key)) throw new Error(`figure-pages: web/i18n/${lang}.js has no "${key}"`);
  return table[key].replace(/\{(\w+)\}/g, (m, k) => (Object.hasOwn(vars, k) ? String(vars[k]) : m));
}

/** The figure tags of dist/ (one entry per figure in dist/figures/). */
export function distFigureTags(dist) {
  return fs
    .readdirSync(path.join(dist, 'figures'))
    .filter((f) => /^nw-[a-z0-9-]+\.mjs$/.test(f))
    .map((f) => f.slice(0, -4))
    .sort();
}

/** A caption cut to at most `max` characters: at the last sentence end that fits, else a word, with "…". */
export function shortDescription(text, max = DESCRIPTION_MAX) {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const ends = [...clean.slice(0, max + 1).matchAll(/[.?!](?=\s)/g)].map((m) => m.index + 1);
  if (ends.length && ends.at(-1) > max / 3) return clean.slice(0, ends.at(-1));
  const word = clean.slice(0, max).lastIndexOf(' ');
  return `${clean.slice(0, word > 0 ? word : max - 1)}…`;
}

/** The PNG's width and height (its IHDR chunk). */
export function pngSize(buffer) {
  if (buffer.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

/** The embed.html URL of a figure in a language: the iframe, the player card and oEmbed show it. */
export function embedSrc(site, tag, lang) {
  return `${site}embed.html?${new URLSearchParams({ fig: tag, lang })}`;
}

/** The oEmbed answer of a figure's page. */
export function oembed({ site, tag, lang, title, height, image }) {
  const src = embedSrc(site, tag, lang);
  return {
    version: '1.0',
    type: 'rich',
    title,
    provider_name: 'normwave',
    provider_url: site,
    html: `<iframe src="${escapeAttr(src)}" width="${FIGURE_WIDTH}" height="${height}" title="${escapeAttr(title)}" style="border:0;max-width:100%" loading="lazy" allow="clipboard-write"></iframe>`,
    width: FIGURE_WIDTH,
    height,
    thumbnail_url: site + figurePageFiles(tag, lang).image,
    thumbnail_width: image.width,
    thumbnail_height: image.height,
  };
}

/** A figure's page in one language. */
export function renderFigurePage({ site, version, tag, lang, title, caption, height, image }) {
  const id = figureId(tag);
  const other = lang === 'ko' ? 'en' : 'ko';
  const depth = figurePagePath(tag, lang).split('/').filter(Boolean).length;
  const up = '../'.repeat(depth); // from this page to the site root
  const pageUrl = (l) => site + figurePagePath(tag, l);
  const files = figurePageFiles(tag, lang);
  const imageUrl = site + files.image;
  const description = shortDescription(caption);
  const imageAlt = t(lang, 'page.figure.imageAlt', { title });
  const embed = embedSrc(site, tag, lang);
  const oembedHref = `${site}${files.oembed}?${new URLSearchParams({ url: pageUrl(lang), format: 'json' })}`;
  const script = `<script type="module" src="${site}figures/${tag}.mjs"></script>\n<${tag} lang="${lang}"></${tag}>`;
  const iframe = oembed({ site, tag, lang, title, height, image }).html;
  const head = [
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttr(DEFAULT_CSP)}">`,
    `<title>${escapeText(t(lang, 'page.figure.title', { title }))}</title>`,
    `<meta name="description" content="${escapeAttr(description)}">`,
    `<link rel="canonical" href="${escapeAttr(pageUrl(lang))}">`,
    `<link rel="alternate" hreflang="ko" href="${escapeAttr(pageUrl('ko'))}">`,
    `<link rel="alternate" hreflang="en" href="${escapeAttr(pageUrl('en'))}">`,
    `<link rel="alternate" hreflang="x-default" href="${escapeAttr(pageUrl('ko'))}">`,
    `<link rel="alternate" type="application/json+oembed" href="${escapeAttr(oembedHref)}" title="${escapeAttr(title)}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="normwave">',
    `<meta property="og:title" content="${escapeAttr(title)}">`,
    `<meta property="og:description" content="${escapeAttr(description)}">`,
    `<meta property="og:url" content="${escapeAttr(pageUrl(lang))}">`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}">`,
    `<meta property="og:locale:alternate" content="${OG_LOCALE[other]}">`,
    `<meta property="og:image" content="${escapeAttr(imageUrl)}">`,
    '<meta property="og:image:type" content="image/png">',
    `<meta property="og:image:width" content="${image.width}">`,
    `<meta property="og:image:height" content="${image.height}">`,
    `<meta property="og:image:alt" content="${escapeAttr(imageAlt)}">`,
    '<meta name="twitter:card" content="player">',
    `<meta name="twitter:title" content="${escapeAttr(title)}">`,
    `<meta name="twitter:description" content="${escapeAttr(description)}">`,
    `<meta name="twitter:image" content="${escapeAttr(imageUrl)}">`,
    `<meta name="twitter:image:alt" content="${escapeAttr(imageAlt)}">`,
    `<meta name="twitter:player" content="${escapeAttr(embed)}">`,
    `<meta name="twitter:player:width" content="${FIGURE_WIDTH}">`,
    `<meta name="twitter:player:height" content="${height}">`,
    `<meta name="generator" content="normwave ${escapeAttr(version)}">`,
  ];
  return `<!doctype html>
<html lang="${lang}" data-ko-href="${up}${figurePagePath(tag, 'ko')}" data-en-href="${up}${figurePagePath(tag, 'en')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${head.join('\n')}
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${up}figure-page.css">
<script src="${up}head.js"></script>
<script type="module" src="${up}figures/${tag}.mjs"></script>
</head>
<body>
<header class="bar"><a class="brand" href="${up}${LANG_FOLDERS[lang]}">normwave</a><a class="lang" data-lang-switch href="${up}${figurePagePath(tag, other)}" hreflang="${other}" lang="${other}">${escapeText(t(lang, 'page.langSwitch'))}</a></header>
<main>
<h1>${escapeText(title)}</h1>
<${tag} id="${id}"></${tag}>
<noscript><p>${escapeText(t(lang, 'page.figure.noscript'))}</p><img src="figure.png" width="${image.width / SCALE}" height="${image.height / SCALE}" alt="${escapeAttr(imageAlt)}"></noscript>
<p class="more"><a href="${up}${LANG_FOLDERS[lang]}#${id}">${escapeText(t(lang, 'page.figure.inArticle'))}</a></p>
<section class="embed" aria-labelledby="embed-h">
<h2 id="embed-h">${escapeText(t(lang, 'page.figure.embedTitle'))}</h2>
${t(lang, 'page.figure.embedBody')}
<p class="label">${escapeText(t(lang, 'page.figure.scriptLabel'))}</p>
<pre><code>${escapeText(script)}</code></pre>
<p class="label">${escapeText(t(lang, 'page.figure.iframeLabel'))}</p>
<pre><code>${escapeText(iframe)}</code></pre>
</section>
</main>
</body>
</html>
`;
}

/**
 * Draws each figure of `jobs` ({ tag, lang }) from embed.html in Chromium: its title, first
 * caption, height at FIGURE_WIDTH (with its share button, as an iframe shows it) and a PNG of it
 * (without the share button) at SCALE.
 */
async function drawFigures(dist, jobs, { concurrency = 2 } = {}) {
  const { server, url } = await startServer({ root: dist, port: 0 });
  const browser = await launchBrowser();
  const context = await browser.newContext({
    viewport: { width: FIGURE_WIDTH, height: 900 },
    deviceScaleFactor: SCALE,
    colorScheme: 'light',
  });
  const results = new Map();
  const queue = [...jobs];
  const draw = async (page, { tag, lang }) => {
    await page.goto(`${url}/embed.html?${new URLSearchParams({ fig: tag, lang, theme: 'light' })}`);
    await page.waitForFunction(() => document.body.dataset.state, null, { timeout: 60_000 });
    if ((await page.evaluate(() => document.body.dataset.state)) !== 'ready')
      throw new Error(`figure-pages: ${tag} (${lang}) did not draw: ${await page.locator('main').textContent()}`);
    const fig = page.locator(tag);
    await fig.locator('[data-readout]').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      (t) =>
        [...document.querySelector(t).shadowRoot.querySelectorAll('[data-parity]')].every((b) =>
          b.hasAttribute('data-ok'),
        ),
      tag,
      { timeout: 60_000 },
    );
    const info = await page.evaluate(async (t) => {
      await document.fonts.ready;
      const el = document.querySelector(t);
      await el.updateComplete;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const text = (sel) => el.shadowRoot.querySelector(sel)?.textContent.replace(/\s+/g, ' ').trim() ?? '';
      const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
      el.setAttribute('no-share', '');
      await el.updateComplete;
      return { title: text('.title'), caption: text('.caption'), height };
    }, tag);
    if (!info.title || !info.caption) throw new Error(`figure-pages: ${tag} (${lang}) shows no .title or .caption`);
    const png = await fig.screenshot({ animations: 'disabled' });
    results.set(`${tag}:${lang}`, { ...info, png });
  };
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        for (let job; (job = queue.shift());) {
          await draw(page, job);
          if (errors.length) throw new Error(`figure-pages: ${job.tag} (${job.lang}): ${errors.join('; ')}`);
        }
        await page.close();
      }),
    );
  } finally {
    await browser.close();
    await new Promise((r) => {
      server.closeAllConnections();
      server.close(r);
    });
  }
  return results;
}

export async function writeFigurePages({ dist = path.join(REPO, 'dist'), site = siteUrl() } = {}) {
  const { version } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const tags = distFigureTags(dist);
  const jobs = tags.flatMap((tag) => Object.keys(LANG_FOLDERS).map((lang) => ({ tag, lang })));
  const drawn = await drawFigures(dist, jobs);
  const written = [];
  for (const { tag, lang } of jobs) {
    const { title, caption, height, png } = drawn.get(`${tag}:${lang}`);
    const files = figurePageFiles(tag, lang);
    const image = pngSize(png);
    fs.mkdirSync(path.join(dist, path.dirname(files.page)), { recursive: true });
    fs.writeFileSync(path.join(dist, files.image), png);
    fs.writeFileSync(
      path.join(dist, files.oembed),
      `${JSON.stringify(oembed({ site, tag, lang, title, height, image }), null, 1)}\n`,
    );
    fs.writeFileSync(
      path.join(dist, files.page),
      renderFigurePage({ site, version, tag, lang, title, caption, height, image }),
    );
    written.push(files.page, files.oembed, files.image);
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const i = process.argv.indexOf('--dist');
  const dist = i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
  const start = performance.now();
  const written = await writeFigurePages({ dist });
  console.log(
    `figure-pages: ${written.length / 3} pages (figure/<id>/ and en/figure/<id>/: index.html, oembed.json, figure.png) in ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
}
