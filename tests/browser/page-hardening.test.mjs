// Issue #13 items 4 and 6 on the article page: hostile language names (in the URL and in
// localStorage) and the page under Trusted Types, plus the message when a CSP forbids wasm.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, serveDist, collectErrors } from './harness.mjs';
import { scrollThroughFigures } from './figures.mjs';

// The strict policy of the older tests plus Trusted Types, with Lit's own policy allowed.
const TT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "require-trusted-types-for 'script'; trusted-types lit-html normwave-train-worker";
const NO_WASM_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

let browser, plain, tt, noWasm;
before(async () => {
  [plain, tt, noWasm] = await Promise.all([
    serveDist(),
    serveDist({ headers: { 'Content-Security-Policy': TT_CSP } }),
    serveDist({ headers: { 'Content-Security-Policy': NO_WASM_CSP } }),
  ]);
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await Promise.all([plain, tt, noWasm].map((s) => s?.close())); });

async function open(site, path, { stored } = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  page.on('close', () => context.close().catch(() => {}));
  const log = collectErrors(page);
  const violations = [];
  await page.exposeFunction('reportViolation', (v) => violations.push(v));
  await page.addInitScript((value) => {
    document.addEventListener('securitypolicyviolation', (e) => window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
    // Only on the first document of this context: later navigations see what the page left.
    if (value !== undefined && !sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('normwave.lang', value);
    }
  }, stored);
  await page.goto(`${site.url}${path}`);
  await page.waitForFunction(() => document.body.dataset.state === 'ready' || document.body.dataset.state === 'error', null, { timeout: 20_000 });
  return { page, log, violations };
}

for (const bad of ['constructor', '__proto__', 'toString']) {
  test(`?lang=${bad} falls back to Korean and is not remembered (issue #13)`, async () => {
    const { page, log } = await open(plain, `/?lang=${bad}`);
    assert.equal(await page.getAttribute('html', 'lang'), 'ko');
    assert.equal(new URL(page.url()).pathname, '/');
    assert.match(await page.textContent('h1'), /위치 인코딩/);
    assert.equal(await page.evaluate(() => localStorage.getItem('normwave.lang')), null);
    // The next visit is a normal Korean visit.
    await page.goto(`${plain.url}/`);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    assert.equal(await page.getAttribute('html', 'lang'), 'ko');
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual(log.consoleErrors, []);
    await page.close();
  });

  test(`normwave.lang = "${bad}" in localStorage falls back to Korean and is forgotten (issue #13)`, async () => {
    const { page, log } = await open(plain, '/', { stored: bad });
    assert.equal(await page.getAttribute('html', 'lang'), 'ko');
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.evaluate(() => localStorage.getItem('normwave.lang')), null);
    assert.deepEqual(log.pageErrors, []);
    await page.close();
  });
}

test('?lang=en leads to the English page and is remembered; ?lang=ko leads back (issue #13)', async () => {
  const { page, log } = await open(plain, '/?lang=en#s3');
  assert.equal(new URL(page.url()).pathname, '/en/');
  assert.equal(new URL(page.url()).hash, '#s3');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.equal(await page.evaluate(() => localStorage.getItem('normwave.lang')), 'en');
  await page.goto(`${plain.url}/en/?lang=ko`);
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.documentElement.lang === 'ko');
  assert.equal(new URL(page.url()).pathname, '/');
  assert.deepEqual(log.pageErrors, []);
  await page.close();
});

test("the page and every figure work under require-trusted-types-for 'script' (issue #13)", async () => {
  for (const path of ['/', '/en/']) {
    const { page, log, violations } = await open(tt, path);
    assert.equal(await page.getAttribute('body', 'data-state'), 'ready', path);
    await scrollThroughFigures(page);
    const figures = await page.$$eval('main *', (els) => els.filter((e) => e.tagName.startsWith('NW-')).map((e) => e.id));
    assert.ok(figures.length >= 19, `${figures.length} figures`);
    await page.waitForFunction(() => [...document.querySelectorAll('main *')]
      .filter((e) => e.tagName.startsWith('NW-'))
      .every((e) => e.shadowRoot?.querySelector('[data-readout]')), null, { timeout: 60_000 });
    // Every figure reacts: move its first range input, pick a quiz answer, or press a button that
    // is not pressed.
    const reacted = await page.evaluate(async () => {
      const out = {};
      for (const el of document.querySelectorAll('main *')) {
        if (!el.tagName.startsWith('NW-')) continue;
        const before = el.shadowRoot.innerHTML;
        const input = el.shadowRoot.querySelector('input[type=range]');
        if (input) {
          input.value = input.value === input.max ? input.min : input.max;
          input.dispatchEvent(new Event('input', { bubbles: true }));
        } else if (el.shadowRoot.querySelector('input[type=radio]')) {
          el.shadowRoot.querySelector('input[type=radio]').click();
        } else {
          const buttons = [...el.shadowRoot.querySelectorAll('button')];
          (buttons.find((b) => b.getAttribute('aria-pressed') === 'false') ?? buttons.at(-1))?.click();
        }
        await el.updateComplete;
        await new Promise((r) => setTimeout(r, 50));
        out[el.id] = before !== el.shadowRoot.innerHTML;
      }
      return out;
    });
    assert.ok(Object.values(reacted).every(Boolean), JSON.stringify(reacted));
    assert.deepEqual(violations, [], path);
    assert.deepEqual(log.pageErrors, [], path);
    assert.deepEqual(log.consoleErrors, [], path);
    await page.close();
  }
});

test('when a CSP forbids compiling wasm the page says so instead of blaming SIMD (issue #13)', async () => {
  const { page } = await open(noWasm, '/en/');
  await page.locator('#pe-heatmap').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.body.dataset.state === 'error', null, { timeout: 20_000 });
  const shown = await page.$$eval('.banner', (b) => b.filter((e) => !e.hidden).map((e) => e.id));
  assert.deepEqual(shown, ['no-wasm-csp']);
  assert.match(await page.textContent('#no-wasm-csp'), /Content-Security-Policy/);
  await page.close();
});
