// A small test page for the teaching pieces (step-by-step figures, code tabs, the quiz): dist/
// copied to a temporary root with one extra page that holds just the figures a test names, the
// way a blog post would embed them.
//   const site = await serveTeach();  …  const { page, log } = await teachPage(browser, site, html, { lang: 'en' });
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveDist, collectErrors, DIST_DIR } from './harness.mjs';

/** Serves a copy of dist/ (test pages are written into the copy, never into dist/). */
export async function serveTeach() {
  const root = mkdtempSync(join(tmpdir(), 'normwave-teach-'));
  cpSync(DIST_DIR, root, { recursive: true });
  const site = await serveDist({ root });
  let n = 0;
  return {
    url: site.url,
    /** Writes a page holding `body` (HTML of figure tags) and returns its path. */
    write(body, lang) {
      const name = `teach-${++n}.html`;
      writeFileSync(
        join(root, name),
        `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>normwave teaching pieces</title><link rel="icon" href="data:,">
<style>body { margin: 0 auto; max-width: 900px; padding: 8px; font: 16px/1.6 system-ui, sans-serif; }
@media (prefers-color-scheme: dark) { body { background: #0f1216; color: #e6e9ee; } }</style>
<script type="module" src="figures/index.mjs"></script></head>
<body><main>${body}</main></body></html>`,
      );
      return `/${name}`;
    },
    async close() {
      await site.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Opens a page of the given figures; resolves once every figure has drawn its readout. */
export async function teachPage(
  browser,
  site,
  body,
  { lang = 'en', width = 1000, height = 900, colorScheme = 'light' } = {},
) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  page.on('close', () => context.close().catch(() => {}));
  const log = collectErrors(page);
  await page.goto(site.url + site.write(body, lang));
  for (const fig of await page.locator('main > *').all()) {
    await fig.scrollIntoViewIfNeeded();
    await fig.locator('[data-readout]').first().waitFor({ timeout: 20_000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return { page, log };
}
