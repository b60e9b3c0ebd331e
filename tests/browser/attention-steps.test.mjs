// <nw-attention-steps>: self-attention by hand. Every matrix agrees with an independent computation
// in the test; a number explains where it came from and outlines its ingredients; the steps, the
// √d_k switch, the editable W and the d_k slider (while dragged) redraw; keyboard only; axe, phone
// width, both languages and themes; the figure works alone on a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { pixels, readout, hasSidewaysScroll, setSlider } from './figures.mjs';

// The figure's made-up inputs (web/elements/nw-attention-steps.js), recomputed here in float64.
const X = [
  [1, 0, 1, 0],
  [0, 2, 0, 1],
  [1, 1, -1, 1],
];
const W = {
  q: [
    [0, -1, 0, 0],
    [0, 1, 0, 0],
    [0, 0.5, 0, -1],
    [0.5, 0.5, 1, 0],
  ],
  k: [
    [0, -1, -1, 0],
    [-1, 0.5, 0.5, 0],
    [0.5, 1, 0, 0.5],
    [-1, 0, 0, -1],
  ],
  v: [
    [0, -1, 1, 1],
    [0.5, 1, -1, 1],
    [0, 0.5, -1, 0],
    [-1, 0.5, 0, 0],
  ],
};
const matmul = (A, B) => A.map((r) => B[0].map((_, j) => r.reduce((s, v, k) => s + v * B[k][j], 0)));
const T = (A) => A[0].map((_, j) => A.map((r) => r[j]));
const softmax = (r) => {
  const m = Math.max(...r);
  const e = r.map((v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b);
  return e.map((v) => v / s);
};
function reference({ scaled = true, w = W } = {}) {
  const Q = matmul(X, w.q),
    K = matmul(X, w.k),
    V = matmul(X, w.v);
  const S = matmul(Q, T(K));
  const S2 = S.map((r) => r.map((v) => (scaled ? v / 2 : v)));
  const A = S2.map(softmax);
  return { Q, K, V, S, S2, A, Z: matmul(A, V) };
}
const num = (s) => Number(s.replace('−', '-'));

/** The numbers of matrix `name` as drawn, row by row. */
function drawn(fig, name) {
  return fig.evaluate((el, n) => {
    const rows = [];
    for (const b of el.shadowRoot.querySelectorAll(`button.cell[data-cell^="${n}:"]`)) {
      const [, r, c] = b.dataset.cell.split(':').map(Number);
      (rows[r] ??= [])[c] = b.textContent.trim();
    }
    return rows;
  }, name);
}

function assertMatrix(got, want, digits, what) {
  assert.equal(got.length, want.length, what);
  want.forEach((row, r) =>
    row.forEach((v, c) => {
      assert.ok(
        Math.abs(num(got[r][c]) - v) <= 0.51 * 10 ** -digits,
        `${what}[${r}][${c}] = ${got[r][c]}, expected ${v.toFixed(digits)}`,
      );
    }),
  );
}

const go = async (fig, step) => {
  await fig.locator(`[data-control="steps"] button[data-step="${step}"]`).click();
  await fig.evaluate((el) => el.updateComplete);
};

describeFigure('<nw-attention-steps> on a page of its own', { teach: true }, (h) => {
  test('attention steps: every matrix matches an independent computation, step by step', async () => {
    const { page } = await h.teach('<nw-attention-steps id="as"></nw-attention-steps>', {
      lang: 'en',
    });
    const fig = page.locator('#as');
    const ref = reference();
    assert.match(await readout(fig), /^Step 1\/11: input X/);
    await go(fig, 1);
    for (const m of ['Q', 'K', 'V']) assertMatrix(await drawn(fig, m), ref[m], 2, m);
    await go(fig, 2);
    assertMatrix(await drawn(fig, 'S'), ref.S, 2, 'S');
    await go(fig, 3);
    assertMatrix(await drawn(fig, 'S2'), ref.S2, 2, "S'");
    await go(fig, 4);
    assertMatrix(await drawn(fig, 'A'), ref.A, 3, 'A');
    // Rows of A sum to 1 (the drawn row sums).
    const sums = await fig.locator('.rowsum').allTextContents();
    assert.deepEqual(
      sums.map((s) => s.replace('Σ', '').trim()),
      ['1.000', '1.000', '1.000'],
    );
    await go(fig, 5);
    assertMatrix(await drawn(fig, 'Z'), ref.Z, 2, 'Z');
    // Next / previous.
    await fig.locator('[data-control="prev"]').click();
    assert.match(await readout(fig), /^Step 5\/11: softmax/);
    await go(fig, 9);
    await fig.locator('[data-control="next"]').click();
    assert.match(await readout(fig), /^Step 11\/11: × W_O/);
    assert.equal(await fig.locator('[data-control="next"]').isDisabled(), true);
  });

  test('attention steps: a number says where it came from and outlines its ingredients', async () => {
    const { page } = await h.teach('<nw-attention-steps id="as" step="1"></nw-attention-steps>', {
      lang: 'en',
    });
    const fig = page.locator('#as');
    // Q row 2 ("eat"), column 2: X row 2 · W_Q column 2 = 0·(−1) + 2·1 + 0·0.5 + 1·0.5 = 2.5.
    await fig.locator('button.cell[data-cell="Q:1:1"]').click();
    const why = await fig.locator('[data-why]').textContent();
    assert.match(why, /row of X for “eat” times column 2 of W_Q/);
    assert.match(why, /Q₂₂ = 0\.00·\(−1\.00\) \+ 2\.00·1\.00 \+ 0\.00·0\.50 \+ 1\.00·0\.50 = 2\.50/);
    assert.match(await readout(fig), /Q₂₂ = .* = 2\.50/);
    const outlined = await fig.locator('button.cell.src').evaluateAll((els) => els.map((e) => e.dataset.cell).sort());
    assert.deepEqual(outlined, ['X:1:0', 'X:1:1', 'X:1:2', 'X:1:3']);
    // The editor switched to W_Q and outlines its column 2.
    assert.equal(await fig.locator('.wgrid input.src').count(), 4);
    assert.equal(await fig.locator('[data-control="w-tab"] button[aria-pressed="true"]').textContent(), 'W_Q');
    // A weight of A: the softmax over its row, with the row's sum.
    await go(fig, 4);
    await fig.locator('button.cell[data-cell="A:0:2"]').click();
    assert.match(
      await fig.locator('[data-why]').textContent(),
      /query of “cats” gives the key of “fish”[\s\S]*Sum of this row’s weights: 1\.000/,
    );
    assert.equal(await fig.locator('button.cell.src').count(), 3, 'the row of scaled scores');
    // Pressing it again clears the choice.
    await fig.locator('button.cell[data-cell="A:0:2"]').click();
    assert.match(await fig.locator('[data-why]').textContent(), /Press a number/);
  });

  test('attention steps: √d_k off changes the weights; editing W recomputes everything after it', async () => {
    const { page } = await h.teach('<nw-attention-steps id="as" step="4"></nw-attention-steps>', {
      lang: 'en',
    });
    const fig = page.locator('#as');
    const before = await pixels(fig);
    await fig.locator('[data-control="scaled"] button[data-value="false"]').click();
    assertMatrix(await drawn(fig, 'A'), reference({ scaled: false }).A, 3, 'A without √d_k');
    assert.notEqual(await pixels(fig), before);
    assert.equal(await fig.locator('[data-step="3"]').getAttribute('class'), 'skipped');
    await go(fig, 3);
    assert.match(await fig.locator('.step-text').textContent(), /switched off/);
    // W_V[1][1] from 1 to 3: V, then Z change; Q, K, S and A do not.
    await fig.locator('[data-control="scaled"] button[data-value="true"]').click();
    await go(fig, 1);
    await fig.locator('[data-control="w-tab"] button[data-value="v"]').click();
    const input = fig.locator('input[data-control="w-v-5"]');
    await input.fill('3');
    await fig.evaluate((el) => el.updateComplete);
    const w = { ...W, v: W.v.map((r) => [...r]) };
    w.v[1][1] = 3;
    const ref = reference({ w });
    assertMatrix(await drawn(fig, 'V'), ref.V, 2, 'V after the edit');
    await go(fig, 5);
    assertMatrix(await drawn(fig, 'Z'), ref.Z, 2, 'Z after the edit');
    await go(fig, 1);
    await fig.locator('[data-control="reset-w"]').click();
    assertMatrix(await drawn(fig, 'V'), reference().V, 2, 'V after reset');
  });

  test('attention steps: the d_k slider reacts while dragged and shows the softmax saturating', async () => {
    const { page } = await h.teach('<nw-attention-steps id="as"></nw-attention-steps>', { lang: 'en' });
    const fig = page.locator('#as');
    const seen = new Set();
    for (const e of [0, 2, 4, 6, 8, 9]) {
      await setSlider(fig, 'dk', e);
      const r = await readout(fig);
      assert.match(r, new RegExp(`d_k = ${2 ** e} `));
      seen.add(r);
    }
    assert.equal(seen.size, 6, 'a new readout for every position of the drag');
    const r = await readout(fig);
    const [, raw, scaled] = r.match(/largest weight per row: ([\d.]+) not divided, ([\d.]+) divided/);
    assert.ok(Number(raw) > 0.9, `saturates without √d_k (${raw})`);
    assert.ok(Number(scaled) < 0.6, `spread with √d_k (${scaled})`);
    const [, stdRaw, stdScaled] = r.match(/scores ([\d.]+) not divided, ([\d.]+) divided/);
    assert.ok(Number(stdRaw) > 15 && Math.abs(Number(stdScaled) - 1) < 0.35, `${stdRaw}, ${stdScaled}`);
  });

  test('attention steps: keyboard only — steps, matrix arrows, Enter explains', async () => {
    const { page } = await h.teach('<nw-attention-steps id="as"></nw-attention-steps>', { lang: 'en' });
    const fig = page.locator('#as');
    await fig.locator('[data-control="next"]').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await fig.evaluate((el) => el.updateComplete);
    assert.match(await readout(fig), /^Step 3\/11: QKᵀ/);
    await fig.locator('button.cell[data-cell="S:0:0"]').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.shadowRoot.activeElement.dataset.cell), 'S:1:1');
    await page.keyboard.press('Enter');
    await fig.evaluate((el) => el.updateComplete);
    assert.match(await fig.locator('[data-why]').textContent(), /query of “eat” and the key of “eat”/);
    // One tab stop per matrix.
    assert.equal(await fig.locator('button.cell[data-cell^="S:"][tabindex="0"]').count(), 1);
  });

  test('attention steps: axe, phone width, Korean and English, light and dark', async () => {
    for (const [lang, colorScheme, width] of [
      ['ko', 'light', 1000],
      ['en', 'dark', 390],
    ]) {
      const { page } = await h.teach('<nw-attention-steps id="as" step="1"></nw-attention-steps>', {
        lang,
        colorScheme,
        width,
        height: 844,
      });
      const fig = page.locator('#as');
      await fig.locator('button.cell[data-cell="V:2:2"]').click();
      assert.match(
        await fig.locator('.title').textContent(),
        lang === 'ko' ? /셀프 어텐션을 손으로/ : /Self-attention by hand/,
      );
      assert.deepEqual(await h.axe(page, '#as'), []);
      assert.equal(await hasSidewaysScroll(page), false);
      await h.screenshot(fig, `attention-steps-${lang}-${colorScheme}-${width}.png`);
    }
  });
});
