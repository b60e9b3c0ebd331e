// <nw-order-demo> in the article page: without PE the encoder's outputs for a sentence and its
// permutation are the same rows in another order, with PE they are not; permuting redraws the
// matrix; keyboard operation; strict URL state; axe, phone width, both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { pixels, readout, hasSidewaysScroll } from './figures.mjs';

const N = 5;

/** "2.4×10⁻⁷" or "0.4123" (readout formats) as a number. */
function parseNumber(s) {
  const sup = {
    '⁻': '-',
    '⁰': '0',
    '¹': '1',
    '²': '2',
    '³': '3',
    '⁴': '4',
    '⁵': '5',
    '⁶': '6',
    '⁷': '7',
    '⁸': '8',
    '⁹': '9',
  };
  const m = s.match(/^(−?[\d.]+)×10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/);
  if (m) return Number(m[1].replace('−', '-')) * 10 ** Number([...m[2]].map((c) => sup[c]).join(''));
  return Number(s.replace('−', '-'));
}

/** The distance matrix as drawn (rows × cols of the cell labels) and the outlined cell of each row. */
async function drawnMatrix(fig) {
  return fig.evaluate((el) => {
    const root = el.shadowRoot;
    const values = [...root.querySelectorAll('.matrix text.cell-text')].map((t) => Number(t.textContent));
    const xs = [
      ...new Set([...root.querySelectorAll('.matrix rect:not(.nearest)')].map((r) => +r.getAttribute('x'))),
    ].sort((a, b) => a - b);
    const outlined = [...root.querySelectorAll('.matrix rect.nearest:not(.halo)')].map((r) => +r.getAttribute('x'));
    const nearest = outlined.map((x) => xs.findIndex((cx) => Math.abs(cx + 3 - x) < 0.01));
    return { values, nearest, perm: el.perm };
  });
}

const badge = (fig) => fig.locator('[data-readout] .badge').textContent();
/** The figure's sentence about the two outputs (its claim, decided by the distances). */
const sentence = (fig) => fig.locator('[data-claim="order-demo.sameRows"]').textContent();

describeFigure('<nw-order-demo> in the article', (h) => {
  test('order demo: without PE identical up to order, with PE different; every control redraws', async () => {
    const { page, fig } = await h.figure('order-demo', { lang: 'en' });
    assert.equal(await badge(fig), 'Identical up to order');
    const same = await sentence(fig);
    const worst = parseNumber(same.match(/twin: (\S+) \(/)[1]);
    assert.ok(worst < 1e-4, same);
    // Each original row r matches the column holding the same token, and that cell reads 0.00.
    const m0 = await drawnMatrix(fig);
    assert.equal(m0.values.length, N * N);
    const perm = [...m0.perm].map(Number);
    for (let r = 0; r < N; r++) {
      const c = perm.indexOf(r);
      assert.equal(m0.nearest[r], c, `row ${r} is nearest to column ${c}`);
      assert.equal(m0.values[r * N + c], 0);
    }
    // Off-match cells are clearly apart: the outputs are different vectors for different tokens.
    for (let r = 0; r < N; r++) for (let c = 0; c < N; c++) if (perm[c] !== r) assert.ok(m0.values[r * N + c] > 0.1);

    const drawn = await pixels(fig);
    await fig.locator('[data-control="with-pe"] button[data-value="true"]').click();
    assert.notEqual(await pixels(fig), drawn, 'PE changes the matrix');
    assert.equal(await badge(fig), 'Outputs differ');
    const differ = await sentence(fig);
    assert.notEqual(differ, same);
    const closest = parseNumber(differ.match(/is (\S+) apart/)[1]);
    const largest = parseNumber(differ.match(/distance (\S+)\)/)[1]);
    assert.ok(closest > 1e-3 && largest >= closest, differ);
    // The readout's numbers are the drawn matrix's row minima (cells show 2 decimals).
    const m1 = await drawnMatrix(fig);
    const minima = Array.from({ length: N }, (_, r) => Math.min(...m1.values.slice(r * N, r * N + N)));
    assert.ok(Math.abs(Math.min(...minima) - closest) <= 0.0051, `${minima} vs ${closest}`);
    assert.ok(Math.abs(Math.max(...minima) - largest) <= 0.0051, `${minima} vs ${largest}`);

    const withPe = await pixels(fig);
    await fig.locator('select[data-control="perm-2"]').selectOption('4');
    assert.equal(await fig.evaluate((el) => el.perm), '10432', 'choosing a token swaps it into place');
    assert.notEqual(await pixels(fig), withPe, 'permuting changes the matrix');
    assert.notEqual(await sentence(fig), differ);

    const beforeShuffle = await pixels(fig);
    await fig.locator('[data-control="shuffle"]').click();
    const shuffled = await fig.evaluate((el) => el.perm);
    assert.ok(shuffled !== '10432' && shuffled !== '01234' && [...shuffled].sort().join('') === '01234', shuffled);
    assert.notEqual(await pixels(fig), beforeShuffle, 'shuffle changes the matrix');

    // The library's encoder agrees with PyTorch's reference tensors (badge under the figure).
    await fig.locator('[data-parity="encoder"][data-ok="true"]').waitFor({ timeout: 10_000 });
    await page.waitForFunction((p) => location.hash.includes(`order-demo.perm=${p}`), shuffled);
    assert.match(await page.evaluate(() => location.hash), /order-demo\.withPe=1/);
  });

  test('order demo: the identity permutation gives identical outputs even with PE', async () => {
    const { fig } = await h.figure('order-demo', { lang: 'en', hash: '#order-demo.withPe=1&order-demo.perm=01234' });
    assert.equal(await badge(fig), 'Identical up to order');
    assert.match(await readout(fig), /order is unchanged/);
    const { values, nearest } = await drawnMatrix(fig);
    assert.deepEqual(nearest, [0, 1, 2, 3, 4]);
    for (let r = 0; r < N; r++) assert.equal(values[r * N + r], 0);
  });

  test('order demo: keyboard operates the PE switch, the token pickers and the buttons', async () => {
    const { page, fig } = await h.figure('order-demo', { lang: 'en' });
    await fig.locator('[data-control="with-pe"] button[data-value="true"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await fig.evaluate((el) => el.withPe), true);
    assert.equal(await badge(fig), 'Outputs differ');
    await fig.locator('[data-control="with-pe"] button[data-value="false"]').focus();
    await page.keyboard.press('Space');
    assert.equal(await fig.evaluate((el) => el.withPe), false);
    assert.equal(await badge(fig), 'Identical up to order');
    const drawn = await pixels(fig);
    await fig.locator('select[data-control="perm-0"]').focus();
    await page.keyboard.press('ArrowDown');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.perm), '20134', 'ArrowDown picks the next token for slot 1');
    assert.notEqual(await pixels(fig), drawn);
    assert.equal(await badge(fig), 'Identical up to order');
    await fig.locator('[data-control="reset"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await fig.evaluate((el) => el.perm), '01234');
    await fig.locator('[data-control="shuffle"]').focus();
    await page.keyboard.press('Space');
    assert.notEqual(await fig.evaluate((el) => el.perm), '01234');
  });

  test('order demo: URL state is validated strictly; the encoder is disposed when removed', async () => {
    for (const bad of ['11234', '0123', '012345', '01a34', '<img>', '1e4', ' 10234']) {
      const { page, fig } = await h.figure('order-demo', {
        lang: 'en',
        hash: `#order-demo.perm=${encodeURIComponent(bad)}&order-demo.withPe=maybe`,
      });
      assert.equal(
        await fig.evaluate((el) => `${el.perm}:${el.withPe}`),
        '10234:false',
        `perm ${JSON.stringify(bad)} is refused`,
      );
      await page.close();
    }
    const { fig } = await h.figure('order-demo', { lang: 'en', hash: '#order-demo.perm=43210' });
    assert.equal(await fig.evaluate((el) => el.perm), '43210');
    const alive = await fig.evaluate(async (el) => {
      const enc = el._encoder;
      const parent = el.parentNode;
      const next = el.nextSibling;
      el.remove();
      const disposed = enc._handle === null && el._encoder === null;
      parent.insertBefore(el, next);
      await el.updateComplete;
      return { disposed, recreated: el._encoder !== null && el._encoder !== enc };
    });
    assert.deepEqual(alive, { disposed: true, recreated: true });
    assert.equal(await badge(fig), 'Identical up to order');
  });

  test('order demo: axe, phone width, Korean by default, English by ?lang=en; screenshots', async () => {
    for (const [lang, colorScheme, width] of [
      ['ko', 'light', 1100],
      ['en', 'dark', 390],
    ]) {
      const { page, fig } = await h.figure('order-demo', {
        lang: lang === 'en' ? 'en' : undefined,
        colorScheme,
        width,
        height: 844,
      });
      const tokens = await fig.locator('.tokens li').first().textContent();
      if (lang === 'ko') {
        assert.equal(tokens.trim(), '작은');
        assert.equal(await badge(fig), '순서만 다른 같은 출력');
      } else {
        assert.equal(tokens.trim(), 'only');
        assert.equal(await badge(fig), 'Identical up to order');
      }
      if (width < 500) await fig.locator('[data-control="with-pe"] button[data-value="true"]').click();
      assert.deepEqual(await h.axe(page, '#order-demo'), []);
      assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px`);
      const clip = await fig.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const x = Math.max(0, r.left - 8);
        return {
          x,
          y: r.top + scrollY - 8,
          width: Math.min(r.width + 16, document.documentElement.clientWidth - x),
          height: r.height + 16,
        };
      });
      await h.screenshot(page, `order-demo-${lang}-${colorScheme}-${width}.png`, { clip });
    }
  });
});
