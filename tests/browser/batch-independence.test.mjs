// <nw-batch-independence> (§9): halving the batch leaves LayerNorm exactly unchanged and moves
// BatchNorm by what this test computes from the column means; controls redraw; URL state, alone on
// a page, axe and screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { parityResults, pixels, readout, setSlider } from './figures.mjs';

describeFigure('<nw-batch-independence> in the article', (h) => {
  test('batch independence: LayerNorm |Δ| is exactly 0, BatchNorm |Δμ| matches the test’s column means', async () => {
    const { page, fig } = await h.figure('batch-independence', { lang: 'en' });
    assert.deepEqual(await parityResults(fig), ['layerNorm:true', 'batchNorm:true']);
    const verify = async () => {
      const text = await readout(fig);
      const { b, lnDelta, bnDelta, batch } = await fig.evaluate((el) => {
        const r = el.shadowRoot.querySelector('[data-readout]');
        return {
          b: el.batch,
          lnDelta: r.dataset.lnDelta,
          bnDelta: r.dataset.bnDelta.split(',').map(Number),
          batch: el.shadowRoot.querySelector('[data-batch]').dataset.batch.split(',').map(Number),
        };
      });
      assert.equal(lnDelta, '0', 'sample 0’s μ is bit-for-bit the same');
      assert.match(text, /→ \|Δ\| = 0\.000/);
      const C = batch.length / b;
      const colMean = (rows, c) => {
        let s = 0;
        for (let n = 0; n < rows; n++) s += batch[n * C + c];
        return s / rows;
      };
      for (let c = 0; c < C; c++) {
        const want = Math.abs(colMean(b, c) - colMean(b / 2, c));
        assert.ok(Math.abs(bnDelta[c] - want) < 1e-5, `channel ${c}: ${bnDelta[c]} vs ${want}`);
      }
      assert.ok(Math.max(...bnDelta) > 0, 'BatchNorm’s channel means move');
      const rowMean = batch.slice(0, C).reduce((s, x) => s + x, 0) / C;
      const shown = text.match(
        /μ of sample 0: (−?\d+\.\d+) from B = (\d+), (−?\d+\.\d+) from only the first B\/2 = (\d+)/,
      );
      assert.ok(shown, text);
      assert.equal(Number(shown[2]), b);
      assert.equal(Number(shown[4]), b / 2);
      assert.equal(shown[1], shown[3], 'the same μ from B and from B/2');
      assert.ok(Math.abs(Number(shown[1].replace('−', '-')) - rowMean) <= 6e-4, `${text} vs ${rowMean}`);
      return text;
    };
    let text = await verify();
    let hash = await pixels(fig);
    for (const [what, act] of [
      ['B slider', () => setSlider(fig, 'batch', 12, 16)],
      ['regenerate', () => fig.locator('[data-control="regenerate"]').click()],
      ['B slider to 2', () => setSlider(fig, 'batch', 2)],
    ]) {
      await act();
      const nextText = await verify();
      const nextHash = await pixels(fig);
      assert.notEqual(nextHash, hash, `${what} changes the drawing`);
      assert.notEqual(nextText, text, `${what} changes the readout`);
      hash = nextHash;
      text = nextText;
    }
    // Keyboard: the slider moves in steps of 2.
    await fig.locator('input[data-control="batch"]').focus();
    await page.keyboard.press('ArrowRight');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.batch), 4);
    assert.match(await readout(fig), /B\/2 = 2 → \|Δ\| = 0\.000/);
    await verify();
    await fig.locator('[data-control="regenerate"]').focus();
    await page.keyboard.press('Enter');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.seed), 3);
    await page.waitForFunction(
      () => /batch-independence\.batch=4/.test(location.hash) && /batch-independence\.seed=3/.test(location.hash),
    );
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const { fig } = await h.figure('batch-independence', {
      lang: 'en',
      hash: '#batch-independence.batch=7&batch-independence.seed=-4',
    });
    assert.deepEqual(await fig.evaluate((el) => [el.batch, el.seed]), [8, 1]);
  });

  test('works alone, from attributes, outside the article page', async () => {
    const { fig } = await h.solo(
      '<nw-batch-independence id="solo" no-url-state batch="10" features="5" lang="en"></nw-batch-independence>',
    );
    assert.match(await readout(fig), /B = 10, .* B\/2 = 5 → \|Δ\| = 0\.000/);
  });

  test('axe, phone width, Korean by default and English with ?lang=en, both themes; screenshots', async () => {
    await h.axeAndScreenshots('batch-independence', { ko: /배치를 절반으로/, en: /Halve the batch/ }, (fig) =>
      parityResults(fig),
    );
  });
});
