// <nw-pe-waves>: the sin and cos waves of one PE pair, and of a slower pair for comparison, over
// positions 0…100, with a marker at one position (Fig.2). Every plotted value is read from the table
// that nw.positionalEncoding(101, d_model) returns (interleaved, dim 2i = sin, 2i+1 = cos); the
// layout switch only changes which column of a concatenated [sin … | cos …] table holds each wave.
// A play button sweeps the position. Position, pair and d_model are shared on the optional page
// channel as 'pe-cursor' (lib/link.js): the heatmap's pointer moves this figure and the other way round.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { peLayouts } from '../lib/controls.js';
import { PlaysPosition, playStyles } from '../lib/play.js';
import { PeCursorLinked } from '../lib/link.js';
import { methodDetails, methodStyles } from '../lib/method.js';
import { fmt } from '../lib/format.js';
import { layoutColumns } from '../lib/pe-layout.js';
import { ns, controls, claims, wavelength, formulaWavelength, LAST_POS } from '../lib/pe-waves.js';

/** Milliseconds per position while playing. */
const PLAY_STEP_MS = 90;

/** A smooth SVG path through the points (Catmull-Rom as cubic Béziers); it passes through every point. */
function smoothPath(xs, ys) {
  const n = xs.length;
  const r = (v) => Math.round(v * 10) / 10;
  let d = `M${r(xs[0])},${r(ys[0])}`;
  for (let k = 0; k < n - 1; k++) {
    const a = Math.max(0, k - 1);
    const b = Math.min(n - 1, k + 2);
    const c1x = xs[k] + (xs[k + 1] - xs[a]) / 6;
    const c1y = ys[k] + (ys[k + 1] - ys[a]) / 6;
    const c2x = xs[k + 1] - (xs[b] - xs[k]) / 6;
    const c2y = ys[k + 1] - (ys[b] - ys[k]) / 6;
    d += `C${r(c1x)},${r(c1y)} ${r(c2x)},${r(c2y)} ${r(xs[k + 1])},${r(ys[k + 1])}`;
  }
  return d;
}

/**
 * Attributes: pos (0–100, default 10), i (the pair drawn boldly, 0 … d_model/2 − 1, default 0),
 * i-low (the pair drawn muted for comparison, 0 … d_model/2 − 1, default 16), d-model (16–1024 in
 * steps of 16, default 64), layout ('interleaved' | 'concat', default 'interleaved'), lang, theme.
 * Pair indices larger than d_model/2 − 1 are clamped when d_model shrinks.
 */
export class NwPeWaves extends PlaysPosition(PeCursorLinked(NwElement)) {
  static controls = controls;

  static styles = [
    NwElement.styles,
    methodStyles,
    playStyles,
    css`
    .play { margin: 0 0 8px; }
    .plot { width: 100%; }
    .plot svg { display: block; width: 100%; height: auto; overflow: visible; }
    .grid { stroke: var(--nw-border); stroke-width: 1; }
    .grid.zero { stroke: var(--nw-muted); stroke-opacity: 0.6; }
    .curve { fill: none; stroke-width: 2; stroke-linejoin: round; }
    .curve.low { stroke-width: 1.8; stroke-dasharray: 6 4; stroke-opacity: 0.75; }
    .sin { stroke: var(--nw-accent); }
    .cos { stroke: var(--nw-accent-2); }
    circle.sin { fill: var(--nw-accent); stroke: var(--nw-bg); stroke-width: 1.5; }
    circle.cos { fill: var(--nw-accent-2); stroke: var(--nw-bg); stroke-width: 1.5; }
    circle.low { fill: var(--nw-bg); stroke-width: 2; }
    circle.low.sin { stroke: var(--nw-accent); }
    circle.low.cos { stroke: var(--nw-accent-2); }
    .marker { stroke: var(--nw-fg); stroke-width: 1.5; stroke-dasharray: 3 3; }
    svg text.marker-label { fill: var(--nw-fg); font-weight: 600; }
    .strip-bg { fill: var(--nw-panel); stroke: var(--nw-border); }
    .strip-cell.sin { fill: var(--nw-accent); stroke: none; }
    .strip-cell.cos { fill: var(--nw-accent-2); stroke: none; }
    .strip-cell.low { fill-opacity: 0.55; }
    .strip-divider { stroke: var(--nw-fg); stroke-width: 1.5; }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 6px 0 2px; padding: 0; list-style: none; font-size: 0.85rem; }
    .legend li { display: inline-flex; align-items: center; gap: 6px; }
    .legend svg { flex: none; }
    .legend .curve.low { stroke-dasharray: 5 3; }
    .strip { margin-top: 10px; }
    .strip-title { font-size: 0.85rem; color: var(--nw-muted); margin: 0 0 2px; }
    .note { font-size: 0.85rem; color: var(--nw-muted); margin: 4px 0 0; }
    .control .toggle { align-self: flex-start; }
    .readout .line { display: block; padding-left: 2ch; text-indent: -2ch; }
  `,
  ];

  constructor() {
    super();
    this._width = 0;
    this._table = null;
    this._tableKey = '';
  }

  _followPeCursor({ pos, pair }) {
    if (Number.isFinite(pos)) this.pos = pos;
    if (Number.isFinite(pair)) this.i = Math.round(pair);
  }

  /** Sets position and/or pair from this figure's own controls and tells the page's other PE figures. */
  _set(changes) {
    Object.assign(this, changes);
    this._publishPeCursor(this.pos, Math.min(this.i, this.dModel / 2 - 1));
  }

  _playSpec() {
    return { last: () => LAST_POS, set: (changes) => this._set(changes), stepMs: PLAY_STEP_MS };
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (this.nw && this._tableKey !== String(this.dModel)) {
      this._table = this.nw.positionalEncoding(LAST_POS + 1, this.dModel);
      this._tableKey = String(this.dModel);
    }
  }

  /** The two columns of pair i in the current layout, and their columns in the library's table. */
  _pair(i) {
    const d = this.dModel;
    const cols = this.layout === 'concat' ? [i, d / 2 + i] : [2 * i, 2 * i + 1];
    const source = layoutColumns(this.layout, d);
    return { i, sinCol: cols[0], cosCol: cols[1], sinSrc: source[cols[0]], cosSrc: source[cols[1]] };
  }

  _value(pos, src) {
    return this._table[pos * this.dModel + src];
  }

  /** Wavelength of pair i in positions, read off the kernel's row pos = 1 (lib/pe-waves.js). */
  _wavelength(pair) {
    return wavelength(this._table, this.dModel, pair.i);
  }

  _plot(pairs, w) {
    const h = w < 480 ? 210 : 250;
    const m = { left: 28, right: 12, top: 22, bottom: 34 };
    const iw = w - m.left - m.right;
    const ih = h - m.top - m.bottom;
    const x = (p) => m.left + (p / LAST_POS) * iw;
    const y = (v) => m.top + ((1 - v) / 2) * ih;
    const xs = Array.from({ length: LAST_POS + 1 }, (_, p) => x(p));
    const curve = (src) =>
      smoothPath(
        xs,
        xs.map((_, p) => y(this._value(p, src))),
      );
    const step = w < 480 ? 25 : 10;
    const ticks = Array.from({ length: LAST_POS / step + 1 }, (_, k) => k * step);
    const px = x(this.pos);
    const labelAnchor = px > w - 60 ? 'end' : px < m.left + 30 ? 'start' : 'middle';
    const [main, low] = pairs;
    const dots = [
      [low, 'low'],
      [main, ''],
    ].flatMap(([p, extra]) => [
      svg`<circle class=${`sin ${extra}`} cx=${px} cy=${y(this._value(this.pos, p.sinSrc))} r="4.5"></circle>`,
      svg`<circle class=${`cos ${extra}`} cx=${px} cy=${y(this._value(this.pos, p.cosSrc))} r="4.5"></circle>`,
    ]);
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('peWaves.aria', { last: LAST_POS, i: main.i, iLow: low.i, pos: this.pos })}>
      ${[1, 0.5, 0, -0.5, -1].map((v) => svg`<line class=${v === 0 ? 'grid level zero' : 'grid level'} x1=${m.left} x2=${w - m.right} y1=${y(v)} y2=${y(v)}></line>`)}
      ${[
        [1, '+1'],
        [0, '0'],
        [-1, '−1'],
      ].map(([v, label]) => svg`<text x=${m.left - 6} y=${y(v) + 4} text-anchor="end">${label}</text>`)}
      ${ticks.map(
        (p) => svg`<line class="grid" x1=${x(p)} x2=${x(p)} y1=${m.top + ih} y2=${m.top + ih + 4}></line>
        <text x=${x(p)} y=${m.top + ih + 16} text-anchor="middle">${p}</text>`,
      )}
      <text x=${w - m.right} y=${h - 3} text-anchor="end">${this.t('peWaves.xAxis')}</text>
      <path class="curve sin" d=${curve(main.sinSrc)}></path>
      <path class="curve cos" d=${curve(main.cosSrc)}></path>
      <path class="curve low sin" d=${curve(low.sinSrc)}></path>
      <path class="curve low cos" d=${curve(low.cosSrc)}></path>
      <line class="marker" x1=${px} x2=${px} y1=${m.top - 4} y2=${m.top + ih}></line>
      <text class="marker-label" x=${px} y=${m.top - 9} text-anchor=${labelAnchor}>${this.t('peWaves.marker', { pos: this.pos })}</text>
      ${dots}
    </svg>`;
  }

  /** Where the plotted columns sit in the d_model-wide vector, under the current layout. */
  _strip(pairs, w) {
    const h = 40;
    const m = { left: 1, right: 1, top: 2, bar: 16 };
    const iw = w - m.left - m.right;
    const d = this.dModel;
    const x = (col) => m.left + (col / d) * iw;
    const cw = Math.max(3, iw / d);
    const cell = (col, cls) =>
      svg`<rect class=${`strip-cell ${cls}`} x=${Math.min(x(col), w - m.right - cw)} y=${m.top} width=${cw} height=${m.bar}></rect>`;
    const [main, low] = pairs;
    const concat = this.layout === 'concat';
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} aria-hidden="true">
      <rect class="strip-bg" x=${m.left} y=${m.top} width=${iw} height=${m.bar}></rect>
      ${
        concat
          ? svg`<line class="strip-divider" x1=${x(d / 2)} x2=${x(d / 2)} y1=${m.top - 2} y2=${m.top + m.bar + 2}></line>
        <text x=${x(d / 4)} y=${h - 6} text-anchor="middle">${this.t('peWaves.stripSin')}</text>
        <text x=${x((3 * d) / 4)} y=${h - 6} text-anchor="middle">${this.t('peWaves.stripCos')}</text>`
          : ''
      }
      ${cell(low.sinCol, 'sin low')}${cell(low.cosCol, 'cos low')}${cell(main.sinCol, 'sin')}${cell(main.cosCol, 'cos')}
      <text x=${m.left} y=${h - 6}>0</text>
      <text x=${w - m.right} y=${h - 6} text-anchor="end">${d - 1}</text>
    </svg>`;
  }

  _legendItem(cls, text) {
    return html`<li><svg width="26" height="10" aria-hidden="true"><line class=${`curve ${cls}`} x1="1" x2="25" y1="5" y2="5"></line></svg>${text}</li>`;
  }

  render() {
    if (!this.nw || !this._table) return this.renderLoading();
    const d = this.dModel;
    const pairs = [this._pair(this.i), this._pair(this.iLow)];
    const [main, low] = pairs;
    const w = Math.max(240, this._width || 640);
    const layoutName = this.t(`pe.layout.${this.layout}`);
    const legend = (p, fn, extra) =>
      this._legendItem(
        `${fn} ${extra}`,
        this.t('peWaves.legend', { fn, i: p.i, col: fn === 'sin' ? p.sinCol : p.cosCol }),
      );
    const valueLine = (p, fn) =>
      this.t('peWaves.readoutValue', {
        pos: this.pos,
        col: fn === 'sin' ? p.sinCol : p.cosCol,
        fn,
        k: 2 * p.i,
        d,
        value: fmt(this._value(this.pos, fn === 'sin' ? p.sinSrc : p.cosSrc), 4),
      });
    const lambdaLine = (p) =>
      this.t('peWaves.readoutLambda', { i: p.i, k: 2 * p.i, d, lambda: this._wavelength(p).toPrecision(5) });
    // One block per line (wrapped lines hang-indented); the newline keeps textContent line by line.
    const readout = [
      this.t('peWaves.readoutHead', { pos: this.pos, d, layout: layoutName }),
      valueLine(main, 'sin'),
      valueLine(main, 'cos'),
      valueLine(low, 'sin'),
      valueLine(low, 'cos'),
      lambdaLine(main),
      lambdaLine(low),
    ].map((line) => html`<span class="line">${line}\n</span>`);
    return html`
      <p class="title">${this.t('peWaves.title')}</p>
      <p class="caption">${this.t('peWaves.caption', { last: LAST_POS })}</p>
      <div class="controls">
        ${this.slider({
          id: 'pos',
          label: this.t('peWaves.pos'),
          value: this.pos,
          min: 0,
          max: LAST_POS,
          onInput: (v) => {
            this._stop();
            this._set({ pos: v });
          },
        })}
        ${this.slider({ id: 'i', label: this.t('peWaves.i'), value: this.i, min: 0, max: d / 2 - 1, onInput: (v) => this._set({ i: v }) })}
        ${this.slider({
          id: 'i-low',
          label: this.t('peWaves.iLow'),
          value: this.iLow,
          min: 0,
          max: d / 2 - 1,
          onInput: (v) => {
            this.iLow = v;
          },
        })}
        ${this.slider({ id: 'd-model', label: this.t('peWaves.dModel'), value: d, min: 16, max: 1024, step: 16, onInput: (v) => this._set({ dModel: v }) })}
        ${this.toggle({
          control: 'layout',
          label: this.t('pe.layout'),
          options: peLayouts(this),
        })}
      </div>
      ${this._playButton('play')}
      <div class="plot">${this._plot(pairs, w)}</div>
      <ul class="legend">
        ${legend(main, 'sin', '')}${legend(main, 'cos', '')}${legend(low, 'sin', 'low')}${legend(low, 'cos', 'low')}
      </ul>
      <div class="strip">
        <p class="strip-title">${this.t('peWaves.stripTitle', { layout: layoutName, max: d - 1 })}</p>
        ${this._strip(pairs, w)}
        <p class="note">${this.t(this.layout === 'concat' ? 'peWaves.noteConcat' : 'peWaves.noteInterleaved')}</p>
      </div>
      <div class="readout" aria-live=${this.playing ? 'off' : 'polite'} data-readout>${readout}</div>
      ${this.renderClaims(ns, claims, {
        i: main.i,
        d,
        lambda: this._wavelength(main),
        formula: formulaWavelength(d, main.i),
      })}
      <p>${this.parityBadge('positionalEncoding')}</p>
      ${methodDetails(this, this.t('peWaves.method'))}
    `;
  }
}

define('nw-pe-waves', NwPeWaves);
