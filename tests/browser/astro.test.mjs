// Astro as its users build it: the page of tests/consumers/astro/ (Astro 5, installed by
// scripts/setup.sh --consumers) with the packed package in its node_modules, built to static HTML
// by `astro build` (its frontmatter imports a figure's module in Node) and served as files. The
// page's <script> imports the figures; Astro bundles it for the browser with Vite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describeFigure } from './harness.mjs';
import { consumer, layOut, figuresWork } from './apps.mjs';

// The built app is served by scripts/serve.mjs as a static host; the harness serves no site.
describeFigure('an Astro site', { site: false }, (h) => {
  test('Astro: astro build renders the tags; in Chromium they upgrade, draw and react, in the page language and its dark class', async () => {
    const app = consumer('astro');
    layOut(app, 'astro', ['src']);
    fs.rmSync(path.join(app, 'dist'), { recursive: true, force: true });
    const build = spawnSync(process.execPath, [path.join(app, 'node_modules/astro/astro.js'), 'build'], {
      cwd: app,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
      timeout: 200_000,
    });
    assert.equal(build.status, 0, `astro build failed:\n${build.stdout}${build.stderr}`);
    const html = fs.readFileSync(path.join(app, 'dist/index.html'), 'utf8');
    assert.match(html, /<nw-ln-simulator mean="2" gamma="1.5">\s*<p class="fallback">/);
    assert.match(html, /id="server-import">function</);
    const assets = fs.readdirSync(path.join(app, 'dist/_astro'));
    assert.ok(
      assets.some((f) => /^normwave_wasm\..*\.wasm$/.test(f)),
      `Astro copied the wasm: ${assets}`,
    );

    const { url } = await h.serve(path.join(app, 'dist'), { csp: false });
    const { page, log } = await figuresWork(h, `${url}/`, ['nw-ln-simulator', 'nw-pe-heatmap'], {
      slider: { 'nw-ln-simulator': ['gamma', 2], 'nw-pe-heatmap': ['d-model', 128] },
    });
    // <html lang="ko">; the heatmap says lang="en"; <body class="dark"> darkens both.
    assert.match(await page.locator('nw-ln-simulator .title').textContent(), /[가-힣]/);
    assert.doesNotMatch(await page.locator('nw-pe-heatmap .title').textContent(), /[가-힣]/);
    for (const tag of ['nw-ln-simulator', 'nw-pe-heatmap'])
      assert.equal(await page.locator(tag).getAttribute('data-resolved-theme'), 'dark', tag);
    assert.equal(await page.locator('.fallback').isVisible(), false);
    await h.screenshot(page, 'astro-page.png');
    assert.deepEqual(log.failedRequests, []);
  });
});
