// Smoke test: the built page (dist/index.html) loads the library in Debian's Chromium, computes
// LayerNorm of a fixed vector, and the single-file build works when imported in a page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, serveDist, collectErrors, screenshot } from './harness.mjs';

const X = [2.4, 1.1, -0.3, 0.8, 3.0, -1.2, 0.5, 1.7];   // mean 1.0, biased variance 1.66
const EPS = 1e-5;

let browser;
let site;

before(async () => {
  site = await serveDist();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

test('index.html computes LayerNorm in the browser', async () => {
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  const log = collectErrors(page);
  await page.goto(`${site.url}/`);
  // The page sets <body data-state="ready|error"> when it is done.
  await page.waitForFunction(() => ['ready', 'error'].includes(document.body.dataset.state), null, { timeout: 20_000 });
  if ((await page.getAttribute('body', 'data-state')) === 'error') {
    assert.fail(`page reported: ${await page.textContent('#status')}\n${JSON.stringify(log, null, 2)}`);
  }
  await page.waitForSelector('#ln-output[data-ready] td.y[data-index="7"]');

  const cells = await page.$$eval('#ln-output td.y[data-index]', (tds) =>
    tds.map((td) => ({ index: Number(td.dataset.index), value: Number(td.dataset.value), text: td.textContent })));
  assert.equal(cells.length, 8, 'eight output cells');
  cells.sort((a, b) => a.index - b.index);
  assert.deepEqual(cells.map((c) => c.index), [0, 1, 2, 3, 4, 5, 6, 7]);
  const y = cells.map((c) => c.value);
  for (const v of y) assert.ok(Number.isFinite(v), `finite output, got ${v}`);

  const mean = y.reduce((s, v) => s + v, 0) / y.length;
  const variance = y.reduce((s, v) => s + (v - mean) ** 2, 0) / y.length;
  assert.ok(Math.abs(mean) < 1e-5, `mean of outputs ≈ 0, got ${mean}`);
  assert.ok(Math.abs(variance - 1) < 1e-3, `biased variance of outputs ≈ 1, got ${variance}`);

  const denom = Math.sqrt(1.66 + EPS);
  X.forEach((x, i) => {
    const expected = (x - 1.0) / denom;
    assert.ok(Math.abs(y[i] - expected) < 1e-5, `y[${i}] = ${y[i]}, expected ${expected}`);
  });

  const inputs = await page.$$eval('#ln-output td.x[data-index]', (tds) => tds.map((td) => Number(td.dataset.value)));
  assert.equal(inputs.length, 8);
  inputs.forEach((v, i) => assert.ok(Math.abs(v - X[i]) < 1e-6, `input ${i} shown as ${v}`));

  assert.notEqual((await page.textContent('#nw-version')).trim(), '', 'version shown');
  assert.notEqual((await page.textContent('#nw-simd')).trim(), '', 'simd shown');

  await screenshot(page, 'index.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'index-phone.png');

  assert.deepEqual(log.pageErrors, [], 'no page errors');
  assert.deepEqual(log.consoleErrors, [], 'no console errors');
  assert.deepEqual(log.failedRequests, [], 'no failed requests');
  await page.close();
});

test('normwave.single.mjs loads inside a page and computes positional encoding', async () => {
  const page = await browser.newPage();
  const log = collectErrors(page);
  await page.goto(`${site.url}/`);
  const pe = await page.evaluate(async () => {
    const mod = await import('/normwave.single.mjs');
    const nw = await mod.loadNormwave();
    return Array.from(nw.positionalEncoding(4, 8));
  });
  assert.equal(pe.length, 4 * 8);
  const at = (pos, dim) => pe[pos * 8 + dim];
  assert.ok(Math.abs(at(0, 0) - 0) < 1e-6, `PE(0,0) = ${at(0, 0)}, expected 0`);
  assert.ok(Math.abs(at(0, 1) - 1) < 1e-6, `PE(0,1) = ${at(0, 1)}, expected 1`);
  assert.ok(Math.abs(at(1, 0) - Math.sin(1)) < 1e-6, `PE(1,0) = ${at(1, 0)}, expected sin(1)`);
  assert.ok(Math.abs(at(1, 1) - Math.cos(1)) < 1e-6, `PE(1,1) = ${at(1, 1)}, expected cos(1)`);
  assert.deepEqual(log.pageErrors, [], 'no page errors');
  assert.deepEqual(log.consoleErrors, [], 'no console errors');
  await page.close();
});
