// <nw-ffn> (§13): the position-wise feed-forward network. ReLU and GELU from the library agree
// with max(0, x) and x·Φ(x) computed here from erf; nudging one token changes only its own output
// row (a float64 FFN here agrees), a whole encoder layer changes every row; every control redraws
// and changes the readout, the keyboard works, the comparison encoder is not leaked; URL state,
// alone on a page, axe, nothing wider than the figure at 390 px, both languages and themes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFigure } from './harness.mjs';
import { changes, number, partsPastTheEdge, readout, setSlider, idle, draggedAndFresh } from './figures.mjs';

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

/** Waits until the page has had n idle periods (requestIdleCallback), one after the other. */
const idlePeriods = (page, n) =>
  page.evaluate(async (count) => {
    for (let k = 0; k < count; k++) await new Promise((r) => requestIdleCallback(() => r()));
  }, n);

describeFigure('<nw-ffn> in the article', (h) => {
  test('ffn: ReLU and GELU from the library agree with max(0, x) and x·Φ(x) computed from erf', async (t) => {
    const { fig } = await h.figure('ffn', { lang: 'en' });
    const curve = await fig.evaluate((el) => {
      const s = el.shadowRoot.querySelector('svg[data-gelu]');
      return {
        x: s.dataset.x.split(',').map(Number),
        relu: s.dataset.relu.split(',').map(Number),
        gelu: s.dataset.gelu.split(',').map(Number),
      };
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
      const r = await fig
        .locator('[data-readout]')
        .evaluate((el) => ({ relu: +el.dataset.relu, gelu: +el.dataset.gelu }));
      assert.equal(r.relu, relu(Math.fround(x)), `ReLU(${x})`);
      assert.ok(Math.abs(r.gelu - gelu(Math.fround(x))) < 1e-6, `GELU(${x}) = ${r.gelu}, want ${gelu(x)}`);
      const text = await readout(fig);
      assert.equal(number(text, 'GELU'), Number(gelu(x).toFixed(3)), text);
      assert.equal(number(text, 'ReLU'), Number(relu(x).toFixed(3)), text);
    }
  });

  test('ffn: nudging a token changes only its own output row; others are exactly 0; a whole layer changes every row', async () => {
    const { page, fig } = await h.figure('ffn', { lang: 'en' });
    const state = () =>
      fig.evaluate((el) => {
        const r = el.shadowRoot.querySelector('[data-readout]').dataset;
        const s = el.shadowRoot.querySelector('svg[data-row-max]').dataset;
        return {
          token: el.token,
          nudge: el.nudge,
          self: +r.self,
          rest: r.rest,
          layerRest: +r.layerRest,
          rows: s.rowMax.split(',').map(Number),
          layer: s.layerMax.split(',').map(Number),
        };
      });
    /** The chosen row's FFN output in float64 from the element's own weights, vs the library's |Δ|. */
    const reference = () =>
      fig.evaluate((el) => {
        const { d, dff, l1, l2, input, direction, base } = el.network;
        const act =
          el.activation === 'gelu'
            ? (v) => {
                const z = v / Math.SQRT2;
                const tt = 1 / (1 + 0.3275911 * Math.abs(z));
                const e =
                  1 -
                  ((((1.061405429 * tt - 1.453152027) * tt + 1.421413741) * tt - 0.284496736) * tt + 0.254829592) *
                    tt *
                    Math.exp(-z * z);
                return 0.5 * v * (1 + Math.sign(z) * e);
              }
            : (v) => Math.max(0, v);
        const x = Array.from({ length: d }, (_, k) => input[el.token * d + k] + el.nudge * direction[k]);
        const hidden = Array.from({ length: dff }, (_, j) =>
          act(l1.bias[j] + x.reduce((s, v, k) => s + v * l1.weight[j * d + k], 0)),
        );
        const y = Array.from(
          { length: d },
          (_, i) => l2.bias[i] + hidden.reduce((s, v, j) => s + v * l2.weight[i * dff + j], 0),
        );
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
      if (s.nudge !== 0)
        assert.ok(s.layerRest > 1e-3, `${why}: a whole encoder layer moves the other rows too (${s.layerRest})`);
      const text = await readout(fig);
      assert.match(text, /the other 5 tokens: max \|Δ\| = 0\n/);
      return s;
    };
    await verify('default');
    assert.match(await readout(fig), /token 2 “player” nudged by δ = 1\.0/);
    await changes(fig, 'token', () => fig.locator('[data-control="token"] button[data-value="4"]').click());
    assert.equal(
      await fig.locator('[data-control="token"] button[data-value="4"]').getAttribute('aria-pressed'),
      'true',
    );
    await verify('token 4');
    await changes(fig, 'nudge', () => setSlider(fig, 'nudge', 0.5, -1.2, -2.5));
    await verify('nudge −2.5');
    await changes(fig, 'd_model', () => setSlider(fig, 'd-model', 24, 64));
    await verify('d_model 64');
    assert.match(
      await fig.locator('.formula').textContent(),
      /d_ff = 4 × d_model = 4 × 64 = 256 · FFN parameters 33,088/,
    );
    await changes(fig, 'ratio', () => setSlider(fig, 'ratio', 2, 8));
    await verify('ratio 8');
    await changes(fig, 'activation', () =>
      fig.locator('[data-control="activation"] button[data-value="gelu"]').click(),
    );
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

  test('ffn: the comparison encoders of recent sizes are kept (at most 6), the others freed, all freed on removal', async () => {
    const { page, fig } = await h.figure('ffn', { lang: 'en' });
    // Untouched, the figure keeps only the network on screen: no idle-time builds on page load.
    await idlePeriods(page, 3);
    assert.equal(await fig.evaluate((el) => el._nets.size), 1, 'networks kept before any slider moved');
    // Every network the element builds from here on, by its own build, prefetches included.
    await fig.evaluate((el) => {
      const build = el._build.bind(el);
      el._built = [];
      el._build = (...args) => {
        const net = build(...args);
        el._built.push(net);
        return net;
      };
    });
    await setSlider(fig, 'd-model', 128, 120, 112, 16, 24, 32, 128, 64);
    await setSlider(fig, 'ratio', 8, 7, 1, 2, 4);
    await idlePeriods(page, 6); // idle-time builds of the neighbours, one per idle period
    const state = () =>
      fig.evaluate((el) => {
        const kept = new Set(el._nets.values());
        return {
          built: el._built.length,
          kept: kept.size,
          onScreenKept: kept.has(el.network),
          keptLive: [...kept].every((n) => !n.encoder.disposed),
          evictedFreed: el._built.filter((n) => !kept.has(n)).every((n) => n.encoder.disposed),
        };
      });
    const s = await state();
    assert.ok(s.built > 6, `built ${s.built} networks`);
    assert.ok(s.kept <= 6, `kept ${s.kept}`);
    assert.deepEqual([s.onScreenKept, s.keptLive, s.evictedFreed], [true, true, true]);
    // Going back to a kept size builds nothing (counted as soon as the update is done: the
    // idle-time builds of its neighbours come after).
    const back = await fig.evaluate(async (el) => {
      const key = [...el._nets.keys()].find((k) => el._nets.get(k) !== el.network);
      const before = el._built.length;
      [el.dModel, el.ratio] = key.split(':').map(Number);
      await el.updateComplete;
      return { key, built: el._built.length - before, onScreen: el.network === el._nets.get(key) };
    });
    assert.deepEqual(back, { key: back.key, built: 0, onScreen: true }, `back to ${back.key}`);
    const freed = await fig.evaluate((el) => {
      const all = el._built;
      el.remove();
      return all.every((n) => n.encoder.disposed) && el._nets.size === 0;
    });
    assert.ok(freed, 'every encoder is disposed once the element is removed');
  });

  test('the URL hash restores its state, garbage clamped', async () => {
    const hash = '#ffn.dModel=40&ffn.ratio=99&ffn.activation=tanh&ffn.token=-3&ffn.nudge=2.04&ffn.x=-9';
    const { fig } = await h.figure('ffn', { lang: 'en', hash });
    const state = await fig.evaluate((el) => ({
      ...Object.fromEntries(Object.keys(el.constructor.urlState).map((k) => [k, el[k]])),
    }));
    assert.deepEqual(state, { dModel: 40, ratio: 8, activation: 'relu', token: 0, nudge: 2, x: -4 });
  });

  test('works alone, from attributes, outside the article page', async () => {
    const { fig: ffn } = await h.solo(
      '<nw-ffn id="solo-ffn" no-url-state d-model="8" ratio="2" activation="gelu" token="5" nudge="-1" x="-0.5" lang="en" theme="dark"></nw-ffn>',
    );
    const text = await readout(ffn);
    assert.match(text, /^x = −0\.5: ReLU = 0\.000 · GELU = −0\.154/);
    assert.match(text, /d_ff = 2 × 8 = 16 · FFN parameters 280 \(GELU\)/);
    assert.match(text, /token 6 “medal” nudged by δ = −1\.0: .* the other 5 tokens: max \|Δ\| = 0\n/);
    assert.equal(await ffn.getAttribute('data-resolved-theme'), 'dark');
  });

  test('axe, phone width, Korean by default and English with ?lang=en, both themes; screenshots', async () => {
    await h.axeAndScreenshots(
      'ffn',
      { ko: /피드포워드 네트워크/, en: /The feed-forward network/ },
      async (fig, page, { width }) => {
        // Nothing inside the figure is wider than the figure.
        assert.deepEqual(await partsPastTheEdge(fig), [], `ffn fits ${width}px`);
      },
      { prefix: 'encoder-' },
    );
  });

  test('ffn: after a drag of every slider (results kept per network, token and δ) the figure shows a fresh computation of the last setting', async () => {
    const { page, fig } = await h.figure('ffn', { lang: 'en' });
    await setSlider(fig, 'd-model', 128, 120, 128, 120);
    await idle(page);
    await setSlider(fig, 'ratio', 8, 7, 8);
    await setSlider(fig, 'nudge', 3, 2.5, 3, -1.2, 2.5);
    await setSlider(fig, 'x', 4, -0.7, 3.9, -0.7);
    await setSlider(fig, 'd-model', 128, 120);
    await setSlider(fig, 'nudge', 3, 2.5);
    // A fresh element with the same settings builds one network and runs one nudge: the oracle.
    const shown = (el) => ({
      state: [el.dModel, el.ratio, el.nudge, el.x, el.token],
      readout: el.shadowRoot.querySelector('[data-readout]').textContent,
      data: { ...el.shadowRoot.querySelector('[data-readout]').dataset },
      rows: { ...el.shadowRoot.querySelector('svg[data-row-max]').dataset },
      delta: Array.from(el._result.delta),
      claims: [...el.shadowRoot.querySelectorAll('[data-claim]')].map((c) => c.textContent),
    });
    const { dragged, fresh } = await draggedAndFresh(
      page,
      fig,
      '<nw-ffn id="fresh" lang="en" no-url-state d-model="120" ratio="8" nudge="2.5" x="-0.7"></nw-ffn>',
      shown,
    );
    assert.deepEqual(dragged.state, [120, 8, 2.5, -0.7, 1]);
    assert.deepEqual(dragged, fresh);
  });
});
