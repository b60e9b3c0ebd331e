// <nw-ln-simulator> (§8): a sample of H values before and after LayerNorm. Every control redraws
// both histograms and rewrites the readout (pointer and keyboard), after LN the mean is β and the
// std |γ| as computed here in float64, redraws are fast at H = 4096, the PyTorch parity badge is
// ok; URL state, alone on a page, axe, phone width, both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import {
  EPS,
  layerNormFigureSettled,
  meanVar,
  near,
  parseNumber,
  pixels,
  press,
  readout,
  setSlider,
  slidersInPlace,
} from './figures.mjs';

/** Before/after numbers of the simulator's readout (English). */
async function simReadout(fig) {
  const text = await readout(fig);
  const b = text.match(/before \(H = (\d+)\): μ = (\S+), σ = (\S+) —/);
  const a = text.match(/after: μ = (\S+), σ = (\S+) —/);
  assert.ok(a && b, text);
  return {
    text,
    h: Number(b[1]),
    before: { mean: parseNumber(b[2]), std: parseNumber(b[3]) },
    after: { mean: parseNumber(a[1]), std: parseNumber(a[2]) },
  };
}

describeFigure('<nw-ln-simulator> in the article', (h) => {
  test('ln simulator: every control redraws both histograms and rewrites the readout', async () => {
    const { page, fig } = await h.figure('ln-simulator', { lang: 'en' });
    let drawn = await pixels(fig);
    let text = await readout(fig);
    for (const [id, values] of [
      ['mean', [1, -3]],
      ['std', [0.5, 4]],
      ['gamma', [2, -1.5]],
      ['beta', [1, -2]],
      ['h', [256, 4096]],
    ]) {
      await setSlider(fig, id, ...values);
      const now = await pixels(fig);
      assert.notEqual(now, drawn, `${id} changes the drawing`);
      assert.notEqual(await readout(fig), text, `${id} changes the readout`);
      drawn = now;
      text = await readout(fig);
    }
    await fig.locator('[data-control="new-sample"]').click();
    assert.notEqual(await pixels(fig), drawn, 'a new sample changes the drawing');
    assert.notEqual(await readout(fig), text);
    await fig.locator('[data-parity="layerNorm"][data-ok="true"]').waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      () => /ln-simulator\.h=4096/.test(location.hash) && /ln-simulator\.gamma=-1\.5/.test(location.hash),
    );
  });

  test('ln simulator: after LN the mean is β and the std |γ|; before matches the sample; fast at H = 4096', async (t) => {
    const { fig } = await h.figure('ln-simulator', { lang: 'en' });
    for (const [mean, std, gamma, beta, h] of [
      [2.5, 2, 1, 0, 1024],
      [-4, 0.3, -2, 1.5, 4096],
      [5, 5, 3, -3, 8],
      [0, 0.1, 0.5, 2, 4096],
    ]) {
      await setSlider(fig, 'h', h);
      await setSlider(fig, 'mean', mean);
      await setSlider(fig, 'std', std);
      await setSlider(fig, 'gamma', gamma);
      await setSlider(fig, 'beta', beta);
      const x = await fig.evaluate((el) => Array.from(el._x));
      assert.equal(x.length, h);
      const s = meanVar(x);
      const r = await simReadout(fig);
      const what = `mean ${mean}, std ${std}, γ ${gamma}, β ${beta}, H ${h}`;
      assert.equal(r.h, h);
      near(r.before.mean, s.mean, 0.0011, `${what}: μ before`);
      near(r.before.std, Math.sqrt(s.variance), 0.0011, `${what}: σ before`);
      near(r.after.mean, beta, 0.0011, `${what}: μ after = β`);
      near(
        r.after.std,
        Math.abs(gamma) * Math.sqrt(s.variance / (s.variance + EPS)),
        0.0011,
        `${what}: σ after = |γ|·σ/√(σ²+ε)`,
      );
      near(r.after.std, Math.abs(gamma), 0.003, `${what}: σ after ≈ |γ|`);
      // The bars count every value once, in both histograms.
      const counts = await fig.evaluate((el) =>
        [el._result.before.counts, el._result.after.counts].map((c) => c.reduce((a, b) => a + b, 0)),
      );
      assert.deepEqual(counts, [h, h]);
    }
    // Dragging at H = 4096: one input event, two kernel calls, binning and the SVG per step.
    const ms = await fig.evaluate(async (el) => {
      el.h = 4096;
      await el.updateComplete;
      const input = el.shadowRoot.querySelector('input[data-control="mean"]');
      const t0 = performance.now();
      for (let k = 0; k < 60; k++) {
        input.value = String(-3 + k * 0.1);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await el.updateComplete;
      }
      return (performance.now() - t0) / 60;
    });
    t.diagnostic(`simulator redraw at H = 4096: ${ms.toFixed(2)} ms per input event`);
    assert.ok(ms < 50, `${ms} ms per redraw at H = 4096`);
  });

  test('ln simulator: keyboard operates the sliders and the button', async () => {
    const { page, fig } = await h.figure('ln-simulator', { lang: 'en' });
    await slidersInPlace(fig, { mean: 'mean', std: 'std', gamma: 'gamma', beta: 'beta', h: 'h' });
    for (const [id, key, want] of [
      ['mean', 'ArrowRight', 2.6],
      ['std', 'ArrowLeft', 1.9],
      ['gamma', 'ArrowUp', 1.1],
      ['beta', 'ArrowDown', -0.1],
      ['h', 'ArrowRight', 1032],
    ]) {
      const drawn = await pixels(fig);
      const text = await readout(fig);
      await press(page, fig, `input[data-control="${id}"]`, key);
      assert.equal(await fig.evaluate((el, p) => el[p], id), want, id);
      assert.notEqual(await pixels(fig), drawn, `${id} by keyboard changes the drawing`);
      assert.notEqual(await readout(fig), text, `${id} by keyboard changes the readout`);
    }
    const r = await simReadout(fig);
    near(r.after.mean, -0.1, 0.0011, 'μ after = β');
    near(r.after.std, 1.1, 0.0011, 'σ after = γ');
    await press(page, fig, '[data-control="new-sample"]', 'Enter');
    assert.equal(await fig.evaluate((el) => el.seed), 2);
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const { fig: sim } = await h.figure('ln-simulator', {
      lang: 'en',
      hash: '#ln-simulator.h=99999&ln-simulator.beta=-1.5',
    });
    assert.equal(await sim.evaluate((el) => [el.h, el.beta].join()), '4096,-1.5');
    near((await simReadout(sim)).after.mean, -1.5, 0.0011, 'restored β');
  });

  test('works alone, from attributes (no id, its own lang), outside the article page', async () => {
    const { fig: sim } = await h.solo(
      '<nw-ln-simulator lang="en" h="4096" gamma="-2" beta="-1" mean="4"></nw-ln-simulator>',
      { clear: true },
    );
    const r = await simReadout(sim);
    assert.equal(r.h, 4096);
    near(r.after.mean, -1, 0.0011, 'embedded β');
    near(r.after.std, 2, 0.0011, 'embedded |γ|');
  });

  test('axe, phone width, Korean by default and English with ?lang=en, light and dark; screenshots', async () => {
    await h.axeAndScreenshots('ln-simulator', { ko: /시뮬레이터/, en: /simulator/ }, layerNormFigureSettled);
  });
});
