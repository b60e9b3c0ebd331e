// <nw-encoder-block> (§11): one encoder layer, its wiring, shapes and parameter counts. Every
// control redraws and changes the readout, the keyboard works, the counts agree with the
// parameter formulas computed here, the encoders built for the counts are freed; URL state, alone
// on a page, axe, nothing wider than the figure at 390 px, both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { changes, partsPastTheEdge, readout, ready, setSlider } from './figures.mjs';

/** The parameter counts of one encoder layer, from the formulas. */
function formulas(d, dff) {
  return {
    attn: 4 * d * d + 4 * d,
    ffn: 2 * d * dff + dff + d,
    norm: 2 * d,
    total: 4 * d * d + 9 * d + 2 * d * dff + dff,
  };
}

describeFigure('<nw-encoder-block> in the article', (h) => {
  test('encoder block: every control redraws; shapes and parameter counts follow the configuration and the formulas', async () => {
    const { page, fig } = await h.figure('encoder-block', { lang: 'en' });
    const counts = () =>
      fig.locator('[data-readout]').evaluate((r) => ({
        attn: +r.dataset.attn,
        ffn: +r.dataset.ffn,
        norm1: +r.dataset.norm1,
        norm2: +r.dataset.norm2,
        total: +r.dataset.total,
      }));
    const check = async () => {
      const {
        seq,
        dModel: d,
        heads,
        dFF,
      } = await fig.evaluate((el) => ({ seq: el.seq, dModel: el.dModel, heads: el.heads, dFF: el.dFF }));
      const want = formulas(d, dFF);
      const got = await counts();
      assert.deepEqual(
        got,
        { attn: want.attn, ffn: want.ffn, norm1: want.norm, norm2: want.norm, total: want.total },
        `d ${d}, d_ff ${dFF}`,
      );
      const text = await readout(fig);
      const c = (n) => n.toLocaleString('en-US');
      assert.ok(
        text.includes(
          `attention ${c(want.attn)} + FFN ${c(want.ffn)} + LayerNorm 2 × ${c(want.norm)} = ${c(want.total)}`,
        ),
        text,
      );
      assert.ok(text.includes(`${heads} heads (d_k = ${d / heads})`), text);
      assert.equal(d % heads, 0, 'heads divide d_model');
      // The shapes on the arrows.
      const labels = await fig.locator('svg[data-wiring] text.shape').allTextContents();
      assert.ok(labels.includes(`${seq} × ${d}`), `seq × d_model in ${labels}`);
      assert.ok(labels.includes(`${seq} × ${dFF}`), `seq × d_ff in ${labels}`);
      assert.ok(labels.includes(`${heads} × ${seq} × ${seq}`), `heads × seq × seq in ${labels}`);
      assert.ok(labels.includes(`${heads} × ${seq} × ${d / heads}`), `heads × seq × d_k in ${labels}`);
      // The table shows the same numbers as the readout.
      assert.equal((await fig.locator('tfoot td.num').textContent()).trim(), c(want.total));
      return text;
    };
    let text = await check();
    assert.match(text, /^Post-LN · seq 8 · d_model 512 · 8 heads \(d_k = 64\) · d_ff 2048 \(4 × d_model\)/);
    assert.match(text, /= 3,152,384\n/, 'the paper’s base layer');
    assert.match(text, /8 heads × 8 × 8 = 512 numbers per layer/);
    // Wiring: the diagram is redrawn (LN moves), the counts stay.
    const lnY = () => fig.locator('svg[data-wiring] rect.ln').evaluateAll((rs) => rs.map((r) => +r.getAttribute('y')));
    const postLn = await lnY();
    await changes(fig, 'wiring', () => fig.locator('[data-control="wiring"] button[data-value="pre"]').click());
    assert.equal(await fig.locator('svg[data-wiring]').getAttribute('data-wiring'), 'pre');
    assert.notDeepEqual(await lnY(), postLn, 'the LayerNorm boxes move');
    assert.match(await fig.locator('.formula').textContent(), /x \+ Sublayer\(LayerNorm\(x\)\)/);
    text = await check();
    assert.match(text, /^Pre-LN/);
    assert.equal(await fig.locator('svg[data-wiring] path.skip').count(), 2, 'two residual paths');
    // Each slider, moved as a drag does.
    await changes(fig, 'seq', () => setSlider(fig, 'seq', 9, 12, 16));
    await check();
    await changes(fig, 'd_model', () => setSlider(fig, 'd-model', 480, 384, 256));
    assert.equal(await fig.evaluate((el) => el.dFF), 1024, 'd_ff keeps its multiple of d_model');
    await check();
    await changes(fig, 'heads', () => setSlider(fig, 'heads', 0, 2, 5));
    assert.equal(await fig.evaluate((el) => el.heads), 32);
    const before = await counts();
    await setSlider(fig, 'heads', 1);
    assert.deepEqual(await counts(), before, 'the head count does not change the parameter count');
    await check();
    await changes(fig, 'd_ff', () => setSlider(fig, 'd-ff', 512, 1536, 2048));
    assert.equal(await fig.evaluate((el) => el.dFF), 2048);
    await check();
    // A d_model whose divisors are not powers of two.
    await setSlider(fig, 'd-model', 96);
    await check();
    // Keyboard: the heads slider steps through the divisors, the wiring buttons toggle.
    await setSlider(fig, 'd-model', 512);
    await setSlider(fig, 'heads', 3);
    await fig.locator('input[data-control="heads"]').focus();
    await page.keyboard.press('ArrowRight');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.heads), 16);
    assert.equal(await fig.locator('input[data-control="heads"]').getAttribute('aria-valuetext'), '16 (d_k 32)');
    await fig.locator('[data-control="wiring"] button[data-value="post"]').focus();
    await page.keyboard.press('Space');
    await fig.evaluate((el) => el.updateComplete);
    assert.match(await readout(fig), /^Post-LN · seq 16 · d_model 512 · 16 heads \(d_k = 32\)/);
    await check();
    // The state is in the URL hash.
    await page.waitForFunction(
      () => /encoder-block\.heads=16/.test(location.hash) && /encoder-block\.wiring=post/.test(location.hash),
    );
  });

  test('encoder block: the encoders built for the counts are freed', async () => {
    const { page } = await h.article({ lang: 'en' });
    // <nw-attention> loads its model when scrolled near (this figure is not far): let that land first.
    await ready(page.locator('#attention'));
    await page.waitForFunction(() => document.querySelector('#attention')?._model);
    const fig = page.locator('#encoder-block');
    await ready(fig);
    const heap = () => fig.evaluate((el) => el.nw.memoryStats().heapUsed);
    const start = await heap();
    await setSlider(fig, 'd-model', 64, 128, 192, 320, 448);
    await setSlider(fig, 'd-ff', 448 * 8);
    await fig.locator('[data-control="wiring"] button[data-value="pre"]').click();
    assert.equal(await heap(), start, 'no encoder left behind');
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const hash =
      '#encoder-block.seq=999&encoder-block.dModel=100&encoder-block.heads=7&encoder-block.dFF=abc&encoder-block.wiring=pre';
    const { fig } = await h.figure('encoder-block', { lang: 'en', hash });
    const state = await fig.evaluate((el) => ({
      ...Object.fromEntries(Object.keys(el.constructor.urlState).map((k) => [k, el[k]])),
    }));
    // d_model 100 → 96, whose largest divisor ≤ 7 is 6; d_ff not a number → 4 · d_model.
    assert.deepEqual(state, { seq: 128, dModel: 96, heads: 6, dFF: 384, wiring: 'pre' });
  });

  test('works alone, from attributes, outside the article page', async () => {
    const { fig: block } = await h.solo(
      '<nw-encoder-block id="solo-block" no-url-state seq="5" d-model="64" heads="4" d-ff="128" wiring="pre" lang="en"></nw-encoder-block>',
    );
    const f = formulas(64, 128);
    assert.match(
      await readout(block),
      new RegExp(
        `^Pre-LN · seq 5 · d_model 64 · 4 heads \\(d_k = 16\\) · d_ff 128 \\(2 × d_model\\)\nparameters: .* = ${f.total.toLocaleString('en-US')}`,
      ),
    );
  });

  test('axe, phone width, Korean by default and English with ?lang=en, both themes; screenshots', async () => {
    await h.axeAndScreenshots(
      'encoder-block',
      { ko: /인코더 블록 한 개/, en: /One encoder block/ },
      async (fig, page, { width }) => {
        // Nothing inside the figure is wider than the figure.
        assert.deepEqual(await partsPastTheEdge(fig), [], `encoder-block fits ${width}px`);
      },
      { prefix: 'encoder-' },
    );
  });
});
