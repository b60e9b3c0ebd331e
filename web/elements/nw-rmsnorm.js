// <nw-rmsnorm>: LayerNorm and RMSNorm on the same 8 values, side by side. LayerNorm subtracts the
// mean and divides by the standard deviation; RMSNorm only divides by RMS(x) = sqrt(mean(x²) + ε),
// so its output keeps the sign of the input's mean. Both from the kernels (nw.layerNormWithStats,
// nw.rmsNormWithStats; γ the same for every feature, β = 0), plus a timing of both kernels on a
// 512 × 4096 input in this browser.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import { normals } from '../lib/seeded-random.js';
import { ns, controls, claims, measure, DEFAULT_VALUES, H } from '../lib/rmsnorm.js';

/** The timed input, and how often: warm-up calls first (they let the engine optimize both kernels). */
const BENCH = { rows: 512, cols: 4096, runs: 9, warmup: 3 };

const median = (a) => {
  const s = [...a].sort((p, q) => p - q);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * Attributes: gamma (γ for every feature, 0–2, default 1), shift (added to every input value,
 * −2…2, default 0), values (the 8 inputs before the shift, comma-separated, default
 * "1.2,-0.4,0.9,-1.1,0.3,2,-0.6,0.5"), lang, theme. The URL hash keeps gamma and shift.
 * The timing runs once after the first render and again on "measure".
 */
export class NwRmsnorm extends NwElement {
  static controls = controls;

  static properties = {
    values: { type: String },
    _timing: { state: true },
    _measuring: { state: true },
  };

  static styles = [
    NwElement.styles,
    css`
    .panels { display: grid; grid-template-columns: 1fr; gap: 12px; }
    .panels.wide { grid-template-columns: 1fr 1fr; }
    .panel { min-width: 0; }
    .panel-title { font-weight: 600; font-size: 0.92rem; margin: 0; }
    .panel-sub { font-size: 0.8rem; color: var(--nw-muted); margin: 0 0 2px; font-family: var(--nw-mono); }
    svg { display: block; max-width: 100%; height: auto; }
    svg .axis { stroke: var(--nw-border); }
    svg .zero { stroke: var(--nw-muted); }
    svg .ghost { fill: none; stroke: var(--nw-muted); stroke-dasharray: 3 2; }
    svg .ln { fill: var(--nw-accent-2); }
    svg .rms { fill: var(--nw-accent); }
    svg .mean { stroke: var(--nw-fg); stroke-width: 2; stroke-dasharray: 6 3; }
    svg text.mean-label { fill: var(--nw-fg); font-size: 10.5px; }
    svg text.value { font-family: var(--nw-mono); font-size: 9.5px; }
    .legend { display: flex; flex-wrap: wrap; gap: 2px 14px; font-size: 0.8rem; color: var(--nw-muted); margin: 4px 0; }
    .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; vertical-align: -2px; margin-right: 4px; }
    .swatch.ghost { border: 1.5px dashed var(--nw-muted); }
    .swatch.mean { height: 0; border-top: 2px dashed var(--nw-fg); vertical-align: 4px; width: 18px; }
    .inputs { font-family: var(--nw-mono); font-size: 0.82rem; color: var(--nw-muted); margin: 0 0 8px; overflow-wrap: anywhere; }
    .timing { margin-top: 12px; border-top: 1px solid var(--nw-border); padding-top: 10px; }
    .timing-head { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 14px; }
    .timing-head button { font: inherit; font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 6px 12px; min-height: 32px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .timing-head button[aria-disabled='true'] { opacity: 0.6; cursor: progress; }
    .timing svg .bar-ln { fill: var(--nw-accent-2); }
    .timing svg .bar-rms { fill: var(--nw-accent); }
    .timing svg .bar-copy { fill: none; stroke: var(--nw-muted); stroke-dasharray: 4 3; }
    .timing svg text.label { fill: var(--nw-fg); font-size: 12px; }
  `,
  ];

  constructor() {
    super();
    this.values = DEFAULT_VALUES.join(',');
    this._width = 0;
    this._timing = null;
    this._measuring = false;
    this._runs = 0;
    this._big = null;
  }

  disconnectedCallback() {
    clearTimeout(this._timer);
    super.disconnectedCallback();
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!this.nw) return;
    this._result = measure(this.nw, { gamma: this.gamma, shift: this.shift, values: this.values });
  }

  updated(changed) {
    super.updated(changed);
    if (this.nw && !this._timing && !this._measuring && !this._timer)
      this._timer = setTimeout(() => this._measure(), 60);
  }

  /**
   * Times nw.layerNorm, nw.rmsNorm and, as a baseline, nw.activation(·, 'relu') on 512 × 4096
   * values: 3 warm-up calls each, then 9 rounds in rotating order; the median of each. Every call
   * copies the 8 MiB input into wasm memory and the output back out; the ReLU call does the same
   * copying with almost no arithmetic, so it shows how much of each time is the copy.
   */
  _measure() {
    if (this._measuring) return;
    this._measuring = true;
    clearTimeout(this._timer);
    this._timer = setTimeout(() => {
      const { rows, cols, runs } = BENCH;
      this._big ??= normals(rows * cols, 0xbe7c, { mean: 0.5, std: 1.5 });
      const big = this._big;
      const time = (f) => {
        const t0 = performance.now();
        f();
        return performance.now() - t0;
      };
      const ln = () => this.nw.layerNorm(big, cols);
      const rms = () => this.nw.rmsNorm(big, cols);
      const copy = () => this.nw.activation(big, 'relu');
      const calls = [ln, rms, copy];
      const times = calls.map(() => []);
      for (let k = 0; k < BENCH.warmup; k++) calls.forEach((f) => f());
      for (let k = 0; k < runs; k++) {
        for (let j = 0; j < calls.length; j++) {
          const which = (j + k) % calls.length;
          times[which].push(time(calls[which]));
        }
      }
      this._runs += 1;
      this._timing = { ln: median(times[0]), rms: median(times[1]), copy: median(times[2]), run: this._runs };
      this._measuring = false;
    }, 30);
  }

  _panel(kind, w, lim) {
    const { x, ln, rms } = this._result;
    const y = kind === 'ln' ? ln.output : rms.output;
    const meanY = kind === 'ln' ? this._result.meanLn : this._result.meanRms;
    const h = 170;
    const m = { left: 30, right: 8, top: 10, bottom: 22 };
    const iw = w - m.left - m.right,
      ih = h - m.top - m.bottom;
    const sy = (v) => m.top + ((lim - v) / (2 * lim)) * ih;
    const slot = iw / H;
    const bw = Math.max(6, Math.min(30, slot * 0.56));
    const cx = (i) => m.left + slot * (i + 0.5);
    const rect = (v, i, cls, wid) =>
      svg`<rect class=${cls} x=${cx(i) - wid / 2} y=${Math.min(sy(v), sy(0))} width=${wid} height=${Math.max(1, Math.abs(sy(v) - sy(0)))}></rect>`;
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t(kind === 'ln' ? 'rmsNorm.lnAria' : 'rmsNorm.rmsAria', { mean: fmt(meanY, 3) })}>
      ${[-lim, 0, lim].map(
        (
          v,
        ) => svg`<line class=${v === 0 ? 'zero' : 'axis'} x1=${m.left} x2=${w - m.right} y1=${sy(v)} y2=${sy(v)}></line>
        <text x=${m.left - 4} y=${sy(v) + 4} text-anchor="end">${fmt(v, 1)}</text>`,
      )}
      ${Array.from(x, (v, i) => rect(v, i, 'ghost', bw + 6))}
      ${Array.from(
        y,
        (v, i) => svg`${rect(v, i, kind, bw)}
        <text x=${cx(i)} y=${h - 6} text-anchor="middle">${i + 1}</text>`,
      )}
      <line class="mean" x1=${m.left} x2=${w - m.right} y1=${sy(meanY)} y2=${sy(meanY)}></line>
    </svg>`;
  }

  _timingBars(w) {
    const { ln, rms, copy } = this._timing;
    const rows = [
      ['LayerNorm', ln, 'bar-ln'],
      ['RMSNorm', rms, 'bar-rms'],
      [this.t('rmsNorm.copyLabel'), copy, 'bar-copy'],
    ];
    const h = 30 * rows.length + 4,
      labelW = 96,
      right = 70;
    const max = Math.max(ln, rms, copy);
    const bar = (v) => Math.max(2, ((w - labelW - right) * v) / max);
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('rmsNorm.timeAria', { ln: fmt(ln, 2), rms: fmt(rms, 2), copy: fmt(copy, 2) })}>
      ${rows.map(
        ([label, v, cls], k) => svg`<text class="label" x=${0} y=${20 + 30 * k}>${label}</text>
        <rect class=${cls} x=${labelW} y=${8 + 30 * k} width=${bar(v)} height=${16} rx="2"></rect>
        <text x=${labelW + bar(v) + 6} y=${20 + 30 * k}>${this.t('rmsNorm.ms', { t: fmt(v, 2) })}</text>`,
      )}
    </svg>`;
  }

  render() {
    if (!this.nw || !this._result) return this.renderLoading();
    const { x, rms, meanX, meanLn, meanRms } = this._result;
    const wide = this._width >= 600;
    const w = Math.max(240, this._width || 600);
    const pw = wide ? Math.floor((w - 12) / 2) : Math.min(w, 640);
    const all = [...x, ...this._result.ln.output, ...rms.output].map(Math.abs);
    const lim = Math.max(1, Math.ceil(Math.max(...all) * 1.1 * 2) / 2);
    const timing = this._timing;
    const rmsX = rms.rms[0];
    const stats = this.t('rmsNorm.readout', {
      meanX: fmt(meanX, 3),
      rms: fmt(rmsX, 3),
      meanLn: fmt(meanLn, 3),
      meanRms: fmt(meanRms, 3),
      gamma: fmt(this.gamma, 2),
    });
    const time = timing
      ? this.t('rmsNorm.readoutTime', {
          rows: BENCH.rows,
          cols: BENCH.cols,
          runs: BENCH.runs,
          ln: fmt(timing.ln, 2),
          rms: fmt(timing.rms, 2),
          ratio: fmt(timing.rms / timing.ln, 2),
          copy: fmt(timing.copy, 2),
          run: timing.run,
        })
      : this.t('rmsNorm.measuring');
    return html`
      <p class="title">${this.t('rmsNorm.title')}</p>
      <p class="caption">${this.t('rmsNorm.caption')}</p>
      <div class="controls">
        ${this.slider({ control: 'gamma', label: this.t('rmsNorm.gamma'), format: (v) => fmt(v, 2) })}
        ${this.slider({
          control: 'shift',
          label: this.t('rmsNorm.shift'),
          format: (v) => (v > 0 ? `+${fmt(v, 1)}` : fmt(v, 1)),
        })}
      </div>
      <p class="inputs" data-x=${Array.from(x).join(',')}>x = [${Array.from(x, (v) => fmt(v, 2)).join(', ')}]</p>
      <div class="legend" aria-hidden="true">
        <span><span class="swatch ghost"></span>${this.t('rmsNorm.legendX')}</span>
        <span><span class="swatch mean"></span>${this.t('rmsNorm.legendMean')}</span>
      </div>
      <div class=${wide ? 'panels wide' : 'panels'}>
        <div class="panel">
          <p class="panel-title">LayerNorm</p>
          <p class="panel-sub">${this.t('rmsNorm.lnFormula')}</p>
          ${this._panel('ln', pw, lim)}
        </div>
        <div class="panel">
          <p class="panel-title">RMSNorm</p>
          <p class="panel-sub">${this.t('rmsNorm.rmsFormula')}</p>
          ${this._panel('rms', pw, lim)}
        </div>
      </div>
      <div class="timing">
        <div class="timing-head">
          <button type="button" data-control="measure" aria-disabled=${String(this._measuring)} @click=${() => this._measure()}>${this.t(this._measuring ? 'rmsNorm.measuringButton' : 'rmsNorm.measure')}</button>
          <span class="caption">${this.t('rmsNorm.timeCaption', { rows: BENCH.rows, cols: BENCH.cols, runs: BENCH.runs })}</span>
        </div>
        ${timing ? this._timingBars(Math.min(w, 560)) : ''}
      </div>
      <div class="readout" aria-live="polite" data-readout data-ratio=${timing ? String(timing.rms / timing.ln) : ''}>${stats}\n${time}</div>
      ${this.renderClaims(ns, claims, this._result)}
      <p class="caption">${this.t('rmsNorm.note')}</p>
      ${this.parityBadges(['RMSNorm', 'rmsNorm'], ['LayerNorm', 'layerNorm'])}
    `;
  }
}

define('nw-rmsnorm', NwRmsnorm);
