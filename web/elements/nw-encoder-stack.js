// <nw-encoder-stack>: N encoder layers (1–12) stacked on the same input — 8 seeded token
// embeddings plus the sinusoidal PE — with random weights from a fixed seed, like
// torch.nn.TransformerEncoder(TransformerEncoderLayer(64, 4, 256, activation='gelu',
// batch_first=True, norm_first=…), N, norm=LayerNorm(64) or None) in eval mode.
// After every layer the representation is summarized: per-token mean and standard deviation
// (nw.layerNormStats), the per-token norm ‖h_t‖ = √(d · (σ² + μ²)) from them, and the mean
// cosine similarity over all pairs of tokens. The states after each layer come from one
// forward(x, { hiddenStates: true }) (lib/encoder-layers.js), the last one checked against the output.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { WIRINGS } from '../lib/controls.js';
import { fmt, fmtSci } from '../lib/format.js';
import {
  ns,
  controls,
  claims,
  makeInput,
  fullRun,
  numbers,
  D_MODEL,
  N_HEADS,
  D_FF,
  TOKENS,
  LAYERS,
  WEIGHT_SEED,
} from '../lib/encoder-stack.js';
import { niceCeil } from '../lib/norm-figures.js';

const METRICS = [
  { key: 'norm', digits: 2 },
  { key: 'std', digits: 3 },
  { key: 'mean', digits: 3 },
  { key: 'cos', digits: 3 },
];

/**
 * Attributes: layers (N, 1–12, default 6), wiring ('post' | 'pre', default 'post'),
 * final-norm (a final LayerNorm after the stack, as in torch's TransformerEncoder(norm=...);
 * on by default and when present, off with final-norm="false"), lang, theme. The URL hash keeps them.
 */
export class NwEncoderStack extends NwElement {
  static controls = controls;

  static styles = [
    NwElement.styles,
    css`
    .formula { font-family: var(--nw-mono); font-size: 0.9rem; background: var(--nw-panel); border-radius: 6px; padding: 6px 10px; margin: 4px 0 8px; overflow-wrap: anywhere; }
    .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 6px 16px; }
    .chart p { margin: 0; font-size: 0.85rem; font-weight: 600; }
    .chart p .sub { font-weight: 400; color: var(--nw-muted); }
    .chart svg { display: block; max-width: 100%; height: auto; }
    .chart .grid { stroke: var(--nw-border); }
    .chart .ref { stroke: var(--nw-muted); stroke-dasharray: 5 4; }
    .chart .line { fill: none; stroke: var(--nw-accent); stroke-width: 2.2; }
    .chart .line.final { stroke-dasharray: 4 3; }
    .chart circle { fill: var(--nw-accent); }
    .chart circle.final { fill: var(--nw-bg); stroke: var(--nw-accent-2); stroke-width: 2.2; }
    .chart text.end { fill: var(--nw-fg); font-family: var(--nw-mono); font-size: 10.5px; }
    .chart text.ln-tick { fill: var(--nw-accent-2); font-weight: 650; }
    .table-wrap { overflow-x: auto; }
  `,
  ];

  constructor() {
    super();
    this._width = 0;
    this._input = null;
    this._runs = null;
    this._result = null;
  }

  /** The input every stack reads: TOKENS × D_MODEL, row-major (null until the library loads). */
  get input() {
    return this._input;
  }

  /** The nw.createEncoder config of the stack on screen. */
  get encoderConfig() {
    return {
      dModel: D_MODEL,
      nHeads: N_HEADS,
      dFF: D_FF,
      nLayers: this.layers,
      normFirst: this.wiring === 'pre',
      activation: 'gelu',
      finalNorm: this.finalNorm,
      seed: WEIGHT_SEED,
    };
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!this.nw) return;
    this._input ??= makeInput(this.nw);
    // The deepest stack once per wiring (both: the claims compare them); N layers are its first N
    // (see lib/encoder-layers.js), and the final LayerNorm is applied to layer N's output.
    this._runs ??= { post: fullRun(this.nw, 'post', this._input), pre: fullRun(this.nw, 'pre', this._input) };
    this._result = numbers(this.nw, this, this._runs);
  }

  _chart(metric, w) {
    const { layers, final } = this._result;
    const N = this.layers;
    const values = layers.map((s) => s[metric.key]);
    const finalValue = final ? final[metric.key] : null;
    const all = finalValue === null ? values : [...values, finalValue];
    const h = 150;
    const m = { left: 40, right: 12, top: 10, bottom: 24 };
    const iw = w - m.left - m.right,
      ih = h - m.top - m.bottom;
    const steps = N + (final ? 1 : 0);
    // Axes from 0 (norm, σ), symmetric about 0 (μ) or covering [0, 1] (cosine), at nice round ends.
    const peak = Math.max(...all.map(Math.abs));
    const [lo, hi] = {
      norm: [0, niceCeil(Math.max(peak, Math.sqrt(D_MODEL)) * 1.05)],
      std: [0, niceCeil(Math.max(peak, 1) * 1.05)],
      mean: [-niceCeil(Math.max(peak, 0.1)), niceCeil(Math.max(peak, 0.1))],
      cos: [Math.min(...all) < 0 ? -niceCeil(-Math.min(...all)) : 0, 1],
    }[metric.key];
    const X = (l) => m.left + (l / steps) * iw;
    const Y = (v) => m.top + (1 - (v - lo) / (hi - lo)) * ih;
    const yTicks = [lo, (lo + hi) / 2, hi];
    const digits = [0, 1, 2, 3].find((k) => yTicks.every((v) => Math.abs(Number(v.toFixed(k)) - v) < 1e-9)) ?? 3;
    const xTicks = [...new Set([0, Math.round(N / 2), N])];
    const ref =
      metric.key === 'norm' ? Math.sqrt(D_MODEL) : metric.key === 'std' ? 1 : metric.key === 'mean' ? 0 : null;
    const points = values.map((v, l) => `${X(l).toFixed(1)},${Y(v).toFixed(1)}`).join(' ');
    const last = finalValue ?? values[N];
    return html`<div class="chart">
      <p>${this.t(`encStack.${metric.key}`)} <span class="sub">${this.t(`encStack.${metric.key}Sub`)}</span></p>
      <svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img" data-metric=${metric.key} data-values=${all.join(',')}
        aria-label=${this.t('encStack.chartAria', { name: this.t(`encStack.${metric.key}`), first: fmt(values[0], metric.digits), last: fmt(last, metric.digits) })}>
        ${yTicks.map(
          (v) => svg`<line class="grid" x1=${m.left} x2=${w - m.right} y1=${Y(v)} y2=${Y(v)}></line>
          <text x=${m.left - 5} y=${Y(v) + 4} text-anchor="end">${fmt(v, digits)}</text>`,
        )}
        ${ref !== null ? svg`<line class="ref" x1=${m.left} x2=${w - m.right} y1=${Y(ref)} y2=${Y(ref)}></line>` : ''}
        ${xTicks.map((l) => svg`<text x=${X(l)} y=${h - m.bottom + 15} text-anchor="middle">${l}</text>`)}
        ${
          final
            ? svg`<text class="ln-tick" x=${X(N + 1)} y=${h - m.bottom + 15} text-anchor="middle">LN</text>
          <line class="line final" x1=${X(N)} x2=${X(N + 1)} y1=${Y(values[N])} y2=${Y(finalValue)}></line>`
            : ''
        }
        <polyline class="line" points=${points}></polyline>
        ${values.map((v, l) => svg`<circle cx=${X(l)} cy=${Y(v)} r="2.8"></circle>`)}
        ${final ? svg`<circle class="final" cx=${X(N + 1)} cy=${Y(finalValue)} r="4"></circle>` : ''}
      </svg>
    </div>`;
  }

  render() {
    if (!this.nw || !this._result) return this.renderLoading();
    const { layers, final, check } = this._result;
    const N = this.layers;
    const pre = this.wiring === 'pre';
    const full = Math.max(280, Math.min(720, this._width || 640));
    const w = this.columnWidth(full, 512);
    const last = layers[N];
    const row = (s) => ({ norm: fmt(s.norm, 3), std: fmt(s.std, 3), mean: fmt(s.mean, 3), cos: fmt(s.cos, 3) });
    const lastNumbers = row(last);
    const finalNumbers = final ? row(final) : null;
    const input = row(layers[0]);
    return html`
      <p class="title">${this.t('encStack.title')}</p>
      <p class="caption">${this.t('encStack.caption', { d: D_MODEL, heads: N_HEADS, dff: D_FF, tokens: TOKENS })}</p>
      <div class="controls">
        ${this.toggle({
          control: 'wiring',
          label: this.t('encStack.wiring'),
          options: WIRINGS,
        })}
        ${this.toggle({
          control: 'finalNorm',
          label: this.t('encStack.finalNorm'),
          options: [
            { value: false, label: this.t('encStack.off') },
            { value: true, label: this.t('encStack.on') },
          ],
        })}
        ${this.slider({ control: 'layers', label: this.t('encStack.layers') })}
      </div>
      <p class="formula">${pre ? 'h ← h + Sublayer(LN(h))' : 'h ← LN(h + Sublayer(h))'} × ${N}${this.finalNorm ? ' → LN(h)' : ''}</p>
      <div class="charts">${METRICS.map((metric) => this._chart(metric, w))}</div>
      <div class="readout" aria-live="polite" data-readout data-norm=${(final ?? last).norm} data-last-norm=${last.norm}
        data-cos=${(final ?? last).cos}>${this.t('encStack.readout', {
          wiring: pre ? 'Pre-LN' : 'Post-LN',
          n: N,
          finalNorm: this.t(this.finalNorm ? 'encStack.on' : 'encStack.off'),
          ...lastNumbers,
          inNorm: input.norm,
          inCos: input.cos,
          sqrt: fmt(Math.sqrt(D_MODEL), 3),
          d: D_MODEL,
        })}${finalNumbers ? `\n${this.t('encStack.readoutFinal', finalNumbers)}` : ''}</div>
      ${this.renderClaims(ns, claims, this._result)}
      <p class="caption">${this.t(pre ? 'encStack.explainPre' : 'encStack.explainPost')}</p>
      <p class="caption">${this.t('encStack.method', { check: check === 0 ? '0' : fmtSci(check), max: LAYERS.max })}</p>
      <details>
        <summary>${this.t('encStack.tableSummary')}</summary>
        <div class="table-wrap">
          <table>
            <thead><tr><th scope="col">${this.t('encStack.tableLayer')}</th>${METRICS.map((metric) => html`<th scope="col">${this.t(`encStack.${metric.key}Short`)}</th>`)}</tr></thead>
            <tbody>
              ${layers.map((s, l) => html`<tr><th scope="row">${l}</th>${METRICS.map((metric) => html`<td>${fmt(s[metric.key], 3)}</td>`)}</tr>`)}
              ${final ? html`<tr><th scope="row">LN</th>${METRICS.map((metric) => html`<td>${fmt(final[metric.key], 3)}</td>`)}</tr>` : ''}
            </tbody>
          </table>
        </div>
      </details>
      <div class="badges">${this.parityBadge('encoder')}</div>
    `;
  }
}

define('nw-encoder-stack', NwEncoderStack);
