// Linked PE views: pointing at the heatmap sets the waves' and the properties' position and pair;
// the waves' play button sweeps the position and the others follow; the unit circle of property ③
// shows the rotation by M_k; a figure with no-link, or alone on a page, is unaffected.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { readout, hasSidewaysScroll, setSlider } from './figures.mjs';

describeFigure('the linked PE views', { teach: true }, (h) => {
  const BODY =
    '<nw-pe-heatmap id="heat"></nw-pe-heatmap><nw-pe-waves id="waves"></nw-pe-waves><nw-pe-properties id="props" panel="relative"></nw-pe-properties>';
  const settle = (page) =>
    page.evaluate(() => Promise.all([...document.querySelectorAll('main > *')].map((e) => e.updateComplete)));
  /** Brings a figure into view and lets it follow what it kept while it was off screen. */
  async function inView(fig) {
    await fig.scrollIntoViewIfNeeded();
    await fig.page().evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await settle(fig.page());
  }
  const offScreen = (fig) => fig.evaluate((el) => el.getBoundingClientRect().top > innerHeight + 100);

  /** Points at the heatmap cell (pos, column) with a pointer move, as a mouse would. */
  async function pointAt(heat, pos, col) {
    await heat.locator('.frame').evaluate(
      (f, [p, c]) => {
        const el = f.getRootNode().host;
        const r = f.getBoundingClientRect();
        f.dispatchEvent(
          new PointerEvent('pointermove', {
            bubbles: true,
            clientX: r.left + ((c + 0.5) / el.dModel) * r.width,
            clientY: r.top + ((p + 0.5) / el.seqLen) * r.height,
          }),
        );
      },
      [pos, col],
    );
  }

  test('PE views: the heatmap cursor moves the waves and the properties; the others move the heatmap', async () => {
    const { page } = await h.teach(BODY);
    const heat = page.locator('#heat'),
      waves = page.locator('#waves'),
      props = page.locator('#props');
    await inView(heat); // and the others' visibility observed (one frame after they move)
    await pointAt(heat, 14, 6); // sin of pair 3
    await settle(page);
    assert.match(await readout(heat), /PE\(pos=14, dim=6\)/);
    // A figure off screen keeps the message and follows it when the reader scrolls to it.
    assert.ok(await offScreen(props), 'the properties start below the screen');
    assert.deepEqual(await props.evaluate((el) => [el.pos, el.pair]), [3, 0], 'off screen: not yet followed');
    await inView(waves);
    assert.deepEqual(await waves.evaluate((el) => [el.pos, el.i, el.dModel]), [14, 3, 64]);
    await inView(props);
    assert.deepEqual(await props.evaluate((el) => [el.pos, el.pair]), [14, 3]);
    await inView(heat);
    assert.match(await readout(waves), /^pos = 14 · d_model = 64/);
    // The keyboard cursor publishes too (column 7 is the cos of pair 3: the same pair).
    await heat.locator('.frame').focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await inView(waves);
    assert.deepEqual(await waves.evaluate((el) => [el.pos, el.i]), [15, 3]);
    // The other way: the waves' pair slider and the circle's position slider move the heatmap cursor.
    await setSlider(waves, 'i', 5);
    await inView(heat);
    assert.match(await readout(heat), /PE\(pos=15, dim=10\) = sin/);
    await inView(props);
    await setSlider(props, 'circle-pos', 30);
    await inView(heat);
    assert.match(await readout(heat), /PE\(pos=30, dim=10\)/);
    await inView(waves);
    assert.equal(await waves.evaluate((el) => el.pos), 30);
    // d_model follows as well, so a pair means the same frequency everywhere.
    await setSlider(waves, 'd-model', 128);
    await inView(heat);
    assert.equal(await heat.evaluate((el) => el.dModel), 128);
    await inView(props);
    assert.equal(await props.evaluate((el) => el.dModel), 128);
  });

  test('PE views: the play button sweeps the position, and the heatmap follows it', async () => {
    const { page } = await h.teach(BODY);
    const heat = page.locator('#heat'),
      waves = page.locator('#waves');
    await setSlider(waves, 'pos', 0);
    await waves.locator('[data-control="play"]').click();
    assert.equal(await waves.locator('[data-control="play"]').getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(() => document.querySelector('#waves').pos >= 6);
    await waves.locator('[data-control="play"]').click();
    await settle(page);
    const pos = await waves.evaluate((el) => el.pos);
    assert.equal(await waves.locator('[data-control="play"]').getAttribute('aria-pressed'), 'false');
    assert.match(await readout(heat), new RegExp(`PE\\(pos=${pos},`));
    await page.waitForTimeout(300);
    assert.equal(await waves.evaluate((el) => el.pos), pos, 'paused');
  });

  test('PE views: the unit circle shows PE(pos + k) as PE(pos) turned by k·ω_i, whatever pos is', async () => {
    const { page } = await h.teach(
      '<nw-pe-properties id="props" panel="relative" k="5" pair="3" pos="14"></nw-pe-properties>',
    );
    const props = page.locator('#props');
    const note = async () => (await props.locator('.circle-wrap .note').textContent()).replace(/−/g, '-');
    const read = async () => {
      const t = await note();
      const [, qx, qy] = t.match(/pos \+ 5: \(([-\d.]+), ([-\d.]+)\)/);
      const [, rx, ry] = t.match(/M_k, \(([-\d.]+), ([-\d.]+)\)/);
      const [, angle] = t.match(/make ([\d.]+)°/);
      return { qx: +qx, qy: +qy, rx: +rx, ry: +ry, angle: +angle };
    };
    const a = await read();
    assert.ok(Math.abs(a.qx - a.rx) < 2e-3 && Math.abs(a.qy - a.ry) < 2e-3, 'the rotated point lands on PE(pos + k)');
    // 5·ω₃ with ω₃ = 10000^(−6/64): in degrees.
    const expected = (5 * 10000 ** (-6 / 64) * 180) / Math.PI;
    assert.ok(Math.abs(a.angle - expected) < 0.06, `${a.angle}° vs ${expected}°`);
    await setSlider(props, 'circle-pos', 40);
    const b = await read();
    assert.equal(b.angle, a.angle, 'the angle does not depend on pos');
    assert.ok(Math.abs(b.qx - b.rx) < 2e-3 && Math.abs(b.qy - b.ry) < 2e-3);
  });

  test('PE views: no-link opts a figure out; a lone figure works without the others', async () => {
    const { page } = await h.teach(
      '<nw-pe-heatmap id="heat"></nw-pe-heatmap><nw-pe-waves id="waves" no-link></nw-pe-waves>',
    );
    const heat = page.locator('#heat'),
      waves = page.locator('#waves');
    await pointAt(heat, 20, 8);
    await inView(waves);
    assert.deepEqual(await waves.evaluate((el) => [el.pos, el.i]), [10, 0], 'no-link: unchanged');
    await setSlider(waves, 'pos', 33);
    await inView(heat);
    assert.match(await readout(heat), /PE\(pos=20, dim=8\)/, 'no-link: publishes nothing');
  });

  test('PE views: axe and phone width with the circle view, both languages and themes', async () => {
    for (const [lang, colorScheme, width] of [
      ['ko', 'dark', 390],
      ['en', 'light', 1000],
    ]) {
      const { page } = await h.teach(BODY, { lang, colorScheme, width, height: 844 });
      await pointAt(page.locator('#heat'), 5, 4);
      await settle(page);
      for (const id of ['#heat', '#waves', '#props']) assert.deepEqual(await h.axe(page, id), [], id);
      assert.equal(await hasSidewaysScroll(page), false);
      await h.screenshot(page.locator('#props .circle-wrap'), `pe-circle-${lang}-${colorScheme}-${width}.png`);
    }
  });
});
