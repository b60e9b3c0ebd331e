// Vite as its users run it, with no configuration: `vite` (the dev server, whose dependency
// optimizer pre-bundles normwave into node_modules/.vite/deps/) and `vite build`, on Vite 5, 6
// and 7 (build/consumers/tools, scripts/setup.sh --consumers) and 8 (the root's devDependency),
// each on an app of its own with the packed package in its node_modules (tests/bundlers/figures.js:
// the library, the training module and two figures). In a hoisted monorepo, where the dev server
// cannot find the package's files from its cache, the figure names the fix, and the fix works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describeFigure, REPO_ROOT } from './harness.mjs';
import { consumer, freePort, serve, figuresWork } from './apps.mjs';
import { packedPackage, projectWithPackage } from '../package.mjs';

const Y0 = 1.4 / Math.sqrt(0.925 + 1e-5); // layerNorm([2.4, 1.1, -0.3, 0.8])[0]
const FIGURES = ['nw-ln-simulator', 'nw-pe-heatmap'];
const SLIDERS = { 'nw-ln-simulator': ['gamma', 2], 'nw-pe-heatmap': ['d-model', 64] };
const INDEX = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>app</title><link rel="icon" href="data:,">
<script type="module" src="./main.js"></script></head>
<body><nw-pe-heatmap d-model="32" seq-len="20"></nw-pe-heatmap>
<nw-ln-simulator></nw-ln-simulator></body></html>`;
const MAIN = fs.readFileSync(path.join(REPO_ROOT, 'tests/bundlers/figures.js'), 'utf8');

const VITE = {
  5: () => path.join(consumer('tools'), 'node_modules/vite5/bin/vite.js'),
  6: () => path.join(consumer('tools'), 'node_modules/vite6/bin/vite.js'),
  7: () => path.join(consumer('tools'), 'node_modules/vite7/bin/vite.js'),
  8: () => path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
};

// The apps are served by vite and scripts/serve.mjs; the harness serves no site.
describeFigure('apps built with Vite', { site: false }, (h) => {
  /**
   * The app's result (tests/bundlers/figures.js) and its figures, checked at url; the page is closed
   * before its server stops.
   */
  async function appWorks(url) {
    const { page, log } = await figuresWork(h, url, FIGURES, { slider: SLIDERS });
    try {
      await page.waitForFunction(() => document.body.dataset.result, null, { timeout: 30_000 });
      const result = JSON.parse(await page.evaluate(() => document.body.dataset.result));
      assert.equal(result.error, undefined, result.error);
      assert.ok(Math.abs(result.y0 - Y0) < 1e-5, `layerNorm ran: ${result.y0}`);
      assert.equal(result.training, true, 'loadNormwave({ training: true }) gave the training module');
      assert.equal(result.heatmap, true);
      assert.deepEqual(log.failedRequests, []);
    } finally {
      await page.close();
    }
  }

  /** `vite` in dir on a free port until stop(). */
  async function devServer(version, dir) {
    const port = await freePort();
    const server = await serve(VITE[version](), ['--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
      cwd: dir,
      ready: /Local:\s+http/,
    });
    return { url: `http://127.0.0.1:${port}/`, stop: server.stop };
  }

  for (const version of [5, 6, 7, 8]) {
    test(`Vite ${version}, zero config: vite (dev server) and vite build serve the figures and the library`, async () => {
      const dir = projectWithPackage(path.join(REPO_ROOT, `build/vite-apps/vite${version}`), {
        'index.html': INDEX,
        'main.js': MAIN,
      });
      const dev = await devServer(version, dir);
      try {
        await appWorks(dev.url);
      } finally {
        await dev.stop();
      }
      // The dev server pre-bundled the package: its files are found beside the package, not in the cache.
      const deps = fs.readdirSync(path.join(dir, 'node_modules/.vite/deps'));
      assert.ok(
        deps.some((f) => f.startsWith('normwave')),
        `the optimizer pre-bundled normwave: ${deps}`,
      );
      execFileSync(process.execPath, [VITE[version](), 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'pipe' });
      const assets = fs.readdirSync(path.join(dir, 'dist/assets'));
      assert.ok(
        assets.some((f) => /^normwave_wasm-.*\.wasm$/.test(f)),
        `vite build copied the wasm: ${assets}`,
      );
      const { url } = await h.serve(path.join(dir, 'dist'), { csp: false });
      await appWorks(`${url}/`);
    });
  }

  test('Vite 7 dev server in a hoisted monorepo: the figure names optimizeDeps.exclude, and with it the app works', async () => {
    const root = path.join(REPO_ROOT, 'build/vite-apps/monorepo');
    fs.rmSync(root, { recursive: true, force: true });
    const web = path.join(root, 'apps/web');
    fs.mkdirSync(web, { recursive: true });
    fs.cpSync(packedPackage().dir, path.join(root, 'node_modules/normwave'), { recursive: true });
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ private: true, workspaces: ['apps/*'] }));
    fs.writeFileSync(path.join(web, 'package.json'), JSON.stringify({ name: 'web', private: true, type: 'module' }));
    fs.writeFileSync(path.join(web, 'index.html'), INDEX);
    fs.writeFileSync(path.join(web, 'main.js'), MAIN);

    let dev = await devServer(7, web);
    try {
      const { page } = await h.open(dev.url, { ownContext: true });
      const error = page.locator('nw-ln-simulator .error');
      await error.waitFor({ timeout: 30_000 });
      assert.match(await error.textContent(), /optimizeDeps: \{ exclude: \['normwave'\] \}/);
      await page.close();
    } finally {
      await dev.stop();
    }
    fs.writeFileSync(path.join(web, 'vite.config.js'), "export default { optimizeDeps: { exclude: ['normwave'] } };\n");
    fs.rmSync(path.join(web, 'node_modules/.vite'), { recursive: true, force: true });
    dev = await devServer(7, web);
    try {
      await appWorks(dev.url);
    } finally {
      await dev.stop();
    }
  });
});
