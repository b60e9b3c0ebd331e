// Next.js as its users build it: the app-router app of tests/consumers/next/ (Next 16, React 19,
// installed by scripts/setup.sh --consumers) with the packed package in its node_modules, built by
// `next build` (Turbopack, Next 16's default), which renders the page on the server, and served by
// `next start`. A client component imports a figure's module (the server render imports it too),
// another loads one in an effect, and the server component imports one to read its class.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describeFigure } from './harness.mjs';
import { consumer, layOut, freePort, serve, figuresWork } from './apps.mjs';

const ENV = { NEXT_TELEMETRY_DISABLED: '1' };
// The app is served by next start; the harness serves no site.
describeFigure('a Next.js app', { site: false }, (h) => {
  test('Next.js app router: next build renders the tags on the server; in Chromium they upgrade, draw, react and report nw-change', async () => {
    const app = consumer('next');
    layOut(app, 'next', ['app', 'next.config.mjs']);
    fs.rmSync(path.join(app, '.next'), { recursive: true, force: true });
    const next = path.join(app, 'node_modules/next/dist/bin/next');
    const build = spawnSync(process.execPath, [next, 'build'], {
      cwd: app,
      env: { ...process.env, ...ENV },
      encoding: 'utf8',
      timeout: 200_000,
    });
    assert.equal(build.status, 0, `next build failed:\n${build.stdout}${build.stderr}`);
    // The server's HTML: the tags with their attributes and the author's fallback text; the class
    // the server component imported is a class there too.
    const html = fs.readFileSync(path.join(app, '.next/server/app/index.html'), 'utf8');
    assert.match(html, /<nw-ln-simulator mean="2" gamma="1.5"><p class="fallback">LayerNorm recentres/);
    assert.match(html, /<nw-pe-heatmap d-model="64" seq-len="40" theme="dark"><\/nw-pe-heatmap>/);
    assert.match(html, /id="server-import">function</);

    const port = await freePort();
    const server = await serve(next, ['start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: app,
      env: ENV,
      ready: /Ready in/,
    });
    try {
      const { page, log } = await figuresWork(h, `http://127.0.0.1:${port}/`, ['nw-ln-simulator', 'nw-pe-heatmap'], {
        slider: { 'nw-ln-simulator': ['gamma', 2], 'nw-pe-heatmap': ['d-model', 128] },
      });
      const sim = page.locator('nw-ln-simulator');
      assert.equal(await sim.evaluate((el) => el.mean), 2, 'the server-rendered attribute');
      assert.equal(await page.locator('nw-pe-heatmap').getAttribute('data-resolved-theme'), 'dark');
      assert.equal(await page.locator('.fallback').isVisible(), false, 'the drawn figure replaces the fallback');
      // The slider move reached React through nw-change.
      await page.waitForFunction(() => document.getElementById('reader-state').textContent.includes('"gamma":2'));
      assert.deepEqual(JSON.parse(await page.textContent('#reader-state')), {
        mean: 2,
        std: 2,
        gamma: 2,
        beta: 0,
        h: 1024,
        seed: 1,
      });
      await h.screenshot(page, 'next-app.png');
      assert.deepEqual(log.failedRequests, []);
      // Closed while next start still serves it.
      await page.close();
    } finally {
      await server.stop();
    }
  });
});
