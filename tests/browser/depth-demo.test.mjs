// <nw-depth-demo> (§6): σ through a deep stack with and without LayerNorm. Every control redraws
// and rewrites the readout (pointer and keyboard), σ per layer agrees with an independent float64
// run here, the PyTorch parity badge is ok; URL state, alone on a page, axe, phone width, both
// languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import {
  layerNormFigureSettled,
  parseNumber,
  pixels,
  press,
  readout,
  setSlider,
  slidersInPlace,
  idle,
  draggedAndFresh,
} from './figures.mjs';

const relNear = (a, b, tol, what) =>
  assert.ok(Math.abs(a - b) <= tol * Math.abs(b), `${what}: ${a} vs ${b} (relative ${tol})`);

/** Numbers of the depth demo's readout (English). */
async function depthReadout(fig) {
  const text = await readout(fig);
  const plain = text.match(/no normalization: (\S+) \((\S+)× the input\)/);
  const normed = text.match(/with LayerNorm: (\S+)/);
  assert.ok(plain && normed, text);
  return { text, plain: parseNumber(plain[1]), ratio: parseNumber(plain[2]), normed: parseNumber(normed[1]) };
}

describeFigure('<nw-depth-demo> in the article', (h) => {
  test('depth demo: every control redraws the chart and rewrites the readout', async () => {
    const { page, fig } = await h.figure('depth-demo', { lang: 'en' });
    let drawn = await pixels(fig);
    let text = await readout(fig);
    assert.match(text, /after 96 layers/);
    const changes = async (what) => {
      const now = await pixels(fig);
      const nowText = await readout(fig);
      assert.notEqual(now, drawn, `${what} changes the drawing`);
      assert.notEqual(nowText, text, `${what} changes the readout`);
      drawn = now;
      text = nowText;
    };
    await setSlider(fig, 'depth', 80, 60, 40);
    await changes('depth');
    assert.match(text, /after 40 layers/);
    await setSlider(fig, 'scale', 1.2, 0.8, 0.6);
    await changes('weight scale');
    assert.match(await fig.locator('[data-claim="depth-demo.vanishes"]').textContent(), /shrank/);
    await fig.locator('[data-control="activation"] button[data-value="relu"]').click();
    await changes('activation');
    assert.equal(
      await fig.locator('[data-control="activation"] button[data-value="relu"]').getAttribute('aria-pressed'),
      'true',
    );
    await fig.locator('[data-control="new-weights"]').click();
    await changes('new weights');
    assert.equal(await fig.evaluate((el) => el.seed), 2);
    await fig.locator('[data-parity="layerNorm"][data-ok="true"]').waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      () => /depth-demo\.seed=2/.test(location.hash) && /depth-demo\.activation=relu/.test(location.hash),
    );
  });

  test('depth demo: σ per layer matches an independent float64 run; LN holds it near 1, without LN it explodes or vanishes', async (t) => {
    const { fig } = await h.figure('depth-demo', { lang: 'en' });
    for (const activation of ['none', 'relu']) {
      for (const scale of [0.5, 0.6, 1, 1.5, 2]) {
        await fig.evaluate(
          (el, [a, s]) => {
            el.activation = a;
            el.scale = s;
            el.depth = 96;
          },
          [activation, scale],
        );
        await fig.evaluate((el) => el.updateComplete);
        // The same draws (the element's seeded standard normals), pushed through the stack in float64.
        const ref = await fig.evaluate((el) => {
          const w = el.layerWidth;
          const depth = 96;
          const relu = el.activation === 'relu';
          const f32 = Math.fround;
          const s = el.scale * Math.sqrt((relu ? 2 : 1) / w);
          const base = el._base;
          const stats = (v) => {
            const m = v.reduce((p, q) => p + q, 0) / w;
            return { m, v: v.reduce((p, q) => p + (q - m) ** 2, 0) / w };
          };
          let a = Array.from(base.subarray(depth * w * w));
          let b = a.slice();
          const plain = [Math.sqrt(stats(a).v)];
          const normed = [Math.sqrt(stats(b).v)];
          for (let l = 0; l < depth; l++) {
            const layer = (x) =>
              Array.from({ length: w }, (_, o) => {
                let acc = 0;
                for (let i = 0; i < w; i++) acc += f32(base[(l * w + o) * w + i] * s) * x[i];
                return relu ? Math.max(0, acc) : acc;
              });
            a = layer(a);
            b = layer(b);
            const { m, v } = stats(b);
            b = b.map((q) => (q - m) / Math.sqrt(v + 1e-5));
            plain.push(Math.sqrt(stats(a).v));
            normed.push(Math.sqrt(stats(b).v));
          }
          return { plain, normed, run: { plain: el._run.plain, normed: el._run.normed } };
        });
        const what = `${activation}, s = ${scale}`;
        for (let l = 0; l <= 96; l++) {
          relNear(ref.run.plain[l], ref.plain[l], 1e-3, `${what}: σ without LN at layer ${l}`);
          relNear(ref.run.normed[l], ref.normed[l], 1e-3, `${what}: σ with LN at layer ${l}`);
        }
        const r = await depthReadout(fig);
        relNear(r.plain, ref.plain[96], 0.01, `${what}: readout without LN`);
        relNear(r.ratio, ref.plain[96] / ref.plain[0], 0.01, `${what}: readout ratio`);
        assert.ok(r.normed >= 0.5 && r.normed <= 2, `${what}: with LN the last σ is ${r.normed}`);
        if (scale >= 1.5) assert.ok(r.ratio > 100, `${what}: without LN σ grows ${r.ratio}×`);
        if (scale <= 0.6) assert.ok(r.ratio < 0.01, `${what}: without LN σ shrinks to ${r.ratio}×`);
        t.diagnostic(
          `${what}: σ₉₆ without LN ${r.plain.toExponential(2)} (${r.ratio.toExponential(2)}× σ₀), with LN ${r.normed}`,
        );
      }
    }
    // Dragging s: both 96-layer runs (192 linear calls, 96 norms, two stats calls) per input event.
    const ms = await fig.evaluate(async (el) => {
      const input = el.shadowRoot.querySelector('input[data-control="scale"]');
      const t0 = performance.now();
      for (let k = 0; k < 20; k++) {
        input.value = String(0.5 + k * 0.05);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await el.updateComplete;
      }
      return (performance.now() - t0) / 20;
    });
    t.diagnostic(`depth demo redraw while dragging s: ${ms.toFixed(2)} ms per input event`);
    assert.ok(ms < 100, `${ms} ms per redraw`);
  });

  test('depth demo: keyboard operates the sliders, the switch and the button', async () => {
    const { page, fig } = await h.figure('depth-demo', { lang: 'en' });
    await slidersInPlace(fig, { depth: 'depth', scale: 'scale' });
    const drawn = await pixels(fig);
    await press(page, fig, 'input[data-control="depth"]', 'ArrowLeft');
    assert.equal(await fig.evaluate((el) => el.depth), 95);
    assert.match(await readout(fig), /after 95 layers/);
    await press(page, fig, 'input[data-control="scale"]', 'ArrowRight');
    assert.equal(await fig.evaluate((el) => el.scale), 1.55);
    assert.match(await readout(fig), /s = 1\.55/);
    await press(page, fig, '[data-control="activation"] button[data-value="relu"]', 'Enter');
    assert.equal(await fig.evaluate((el) => el.activation), 'relu');
    await press(page, fig, '[data-control="new-weights"]', 'Space');
    assert.equal(await fig.evaluate((el) => el.seed), 2);
    assert.notEqual(await pixels(fig), drawn);
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const { fig: depth } = await h.figure('depth-demo', {
      lang: 'en',
      hash: '#depth-demo.depth=500&depth-demo.scale=1.23&depth-demo.activation=<b>',
    });
    assert.equal(await depth.evaluate((el) => [el.depth, el.scale, el.activation].join()), '96,1.25,none');
  });

  test('works alone, from attributes (no id, its own lang), outside the article page', async () => {
    const { fig: depth } = await h.solo(
      '<nw-depth-demo lang="en" depth="12" scale="0.6" activation="relu" seed="7"></nw-depth-demo>',
      { clear: true },
    );
    assert.match(await readout(depth), /after 12 layers[\s\S]*s = 0\.60/);
    assert.match(await depth.locator('[data-claim="depth-demo.vanishes"]').textContent(), /shrank/);
    assert.equal(await depth.getAttribute('data-resolved-theme'), 'light');
  });

  test('axe, phone width, Korean by default and English with ?lang=en, light and dark; screenshots', async () => {
    await h.axeAndScreenshots('depth-demo', { ko: /층을 쌓을수록/, en: /layers pile up/ }, layerNormFigureSettled);
  });

  test('depth demo: after a drag of s (runs kept and run ahead in idle time) the figure shows a fresh run of the last s', async () => {
    const { page, fig } = await h.figure('depth-demo', { lang: 'en' });
    // Back and forth, pausing so idle time runs the neighbouring scales, then on to the last one.
    await setSlider(fig, 'scale', 2, 1.95, 2, 1.95);
    await idle(page);
    await setSlider(fig, 'scale', 1.9, 1.95, 1.85, 0.7, 1.85);
    await idle(page);
    await setSlider(fig, 'scale', 1.8);
    // A fresh element with the same settings computes one run only: its numbers are the oracle.
    const shown = (el) => ({
      scale: el.scale,
      plain: Array.from(el._run.plain),
      normed: Array.from(el._run.normed),
      readout: el.shadowRoot.querySelector('[data-readout]').textContent,
      claims: [...el.shadowRoot.querySelectorAll('[data-claim]')].map((c) => c.textContent),
    });
    const { dragged, fresh } = await draggedAndFresh(
      page,
      fig,
      '<nw-depth-demo id="fresh" lang="en" no-url-state scale="1.8" seed="1"></nw-depth-demo>',
      shown,
    );
    assert.equal(dragged.scale, 1.8);
    assert.deepEqual(dragged, fresh);
  });
});
