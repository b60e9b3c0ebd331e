// <nw-ln-pipeline> (§7): LayerNorm's forward pipeline on one token of 8 numbers. The default token's
// readout, every one of the 24 number inputs (typing and arrow keys) recomputes μ, σ², x̂ and y as
// this test does in float64, the formula symbols explain themselves, the PyTorch parity badge is
// ok; URL state, alone on a page (in the page's language), axe, phone width, both languages and
// themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { EPS, fmt, layerNormFigureSettled, meanVar, near, parseNumber, pixels, readout } from './figures.mjs';

/** μ, σ², mean(x̂), x̂ and y from the pipeline's readout. */
async function pipeReadout(fig) {
  const text = await readout(fig);
  const m = text.match(/μ = (\S+), σ² = (\S+), mean\(x̂\) = (\S+),/);
  const list = (re) => text.match(re)[1].split(', ').map(parseNumber);
  assert.ok(m, text);
  return {
    text,
    mu: parseNumber(m[1]),
    variance: parseNumber(m[2]),
    hatMean: parseNumber(m[3]),
    hat: list(/x̂ = \[([^\]]+)\]/),
    y: list(/β = \[([^\]]+)\]/),
  };
}

const DEFAULT_X = [2.4, 1.1, -0.3, 0.8, 3.0, -1.2, 0.5, 1.7];

function lnRef(x, gamma = x.map(() => 1), beta = x.map(() => 0)) {
  const { mean, variance } = meanVar(x);
  const hat = x.map((v) => (v - mean) / Math.sqrt(variance + EPS));
  return { mean, variance, hat, y: hat.map((v, k) => gamma[k] * v + beta[k]) };
}

describeFigure('<nw-ln-pipeline> in the article', (h) => {
  test('ln pipeline: the default token reads μ = 1.000, σ² = 1.660, mean(x̂) = 0.000; edits recompute', async () => {
    const { page, fig } = await h.figure('ln-pipeline', { lang: 'en' });
    let r = await pipeReadout(fig);
    assert.match(r.text, /^μ = 1\.000, σ² = 1\.660, mean\(x̂\) = 0\.000,/);
    const ref = lnRef(DEFAULT_X);
    r.hat.forEach((v, k) => near(v, ref.hat[k], 0.0006, `x̂${k + 1}`));
    r.y.forEach((v, k) => near(v, ref.hat[k], 0.0006, `y${k + 1} with γ = 1, β = 0`));
    assert.deepEqual(
      await fig.locator('input[data-control^="x"]').evaluateAll((els) => els.map((e) => Number(e.value))),
      DEFAULT_X,
    );
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
    await page.waitForFunction(
      () => /ln-pipeline\.x1=3\.2/.test(location.hash) && /ln-pipeline\.g3=2/.test(location.hash),
    );
  });

  test('ln pipeline: each of the 24 number inputs redraws the bars and rewrites the readout', async () => {
    const { fig } = await h.figure('ln-pipeline', { lang: 'en' });
    const x = DEFAULT_X.slice();
    const gamma = x.map(() => 1);
    const beta = x.map(() => 0);
    let drawn = await pixels(fig);
    let text = await readout(fig);
    for (const [p, arr, value] of [
      ['x', x, (k) => x[k] + 0.7],
      ['g', gamma, (k) => 0.5 + 0.3 * k],
      ['b', beta, (k) => 0.3 * k - 1],
    ]) {
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
  });

  test('ln pipeline: formula symbols explain themselves on click and on focus; ←/→ walk a formula; dim picks i', async () => {
    const { page, fig } = await h.figure('ln-pipeline', { lang: 'en' });
    const info = fig.locator('[data-symbol-info]');
    // The page's four numbered LayerNorm steps, one formula each.
    assert.equal(await fig.locator('.formula').count(), 4);
    assert.equal(await fig.locator('button.sym[tabindex="0"]').count(), 4, 'one tab stop per formula');
    const all = await fig
      .locator('button.sym')
      .evaluateAll((els) => [...new Set(els.map((e) => e.dataset.symbol))].sort());
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
    assert.equal(
      await fig.evaluate((el) => el.shadowRoot.activeElement.className + el.shadowRoot.activeElement.dataset.step),
      'step-title2',
    );
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
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const { fig: pipe } = await h.figure('ln-pipeline', {
      lang: 'en',
      hash: '#ln-pipeline.x1=3.2&ln-pipeline.g2=1e9&ln-pipeline.dim=4',
    });
    assert.equal(await pipe.evaluate((el) => [el.x1, el.g2, el.dim].join()), '3.2,10,4');
    assert.equal((await pipeReadout(pipe)).mu, 1.1);
  });

  test('works alone, from attributes (no id, no lang: the page’s), outside the article page', async () => {
    const { fig: pipe } = await h.solo('<nw-ln-pipeline x1="3.2" g3="2" b3="0.5" dim="3"></nw-ln-pipeline>', {
      clear: true,
    });
    assert.match(await pipe.locator('.title').textContent(), /토큰 하나/, 'the page is Korean, and so is this figure');
    const ref = lnRef([3.2, ...DEFAULT_X.slice(1)], [1, 1, 2, 1, 1, 1, 1, 1], [0, 0, 0.5, 0, 0, 0, 0, 0]);
    const pr = await pipeReadout(pipe);
    assert.equal(pr.mu, 1.1);
    near(pr.y[2], ref.y[2], 0.0006, 'embedded y₃');
  });

  test('axe, phone width, Korean by default and English with ?lang=en, light and dark; screenshots', async () => {
    await h.axeAndScreenshots(
      'ln-pipeline',
      { ko: /순전파 파이프라인/, en: /forward pipeline/ },
      layerNormFigureSettled,
    );
  });
});
