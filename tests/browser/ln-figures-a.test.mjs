// The LayerNorm figures <nw-depth-demo>, <nw-ln-steps>, <nw-ln-simulator> and <nw-ln-pipeline> in
// the article page: every control redraws and rewrites the readout (pointer and keyboard), the
// numbers agree with an independent float64 computation here, the PyTorch parity badge is ok,
// URL state, embedding outside the page, axe, phone width, both languages and themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, serveDist, screenshot, collectErrors } from './harness.mjs';
import { openPage, ready, setSlider, pixels, readout, seriousViolations, hasSidewaysScroll, appendElements } from './figures.mjs';

let browser, site;
before(async () => { site = await serveDist(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await site?.close(); });

const EPS = 1e-5;

/** "5.65×10¹⁶", "−0.300" or "1.000" (readout formats) as a number. */
function parseNumber(s) {
  const sup = { '⁻': '-', '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9' };
  const m = s.match(/^(−?[\d.]+)×10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/);
  if (m) return Number(m[1].replace('−', '-')) * 10 ** Number([...m[2]].map((c) => sup[c]).join(''));
  return Number(s.replace('−', '-'));
}

/** The readouts' fixed-point format (real minus sign, no "−0.000"). */
function fmt(v, digits = 3) {
  let s = v.toFixed(digits);
  if (/^-0\.?0*$/.test(s)) s = s.slice(1);
  return s.replace('-', '−');
}

function meanVar(v) {
  const m = v.reduce((a, b) => a + b, 0) / v.length;
  return { mean: m, variance: v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length };
}

const near = (a, b, tol, what) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b} (tolerance ${tol})`);
const relNear = (a, b, tol, what) => assert.ok(Math.abs(a - b) <= tol * Math.abs(b), `${what}: ${a} vs ${b} (relative ${tol})`);

/** Whether every range input of the element shows its property's value (thumb in the right place). */
async function slidersInPlace(fig, props) {
  const got = await fig.evaluate((el, ps) => Object.entries(ps).map(([id, p]) => [id, Number(el.shadowRoot.querySelector(`input[data-control="${id}"]`).value), el[p]]), props);
  for (const [id, shown, value] of got) assert.equal(shown, value, `slider ${id} shows ${shown}, the element holds ${value}`);
}

/** Presses key on the control and waits for the element to re-render. */
async function press(page, fig, selector, key) {
  await fig.locator(selector).focus();
  await page.keyboard.press(key);
  await fig.evaluate((el) => el.updateComplete);
}

// ── <nw-depth-demo> ──

/** Numbers of the depth demo's readout (English). */
async function depthReadout(fig) {
  const text = await readout(fig);
  const plain = text.match(/no normalization: (\S+) \((\S+)× the input\)/);
  const normed = text.match(/with LayerNorm: (\S+)/);
  assert.ok(plain && normed, text);
  return { text, plain: parseNumber(plain[1]), ratio: parseNumber(plain[2]), normed: parseNumber(normed[1]) };
}

test('depth demo: every control redraws the chart and rewrites the readout', async () => {
  const { page, log } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#depth-demo');
  await ready(fig);
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
  assert.match(text, /shrank/);
  await fig.locator('[data-control="activation"] button[data-value="relu"]').click();
  await changes('activation');
  assert.equal(await fig.locator('[data-control="activation"] button[data-value="relu"]').getAttribute('aria-pressed'), 'true');
  await fig.locator('[data-control="new-weights"]').click();
  await changes('new weights');
  assert.equal(await fig.evaluate((el) => el.seed), 2);
  await fig.locator('[data-parity="layerNorm"][data-ok="true"]').waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => /depth-demo\.seed=2/.test(location.hash) && /depth-demo\.activation=relu/.test(location.hash));
  assert.deepEqual(log.pageErrors, []);
  assert.deepEqual(log.consoleErrors, []);
  await page.close();
});

test('depth demo: σ per layer matches an independent float64 run; LN holds it near 1, without LN it explodes or vanishes', async (t) => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#depth-demo');
  await ready(fig);
  for (const activation of ['none', 'relu']) {
    for (const scale of [0.5, 0.6, 1, 1.5, 2]) {
      await fig.evaluate((el, [a, s]) => { el.activation = a; el.scale = s; el.depth = 96; }, [activation, scale]);
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
          const layer = (x) => Array.from({ length: w }, (_, o) => {
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
      t.diagnostic(`${what}: σ₉₆ without LN ${r.plain.toExponential(2)} (${r.ratio.toExponential(2)}× σ₀), with LN ${r.normed}`);
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
  await page.close();
});

test('depth demo: keyboard operates the sliders, the switch and the button', async () => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#depth-demo');
  await ready(fig);
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
  await page.close();
});

// ── <nw-ln-steps> ──

test('ln steps: every control redraws the strips and rewrites the readout', async () => {
  const { page, log } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#ln-steps');
  await ready(fig);
  let drawn = await pixels(fig);
  let text = await readout(fig);
  for (const [id, values] of [['h', [32, 100]], ['mean', [-1, 4]], ['std', [0.5, 3]], ['gamma', [-2, 2.5]], ['beta', [-1.5, 1]]]) {
    await setSlider(fig, id, ...values);
    const now = await pixels(fig);
    assert.notEqual(now, drawn, `${id} changes the drawing`);
    assert.notEqual(await readout(fig), text, `${id} changes the readout`);
    drawn = now;
    text = await readout(fig);
  }
  assert.equal(await fig.locator('svg circle.dot').count(), 4 * 100, 'one dot per feature and stage');
  await fig.locator('[data-control="new-vector"]').click();
  assert.notEqual(await pixels(fig), drawn, 'a new vector changes the drawing');
  assert.notEqual(await readout(fig), text);
  await fig.locator('[data-parity="layerNorm"][data-ok="true"]').waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => /ln-steps\.gamma=2\.5/.test(location.hash) && /ln-steps\.seed=2/.test(location.hash));
  assert.deepEqual(log.pageErrors, []);
  assert.deepEqual(log.consoleErrors, []);
  await page.close();
});

test('ln steps: the four stages agree with an independent computation', async () => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#ln-steps');
  await ready(fig);
  for (const [gamma, beta] of [[1.5, 0.5], [-2, -1], [0.3, 2.4]]) {
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
    stages.forEach((s, k) => assert.ok(lines[k].endsWith(`μ = ${fmt(s.mean)} · σ = ${fmt(Math.sqrt(s.variance))}`), `${lines[k]} vs ${fmt(s.mean)}, ${fmt(Math.sqrt(s.variance))}`));
    assert.ok(lines[3].endsWith(`μ = ${fmt(beta)} · σ = ${fmt(Math.abs(gamma) * Math.sqrt(variance / (variance + EPS)))}`), lines[3]);
    assert.match(text, new RegExp(`μ = ${fmt(mean).replace('.', '\\.')}, σ² = ${fmt(variance).replace('.', '\\.')}`));
  }
  await page.close();
});

test('ln steps: keyboard operates the sliders and the button', async () => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#ln-steps');
  await ready(fig);
  await slidersInPlace(fig, { h: 'h', mean: 'mean', std: 'std', gamma: 'gamma', beta: 'beta' });
  for (const [id, prop, key, want] of [['h', 'h', 'ArrowRight', 17], ['mean', 'mean', 'ArrowLeft', 2.4], ['std', 'std', 'ArrowRight', 2.1],
    ['gamma', 'gamma', 'ArrowLeft', 1.4], ['beta', 'beta', 'ArrowUp', 0.6]]) {
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
  await page.close();
});

// ── <nw-ln-simulator> ──

/** Before/after numbers of the simulator's readout (English). */
async function simReadout(fig) {
  const text = await readout(fig);
  const b = text.match(/before \(H = (\d+)\): μ = (\S+), σ = (\S+) —/);
  const a = text.match(/after: μ = (\S+), σ = (\S+) —/);
  assert.ok(a && b, text);
  return { text, h: Number(b[1]), before: { mean: parseNumber(b[2]), std: parseNumber(b[3]) }, after: { mean: parseNumber(a[1]), std: parseNumber(a[2]) } };
}

test('ln simulator: every control redraws both histograms and rewrites the readout', async () => {
  const { page, log } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#ln-simulator');
  await ready(fig);
  let drawn = await pixels(fig);
  let text = await readout(fig);
  for (const [id, values] of [['mean', [1, -3]], ['std', [0.5, 4]], ['gamma', [2, -1.5]], ['beta', [1, -2]], ['h', [256, 4096]]]) {
    await setSlider(fig, id, ...values);
    const now = await pixels(fig);
    assert.notEqual(now, drawn, `${id} changes the drawing`);
    assert.notEqual(await readout(fig), text, `${id} changes the readout`);
    drawn = now;
    text = await readout(fig);
  }
  await fig.locator('[data-control="new-sample"]').click();
  assert.notEqual(await pixels(fig), drawn, 'a new sample changes the drawing');
  assert.notEqual(await readout(fig), text);
  await fig.locator('[data-parity="layerNorm"][data-ok="true"]').waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => /ln-simulator\.h=4096/.test(location.hash) && /ln-simulator\.gamma=-1\.5/.test(location.hash));
  assert.deepEqual(log.pageErrors, []);
  assert.deepEqual(log.consoleErrors, []);
  await page.close();
});

test('ln simulator: after LN the mean is β and the std |γ|; before matches the sample; fast at H = 4096', async (t) => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#ln-simulator');
  await ready(fig);
  for (const [mean, std, gamma, beta, h] of [[2.5, 2, 1, 0, 1024], [-4, 0.3, -2, 1.5, 4096], [5, 5, 3, -3, 8], [0, 0.1, 0.5, 2, 4096]]) {
    await setSlider(fig, 'h', h);
    await setSlider(fig, 'mean', mean);
    await setSlider(fig, 'std', std);
    await setSlider(fig, 'gamma', gamma);
    await setSlider(fig, 'beta', beta);
    const x = await fig.evaluate((el) => Array.from(el._x));
    assert.equal(x.length, h);
    const s = meanVar(x);
    const r = await simReadout(fig);
    const what = `mean ${mean}, std ${std}, γ ${gamma}, β ${beta}, H ${h}`;
    assert.equal(r.h, h);
    near(r.before.mean, s.mean, 0.0011, `${what}: μ before`);
    near(r.before.std, Math.sqrt(s.variance), 0.0011, `${what}: σ before`);
    near(r.after.mean, beta, 0.0011, `${what}: μ after = β`);
    near(r.after.std, Math.abs(gamma) * Math.sqrt(s.variance / (s.variance + EPS)), 0.0011, `${what}: σ after = |γ|·σ/√(σ²+ε)`);
    near(r.after.std, Math.abs(gamma), 0.003, `${what}: σ after ≈ |γ|`);
    // The bars count every value once, in both histograms.
    const counts = await fig.evaluate((el) => [el._result.before.counts, el._result.after.counts].map((c) => c.reduce((a, b) => a + b, 0)));
    assert.deepEqual(counts, [h, h]);
  }
  // Dragging at H = 4096: one input event, two kernel calls, binning and the SVG per step.
  const ms = await fig.evaluate(async (el) => {
    el.h = 4096;
    await el.updateComplete;
    const input = el.shadowRoot.querySelector('input[data-control="mean"]');
    const t0 = performance.now();
    for (let k = 0; k < 60; k++) {
      input.value = String(-3 + k * 0.1);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await el.updateComplete;
    }
    return (performance.now() - t0) / 60;
  });
  t.diagnostic(`simulator redraw at H = 4096: ${ms.toFixed(2)} ms per input event`);
  assert.ok(ms < 50, `${ms} ms per redraw at H = 4096`);
  await page.close();
});

test('ln simulator: keyboard operates the sliders and the button', async () => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#ln-simulator');
  await ready(fig);
  await slidersInPlace(fig, { mean: 'mean', std: 'std', gamma: 'gamma', beta: 'beta', h: 'h' });
  for (const [id, key, want] of [['mean', 'ArrowRight', 2.6], ['std', 'ArrowLeft', 1.9], ['gamma', 'ArrowUp', 1.1], ['beta', 'ArrowDown', -0.1], ['h', 'ArrowRight', 1032]]) {
    const drawn = await pixels(fig);
    const text = await readout(fig);
    await press(page, fig, `input[data-control="${id}"]`, key);
    assert.equal(await fig.evaluate((el, p) => el[p], id), want, id);
    assert.notEqual(await pixels(fig), drawn, `${id} by keyboard changes the drawing`);
    assert.notEqual(await readout(fig), text, `${id} by keyboard changes the readout`);
  }
  const r = await simReadout(fig);
  near(r.after.mean, -0.1, 0.0011, 'μ after = β');
  near(r.after.std, 1.1, 0.0011, 'σ after = γ');
  await press(page, fig, '[data-control="new-sample"]', 'Enter');
  assert.equal(await fig.evaluate((el) => el.seed), 2);
  await page.close();
});

// ── <nw-ln-pipeline> ──

/** μ, σ², mean(x̂), x̂ and y from the pipeline's readout. */
async function pipeReadout(fig) {
  const text = await readout(fig);
  const m = text.match(/μ = (\S+), σ² = (\S+), mean\(x̂\) = (\S+),/);
  const list = (re) => text.match(re)[1].split(', ').map(parseNumber);
  assert.ok(m, text);
  return { text, mu: parseNumber(m[1]), variance: parseNumber(m[2]), hatMean: parseNumber(m[3]), hat: list(/x̂ = \[([^\]]+)\]/), y: list(/β = \[([^\]]+)\]/) };
}

const DEFAULT_X = [2.4, 1.1, -0.3, 0.8, 3.0, -1.2, 0.5, 1.7];

function lnRef(x, gamma = x.map(() => 1), beta = x.map(() => 0)) {
  const { mean, variance } = meanVar(x);
  const hat = x.map((v) => (v - mean) / Math.sqrt(variance + EPS));
  return { mean, variance, hat, y: hat.map((v, k) => gamma[k] * v + beta[k]) };
}

test('ln pipeline: the default token reads μ = 1.000, σ² = 1.660, mean(x̂) = 0.000; edits recompute', async () => {
  const { page, log } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#ln-pipeline');
  await ready(fig);
  let r = await pipeReadout(fig);
  assert.match(r.text, /^μ = 1\.000, σ² = 1\.660, mean\(x̂\) = 0\.000,/);
  const ref = lnRef(DEFAULT_X);
  r.hat.forEach((v, k) => near(v, ref.hat[k], 0.0006, `x̂${k + 1}`));
  r.y.forEach((v, k) => near(v, ref.hat[k], 0.0006, `y${k + 1} with γ = 1, β = 0`));
  assert.deepEqual(await fig.locator('input[data-control^="x"]').evaluateAll((els) => els.map((e) => Number(e.value))), DEFAULT_X);
  await fig.locator('[data-parity="layerNorm"][data-ok="true"]').waitFor({ timeout: 10_000 });

  // Typing into x₁: 2.4 → 3.2 raises the sum by 0.8, so μ by 0.1.
  let drawn = await pixels(fig);
  await fig.locator('input[data-control="x1"]').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3.2');
  await fig.evaluate((el) => el.updateComplete);
  const x = [3.2, ...DEFAULT_X.slice(1)];
  const ref2 = lnRef(x);
  r = await pipeReadout(fig);
  assert.equal(r.mu, 1.1);
  assert.equal(fmt(r.variance), fmt(ref2.variance));
  near(r.hatMean, 0, 0.0005, 'mean(x̂)');
  r.hat.forEach((v, k) => near(v, ref2.hat[k], 0.0006, `x̂${k + 1} after the edit`));
  assert.notEqual(await pixels(fig), drawn, 'editing x changes the bars');

  // γ₃ = 2 and β₃ = 0.5 change only y₃ = 2·x̂₃ + 0.5.
  drawn = await pixels(fig);
  await fig.locator('input[data-control="g3"]').fill('2');
  await fig.locator('input[data-control="b3"]').fill('0.5');
  await fig.evaluate((el) => el.updateComplete);
  const gamma = [1, 1, 2, 1, 1, 1, 1, 1];
  const beta = [0, 0, 0.5, 0, 0, 0, 0, 0];
  const ref3 = lnRef(x, gamma, beta);
  r = await pipeReadout(fig);
  r.y.forEach((v, k) => near(v, ref3.y[k], 0.0006, `y${k + 1} with γ₃ = 2, β₃ = 0.5`));
  assert.notEqual(await pixels(fig), drawn, 'editing γ and β changes the bars');
  assert.equal(await fig.locator('tbody tr').nth(2).locator('td').last().textContent(), fmt(ref3.y[2]));

  // Arrow keys in a number input step it by 0.1.
  await fig.locator('input[data-control="g1"]').focus();
  await page.keyboard.press('ArrowUp');
  await fig.evaluate((el) => el.updateComplete);
  assert.equal(await fig.evaluate((el) => el.g1), 1.1);
  r = await pipeReadout(fig);
  near(r.y[0], 1.1 * ref3.hat[0], 0.0006, 'y₁ with γ₁ = 1.1');

  // A half-typed value is ignored, and the field shows the value in use again on change.
  await fig.locator('input[data-control="x2"]').fill('');
  await fig.locator('input[data-control="x2"]').blur();
  await fig.evaluate((el) => el.updateComplete);
  assert.equal(await fig.evaluate((el) => el.x2), 1.1);
  assert.equal(await fig.locator('input[data-control="x2"]').inputValue(), '1.1');
  await page.waitForFunction(() => /ln-pipeline\.x1=3\.2/.test(location.hash) && /ln-pipeline\.g3=2/.test(location.hash));
  assert.deepEqual(log.pageErrors, []);
  assert.deepEqual(log.consoleErrors, []);
  await page.close();
});

test('ln pipeline: each of the 24 number inputs redraws the bars and rewrites the readout', async () => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#ln-pipeline');
  await ready(fig);
  const x = DEFAULT_X.slice();
  const gamma = x.map(() => 1);
  const beta = x.map(() => 0);
  let drawn = await pixels(fig);
  let text = await readout(fig);
  for (const [p, arr, value] of [['x', x, (k) => x[k] + 0.7], ['g', gamma, (k) => 0.5 + 0.3 * k], ['b', beta, (k) => 0.3 * k - 1]]) {
    for (let k = 0; k < 8; k++) {
      arr[k] = Number(value(k).toFixed(2));
      await fig.locator(`input[data-control="${p}${k + 1}"]`).fill(String(arr[k]));
      await fig.evaluate((el) => el.updateComplete);
      const now = await pixels(fig);
      assert.notEqual(now, drawn, `${p}${k + 1} changes the drawing`);
      assert.notEqual(await readout(fig), text, `${p}${k + 1} changes the readout`);
      drawn = now;
      text = await readout(fig);
    }
  }
  const ref = lnRef(x, gamma, beta);
  const r = await pipeReadout(fig);
  assert.equal(fmt(r.mu), fmt(ref.mean));
  assert.equal(fmt(r.variance), fmt(ref.variance));
  r.hat.forEach((v, k) => near(v, ref.hat[k], 0.0006, `x̂${k + 1}`));
  r.y.forEach((v, k) => near(v, ref.y[k], 0.0006, `y${k + 1}`));
  await page.close();
});

test('ln pipeline: formula symbols explain themselves on click and on focus; ←/→ walk a formula; dim picks i', async () => {
  const { page } = await openPage(browser, site, { lang: 'en' });
  const fig = page.locator('#ln-pipeline');
  await ready(fig);
  const info = fig.locator('[data-symbol-info]');
  // The page's four numbered LayerNorm steps, one formula each.
  assert.equal(await fig.locator('.formula').count(), 4);
  assert.equal(await fig.locator('button.sym[tabindex="0"]').count(), 4, 'one tab stop per formula');
  const all = await fig.locator('button.sym').evaluateAll((els) => [...new Set(els.map((e) => e.dataset.symbol))].sort());
  assert.deepEqual(all, ['H', 'beta', 'eps', 'gamma', 'mu', 'sigma2', 'sum', 'x', 'xhat', 'y']);

  await fig.locator('button.sym[data-symbol="mu"]').first().click();
  assert.equal(await info.getAttribute('data-symbol-info'), 'mu');
  assert.match(await info.textContent(), /mean[\s\S]*μ = 1\.000/);
  assert.equal(await fig.locator('button.sym[data-symbol="mu"]').first().getAttribute('aria-pressed'), 'true');

  await fig.locator('.formula').nth(0).locator('button.sym').first().focus();
  await page.keyboard.press('ArrowRight');
  await fig.evaluate((el) => el.updateComplete);
  assert.equal(await info.getAttribute('data-symbol-info'), 'H');
  assert.match(await info.textContent(), /H = 8/);
  await page.keyboard.press('End');
  await fig.evaluate((el) => el.updateComplete);
  assert.equal(await fig.evaluate((el) => el.shadowRoot.activeElement.dataset.symbol), 'x');
  await page.keyboard.press('ArrowLeft');
  await fig.evaluate((el) => el.updateComplete);
  assert.equal(await info.getAttribute('data-symbol-info'), 'sum');
  // Tab leaves formula ① for step ②'s title (it highlights the step), then formula ②: σ² first.
  await page.keyboard.press('Tab');
  assert.equal(await fig.evaluate((el) => el.shadowRoot.activeElement.className + el.shadowRoot.activeElement.dataset.step), 'step-title2');
  await page.keyboard.press('Tab');
  await fig.evaluate((el) => el.updateComplete);
  assert.equal(await fig.evaluate((el) => el.shadowRoot.activeElement.dataset.f), '1');
  assert.equal(await info.getAttribute('data-symbol-info'), 'sigma2');
  assert.match(await info.textContent(), /σ² = 1\.660/);
  // And on to formula ③.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await fig.evaluate((el) => el.updateComplete);
  assert.equal(await fig.evaluate((el) => el.shadowRoot.activeElement.dataset.f), '2');
  assert.equal(await info.getAttribute('data-symbol-info'), 'xhat');
  assert.match(await info.textContent(), /x̂₁ = 1\.087/);
  await page.keyboard.press('End');
  await fig.evaluate((el) => el.updateComplete);
  assert.match(await info.textContent(), /epsilon[\s\S]*ε = 1×10⁻⁵/);

  // Dimension i: the formulas' values and the highlighted bar follow it.
  await fig.locator('.formula').nth(0).locator('button.sym[data-symbol="x"]').first().click();
  assert.match(await info.textContent(), /x₁ = 2\.400/);
  const drawn = await pixels(fig);
  await fig.locator('[data-control="dim"] button[data-value="3"]').click();
  assert.match(await info.textContent(), /x₃ = −0\.300/);
  assert.notEqual(await pixels(fig), drawn, 'the chosen dimension is highlighted');
  await fig.locator('.formula').nth(3).locator('button.sym[data-symbol="y"]').click();
  assert.match(await info.textContent(), /y₃ = −1\.009/);
  await fig.locator('[data-control="dim"] button[data-value="5"]').focus();
  await page.keyboard.press('Enter');
  await fig.evaluate((el) => el.updateComplete);
  assert.equal(await fig.evaluate((el) => el.dim), 5);
  assert.match(await info.textContent(), /y₅ = 1\.552/);
  // Focusing a row's γ input also selects its dimension.
  await fig.locator('input[data-control="g7"]').focus();
  await fig.evaluate((el) => el.updateComplete);
  assert.equal(await fig.evaluate((el) => el.dim), 7);
  await page.close();
});

// ── all four ──

test('LN figures: URL state restored and clamped, garbage ignored', async () => {
  const hash = '#depth-demo.depth=500&depth-demo.scale=1.23&depth-demo.activation=<b>&ln-steps.h=0&ln-steps.gamma=abc'
    + '&ln-simulator.h=99999&ln-simulator.beta=-1.5&ln-pipeline.x1=3.2&ln-pipeline.g2=1e9&ln-pipeline.dim=4';
  const { page, log } = await openPage(browser, site, { lang: 'en', hash });
  const depth = page.locator('#depth-demo');
  await ready(depth);
  assert.equal(await depth.evaluate((el) => [el.depth, el.scale, el.activation].join()), '96,1.25,none');
  const steps = page.locator('#ln-steps');
  await ready(steps);
  assert.equal(await steps.evaluate((el) => [el.h, el.gamma].join()), '4,1.5');
  const sim = page.locator('#ln-simulator');
  await ready(sim);
  assert.equal(await sim.evaluate((el) => [el.h, el.beta].join()), '4096,-1.5');
  near((await simReadout(sim)).after.mean, -1.5, 0.0011, 'restored β');
  const pipe = page.locator('#ln-pipeline');
  await ready(pipe);
  assert.equal(await pipe.evaluate((el) => [el.x1, el.g2, el.dim].join()), '3.2,10,4');
  assert.equal((await pipeReadout(pipe)).mu, 1.1);
  assert.deepEqual(log.pageErrors, []);
  await page.close();
});

test('LN figures: embedded outside the article with attributes, no id, their own lang and theme', async () => {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const p = await context.newPage();
  const errors = collectErrors(p);
  await p.goto(`${site.url}/embed-example.html`);
  await p.evaluate(() => document.querySelector('article').replaceChildren());
  await appendElements(p, `
      <nw-depth-demo lang="en" depth="12" scale="0.6" activation="relu" seed="7"></nw-depth-demo>
      <nw-ln-steps lang="en" h="64" mean="-3" std="0.5" gamma="2" beta="1" theme="dark"></nw-ln-steps>
      <nw-ln-simulator lang="en" h="4096" gamma="-2" beta="-1" mean="4"></nw-ln-simulator>
      <nw-ln-pipeline x1="3.2" g3="2" b3="0.5" dim="3"></nw-ln-pipeline>`);
  const depth = p.locator('nw-depth-demo');
  await ready(depth);
  assert.match(await readout(depth), /after 12 layers[\s\S]*shrank[\s\S]*s = 0\.60/);
  assert.equal(await depth.getAttribute('data-resolved-theme'), 'light');
  const steps = p.locator('nw-ln-steps');
  await ready(steps);
  assert.equal(await steps.getAttribute('data-resolved-theme'), 'dark');
  assert.match(await readout(steps), /④ scale and shift: y = γ·x̂ \+ β: μ = 1\.000 · σ = 2\.000/);
  const sim = p.locator('nw-ln-simulator');
  await ready(sim);
  const r = await simReadout(sim);
  assert.equal(r.h, 4096);
  near(r.after.mean, -1, 0.0011, 'embedded β');
  near(r.after.std, 2, 0.0011, 'embedded |γ|');
  const pipe = p.locator('nw-ln-pipeline');
  await ready(pipe);
  assert.match(await pipe.locator('.title').textContent(), /토큰 하나/, 'the page is Korean, and so is this figure');
  const ref = lnRef([3.2, ...DEFAULT_X.slice(1)], [1, 1, 2, 1, 1, 1, 1, 1], [0, 0, 0.5, 0, 0, 0, 0, 0]);
  const pr = await pipeReadout(pipe);
  assert.equal(pr.mu, 1.1);
  near(pr.y[2], ref.y[2], 0.0006, 'embedded y₃');
  await steps.locator('input[data-control="gamma"]').focus();
  await p.keyboard.press('ArrowRight');
  assert.equal(await p.evaluate(() => location.hash), '', 'no id: the URL is left alone');
  assert.deepEqual(errors.pageErrors, []);
  assert.deepEqual(errors.consoleErrors, []);
  await context.close();
});

/** Screenshot of one figure: a viewport as tall as the figure, clipped to it. */
async function shootFigure(page, fig, name) {
  const vp = page.viewportSize();
  const height = await fig.evaluate((el) => el.getBoundingClientRect().height);
  await page.setViewportSize({ width: vp.width, height: Math.ceil(height) + 40 });
  await fig.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await fig.evaluate((el) => el.updateComplete);
  const box = await fig.boundingBox();
  await screenshot(page, name, { fullPage: false, clip: { x: 0, y: Math.max(0, box.y - 8), width: vp.width, height: box.height + 16 } });
  await page.setViewportSize(vp);
}

test('LN figures: axe, phone width, Korean by default and English with ?lang=en, light and dark; screenshots', async () => {
  const titles = {
    ko: { 'depth-demo': /층을 쌓을수록/, 'ln-steps': /네 단계/, 'ln-simulator': /시뮬레이터/, 'ln-pipeline': /순전파 파이프라인/ },
    en: { 'depth-demo': /layers pile up/, 'ln-steps': /four steps/, 'ln-simulator': /simulator/, 'ln-pipeline': /forward pipeline/ },
  };
  for (const [lang, colorScheme, width] of [[null, 'light', 1100], ['en', 'dark', 390]]) {
    const { page, log } = await openPage(browser, site, { lang: lang ?? undefined, colorScheme, width, height: 844 });
    const shown = lang ?? 'ko';
    for (const id of ['depth-demo', 'ln-steps', 'ln-simulator', 'ln-pipeline']) {
      const fig = page.locator(`#${id}`);
      await ready(fig);
      assert.match(await fig.locator('.title').textContent(), titles[shown][id], `${id} in ${shown}`);
      assert.equal(await fig.getAttribute('data-resolved-theme'), colorScheme);
      await fig.locator('[data-parity="layerNorm"][data-ok="true"]').waitFor({ timeout: 10_000 });
      assert.deepEqual(await seriousViolations(page, `#${id}`), [], `${id} axe (${shown}, ${colorScheme}, ${width}px)`);
      assert.ok(await fig.evaluate((el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth + 0.5), `${id} fits ${width}px`);
      await shootFigure(page, fig, `${id}-${shown}-${colorScheme}-${width}.png`);
    }
    assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px`);
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual(log.consoleErrors, []);
    await page.close();
  }
});
