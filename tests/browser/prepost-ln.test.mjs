// <nw-prepost-ln> (§15): the residual stream's size layer by layer, Post-LN against Pre-LN, from
// real encoders; wiring and N redraw, encoders are freed; URL state, alone on a page, axe and
// screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { parityResults, pixels, readout, ready, setSlider } from './figures.mjs';

describeFigure('<nw-prepost-ln> in the article', (h) => {
  test('pre/post LN: Post-LN stays at √64 every layer, Pre-LN grows; wiring and N redraw; encoders are freed', async (t) => {
    const { page, fig } = await h.figure('prepost-ln', { lang: 'en' });
    const curves = () =>
      fig.evaluate((el) => {
        const s = el.shadowRoot.querySelector('svg[data-post]');
        return { post: s.dataset.post.split(',').map(Number), pre: s.dataset.pre.split(',').map(Number) };
      });
    let hash = await pixels(fig);
    let text = await readout(fig);
    assert.match(text, /^Pre-LN selected · N = 12 layers/);
    await fig.locator('[data-control="wiring"] button[data-value="post"]').click();
    assert.notEqual(await pixels(fig), hash, 'the wiring switch redraws the diagram');
    assert.notEqual(await readout(fig), text);
    assert.match(await readout(fig), /^Post-LN selected/);
    assert.match(await fig.locator('.formula').textContent(), /y = LN\(x \+ Sublayer\(x\)\)/);
    hash = await pixels(fig);
    text = await readout(fig);
    // One full sweep first, so that the library's shared scratch block has reached its size (the
    // RMSNorm figure beside it measures its timing through the same library instance).
    await ready(page.locator('#rmsnorm'));
    await page.waitForFunction(
      () =>
        /\(measurement 1\)/.test(
          document.querySelector('#rmsnorm').shadowRoot.querySelector('[data-readout]').textContent,
        ),
      null,
      { timeout: 20_000 },
    );
    await setSlider(fig, 'layers', 24, 12);
    const heapBefore = await fig.evaluate((el) => el.nw.memoryStats().heapUsed);
    await setSlider(fig, 'layers', 6, 18, 24);
    assert.notEqual(await pixels(fig), hash, 'N redraws the plot');
    assert.notEqual(await readout(fig), text);
    const { post, pre } = await curves();
    assert.equal(post.length, 25);
    // LN(x) with γ = 1, β = 0 has norm √(d · σ²/(σ² + ε)) ≈ √64 for every token.
    for (let l = 1; l <= 24; l++) assert.ok(Math.abs(post[l] - 8) < 1e-3, `Post-LN layer ${l}: ${post[l]}`);
    assert.ok(pre[24] > 1.5 * pre[0], `Pre-LN grows: ${pre[0]} → ${pre[24]}`);
    assert.ok(pre[12] > pre[0] && pre[24] > pre[12], 'and keeps growing');
    const last = await readout(fig);
    assert.match(last, /after the last layer \(24\): Post-LN 8\.000 \(√64 = 8\.000\)/);
    assert.ok(last.includes(`Pre-LN ${pre[24].toFixed(3)}`), last);
    // The layer-by-layer run equals the 24-layer encoder's own forward().
    assert.match(await fig.locator('p.caption').last().textContent(), /forward\(\): 0\./);
    // Every encoder made while dragging was disposed.
    await setSlider(fig, 'layers', 12);
    assert.equal(await fig.evaluate((el) => el.nw.memoryStats().heapUsed), heapBefore, 'no encoder left behind');
    // Keyboard.
    await fig.locator('input[data-control="layers"]').focus();
    await page.keyboard.press('ArrowRight');
    await fig.evaluate((el) => el.updateComplete);
    assert.match(await readout(fig), /N = 13 layers/);
    await fig.locator('[data-control="wiring"] button[data-value="pre"]').focus();
    await page.keyboard.press('Space');
    await fig.evaluate((el) => el.updateComplete);
    assert.match(await readout(fig), /^Pre-LN selected/);
    assert.deepEqual(await parityResults(fig), ['encoder:true']);
    t.diagnostic(`Post-LN norms (N=24): ${post.map((v) => v.toFixed(3)).join(' ')}`);
    t.diagnostic(`Pre-LN norms (N=24): ${pre.map((v) => v.toFixed(3)).join(' ')}`);
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const { fig } = await h.figure('prepost-ln', { lang: 'en', hash: '#prepost-ln.layers=1e9&prepost-ln.wiring=<b>' });
    assert.deepEqual(await fig.evaluate((el) => [el.layers, el.wiring]), [24, 'pre']);
  });

  test('works alone, from attributes, outside the article page', async () => {
    const { fig } = await h.solo(
      '<nw-prepost-ln id="solo" no-url-state layers="3" wiring="post" lang="en" theme="dark"></nw-prepost-ln>',
    );
    assert.match(await readout(fig), /^Post-LN selected · N = 3 layers/);
  });

  test('axe, phone width, Korean by default and English with ?lang=en, both themes; screenshots', async () => {
    await h.axeAndScreenshots('prepost-ln', { ko: /Post-LN과 Pre-LN/, en: /Post-LN and Pre-LN/ }, (fig) =>
      parityResults(fig),
    );
  });
});
