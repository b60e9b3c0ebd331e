// The LayerNorm figures of §9 and §15 in the article page: <nw-norm-axes>, <nw-batch-independence>,
// <nw-prepost-ln>, <nw-rmsnorm>. Each control redraws and changes the readout, the keyboard
// works, the numbers agree with what this test computes itself, the PyTorch parity badges pass,
// axe is clean, no sideways scroll at phone width, Korean by default and English with ?lang=en.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, serveDist, screenshot, collectErrors } from './harness.mjs';
import { openPage, ready, setSlider, pixels, readout, seriousViolations, hasSidewaysScroll, onPage, appendElements } from './figures.mjs';

const IDS = ['norm-axes', 'batch-independence', 'prepost-ln', 'rmsnorm'];

let browser, site;
before(async () => { site = await serveDist(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await site?.close(); });

/** The number after "label = " in text (readouts use the real minus sign U+2212). */
function number(text, label) {
  const esc = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = text.match(new RegExp(`${esc} = (−?\\d+\\.\\d+)`));
  assert.ok(m, `"${label} = …" in ${JSON.stringify(text)}`);
  return Number(m[1].replace('−', '-'));
}

/** Waits until every parity badge of the figure has finished, and returns their data-ok values. */
async function parityResults(fig) {
  await fig.evaluate((el) => new Promise((resolve) => {
    const done = () => [...el.shadowRoot.querySelectorAll('[data-parity]')].every((b) => b.hasAttribute('data-ok'));
    const poll = () => (done() ? resolve() : setTimeout(poll, 50));
    poll();
  }));
  return fig.evaluate((el) => [...el.shadowRoot.querySelectorAll('[data-parity]')].map((b) => `${b.dataset.parity}:${b.dataset.ok}`));
}


test('norm axes: mode, N, C and "new batch" each redraw and change the readout', async () => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#norm-axes');
    await ready(fig);
    let hash = await pixels(fig);
    let text = await readout(fig);
    assert.match(text, /^BatchNorm · column c1 \(6 samples\)/);
    assert.deepEqual(await parityResults(fig), ['batchNorm:true']);
    const step = async (what, act) => {
      await act();
      const nextHash = await pixels(fig);
      const nextText = await readout(fig);
      assert.notEqual(nextHash, hash, `${what} changes the drawing`);
      assert.notEqual(nextText, text, `${what} changes the readout`);
      hash = nextHash;
      text = nextText;
    };
    await step('N', () => setSlider(fig, 'rows', 7, 8));
    assert.equal(await fig.locator('td.cell').count(), 8 * 8);
    await step('mode', () => fig.locator('[data-control="mode"] button[data-value="ln"]').click());
    assert.equal(await fig.locator('[data-control="mode"] button[data-value="ln"]').getAttribute('aria-pressed'), 'true');
    assert.match(text, /^LayerNorm · row s1 \(8 features\)/);
    assert.deepEqual(await parityResults(fig), ['layerNorm:true']);
    await step('C', () => setSlider(fig, 'cols', 10, 12));
    assert.equal(await fig.locator('td.cell').count(), 8 * 12);
    await step('new batch', () => fig.locator('[data-control="new-batch"]').click());
    // The highlighted group is one row in LN mode, one column in BN mode.
    assert.equal(await fig.locator('td.cell[aria-selected="true"]').count(), 12);
    await fig.locator('[data-control="mode"] button[data-value="bn"]').click();
    assert.equal(await fig.locator('td.cell[aria-selected="true"]').count(), 8);
    await page.waitForFunction(() => /norm-axes\.seed=2/.test(location.hash) && /norm-axes\.cols=12/.test(location.hash));
  });
});

test('norm axes: arrow keys move through the grid; μ, σ² and x̂ match the test’s own row/column statistics', async () => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#norm-axes');
    await ready(fig);
    const values = async () => fig.evaluate((el) => {
      const out = {};
      for (const td of el.shadowRoot.querySelectorAll('td.cell')) out[`${td.dataset.r},${td.dataset.c}`] = Number(td.dataset.value);
      return out;
    });
    const check = async (mode, r, c) => {
      const text = await readout(fig);
      assert.ok(text.includes(`sample s${r + 1}, feature c${c + 1}`), text);
      const v = await values();
      const rows = await fig.evaluate((el) => el.rows);
      const cols = await fig.evaluate((el) => el.cols);
      const group = mode === 'ln' ? Array.from({ length: cols }, (_, k) => v[`${r},${k}`]) : Array.from({ length: rows }, (_, k) => v[`${k},${c}`]);
      const mean = group.reduce((s, x) => s + x, 0) / group.length;
      const variance = group.reduce((s, x) => s + (x - mean) ** 2, 0) / group.length;
      const xhat = (v[`${r},${c}`] - mean) / Math.sqrt(variance + 1e-5);
      assert.ok(Math.abs(number(text, 'μ') - mean) <= 6e-4, `${mode} μ ${number(text, 'μ')} vs ${mean}`);
      assert.ok(Math.abs(number(text, 'σ²') - variance) <= 6e-4, `${mode} σ² ${number(text, 'σ²')} vs ${variance}`);
      assert.ok(Math.abs(number(text, '√(σ² + ε)') - xhat) <= 6e-4, `${mode} x̂ vs ${xhat}`);
    };
    await fig.locator('td.cell.current').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await check('bn', 2, 1);
    assert.equal(await fig.evaluate((el) => el.shadowRoot.activeElement?.dataset.r + ',' + el.shadowRoot.activeElement?.dataset.c), '2,1', 'focus follows the cursor');
    await page.keyboard.press('End');
    await check('bn', 2, 7);
    await page.keyboard.press('ArrowRight');
    await check('bn', 2, 7);
    await fig.locator('[data-control="mode"] button[data-value="ln"]').click();
    await fig.locator('td.cell.current').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await check('ln', 1, 0);
    // Pointing at a cell highlights its group as well.
    const before = await pixels(fig);
    await fig.locator('td.cell[data-r="4"][data-c="5"]').hover();
    await check('ln', 4, 5);
    assert.notEqual(await pixels(fig), before);
  });
});

test('batch independence: LayerNorm |Δ| is exactly 0, BatchNorm |Δμ| matches the test’s column means', async () => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#batch-independence');
    await ready(fig);
    assert.deepEqual(await parityResults(fig), ['layerNorm:true', 'batchNorm:true']);
    const verify = async () => {
      const text = await readout(fig);
      const { b, lnDelta, bnDelta, batch } = await fig.evaluate((el) => {
        const r = el.shadowRoot.querySelector('[data-readout]');
        return { b: el.batch, lnDelta: r.dataset.lnDelta, bnDelta: r.dataset.bnDelta.split(',').map(Number), batch: el.shadowRoot.querySelector('[data-batch]').dataset.batch.split(',').map(Number) };
      });
      assert.equal(lnDelta, '0', 'sample 0’s μ is bit-for-bit the same');
      assert.match(text, /→ \|Δ\| = 0\.000/);
      const C = batch.length / b;
      const colMean = (rows, c) => { let s = 0; for (let n = 0; n < rows; n++) s += batch[n * C + c]; return s / rows; };
      for (let c = 0; c < C; c++) {
        const want = Math.abs(colMean(b, c) - colMean(b / 2, c));
        assert.ok(Math.abs(bnDelta[c] - want) < 1e-5, `channel ${c}: ${bnDelta[c]} vs ${want}`);
      }
      assert.ok(Math.max(...bnDelta) > 0, 'BatchNorm’s channel means move');
      const rowMean = batch.slice(0, C).reduce((s, x) => s + x, 0) / C;
      const shown = text.match(/μ of sample 0: (−?\d+\.\d+) from B = (\d+), (−?\d+\.\d+) from only the first B\/2 = (\d+)/);
      assert.ok(shown, text);
      assert.equal(Number(shown[2]), b);
      assert.equal(Number(shown[4]), b / 2);
      assert.equal(shown[1], shown[3], 'the same μ from B and from B/2');
      assert.ok(Math.abs(Number(shown[1].replace('−', '-')) - rowMean) <= 6e-4, `${text} vs ${rowMean}`);
      return text;
    };
    let text = await verify();
    let hash = await pixels(fig);
    for (const [what, act] of [
      ['B slider', () => setSlider(fig, 'batch', 12, 16)],
      ['regenerate', () => fig.locator('[data-control="regenerate"]').click()],
      ['B slider to 2', () => setSlider(fig, 'batch', 2)],
    ]) {
      await act();
      const nextText = await verify();
      const nextHash = await pixels(fig);
      assert.notEqual(nextHash, hash, `${what} changes the drawing`);
      assert.notEqual(nextText, text, `${what} changes the readout`);
      hash = nextHash;
      text = nextText;
    }
    // Keyboard: the slider moves in steps of 2.
    await fig.locator('input[data-control="batch"]').focus();
    await page.keyboard.press('ArrowRight');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.batch), 4);
    assert.match(await readout(fig), /B\/2 = 2 → \|Δ\| = 0\.000/);
    await verify();
    await fig.locator('[data-control="regenerate"]').focus();
    await page.keyboard.press('Enter');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.seed), 3);
    await page.waitForFunction(() => /batch-independence\.batch=4/.test(location.hash) && /batch-independence\.seed=3/.test(location.hash));
  });
});

test('pre/post LN: Post-LN stays at √64 every layer, Pre-LN grows; wiring and N redraw; encoders are freed', async (t) => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#prepost-ln');
    await ready(fig);
    const curves = () => fig.evaluate((el) => {
      const s = el.shadowRoot.querySelector('svg[data-post]');
      return { post: s.dataset.post.split(',').map(Number), pre: s.dataset.pre.split(',').map(Number) };
    });
    let hash = await pixels(fig);
    let text = await readout(fig);
    assert.match(text, /^Pre-LN selected · N = 12 layers/);
    await fig.locator('[data-control="wiring"] button[data-value="post"]').click();
    assert.notEqual(await pixels(fig), hash, 'the wiring switch redraws the diagram');
    assert.notEqual(await readout(fig), text);
    assert.match(await readout(fig), /^Post-LN selected/);
    assert.match(await fig.locator('.formula').textContent(), /y = LN\(x \+ Sublayer\(x\)\)/);
    hash = await pixels(fig);
    text = await readout(fig);
    // One full sweep first, so that the library's shared scratch block has reached its size.
    await page.waitForFunction(() => /\(measurement 1\)/.test(document.querySelector('#rmsnorm').shadowRoot.querySelector('[data-readout]').textContent), null, { timeout: 20_000 });
    await setSlider(fig, 'layers', 24, 12);
    const heapBefore = await fig.evaluate((el) => el.nw.memoryStats().heapUsed);
    await setSlider(fig, 'layers', 6, 18, 24);
    assert.notEqual(await pixels(fig), hash, 'N redraws the plot');
    assert.notEqual(await readout(fig), text);
    const { post, pre } = await curves();
    assert.equal(post.length, 25);
    // LN(x) with γ = 1, β = 0 has norm √(d · σ²/(σ² + ε)) ≈ √64 for every token.
    for (let l = 1; l <= 24; l++) assert.ok(Math.abs(post[l] - 8) < 1e-3, `Post-LN layer ${l}: ${post[l]}`);
    assert.ok(pre[24] > 1.5 * pre[0], `Pre-LN grows: ${pre[0]} → ${pre[24]}`);
    assert.ok(pre[12] > pre[0] && pre[24] > pre[12], 'and keeps growing');
    const last = await readout(fig);
    assert.match(last, /after the last layer \(24\): Post-LN 8\.000 \(√64 = 8\.000\)/);
    assert.ok(last.includes(`Pre-LN ${pre[24].toFixed(3)}`), last);
    // The layer-by-layer run equals the 24-layer encoder's own forward().
    assert.match(await fig.locator('p.caption').last().textContent(), /forward\(\): 0\./);
    // Every encoder made while dragging was disposed.
    await setSlider(fig, 'layers', 12);
    assert.equal(await fig.evaluate((el) => el.nw.memoryStats().heapUsed), heapBefore, 'no encoder left behind');
    // Keyboard.
    await fig.locator('input[data-control="layers"]').focus();
    await page.keyboard.press('ArrowRight');
    await fig.evaluate((el) => el.updateComplete);
    assert.match(await readout(fig), /N = 13 layers/);
    await fig.locator('[data-control="wiring"] button[data-value="pre"]').focus();
    await page.keyboard.press('Space');
    await fig.evaluate((el) => el.updateComplete);
    assert.match(await readout(fig), /^Pre-LN selected/);
    assert.deepEqual(await parityResults(fig), ['encoder:true']);
    t.diagnostic(`Post-LN norms (N=24): ${post.map((v) => v.toFixed(3)).join(' ')}`);
    t.diagnostic(`Pre-LN norms (N=24): ${pre.map((v) => v.toFixed(3)).join(' ')}`);
  });
});

test('rmsnorm: γ and shift redraw; mean(y) LN ≈ 0, RMS(x) = √mean(x²); the timing is measured on request', async (t) => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#rmsnorm');
    await ready(fig);
    await page.waitForFunction(() => /measurement 1\)/.test(document.querySelector('#rmsnorm').shadowRoot.querySelector('[data-readout]').textContent), null, { timeout: 20_000 });
    const verify = async () => {
      const text = await readout(fig);
      const x = (await fig.locator('[data-x]').getAttribute('data-x')).split(',').map(Number);
      const gamma = await fig.evaluate((el) => el.gamma);
      const meanX = x.reduce((s, v) => s + v, 0) / x.length;
      const rms = Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
      assert.ok(Math.abs(number(text, 'mean(x)') - meanX) <= 6e-4, `mean(x) in ${text}`);
      assert.ok(Math.abs(number(text, 'RMS(x)') - rms) <= 6e-4, `RMS(x) ${number(text, 'RMS(x)')} vs ${rms}`);
      assert.ok(Math.abs(number(text, 'LayerNorm mean(y)')) <= 5e-4, `LN mean(y) ≈ 0 in ${text}`);
      assert.ok(Math.abs(number(text, 'RMSNorm mean(y)') - (gamma * meanX) / rms) <= 6e-4, `RMS mean(y) in ${text}`);
      return text;
    };
    let text = await verify();
    let hash = await pixels(fig);
    for (const [what, act] of [
      ['γ', () => setSlider(fig, 'gamma', 1.5, 0.55)],
      ['shift', () => setSlider(fig, 'shift', 1, 2)],
    ]) {
      await act();
      const nextText = await verify();
      const nextHash = await pixels(fig);
      assert.notEqual(nextHash, hash, `${what} changes the drawing`);
      assert.notEqual(nextText, text, `${what} changes the readout`);
      hash = nextHash;
      text = nextText;
    }
    assert.ok(number(text, 'RMSNorm mean(y)') > 0.3, 'RMSNorm keeps the mean of a shifted input');
    // Keyboard: γ slider, then the measure button.
    await fig.locator('input[data-control="gamma"]').focus();
    await page.keyboard.press('ArrowLeft');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.gamma), 0.5);
    await verify();
    await fig.locator('[data-control="measure"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /measurement 2\)/.test(document.querySelector('#rmsnorm').shadowRoot.querySelector('[data-readout]').textContent), null, { timeout: 20_000 });
    const final = await readout(fig);
    const ratio = Number(await fig.locator('[data-readout]').getAttribute('data-ratio'));
    assert.ok(Number.isFinite(ratio) && ratio > 0, `ratio ${ratio}`);
    const m = final.match(/LayerNorm (\d+\.\d+) ms · RMSNorm (\d+\.\d+) ms → RMSNorm\/LayerNorm = (\d+\.\d+)\n.*: (\d+\.\d+) ms \(measurement 2\)$/);
    assert.ok(m, final);
    const [ln, rms, shown, copy] = m.slice(1).map(Number);
    assert.ok(ln > 0 && rms > 0 && copy > 0, final);
    assert.equal(shown, Number(ratio.toFixed(2)), 'the ratio shown is the ratio measured');
    assert.deepEqual(await parityResults(fig), ['rmsNorm:true', 'layerNorm:true']);
    t.diagnostic(`timing: ${final.split('\n').slice(-2).join(' | ')}`);
  });
});

test('URL hash restores every figure’s state, garbage clamped', async () => {
  const hash = '#norm-axes.mode=ln&norm-axes.rows=99&norm-axes.cols=abc&batch-independence.batch=7&batch-independence.seed=-4'
    + '&prepost-ln.layers=1e9&prepost-ln.wiring=<b>&rmsnorm.gamma=5&rmsnorm.shift=-0.33';
  await onPage(browser, site, { hash }, async (page) => {
    const state = {};
    for (const id of IDS) {
      const fig = page.locator(`#${id}`);
      await ready(fig);
      state[id] = await fig.evaluate((el) => ({ mode: el.mode, rows: el.rows, cols: el.cols, batch: el.batch, seed: el.seed, layers: el.layers, wiring: el.wiring, gamma: el.gamma, shift: el.shift }));
    }
    assert.deepEqual([state['norm-axes'].mode, state['norm-axes'].rows, state['norm-axes'].cols], ['ln', 8, 8]);
    assert.deepEqual([state['batch-independence'].batch, state['batch-independence'].seed], [8, 1]);
    assert.deepEqual([state['prepost-ln'].layers, state['prepost-ln'].wiring], [24, 'pre']);
    assert.deepEqual([state.rmsnorm.gamma, state.rmsnorm.shift], [2, -0.3]);
  });
});

test('each figure works alone, from attributes, outside the article page', async () => {
  const page = await browser.newPage();
  const log = collectErrors(page);
  try {
    await page.goto(`${site.url}/embed-example.html`);
    await appendElements(page, `
        <nw-norm-axes id="solo-axes" no-url-state mode="ln" rows="5" cols="7" seed="9" lang="en"></nw-norm-axes>
        <nw-batch-independence id="solo-batch" no-url-state batch="10" features="5" lang="en"></nw-batch-independence>
        <nw-prepost-ln id="solo-prepost" no-url-state layers="3" wiring="post" lang="en" theme="dark"></nw-prepost-ln>
        <nw-rmsnorm id="solo-rms" no-url-state gamma="0.5" values="1,2,3,4,5,6,7,8" lang="ko"></nw-rmsnorm>`);
    const axes = page.locator('#solo-axes');
    await ready(axes);
    assert.equal(await axes.locator('td.cell').count(), 35);
    assert.match(await readout(axes), /^LayerNorm · row s1 \(7 features\)/);
    const batch = page.locator('#solo-batch');
    await ready(batch);
    assert.match(await readout(batch), /B = 10, .* B\/2 = 5 → \|Δ\| = 0\.000/);
    const prepost = page.locator('#solo-prepost');
    await ready(prepost);
    assert.match(await readout(prepost), /^Post-LN selected · N = 3 layers/);
    const rms = page.locator('#solo-rms');
    await ready(rms);
    const text = await readout(rms);
    assert.match(text, /γ = 0\.50 · mean\(x\) = 4\.500 · RMS\(x\) = 5\.050/);
    assert.match(text, /레이어 정규화 mean\(y\) = 0\.000/);
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual(log.consoleErrors, []);
  } finally {
    await page.close();
  }
});

test('axe, phone width, Korean by default and English with ?lang=en, both themes; screenshots', async () => {
  const titles = { ko: /배치 정규화 대 레이어 정규화/, en: /BatchNorm versus LayerNorm/ };
  for (const [lang, colorScheme, width] of [['ko', 'light', 1100], ['en', 'dark', 390]]) {
    const { page, log } = await openPage(browser, site, { lang: lang === 'ko' ? undefined : lang, colorScheme, width, height: 844 });
    for (const id of IDS) {
      const fig = page.locator(`#${id}`);
      await ready(fig);
      await parityResults(fig);
      assert.deepEqual(await seriousViolations(page, `#${id}`), [], `${id} ${lang} ${colorScheme}`);
      await fig.scrollIntoViewIfNeeded();
      if (id === 'rmsnorm') await page.waitForFunction(() => document.querySelector('#rmsnorm').shadowRoot.querySelector('[data-readout]').dataset.ratio);
      const clip = await fig.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: Math.max(0, r.x + scrollX - 4), y: r.y + scrollY - 4, width: r.width + 8, height: r.height + 8 };
      });
      await screenshot(page, `ln-b-${id}-${lang}-${colorScheme}-${width}.png`, { clip });
    }
    assert.match(await page.locator('#norm-axes .title').textContent(), titles[lang]);
    assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px`);
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual(log.consoleErrors, []);
    await page.close();
  }
});
