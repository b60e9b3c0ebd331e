// What the LayerNorm figures share (<nw-depth-demo>, <nw-ln-steps>, <nw-ln-simulator>,
// <nw-ln-pipeline>): histogram bins, axis ticks and the look of
// their action buttons and number inputs, and the input controls of the two figures that draw one
// sampled vector. Numbers shown on screen still come from the library; these helpers only make
// inputs and lay out drawings.
import { html, css } from 'lit';
import { fmt } from './format.js';
import { normals } from './seeded-random.js';

/** Counts of values in `bins` equal bins over [lo, hi]; values outside land in the edge bins. */
export function histogram(values, lo, hi, bins) {
  const counts = new Uint32Array(bins);
  const scale = bins / (hi - lo);
  for (let k = 0; k < values.length; k++) {
    let b = Math.floor((values[k] - lo) * scale);
    b = b < 0 ? 0 : b >= bins ? bins - 1 : b;
    counts[b]++;
  }
  return counts;
}

/** The smallest of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10ᵏ that is ≥ v (v > 0). */
export function niceCeil(v) {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const m = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((c) => c * p >= v * (1 - 1e-9));
  return m * p;
}

/** About `count` ticks over [lo, hi] at a step of 1, 2 or 5 × 10ᵏ; returns { values, step }. */
export function ticks(lo, hi, count = 5) {
  const raw = (hi - lo) / Math.max(1, count);
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const values = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step)
    values.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return { values, step };
}

/** Digits after the point that labels on a tick step need. */
export function tickDigits(step) {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/** A float32 array of n copies of v (for γ and β vectors). */
export function filled(n, v) {
  return new Float32Array(n).fill(v);
}

export const normFigureStyles = css`
  .actions { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin: 0 0 10px; }
  .actions button, button.action { font: inherit; font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px;
    padding: 6px 12px; min-height: 32px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
  .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 6px 0 2px; padding: 0; list-style: none; font-size: 0.85rem; }
  .legend li { display: inline-flex; align-items: center; gap: 6px; }
  .legend svg { flex: none; }
  .plot svg { display: block; width: 100%; height: auto; }
  .grid { stroke: var(--nw-border); stroke-width: 1; }
  .grid.strong { stroke: var(--nw-muted); stroke-opacity: 0.7; }
  .zero { stroke: var(--nw-muted); stroke-width: 1; stroke-dasharray: 3 3; }
  .mu { stroke: var(--nw-accent); stroke-width: 2; }
  .sigma-band { fill: var(--nw-accent); fill-opacity: 0.12; }
  svg text.axis-title { fill: var(--nw-fg); font-size: 11.5px; }
  input[type='number'] { font: inherit; font-family: var(--nw-mono); font-size: 0.9rem; width: 100%; min-width: 0; min-height: 32px;
    padding: 3px 6px; color: var(--nw-fg); background: var(--nw-bg); border: 1px solid var(--nw-border); border-radius: 6px; }
`;

/**
 * The controls of a figure that normalises one vector of h values drawn from N(mean, std²) with a
 * seed (<nw-ln-simulator>, <nw-ln-steps>): a slider for each of `order` (h, mean, std, gamma,
 * beta; labelled by the strings `${ns}.${prop}`), the button `newSample` (its data-control name,
 * labelled by the camel-cased string: new-sample → `${ns}.newSample`) that draws a new sample, and
 * the LayerNorm parity badge.
 */
export function sampleControls(el, ns, order, newSample) {
  const slider = (prop) =>
    el.slider({ control: prop, id: prop, label: el.t(`${ns}.${prop}`), format: (v) => fmt(v, prop === 'h' ? 0 : 1) });
  const next = () => {
    el.seed = (el.seed % 999999) + 1;
  };
  const label = el.t(`${ns}.${newSample.replace(/-(\w)/g, (_, c) => c.toUpperCase())}`);
  return html`
    <div class="controls">${order.map(slider)}</div>
    <div class="actions">
      <button type="button" data-control=${newSample} @click=${next}>${label}</button>
      ${el.parityBadge('layerNorm')}
    </div>`;
}

/** The h standard normal draws of el's seed (kept on el until h or the seed changes). */
export function standardSample(el) {
  const key = `${el.h}:${el.seed}`;
  if (el._sampleKey !== key) {
    el._sample = normals(el.h, el.seed);
    el._sampleKey = key;
  }
  return el._sample;
}
