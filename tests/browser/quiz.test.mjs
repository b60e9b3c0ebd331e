// <nw-quiz> graded right and wrong, score, retry, progress in localStorage, keyboard;
// <nw-kernel-source> shows the C++ from cpp/ with a live PyTorch parity badge.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launchBrowser, serveDist, screenshot } from './harness.mjs';
import { openPage, ready, readout, seriousViolations, hasSidewaysScroll } from './figures.mjs';

const ANSWERS = { q1: 'b', q2: 'c', q3: 'a', q4: 'd', q5: 'b' };
let browser, site;
before(async () => { site = await serveDist(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await site?.close(); });

test('quiz: right and wrong answers graded, score k / 5, explanations, retry, saved progress', async () => {
  const { page, log } = await openPage(browser, site, { lang: 'en' });
  const quiz = page.locator('#quiz');
  await quiz.locator('[data-readout]').waitFor();
  assert.match(await readout(quiz), /^0 \/ 5/);
  await quiz.locator('#q1-a').check();           // wrong
  assert.equal(await quiz.locator('[data-question="q1"]').getAttribute('data-state'), 'wrong');
  assert.equal(await quiz.locator('[data-question="q1"] .why').count(), 4, 'every option explained');
  assert.match(await quiz.locator('[data-question="q1"] .verdict a').getAttribute('href'), /#norm-axes$/);
  await quiz.locator('#q1-b').check();           // corrected
  for (const [q, o] of Object.entries(ANSWERS).slice(1)) await quiz.locator(`#${q}-${o}`).check();
  assert.match(await readout(quiz), /^5 \/ 5/);
  await quiz.locator('#q5-a').check();
  assert.match(await readout(quiz), /^4 \/ 5/);
  // Saved across a reload.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.state === 'ready');
  await quiz.locator('[data-readout]').waitFor();
  assert.match(await readout(quiz), /^4 \/ 5/);
  assert.equal(await quiz.locator('#q5-a').isChecked(), true);
  await quiz.locator('button.retry').click();
  assert.match(await readout(quiz), /^0 \/ 5/);
  assert.equal(await page.evaluate(() => localStorage.getItem('normwave.quiz')), null);
  assert.deepEqual(log.pageErrors, []);
  await page.close();
});

test('quiz: keyboard only — Tab into a group, arrows choose, grading follows', async () => {
  const { page } = await openPage(browser, site, { lang: 'ko' });
  const quiz = page.locator('#quiz');
  await quiz.locator('[data-readout]').waitFor();
  await quiz.locator('#q2-a').focus();
  await page.keyboard.press('ArrowDown');        // a → b
  await page.keyboard.press('ArrowDown');        // b → c (the right one)
  assert.equal(await quiz.locator('#q2-c').isChecked(), true);
  assert.equal(await quiz.locator('[data-question="q2"]').getAttribute('data-state'), 'correct');
  assert.match(await readout(quiz), /^1 \/ 5/);
  assert.match(await quiz.locator('.title').textContent(), /점검/);
  await page.close();
});

test('quiz and kernel source: axe, phone width, screenshots', async () => {
  for (const [lang, colorScheme, width] of [['ko', 'light', 1100], ['en', 'dark', 390]]) {
    const { page } = await openPage(browser, site, { lang, colorScheme, width, height: 844 });
    await page.locator('#quiz #q3-b').check();
    assert.deepEqual(await seriousViolations(page, '#quiz'), []);
    assert.deepEqual(await seriousViolations(page, '#kernel-source'), []);
    assert.equal(await hasSidewaysScroll(page), false);
    await page.locator('#quiz').screenshot({ path: `build/screenshots/quiz-${lang}-${colorScheme}-${width}.png` });
    await page.locator('#kernel-source').scrollIntoViewIfNeeded();
    await screenshot(page, `kernel-source-${lang}-${colorScheme}-${width}.png`, { fullPage: false });
    await page.close();
  }
});

test('kernel source: the C++ shown is the C++ in cpp/, parity badge ok, toggle redraws', async () => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#kernel-source');
  await ready(fig);
  const shown = await fig.locator('pre code').first().textContent();
  const cpp = readFileSync(new URL('../../cpp/src/norms.cpp', import.meta.url), 'utf8');
  assert.ok(shown.includes('void layer_norm(') && cpp.includes(shown), 'excerpt is verbatim from cpp/src/norms.cpp');
  assert.match(await readout(fig), /mean = 1\.0000, variance = 1\.6600/);
  await fig.locator('[data-parity][data-ok]').waitFor();
  assert.equal(await fig.locator('[data-parity]').getAttribute('data-ok'), 'true');
  const before = await fig.locator('pre code').first().textContent();
  await fig.locator('[data-control="kernel"] button[data-value="positionalEncoding"]').click();
  const pe = await fig.locator('pre code').first().textContent();
  assert.notEqual(pe, before);
  assert.ok(readFileSync(new URL('../../cpp/src/positional_encoding.cpp', import.meta.url), 'utf8').includes(pe));
  await fig.locator('[data-parity="positionalEncoding"][data-ok]').waitFor();
  assert.equal(await fig.locator('[data-parity]').getAttribute('data-ok'), 'true');
  await page.close();
});
