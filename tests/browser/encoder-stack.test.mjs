// <nw-encoder-stack> (§14): N encoder layers stacked, Post-LN against Pre-LN, with or without a
// final LayerNorm. The readout matches the stack's own forward() (statistics computed here in
// float64), Post-LN keeps ‖h‖ = √d, Pre-LN grows until the final LayerNorm; every control redraws
// and changes the readout, the keyboard works, encoders are freed, the PyTorch parity badge
// passes; URL state, alone on a page, axe, nothing wider than the figure at 390 px, both languages
// and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { changes, number, parityResults, partsPastTheEdge, readout, setSlider } from './figures.mjs';

/** Statistics of a TOKENS × 64 output, in float64, as the stack figure defines them. */
function stackStats(h, tokens = 8, d = 64) {
  const rows = Array.from({ length: tokens }, (_, t) => Array.from(h.slice(t * d, (t + 1) * d)));
  const mean = rows.map((r) => r.reduce((s, v) => s + v, 0) / d);
  const std = rows.map((r, t) => Math.sqrt(r.reduce((s, v) => s + (v - mean[t]) ** 2, 0) / d));
  const norm = rows.map((r) => Math.sqrt(r.reduce((s, v) => s + v * v, 0)));
  let cos = 0,
    pairs = 0;
  for (let a = 0; a < tokens; a++) {
    for (let b = a + 1; b < tokens; b++) {
      cos += rows[a].reduce((s, v, k) => s + v * rows[b][k], 0) / (norm[a] * norm[b]);
      pairs++;
    }
  }
  const avg = (xs) => xs.reduce((s, v) => s + v, 0) / xs.length;
  return { mean: avg(mean), std: avg(std), norm: avg(norm), cos: cos / pairs };
}

describeFigure('<nw-encoder-stack> in the article', (h) => {
  test('encoder stack: the readout matches the stack’s own forward(); Post-LN keeps ‖h‖ = √d, Pre-LN grows until the final LayerNorm', async (t) => {
    const { page, fig } = await h.figure('encoder-stack', { lang: 'en' });
    const values = (metric) =>
      fig.locator(`svg[data-metric="${metric}"]`).evaluate((s) => s.dataset.values.split(',').map(Number));
    /** Runs the stack on screen in one forward() call and compares the readout's last line of numbers. */
    const verify = async () => {
      const out = await fig.evaluate((el) => {
        const enc = el.nw.createEncoder(el.encoderConfig);
        try {
          return Array.from(enc.forward(el.input, { seqLen: 8, attention: false }).output);
        } finally {
          enc.dispose();
        }
      });
      const want = stackStats(out);
      const text = await readout(fig);
      const lines = text.split('\n');
      const line =
        lines.find((l) => l.startsWith('after the final')) ?? lines.find((l) => l.startsWith('after the last layer'));
      assert.ok(Math.abs(number(line, '‖h‖') - want.norm) < 1.5e-3, `‖h‖ ${line} vs ${want.norm}`);
      assert.ok(Math.abs(number(line, 'σ') - want.std) < 1.5e-3, `σ ${line} vs ${want.std}`);
      assert.ok(Math.abs(number(line, 'μ') - want.mean) < 1.5e-3, `μ ${line} vs ${want.mean}`);
      assert.ok(Math.abs(number(line, 'cosine similarity') - want.cos) < 1.5e-3, `cos ${line} vs ${want.cos}`);
      return { text, want };
    };
    let { text } = await verify();
    assert.match(text, /^Post-LN · N = 6 layers · final LayerNorm on/);
    assert.match(await fig.locator('p.caption').nth(2).textContent(), /forward\(\): 0\./);
    // Post-LN without the final norm: every layer's output has ‖h‖ = √(d·σ²/(σ² + ε)) ≈ 8.
    await changes(fig, 'final LayerNorm', () =>
      fig.locator('[data-control="final-norm"] button[data-value="false"]').click(),
    );
    text = (await verify()).text;
    assert.match(
      text,
      /final LayerNorm off\nafter the last layer \(6\): ‖h‖ = 8\.000 \(√64 = 8\.000\) · σ = 1\.000 · μ = 0\.000/,
    );
    const post = await values('norm');
    assert.equal(post.length, 7);
    for (let l = 1; l <= 6; l++) assert.ok(Math.abs(post[l] - 8) < 1e-3, `Post-LN layer ${l}: ${post[l]}`);
    await changes(fig, 'layers', () => setSlider(fig, 'layers', 8, 10, 12));
    await verify();
    const cos = await values('cos');
    assert.ok(cos[12] > cos[1] + 0.2, `tokens grow more similar with depth: ${cos[1]} → ${cos[12]}`);
    t.diagnostic(`Post-LN cosine similarity by layer: ${cos.map((v) => v.toFixed(3)).join(' ')}`);
    // Pre-LN: the stream grows; the final LayerNorm brings it back.
    await changes(fig, 'wiring', () => fig.locator('[data-control="wiring"] button[data-value="pre"]').click());
    await verify();
    const pre = await values('norm');
    assert.equal(pre.length, 13);
    assert.ok(
      pre[12] > pre[6] && pre[6] > pre[1] && pre[12] > 1.2 * pre[0],
      `Pre-LN grows: ${pre.map((v) => v.toFixed(2))}`,
    );
    t.diagnostic(`Pre-LN ‖h‖ by layer: ${pre.map((v) => v.toFixed(3)).join(' ')}`);
    await changes(fig, 'final LayerNorm', () =>
      fig.locator('[data-control="final-norm"] button[data-value="true"]').click(),
    );
    const finalRun = await verify();
    const withFinal = await values('norm');
    assert.equal(withFinal.length, 14, 'one more point for the final LayerNorm');
    assert.ok(Math.abs(withFinal[13] - 8) < 1e-3, `final LN: ${withFinal[13]}`);
    assert.match(finalRun.text, /after the final LayerNorm: ‖h‖ = 8\.000 · σ = 1\.000 · μ = 0\.000/);
    // Keyboard.
    await fig.locator('input[data-control="layers"]').focus();
    await page.keyboard.press('ArrowLeft');
    await fig.evaluate((el) => el.updateComplete);
    assert.match(await readout(fig), /^Pre-LN · N = 11 layers/);
    await verify();
    await fig.locator('[data-control="wiring"] button[data-value="post"]').focus();
    await page.keyboard.press('Space');
    await fig.evaluate((el) => el.updateComplete);
    assert.match(await readout(fig), /^Post-LN · N = 11 layers · final LayerNorm on/);
    await verify();
    // The PyTorch parity badge.
    await parityResults(fig);
    assert.equal(await fig.locator('[data-parity="encoder"]').getAttribute('data-ok'), 'true');
    await page.waitForFunction(
      () => /encoder-stack\.layers=11/.test(location.hash) && /encoder-stack\.finalNorm=1/.test(location.hash),
    );
  });

  test('encoder stack: every encoder of a layer-by-layer run is freed', async () => {
    const { fig } = await h.figure('encoder-stack', { lang: 'en' });
    // One full sweep first, so that the library's shared scratch block has reached its size.
    await setSlider(fig, 'layers', 12, 1);
    const heap = () => fig.evaluate((el) => el.nw.memoryStats().heapUsed);
    const start = await heap();
    await setSlider(fig, 'layers', 3, 7, 12, 2);
    await fig.locator('[data-control="wiring"] button[data-value="pre"]').click();
    await fig.locator('[data-control="final-norm"] button[data-value="false"]').click();
    assert.equal(await heap(), start, 'no encoder left behind');
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const { fig } = await h.figure('encoder-stack', {
      lang: 'en',
      hash: '#encoder-stack.layers=1e9&encoder-stack.wiring=<b>&encoder-stack.finalNorm=0',
    });
    const state = await fig.evaluate((el) => ({
      ...Object.fromEntries(Object.keys(el.constructor.urlState).map((k) => [k, el[k]])),
    }));
    assert.deepEqual(state, { layers: 12, wiring: 'post', finalNorm: false });
  });

  test('works alone, from attributes, outside the article page', async () => {
    const { fig: stack } = await h.solo(
      '<nw-encoder-stack id="solo-stack" no-url-state layers="3" wiring="pre" final-norm="false" lang="ko"></nw-encoder-stack>',
    );
    assert.match(await readout(stack), /^Pre-LN · N = 3층 · 마지막 LayerNorm 끔/);
  });

  test('axe, phone width, Korean by default and English with ?lang=en, both themes; screenshots', async () => {
    await h.axeAndScreenshots(
      'encoder-stack',
      { ko: /N개 층 쌓기/, en: /Stacking N layers/ },
      async (fig, page, { width }) => {
        await parityResults(fig);
        // Nothing inside the figure is wider than the figure.
        assert.deepEqual(await partsPastTheEdge(fig), [], `encoder-stack fits ${width}px`);
      },
      { prefix: 'encoder-' },
    );
  });
});
