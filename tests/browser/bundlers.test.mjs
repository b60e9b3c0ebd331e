// Minimal apps built by each bundler a user may have, from the unpacked `npm pack` tarball in the
// app's node_modules, then run in Chromium:
//   Vite 8 and webpack 5, no configuration: 'normwave' + 'normwave/figures' (+ one figure's entry)
//   esbuild and Rollup: 'normwave/single'; and 'normwave' + a figure with wasmUrl / setAssetBase
// Each app computes a LayerNorm; the figure apps also draw and pass their PyTorch parity badge;
// the apps with 'normwave' also load the training module (loadNormwave({ training: true })).
// (Rollup resolves packages only with @rollup/plugin-node-resolve, as for any npm package.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describeFigure, REPO_ROOT } from './harness.mjs';
import { projectWithPackage } from '../package.mjs';

const APPS = path.join(REPO_ROOT, 'tests/bundlers');
const BIN = path.join(REPO_ROOT, 'node_modules/.bin');
const Y0 = 1.4 / Math.sqrt(0.925 + 1e-5); // layerNorm([2.4, 1.1, -0.3, 0.8])[0]
const FIGURES_BODY = '<nw-pe-heatmap d-model="32" seq-len="20"></nw-pe-heatmap>\n<nw-ln-simulator></nw-ln-simulator>';
const page = (script, body = '') => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>app</title><link rel="icon" href="data:,">${script}</head>
<body>${body}</body></html>`;

const app = (name, files) => projectWithPackage(path.join(REPO_ROOT, 'build/bundlers', name), files);
const sh = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describeFigure('apps built by each bundler', { site: false }, (h) => {
  /** Serves out/, opens it, waits for the app's result (and its figures), checks nothing failed. */
  async function run(out, { figures = false, training = false } = {}) {
    const { url } = await h.serve(out, { csp: false }); // an app of its own: not our page's CSP
    const { page: tab, log } = await h.open(`${url}/`);
    await tab.waitForFunction(() => document.body.dataset.result, null, { timeout: 30_000 });
    const result = JSON.parse(await tab.evaluate(() => document.body.dataset.result));
    assert.equal(result.error, undefined, result.error);
    assert.ok(Math.abs(result.y0 - Y0) < 1e-5, `layerNorm ran: ${result.y0}`);
    if (training) {
      assert.equal(result.training, true, 'loadNormwave({ training: true }) gave the training module');
      assert.equal(result.lr, 5e-4, 'its learningRate ran');
    }
    if (figures) {
      for (const tag of ['nw-pe-heatmap', 'nw-ln-simulator'].filter((t) => figures === true || figures.includes(t))) {
        await tab.locator(`${tag} [data-readout]`).first().waitFor({ timeout: 30_000 });
        await tab.waitForFunction(
          (t) => document.querySelector(t).shadowRoot.querySelector('[data-parity][data-ok]'),
          tag,
          { timeout: 30_000 },
        );
        assert.equal(
          await tab.locator(`${tag} [data-parity]`).first().getAttribute('data-ok'),
          'true',
          `${tag}'s parity badge`,
        );
      }
    }
    assert.deepEqual(log.failedRequests, []);
    return result;
  }

  test('Vite, zero config: normwave + normwave/figures', async () => {
    const dir = app('vite', {
      'index.html': page('<script type="module" src="./main.js"></script>', FIGURES_BODY),
      'main.js': fs.readFileSync(path.join(APPS, 'figures.js'), 'utf8'),
    });
    sh(process.execPath, [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], dir);
    const assets = fs.readdirSync(path.join(dir, 'dist/assets'));
    assert.ok(
      assets.some((f) => /^normwave_wasm-.*\.wasm$/.test(f)),
      `Vite copied the wasm: ${assets}`,
    );
    assert.ok(
      assets.some((f) => /^normwave_train-.*\.wasm$/.test(f)),
      `Vite copied the training wasm: ${assets}`,
    );
    const result = await run(path.join(dir, 'dist'), { figures: true, training: true });
    assert.equal(result.heatmap, true);
  });

  test('webpack 5, zero config: normwave + normwave/figures', async () => {
    const dir = app('webpack', {
      'src/index.js': fs.readFileSync(path.join(APPS, 'figures.js'), 'utf8'),
    });
    const { default: webpack } = await import(path.join(REPO_ROOT, 'node_modules/webpack/lib/index.js'));
    // What `npx webpack` does in that folder: production mode, ./src/index.js → ./dist/main.js.
    const cwd = process.cwd();
    process.chdir(dir);
    let stats;
    try {
      stats = await new Promise((resolve, reject) =>
        webpack({ mode: 'production' }, (e, s) => (e ? reject(e) : resolve(s))),
      );
    } finally {
      process.chdir(cwd);
    }
    assert.ok(!stats.hasErrors(), stats.toString({ all: false, errors: true }));
    fs.writeFileSync(path.join(dir, 'dist/index.html'), page('<script src="main.js" defer></script>', FIGURES_BODY));
    const result = await run(path.join(dir, 'dist'), { figures: true, training: true });
    assert.equal(result.heatmap, true);
  });

  test('esbuild: normwave/single, and normwave + wasmUrl with a figure and setAssetBase', async () => {
    const dir = app('esbuild', {
      'single.js': fs.readFileSync(path.join(APPS, 'single.js'), 'utf8'),
      'wasm-url.js': fs.readFileSync(path.join(APPS, 'wasm-url.js'), 'utf8'),
    });
    for (const name of ['single', 'wasm-url']) {
      const out = path.join(dir, `out-${name}`);
      sh(
        path.join(BIN, 'esbuild'),
        [`${name}.js`, '--bundle', '--format=esm', `--outfile=${out}/app.js`, '--log-level=warning'],
        dir,
      );
      fs.writeFileSync(
        path.join(out, 'index.html'),
        page(
          '<script type="module" src="app.js"></script>',
          name === 'single' ? '' : '<nw-ln-simulator></nw-ln-simulator>',
        ),
      );
      if (name === 'wasm-url')
        fs.cpSync(path.join(dir, 'node_modules/normwave/dist'), path.join(out, 'normwave'), { recursive: true });
      await run(out, { figures: name === 'wasm-url' && ['nw-ln-simulator'], training: name === 'wasm-url' });
    }
  });

  test('Rollup (+ node-resolve): normwave/single, and normwave + wasmUrl with a figure and setAssetBase', async () => {
    const dir = app('rollup', {
      'single.js': fs.readFileSync(path.join(APPS, 'single.js'), 'utf8'),
      'wasm-url.js': fs.readFileSync(path.join(APPS, 'wasm-url.js'), 'utf8'),
    });
    const { rollup } = await import(path.join(REPO_ROOT, 'node_modules/rollup/dist/es/rollup.js'));
    const { nodeResolve } = await import(
      path.join(REPO_ROOT, 'node_modules/@rollup/plugin-node-resolve/dist/es/index.js')
    );
    for (const name of ['single', 'wasm-url']) {
      const out = path.join(dir, `out-${name}`);
      const bundle = await rollup({
        input: path.join(dir, `${name}.js`),
        plugins: [nodeResolve({ browser: true, rootDir: dir })],
        onwarn: (w) => {
          throw new Error(`rollup: ${w.message}`);
        },
      });
      await bundle.write({ dir: out, format: 'es', entryFileNames: 'app.js' });
      await bundle.close();
      fs.writeFileSync(
        path.join(out, 'index.html'),
        page(
          '<script type="module" src="app.js"></script>',
          name === 'single' ? '' : '<nw-ln-simulator></nw-ln-simulator>',
        ),
      );
      if (name === 'wasm-url')
        fs.cpSync(path.join(dir, 'node_modules/normwave/dist'), path.join(out, 'normwave'), { recursive: true });
      await run(out, { figures: name === 'wasm-url' && ['nw-ln-simulator'], training: name === 'wasm-url' });
    }
  });
});
