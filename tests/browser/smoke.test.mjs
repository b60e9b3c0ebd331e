// The article page as a whole: text in both languages from web/i18n (pre-rendered), the language
// link and theme switch, KaTeX formulas, nothing fetched from another origin, phone width, axe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { ready, hasSidewaysScroll } from './figures.mjs';

// The figures whose own files run axe on them in the article, in their first state and both themes
// of the test below (ko light at 1100 px, en dark at 390 px; attention in each mode, pe-properties
// on each panel): the page's check leaves them out rather than check them twice. Every other
// figure (tested alone, on a page of its own, or in another state at 390 px) is checked here.
const AXE_IN_THEIR_FILES = [
  'attention',
  'batch-independence',
  'depth-demo',
  'encoder-block',
  'encoder-stack',
  'ffn',
  'ln-pipeline',
  'ln-simulator',
  'ln-steps',
  'norm-axes',
  'pe-compare',
  'pe-heatmap',
  'pe-properties',
  'prepost-ln',
  'rmsnorm',
];

describeFigure('the article page', (h) => {
  test('the page is Korean at /, English at /en/ (a link between them), and the choice persists', async () => {
    const { page, log } = await h.article({ islands: false });
    assert.equal(await page.getAttribute('html', 'lang'), 'ko');
    assert.match(await page.textContent('h1'), /위치 인코딩/);
    assert.equal(await page.getAttribute('body', 'data-state'), 'ready');
    assert.match(await page.textContent('#page-meta'), /normwave \d+\.\d+\.\d+/);
    // Every slot of the template was filled at build time (no empty heading, no raw key).
    const empty = await page.$$eval('h1, h2, th, td, .card, .callout, .part, #toc-list a', (els) =>
      els
        .filter((e) => !e.textContent.trim() || /^[a-z]\w*\.[\w.]+$/.test(e.textContent.trim()))
        .map((e) => e.outerHTML.slice(0, 80)),
    );
    assert.deepEqual(empty, []);
    assert.equal(await page.$$eval('[data-i18n], [data-i18n-html], [data-tex]', (els) => els.length), 0);

    await Promise.all([page.waitForURL((u) => u.pathname === '/en/'), page.click('#lang-switch')]);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.match(await page.textContent('h1'), /Positional Encoding/);
    await page.goto(`${h.site.url}/`);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    assert.equal(await page.getAttribute('html', 'lang'), 'en', 'the choice persists');
    assert.equal(new URL(page.url()).pathname, '/en/');
    await Promise.all([page.waitForURL((u) => u.pathname === '/'), page.click('#lang-switch')]);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    assert.equal(await page.getAttribute('html', 'lang'), 'ko');
    await page.goto(`${h.site.url}/?lang=en`);
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    assert.equal(await page.getAttribute('html', 'lang'), 'en', '?lang= still works, as a redirect');
    assert.deepEqual(log.failedRequests, []);
  });

  test('formulas arrive typeset (KaTeX HTML + MathML, no KaTeX script); nothing is fetched from another origin', async () => {
    const { page } = await h.article({ lang: 'en', islands: false });
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    const formulas = await page.$$eval('.formula, td', (els) =>
      els
        .filter((e) => e.querySelector('.katex'))
        .map((e) => !!e.querySelector('.katex-html') && !!e.querySelector('.katex-mathml math annotation')),
    );
    assert.ok(formulas.length >= 10, `${formulas.length} formulas`);
    assert.ok(formulas.every(Boolean), 'every formula has its HTML and MathML');
    const scripts = requests.filter((u) => /\.m?js$/.test(new URL(u).pathname));
    assert.ok(
      scripts.every((u) => !/katex/i.test(u)),
      scripts.join(' '),
    );
    const foreign = requests.filter((u) => !u.startsWith(h.site.url) && !u.startsWith('data:'));
    assert.deepEqual(foreign, []);
  });

  test('theme switch: system, light, dark — figures follow the page', async () => {
    const { page } = await h.article({ lang: 'en', colorScheme: 'dark' });
    await ready(page.locator('#pe-heatmap'));
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
  });

  test('phone and desktop, both themes: no sideways scroll, no serious axe violation; screenshots', async () => {
    for (const [lang, colorScheme, width, height] of [
      ['ko', 'light', 1200, 900],
      ['en', 'dark', 390, 844],
    ]) {
      const { page } = await h.article({ lang, colorScheme, width, height, islands: true });
      assert.equal(await hasSidewaysScroll(page), false, `${width}px ${lang} ${colorScheme}`);
      const others = AXE_IN_THEIR_FILES.map((id) => `#${id}`);
      assert.deepEqual(await h.axe(page, undefined, others), [], `${width}px ${lang} ${colorScheme}`);
      await h.screenshot(page, `page-${lang}-${colorScheme}-${width}.png`, { fullPage: true });
      await page.close();
    }
  });
});
