// <nw-ln-steps> (§7): LayerNorm's four steps on one vector. Every control redraws the strips and
// rewrites the readout (pointer and keyboard), the four stages agree with an independent float64
// computation here, the PyTorch parity badge is ok; URL state, alone on a page (no id: the URL is
// left alone), axe, phone width, both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import {
  EPS,
  fmt,
  layerNormFigureSettled,
  meanVar,
  near,
  pixels,
  press,
  readout,
  setSlider,
  slidersInPlace,
} from './figures.mjs';

describeFigure('<nw-ln-steps> in the article', (h) => {
  test('ln steps: every control redraws the strips and rewrites the readout', async () => {
    const { page, fig } = await h.figure('ln-steps', { lang: 'en' });
    let drawn = await pixels(fig);
    let text = await readout(fig);
    for (const [id, values] of [
      ['h', [32, 100]],
      ['mean', [-1, 4]],
      ['std', [0.5, 3]],
      ['gamma', [-2, 2.5]],
      ['beta', [-1.5, 1]],
    ]) {
      await setSlider(fig, id, ...values);
      const now = await pixels(fig);
      assert.notEqual(now, drawn, `${id} changes the drawing`);
      assert.notEqual(await readout(fig), text, `${id} changes the readout`);
      drawn = now;
      text = await readout(fig);
    }
    const dots = await fig
      .locator('svg path.dot')
      .evaluateAll((paths) => paths.map((p) => [Number(p.dataset.dots), p.getAttribute('d').match(/M/g).length]));
    assert.deepEqual(
      dots,
      [
        [100, 100],
        [100, 100],
        [100, 100],
        [100, 100],
      ],
      'one dot per feature and stage',
    );
    await fig.locator('[data-control="new-vector"]').click();
    assert.notEqual(await pixels(fig), drawn, 'a new vector changes the drawing');
    assert.notEqual(await readout(fig), text);
    await fig.locator('[data-parity="layerNorm"][data-ok="true"]').waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      () => /ln-steps\.gamma=2\.5/.test(location.hash) && /ln-steps\.seed=2/.test(location.hash),
    );
  });

  test('ln steps: the four stages agree with an independent computation', async () => {
    const { fig } = await h.figure('ln-steps', { lang: 'en' });
    for (const [gamma, beta] of [
      [1.5, 0.5],
      [-2, -1],
      [0.3, 2.4],
    ]) {
      await setSlider(fig, 'gamma', gamma);
      await setSlider(fig, 'beta', beta);
      const rows = await fig.evaluate((el) => el._result.rows.map((r) => Array.from(r)));
      const x = rows[0];
      const { mean, variance } = meanVar(x);
      const hat = x.map((v) => (v - mean) / Math.sqrt(variance + EPS));
      const y = hat.map((v) => gamma * v + beta);
      x.forEach((v, k) => {
        near(rows[1][k], v - mean, 1e-5, `x − μ [${k}]`);
        near(rows[2][k], hat[k], 1e-5, `x̂[${k}]`);
        near(rows[3][k], y[k], 1e-4, `y[${k}]`);
      });
      const text = await readout(fig);
      const stages = [x, x.map((v) => v - mean), hat, y].map(meanVar);
      const lines = text.split('\n').slice(1, 5);
      stages.forEach((s, k) =>
        assert.ok(
          lines[k].endsWith(`μ = ${fmt(s.mean)} · σ = ${fmt(Math.sqrt(s.variance))}`),
          `${lines[k]} vs ${fmt(s.mean)}, ${fmt(Math.sqrt(s.variance))}`,
        ),
      );
      assert.ok(
        lines[3].endsWith(`μ = ${fmt(beta)} · σ = ${fmt(Math.abs(gamma) * Math.sqrt(variance / (variance + EPS)))}`),
        lines[3],
      );
      assert.match(text, new RegExp(`μ = ${fmt(mean).replace('.', '\\.')}, σ² = ${fmt(variance).replace('.', '\\.')}`));
    }
  });

  test('ln steps: keyboard operates the sliders and the button', async () => {
    const { page, fig } = await h.figure('ln-steps', { lang: 'en' });
    await slidersInPlace(fig, { h: 'h', mean: 'mean', std: 'std', gamma: 'gamma', beta: 'beta' });
    for (const [id, prop, key, want] of [
      ['h', 'h', 'ArrowRight', 17],
      ['mean', 'mean', 'ArrowLeft', 2.4],
      ['std', 'std', 'ArrowRight', 2.1],
      ['gamma', 'gamma', 'ArrowLeft', 1.4],
      ['beta', 'beta', 'ArrowUp', 0.6],
    ]) {
      const drawn = await pixels(fig);
      const text = await readout(fig);
      await press(page, fig, `input[data-control="${id}"]`, key);
      assert.equal(await fig.evaluate((el, p) => el[p], prop), want, id);
      assert.notEqual(await pixels(fig), drawn, `${id} by keyboard changes the drawing`);
      assert.notEqual(await readout(fig), text, `${id} by keyboard changes the readout`);
    }
    await press(page, fig, '[data-control="new-vector"]', 'Enter');
    assert.equal(await fig.evaluate((el) => el.seed), 2);
    await press(page, fig, '[data-control="new-vector"]', 'Space');
    assert.equal(await fig.evaluate((el) => el.seed), 3);
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const { fig: steps } = await h.figure('ln-steps', { lang: 'en', hash: '#ln-steps.h=0&ln-steps.gamma=abc' });
    assert.equal(await steps.evaluate((el) => [el.h, el.gamma].join()), '4,1.5');
  });

  test('works alone, from attributes (no id, its own lang and theme), outside the article page', async () => {
    const { page: p, fig: steps } = await h.solo(
      '<nw-ln-steps lang="en" h="64" mean="-3" std="0.5" gamma="2" beta="1" theme="dark"></nw-ln-steps>',
      { clear: true },
    );
    assert.equal(await steps.getAttribute('data-resolved-theme'), 'dark');
    assert.match(await readout(steps), /④ scale and shift: y = γ·x̂ \+ β: μ = 1\.000 · σ = 2\.000/);
    await steps.locator('input[data-control="gamma"]').focus();
    await p.keyboard.press('ArrowRight');
    assert.equal(await p.evaluate(() => location.hash), '', 'no id: the URL is left alone');
  });

  test('axe, phone width, Korean by default and English with ?lang=en, light and dark; screenshots', async () => {
    await h.axeAndScreenshots('ln-steps', { ko: /네 단계/, en: /four steps/ }, layerNormFigureSettled);
  });
});
