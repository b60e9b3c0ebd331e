// The library in headless Chromium, both builds, served under the strict Content-Security-Policy
// a blog may set: no 'unsafe-eval' (only 'wasm-unsafe-eval'), scripts from 'self' only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describeFigure } from './harness.mjs';

const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

describeFigure(
  'the library under a strict CSP',
  { headers: { 'Content-Security-Policy': CSP }, files: fileURLToPath(new URL('./fixtures/', import.meta.url)) },
  (h) => {
    test('the API runs in Chromium under a strict CSP, split and single-file builds', async () => {
      const { page } = await h.open('/api-page.html');
      await page.waitForFunction(() => document.body.dataset.result, null, { timeout: 20_000 });
      const result = JSON.parse(await page.getAttribute('body', 'data-result'));
      assert.equal(result.failure, undefined, result.failure);
      assert.deepEqual(result.violations, [], 'no CSP violation');
      for (const build of ['split', 'single']) {
        const r = result[build];
        assert.equal(r.simd, true);
        assert.match(r.version, /^\d+\.\d+\.\d+$/);
        assert.ok(Math.abs(r.mean - 1) < 1e-6 && Math.abs(r.variance - 1.66) < 1e-5, `${build}: stats`);
        assert.ok(Math.abs(r.y0 - 1.4 / Math.sqrt(1.66 + 1e-5)) < 1e-5, `${build}: y0 ${r.y0}`);
        assert.ok(Math.abs(r.pe[4] - Math.sin(1)) < 1e-6 && Math.abs(r.pe[5] - Math.cos(1)) < 1e-6);
        assert.equal(r.finite, true, `${build}: fully padded sequence stays finite`);
        assert.equal(r.layers, 2);
        assert.equal(r.padWeight, 0, `${build}: padded key gets weight 0`);
        assert.match(r.error, /^RangeError: layerNorm: x has length 8/);
        assert.ok(Math.abs(r.after - r.y0) < 1e-7, `${build}: module usable after an error`);
      }
    });
  },
);
