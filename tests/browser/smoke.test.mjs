// The article page as a whole: text in both languages from web/i18n, the language and theme
// switches, KaTeX formulas, nothing fetched from another origin, phone width, axe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, serveDist, screenshot } from './harness.mjs';
import { openPage, seriousViolations, hasSidewaysScroll } from './figures.mjs';

let browser, site;
before(async () => { site = await serveDist(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await site?.close(); });

test('the page is Korean by default, English with ?lang=en, and the choice persists', async () => {
  const { page, log } = await openPage(browser, site);
  assert.equal(await page.getAttribute('html', 'lang'), 'ko');
  assert.match(await page.textContent('h1'), /위치 인코딩/);
  assert.equal(await page.getAttribute('body', 'data-state'), 'ready');
  assert.match(await page.textContent('#page-meta'), /normwave \d+\.\d+\.\d+/);
  // Every i18n slot is filled (no empty text, no raw key).
  const empty = await page.$$eval('[data-i18n], [data-i18n-html]', (els) => els
    .filter((e) => !e.textContent.trim() || /^[a-z]\w*\.[\w.]+$/.test(e.textContent.trim()))
    .map((e) => e.dataset.i18n ?? e.dataset.i18nHtml));
  assert.deepEqual(empty, []);

  await page.click('#lang-switch');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.match(await page.textContent('h1'), /Positional Encoding/);
  assert.match(page.url(), /lang=en/);
  await page.goto(`${site.url}/`);
  await page.waitForFunction(() => document.body.dataset.state === 'ready');
  assert.equal(await page.getAttribute('html', 'lang'), 'en', 'the choice persists');
  await page.goto(`${site.url}/?lang=ko`);
  await page.waitForFunction(() => document.body.dataset.state === 'ready');
  assert.equal(await page.getAttribute('html', 'lang'), 'ko');
  assert.deepEqual(log.pageErrors, []);
  assert.deepEqual(log.consoleErrors, []);
  assert.deepEqual(log.failedRequests, []);
  await page.close();
});

test('formulas are typeset by KaTeX; nothing is fetched from another origin', async () => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.state === 'ready');
  const formulas = await page.$$eval('[data-tex]', (els) => els.map((e) => !!e.querySelector('.katex')));
  assert.ok(formulas.length >= 8, `${formulas.length} formulas`);
  assert.ok(formulas.every(Boolean), 'every formula rendered');
  const foreign = requests.filter((u) => !u.startsWith(site.url) && !u.startsWith('data:'));
  assert.deepEqual(foreign, []);
  await page.close();
});

test('theme switch: system, light, dark — figures follow the page', async () => {
  const { page } = await openPage(browser, site, { lang: 'en', colorScheme: 'dark' });
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const dark = await bg();
  await page.click('[data-theme-choice="light"]');
  assert.notEqual(await bg(), dark);
  assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
  assert.equal(await page.locator('#pe-heatmap').getAttribute('data-resolved-theme'), 'light');
  await page.click('[data-theme-choice="dark"]');
  assert.equal(await bg(), dark);
  assert.equal(await page.locator('#pe-heatmap').getAttribute('data-resolved-theme'), 'dark');
  await page.click('[data-theme-choice="auto"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), null);
  await page.close();
});

test('phone and desktop, both themes: no sideways scroll, no serious axe violation; screenshots', async () => {
  for (const [lang, colorScheme, width, height] of [['ko', 'light', 1200, 900], ['en', 'dark', 1200, 900], ['ko', 'light', 390, 844], ['en', 'dark', 390, 844]]) {
    const { page } = await openPage(browser, site, { lang, colorScheme, width, height });
    assert.equal(await hasSidewaysScroll(page), false, `${width}px ${lang} ${colorScheme}`);
    assert.deepEqual(await seriousViolations(page), [], `${width}px ${lang} ${colorScheme}`);
    await screenshot(page, `page-${lang}-${colorScheme}-${width}.png`, { fullPage: true });
    await page.close();
  }
});
