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

  /** Chooses option o of question q and commits it with the question's "Check answer" button. */
  async function answer(quiz, q, o) {
    await quiz.locator(`#${q}-${o}`).check();
    await quiz.locator(`button[data-check="${q}"]`).click();
    await quiz.evaluate((el) => el.updateComplete);
  }

  test('embed.html?fig=nw-quiz neither shows nor keeps the answers given on the article: its height is a fresh one', async () => {
    const frameHost = `${h.site.url}/quiz-frame.html`;
    /** A same-origin page that frames the quiz and records the heights it posts. */
    async function framedQuiz(options) {
      const { page } = await h.open(null, { width: 1000, ...options });
      await page.route(frameHost, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>host</title><iframe id="fig" src="embed.html?fig=nw-quiz&lang=en" width="700" height="300"></iframe>',
        }),
      );
      await page.addInitScript(() => {
        window.heights = [];
        addEventListener('message', (e) => {
          if (e.data?.type === 'normwave:resize') window.heights.push(e.data.height);
        });
      });
      await page.goto(frameHost);
      const frame = page.frames().find((f) => f.url().includes('embed.html'));
      await frame.waitForFunction(() => document.body.dataset.state === 'ready', null, { timeout: 30_000 });
      const height = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      await page.waitForFunction((h) => window.heights.at(-1) === h, height);
      const quiz = frame.locator('nw-quiz');
      return {
        page,
        quiz,
        height: await page.evaluate(() => window.heights.at(-1)),
        checked: await quiz.locator('input[type=radio]:checked').count(),
        explained: await quiz.locator('.why').count(),
        score: (await quiz.locator('[data-readout]').textContent()).trim(),
      };
    }

    const before = await framedQuiz({ ownContext: true });
    assert.equal(before.checked, 0);

    // The reader answers three questions on the article (first party: kept in localStorage).
    const { page: article } = await h.open('/en/', { width: 1000, ownContext: true });
    const quiz = article.locator('#quiz');
    await quiz.scrollIntoViewIfNeeded();
    await quiz.locator('[data-readout]').waitFor({ timeout: 30_000 });
    for (const [q, o] of [
      ['q1', 'b'],
      ['q2', 'a'],
      ['q3', 'a'],
    ])
      await answer(quiz, q, o);
    const stored = await article.evaluate(() => localStorage.getItem('normwave.quiz.article'));
    assert.ok(stored?.includes('"q3"'), 'the article keeps its answers');

    // The same reader (the article's context) opens a page that frames the quiz.
    const framed = await framedQuiz({ nextTo: article });
    assert.equal(framed.height, before.height, `posted height ${framed.height}, fresh ${before.height}`);
    assert.equal(framed.checked, 0, 'no answer is shown');
    assert.equal(framed.explained, 0);
    assert.equal(framed.score, before.score);
    assert.match(framed.score, /^0 \/ 8/);

    // Answers given in the iframe stay in it: the article's store is as the reader left it.
    await answer(framed.quiz, 'q4', 'd');
    assert.equal(await article.evaluate(() => localStorage.getItem('normwave.quiz.article')), stored);
    await article.reload();
    await article.locator('#quiz').scrollIntoViewIfNeeded();
    await article.locator('#quiz [data-readout]').waitFor({ timeout: 30_000 });
    assert.equal(await article.locator('#quiz input[type=radio]:checked').count(), 3, 'the article restores its three');
  });
});
