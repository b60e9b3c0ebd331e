// The encoder figures of §11, §13 and §14 in the article page: <nw-encoder-block>, <nw-ffn>,
// <nw-encoder-stack>. Each control redraws and changes the readout, the keyboard works, the
// numbers agree with what this test computes itself (parameter formulas, ReLU/GELU from erf,
// an FFN in float64, the encoder's own forward()), encoders are freed, the PyTorch parity badge
// passes, axe is clean, no sideways scroll at 390 px, Korean by default and English with ?lang=en.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, serveDist, screenshot, collectErrors } from './harness.mjs';
import { openPage, ready, setSlider, pixels, readout, seriousViolations, hasSidewaysScroll, onPage, appendElements } from './figures.mjs';

const IDS = ['encoder-block', 'ffn', 'encoder-stack'];

let browser, site;
before(async () => { site = await serveDist(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await site?.close(); });


/** The number after "label = " in text (readouts use the real minus sign U+2212). */
function number(text, label) {
  const esc = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = text.match(new RegExp(`${esc} = (−?\\d+(?:\\.\\d+)?)`));
  assert.ok(m, `"${label} = …" in ${JSON.stringify(text)}`);
  return Number(m[1].replace('−', '-'));
}

/** Runs act and checks that it changed both the drawing and the readout. */
async function changes(fig, what, act) {
  const hash = await pixels(fig);
  const text = await readout(fig);
  await act();
  await fig.evaluate((el) => el.updateComplete);
  assert.notEqual(await pixels(fig), hash, `${what} changes the drawing`);
  assert.notEqual(await readout(fig), text, `${what} changes the readout`);
}

/** erf by composite Simpson's rule on 2/√π·e^(−t²) in float64 (error far below 1e-10 on [−4, 4]). */
function erf(x) {
  const n = 4000;
  const h = x / n;
  let s = 1 + Math.exp(-x * x);
  for (let k = 1; k < n; k++) s += (k % 2 ? 4 : 2) * Math.exp(-((k * h) ** 2));
  return (2 / Math.sqrt(Math.PI)) * (h / 3) * s;
}
const gelu = (x) => 0.5 * x * (1 + erf(x / Math.SQRT2));
const relu = (x) => Math.max(0, x);

/** The parameter counts of one encoder layer, from the formulas. */
function formulas(d, dff) {
  return { attn: 4 * d * d + 4 * d, ffn: 2 * d * dff + dff + d, norm: 2 * d, total: 4 * d * d + 9 * d + 2 * d * dff + dff };
}

test('encoder block: every control redraws; shapes and parameter counts follow the configuration and the formulas', async () => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#encoder-block');
    await ready(fig);
    const counts = () => fig.locator('[data-readout]').evaluate((r) => ({
      attn: +r.dataset.attn, ffn: +r.dataset.ffn, norm1: +r.dataset.norm1, norm2: +r.dataset.norm2, total: +r.dataset.total,
    }));
    const check = async () => {
      const { seq, dModel: d, heads, dFF } = await fig.evaluate((el) => ({ seq: el.seq, dModel: el.dModel, heads: el.heads, dFF: el.dFF }));
      const want = formulas(d, dFF);
      const got = await counts();
      assert.deepEqual(got, { attn: want.attn, ffn: want.ffn, norm1: want.norm, norm2: want.norm, total: want.total }, `d ${d}, d_ff ${dFF}`);
      const text = await readout(fig);
      const c = (n) => n.toLocaleString('en-US');
      assert.ok(text.includes(`attention ${c(want.attn)} + FFN ${c(want.ffn)} + LayerNorm 2 × ${c(want.norm)} = ${c(want.total)}`), text);
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
    await page.waitForFunction(() => /encoder-block\.heads=16/.test(location.hash) && /encoder-block\.wiring=post/.test(location.hash));
  });
});

test('encoder block: the encoders built for the counts are freed', async () => {
  await onPage(browser, site, {}, async (page) => {
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
});

test('ffn: ReLU and GELU from the library agree with max(0, x) and x·Φ(x) computed from erf', async (t) => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#ffn');
    await ready(fig);
    const curve = await fig.evaluate((el) => {
      const s = el.shadowRoot.querySelector('svg[data-gelu]');
      return { x: s.dataset.x.split(',').map(Number), relu: s.dataset.relu.split(',').map(Number), gelu: s.dataset.gelu.split(',').map(Number) };
    });
    assert.equal(curve.x.length, 161);
    assert.equal(curve.x[0], -4);
    assert.ok(Math.abs(curve.x[160] - 4) < 1e-12);
    let worst = 0;
    curve.x.forEach((x, k) => {
      const xf = Math.fround(x);
      assert.equal(curve.relu[k], relu(xf), `ReLU(${x})`);
      worst = Math.max(worst, Math.abs(curve.gelu[k] - gelu(xf)));
    });
    assert.ok(worst < 2e-6, `GELU curve max error ${worst}`);
    t.diagnostic(`GELU curve: max |library − erf reference| = ${worst.toExponential(2)} over 161 points`);
    const minimum = Math.min(...curve.gelu);
    assert.ok(minimum < -0.169 && minimum > -0.171, `GELU dips to about −0.17 (${minimum})`);
    for (const x of [-3, -0.7, 0, 0.3, 1, 2.5]) {
      await setSlider(fig, 'x', x);
      const r = await fig.locator('[data-readout]').evaluate((el) => ({ relu: +el.dataset.relu, gelu: +el.dataset.gelu }));
      assert.equal(r.relu, relu(Math.fround(x)), `ReLU(${x})`);
      assert.ok(Math.abs(r.gelu - gelu(Math.fround(x))) < 1e-6, `GELU(${x}) = ${r.gelu}, want ${gelu(x)}`);
      const text = await readout(fig);
      assert.equal(number(text, 'GELU'), Number(gelu(x).toFixed(3)), text);
      assert.equal(number(text, 'ReLU'), Number(relu(x).toFixed(3)), text);
    }
  });
});

test('ffn: nudging a token changes only its own output row; others are exactly 0; a whole layer changes every row', async () => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#ffn');
    await ready(fig);
    const state = () => fig.evaluate((el) => {
      const r = el.shadowRoot.querySelector('[data-readout]').dataset;
      const s = el.shadowRoot.querySelector('svg[data-row-max]').dataset;
      return { token: el.token, nudge: el.nudge, self: +r.self, rest: r.rest, layerRest: +r.layerRest,
        rows: s.rowMax.split(',').map(Number), layer: s.layerMax.split(',').map(Number) };
    });
    /** The chosen row's FFN output in float64 from the element's own weights, vs the library's |Δ|. */
    const reference = () => fig.evaluate((el) => {
      const { d, dff, l1, l2, input, direction, base } = el.network;
      const act = el.activation === 'gelu'
        ? (v) => { const z = v / Math.SQRT2; const tt = 1 / (1 + 0.3275911 * Math.abs(z));
          const e = 1 - (((((1.061405429 * tt - 1.453152027) * tt) + 1.421413741) * tt - 0.284496736) * tt + 0.254829592) * tt * Math.exp(-z * z);
          return 0.5 * v * (1 + Math.sign(z) * e); }
        : (v) => Math.max(0, v);
      const x = Array.from({ length: d }, (_, k) => input[el.token * d + k] + el.nudge * direction[k]);
      const hidden = Array.from({ length: dff }, (_, j) => act(l1.bias[j] + x.reduce((s, v, k) => s + v * l1.weight[j * d + k], 0)));
      const y = Array.from({ length: d }, (_, i) => l2.bias[i] + hidden.reduce((s, v, j) => s + v * l2.weight[i * dff + j], 0));
      return Math.max(...y.map((v, i) => Math.abs(v - base[el.token * d + i])));
    });
    const verify = async (why) => {
      const s = await state();
      assert.equal(s.rest, '0', `${why}: the other tokens' |Δ| is exactly 0`);
      s.rows.forEach((v, t) => {
        if (t === s.token) assert.ok(v > 0 || s.nudge === 0, `${why}: the nudged row changes`);
        else assert.equal(v, 0, `${why}: row ${t} is bitwise unchanged`);
      });
      assert.equal(s.self, s.rows[s.token]);
      // GELU in the reference uses a 1.5e-7 approximation of erf: a looser tolerance there.
      assert.ok(Math.abs((await reference()) - s.self) < 2e-4, `${why}: |Δ| of the nudged row vs a float64 FFN`);
      if (s.nudge !== 0) assert.ok(s.layerRest > 1e-3, `${why}: a whole encoder layer moves the other rows too (${s.layerRest})`);
      const text = await readout(fig);
      assert.match(text, /the other 5 tokens: max \|Δ\| = 0\n/);
      return s;
    };
    await verify('default');
    assert.match(await readout(fig), /token 2 “player” nudged by δ = 1\.0/);
    await changes(fig, 'token', () => fig.locator('[data-control="token"] button[data-value="4"]').click());
    assert.equal(await fig.locator('[data-control="token"] button[data-value="4"]').getAttribute('aria-pressed'), 'true');
    await verify('token 4');
    await changes(fig, 'nudge', () => setSlider(fig, 'nudge', 0.5, -1.2, -2.5));
    await verify('nudge −2.5');
    await changes(fig, 'd_model', () => setSlider(fig, 'd-model', 24, 64));
    await verify('d_model 64');
    assert.match(await fig.locator('.formula').textContent(), /d_ff = 4 × d_model = 4 × 64 = 256 · FFN parameters 33,088/);
    await changes(fig, 'ratio', () => setSlider(fig, 'ratio', 2, 8));
    await verify('ratio 8');
    await changes(fig, 'activation', () => fig.locator('[data-control="activation"] button[data-value="gelu"]').click());
    await verify('GELU');
    await changes(fig, 'x', () => setSlider(fig, 'x', -1.5));
    // Keyboard: a token button, then the nudge slider.
    await fig.locator('[data-control="token"] button[data-value="0"]').focus();
    await page.keyboard.press('Enter');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.token), 0);
    await fig.locator('input[data-control="nudge"]').focus();
    await page.keyboard.press('ArrowRight');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.nudge), -2.4);
    await verify('keyboard');
    // Nudge 0: nothing changes anywhere.
    await setSlider(fig, 'nudge', 0);
    const zero = await state();
    assert.deepEqual(zero.rows, [0, 0, 0, 0, 0, 0]);
    assert.deepEqual(zero.layer, [0, 0, 0, 0, 0, 0]);
    await page.waitForFunction(() => /ffn\.activation=gelu/.test(location.hash) && /ffn\.token=0/.test(location.hash));
  });
});

test('ffn: the comparison encoder is replaced, not leaked, when the sizes change', async () => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#ffn');
    await ready(fig);
    const heap = () => fig.evaluate((el) => el.nw.memoryStats().heapUsed);
    // The largest sizes first, so that the library's shared scratch block has reached its size.
    await setSlider(fig, 'd-model', 128);
    await setSlider(fig, 'ratio', 8);
    await setSlider(fig, 'd-model', 16);
    await setSlider(fig, 'ratio', 4);
    const start = await heap();
    await setSlider(fig, 'd-model', 32, 128, 64, 16);
    await setSlider(fig, 'ratio', 8, 4);
    assert.equal(await heap(), start);
  });
});

/** Statistics of a TOKENS × 64 output, in float64, as the stack figure defines them. */
function stackStats(h, tokens = 8, d = 64) {
  const rows = Array.from({ length: tokens }, (_, t) => Array.from(h.slice(t * d, (t + 1) * d)));
  const mean = rows.map((r) => r.reduce((s, v) => s + v, 0) / d);
  const std = rows.map((r, t) => Math.sqrt(r.reduce((s, v) => s + (v - mean[t]) ** 2, 0) / d));
  const norm = rows.map((r) => Math.sqrt(r.reduce((s, v) => s + v * v, 0)));
  let cos = 0, pairs = 0;
  for (let a = 0; a < tokens; a++) {
    for (let b = a + 1; b < tokens; b++) {
      cos += rows[a].reduce((s, v, k) => s + v * rows[b][k], 0) / (norm[a] * norm[b]);
      pairs++;
    }
  }
  const avg = (xs) => xs.reduce((s, v) => s + v, 0) / xs.length;
  return { mean: avg(mean), std: avg(std), norm: avg(norm), cos: cos / pairs };
}

test('encoder stack: the readout matches the stack’s own forward(); Post-LN keeps ‖h‖ = √d, Pre-LN grows until the final LayerNorm', async (t) => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#encoder-stack');
    await ready(fig);
    const values = (metric) => fig.locator(`svg[data-metric="${metric}"]`).evaluate((s) => s.dataset.values.split(',').map(Number));
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
      const line = lines.find((l) => l.startsWith('after the final')) ?? lines.find((l) => l.startsWith('after the last layer'));
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
    await changes(fig, 'final LayerNorm', () => fig.locator('[data-control="final-norm"] button[data-value="false"]').click());
    text = (await verify()).text;
    assert.match(text, /final LayerNorm off\nafter the last layer \(6\): ‖h‖ = 8\.000 \(√64 = 8\.000\) · σ = 1\.000 · μ = 0\.000/);
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
    assert.ok(pre[12] > pre[6] && pre[6] > pre[1] && pre[12] > 1.2 * pre[0], `Pre-LN grows: ${pre.map((v) => v.toFixed(2))}`);
    t.diagnostic(`Pre-LN ‖h‖ by layer: ${pre.map((v) => v.toFixed(3)).join(' ')}`);
    await changes(fig, 'final LayerNorm', () => fig.locator('[data-control="final-norm"] button[data-value="true"]').click());
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
    await fig.evaluate((el) => new Promise((resolve) => {
      const poll = () => (el.shadowRoot.querySelector('[data-parity]')?.hasAttribute('data-ok') ? resolve() : setTimeout(poll, 50));
      poll();
    }));
    assert.equal(await fig.locator('[data-parity="encoder"]').getAttribute('data-ok'), 'true');
    await page.waitForFunction(() => /encoder-stack\.layers=11/.test(location.hash) && /encoder-stack\.finalNorm=1/.test(location.hash));
  });
});

test('encoder stack: every encoder of a layer-by-layer run is freed', async () => {
  await onPage(browser, site, {}, async (page) => {
    const fig = page.locator('#encoder-stack');
    await ready(fig);
    // One full sweep first, so that the library's shared scratch block has reached its size.
    await setSlider(fig, 'layers', 12, 1);
    const heap = () => fig.evaluate((el) => el.nw.memoryStats().heapUsed);
    const start = await heap();
    await setSlider(fig, 'layers', 3, 7, 12, 2);
    await fig.locator('[data-control="wiring"] button[data-value="pre"]').click();
    await fig.locator('[data-control="final-norm"] button[data-value="false"]').click();
    assert.equal(await heap(), start, 'no encoder left behind');
  });
});

test('URL hash restores every figure’s state, garbage clamped', async () => {
  const hash = '#encoder-block.seq=999&encoder-block.dModel=100&encoder-block.heads=7&encoder-block.dFF=abc&encoder-block.wiring=pre'
    + '&ffn.dModel=40&ffn.ratio=99&ffn.activation=tanh&ffn.token=-3&ffn.nudge=2.04&ffn.x=-9'
    + '&encoder-stack.layers=1e9&encoder-stack.wiring=<b>&encoder-stack.finalNorm=0';
  await onPage(browser, site, { hash }, async (page) => {
    const state = {};
    for (const id of IDS) {
      const fig = page.locator(`#${id}`);
      await ready(fig);
      state[id] = await fig.evaluate((el) => ({ ...Object.fromEntries(Object.keys(el.constructor.urlState).map((k) => [k, el[k]])) }));
    }
    // d_model 100 → 96, whose largest divisor ≤ 7 is 6; d_ff not a number → 4 · d_model.
    assert.deepEqual(state['encoder-block'], { seq: 128, dModel: 96, heads: 6, dFF: 384, wiring: 'pre' });
    assert.deepEqual(state.ffn, { dModel: 40, ratio: 8, activation: 'relu', token: 0, nudge: 2, x: -4 });
    assert.deepEqual(state['encoder-stack'], { layers: 12, wiring: 'post', finalNorm: false });
  });
});

test('each figure works alone, from attributes, outside the article page', async () => {
  const page = await browser.newPage();
  const log = collectErrors(page);
  try {
    await page.goto(`${site.url}/embed-example.html`);
    await appendElements(page, `
        <nw-encoder-block id="solo-block" no-url-state seq="5" d-model="64" heads="4" d-ff="128" wiring="pre" lang="en"></nw-encoder-block>
        <nw-ffn id="solo-ffn" no-url-state d-model="8" ratio="2" activation="gelu" token="5" nudge="-1" x="-0.5" lang="en" theme="dark"></nw-ffn>
        <nw-encoder-stack id="solo-stack" no-url-state layers="3" wiring="pre" final-norm="false" lang="ko"></nw-encoder-stack>`);
    const block = page.locator('#solo-block');
    await ready(block);
    const f = formulas(64, 128);
    assert.match(await readout(block), new RegExp(`^Pre-LN · seq 5 · d_model 64 · 4 heads \\(d_k = 16\\) · d_ff 128 \\(2 × d_model\\)\nparameters: .* = ${f.total.toLocaleString('en-US')}`));
    const ffn = page.locator('#solo-ffn');
    await ready(ffn);
    const text = await readout(ffn);
    assert.match(text, /^x = −0\.5: ReLU = 0\.000 · GELU = −0\.154/);
    assert.match(text, /d_ff = 2 × 8 = 16 · FFN parameters 280 \(GELU\)/);
    assert.match(text, /token 6 “medal” nudged by δ = −1\.0: .* the other 5 tokens: max \|Δ\| = 0\n/);
    assert.equal(await ffn.getAttribute('data-resolved-theme'), 'dark');
    const stack = page.locator('#solo-stack');
    await ready(stack);
    assert.match(await readout(stack), /^Pre-LN · N = 3층 · 마지막 LayerNorm 끔/);
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual(log.consoleErrors, []);
  } finally {
    await page.close();
  }
});

test('axe, phone width, Korean by default and English with ?lang=en, both themes; screenshots', async () => {
  const titles = {
    ko: { 'encoder-block': /인코더 블록 한 개/, ffn: /피드포워드 네트워크/, 'encoder-stack': /N개 층 쌓기/ },
    en: { 'encoder-block': /One encoder block/, ffn: /The feed-forward network/, 'encoder-stack': /Stacking N layers/ },
  };
  for (const [lang, colorScheme, width] of [['ko', 'light', 1100], ['en', 'dark', 390]]) {
    const { page, log } = await openPage(browser, site, { lang: lang === 'ko' ? undefined : lang, colorScheme, width, height: 844 });
    for (const id of IDS) {
      const fig = page.locator(`#${id}`);
      await ready(fig);
      assert.match(await fig.locator('.title').textContent(), titles[lang][id], `${id} in ${lang}`);
      if (id === 'encoder-stack') {
        await fig.evaluate((el) => new Promise((resolve) => {
          const poll = () => (el.shadowRoot.querySelector('[data-parity]')?.hasAttribute('data-ok') ? resolve() : setTimeout(poll, 50));
          poll();
        }));
      }
      assert.deepEqual(await seriousViolations(page, `#${id}`), [], `${id} ${lang} ${colorScheme}`);
      await fig.scrollIntoViewIfNeeded();
      const clip = await fig.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { x: Math.max(0, r.x + scrollX - 4), y: r.y + scrollY - 4, width: r.width + 8, height: r.height + 8 };
      });
      await screenshot(page, `encoder-${id}-${lang}-${colorScheme}-${width}.png`, { clip });
    }
    assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px (${lang})`);
    // Nothing inside the figures is wider than the figure.
    for (const id of IDS) {
      const overflow = await page.locator(`#${id}`).evaluate((el) => {
        const box = el.getBoundingClientRect();
        return [...el.shadowRoot.querySelectorAll('svg, .controls, .readout, table')]
          .filter((n) => n.getBoundingClientRect().right > box.right + 1).map((n) => n.tagName);
      });
      assert.deepEqual(overflow, [], `${id} fits ${width}px`);
    }
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual(log.consoleErrors, []);
    await page.close();
  }
});
