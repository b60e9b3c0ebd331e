// <nw-grad-norms>, embedded alone by embed.html: it renders from the training module, depth and
// width redraw the chart and rewrite the readout once the new setting is measured (pointer and
// keyboard), the plotted norms are those of trainer.gradients() on the same setup recomputed
// here, its claims hold at the defaults, axe finds nothing serious, and nothing logs an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { loadNormwave } from 'normwave';
import { measure, SEEDS } from '../../web/lib/grad-norms.js';
import { setSlider, pixels, readout, hasSidewaysScroll } from './figures.mjs';

/** Waits until the figure has measured its current setting (it measures off the input path). */
const measured = (fig) =>
  fig.evaluate(async (el) => {
    await el.whenMeasured();
    await el.updateComplete;
  });

describeFigure('<nw-grad-norms> alone', (h) => {
  const open = async (options) => {
    const opened = await h.embed('nw-grad-norms', options);
    await measured(opened.fig);
    return opened;
  };

  test('grad norms: depth and width redraw the chart once measured; the readout follows; no errors', async () => {
    const { page, fig } = await open();
    // It needs the token trainer from its first draw: the training module, and only that one.
    const wasm = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname.split('/').pop())
        .filter((n) => n.endsWith('.wasm')),
    );
    assert.deepEqual(wasm, ['normwave_train.wasm']);
    assert.equal(await fig.locator('svg circle.post').count(), 12);
    let drawn = await pixels(fig);
    assert.match(await readout(fig), /Post-LN W₂: layer 1 .*last layer/);
    assert.match(await readout(fig), /12 layers · d_model 64 · d_ff 256 · 4 heads · 16 sequences/);
    await setSlider(fig, 'depth', 24);
    // Until the new setting is measured the old chart stays, greyed, and the readout says so.
    assert.equal(await fig.locator('[data-readout]').getAttribute('data-state'), 'measuring');
    await measured(fig);
    assert.equal(await fig.locator('[data-readout]').getAttribute('data-state'), 'measured');
    assert.equal(await fig.locator('svg circle.pre').count(), 24);
    assert.notEqual(await pixels(fig), drawn);
    assert.match(await readout(fig), /24 layers/);
    drawn = await pixels(fig);
    await fig.locator('[data-control="d-model"] button[data-value="32"]').click();
    await measured(fig);
    assert.notEqual(await pixels(fig), drawn);
    assert.match(await readout(fig), /d_model 32/);
    await fig.locator('[data-control="new-weights"]').click();
    await measured(fig);
    assert.equal(await fig.evaluate((el) => el.seed), 6);
    assert.match(await readout(fig), /seeds 6–10/);
    await setSlider(fig, 'depth', 1);
    await measured(fig);
    assert.equal(await fig.locator('svg circle.post').count(), 1);
    await h.screenshot(page, 'grad-norms.png');
  });

  test('grad norms: the plotted norms are the library’s in Node for the same setting; the claims hold at the defaults', async (t) => {
    const { fig } = await open();
    const shown = await fig.evaluate((el) => el.result);
    // The same measurement (web/lib/grad-norms.js) on the same kernels, in Node.
    const nw = await loadNormwave({ training: true });
    const ref = measure(nw, { depth: 12, dModel: '64', seed: 1 });
    assert.equal(shown.post.runs.length, SEEDS);
    for (const side of ['post', 'pre']) {
      for (let l = 0; l < 12; l++) {
        const rel = Math.abs(shown[side].median[l] / ref[side].median[l] - 1);
        assert.ok(rel < 1e-6, `${side} layer ${l + 1}: ${shown[side].median[l]} against ${ref[side].median[l]}`);
        assert.ok(shown[side].lo[l] <= shown[side].median[l] && shown[side].median[l] <= shown[side].hi[l]);
      }
    }
    t.diagnostic(
      `12 layers, d 64, seeds 1–5: Post-LN last/first ${shown.post.ratio.toFixed(2)}, Pre-LN ${shown.pre.ratio.toFixed(2)}, last layer Post/Pre ${shown.lastRatio.toFixed(2)}`,
    );
    const claims = await fig
      .locator('[data-claim]')
      .evaluateAll((els) =>
        els.map((e) => [e.dataset.claim, e.dataset.holds, e.querySelector('.evidence')?.dataset.value]),
      );
    assert.deepEqual(
      claims.map(([c, h]) => [c, h]),
      [
        ['grad-norms.postFlat', 'true'],
        ['grad-norms.preFalls', 'true'],
        ['grad-norms.nearOutput', 'true'],
      ],
    );
    assert.equal(Number(claims[1][2]), shown.pre.ratio);
  });

  test('grad norms: keyboard operates the slider, the switch and the button', async () => {
    const { page, fig } = await open();
    const press = async (selector, key) => {
      await fig.locator(selector).focus();
      await page.keyboard.press(key);
      await measured(fig);
    };
    await press('input[data-control="depth"]', 'ArrowRight');
    assert.equal(await fig.evaluate((el) => el.depth), 13);
    assert.match(await readout(fig), /13 layers/);
    await press('[data-control="d-model"] button[data-value="16"]', 'Enter');
    assert.equal(await fig.evaluate((el) => el.dModel), '16');
    await press('[data-control="new-weights"]', 'Space');
    assert.equal(await fig.evaluate((el) => el.seed), 6);
  });

  test('grad norms: axe, Korean, dark theme, phone width', async () => {
    const { page, fig } = await open({ lang: 'ko', query: '&theme=dark', width: 390 });
    assert.match(await readout(fig), /Post-LN W₂: 1층/);
    assert.deepEqual(await h.axe(page), []);
    assert.equal(await hasSidewaysScroll(page), false);
    await h.screenshot(page, 'grad-norms-ko-dark-phone.png');
  });
});
