// Helpers for testing figure elements in the article page (or any page) with playwright-core.
//   const page = await openPage(browser, site, { lang: 'en', width: 390, colorScheme: 'dark' });
//   const fig = page.locator('#pe-heatmap');
//   const before = await pixels(fig);  await setSlider(fig, 'd-model', 512);  assert.notEqual(await pixels(fig), before);
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { collectErrors, SCREENSHOT_DIR } from './harness.mjs';

/** Opens the page (default: the article in `lang`) and waits until it is ready. */
export async function openPage(
  browser,
  site,
  { path, lang, width = 1100, height = 900, colorScheme = 'light', hash = '', islands = false } = {},
) {
  // axe needs a page from an explicit context.
  const context = await browser.newContext({ viewport: { width, height }, colorScheme });
  const page = await context.newPage();
  page.on('close', () => context.close().catch(() => {}));
  const log = collectErrors(page);
  // The article is dist/index.html (Korean) and dist/en/index.html; `lang` picks one.
  path ??= lang === 'en' ? '/en/' : '/';
  await page.goto(`${site.url}${path}${hash}`);
  await page.waitForFunction(
    () => document.body.dataset.state === 'ready' || document.body.dataset.state === 'error',
    null,
    { timeout: 20_000 },
  );
  // The article's figures are islands that load near the viewport. A test wakes the figure it
  // works with by ready(fig) (a reader scrolls to it); islands: true wakes them all (a reader's
  // scroll through the whole page, about 5 s).
  if (islands) await scrollThroughFigures(page);
  return { page, log };
}

/** Waits until the element (a locator) has rendered its figure from the library. */
export async function ready(fig) {
  // A reader scrolls to a figure: its island loads near the viewport, and <nw-attention> fetches
  // its model only then.
  await fig.scrollIntoViewIfNeeded();
  await fig.locator('[data-readout]').first().waitFor({ timeout: 20_000 });
}

/**
 * Moves the range input with data-control=id inside the element through values, firing an
 * input event per step (as a drag does), and waits for the element to re-render after each.
 */
export async function setSlider(fig, id, ...values) {
  for (const v of values) {
    await fig.locator(`input[data-control="${id}"]`).evaluate((input, value) => {
      input.value = String(value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, v);
    await fig.evaluate((el) => el.updateComplete);
  }
}

/** A hash of everything the element draws: canvas pixels and SVG markup in its shadow root. */
export async function pixels(fig) {
  const parts = await fig.evaluate(async (el) => {
    await el.updateComplete;
    const out = [];
    for (const c of el.shadowRoot.querySelectorAll('canvas')) out.push(c.width + 'x' + c.height + ':' + c.toDataURL());
    for (const s of el.shadowRoot.querySelectorAll('svg')) out.push(s.outerHTML);
    return out;
  });
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/** The text of the element's aria-live readout. */
export async function readout(fig) {
  return (await fig.locator('[data-readout]').first().textContent()).trim();
}

/** axe-core on one element (or the page); returns serious and critical violations only. */
export async function seriousViolations(page, include) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Whether the page scrolls sideways (for phone widths). */
export async function hasSidewaysScroll(page) {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);
}

/** Runs fn(page) on a fresh English page (openPage options), then checks nothing logged an error. */
export async function onPage(browser, site, options, fn) {
  const { page, log } = await openPage(browser, site, { lang: 'en', ...options });
  try {
    await fn(page);
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual(log.consoleErrors, []);
  } finally {
    await page.close();
  }
}

/**
 * Scrolls every figure of the page into view in turn, as a reader would, then back to the top.
 * On the article each figure is an island (web/page.js) that loads near the viewport: a first
 * pass wakes them all, a second (once all are defined) lets figures that wait to be near (the
 * attention model) start, then every figure has drawn (data-island="drawn").
 */
export function scrollThroughFigures(page) {
  return page.evaluate(async () => {
    const figures = [...document.querySelectorAll('main *')].filter((e) => e.tagName.startsWith('NW-'));
    const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const until = async (ok, ms = 60_000) => {
      for (const t0 = Date.now(); !ok() && Date.now() - t0 < ms;) await new Promise((r) => setTimeout(r, 25));
    };
    const pass = async () => {
      for (const e of figures) {
        e.scrollIntoView();
        await frames();
      }
    };
    await pass();
    await until(() => figures.every((e) => !e.dataset.island || customElements.get(e.localName)));
    await pass();
    const settled = (e) => !e.dataset.island || e.dataset.island === 'drawn' || e.dataset.island === 'failed';
    await until(() => figures.every(settled));
    window.scrollTo(0, 0);
    // A figure that never settles fails here, by name, rather than as a time-out of the whole file.
    const stuck = figures
      .filter((e) => !settled(e))
      .map(
        (e) =>
          `${e.id || e.localName}: ${e.dataset.island}, ${
            customElements.get(e.localName) ? 'defined' : 'undefined'
          }, ${e.shadowRoot?.querySelector('.badge.parity:not([data-ok])') ? 'parity pending' : ''}`,
      );
    if (stuck.length) throw new Error(`figures that did not draw within a minute: ${stuck.join('; ')}`);
  });
}

/** Wakes one figure of the article (scrolls to it) and waits until it is defined. */
export async function wake(fig) {
  await fig.scrollIntoViewIfNeeded();
  await fig.evaluate((el) => customElements.whenDefined(el.localName));
}

/**
 * One pass over the page: every range input of every figure through five positions, firing input
 * events and waiting for each re-render. Resolves to the number of moves.
 */
export function dragEverySlider(page) {
  return page.evaluate(async () => {
    let moved = 0;
    for (const el of document.querySelectorAll('main *')) {
      if (!el.tagName.startsWith('NW-') || !el.shadowRoot) continue;
      for (const input of el.shadowRoot.querySelectorAll('input[type=range]')) {
        const min = Number(input.min),
          max = Number(input.max);
        for (const f of [0.1, 0.9, 0.5, 1, 0]) {
          input.value = String(min + f * (max - min));
          input.dispatchEvent(new Event('input', { bubbles: true }));
          await el.updateComplete;
          moved++;
        }
      }
    }
    return moved;
  });
}

/**
 * Appends elements given as simple markup (`<nw-ffn id="x" lang="en"></nw-ffn>…`, attributes
 * only, no content) to the page's body with DOM calls: pages served with the article's policy
 * (require-trusted-types-for 'script') refuse insertAdjacentHTML with a string.
 */
export function appendElements(page, markup) {
  const specs = [...markup.matchAll(/<([a-z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*>/g)].map(([, tag, attrs]) => [
    tag,
    [...attrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k, v ?? '']),
  ]);
  return page.evaluate((list) => {
    for (const [tag, attrs] of list) {
      const el = document.createElement(tag);
      for (const [k, v] of attrs) el.setAttribute(k, v);
      document.body.append(el);
    }
  }, specs);
}

/** The number after "label = " in a readout (readouts use the real minus sign U+2212). */
export function number(text, label) {
  const esc = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = text.match(new RegExp(`${esc} = (−?\\d+(?:\\.\\d+)?)`));
  assert.ok(m, `"${label} = …" in ${JSON.stringify(text)}`);
  return Number(m[1].replace('−', '-'));
}

/** Waits until every parity badge of the figure has finished, and returns their data-ok values. */
export async function parityResults(fig) {
  await fig.evaluate(
    (el) =>
      new Promise((resolve) => {
        const done = () => [...el.shadowRoot.querySelectorAll('[data-parity]')].every((b) => b.hasAttribute('data-ok'));
        const poll = () => (done() ? resolve() : setTimeout(poll, 50));
        poll();
      }),
  );
  return fig.evaluate((el) =>
    [...el.shadowRoot.querySelectorAll('[data-parity]')].map((b) => `${b.dataset.parity}:${b.dataset.ok}`),
  );
}

/**
 * The checks every figure file ends with, for the figure #id of the article: its title in Korean
 * (by default) and English (?lang=en), axe clean in a light desktop and a dark phone page, no
 * sideways scroll, a screenshot of each (build/screenshots/<prefix><id>-<lang>-<theme>-<width>.png).
 * settle(fig, page, { lang, colorScheme, width }) runs once the figure is ready: it waits for what
 * the figure still computes (e.g. its parity badges) and may check more of that page.
 */
export async function axeAndScreenshots(browser, site, id, titles, settle = async () => {}, { prefix = '' } = {}) {
  for (const [lang, colorScheme, width] of [
    ['ko', 'light', 1100],
    ['en', 'dark', 390],
  ]) {
    const { page, log } = await openPage(browser, site, { lang, colorScheme, width, height: 844 });
    const fig = page.locator(`#${id}`);
    await ready(fig);
    await settle(fig, page, { lang, colorScheme, width });
    assert.match(await fig.locator('.title').textContent(), titles[lang], `${id} in ${lang}`);
    assert.deepEqual(await seriousViolations(page, `#${id}`), [], `${id} ${lang} ${colorScheme}`);
    assert.equal(await hasSidewaysScroll(page), false, `no sideways scroll at ${width}px`);
    await fig.scrollIntoViewIfNeeded();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await fig.screenshot({ path: `${SCREENSHOT_DIR}/${prefix}${id}-${lang}-${colorScheme}-${width}.png` });
    assert.deepEqual(log.pageErrors, []);
    assert.deepEqual(log.consoleErrors, []);
    await page.close();
  }
}

/**
 * settle for axeAndScreenshots of the LayerNorm figures of §6–§8 (depth demo, steps, pipeline,
 * simulator): the LayerNorm parity badge passes, the figure took the page's theme, and it ends
 * inside the page at this width.
 */
export async function layerNormFigureSettled(fig, page, { colorScheme, width }) {
  const id = await fig.getAttribute('id');
  assert.equal(await fig.getAttribute('data-resolved-theme'), colorScheme);
  await fig.locator('[data-parity="layerNorm"][data-ok="true"]').waitFor({ timeout: 10_000 });
  assert.ok(
    await fig.evaluate((el) => el.getBoundingClientRect().right <= document.documentElement.clientWidth + 0.5),
    `${id} fits ${width}px`,
  );
}

/** The tag names of the figure's SVGs, controls, readout and tables that reach past its right edge. */
export function partsPastTheEdge(fig) {
  return fig.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.shadowRoot.querySelectorAll('svg, .controls, .readout, table')]
      .filter((n) => n.getBoundingClientRect().right > box.right + 1)
      .map((n) => n.tagName);
  });
}

/** Runs act and checks that it changed both the drawing and the readout. */
export async function changes(fig, what, act) {
  const hash = await pixels(fig);
  const text = await readout(fig);
  await act();
  await fig.evaluate((el) => el.updateComplete);
  assert.notEqual(await pixels(fig), hash, `${what} changes the drawing`);
  assert.notEqual(await readout(fig), text, `${what} changes the readout`);
}

/** Whether every range input of the element shows its property's value (thumb in the right place). */
export async function slidersInPlace(fig, props) {
  const got = await fig.evaluate(
    (el, ps) =>
      Object.entries(ps).map(([id, p]) => [
        id,
        Number(el.shadowRoot.querySelector(`input[data-control="${id}"]`).value),
        el[p],
      ]),
    props,
  );
  for (const [id, shown, value] of got)
    assert.equal(shown, value, `slider ${id} shows ${shown}, the element holds ${value}`);
}

/** Presses key on the control and waits for the element to re-render. */
export async function press(page, fig, selector, key) {
  await fig.locator(selector).focus();
  await page.keyboard.press(key);
  await fig.evaluate((el) => el.updateComplete);
}

/** LayerNorm's ε in the library, for the tests' own LayerNorm computations. */
export const EPS = 1e-5;

/** "5.65×10¹⁶", "−0.300" or "1.000" (readout formats) as a number. */
export function parseNumber(s) {
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

/** The readouts' fixed-point format (real minus sign, no "−0.000"). */
export function fmt(v, digits = 3) {
  let s = v.toFixed(digits);
  if (/^-0\.?0*$/.test(s)) s = s.slice(1);
  return s.replace('-', '−');
}

/** Mean and variance (divided by n, as LayerNorm does) of an array, in float64. */
export function meanVar(v) {
  const m = v.reduce((a, b) => a + b, 0) / v.length;
  return { mean: m, variance: v.reduce((a, b) => a + (b - m) ** 2, 0) / v.length };
}

/** Asserts |a − b| ≤ tol. */
export const near = (a, b, tol, what) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b} (tolerance ${tol})`);
