// <nw-depth-demo>'s backward view, embedded alone by embed.html: the gradient
// through the plain stack grows or shrinks by about s per layer as the activations did, the
// LayerNorm stack nearly holds it; the view switch works by pointer and keyboard; axe; no errors.
// The forward view loads normwave_wasm.wasm only; the backward view fetches normwave_train.wasm
// the first time the reader switches to it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { setSlider, pixels, readout } from './figures.mjs';

describeFigure('<nw-depth-demo> backward, alone', (h) => {
  const open = (query = '', lang = 'en') => h.embed('nw-depth-demo', { query, lang });

  /** Waits (bounded) until the backward view has its numbers from the training module. */
  async function backwardReady(fig) {
    await fig.page().waitForFunction(() => document.querySelector('nw-depth-demo')?._back, null, { timeout: 20_000 });
    await fig.evaluate((el) => el.updateComplete);
  }

  /** The .wasm files the page has fetched, by name. */
  const wasmFetched = (page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname.split('/').pop())
        .filter((n) => n.endsWith('.wasm'))
        .sort(),
    );

  test("depth demo backward: the plain stack's gradient explodes or vanishes by about s per layer, LayerNorm nearly holds it", async (t) => {
    const { page, fig } = await open('&view=backward');
    await backwardReady(fig);
    assert.match(await readout(fig), /gradient σ at the input, 96 layers back, no normalization/);
    for (const [scale, grows] of [
      [1.5, true],
      [0.6, false],
    ]) {
      await setSlider(fig, 'scale', scale);
      const back = await fig.evaluate((el) => ({ plain: el._back.plain, normed: el._back.normed, depth: el.depth }));
      const d = back.depth;
      const plainRatio = back.plain[0] / back.plain[d];
      const normedRatio = back.normed[0] / back.normed[d];
      t.diagnostic(
        `s = ${scale}: plain ${plainRatio.toExponential(2)}×, LayerNorm ${normedRatio.toFixed(3)}× over ${d} layers`,
      );
      // About s per layer (log-ratio per layer within 25 % of log s).
      const perLayer = Math.log(plainRatio) / d;
      assert.ok(
        Math.abs(perLayer - Math.log(scale)) < 0.25 * Math.abs(Math.log(scale)),
        `per-layer factor ${Math.exp(perLayer)} vs s = ${scale}`,
      );
      assert.ok(grows ? plainRatio > 1e6 : plainRatio < 1e-6);
      // With LayerNorm the factor s is undone at every layer; each norm also takes out the
      // gradient's parts along its mean and its output, a few per cent per layer.
      const normedPerLayer = Math.exp(Math.log(normedRatio) / d);
      assert.ok(normedPerLayer > 0.9 && normedPerLayer < 1.05, `LayerNorm stack: ${normedPerLayer} per layer`);
      assert.ok(
        Math.abs(Math.log(normedRatio)) < 0.25 * Math.abs(Math.log(plainRatio)),
        `LayerNorm ${normedRatio}× vs plain ${plainRatio}×`,
      );
    }
    const drawn = await pixels(fig);
    await setSlider(fig, 'depth', 40);
    assert.notEqual(await pixels(fig), drawn);
    assert.match(await readout(fig), /40 layers back/);
    await h.screenshot(page, 'depth-demo-backward.png');
  });

  test('depth demo backward: the view switch by keyboard; forward is unchanged; axe in Korean', async () => {
    const { page, fig } = await open('', 'ko');
    const forward = await readout(fig);
    assert.deepEqual(await wasmFetched(page), ['normwave_wasm.wasm'], 'the forward view needs no training module');
    await fig.locator('[data-control="view"] button[data-value="backward"]').focus();
    await page.keyboard.press('Enter');
    await backwardReady(fig);
    assert.equal(await fig.evaluate((el) => el.view), 'backward');
    assert.deepEqual(await wasmFetched(page), ['normwave_train.wasm', 'normwave_wasm.wasm']);
    assert.match(await readout(fig), /입력의 기울기 σ/);
    assert.deepEqual(await h.axe(page), []);
    await fig.locator('[data-control="view"] button[data-value="forward"]').click();
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await readout(fig), forward);
  });
});
