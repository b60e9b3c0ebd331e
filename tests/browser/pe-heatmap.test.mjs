// <nw-pe-heatmap> in the article page: renders from the library, reacts to each control while
// dragging, keyboard reading, axe, phone width, both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { setSlider, pixels, readout, hasSidewaysScroll, fmt } from './figures.mjs';

describeFigure('<nw-pe-heatmap> in the article', (h) => {
  test('heatmap: every control redraws the canvas and the readout', async () => {
    const { page, fig } = await h.figure('pe-heatmap', { lang: 'en' });
    const first = await pixels(fig);
    const text = await readout(fig);
    assert.match(text, /PE\(pos=0, dim=0\) = sin/);
    await setSlider(fig, 'd-model', 256, 512, 1024);
    const wide = await pixels(fig);
    assert.notEqual(wide, first, 'd_model changes the drawing');
    assert.match(await fig.locator('canvas').getAttribute('data-painted'), /^50x1024:/);
    await setSlider(fig, 'seq-len', 500, 2048);
    assert.notEqual(await pixels(fig), wide, 'seq_len changes the drawing');
    assert.match(await fig.locator('canvas').getAttribute('data-painted'), /^2048x1024:/);
    // A table larger than the screen is sampled down to the frame's pixels, not painted in full.
    assert.ok(await fig.locator('canvas').evaluate((c) => c.height < 2048 && c.width <= 1024));
    const beforeLayout = await pixels(fig);
    await fig.locator('[data-control="layout"] button[data-value="concat"]').click();
    assert.notEqual(await pixels(fig), beforeLayout, 'layout changes the drawing');
    assert.equal(
      await fig.locator('[data-control="layout"] button[data-value="concat"]').getAttribute('aria-pressed'),
      'true',
    );
    // The state reaches the URL hash once the figure is still.
    await page.waitForFunction(() => /pe-heatmap\.dModel=1024/.test(location.hash));
  });

  test('heatmap: keyboard moves the cursor and reads the value computed by the library', async () => {
    const { page, fig } = await h.figure('pe-heatmap', { lang: 'en' });
    await fig.locator('.frame').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const text = await readout(fig);
    // pos 1, dim 2 = sin(1 / 10000^(2/64))
    const want = Math.sin(1 / 10000 ** (2 / 64)).toFixed(4);
    assert.ok(text.includes('PE(pos=1, dim=2)') && text.includes(want), text);
  });

  test('heatmap: state restored from the URL hash, garbage clamped', async () => {
    const { fig } = await h.figure('pe-heatmap', {
      lang: 'en',
      hash: '#pe-heatmap.dModel=9999&pe-heatmap.seqLen=abc&pe-heatmap.layout=<script>',
    });
    assert.equal(await fig.evaluate((el) => [el.dModel, el.seqLen, el.layout].join()), '1024,50,interleaved');
  });

  test('heatmap: axe, phone width, Korean, dark theme; screenshots', async () => {
    for (const [lang, colorScheme, width] of [
      ['ko', 'light', 1100],
      ['en', 'dark', 390],
    ]) {
      const { page, fig } = await h.figure('pe-heatmap', { lang, colorScheme, width, height: 844 });
      if (lang === 'ko') assert.match(await fig.locator('.title').textContent(), /히트맵/);
      assert.deepEqual(await h.axe(page, '#pe-heatmap'), []);
      assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px`);
      await fig.scrollIntoViewIfNeeded();
      await h.screenshot(page, `pe-heatmap-${lang}-${colorScheme}-${width}.png`, { fullPage: false });
    }
  });

  test('heatmap: after a drag of both sliders the readout is the whole table of the last setting', async () => {
    const { fig } = await h.figure('pe-heatmap', { lang: 'en' });
    // Up and down both sliders: a seq_len below the rows already computed reads a prefix of them, a
    // d_model seen before keeps its rows' extremes; the readout must still be the table's own.
    await setSlider(fig, 'seq-len', 60, 700, 2048, 1946, 1200);
    await setSlider(fig, 'd-model', 1024, 976, 1024, 512);
    await setSlider(fig, 'seq-len', 1500, 333);
    await setSlider(fig, 'd-model', 1024);
    const { shown, full, prefix } = await fig.evaluate(async (el) => {
      await el.updateComplete;
      const r = el.shadowRoot.querySelector('[data-readout]');
      const t = el.nw.positionalEncoding(el.seqLen, el.dModel);
      let min = Infinity,
        max = -Infinity;
      for (const x of t) {
        min = Math.min(min, x);
        max = Math.max(max, x);
      }
      // A row of the kernel's table does not depend on seq_len: the shorter table is a prefix.
      const long = el.nw.positionalEncoding(2048, el.dModel);
      let prefix = true;
      for (let k = 0; k < t.length && prefix; k++) prefix = Object.is(t[k], long[k]);
      return {
        shown: { seqLen: el.seqLen, dModel: el.dModel, min: Number(r.dataset.min), max: Number(r.dataset.max) },
        full: { seqLen: el.seqLen, dModel: el.dModel, min, max },
        prefix,
      };
    });
    assert.deepEqual(shown, full);
    assert.deepEqual(shown, { ...full, seqLen: 333, dModel: 1024 });
    assert.ok(prefix, 'the rows of positionalEncoding(333, 1024) are the first rows of positionalEncoding(2048, 1024)');
    assert.match(await readout(fig), new RegExp(`min ${fmt(full.min, 3)}, max ${fmt(full.max, 3)}`));
  });

  test('heatmap: while d_model and seq_len move the table is drawn coarse; at rest, in full from the whole table', async () => {
    const { fig } = await h.figure('pe-heatmap', { lang: 'en' });
    const canvas = fig.locator('canvas');
    await setSlider(fig, 'd-model', 1024, 976);
    await setSlider(fig, 'seq-len', 2048, 1990);
    assert.match(await canvas.getAttribute('data-painted'), /^1990x976:interleaved:\d+x\d+:coarse$/);
    // The numbers never wait: the readout is the whole table's at once.
    const exact = await fig.evaluate((el) => {
      const t = el.nw.positionalEncoding(el.seqLen, el.dModel);
      const r = el.shadowRoot.querySelector('[data-readout]');
      let min = Infinity,
        max = -Infinity;
      for (const x of t) {
        min = Math.min(min, x);
        max = Math.max(max, x);
      }
      return Number(r.dataset.min) === min && Number(r.dataset.max) === max;
    });
    assert.ok(exact, 'readout min/max are those of positionalEncoding(1990, 976)');
    await fig
      .page()
      .waitForFunction(
        (el) => !el.shadowRoot.querySelector('canvas').dataset.painted.endsWith(':coarse'),
        await fig.elementHandle(),
        { timeout: 10_000 },
      );
    const rest = await fig.evaluate((el) => {
      const shown = el.shadowRoot.querySelector('canvas');
      // The same table painted in full on a canvas of its own, and the table checked against the library.
      const oracle = document.createElement('canvas');
      el._paint(oracle, false);
      const t = el.nw.positionalEncoding(el.seqLen, el.dModel);
      let same = true;
      for (let k = 0; k < t.length && same; k++) same = Object.is(t[k], el._table[k]);
      return {
        painted: shown.dataset.painted,
        full:
          shown.toDataURL() === oracle.toDataURL() && shown.width === oracle.width && shown.height === oracle.height,
        same,
        width: shown.width,
        height: shown.height,
      };
    });
    assert.match(rest.painted, /^1990x976:interleaved:\d+x\d+$/);
    assert.ok(rest.full, `at rest the canvas (${rest.width}x${rest.height}) is the full-resolution drawing`);
    assert.ok(rest.same, 'the table drawn is positionalEncoding(1990, 976)');
  });
});
