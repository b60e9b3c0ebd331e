// <nw-pe-compare> in the article page: the comparison table is a real table with the seed's facts;
// the RoPE and ALiBi views react to every control and show numbers that agree with float64 values
// computed here; keyboard; axe, phone width (the table scrolls inside its own box), both
// languages and themes; screenshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { setSlider, pixels, hasSidewaysScroll, hashWith, idle, draggedAndFresh } from './figures.mjs';

const num = (s) => Number(s.replace('−', '-'));
function sci(s) {
  if (s === '0') return 0;
  const m = s.match(/^([−\d.]+)×10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/);
  assert.ok(m, `not a number in scientific notation: ${s}`);
  const digits = { '⁻': '-', '⁰': 0, '¹': 1, '²': 2, '³': 3, '⁴': 4, '⁵': 5, '⁶': 6, '⁷': 7, '⁸': 8, '⁹': 9 };
  return num(m[1]) * 10 ** Number([...m[2]].map((c) => digits[c]).join(''));
}

async function settle(fig) {
  await fig.evaluate(async (el) => {
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
    await el.updateComplete;
  });
}

const ropeText = async (fig) => (await fig.locator('[data-readout="rope"]').textContent()).trim();
const alibiText = async (fig) => (await fig.locator('[data-readout="alibi"]').textContent()).trim();

/** (R(m)q)·(R(n)k) in float64: RoPE rotation of each pair (2i, 2i+1) by pos·10000^(−2i/d). */
function ropeScore(q, k, m, n) {
  const d = q.length;
  let s = 0;
  for (let i = 0; i < d / 2; i++) {
    const th = 10000 ** (-(2 * i) / d);
    const [cm, sm, cn, sn] = [Math.cos(m * th), Math.sin(m * th), Math.cos(n * th), Math.sin(n * th)];
    const q0 = q[2 * i] * cm - q[2 * i + 1] * sm,
      q1 = q[2 * i] * sm + q[2 * i + 1] * cm;
    const k0 = k[2 * i] * cn - k[2 * i + 1] * sn,
      k1 = k[2 * i] * sn + k[2 * i + 1] * cn;
    s += q0 * k0 + q1 * k1;
  }
  return s;
}

describeFigure('<nw-pe-compare> in the article', (h) => {
  test("compare: the table has header cells with scope and the seed's facts", async () => {
    const { fig } = await h.figure('pe-compare', { lang: 'en' });
    assert.equal(await fig.locator('table thead th[scope="col"]').count(), 4);
    assert.equal(await fig.locator('table tbody th[scope="row"]').count(), 5);
    const cell = (row, col) => fig.locator(`table tbody tr:nth-child(${row}) td:nth-child(${col + 1})`).textContent();
    assert.match(await cell(2, 1), /none/);
    assert.match(await cell(2, 2), /max_len × d_model/);
    assert.match(await cell(3, 2), /no row/);
    assert.match(await cell(3, 3), /ALiBi/);
    assert.match(await cell(4, 2), /BERT, GPT-2, GPT-3/);
    assert.match(await cell(4, 3), /LLaMA, Mistral, Falcon/);
    assert.doesNotMatch(await cell(4, 1), /BERT/, 'BERT learns its position embeddings');
  });

  test('compare: every control redraws the figure and changes its readout', async () => {
    const { page, fig } = await h.figure('pe-compare', { lang: 'en' });
    await settle(fig);
    const controls = [
      ['rope-dim', 32, ropeText],
      ['pos-a', 150, ropeText],
      ['pos-b', 250, ropeText],
      ['offset', -7, ropeText],
      ['head', 5, alibiText],
      ['alibi-len', 20, alibiText],
      ['query', 15, alibiText],
    ];
    for (const [id, value, text] of controls) {
      const drawing = await pixels(fig);
      const shown = await text(fig);
      await setSlider(fig, id, value);
      assert.notEqual(await pixels(fig), drawing, `${id} changes the drawing`);
      assert.notEqual(await text(fig), shown, `${id} changes the readout`);
    }
    for (const [id, value] of [
      ['heads', '16'],
      ['mask', 'symmetric'],
      ['heads', '4'],
      ['mask', 'causal'],
    ]) {
      const drawing = await pixels(fig);
      const shown = await alibiText(fig);
      await fig.locator(`[data-control="${id}"] button[data-value="${value}"]`).click();
      await settle(fig);
      assert.equal(
        await fig.locator(`[data-control="${id}"] button[data-value="${value}"]`).getAttribute('aria-pressed'),
        'true',
      );
      assert.notEqual(await pixels(fig), drawing, `${id}=${value} changes the drawing`);
      assert.notEqual(await alibiText(fig), shown, `${id}=${value} changes the readout`);
    }
    // head was 5 of 16; with H = 4 it is clamped to 4.
    assert.equal(await fig.evaluate((el) => el.head), 4);
    await hashWith(page, [
      'pe-compare.ropeDim=32',
      'pe-compare.posA=150',
      'pe-compare.offset=-7',
      'pe-compare.heads=4',
      'pe-compare.mask=causal',
      'pe-compare.alibiLen=20',
    ]);
  });

  test('compare: the RoPE score depends only on the offset, and matches float64', async () => {
    const { fig } = await h.figure('pe-compare', {
      lang: 'en',
      hash: '#pe-compare.ropeDim=64&pe-compare.posA=40&pe-compare.posB=400&pe-compare.offset=-12',
    });
    for (const d of [64, 128, 16]) {
      await setSlider(fig, 'rope-dim', d);
      const { q, k } = await fig.evaluate((el) => {
        const v = el.ropeVectors;
        return { q: [...v.q], k: [...v.k] };
      });
      assert.equal(q.length, d);
      const text = await ropeText(fig);
      const [, m1, n1, s1] = text.match(/\(m, n\) = \((\d+), (\d+)\): q·k = (\S+)/);
      const [, m2, n2, s2] = [...text.matchAll(/\(m, n\) = \((\d+), (\d+)\): q·k = (\S+)/g)][1];
      assert.deepEqual([m1, n1, m2, n2].map(Number), [28, 40, 388, 400]);
      assert.ok(Math.abs(num(s1) - num(s2)) < 1e-3, `same offset, same score: ${text}`);
      const want = ropeScore(q, k, 28, 40);
      assert.ok(Math.abs(num(s1) - want) < 1e-3, `d=${d}: ${s1} vs ${want}`);
      assert.ok(Math.abs(ropeScore(q, k, 388, 400) - want) < 1e-9, 'the float64 scores agree too');
      assert.ok(sci(text.match(/largest difference between the curves over Δ = −32 … \+32: (\S+)/)[1]) < 1e-3, text);
      let raw = 0;
      for (let j = 0; j < d; j++) raw += q[j] * k[j];
      assert.ok(Math.abs(num(text.match(/before rotation = (\S+)/)[1]) - raw) < 1e-3);
    }
  });

  test('compare: ALiBi bias and softmax match float64', async () => {
    const { fig } = await h.figure('pe-compare', { lang: 'en' });
    const check = async (H, h, L, i, causal) => {
      const slope = 2 ** ((-8 * h) / H);
      const keys = Array.from({ length: L }, (_, j) => j).filter((j) => !causal || j <= i);
      const z = keys.reduce((s, j) => s + Math.exp(-slope * Math.abs(i - j)), 0);
      const far = causal || i >= (L - 1) / 2 ? 0 : L - 1;
      const text = await alibiText(fig);
      assert.match(text, new RegExp(`head ${h}/${H}: coefficient m = 2\\^\\(−[\\d.]+\\) = ${slope.toFixed(4)}`));
      assert.ok(Math.abs(num(text.match(/weight on itself (\S+)/)[1]) - 1 / z) < 1e-4, text);
      assert.ok(Math.abs(num(text.match(/\((\S+) without the bias\)/)[1]) - 1 / keys.length) < 1e-4, text);
      const [, jFar, bFar, wFar] = text.match(/farthest key j = (\d+): bias (\S+), weight (\S+)/);
      assert.equal(Number(jFar), far);
      assert.ok(Math.abs(num(bFar) + slope * Math.abs(i - far)) < 1e-4, text);
      assert.ok(Math.abs(num(wFar) - Math.exp(-slope * Math.abs(i - far)) / z) < 1e-4, text);
    };
    await check(8, 2, 12, 8, true);
    await setSlider(fig, 'head', 1);
    await setSlider(fig, 'alibi-len', 16);
    await setSlider(fig, 'query', 3);
    await check(8, 1, 16, 3, true);
    await fig.locator('[data-control="mask"] button[data-value="symmetric"]').click();
    await settle(fig);
    await check(8, 1, 16, 3, false);
    await fig.locator('[data-control="heads"] button[data-value="16"]').click();
    await settle(fig);
    await check(16, 1, 16, 3, false);
    // The causal heatmap greys out exactly the L(L−1)/2 future cells.
    await fig.locator('[data-control="mask"] button[data-value="causal"]').click();
    await settle(fig);
    const masked = fig.locator('svg path.masked');
    assert.equal(await masked.getAttribute('data-cells'), String((16 * 15) / 2));
    assert.equal((await masked.getAttribute('d')).match(/M/g).length, (16 * 15) / 2);
  });

  test('compare: sliders and switches work from the keyboard', async () => {
    const { page, fig } = await h.figure('pe-compare', { lang: 'en' });
    await fig.locator('input[data-control="offset"]').focus();
    await page.keyboard.press('ArrowRight');
    await settle(fig);
    assert.match(await ropeText(fig), /^Δ = 6 /);
    await fig.locator('input[data-control="query"]').focus();
    await page.keyboard.press('ArrowLeft');
    await settle(fig);
    assert.match(await alibiText(fig), /query i = 7:/);
    await fig.locator('[data-control="mask"] button[data-value="symmetric"]').focus();
    await page.keyboard.press('Enter');
    await settle(fig);
    assert.match(await alibiText(fig), /symmetric/);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await settle(fig);
    assert.match(await alibiText(fig), /causal/);
    // The table's scroll box takes focus, so it can be scrolled from the keyboard.
    assert.equal(await fig.locator('.table-wrap').getAttribute('tabindex'), '0');
  });

  test('compare: axe, phone width, both languages and themes; screenshots', async () => {
    for (const [lang, colorScheme, width] of [
      ['ko', 'light', 1100],
      ['en', 'dark', 390],
    ]) {
      const { page, fig } = await h.figure('pe-compare', {
        lang: lang === 'ko' ? undefined : lang,
        colorScheme,
        width,
        height: 844,
      });
      await settle(fig);
      const title = await fig.locator('.title').textContent();
      if (lang === 'ko') assert.match(title, /위치 정보/, 'Korean by default');
      else assert.match(title, /positions/);
      assert.deepEqual(await h.axe(page, '#pe-compare'), [], `${lang} ${colorScheme} ${width}`);
      assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px`);
      const wrap = await fig
        .locator('.table-wrap')
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      if (width === 390) assert.ok(wrap.scroll > wrap.client, 'on a phone the table scrolls inside its box');
      await fig.scrollIntoViewIfNeeded();
      const box = await fig.boundingBox();
      const y = await page.evaluate(() => window.scrollY);
      await h.screenshot(page, `pe-compare-${lang}-${colorScheme}-${width}.png`, {
        fullPage: true,
        clip: { x: 0, y: box.y + y, width, height: box.height },
      });
    }
  });

  test('compare: after a drag of d and L (views kept and computed ahead in idle time) the figure shows a fresh computation of the last setting', async () => {
    const { page, fig } = await h.figure('pe-compare', { lang: 'en' });
    await setSlider(fig, 'rope-dim', 128, 112, 128, 112);
    await idle(page);
    await setSlider(fig, 'rope-dim', 96, 112, 80, 32, 112);
    await setSlider(fig, 'alibi-len', 32, 30, 32, 31);
    await idle(page);
    await setSlider(fig, 'query', 20);
    // A fresh element with the same settings computes each view once: its numbers are the oracle.
    const shown = (el) => ({
      state: [el.ropeDim, el.alibiLen, el.query],
      readouts: [...el.shadowRoot.querySelectorAll('[data-readout]')].map((r) => r.textContent),
      claims: [...el.shadowRoot.querySelectorAll('[data-claim]')].map((c) => c.textContent),
      // The numbers drawn (the curves, the bias row and both softmaxes); the fresh element is laid out at another width.
      numbers: JSON.stringify(el._numbers(), (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v)),
      cells: [...el.shadowRoot.querySelectorAll('svg.plot path')].map((p) => [p.dataset.cells, p.getAttribute('fill')]),
    });
    const { dragged, fresh } = await draggedAndFresh(
      page,
      fig,
      '<nw-pe-compare id="fresh" lang="en" no-url-state rope-dim="112" pos-a="100" pos-b="300" offset="5" alibi-len="31" query="20"></nw-pe-compare>',
      shown,
    );
    assert.deepEqual(dragged.state, [112, 31, 20]);
    assert.deepEqual(dragged, fresh);
  });
});
