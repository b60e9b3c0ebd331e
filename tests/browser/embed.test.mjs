// dist/embed-example.html: a mock blog post that embeds three figures with one script tag,
// served under the strict Content-Security-Policy a blog may set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { pixels, hasSidewaysScroll } from './figures.mjs';

const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:";

describeFigure('embed-example.html under a strict CSP', { headers: { 'Content-Security-Policy': CSP } }, (h) => {
  async function open(width = 1000, colorScheme = 'light') {
    const opened = await h.open('/embed-example.html', { width, colorScheme });
    for (const tag of ['nw-pe-waves', 'nw-pe-heatmap', 'nw-order-demo'])
      await opened.page.locator(`${tag} [data-readout]`).first().waitFor({ timeout: 20_000 });
    return opened;
  }

  test('one script tag: three figures render, react, and keep their own lang and theme', async () => {
    const { page, log } = await open();
    const scripts = await page.$$eval('script', (s) => s.map((e) => e.getAttribute('src')));
    assert.deepEqual(scripts, ['figures/index.mjs']);
    // The post is Korean; the order demo says lang="en".
    assert.match(await page.locator('nw-pe-waves .title').textContent(), /[가-힣]/);
    assert.doesNotMatch(await page.locator('nw-order-demo .title').textContent(), /[가-힣]/);
    // Attributes set the initial state; theme="dark" only on the heatmap.
    assert.equal(await page.locator('nw-pe-heatmap').evaluate((el) => el.dModel), 128);
    assert.equal(await page.locator('nw-pe-heatmap').getAttribute('data-resolved-theme'), 'dark');
    assert.equal(await page.locator('nw-pe-waves').getAttribute('data-resolved-theme'), 'light');
    // The blog's CSS custom property reaches inside the shadow root.
    const accent = await page
      .locator('nw-pe-waves')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--nw-accent').trim());
    assert.equal(accent, '#8a6d3b');
    // Embedded figures keep their state out of the blog's URL.
    const fig = page.locator('nw-pe-heatmap');
    const before = await pixels(fig);
    await fig.locator('input[data-control="d-model"]').evaluate((i) => {
      i.value = '512';
      i.dispatchEvent(new Event('input', { bubbles: true }));
    });
    assert.notEqual(await pixels(fig), before);
    assert.equal(await page.evaluate(() => location.hash), '');
    assert.deepEqual(log.violations, [], 'no CSP violation');
    assert.deepEqual(log.failedRequests, []);
  });

  test('embed example: axe clean, no sideways scroll on a phone; screenshots', async () => {
    for (const [width, scheme] of [
      [1000, 'light'],
      [390, 'dark'],
    ]) {
      const { page } = await open(width, scheme);
      assert.deepEqual(await h.axe(page), []);
      assert.equal(await hasSidewaysScroll(page), false);
      await h.screenshot(page, `embed-${width}.png`);
    }
  });
});
