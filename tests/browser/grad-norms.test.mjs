// <nw-grad-norms>, embedded alone by embed.html: it renders from the library,
// depth and width redraw the chart and rewrite the readout (pointer and keyboard), the numbers
// are those of encoder.backward on the same stacks, Post-LN's and Pre-LN's profiles differ as the
// literature says, axe finds nothing serious, and nothing logs an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { setSlider, pixels, readout, hasSidewaysScroll } from './figures.mjs';

describeFigure('<nw-grad-norms> alone', (h) => {
  const open = (options) => h.embed('nw-grad-norms', options);

  test('grad norms: depth and width redraw the chart; the readout follows; no errors', async () => {
    const { page, fig } = await open();
    // It needs encoder.backward from its first draw: the training module, and only that one.
    const wasm = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname.split('/').pop())
        .filter((n) => n.endsWith('.wasm')),
    );
    assert.deepEqual(wasm, ['normwave_train.wasm']);
    assert.equal(await fig.locator('svg circle.post').count(), 12);
    let drawn = await pixels(fig);
    let text = await readout(fig);
    assert.match(text, /Post-LN: layer 1 .*last layer/);
    assert.match(text, /12 layers · d_model 64/);
    await setSlider(fig, 'depth', 24);
    assert.equal(await fig.locator('svg circle.pre').count(), 24);
    assert.notEqual(await pixels(fig), drawn);
    assert.match(await readout(fig), /24 layers/);
    drawn = await pixels(fig);
    text = await readout(fig);
    await fig.locator('[data-control="d-model"] button[data-value="32"]').click();
    await fig.evaluate((el) => el.updateComplete);
    assert.notEqual(await pixels(fig), drawn);
    assert.match(await readout(fig), /d_model 32/);
    await fig.locator('[data-control="new-weights"]').click();
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.seed), 2);
    await setSlider(fig, 'depth', 1);
    assert.equal(await fig.locator('svg circle.post').count(), 1);
    await h.screenshot(page, 'grad-norms.png');
  });

  test('grad norms: Post-LN grows toward the output, Pre-LN toward the input (24 layers, d 64)', async (t) => {
    const { fig } = await open({ query: '&depth=24' });
    const check = await fig.evaluate((el) => ({ post: el._run.post, pre: el._run.pre, depth: el.depth }));
    assert.equal(check.depth, 24);
    const { post, pre } = check;
    for (const v of [...post, ...pre]) assert.ok(Number.isFinite(v) && v > 0);
    const spread = (v) => Math.max(...v) / Math.min(...v);
    t.diagnostic(
      `24 layers, d 64: Post-LN first ${post[0].toExponential(2)} last ${post[23].toExponential(2)} (spread ${spread(post).toFixed(1)}×); Pre-LN first ${pre[0].toExponential(2)} last ${pre[23].toExponential(2)} (spread ${spread(pre).toFixed(1)}×)`,
    );
    assert.ok(post[23] > post[0], 'Post-LN: the layer next to the output has the larger gradient');
    assert.ok(pre[23] < pre[0], 'Pre-LN: the layers below collect the larger gradients');
  });

  test('grad norms: keyboard operates the slider, the switch and the button', async () => {
    const { page, fig } = await open();
    const press = async (selector, key) => {
      await fig.locator(selector).focus();
      await page.keyboard.press(key);
      await fig.evaluate((el) => el.updateComplete);
    };
    await press('input[data-control="depth"]', 'ArrowRight');
    assert.equal(await fig.evaluate((el) => el.depth), 13);
    assert.match(await readout(fig), /13 layers/);
    await press('[data-control="d-model"] button[data-value="128"]', 'Enter');
    assert.equal(await fig.evaluate((el) => el.dModel), '128');
    await press('[data-control="new-weights"]', 'Space');
    assert.equal(await fig.evaluate((el) => el.seed), 2);
  });

  test('grad norms: axe, Korean, dark theme, phone width', async () => {
    const { page, fig } = await open({ lang: 'ko', query: '&theme=dark', width: 390 });
    assert.match(await readout(fig), /Post-LN: 1층/);
    assert.deepEqual(await h.axe(page), []);
    assert.equal(await hasSidewaysScroll(page), false);
    await h.screenshot(page, 'grad-norms-ko-dark-phone.png');
  });
});
