// <nw-norm-axes> (§9): which values share one μ and σ under BatchNorm and LayerNorm. Every control
// redraws and changes the readout, the arrow keys walk the grid, the statistics match this test's
// own, the parity badge passes; URL state, alone on a page, axe and screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { number, parityResults, pixels, readout, setSlider } from './figures.mjs';

describeFigure('<nw-norm-axes> in the article', (h) => {
  test('norm axes: mode, N, C and "new batch" each redraw and change the readout', async () => {
    const { page, fig } = await h.figure('norm-axes', { lang: 'en' });
    let hash = await pixels(fig);
    let text = await readout(fig);
    assert.match(text, /^BatchNorm · column c1 \(6 samples\)/);
    assert.deepEqual(await parityResults(fig), ['batchNorm:true']);
    const step = async (what, act) => {
      await act();
      const nextHash = await pixels(fig);
      const nextText = await readout(fig);
      assert.notEqual(nextHash, hash, `${what} changes the drawing`);
      assert.notEqual(nextText, text, `${what} changes the readout`);
      hash = nextHash;
      text = nextText;
    };
    await step('N', () => setSlider(fig, 'rows', 7, 8));
    assert.equal(await fig.locator('td.cell').count(), 8 * 8);
    await step('mode', () => fig.locator('[data-control="mode"] button[data-value="ln"]').click());
    assert.equal(
      await fig.locator('[data-control="mode"] button[data-value="ln"]').getAttribute('aria-pressed'),
      'true',
    );
    assert.match(text, /^LayerNorm · row s1 \(8 features\)/);
    assert.deepEqual(await parityResults(fig), ['layerNorm:true']);
    await step('C', () => setSlider(fig, 'cols', 10, 12));
    assert.equal(await fig.locator('td.cell').count(), 8 * 12);
    await step('new batch', () => fig.locator('[data-control="new-batch"]').click());
    // The highlighted group is one row in LN mode, one column in BN mode.
    assert.equal(await fig.locator('td.cell[aria-selected="true"]').count(), 12);
    await fig.locator('[data-control="mode"] button[data-value="bn"]').click();
    assert.equal(await fig.locator('td.cell[aria-selected="true"]').count(), 8);
    await page.waitForFunction(
      () => /norm-axes\.seed=2/.test(location.hash) && /norm-axes\.cols=12/.test(location.hash),
    );
  });

  test('norm axes: arrow keys move through the grid; μ, σ² and x̂ match the test’s own row/column statistics', async () => {
    const { page, fig } = await h.figure('norm-axes', { lang: 'en' });
    const values = async () =>
      fig.evaluate((el) => {
        const out = {};
        for (const td of el.shadowRoot.querySelectorAll('td.cell'))
          out[`${td.dataset.r},${td.dataset.c}`] = Number(td.dataset.value);
        return out;
      });
    const check = async (mode, r, c) => {
      const text = await readout(fig);
      assert.ok(text.includes(`sample s${r + 1}, feature c${c + 1}`), text);
      const v = await values();
      const rows = await fig.evaluate((el) => el.rows);
      const cols = await fig.evaluate((el) => el.cols);
      const group =
        mode === 'ln'
          ? Array.from({ length: cols }, (_, k) => v[`${r},${k}`])
          : Array.from({ length: rows }, (_, k) => v[`${k},${c}`]);
      const mean = group.reduce((s, x) => s + x, 0) / group.length;
      const variance = group.reduce((s, x) => s + (x - mean) ** 2, 0) / group.length;
      const xhat = (v[`${r},${c}`] - mean) / Math.sqrt(variance + 1e-5);
      assert.ok(Math.abs(number(text, 'μ') - mean) <= 6e-4, `${mode} μ ${number(text, 'μ')} vs ${mean}`);
      assert.ok(Math.abs(number(text, 'σ²') - variance) <= 6e-4, `${mode} σ² ${number(text, 'σ²')} vs ${variance}`);
      assert.ok(Math.abs(number(text, '√(σ² + ε)') - xhat) <= 6e-4, `${mode} x̂ vs ${xhat}`);
    };
    await fig.locator('td.cell.current').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await check('bn', 2, 1);
    assert.equal(
      await fig.evaluate((el) => el.shadowRoot.activeElement?.dataset.r + ',' + el.shadowRoot.activeElement?.dataset.c),
      '2,1',
      'focus follows the cursor',
    );
    await page.keyboard.press('End');
    await check('bn', 2, 7);
    await page.keyboard.press('ArrowRight');
    await check('bn', 2, 7);
    await fig.locator('[data-control="mode"] button[data-value="ln"]').click();
    await fig.locator('td.cell.current').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await check('ln', 1, 0);
    // Pointing at a cell highlights its group as well.
    const before = await pixels(fig);
    await fig.locator('td.cell[data-r="4"][data-c="5"]').hover();
    await check('ln', 4, 5);
    assert.notEqual(await pixels(fig), before);
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const { fig } = await h.figure('norm-axes', {
      lang: 'en',
      hash: '#norm-axes.mode=ln&norm-axes.rows=99&norm-axes.cols=abc',
    });
    assert.deepEqual(await fig.evaluate((el) => [el.mode, el.rows, el.cols]), ['ln', 8, 8]);
  });

  test('works alone, from attributes, outside the article page', async () => {
    const { fig } = await h.solo(
      '<nw-norm-axes id="solo" no-url-state mode="ln" rows="5" cols="7" seed="9" lang="en"></nw-norm-axes>',
    );
    assert.equal(await fig.locator('td.cell').count(), 35);
    assert.match(await readout(fig), /^LayerNorm · row s1 \(7 features\)/);
  });

  test('axe, phone width, Korean by default and English with ?lang=en, both themes; screenshots', async () => {
    await h.axeAndScreenshots(
      'norm-axes',
      { ko: /배치 정규화 대 레이어 정규화/, en: /BatchNorm versus LayerNorm/ },
      (fig) => parityResults(fig),
    );
  });
});
