// <nw-pe-waves> in the article page: every control redraws the plot and the readout while dragging,
// the readout agrees with sin/cos computed here in float64, keyboard operation, clamping, URL
// state, axe, phone width, both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { setSlider, pixels, readout, hasSidewaysScroll, hashWith } from './figures.mjs';

/** The element's box in page coordinates, for a full-page screenshot clipped to it. */
async function documentBox(fig) {
  return fig.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = Math.max(0, r.left - 8);
    return {
      x,
      y: r.top + scrollY - 8,
      width: Math.min(r.width + 16, document.documentElement.clientWidth - x),
      height: r.height + 16,
    };
  });
}

const num = (s) => Number(s.replace('−', '-'));

/** The PE values and wavelengths the readout states, as numbers. */
function parseReadout(text) {
  const values = [...text.matchAll(/PE\((\d+), (\d+)\) = (sin|cos)\((\d+) \/ 10000\^\((\d+)\/(\d+)\)\) = (\S+)/g)].map(
    (m) => ({
      pos: +m[1],
      col: +m[2],
      fn: m[3],
      posArg: +m[4],
      k: +m[5],
      d: +m[6],
      value: num(m[7]),
    }),
  );
  const lambdas = [...text.matchAll(/i = (\d+)\D*2π·10000\^\((\d+)\/(\d+)\) = ([\d.]+)/g)].map((m) => ({
    i: +m[1],
    k: +m[2],
    d: +m[3],
    lambda: num(m[4]),
  }));
  return { values, lambdas };
}

/** Checks every number of the readout against float64 maths and the layout's column rule. */
function checkReadout(text, { pos, i, iLow, dModel, layout }) {
  const { values, lambdas } = parseReadout(text);
  assert.equal(values.length, 4, text);
  assert.equal(lambdas.length, 2, text);
  const pairs = [i, i, iLow, iLow];
  values.forEach((v, n) => {
    const pair = pairs[n];
    const fn = n % 2 ? 'cos' : 'sin';
    assert.equal(v.fn, fn, text);
    assert.equal(v.pos, pos, text);
    assert.equal(v.k, 2 * pair, text);
    assert.equal(v.d, dModel, text);
    const col =
      layout === 'concat' ? (fn === 'sin' ? pair : dModel / 2 + pair) : fn === 'sin' ? 2 * pair : 2 * pair + 1;
    assert.equal(v.col, col, `column of ${fn} of pair ${pair} under ${layout}: ${text}`);
    const want = Math[fn](pos / 10000 ** ((2 * pair) / dModel));
    assert.ok(Math.abs(v.value - want) <= 1.5e-4, `${fn} pair ${pair} at ${pos}: ${v.value} vs ${want}`);
  });
  lambdas.forEach((l, n) => {
    const pair = [i, iLow][n];
    assert.equal(l.i, pair, text);
    const want = 2 * Math.PI * 10000 ** ((2 * pair) / dModel);
    assert.ok(Math.abs(l.lambda - want) / want < 1e-3, `wavelength of pair ${pair}: ${l.lambda} vs ${want}`);
  });
}

describeFigure('<nw-pe-waves> in the article', (h) => {
  test('waves: every control redraws the plot and the readout', async () => {
    const { page, fig } = await h.figure('pe-waves', { lang: 'en' });
    checkReadout(await readout(fig), { pos: 10, i: 0, iLow: 16, dModel: 64, layout: 'interleaved' });
    const steps = [
      ['pos', () => setSlider(fig, 'pos', 20, 37)],
      ['i', () => setSlider(fig, 'i', 1, 3)],
      ['i-low', () => setSlider(fig, 'i-low', 10, 24)],
      ['d-model', () => setSlider(fig, 'd-model', 128, 256)],
      ['layout', () => fig.locator('[data-control="layout"] button[data-value="concat"]').click()],
    ];
    for (const [name, move] of steps) {
      const [drawn, text] = [await pixels(fig), await readout(fig)];
      await move();
      assert.notEqual(await pixels(fig), drawn, `${name} changes the drawing`);
      assert.notEqual(await readout(fig), text, `${name} changes the readout`);
    }
    checkReadout(await readout(fig), { pos: 37, i: 3, iLow: 24, dModel: 256, layout: 'concat' });
    assert.equal(
      await fig.locator('[data-control="layout"] button[data-value="concat"]').getAttribute('aria-pressed'),
      'true',
    );
    // The library's positionalEncoding agrees with PyTorch's reference tensors (badge under the figure).
    await fig.locator('[data-parity="positionalEncoding"][data-ok="true"]').waitFor({ timeout: 10_000 });
    assert.match(
      await hashWith(page, ['pe-waves.layout=concat']),
      /pe-waves\.dModel=256&pe-waves\.pos=37&pe-waves\.i=3&pe-waves\.iLow=24&pe-waves\.layout=concat/,
    );
  });

  test('waves: the readout matches float64 sin/cos at the extremes of d_model and i', async () => {
    const { fig } = await h.figure('pe-waves', { lang: 'en' });
    await setSlider(fig, 'd-model', 1024);
    await setSlider(fig, 'i', 511);
    await setSlider(fig, 'i-low', 255);
    await setSlider(fig, 'pos', 100);
    checkReadout(await readout(fig), { pos: 100, i: 511, iLow: 255, dModel: 1024, layout: 'interleaved' });
    await fig.locator('[data-control="layout"] button[data-value="concat"]').click();
    checkReadout(await readout(fig), { pos: 100, i: 511, iLow: 255, dModel: 1024, layout: 'concat' });
    await setSlider(fig, 'pos', 0);
    checkReadout(await readout(fig), { pos: 0, i: 511, iLow: 255, dModel: 1024, layout: 'concat' });
    // The plotted dot of sin at pos sits where the value says: y = top + (1 − v)/2 · height.
    await setSlider(fig, 'pos', 1);
    await setSlider(fig, 'i', 0);
    const dot = await fig.evaluate((el) => {
      const c = el.shadowRoot.querySelector('.plot circle.sin:not(.low)');
      const levels = [...el.shadowRoot.querySelectorAll('.plot line.level')].map((l) => +l.getAttribute('y1'));
      return { cy: +c.getAttribute('cy'), top: Math.min(...levels), bottom: Math.max(...levels) };
    });
    const v = 1 - (2 * (dot.cy - dot.top)) / (dot.bottom - dot.top);
    assert.ok(Math.abs(v - Math.sin(1)) < 1e-3, `dot of sin(1) drawn at ${v}`);
  });

  test('waves: keyboard moves the sliders and switches the layout', async () => {
    const { page, fig } = await h.figure('pe-waves', { lang: 'en' });
    const drawn = await pixels(fig);
    await fig.locator('input[data-control="pos"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    assert.equal(await fig.evaluate((el) => el.pos), 12);
    assert.notEqual(await pixels(fig), drawn, 'ArrowRight on pos redraws');
    checkReadout(await readout(fig), { pos: 12, i: 0, iLow: 16, dModel: 64, layout: 'interleaved' });
    await fig.locator('input[data-control="i"]').focus();
    await page.keyboard.press('ArrowRight');
    checkReadout(await readout(fig), { pos: 12, i: 1, iLow: 16, dModel: 64, layout: 'interleaved' });
    await fig.locator('input[data-control="d-model"]').focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await fig.evaluate((el) => el.dModel), 80);
    await fig.locator('[data-control="layout"] button[data-value="concat"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await fig.evaluate((el) => el.layout), 'concat');
    await fig.locator('[data-control="layout"] button[data-value="interleaved"]').focus();
    await page.keyboard.press('Space');
    assert.equal(await fig.evaluate((el) => el.layout), 'interleaved');
  });

  test('waves: pair indices are clamped when d_model shrinks; URL state restored, garbage clamped', async () => {
    const { fig } = await h.figure('pe-waves', { lang: 'en' });
    await setSlider(fig, 'd-model', 512);
    await setSlider(fig, 'i', 200);
    await setSlider(fig, 'd-model', 32);
    assert.equal(await fig.evaluate((el) => [el.i, el.iLow].join()), '15,15');
    assert.equal(await fig.locator('input[data-control="i"]').getAttribute('max'), '15');
    checkReadout(await readout(fig), { pos: 10, i: 15, iLow: 15, dModel: 32, layout: 'interleaved' });

    const { fig: fig2 } = await h.figure('pe-waves', {
      lang: 'en',
      hash: '#pe-waves.pos=55&pe-waves.i=7&pe-waves.dModel=128&pe-waves.layout=concat',
    });
    checkReadout(await readout(fig2), { pos: 55, i: 7, iLow: 16, dModel: 128, layout: 'concat' });

    const { fig: fig3 } = await h.figure('pe-waves', {
      lang: 'en',
      hash: '#pe-waves.pos=-5&pe-waves.i=9999&pe-waves.dModel=abc&pe-waves.layout=<img>',
    });
    assert.equal(await fig3.evaluate((el) => [el.pos, el.i, el.dModel, el.layout].join()), '0,31,64,interleaved');
  });

  test('waves: axe, phone width, Korean by default, English by ?lang=en; screenshots', async () => {
    for (const [lang, colorScheme, width] of [
      ['ko', 'light', 1100],
      ['en', 'dark', 390],
    ]) {
      const { page, fig } = await h.figure('pe-waves', {
        lang: lang === 'en' ? 'en' : undefined,
        colorScheme,
        width,
        height: 844,
      });
      const title = await fig.locator('.title').textContent();
      if (lang === 'ko') assert.match(title, /파형/);
      else assert.match(title, /Waveform/);
      if (width < 500) {
        await fig.locator('[data-control="layout"] button[data-value="concat"]').click();
        await setSlider(fig, 'i', 4);
        await setSlider(fig, 'pos', 96);
      }
      assert.deepEqual(await h.axe(page, '#pe-waves'), []);
      assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px`);
      const box = await fig.boundingBox();
      assert.ok(box.width <= width, `figure fits in ${width}px`);
      await h.screenshot(page, `pe-waves-${lang}-${colorScheme}-${width}.png`, { clip: await documentBox(fig) });
    }
  });
});
