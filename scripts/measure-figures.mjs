// Measures every figure's drawn height (and every section's) on the built article at the widths the placeholders are
// sized for (scripts/prerender.mjs HEIGHT_WIDTHS), in both languages, and writes
// web/figure-heights.json: { lang: { id: { width: heightPx } } }. The prerender turns these into
// each island's reserved box, so a figure that loads never moves the text around it, and into each
// section's intrinsic size for content-visibility, so a section rendered late does not either.
// Re-run after a change to a figure's layout or strings (tests/browser/article.test.mjs fails
// when a reservation is off by more than a few pixels):
//   npm run build && node scripts/measure-figures.mjs && npm run build
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, serveDist, REPO_ROOT } from '../tests/browser/harness.mjs';
import { scrollThroughFigures } from '../tests/browser/figures.mjs';
import { HEIGHT_WIDTHS } from './prerender.mjs';

/** Heights (border box, px) of every figure of the page at lang/width, once all have drawn. */
export async function figureHeights(browser, site, lang, width) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  try {
    await page.goto(`${site.url}/${lang === 'ko' ? '' : 'en/'}`);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    await scrollThroughFigures(page);
    await page.waitForFunction(
      () => [...document.querySelectorAll('.island')].every((e) => e.dataset.island === 'drawn'),
      null,
      { timeout: 90_000 },
    );
    await page.waitForTimeout(1500);
    return await page.evaluate(() => {
      // Each figure's own height, not the reservation of an earlier run; then each section's
      // (content-visibility: auto sizes a section not yet seen by its measured height).
      for (const e of document.querySelectorAll('.island')) e.style.minHeight = '0px';
      const all = [...document.querySelectorAll('.island'), ...document.querySelectorAll('main > section[id]')];
      return Object.fromEntries(all.map((e) => [e.id, Math.round(e.getBoundingClientRect().height * 10) / 10]));
    });
  } finally {
    await context.close();
  }
}

const out = {};
const browser = await launchBrowser();
const site = await serveDist();
try {
  for (const lang of ['ko', 'en']) {
    out[lang] = {};
    for (const width of HEIGHT_WIDTHS) {
      const heights = await figureHeights(browser, site, lang, width);
      for (const [id, h] of Object.entries(heights)) (out[lang][id] ??= {})[width] = h;
      console.log(`measure: ${lang} ${width}px: ${Object.keys(heights).length} figures and sections`);
    }
  }
} finally {
  await browser.close();
  await site.close();
}
const file = path.join(REPO_ROOT, 'web', 'figure-heights.json');
fs.writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
console.log(`measure: wrote ${path.relative(REPO_ROOT, file)}`);
