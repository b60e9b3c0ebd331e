// Helpers for testing figure elements with playwright-core, inside describeFigure (harness.mjs):
//   const { page, fig } = await h.figure('pe-heatmap', { lang: 'en', width: 390, colorScheme: 'dark' });
//   const before = await pixels(fig);  await setSlider(fig, 'd-model', 512);  assert.notEqual(await pixels(fig), before);
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';

import { appendElements, ready } from './harness.mjs';

export { appendElements, hasSidewaysScroll, ready, scrollThroughFigures, seriousViolations } from './harness.mjs';

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

/**
 * The page's URL hash once it holds every one of `parts` (a figure writes its state there once it
 * has been still for a moment); fails naming the parts missing after 10 s.
 */
export async function hashWith(page, parts) {
  try {
    await page.waitForFunction((ps) => ps.every((p) => location.hash.includes(p)), parts, { timeout: 10_000 });
  } catch {
    const hash = await page.evaluate(() => location.hash);
    assert.fail(`${parts.filter((p) => !hash.includes(p)).join(', ')} not in ${hash}`);
  }
  return page.evaluate(() => location.hash);
}

/** Waits for two idle periods of the page: the figures' idle-time work has had its turn. */
export const idle = (page) =>
  page.evaluate(() => new Promise((r) => requestIdleCallback(() => requestIdleCallback(r))));

/**
 * What shown(el) reads from the dragged figure and from a fresh element added as `markup` (id
 * "fresh", the same settings, computed once: the oracle). Resolves to { dragged, fresh }.
 */
export async function draggedAndFresh(page, fig, markup, shown) {
  await appendElements(page, markup);
  const fresh = page.locator('#fresh');
  await ready(fresh);
  return { dragged: await fig.evaluate(shown), fresh: await fresh.evaluate(shown) };
}

/** Whether text is the template with its {placeholders} filled in. */
export const fills = (text, template) =>
  new RegExp(
    `^${template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?')}$`,
    'su',
  ).test(text);
