// <nw-attention-steps> past one head: the same Q, K, V split into two heads of d_k = 2, each head's
// softmax(QₕKₕᵀ/√d_k)Vₕ, the heads concatenated and multiplied by W_O. Every drawn number agrees
// with a float64 computation in this test; a number of the multi-head steps names its ingredients;
// the √d_k switch reaches the heads; keyboard; axe and screenshots at phone width in both languages
// and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { readout, hasSidewaysScroll } from './figures.mjs';

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
  o: [
    [1, 0, 0.5, 0],
    [0, -1, 0, 0.5],
    [0.5, 0, 1, -1],
    [0, 0.5, -0.5, 1],
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
const columns = (M, from, to) => M.map((r) => r.slice(from, to));

function multiHead({ scaled = true } = {}) {
  const Q = matmul(X, W.q),
    K = matmul(X, W.k),
    V = matmul(X, W.v);
  const heads = [0, 1].map((h) => {
    const q = columns(Q, 2 * h, 2 * h + 2),
      k = columns(K, 2 * h, 2 * h + 2),
      v = columns(V, 2 * h, 2 * h + 2);
    const S = matmul(q, T(k)).map((r) => r.map((x) => (scaled ? x / Math.SQRT2 : x)));
    const A = S.map(softmax);
    return { q, k, v, S, A, Z: matmul(A, v) };
  });
  const ZC = heads[0].Z.map((r, i) => [...r, ...heads[1].Z[i]]);
  return { heads, ZC, O: matmul(ZC, W.o) };
}
const num = (s) => Number(s.replace('−', '-'));

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
    row.forEach((v, c) =>
      assert.ok(
        Math.abs(num(got[r][c]) - v) <= 0.51 * 10 ** -digits,
        `${what}[${r}][${c}] = ${got[r][c]}, expected ${v.toFixed(digits)}`,
      ),
    ),
  );
}

const go = async (fig, step) => {
  await fig.locator(`[data-control="steps"] button[data-step="${step}"]`).click();
  await fig.evaluate((el) => el.updateComplete);
};

describeFigure('<nw-attention-steps> with two heads, on a page of its own', { teach: true }, (h) => {
  test('attention heads: split, each head, concat and × W_O match a float64 computation', async () => {
    const { page } = await h.teach('<nw-attention-steps id="as"></nw-attention-steps>', {
      lang: 'en',
    });
    const fig = page.locator('#as');
    const ref = multiHead();
    await go(fig, 6);
    assert.match(await readout(fig), /^Step 7\/11: split into heads/);
    for (const head of [0, 1])
      for (const m of ['q', 'k', 'v'])
        assertMatrix(await drawn(fig, `${m.toUpperCase()}h${head}`), ref.heads[head][m], 2, m + head);
    await go(fig, 7);
    for (const head of [0, 1]) {
      assertMatrix(await drawn(fig, `Sh${head}`), ref.heads[head].S, 2, `S${head}`);
      assertMatrix(await drawn(fig, `Ah${head}`), ref.heads[head].A, 3, `A${head}`);
    }
    // Each head's rows of weights sum to 1, and the two heads weigh the tokens differently.
    const sums = await fig.locator('.rowsum').allTextContents();
    assert.deepEqual(
      sums.map((s) => s.replace('Σ', '').trim()),
      Array(6).fill('1.000'),
    );
    const [a0, a1] = [await drawn(fig, 'Ah0'), await drawn(fig, 'Ah1')];
    assert.notDeepEqual(a0, a1);
    await go(fig, 8);
    for (const head of [0, 1]) assertMatrix(await drawn(fig, `Zh${head}`), ref.heads[head].Z, 2, `Z${head}`);
    await go(fig, 9);
    assertMatrix(await drawn(fig, 'ZC'), ref.ZC, 2, 'Z_cat');
    await go(fig, 10);
    assertMatrix(await drawn(fig, 'O'), ref.O, 2, 'O');
  });

  test('attention heads: a number names its ingredients; √d_k off reaches every head', async () => {
    const { page } = await h.teach('<nw-attention-steps id="as" step="10"></nw-attention-steps>', {
      lang: 'en',
    });
    const fig = page.locator('#as');
    await fig.locator('button.cell[data-cell="O:1:2"]').click();
    const why = await fig.locator('[data-why]').textContent();
    assert.match(why, /multi-head output of “eat”/);
    assert.match(why, /O₂₃ = .+ = /);
    const outlined = await fig.locator('button.cell.src').evaluateAll((b) => b.map((e) => e.dataset.cell).sort());
    assert.deepEqual(
      outlined,
      [...[0, 1, 2, 3].map((c) => `ZC:1:${c}`), ...[0, 1, 2, 3].map((r) => `WO:${r}:2`)].sort(),
    );
    // A concatenated number comes from one head's output.
    await go(fig, 9);
    await fig.locator('button.cell[data-cell="ZC:0:3"]').click();
    assert.deepEqual(await fig.locator('button.cell.src').evaluateAll((b) => b.map((e) => e.dataset.cell)), [
      'Zh1:0:1',
    ]);
    // A head's score: its own query and key rows, the dot product, then ÷ √2.
    await go(fig, 7);
    await fig.locator('button.cell[data-cell="Sh1:2:0"]').click();
    assert.match(await fig.locator('[data-why] .calc').textContent(), /q²₃·k²₁ = .+ ÷ √2 = /);
    // Dividing off: the heads' scores are the raw dot products.
    await fig.locator('[data-control="scaled"] button[data-value="false"]').click();
    await fig.evaluate((el) => el.updateComplete);
    const raw = multiHead({ scaled: false });
    for (const head of [0, 1]) assertMatrix(await drawn(fig, `Ah${head}`), raw.heads[head].A, 3, `A${head} unscaled`);
  });

  test('attention heads: keyboard reaches the last step; axe, 360 px, both languages and themes', async () => {
    for (const [lang, colorScheme] of [
      ['ko', 'dark'],
      ['en', 'light'],
    ]) {
      const { page } = await h.teach('<nw-attention-steps id="as" step="6"></nw-attention-steps>', {
        lang,
        colorScheme,
        width: 360,
        height: 800,
      });
      const fig = page.locator('#as');
      await fig.locator('[data-control="next"]').focus();
      for (let i = 0; i < 4; i++) await page.keyboard.press('Enter');
      await fig.evaluate((el) => el.updateComplete);
      assert.match(await readout(fig), lang === 'ko' ? /^단계 11\/11/ : /^Step 11\/11/);
      await fig.locator('button.cell[data-cell="O:0:0"]').focus();
      await page.keyboard.press('Enter');
      await fig.evaluate((el) => el.updateComplete);
      assert.equal(await fig.locator('button.cell.src').count(), 8);
      assert.deepEqual(await h.axe(page, '#as'), []);
      assert.equal(await hasSidewaysScroll(page), false);
      await h.screenshot(fig, `attention-heads-${lang}-${colorScheme}-360.png`);
      await go(fig, 7);
      await h.screenshot(fig, `attention-heads-softmax-${lang}-${colorScheme}-360.png`);
    }
  });
});
