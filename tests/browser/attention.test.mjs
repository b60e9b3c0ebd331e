// <nw-attention> in the article page: the trained sorting encoder loads through loadSafetensors
// and predicts what PyTorch predicted; every control redraws; keyboard token focus; the padding
// lab's exact zeros; the sandbox shows pasted text as text; strict URL state; axe, phone width,
// both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { ready, setSlider, pixels, readout, hasSidewaysScroll } from './figures.mjs';
import { readGolden } from '../js/golden.mjs';

const heldout = readGolden('tiny_sort_heldout.safetensors');
const S = Number(heldout.meta.seq_len);
const PAD = Number(heldout.meta.pad_token);

/** Held-out example b as a digit string and PyTorch's predicted digits at its real positions. */
function example(b) {
  const row = Array.from(heldout.tensors.tokens.data.subarray(b * S, b * S + S), Math.round).filter((t) => t !== PAD);
  const pred = Array.from(heldout.tensors.torch_pred.data.subarray(b * S, b * S + row.length), Math.round);
  return { input: row.join(''), pred: pred.join('') };
}

describeFigure('<nw-attention> in the article', (h) => {
  /** Opens the page and waits until <nw-attention> has drawn from the trained model. */
  const openFigure = (options = {}) => h.figure('attention', options);

  const outputRow = (fig) => fig.locator('table[data-output] tbody tr:nth-child(2) td').allTextContents();
  const settle = (fig) => fig.evaluate((el) => el.updateComplete);

  async function typeInto(fig, control, value) {
    await fig.locator(`input[data-control="${control}"]`).fill(value);
    await settle(fig);
  }

  async function press(fig, control, value) {
    await fig.locator(`[data-control="${control}"] button[data-value="${value}"]`).click();
    await settle(fig);
  }

  test('attention: the trained model loads through loadSafetensors and predicts what PyTorch predicted', async () => {
    // The figure awake and its first model loaded; the probe below then re-inserts it, which
    // disposes that model and loads it again.
    const { page, log } = await h.figure('attention', { lang: 'en' });
    await page.waitForFunction(() => document.querySelector('#attention')._model, null, { timeout: 30_000 });
    // Count the encoder's loadSafetensors calls with the options the page passes.
    await page.evaluate(() => {
      const el = document.querySelector('#attention');
      window.__loads = [];
      const probe = el.nw.createEncoder({ dModel: 4, nHeads: 1, dFF: 4 });
      const proto = Object.getPrototypeOf(probe);
      probe.dispose();
      const original = proto.loadSafetensors;
      proto.loadSafetensors = function (bytes, options) {
        window.__loads.push({ bytes: bytes.length, ...options });
        return original.call(this, bytes, options);
      };
      el.remove();
      document.querySelector('#s12').append(el);
    });
    // The figure fetches its model once it nears the viewport.
    const fig = page.locator('#attention');
    await fig.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => window.__loads.some((l) => l.prefix === 'encoder.'), null, { timeout: 20_000 });
    await settle(fig);
    await ready(fig);
    const loads = await page.evaluate(() => window.__loads);
    const modelLoad = loads.find((l) => l.prefix === 'encoder.');
    assert.ok(modelLoad, JSON.stringify(loads));
    assert.equal(modelLoad.strict, false);
    assert.ok(modelLoad.bytes > 100_000 && modelLoad.bytes < 1024 * 1024, `${modelLoad.bytes} bytes`);

    // 20 held-out examples typed into the figure: the drawn output is PyTorch's prediction.
    const wrong = [];
    for (let b = 0; b < 20; b++) {
      const { input, pred } = example(b);
      await typeInto(fig, 'input', input);
      const shown = (await outputRow(fig)).join('');
      if (shown !== pred) wrong.push(`${input}: ${shown} vs PyTorch ${pred}`);
      assert.match(await readout(fig), new RegExp(`Model output ${[...pred].join(' ')} ✓`));
    }
    assert.deepEqual(wrong, []);
    assert.equal(await fig.locator('[data-verdict]').getAttribute('data-verdict'), 'right');

    // The accuracy shown is PyTorch's, and measuring again here gives the same.
    const meta = await page.evaluate(() => document.querySelector('#attention')._model.meta);
    assert.equal(await fig.locator('[data-accuracy]').getAttribute('data-accuracy'), meta.accuracy_sequence);
    assert.equal(meta.accuracy_sequence, heldout.meta.accuracy_sequence);
    const pct = `${(100 * Number(meta.accuracy_sequence)).toFixed(1)}%`;
    assert.ok((await fig.locator('[data-accuracy]').textContent()).includes(`${pct} of sequences`));
    await fig.locator('[data-control="recheck"]').click();
    await fig.locator('[data-recheck]', { hasText: 'This browser' }).waitFor();
    const again = await fig.locator('[data-recheck]').textContent();
    const n = Number(heldout.meta.heldout_sequences);
    const tokens = Number(heldout.meta.heldout_tokens);
    assert.match(
      again,
      new RegExp(`${heldout.meta.correct_sequences} of ${n} right \\(${pct.replace('.', '\\.')} of sequences`),
    );
    assert.ok(again.includes(`${tokens} of ${tokens} positions agree`), again);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    );
    assert.ok(fetched.includes('/models/tiny-sort.safetensors'), fetched.join());
    assert.ok(fetched.includes('/golden/tiny_sort_heldout.safetensors'), fetched.join());
    assert.deepEqual(log.failedRequests, []);
  });

  test('attention: every control redraws the heatmap and changes the readout', async () => {
    const { page, fig } = await openFigure({ lang: 'en' });
    const steps = [
      ['layer', () => press(fig, 'layer', '0')],
      ['head', () => press(fig, 'head', '2')],
      ['query token', () => fig.locator('[data-control="query-3"]').click()],
      ['typed input', () => typeInto(fig, 'input', '90817')],
      ['random example', () => fig.locator('[data-control="random"]').click()],
      ['padding mode', () => press(fig, 'mode', 'padding')],
      ['pads slider', () => setSlider(fig, 'pads', 5, 6)],
      ['mask toggle', () => press(fig, 'mask', 'false')],
      ['sandbox mode', () => press(fig, 'mode', 'sandbox')],
      ['sandbox text', () => typeInto(fig, 'text', 'The cat sat on the mat')],
      ['new weights', () => fig.locator('[data-control="reseed"]').click()],
      ['model mode', () => press(fig, 'mode', 'model')],
    ];
    let drawn = await pixels(fig);
    let text = await readout(fig);
    for (const [name, act] of steps) {
      await act();
      await settle(fig);
      const nextDrawn = await pixels(fig);
      const nextText = await readout(fig);
      assert.notEqual(nextDrawn, drawn, `${name} changes the drawing`);
      assert.notEqual(nextText, text, `${name} changes the readout`);
      drawn = nextDrawn;
      text = nextText;
    }
    // The state reaches the URL once the figure is still.
    await page.waitForFunction(
      () => /attention\.mode=model/.test(location.hash) && /attention\.head=2/.test(location.hash),
    );
  });

  test('attention: tokens are buttons; focus and arrow keys choose the query row', async () => {
    const { page, fig } = await openFigure({ lang: 'en' });
    await typeInto(fig, 'input', '7292504');
    await fig.locator('[data-control="query-0"]').focus();
    assert.match(await readout(fig), /query #0 “7”/);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await settle(fig);
    assert.match(await readout(fig), /query #2 “9”/);
    assert.equal(await fig.locator('[data-control="query-2"]').getAttribute('aria-pressed'), 'true');
    assert.equal(await fig.evaluate((el) => el.shadowRoot.activeElement?.dataset.index), '2');
    await page.keyboard.press('End');
    await settle(fig);
    assert.match(await readout(fig), /query #6 “4”/);
    await page.keyboard.press('Shift+Tab');
    await settle(fig);
    assert.match(await readout(fig), /query #5 “0”/, 'Tab focus selects too');
    // The readout's top key is the largest cell of the highlighted row.
    const { row, top } = await fig.evaluate((el) => ({
      row: Array.from(el._row(el.query)),
      top: el._topKeys(el.query),
    }));
    const best = row.indexOf(Math.max(...row));
    assert.ok(top.startsWith(`#${best} `), `${top} vs ${row}`);
  });

  test('attention: typed input is checked strictly, and so is the URL hash', async () => {
    const { fig } = await openFigure({ lang: 'en' });
    const before = await fig.evaluate((el) => el.input);
    for (const [bad, message] of [
      ['12a4', /Only the digits 0–9/],
      ['12', /at least 3/],
      ['123456789', /At most 8/],
      ['', /Type some digits/],
      ['1 2 3', /Only the digits/],
    ]) {
      await typeInto(fig, 'input', bad);
      assert.match(await fig.locator('#digits-error').textContent(), message);
      assert.equal(await fig.locator('input[data-control="input"]').getAttribute('aria-invalid'), 'true');
      assert.equal(await fig.evaluate((el) => el.input), before, `${JSON.stringify(bad)} is not taken`);
    }
    await typeInto(fig, 'input', '505');
    assert.equal(await fig.locator('#digits-error').textContent(), '');
    assert.equal(await fig.evaluate((el) => el.input), '505');

    const garbage = await openFigure({
      lang: 'en',
      hash: '#attention.input=%3Cscript%3E1&attention.mode=evil&attention.pads=99&attention.head=-4',
    });
    assert.deepEqual(await garbage.fig.evaluate((el) => [el.input, el.mode, el.pads, el.head]), [
      '31415926',
      'model',
      8,
      0,
    ]);
    const good = await openFigure({
      lang: 'en',
      hash: '#attention.input=987&attention.mode=padding&attention.pads=2&attention.masked=0',
    });
    assert.deepEqual(await good.fig.evaluate((el) => [el.input, el.mode, el.pads, el.masked]), [
      '987',
      'padding',
      2,
      false,
    ]);
  });

  test('attention: padding lab — masked PAD keys get exactly 0 and real outputs do not move', async () => {
    const { fig } = await openFigure({ lang: 'en' });
    await press(fig, 'mode', 'padding');
    for (const pads of [1, 4, 8]) {
      await setSlider(fig, 'pads', pads);
      assert.equal(
        await fig.locator('[data-pad-weight]').getAttribute('data-pad-weight'),
        '0',
        `${pads} pads: PAD keys`,
      );
      assert.equal(await fig.locator('[data-delta]').getAttribute('data-delta'), '0', `${pads} pads: |Δ|`);
      // The drawn heatmap's PAD columns are exactly 0 too.
      const padCells = await fig.evaluate((el) => {
        const n = el._result.seqLen;
        const real = el._result.real.length;
        const a = el._result.attention[el.layer];
        const out = [];
        for (let row = 0; row < a.length / n; row++) for (let k = real; k < n; k++) out.push(a[row * n + k]);
        return out;
      });
      assert.ok(padCells.length > 0 && padCells.every((v) => v === 0));
    }
    assert.match(
      await readout(fig),
      /8 × <PAD>, mask On: largest weight on a PAD key 0, largest \|Δ\| of the real outputs 0\./,
    );
    await press(fig, 'mask', 'false');
    assert.ok(Number(await fig.locator('[data-pad-weight]').getAttribute('data-pad-weight')) > 0);
    assert.ok(Number(await fig.locator('[data-delta]').getAttribute('data-delta')) > 0);
    assert.match(await readout(fig), /mask Off/);

    // −∞ and large negatives against a row of scores, and a fully padded row (nw.softmax).
    const cells = (sel) => fig.locator(sel).allTextContents();
    assert.deepEqual(
      await cells('table[data-softmax] tbody td[data-bias="-Infinity"]'),
      ['0.723', '0.197', '0.080', '0', '0', '0'],
      'the mask: real keys share the weight, PAD keys and their total are exactly 0',
    );
    assert.deepEqual(
      await cells('table[data-softmax] tbody td[data-bias="-10000"]'),
      ['0.723', '0.197', '0.080', '0', '0', '0'],
      '−10⁴ underflows to exactly 0 in float32',
    );
    const leak = await cells('table[data-softmax] tr[data-key="pad-sum"] td[data-bias="-10"]');
    assert.notEqual(leak[0], '0', '−10 leaks weight to the PADs');
    assert.deepEqual(await cells('table[data-full] td[data-full="torch"]'), Array(5).fill('NaN'));
    assert.deepEqual(await cells('table[data-full] td[data-full="masked"]'), Array(5).fill('0'));
    assert.deepEqual(await cells('table[data-full] td[data-full="big"]'), Array(5).fill('0.200'));
  });

  test('attention: the sandbox shows pasted text as text, never as markup', async () => {
    const { page, fig } = await openFigure({ lang: 'en' });
    const dialogs = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      d.dismiss();
    });
    await press(fig, 'mode', 'sandbox');
    assert.equal(await fig.locator('input[data-control="text"]').inputValue(), 'The player won a silver medal');
    assert.equal(await fig.locator('.tokens button').count(), 6);
    const attack = '<img src=x onerror=alert(1)> <b>bold</b>';
    await typeInto(fig, 'text', attack);
    await page.waitForTimeout(200);
    const found = await fig.evaluate((el) => ({
      img: el.shadowRoot.querySelectorAll('img').length,
      b: el.shadowRoot.querySelectorAll('b').length,
      tokens: [...el.shadowRoot.querySelectorAll('.tokens button')].map((b) => b.textContent),
    }));
    assert.equal(found.img, 0);
    assert.equal(found.b, 0);
    assert.deepEqual(found.tokens, ['<img', 'src=x', 'onerror=alert(1)>', '<b>bold</b>']);
    assert.ok((await readout(fig)).includes('“<img”'));
    assert.deepEqual(dialogs, []);
    // Too many words: an error, and the figure keeps the last good sentence.
    await typeInto(fig, 'text', Array.from({ length: 13 }, (_, i) => `w${i}`).join(' '));
    assert.match(await fig.locator('#text-error').textContent(), /At most 12 tokens \(13 now\)/);
    assert.equal(await fig.locator('.tokens button').count(), 4);
  });

  test('attention: Korean by default, English with ?lang=en; the Korean sandbox sentence (the FFN figure’s six tokens)', async () => {
    const ko = await openFigure();
    assert.match(await ko.fig.locator('.title').textContent(), /셀프 어텐션/);
    assert.match(await readout(ko.fig), /모델 출력 1 1 2 3 4 5 6 9 ✓/);
    await press(ko.fig, 'mode', 'sandbox');
    assert.deepEqual(await ko.fig.locator('.tokens button').allTextContents(), [
      '그',
      '선수는',
      '어제',
      '결승에서',
      '은메달을',
      '땄다',
    ]);
    const en = await openFigure({ lang: 'en' });
    assert.match(await en.fig.locator('.title').textContent(), /Inside self-attention/);
    assert.match(await readout(en.fig), /Model output 1 1 2 3 4 5 6 9 ✓/);
  });

  test('attention: axe, phone width in every mode; screenshots', async () => {
    for (const [lang, colorScheme, width] of [
      ['ko', 'light', 1100],
      ['en', 'dark', 390],
    ]) {
      const { page, fig } = await openFigure({ lang, colorScheme, width, height: 844 });
      for (const mode of ['model', 'padding', 'sandbox']) {
        await press(fig, 'mode', mode);
        assert.deepEqual(await h.axe(page, '#attention'), [], `${lang} ${colorScheme} ${width} ${mode}`);
        assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px (${mode})`);
        await h.screenshot(fig, `attention-${mode}-${lang}-${colorScheme}-${width}.png`);
      }
    }
  });
});
