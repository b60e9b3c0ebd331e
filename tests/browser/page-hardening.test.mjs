// The article page against hostile input: language names (in the URL and in
// localStorage) and the message when a CSP forbids wasm (the page under Trusted Types:
// trusted-types.test.mjs).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure, DIST_DIR } from './harness.mjs';

const NO_WASM_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

describeFigure('the article against hostile input', (h) => {
  let noWasm;
  before(async () => {
    noWasm = await h.serve(DIST_DIR, { headers: { 'Content-Security-Policy': NO_WASM_CSP } });
  });

  function open(path, { site = h.site, stored, ...options } = {}) {
    return h.open(`${site.url}${path}`, {
      width: 1000,
      height: 800,
      wait: 'ready',
      // Only on the first document of this context: later navigations see what the page left.
      init: (value) => {
        if (value !== undefined && !sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('normwave.lang', value);
        }
      },
      arg: stored,
      ...options,
    });
  }

  for (const bad of ['constructor', '__proto__', 'toString']) {
    test(`?lang=${bad} falls back to Korean and is not remembered`, async () => {
      const { page } = await open(`/?lang=${bad}`);
      assert.equal(await page.getAttribute('html', 'lang'), 'ko');
      assert.equal(new URL(page.url()).pathname, '/');
      assert.match(await page.textContent('h1'), /위치 인코딩/);
      assert.equal(await page.evaluate(() => localStorage.getItem('normwave.lang')), null);
      // The next visit is a normal Korean visit.
      await page.goto(`${h.site.url}/`);
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      assert.equal(await page.getAttribute('html', 'lang'), 'ko');
    });

    test(`normwave.lang = "${bad}" in localStorage falls back to Korean and is forgotten`, async () => {
      const { page } = await open('/', { stored: bad });
      assert.equal(await page.getAttribute('html', 'lang'), 'ko');
      assert.equal(new URL(page.url()).pathname, '/');
      assert.equal(await page.evaluate(() => localStorage.getItem('normwave.lang')), null);
    });
  }

  test('?lang=en leads to the English page and is remembered; ?lang=ko leads back', async () => {
    const { page } = await open('/?lang=en#s3');
    assert.equal(new URL(page.url()).pathname, '/en/');
    assert.equal(new URL(page.url()).hash, '#s3');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await page.evaluate(() => localStorage.getItem('normwave.lang')), 'en');
    await page.goto(`${h.site.url}/en/?lang=ko`);
    await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.documentElement.lang === 'ko');
    assert.equal(new URL(page.url()).pathname, '/');
  });

  test('when a CSP forbids compiling wasm the page says so, not that SIMD is missing', async () => {
    const { page } = await open('/en/', { site: noWasm, expectErrors: [/^CSP violation: script-src wasm-eval$/] });
    await page.locator('#pe-heatmap').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.body.dataset.state === 'error', null, { timeout: 20_000 });
    const shown = await page.$$eval('.banner', (b) => b.filter((e) => !e.hidden).map((e) => e.id));
    assert.deepEqual(shown, ['no-wasm-csp']);
    assert.match(await page.textContent('#no-wasm-csp'), /Content-Security-Policy/);
  });
});
