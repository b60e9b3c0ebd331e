// <nw-quiz>: the first answer is scored; only the chosen option's explanation shows; shuffling keeps
// the right answer right; the calculation questions' options come from the library; scores are saved
// per question set; retry; keyboard; axe, phone width, both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { readout, hasSidewaysScroll } from './figures.mjs';

const ANSWERS = { q1: 'b', q2: 'c', q3: 'a', q4: 'd', q5: 'b', q6: 'a', q7: 'd', q8: 'a' };

// A context per page: each quiz starts with no answers saved.
describeFigure('<nw-quiz> on a page of its own', { teach: true, sharedContext: false }, (h) => {
  const open = (body, options) => h.teach(body, { lang: 'en', ...options });
  /** Chooses option o of question q and commits it with the question's "Check answer" button. */
  const pick = async (quiz, q, o) => {
    await quiz.locator(`#${q}-${o}`).check();
    await quiz.evaluate((el) => el.updateComplete);
    await quiz.locator(`button[data-check="${q}"]`).click();
    await quiz.evaluate((el) => el.updateComplete);
  };

  test('quiz: the first answer is the one scored; only the chosen explanation shows', async () => {
    const { page } = await open('<nw-quiz id="quiz" shuffle-seed="1"></nw-quiz>');
    const quiz = page.locator('#quiz');
    assert.match(await readout(quiz), /^0 \/ 8/);
    assert.equal(await quiz.locator('.why').count(), 0, 'no explanation before answering');
    await pick(quiz, 'q1', 'a'); // wrong first
    const q1 = quiz.locator('[data-question="q1"]');
    assert.equal(await q1.getAttribute('data-state'), 'wrong');
    assert.equal(await q1.locator('.why').count(), 1, 'only the chosen option is explained');
    assert.equal(await q1.locator('.why').getAttribute('data-why'), 'a');
    assert.match(await q1.locator('.verdict a').getAttribute('href'), /#norm-axes$/);
    await pick(quiz, 'q1', 'b'); // then right: not scored
    assert.equal(await q1.getAttribute('data-state'), 'wrong', 'still scored on the first answer');
    assert.equal(await q1.locator('.why').getAttribute('data-why'), 'b');
    assert.match(await q1.locator('.why').textContent(), /^✓/);
    assert.match(await q1.locator('.scored').textContent(), /first answer/);
    assert.match(await readout(quiz), /^0 \/ 8/);
    for (const [q, o] of Object.entries(ANSWERS).slice(1)) await pick(quiz, q, o);
    assert.match(await readout(quiz), /^7 \/ 8 correct \(first answers; 8 of 8 answered\)/);
    // Changing a scored right answer afterwards does not lower the score either.
    await pick(quiz, 'q5', 'a');
    assert.match(await readout(quiz), /^7 \/ 8/);
    assert.equal(await quiz.locator('[data-question="q5"]').getAttribute('data-state'), 'correct');
    // Every question links to the figure that answers it.
    const links = await quiz.locator('.verdict a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.deepEqual(links, [
      '#norm-axes',
      '#batch-independence',
      '#s9',
      '#prepost-ln',
      '#rmsnorm',
      '#ln-pipeline',
      '#pe-waves',
      '#attention-steps',
    ]);
  });

  test('quiz: shuffled options keep the right answer right, for every seed', async () => {
    const orders = new Set();
    for (const seed of [1, 2, 3, 4]) {
      const { page } = await open(`<nw-quiz id="quiz" shuffle-seed="${seed}"></nw-quiz>`);
      const quiz = page.locator('#quiz');
      const order = await quiz
        .locator('[data-question="q3"] [data-option]')
        .evaluateAll((els) => els.map((e) => e.dataset.option).join(''));
      orders.add(order);
      assert.deepEqual([...order].sort(), ['a', 'b', 'c', 'd']);
      // The right option, wherever it is drawn, scores; the first drawn wrong one does not.
      await page.evaluate(() => localStorage.clear());
      for (const [q, o] of Object.entries(ANSWERS)) await pick(quiz, q, o);
      assert.match(await readout(quiz), /^8 \/ 8/, `seed ${seed}`);
      await quiz.locator('button.retry').click();
      const firstWrong = await quiz
        .locator('[data-question="q4"] [data-option]')
        .evaluateAll((els) => els.map((e) => e.dataset.option).find((o) => o !== 'd'));
      await pick(quiz, 'q4', firstWrong);
      assert.equal(await quiz.locator('[data-question="q4"]').getAttribute('data-state'), 'wrong');
    }
    assert.ok(orders.size > 1, 'different seeds give different orders');
  });

  test('quiz: the calculation questions take their numbers from the library', async () => {
    const { page } = await open('<nw-quiz id="quiz" shuffle-seed="5"></nw-quiz>');
    const quiz = page.locator('#quiz');
    const option = (q, o) => quiz.locator(`label[for="${q}-${o}"]`).textContent();
    // x = [1, 2, 3, 6]: μ = 3, σ² = 3.5; LayerNorm 3/√3.5, RMSNorm 6/√12.5, H − 1: 3/√(14/3), no division: 3.
    assert.match(await option('q6', 'a'), /x̂₄ ≈ 1\.60/);
    assert.match(await option('q6', 'b'), /x̂₄ ≈ 1\.70/);
    assert.match(await option('q6', 'c'), /x̂₄ ≈ 1\.39/);
    assert.match(await option('q6', 'd'), /x̂₄ ≈ 3\.00/);
    await pick(quiz, 'q6', 'a');
    assert.match(await quiz.locator('[data-question="q6"] .why').textContent(), /μ = 3\.00, ② σ² = 3\.50/);
    // The longest wavelength of d_model = 8 is 2π·10000^(6/8) = 2π·1000 ≈ 6,283 positions.
    await pick(quiz, 'q7', 'd');
    assert.match(await quiz.locator('[data-question="q7"] .why').textContent(), /≈ 6,283 positions/);
    await pick(quiz, 'q8', 'c');
    const [, raw] = (await quiz.locator('[data-question="q8"] .why').textContent()).match(/largest weight ([\d.]+)\)/);
    assert.ok(Number(raw) > 0.8, raw);
  });

  test('quiz: answers and scores are saved per question set; retry clears one set', async () => {
    const body = '<nw-quiz id="all" shuffle-seed="1"></nw-quiz><nw-quiz id="ln" set="ln" shuffle-seed="1"></nw-quiz>';
    const { page } = await open(body);
    const all = page.locator('#all'),
      ln = page.locator('#ln');
    assert.match(await readout(ln), /^0 \/ 5/);
    await pick(all, 'q1', 'b');
    await pick(all, 'q6', 'a');
    await pick(ln, 'q1', 'a');
    assert.match(await readout(all), /^2 \/ 8/);
    assert.match(await readout(ln), /^0 \/ 5/);
    const stored = await page.evaluate(() =>
      [localStorage.getItem('normwave.quiz.article'), localStorage.getItem('normwave.quiz.ln')].map((s) =>
        JSON.parse(s),
      ),
    );
    assert.deepEqual(stored[0].first, { q1: 'b', q6: 'a' });
    assert.deepEqual(stored[1].first, { q1: 'a' });
    await page.reload();
    await all.locator('[data-readout]').waitFor();
    await ln.locator('[data-readout]').waitFor();
    assert.match(await readout(all), /^2 \/ 8/);
    assert.match(await readout(ln), /^0 \/ 5 .*1 of 5 answered/);
    assert.equal(await ln.locator('#q1-a').isChecked(), true);
    await ln.locator('button.retry').click();
    assert.equal(await page.evaluate(() => localStorage.getItem('normwave.quiz.ln')), null);
    assert.match(await readout(all), /^2 \/ 8/, 'the other set keeps its score');
    // A stored set whose questions changed is ignored, not misread.
    await page.evaluate(() =>
      localStorage.setItem(
        'normwave.quiz.ln',
        JSON.stringify({ questions: 'q1,q2', first: { q1: 'b' }, chosen: { q1: 'b' } }),
      ),
    );
    await page.reload();
    await ln.locator('[data-readout]').waitFor();
    assert.match(await readout(ln), /^0 \/ 5 .*0 of 5 answered/);
  });

  test('quiz: keyboard only — arrows move within a question without answering; Enter commits', async () => {
    const { page } = await open('<nw-quiz id="quiz" shuffle-seed="2"></nw-quiz>', { lang: 'ko' });
    const quiz = page.locator('#quiz');
    const order = await quiz
      .locator('[data-question="q2"] [data-option]')
      .evaluateAll((els) => els.map((e) => e.dataset.option));
    await quiz.locator(`#q2-${order[0]}`).focus();
    await page.keyboard.press('Space');
    await quiz.evaluate((el) => el.updateComplete);
    assert.equal(await quiz.locator(`#q2-${order[0]}`).isChecked(), true);
    await page.keyboard.press('ArrowDown');
    await quiz.evaluate((el) => el.updateComplete);
    assert.equal(await quiz.locator(`#q2-${order[1]}`).isChecked(), true);
    assert.equal(
      await quiz.locator('[data-question="q2"]').getAttribute('data-state'),
      'open',
      'choosing is not answering',
    );
    assert.equal(await quiz.locator('[data-question="q2"] .why').count(), 0);
    await page.keyboard.press('Enter');
    await quiz.evaluate((el) => el.updateComplete);
    assert.equal(await quiz.locator('[data-question="q2"] .why').getAttribute('data-why'), order[1]);
    assert.equal(
      await quiz.locator('[data-question="q2"]').getAttribute('data-state'),
      order[1] === 'c' ? 'correct' : 'wrong',
    );
    assert.match(await quiz.locator('.title').textContent(), /이해도 점검/);
  });

  test('quiz: axe, phone width, Korean and English, light and dark', async () => {
    for (const [lang, colorScheme, width] of [
      ['ko', 'light', 1000],
      ['en', 'dark', 390],
    ]) {
      const { page } = await open('<nw-quiz id="quiz" shuffle-seed="7"></nw-quiz>', {
        lang,
        colorScheme,
        width,
        height: 844,
      });
      const quiz = page.locator('#quiz');
      await pick(quiz, 'q3', 'b');
      await pick(quiz, 'q6', 'a');
      assert.deepEqual(await h.axe(page, '#quiz'), []);
      assert.equal(await hasSidewaysScroll(page), false);
      await h.screenshot(quiz, `quiz-${lang}-${colorScheme}-${width}.png`);
    }
  });
});
