// <nw-ln-simulator>: LayerNorm on one vector of H values (§08). Histograms of the vector before
// and after the norm share their bins and axis; μ and σ of both come from nw.layerNormWithStats
// (on the input, which also returns the output γ·x̂ + β, and on that output). The H standard
// normals are drawn once per H and seed; the sliders only scale and shift them, so every redraw
// while dragging costs two kernel calls and two binning passes, even at H = 4096.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt, fmtSci } from '../lib/format.js';
import { ticks, tickDigits, normFigureStyles, sampleControls, standardSample } from '../lib/norm-figures.js';
import { ns, controls, claims, simulate, EPS, BINS } from '../lib/ln-simulator.js';

/**
 * Attributes: mean (mean of the input's distribution, −5…5, default 2.5), std (its standard
 * deviation, 0.1…5, default 2), gamma (γ for every feature, −3…3, default 1), beta (β, −3…3,
 * default 0), h (vector size H, 8–4096 in steps of 8, default 1024), seed (of the samples,
 * 1–999999, default 1), lang, theme. The input is x = mean + std·z with z seeded standard normals.
 * ε = 1e-5. The URL hash keeps all six.
 */
export class NwLnSimulator extends NwElement {
  static controls = controls;

  static styles = [
    NwElement.styles,
    normFigureStyles,
    css`
    .panels { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr)); gap: 10px 16px; }
    .panel { margin: 0; }
    .panel-head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 10px; font-size: 0.85rem; }
    .panel-name { font-weight: 650; letter-spacing: 0.03em; }
    .panel-stats { font-family: var(--nw-mono); color: var(--nw-muted); }
    .bars { stroke: none; }
    .before .bars { fill: var(--nw-muted); fill-opacity: 0.75; }
    .after .bars { fill: var(--nw-accent-2); fill-opacity: 0.85; }
    .frame { fill: var(--nw-panel); }
  `,
  ];

  constructor() {
    super();
    this._width = 0;
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!this.nw) return;
    if (this._x?.length !== this.h) this._x = new Float32Array(this.h);
    this._result = simulate(this.nw, this, standardSample(this), this._x);
  }

  _histogram(which, width) {
    const { range } = this._result;
    const { mean, std, counts } = this._result[which];
    const h = 150;
    const m = { left: 8, right: 8, top: 6, bottom: 22 };
    const iw = width - m.left - m.right;
    const ih = h - m.top - m.bottom;
    const x = (v) => m.left + ((v + range) / (2 * range)) * iw;
    const peak = Math.max(1, ...counts);
    const bw = iw / BINS;
    let d = '';
    counts.forEach((c, b) => {
      if (!c) return;
      const bh = Math.max(1, (c / peak) * ih);
      d += `M${(m.left + b * bw + 0.5).toFixed(1)},${(m.top + ih).toFixed(1)}v${(-bh).toFixed(1)}h${Math.max(0.5, bw - 1).toFixed(1)}v${bh.toFixed(1)}z`;
    });
    const t = ticks(-range, range, width < 420 ? 4 : 6);
    const digits = tickDigits(t.step);
    const anchor = (px) => (px < 16 ? 'start' : px > width - 16 ? 'end' : 'middle');
    const lo = Math.max(x(-range), x(mean - std));
    const hi = Math.min(x(range), x(mean + std));
    return html`<svg viewBox=${`0 0 ${width} ${h}`} width=${width} height=${h} role="img"
      aria-label=${this.t(`lnSim.aria.${which}`, { h: this.h, mean: fmt(mean, 3), std: fmt(std, 3) })}>
      <rect class="frame" x=${m.left} y=${m.top} width=${iw} height=${ih}></rect>
      <rect class="sigma-band" x=${lo} y=${m.top} width=${Math.max(0, hi - lo)} height=${ih}></rect>
      ${t.values.map(
        (
          v,
        ) => svg`<line class=${v === 0 ? 'zero' : 'grid'} x1=${x(v)} x2=${x(v)} y1=${m.top} y2=${m.top + ih + 4}></line>
        <text x=${x(v)} y=${h - 6} text-anchor=${anchor(x(v))}>${fmt(v, digits)}</text>`,
      )}
      <path class="bars" d=${d}></path>
      <line class="mu" x1=${x(mean)} x2=${x(mean)} y1=${m.top} y2=${m.top + ih}></line>
    </svg>`;
  }

  render() {
    if (!this.nw || !this._result) return this.renderLoading();
    const { before, after } = this._result;
    const w = Math.max(240, this._width || 640);
    const panelWidth = this.columnWidth(w, 616);
    const stats = (s) => this.t('lnSim.stats', { mean: fmt(s.mean, 3), std: fmt(s.std, 3) });
    const readout = [
      this.t('lnSim.readoutBefore', {
        h: this.h,
        mean: fmt(before.mean, 3),
        std: fmt(before.std, 3),
        targetMean: fmt(this.mean, 1),
        targetStd: fmt(this.std, 1),
      }),
      this.t('lnSim.readoutAfter', {
        mean: fmt(after.mean, 3),
        std: fmt(after.std, 3),
        beta: fmt(this.beta, 1),
        gamma: fmt(Math.abs(this.gamma), 1),
      }),
      this.t('lnSim.readoutEps', { eps: fmtSci(EPS, 0) }),
    ].join('\n');
    return html`
      <p class="title">${this.t('lnSim.title')}</p>
      <p class="caption">${this.t('lnSim.caption')}</p>
      ${sampleControls(this, ns, ['mean', 'std', 'gamma', 'beta', 'h'], 'new-sample')}
      <div class="panels plot">
        <figure class="panel before">
          <figcaption class="panel-head"><span class="panel-name">${this.t('lnSim.before')}</span><span class="panel-stats">${stats(before)}</span></figcaption>
          ${this._histogram('before', panelWidth)}
        </figure>
        <figure class="panel after">
          <figcaption class="panel-head"><span class="panel-name">${this.t('lnSim.after')}</span><span class="panel-stats">${stats(after)}</span></figcaption>
          ${this._histogram('after', panelWidth)}
        </figure>
      </div>
      <p class="caption">${this.t('lnSim.axisNote', { bins: BINS })}</p>
      <div class="readout" aria-live="polite" data-readout>${readout}</div>
      ${this.renderClaims(ns, claims, this._result)}
    `;
  }
}

define('nw-ln-simulator', NwLnSimulator);
