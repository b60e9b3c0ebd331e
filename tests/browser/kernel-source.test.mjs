// <nw-kernel-source>, the articles' code ours: the C++ shown is the C++ in cpp/ and the PyTorch is
// scripts/article_code.py (markers removed); every step of every tab finds its lines; pointing at a
// line explains the step with the library's numbers and lights the same step in the LayerNorm and
// encoder figures on the page; the encoder tabs' op-by-op layer matches forward(); keyboard; axe,
// phone width, both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describeFigure } from './harness.mjs';
import { readout, hasSidewaysScroll } from './figures.mjs';

const TABS = ['positionalEncoding', 'layerNorm', 'ffn', 'preLnBlock', 'encoderLayer'];
const CPP = ['norms.cpp', 'positional_encoding.cpp', 'linear.cpp', 'encoder.cpp']
  .map((f) => readFileSync(new URL(`../../cpp/src/${f}`, import.meta.url), 'utf8'))
  .join('\n');
const PY = readFileSync(new URL('../../scripts/article_code.py', import.meta.url), 'utf8').replace(/\s+#@ \w+$/gm, '');
describeFigure('<nw-kernel-source> on a page of its own', { teach: true }, (h) => {
  const tab = async (fig, name) => {
    await fig.locator(`[data-control="kernel"] button[data-value="${name}"]`).click();
    await fig.evaluate((el) => el.updateComplete);
  };
  const listing = (fig, lang) =>
    fig.locator(`pre[data-lang="${lang}"] code`).evaluate((c) => c.textContent.replace(/\n$/, ''));

  test('kernel source: the C++ and the PyTorch shown are the files in the repository, every step finds its lines', async () => {
    const { page } = await h.teach('<nw-kernel-source id="ks"></nw-kernel-source>');
    const fig = page.locator('#ks');
    for (const name of TABS) {
      await tab(fig, name);
      const py = await listing(fig, 'python');
      for (const block of py.split('\n\n'))
        assert.ok(PY.includes(block.trim()), `${name}: PyTorch block verbatim:\n${block.slice(0, 80)}`);
      const steps = await fig
        .locator('[data-control="steps"] button')
        .evaluateAll((bs) => bs.map((b) => b.dataset.step));
      for (const impl of ['ref', 'fast']) {
        await fig.locator(`[data-control="impl"] button[data-value="${impl}"]`).click();
        await fig.evaluate((el) => el.updateComplete);
        const cpp = await listing(fig, 'cpp');
        for (const part of cpp.split('\n\n'))
          assert.ok(CPP.includes(part), `${name}/${impl}: C++ verbatim from cpp/src:\n${part.slice(0, 80)}`);
        const covered = new Set(
          (
            await fig
              .locator('pre[data-lang="cpp"] .line[data-steps]')
              .evaluateAll((ls) => ls.map((l) => l.dataset.steps))
          )
            .join(' ')
            .split(' '),
        );
        const noCpp = { positionalEncoding: { ref: ['add'], fast: ['pos', 'add'] } }[name]?.[impl] ?? [];
        for (const s of steps)
          if (!noCpp.includes(s)) assert.ok(covered.has(s), `${name}/${impl}: step ${s} has a C++ line`);
      }
      const pySteps = new Set(
        await fig
          .locator('pre[data-lang="python"] .line[data-step]')
          .evaluateAll((ls) => ls.map((l) => l.dataset.step)),
      );
      for (const s of steps) assert.ok(pySteps.has(s), `${name}: step ${s} has a PyTorch line`);
    }
  });

  test("kernel source: pointing at a line explains its step with the library's numbers", async () => {
    const { page } = await h.teach('<nw-kernel-source id="ks"></nw-kernel-source>');
    const fig = page.locator('#ks');
    assert.match(await readout(fig), /mean = 1\.0000, variance = 1\.6600/);
    await fig.locator('[data-parity][data-ok]').waitFor();
    assert.equal(await fig.locator('[data-parity]').getAttribute('data-ok'), 'true');
    await fig.locator('pre[data-lang="python"] .line[data-step="2"]').hover();
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.locator('[data-step-panel]').getAttribute('data-step-panel'), '2');
    assert.match(await fig.locator('[data-step-panel]').textContent(), /② variance σ²[\s\S]*σ² = 1\.6600/);
    assert.ok(
      (await fig.locator('pre[data-lang="cpp"] .line.active').count()) >= 2,
      'the C++ lines of step ② light up',
    );
    // PE: ω read back from the table; the sin step highlights the even columns.
    await tab(fig, 'positionalEncoding');
    await fig.locator('[data-control="steps"] button[data-step="omega"]').click();
    assert.match(await fig.locator('[data-step-panel]').textContent(), /ω = \[1\.0000, 0\.1000, 0\.0100, 0\.0010\]/);
    await fig.locator('[data-control="steps"] button[data-step="sin"]').click();
    assert.equal(await fig.locator('[data-pe-table] thead th.hl').count(), 4);
    // The encoder tabs: the layer computed op by op equals forward().
    for (const name of ['preLnBlock', 'encoderLayer']) {
      await tab(fig, name);
      const [, worst] = (await readout(fig)).match(/forward\(\): (\S+)/);
      assert.ok(worst === '0' || /×10⁻[6-9]/.test(worst), `${name}: ${worst}`);
      await fig.locator('[data-parity="encoder"][data-ok]').waitFor();
    }
    // The FFN: x·W₁ᵀ… in PyTorch's layout, explained.
    await tab(fig, 'ffn');
    await fig.locator('[data-control="steps"] button[data-step="act"]').click();
    assert.match(await fig.locator('[data-step-panel]').textContent(), /ReLU\(h\) = \[/);
  });

  test('kernel source: a step chosen in the code lights the same step in the LayerNorm and encoder figures, and back', async () => {
    const body =
      '<nw-kernel-source id="ks"></nw-kernel-source><nw-ln-steps id="steps"></nw-ln-steps><nw-ln-pipeline id="pipe"></nw-ln-pipeline><nw-encoder-block id="block"></nw-encoder-block>';
    const { page } = await h.teach(body);
    const ks = page.locator('#ks'),
      steps = page.locator('#steps'),
      pipe = page.locator('#pipe'),
      block = page.locator('#block');
    await ks.locator('pre[data-lang="python"] .line[data-step="3"]').hover();
    await page.evaluate(() => Promise.all([...document.querySelectorAll('main > *')].map((e) => e.updateComplete)));
    assert.equal(await pipe.locator('.formulas').getAttribute('data-active-step'), '3');
    assert.equal(await steps.locator('.plot').getAttribute('data-active-step'), '3');
    assert.equal(
      await steps.locator('[data-control="ln-step"] button[aria-pressed="true"]').getAttribute('data-step'),
      '3',
    );
    // And back: ④ chosen in the pipeline lights the code's line of step ④.
    await pipe.locator('button.step-title[data-step="4"]').click();
    await page.evaluate(() => Promise.all([...document.querySelectorAll('main > *')].map((e) => e.updateComplete)));
    assert.equal(await ks.locator('pre[data-lang="python"] .line.active').getAttribute('data-step'), '4');
    assert.equal(await steps.locator('.plot').getAttribute('data-active-step'), '4');
    // The Pre-LN block's "final" line outlines the final LayerNorm of the block figure (and shows its Pre-LN wiring).
    await ks.locator('[data-control="kernel"] button[data-value="preLnBlock"]').click();
    await ks.locator('pre[data-lang="python"] .line[data-step="final"]').first().hover();
    await block.evaluate((el) => el.updateComplete);
    assert.equal(await block.locator('svg[data-wiring]').getAttribute('data-wiring'), 'pre');
    assert.equal(await block.locator('[data-step="final"].active').count(), 1);
    await ks.locator('pre[data-lang="python"] .line[data-step="attn"]').first().hover();
    await block.evaluate((el) => el.updateComplete);
    assert.equal(await block.locator('[data-step="attn"].active').count(), 1);
  });

  test('kernel source: keyboard — tabs with arrows, code lines with ↑/↓', async () => {
    const { page } = await h.teach('<nw-kernel-source id="ks"></nw-kernel-source>');
    const fig = page.locator('#ks');
    await fig.locator('[role="tab"][aria-selected="true"]').focus();
    await page.keyboard.press('ArrowRight');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.kernel), 'ffn');
    await page.keyboard.press('ArrowLeft');
    await fig.evaluate((el) => el.updateComplete);
    await fig.locator('pre[data-lang="python"] .line[tabindex="0"]').focus();
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.step), '1');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await fig.evaluate((el) => el.updateComplete);
    assert.equal(await fig.evaluate((el) => el.step), '3');
    assert.match(await fig.locator('[data-step-panel]').textContent(), /③ normalize x̂/);
  });

  test('kernel source: axe, phone width, Korean and English, light and dark', async () => {
    for (const [lang, colorScheme, width, kernel] of [
      ['ko', 'light', 1000, 'layerNorm'],
      ['en', 'dark', 390, 'preLnBlock'],
    ]) {
      const { page } = await h.teach(`<nw-kernel-source id="ks" kernel="${kernel}"></nw-kernel-source>`, {
        lang,
        colorScheme,
        width,
        height: 844,
      });
      const fig = page.locator('#ks');
      await fig.locator('[data-control="steps"] button').nth(1).click();
      assert.deepEqual(await h.axe(page, '#ks'), []);
      assert.equal(await hasSidewaysScroll(page), false);
      await h.screenshot(fig, `kernel-source-${kernel}-${lang}-${colorScheme}-${width}.png`);
    }
  });
});
