// <nw-pe-properties> in the article page: each panel renders from the library and reacts to every
// control; the numbers it shows agree with float64 values computed here; tabs work from the
// keyboard; axe, phone width, both languages and themes; screenshots of every panel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { setSlider, pixels, readout, hasSidewaysScroll, hashWith, draggedAndFresh } from './figures.mjs';

const PANELS = ['bounded', 'unique', 'relative', 'extrapolation'];

/** "−0.9995" → -0.9995 (the readouts use a real minus sign). */
const num = (s) => Number(s.replace('−', '-'));
/** "9.5×10⁻⁷" → 9.5e-7. */
function sci(s) {
  if (s === '0') return 0;
  const m = s.match(/^([−\d.]+)×10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/);
  assert.ok(m, `not a number in scientific notation: ${s}`);
  const digits = { '⁻': '-', '⁰': 0, '¹': 1, '²': 2, '³': 3, '⁴': 4, '⁵': 5, '⁶': 6, '⁷': 7, '⁸': 8, '⁹': 9 };
  return num(m[1]) * 10 ** Number([...m[2]].map((c) => digits[c]).join(''));
}

/** PE(pos, dim) in float64, the paper's interleaved convention. */
const pe = (pos, dim, d) => {
  const w = 10000 ** (-(2 * Math.floor(dim / 2)) / d);
  return dim % 2 ? Math.cos(pos * w) : Math.sin(pos * w);
};

/** Lets the element settle: the width observer fires in an animation frame, then Lit renders. */
async function settle(fig) {
  await fig.evaluate(async (el) => {
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
    await el.updateComplete;
  });
}

async function selectPanel(fig, panel) {
  await fig.locator(`[role="tab"][data-panel="${panel}"]`).click();
  await settle(fig);
}

describeFigure('<nw-pe-properties> in the article', (h) => {
  test('properties: every control redraws the figure and changes the readout', async () => {
    const { page, fig } = await h.figure('pe-properties', { lang: 'en' });
    await settle(fig);

    // ① bounded: d_model and seq_len.
    let drawing = await pixels(fig);
    let text = await readout(fig);
    assert.match(text, /8,192 values \(seq_len 128 × d_model 64\)/);
    await setSlider(fig, 'd-model', 96, 128);
    assert.notEqual(await pixels(fig), drawing, 'd_model changes the histogram');
    assert.notEqual(await readout(fig), text, 'd_model changes the readout');
    drawing = await pixels(fig);
    text = await readout(fig);
    await setSlider(fig, 'seq-len', 150, 200);
    assert.notEqual(await pixels(fig), drawing, 'seq_len changes the histogram');
    assert.notEqual(await readout(fig), text, 'seq_len changes the readout');

    // ② unique.
    drawing = await pixels(fig);
    await selectPanel(fig, 'unique');
    assert.notEqual(await pixels(fig), drawing, 'the unique panel draws something else');
    assert.match(await readout(fig), /^closest pair: pos \d+ and pos \d+/);
    drawing = await pixels(fig);
    text = await readout(fig);
    await setSlider(fig, 'seq-len', 180);
    assert.notEqual(await pixels(fig), drawing, 'seq_len changes the distance matrix');
    assert.notEqual(await readout(fig), text);

    // ③ relative: k and the layout.
    await selectPanel(fig, 'relative');
    drawing = await pixels(fig);
    text = await readout(fig);
    await setSlider(fig, 'k', 6, 7, 12);
    assert.notEqual(await pixels(fig), drawing, 'k changes M_k and the marked diagonal');
    assert.notEqual(await readout(fig), text, 'k changes the readout');
    drawing = await pixels(fig);
    text = await readout(fig);
    await fig.locator('[data-control="layout"] button[data-value="concat"]').click();
    await settle(fig);
    assert.notEqual(await pixels(fig), drawing, 'the concat layout permutes M_k');
    assert.notEqual(await readout(fig), text, 'the readout names the layout');
    assert.equal(
      await fig.locator('[data-control="layout"] button[data-value="concat"]').getAttribute('aria-pressed'),
      'true',
    );
    assert.match(
      await fig.locator('.zoom').textContent(),
      /sin₀.*sin₁.*sin₂.*sin₃.*cos₀/s,
      'concat zoom lists the sines first',
    );

    // ④ extrapolation: the training length (and the layout reorders the strip).
    await selectPanel(fig, 'extrapolation');
    drawing = await pixels(fig);
    text = await readout(fig);
    await setSlider(fig, 'trained-len', 100, 120);
    assert.notEqual(await pixels(fig), drawing, 'L moves the marker');
    assert.notEqual(await readout(fig), text, 'L changes the readout');
    drawing = await pixels(fig);
    await fig.locator('[data-control="layout"] button[data-value="interleaved"]').click();
    await settle(fig);
    assert.notEqual(await pixels(fig), drawing, 'the layout reorders the strip');

    await hashWith(page, [
      'pe-properties.dModel=128',
      'pe-properties.seqLen=180',
      'pe-properties.k=12',
      'pe-properties.trainedLen=120',
      'pe-properties.panel=extrapolation',
    ]);
  });

  test('properties: the numbers agree with float64 values computed here', async () => {
    const n = 200,
      d = 128,
      k = 9,
      L = 150;
    const { fig } = await h.figure('pe-properties', {
      lang: 'en',
      hash: `#pe-properties.dModel=${d}&pe-properties.seqLen=${n}&pe-properties.k=${k}&pe-properties.trainedLen=${L}`,
    });
    await settle(fig);
    const table = Array.from({ length: n }, (_, pos) => Float64Array.from({ length: d }, (_, dim) => pe(pos, dim, d)));

    // ① min and max of the table.
    let min = Infinity,
      max = -Infinity;
    for (const row of table)
      for (const v of row) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    let text = await readout(fig);
    const [, shownMin, shownMax] = text.match(/min (\S+), max (\S+)/);
    assert.ok(
      Math.abs(num(shownMin) - min) < 2e-4 && Math.abs(num(shownMax) - max) < 2e-4,
      `${text} vs ${min}, ${max}`,
    );
    assert.ok(num(shownMin) >= -1 && num(shownMax) <= 1);
    assert.match(text, /values outside \[−1, 1\]: 0/);

    // ② the closest pair over all pairs.
    let best = Infinity,
      bestGap = 0;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        let s = 0;
        for (let c = 0; c < d; c++) s += (table[p][c] - table[q][c]) ** 2;
        if (s < best - 1e-9) {
          best = s;
          bestGap = q - p;
        }
      }
    }
    await selectPanel(fig, 'unique');
    text = await readout(fig);
    const [, p, q, gap, dist] = text.match(/pos (\d+) and pos (\d+) \(gap (\d+)\), distance (\S+)/);
    assert.equal(Number(gap), bestGap, text);
    assert.equal(Number(q) - Number(p), bestGap);
    assert.ok(Math.abs(num(dist) - Math.sqrt(best)) < 1e-3, `${text} vs ${Math.sqrt(best)}`);
    assert.match(text, new RegExp(`‖PE\\(pos\\)‖ = ${Math.sqrt(d / 2).toFixed(3)}`));

    // ③ M_k maps PE(pos) to PE(pos + k) for every pos; PE(p)·PE(p+k) = Σ_i cos(k·ω_i) for every p.
    for (const layout of ['interleaved', 'concat']) {
      await fig.locator(`[data-control="layout"] button[data-value="${layout}"]`).click();
      await selectPanel(fig, 'relative');
      text = await readout(fig);
      const err = sci(text.match(/max \|PE\(pos\+k\) − M_k·PE\(pos\)\| = (\S+)/)[1]);
      assert.ok(err < 1e-5, `${layout}: M_k error ${err}`);
      let dot = 0;
      for (let i = 0; i < d / 2; i++) dot += Math.cos(k * 10000 ** (-(2 * i) / d));
      const shown = num(text.match(/PE\(p\)·PE\(p\+9\) = ([−\d.]+)/)[1]);
      assert.ok(Math.abs(shown - dot) < 1e-3, `${text} vs ${dot}`);
      assert.ok(sci(text.match(/largest spread along any diagonal \(q − p fixed\) (\S+)/)[1]) < 1e-3, text);
    }
    // The zoom shows M_k's numbers: block 0 is [[cos k, sin k], [−sin k, cos k]].
    await fig.locator('[data-control="layout"] button[data-value="interleaved"]').click();
    await settle(fig);
    const cells = await fig.locator('.zoom text.cell').allTextContents();
    assert.deepEqual(cells.slice(0, 2).map(num), [Number(Math.cos(k).toFixed(2)), Number(Math.sin(k).toFixed(2))]);

    // ④ rows beyond L exist and look like the rows before it.
    await selectPanel(fig, 'extrapolation');
    text = await readout(fig);
    assert.match(text, new RegExp(`pos ${L} … ${n - 1} \\(${n - L} rows\\) all computed`));
    assert.match(
      text,
      new RegExp(`${L} × ${d} = ${(L * d).toLocaleString('en-US')} parameters, no row for pos ≥ ${L}`),
    );
    const [, adjL, adj0] = text.match(/→\d+ = (\S+), pos 0→1 = (\S+)/);
    let want = 0;
    for (let c = 0; c < d; c++) want += (table[L - 1][c] - table[L][c]) ** 2;
    assert.ok(Math.abs(num(adjL) - Math.sqrt(want)) < 1e-3 && Math.abs(num(adjL) - num(adj0)) < 1e-3, text);
  });

  test('properties: the largest table (d_model 512, seq_len 1024) stays exact', async () => {
    const { fig } = await h.figure('pe-properties', {
      lang: 'en',
      hash: '#pe-properties.panel=relative&pe-properties.k=128',
    });
    await setSlider(fig, 'd-model', 512);
    await setSlider(fig, 'seq-len', 1024);
    const text = await readout(fig);
    assert.match(text, /over all 1024 positions × 512 dims/);
    assert.ok(sci(text.match(/M_k·PE\(pos\)\| = (\S+)/)[1]) < 1e-5, text);
    await selectPanel(fig, 'unique');
    assert.match(await readout(fig), /distance \d/);
  });

  test('properties: tabs and sliders work from the keyboard', async () => {
    const { page, fig } = await h.figure('pe-properties', { lang: 'en' });
    const selected = () => fig.locator('[role="tab"][aria-selected="true"]').getAttribute('data-panel');
    const focused = () =>
      fig.evaluate((el) => el.shadowRoot.activeElement?.dataset.panel ?? el.shadowRoot.activeElement?.dataset.control);
    await fig.locator('[role="tab"][data-panel="bounded"]').focus();
    await page.keyboard.press('ArrowRight');
    await settle(fig);
    assert.equal(await selected(), 'unique');
    assert.equal(await focused(), 'unique', 'focus follows the selected tab');
    assert.match(await readout(fig), /closest pair/);
    await page.keyboard.press('End');
    await settle(fig);
    assert.equal(await selected(), 'extrapolation');
    await page.keyboard.press('ArrowRight');
    await settle(fig);
    assert.equal(await selected(), 'bounded', 'wraps around');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await settle(fig);
    assert.equal(await selected(), 'relative');
    assert.equal(
      await fig.locator('[role="tab"][data-panel="bounded"]').getAttribute('tabindex'),
      '-1',
      'roving tabindex',
    );
    // Tab from the tab list reaches the panel's own slider (k); arrows move it.
    const before = await readout(fig);
    await fig.locator('input[data-control="k"]').focus();
    await page.keyboard.press('ArrowRight');
    await settle(fig);
    assert.match(await readout(fig), /^k = 6,/);
    assert.notEqual(await readout(fig), before);
  });

  test('properties: state restored from the URL hash, garbage clamped', async () => {
    const { fig } = await h.figure('pe-properties', {
      lang: 'en',
      hash: '#pe-properties.dModel=9999&pe-properties.seqLen=20&pe-properties.k=500&pe-properties.trainedLen=-3&pe-properties.panel=<b>&pe-properties.layout=concat',
    });
    assert.equal(
      await fig.evaluate((el) => [el.dModel, el.seqLen, el.k, el.trainedLen, el.panel, el.layout].join()),
      '512,20,19,1,bounded,concat',
    );
  });

  test('properties: axe, phone width, both languages and themes; screenshots of every panel', async () => {
    for (const [lang, colorScheme, width] of [
      ['ko', 'light', 1100],
      ['en', 'dark', 390],
    ]) {
      const { page, fig } = await h.figure('pe-properties', {
        lang: lang === 'ko' ? undefined : lang,
        colorScheme,
        width,
        height: 844,
      });
      await settle(fig);
      const title = await fig.locator('.title').textContent();
      if (lang === 'ko') assert.match(title, /성질/, 'Korean by default');
      else assert.match(title, /properties/);
      for (const panel of PANELS) {
        await selectPanel(fig, panel);
        assert.deepEqual(await h.axe(page, '#pe-properties'), [], `${panel} ${lang} ${colorScheme}`);
        assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px (${panel})`);
        await fig.scrollIntoViewIfNeeded();
        const box = await fig.boundingBox();
        const y = await page.evaluate(() => window.scrollY);
        await h.screenshot(page, `pe-properties-${panel}-${lang}-${colorScheme}-${width}.png`, {
          fullPage: true,
          clip: { x: 0, y: box.y + y, width, height: box.height },
        });
      }
    }
  });

  test('properties: after a drag back and forth (histograms kept per table) the figure shows a fresh computation of the last setting', async () => {
    const { page, fig } = await h.figure('pe-properties', { lang: 'en' });
    await setSlider(fig, 'd-model', 512, 496, 512, 496);
    await setSlider(fig, 'seq-len', 1024, 973, 1024, 973, 300, 973);
    await setSlider(fig, 'd-model', 512, 496);
    // A fresh element with the same settings scans its one table: its numbers are the oracle.
    const shown = (el) => ({
      state: [el.dModel, el.seqLen, el.panel],
      bounded: JSON.stringify(el._bounded, (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)),
      readouts: [...el.shadowRoot.querySelectorAll('[data-readout]')].map((r) => r.textContent),
      claims: [...el.shadowRoot.querySelectorAll('[data-claim]')].map((c) => c.textContent),
    });
    const { dragged, fresh } = await draggedAndFresh(
      page,
      fig,
      '<nw-pe-properties id="fresh" lang="en" no-url-state d-model="496" seq-len="973"></nw-pe-properties>',
      shown,
    );
    assert.deepEqual(dragged.state, [496, 973, 'bounded']);
    assert.deepEqual(dragged, fresh);
  });
});
