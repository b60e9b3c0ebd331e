// <nw-rmsnorm> (§9): LayerNorm against RMSNorm on the same row; γ and shift redraw, the statistics
// match this test's own, the timing is measured on request; URL state, alone on a page, axe and
// screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { number, parityResults, pixels, readout, setSlider } from './figures.mjs';

describeFigure('<nw-rmsnorm> in the article', (h) => {
  test('rmsnorm: γ and shift redraw; mean(y) LN ≈ 0, RMS(x) = √mean(x²); the timing is measured on request', async (t) => {
    const { page, fig } = await h.figure('rmsnorm', { lang: 'en' });
    await page.waitForFunction(
      () =>
        /measurement 1\)/.test(
          document.querySelector('#rmsnorm').shadowRoot.querySelector('[data-readout]').textContent,
        ),
      null,
      { timeout: 20_000 },
    );
    const verify = async () => {
      const text = await readout(fig);
      const x = (await fig.locator('[data-x]').getAttribute('data-x')).split(',').map(Number);
      const gamma = await fig.evaluate((el) => el.gamma);
      const meanX = x.reduce((s, v) => s + v, 0) / x.length;
      const rms = Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
      assert.ok(Math.abs(number(text, 'mean(x)') - meanX) <= 6e-4, `mean(x) in ${text}`);
      assert.ok(Math.abs(number(text, 'RMS(x)') - rms) <= 6e-4, `RMS(x) ${number(text, 'RMS(x)')} vs ${rms}`);
      assert.ok(Math.abs(number(text, 'LayerNorm mean(y)')) <= 5e-4, `LN mean(y) ≈ 0 in ${text}`);
      assert.ok(Math.abs(number(text, 'RMSNorm mean(y)') - (gamma * meanX) / rms) <= 6e-4, `RMS mean(y) in ${text}`);
      return text;
    };
    let text = await verify();
    let hash = await pixels(fig);
    for (const [what, act] of [
      ['γ', () => setSlider(fig, 'gamma', 1.5, 0.55)],
      ['shift', () => setSlider(fig, 'shift', 1, 2)],
    ]) {
      await act();
      const nextText = await verify();
      const nextHash = await pixels(fig);
      assert.notEqual(nextHash, hash, `${what} changes the drawing`);
      assert.notEqual(nextText, text, `${what} changes the readout`);
      hash = nextHash;
      text = nextText;
    }
    assert.ok(number(text, 'RMSNorm mean(y)') > 0.3, 'RMSNorm keeps the mean of a shifted input');
    // Keyboard: γ slider, then the measure button.
    await fig.locator('input[data-control="gamma"]').focus();
    await page.keyboard.press('ArrowLeft');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.gamma), 0.5);
    await verify();
    await fig.locator('[data-control="measure"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        /measurement 2\)/.test(
          document.querySelector('#rmsnorm').shadowRoot.querySelector('[data-readout]').textContent,
        ),
      null,
      { timeout: 20_000 },
    );
    const final = await readout(fig);
    const ratio = Number(await fig.locator('[data-readout]').getAttribute('data-ratio'));
    assert.ok(Number.isFinite(ratio) && ratio > 0, `ratio ${ratio}`);
    const m = final.match(
      /LayerNorm (\d+\.\d+) ms · RMSNorm (\d+\.\d+) ms → RMSNorm\/LayerNorm = (\d+\.\d+)\n.*: (\d+\.\d+) ms \(measurement 2\)$/,
    );
    assert.ok(m, final);
    const [ln, rms, shown, copy] = m.slice(1).map(Number);
    assert.ok(ln > 0 && rms > 0 && copy > 0, final);
    assert.equal(shown, Number(ratio.toFixed(2)), 'the ratio shown is the ratio measured');
    assert.deepEqual(await parityResults(fig), ['rmsNorm:true', 'layerNorm:true']);
    t.diagnostic(`timing: ${final.split('\n').slice(-2).join(' | ')}`);
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const { fig } = await h.figure('rmsnorm', { lang: 'en', hash: '#rmsnorm.gamma=5&rmsnorm.shift=-0.33' });
    assert.deepEqual(await fig.evaluate((el) => [el.gamma, el.shift]), [2, -0.3]);
  });

  test('works alone, from attributes, outside the article page', async () => {
    const { fig } = await h.solo(
      '<nw-rmsnorm id="solo" no-url-state gamma="0.5" values="1,2,3,4,5,6,7,8" lang="ko"></nw-rmsnorm>',
    );
    const text = await readout(fig);
    assert.match(text, /γ = 0\.50 · mean\(x\) = 4\.500 · RMS\(x\) = 5\.050/);
    assert.match(text, /레이어 정규화 mean\(y\) = 0\.000/);
  });

  test('axe, phone width, Korean by default and English with ?lang=en, both themes; screenshots', async () => {
    await h.axeAndScreenshots(
      'rmsnorm',
      { ko: /레이어 정규화 대 RMSNorm/, en: /LayerNorm versus RMSNorm/ },
      async (fig, page) => {
        await parityResults(fig);
        await page.waitForFunction(
          () => document.querySelector('#rmsnorm').shadowRoot.querySelector('[data-readout]').dataset.ratio,
        );
      },
    );
  });
});
