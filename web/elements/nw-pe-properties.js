// <nw-pe-properties>: the four properties of the sinusoidal PE (§04), each measured on the table the
// kernel computes for the current d_model and seq_len: bounded values, distinct rows (all pairs at
// once through the Gram matrix), the shift by k positions as one linear map M_k, and rows beyond
// the training length. Convention: the paper's interleaved table (dim 2i = sin, 2i+1 = cos);
// the concatenated layout is the same numbers with columns (and M_k's rows/columns) permuted.
// Panel ③ also draws one sin/cos pair on the unit circle: the point of position pos and the point of
// pos + k, k·ω_i further round (a play button sweeps pos). Its position and pair follow the page's
// other PE figures on the optional channel 'pe-cursor' (lib/link.js), and lead them.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { peLayouts } from '../lib/controls.js';
import { PlaysPosition, playStyles } from '../lib/play.js';
import { PeCursorLinked } from '../lib/link.js';
import { methodDetails, methodStyles } from '../lib/method.js';
import { paintMatrix, DIVERGING, SEQUENTIAL } from '../lib/colormap.js';
import { fmt, fmtSci } from '../lib/format.js';
import { plotFrame } from '../lib/plot-frame.js';
import {
  ns,
  controls,
  claims,
  boundedStats,
  gramStats,
  relativeStats,
  extrapolationStats,
  panelNumbers,
  PANELS,
  BINS,
} from '../lib/pe-properties.js';

const ZOOM_DIMS = 8; // the first four 2×2 blocks of M_k
const SUB = '₀₁₂₃₄₅₆₇₈₉';
const PLAY_STEP_MS = 120;

const count = (v) => v.toLocaleString('en-US');

/** Rough width in px of an 11 px label: Hangul/CJK glyphs are about twice as wide as Latin ones. */
function textWidth(text) {
  let w = 0;
  for (const ch of text) w += /[\u1100-\u11ff\u3000-\u9fff\uac00-\ud7af]/.test(ch) ? 11 : 6.5;
  return w;
}

/** Name of interleaved dim j: sin₀, cos₀, sin₁, … */
function dimName(j) {
  return `${j % 2 ? 'cos' : 'sin'}${[...String(j >> 1)].map((c) => SUB[c]).join('')}`;
}

/** Histograms of recent tables kept (a few hundred bytes each). */
const BOUNDED_KEPT = 16;
/**
 * Attributes: d-model (16–512 in steps of 16, default 64), seq-len (16–1024, default 128),
 * k (the shift of panel ③, 0–min(128, seq-len − 1), default 5), trained-len (the training length L
 * of panel ④, 1–seq-len − 1, default 64), panel ('bounded' | 'unique' | 'relative' |
 * 'extrapolation', default 'bounded'), layout ('interleaved' | 'concat', default 'interleaved'),
 * lang, theme.
 */
export class NwPeProperties extends PlaysPosition(PeCursorLinked(NwElement)) {
  static controls = controls;

  static styles = [
    NwElement.styles,
    methodStyles,
    playStyles,
    css`
    .circle-wrap { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 240px), 1fr)); gap: 10px 16px; align-items: start; margin-top: 12px;
      border-top: 1px solid var(--nw-border); padding-top: 10px; }
    .circle text.pt { fill: var(--nw-fg); font-weight: 600; }
    .tabs { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr)); gap: 6px; }
    .tabs button { font: inherit; font-size: 0.88rem; padding: 6px 10px; min-height: 36px; border: 1px solid var(--nw-border);
      border-radius: 8px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .tabs button[aria-selected='true'] { background: var(--nw-bg); border-color: var(--nw-accent); box-shadow: inset 0 -3px 0 var(--nw-accent); font-weight: 650; }
    .tabpanel { border-top: 1px solid var(--nw-border); margin-top: 8px; padding-top: 10px; }
    .lead { margin: 0 0 8px; font-size: 0.92rem; }
    .note { margin: 6px 0; font-size: 0.85rem; color: var(--nw-muted); }
    .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr)); gap: 14px 16px; align-items: start; }
    figure { margin: 0; min-width: 0; }
    figcaption { font-size: 0.82rem; color: var(--nw-muted); margin-bottom: 4px; }
    .square { position: relative; width: 100%; max-width: 340px; aspect-ratio: 1; border: 1px solid var(--nw-border); }
    .square canvas, .square svg, .strip canvas, .strip svg { position: absolute; inset: 0; width: 100%; height: 100%; }
    .strip { position: relative; width: 100%; height: 120px; border: 1px solid var(--nw-border); }
    .strip-label { margin: 10px 0 4px; font-size: 0.85rem; }
    .beyond { position: absolute; top: 6px; font-size: 0.78rem; white-space: nowrap; pointer-events: none;
      background: var(--nw-bg); color: var(--nw-fg); border: 1px solid var(--nw-border); border-radius: 4px; padding: 0 6px; }
    .xlabel { display: flex; justify-content: space-between; font-size: 0.8rem; color: var(--nw-muted); gap: 8px; }
    svg.plot { display: block; max-width: 100%; height: auto; overflow: visible; }
    svg text.halo { paint-order: stroke; stroke: var(--nw-bg); stroke-width: 4px; stroke-linejoin: round; }
    .zoom text.cell { fill: var(--nw-fg); font-family: var(--nw-mono); }
    .zoom text.dark { fill: #ffffff; }
    .zoom text.lightcell { fill: #111418; }
  `,
  ];

  constructor() {
    super();
    this._width = 600;
    this._key = null;
  }

  _followPeCursor({ pos, pair }) {
    if (Number.isFinite(pos)) this.pos = Math.round(pos);
    if (Number.isFinite(pair)) this.pair = Math.round(pair);
  }

  /** Sets the circle's position and/or pair and tells the page's other PE figures. */
  _setCircle(changes) {
    Object.assign(this, changes);
    const pos = Math.min(this.seqLen - 1, Math.max(0, this.pos));
    const pair = Math.min(this.dModel / 2 - 1, Math.max(0, this.pair));
    this._publishPeCursor(pos, pair);
  }

  _playSpec() {
    return { last: () => this.seqLen - 1, set: (changes) => this._setCircle(changes), stepMs: PLAY_STEP_MS };
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (this.nw) this._compute();
  }

  get _kMax() {
    return Math.min(128, this.seqLen - 1);
  }

  _compute() {
    const key = `${this.seqLen}x${this.dModel}`;
    if (this._key !== key) {
      this._key = key;
      // One buffer, grown to the largest table asked for: a fresh 2 MB array per step costs more
      // than the kernel (touching its new pages).
      const n = this.seqLen * this.dModel;
      if (!(this._buffer?.length >= n)) this._buffer = new Float32Array(n);
      this._table = this.nw.positionalEncoding(this.seqLen, this.dModel, { out: this._buffer.subarray(0, n) });
      this._bounded = this._boundedAt(key);
      this._gram = null;
      this._relKey = null;
      this._extraKey = null;
    }
    if ((this.panel === 'unique' || this.panel === 'relative') && !this._gram)
      this._gram = gramStats(this.nw, this._table, this);
    if (this.panel === 'relative') {
      const rk = `${key}:${this.k}:${this.layout}`;
      if (this._relKey !== rk) {
        this._relKey = rk;
        this._rel = relativeStats(this.nw, this._table, this);
      }
    }
    if (this.panel === 'extrapolation') {
      const ek = `${key}:${this.trainedLen}:${this.layout}`;
      if (this._extraKey !== ek) {
        this._extraKey = ek;
        this._extra = extrapolationStats(this._table, this);
      }
    }
  }

  /**
   * ①'s histogram of the table just computed for key (seq_len x d_model): a scan of up to 512 K
   * values, kept for the last BOUNDED_KEPT tables so a drag back over recent values scans none.
   */
  _boundedAt(key) {
    this._boundedByKey ??= new Map();
    let b = this._boundedByKey.get(key);
    if (b) this._boundedByKey.delete(key);
    else b = boundedStats(this._table);
    this._boundedByKey.set(key, b); // (most recently used last)
    if (this._boundedByKey.size > BOUNDED_KEPT) this._boundedByKey.delete(this._boundedByKey.keys().next().value);
    return b;
  }

  updated(changed) {
    super.updated(changed);
    for (const canvas of this.renderRoot.querySelectorAll('canvas[data-paint]')) this._paint(canvas);
  }

  _paint(canvas) {
    const what = canvas.dataset.paint,
      n = this.seqLen,
      d = this.dModel;
    const key = {
      dist: this._key,
      gram: this._key,
      mk: this._relKey,
      strip: `${this._key}:${this.layout}`,
    }[what];
    if (!key || canvas.dataset.painted === `${what}:${key}`) return;
    if (what === 'dist') paintMatrix(canvas, this._gram.dist, n, n, { lo: 0, hi: this._gram.far, lut: SEQUENTIAL });
    if (what === 'gram') paintMatrix(canvas, this._gram.G, n, n, { lo: -d / 2, hi: d / 2, lut: DIVERGING });
    if (what === 'mk') paintMatrix(canvas, this._rel.M, d, d, { lo: -1, hi: 1, lut: DIVERGING });
    if (what === 'strip') paintMatrix(canvas, this._extra.strip, d, n, { lo: -1, hi: 1, lut: DIVERGING });
    canvas.dataset.painted = `${what}:${key}`;
  }

  _select(panel) {
    this.panel = panel;
  }

  /** Tabs: ←/→ move and activate (automatic activation), Home/End jump. */
  _tabKey(e) {
    const i = PANELS.indexOf(this.panel);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: PANELS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const panel = PANELS[(next + PANELS.length) % PANELS.length];
    this.panel = panel;
    this.updateComplete.then(() => this.renderRoot.querySelector(`[role='tab'][data-panel='${panel}']`)?.focus());
  }

  get _colWidth() {
    return this.columnWidth(this._width, 560);
  }

  render() {
    if (!this.nw) return this.renderLoading();
    return html`
      <p class="title">${this.t('peProps.title')}</p>
      <p class="caption">${this.t('peProps.caption')}</p>
      <div class="controls">
        ${this.slider({ control: 'dModel', id: 'd-model', label: this.t('peProps.dModel') })}
        ${this.slider({ control: 'seqLen', id: 'seq-len', label: this.t('peProps.seqLen') })}
        ${this.toggle({
          control: 'layout',
          label: this.t('pe.layout'),
          options: peLayouts(this),
        })}
      </div>
      <div class="tabs" role="tablist" aria-label=${this.t('peProps.tabs')} @keydown=${this._tabKey}>
        ${PANELS.map(
          (p) => html`<button type="button" role="tab" id=${`tab-${p}`} data-panel=${p}
          aria-selected=${String(p === this.panel)} aria-controls=${`panel-${p}`} tabindex=${p === this.panel ? '0' : '-1'}
          @click=${() => this._select(p)}>${this.t(`peProps.tab.${p}`)}</button>`,
        )}
      </div>
      ${PANELS.map(
        (p) => html`<div class="tabpanel" role="tabpanel" id=${`panel-${p}`} aria-labelledby=${`tab-${p}`}
        ?hidden=${p !== this.panel} tabindex="0">${p === this.panel ? this._renderPanel(p) : ''}</div>`,
      )}
      <div class="readout" aria-live="polite" data-readout>${this._readout()}</div>
      ${this.renderClaims(
        ns,
        claims,
        panelNumbers(this, { bounded: this._bounded, gram: this._gram, rel: this._rel, extra: this._extra }),
      )}
      <p class="caption">${this.t('peProps.keys')}</p>
      <p>${this.parityBadge('positionalEncoding')}</p>
      ${methodDetails(this, this.t('peProps.method'))}
    `;
  }

  _renderPanel(p) {
    if (p === 'bounded') return this._renderBounded();
    if (p === 'unique') return this._renderUnique();
    if (p === 'relative') return this._renderRelative();
    return this._renderExtrapolation();
  }

  _renderBounded() {
    const b = this._bounded;
    return html`
      <p class="lead">${this.t('peProps.bounded.lead', { count: count(b.total) })}</p>
      ${this._histogram()}
      <p class="note">${this.t('peProps.bounded.layoutNote')}</p>`;
  }

  /** Histogram of every table value on [−1.3, 1.3]; the bands outside [−1, 1] show their (zero) counts. */
  _histogram() {
    const { counts, min, max, below, above, total } = this._bounded;
    const { W, H, ml, mt, pw, ph } = plotFrame(Math.max(240, this._width), 190, { left: 44, top: 28, bottom: 40 });
    const span = 1.3;
    const x = (v) => ml + ((v + span) / (2 * span)) * pw;
    const top = Math.max(1, ...counts);
    const y = (c) => mt + ph - (c / top) * ph;
    const bw = (x(1) - x(-1)) / BINS;
    const ticks = [-1, -0.5, 0, 0.5, 1];
    return html`<svg class="plot" width=${W} height=${H} viewBox=${`0 0 ${W} ${H}`} role="img"
      aria-label=${this.t('peProps.bounded.aria', { count: count(total), min: fmt(min, 4), max: fmt(max, 4) })}>
      ${svg`
        <rect x=${ml} y=${mt} width=${x(-1) - ml} height=${ph} fill="var(--nw-panel)"></rect>
        <rect x=${x(1)} y=${mt} width=${ml + pw - x(1)} height=${ph} fill="var(--nw-panel)"></rect>
        <text x=${(ml + x(-1)) / 2} y=${mt + ph / 2} text-anchor="middle">${count(below)}</text>
        <text x=${(x(1) + ml + pw) / 2} y=${mt + ph / 2} text-anchor="middle">${count(above)}</text>
        ${Array.from(counts, (c, i) => svg`<rect x=${x(-1) + i * bw + 0.5} y=${y(c)} width=${Math.max(0.5, bw - 1)} height=${mt + ph - y(c)} fill="var(--nw-accent-2)"></rect>`)}
        <line x1=${ml} x2=${ml + pw} y1=${mt + ph} y2=${mt + ph} stroke="var(--nw-border)"></line>
        ${ticks.map(
          (t) => svg`<line x1=${x(t)} x2=${x(t)} y1=${mt + ph} y2=${mt + ph + 4} stroke="var(--nw-muted)"></line>
          <text x=${x(t)} y=${mt + ph + 16} text-anchor="middle">${fmt(t, t % 1 ? 1 : 0)}</text>`,
        )}
        <text x=${ml + pw / 2} y=${H - 4} text-anchor="middle">${this.t('peProps.bounded.xAxis')}</text>
        <text x=${ml - 6} y=${mt + 4} text-anchor="end">${count(top)}</text>
        <text x=${ml - 6} y=${mt + ph} text-anchor="end">0</text>
        <line x1=${x(min)} x2=${x(min)} y1=${mt - 6} y2=${mt + ph} stroke="var(--nw-accent)" stroke-width="2" stroke-dasharray="4 3"></line>
        <line x1=${x(max)} x2=${x(max)} y1=${mt - 6} y2=${mt + ph} stroke="var(--nw-accent)" stroke-width="2" stroke-dasharray="4 3"></line>
        <text x=${x(min)} y=${mt - 10} text-anchor="start" style="fill: var(--nw-fg)">${this.t('peProps.bounded.min', { v: fmt(min, 3) })}</text>
        <text x=${x(max)} y=${mt - 10} text-anchor="end" style="fill: var(--nw-fg)">${this.t('peProps.bounded.max', { v: fmt(max, 3) })}</text>
      `}
    </svg>`;
  }

  _renderUnique() {
    const g = this._gram,
      n = this.seqLen,
      gap = g.q - g.p;
    const pairs = count((n * (n - 1)) / 2);
    return html`
      <p class="lead">${this.t('peProps.unique.lead', { pairs })}</p>
      <div class="grid">
        <figure>
          <figcaption>${this.t('peProps.unique.distTitle')}</figcaption>
          <div class="square" role="img" aria-label=${this.t('peProps.unique.distAria', { n, p: g.p, q: g.q, dist: fmt(g.closest, 4) })}>
            <canvas data-paint="dist"></canvas>
            <svg viewBox=${`0 0 ${n} ${n}`} preserveAspectRatio="none" aria-hidden="true">${svg`
              <line x1=${gap + 0.5} y1="0.5" x2=${n - 0.5} y2=${n - gap - 0.5} stroke="var(--nw-accent)" stroke-width="2" stroke-dasharray="4 3" vector-effect="non-scaling-stroke"></line>
              <line x1="0.5" y1=${gap + 0.5} x2=${n - gap - 0.5} y2=${n - 0.5} stroke="var(--nw-accent)" stroke-width="2" stroke-dasharray="4 3" vector-effect="non-scaling-stroke"></line>`}
            </svg>
          </div>
          <div class="xlabel"><span>${this.t('peProps.unique.axes', { max: n - 1 })}</span></div>
        </figure>
        <figure>
          <figcaption>${this.t('peProps.unique.curveTitle')}</figcaption>
          ${this._distCurve()}
        </figure>
      </div>`;
  }

  /** dist(0, Δ) against Δ: by the symmetry above it is the distance of every pair at offset Δ. */
  _distCurve() {
    const g = this._gram,
      n = this.seqLen;
    const { W, H, ml, mt, pw, ph } = plotFrame(this._colWidth, 200);
    const x = (delta) => ml + (delta / (n - 1)) * pw;
    const y = (v) => mt + ph - (v / g.far) * ph;
    const pts = Array.from({ length: n }, (_, q) => `${x(q).toFixed(1)},${y(g.dist[q]).toFixed(1)}`).join(' ');
    const delta = g.q - g.p;
    const right = x(delta) > ml + pw * 0.6;
    return html`<svg class="plot" width=${W} height=${H} viewBox=${`0 0 ${W} ${H}`} role="img"
      aria-label=${this.t('peProps.unique.curveAria', { delta, dist: fmt(g.closest, 4), far: fmt(g.far, 3) })}>${svg`
      <line x1=${ml} x2=${ml + pw} y1=${mt + ph} y2=${mt + ph} stroke="var(--nw-border)"></line>
      <line x1=${ml} x2=${ml} y1=${mt} y2=${mt + ph} stroke="var(--nw-border)"></line>
      <polyline points=${pts} fill="none" stroke="var(--nw-accent-2)" stroke-width="1.5"></polyline>
      <circle cx=${x(delta)} cy=${y(g.closest)} r="4" fill="var(--nw-accent)"></circle>
      <text x=${x(delta) + (right ? -8 : 8)} y=${Math.max(mt + 10, y(g.closest) - 8)} text-anchor=${right ? 'end' : 'start'} class="halo" style="fill: var(--nw-fg)">${this.t('peProps.unique.minLabel', { delta, dist: fmt(g.closest, 3) })}</text>
      <text x=${ml - 6} y=${mt + 4} text-anchor="end">${fmt(g.far, 1)}</text>
      <text x=${ml - 6} y=${mt + ph} text-anchor="end">0</text>
      <text x=${ml} y=${mt + ph + 16} text-anchor="start">0</text>
      <text x=${ml + pw} y=${mt + ph + 16} text-anchor="end">${n - 1}</text>
      <text x=${ml + pw / 2} y=${H - 4} text-anchor="middle">${this.t('peProps.unique.xAxis')}</text>`}
    </svg>`;
  }

  _renderRelative() {
    const n = this.seqLen,
      d = this.dModel,
      k = this.k,
      g = this._gram;
    return html`
      <div class="controls">
        ${this.slider({
          id: 'k',
          label: this.t('peProps.k'),
          value: k,
          min: 0,
          max: this._kMax,
          onInput: (v) => {
            this.k = v;
          },
        })}
      </div>
      <p class="lead">${this.t('peProps.relative.lead')}</p>
      <p class="note">${this.t(this.layout === 'concat' ? 'peProps.relative.blocksConcat' : 'peProps.relative.blocksInterleaved')}</p>
      <div class="grid">
        <figure>
          <figcaption>${this.t('peProps.relative.mkTitle', { k, d })}</figcaption>
          <div class="square" role="img" aria-label=${this.t('peProps.relative.mkAria', { k, d })}><canvas data-paint="mk"></canvas></div>
        </figure>
        <figure>
          <figcaption>${this.t('peProps.relative.zoomTitle')}</figcaption>
          ${this._zoom()}
        </figure>
        <figure>
          <figcaption>${this.t('peProps.relative.simTitle', { k })}</figcaption>
          <div class="square" role="img" aria-label=${this.t('peProps.relative.simAria', { n, k })}>
            <canvas data-paint="gram"></canvas>
            <svg viewBox=${`0 0 ${n} ${n}`} preserveAspectRatio="none" aria-hidden="true">${svg`
              <line x1=${k} y1="0" x2=${n} y2=${n - k} stroke="var(--nw-bg)" stroke-width="4" vector-effect="non-scaling-stroke"></line>
              <line x1=${k} y1="0" x2=${n} y2=${n - k} stroke="var(--nw-fg)" stroke-width="2" stroke-dasharray="5 4" vector-effect="non-scaling-stroke"></line>`}
            </svg>
          </div>
          <div class="xlabel"><span>${this.t('peProps.unique.axes', { max: n - 1 })}</span></div>
        </figure>
        <figure>
          <figcaption>${this.t('peProps.relative.lineTitle', { k })}</figcaption>
          ${this._diagonalPlot(g)}
        </figure>
      </div>
      ${this._circleView()}`;
  }

  /**
   * One sin/cos pair on the unit circle: P(pos) = (PE(pos, 2i+1), PE(pos, 2i)) = (cos pos·ω_i,
   * sin pos·ω_i) from the kernel's table, the point k positions later, and M_k·P(pos) from the
   * nw.linear result (the same point, up to rounding). Faint dots: every position of the table.
   */
  _circle() {
    const { ext, Y, idx } = this._rel;
    const d = this.dModel,
      n = this.seqLen,
      k = this.k,
      i = this.pair,
      pos = this.pos;
    const at = (p) => ({ x: ext[p * d + 2 * i + 1], y: ext[p * d + 2 * i] });
    const drawn = (c) => idx.indexOf(c);
    const rotated = { x: Y[pos * d + drawn(2 * i + 1)], y: Y[pos * d + drawn(2 * i)] };
    const step = at(1);
    const omega = Math.atan2(step.y, step.x);
    const shift = at(k);
    return {
      p: at(pos),
      q: at(pos + k),
      rotated,
      omega,
      angle: Math.atan2(shift.y, shift.x),
      all: Array.from({ length: n }, (_, p) => at(p)),
    };
  }

  _circleView() {
    const c = this._circle();
    const W = Math.min(this._colWidth, 300),
      H = W,
      R = W / 2 - 28,
      cx = W / 2,
      cy = H / 2;
    const X = (v) => cx + v * R,
      Yc = (v) => cy - v * R;
    const deg = (a) => fmt((a * 180) / Math.PI, 1);
    const a0 = Math.atan2(c.p.y, c.p.x);
    const sweep = ((c.angle % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    const arcR = R * 0.45;
    const arcEnd = a0 + sweep;
    const large = sweep > Math.PI ? 1 : 0;
    const arc = `M${cx + arcR * Math.cos(a0)},${cy - arcR * Math.sin(a0)} A${arcR},${arcR} 0 ${large} 0 ${cx + arcR * Math.cos(arcEnd)},${cy - arcR * Math.sin(arcEnd)}`;
    const maxPos = this.seqLen - 1,
      maxPair = this.dModel / 2 - 1;
    return html`<div class="circle-wrap">
      <figure>
        <figcaption>${this.t('peProps.circle.title', { i: this.pair, s: 2 * this.pair, c: 2 * this.pair + 1 })}</figcaption>
        <svg class="plot circle" width=${W} height=${H} viewBox=${`0 0 ${W} ${H}`} role="img"
          aria-label=${this.t('peProps.circle.aria', { i: this.pair, pos: this.pos, k: this.k, angle: deg(sweep) })}>${svg`
          <circle cx=${cx} cy=${cy} r=${R} fill="none" stroke="var(--nw-border)"></circle>
          <line x1=${cx - R - 6} x2=${cx + R + 6} y1=${cy} y2=${cy} stroke="var(--nw-border)"></line>
          <line x1=${cx} x2=${cx} y1=${cy - R - 6} y2=${cy + R + 6} stroke="var(--nw-border)"></line>
          <text x=${cx + R + 4} y=${cy - 4} text-anchor="end">cos</text>
          <text x=${cx + 4} y=${cy - R - 2}>sin</text>
          ${c.all.map((pt) => svg`<circle cx=${X(pt.x)} cy=${Yc(pt.y)} r="1.6" fill="var(--nw-muted)" fill-opacity="0.5"></circle>`)}
          <path d=${arc} fill="none" stroke="var(--nw-accent)" stroke-width="2"></path>
          <line x1=${cx} y1=${cy} x2=${X(c.p.x)} y2=${Yc(c.p.y)} stroke="var(--nw-accent-2)" stroke-width="2"></line>
          <line x1=${cx} y1=${cy} x2=${X(c.q.x)} y2=${Yc(c.q.y)} stroke="var(--nw-accent)" stroke-width="2"></line>
          <circle cx=${X(c.p.x)} cy=${Yc(c.p.y)} r="6" fill="var(--nw-accent-2)"></circle>
          <circle cx=${X(c.q.x)} cy=${Yc(c.q.y)} r="7" fill="none" stroke="var(--nw-accent)" stroke-width="2.5"></circle>
          <circle cx=${X(c.rotated.x)} cy=${Yc(c.rotated.y)} r="3" fill="var(--nw-accent)"></circle>
          <text class="pt halo" x=${X(c.p.x) + (c.p.x < 0 ? -10 : 10)} y=${Yc(c.p.y) + (c.p.y < 0 ? 16 : -8)} text-anchor=${c.p.x < 0 ? 'end' : 'start'}>pos</text>
          <text class="pt halo" x=${X(c.q.x) + (c.q.x < 0 ? -10 : 10)} y=${Yc(c.q.y) + (c.q.y < 0 ? 16 : -8)} text-anchor=${c.q.x < 0 ? 'end' : 'start'}>pos+k</text>`}
        </svg>
      </figure>
      <div>
        <div class="controls">
          ${this.slider({
            id: 'circle-pos',
            label: this.t('peProps.circle.pos'),
            value: this.pos,
            min: 0,
            max: maxPos,
            onInput: (v) => {
              this._stop();
              this._setCircle({ pos: v });
            },
          })}
          ${this.slider({ id: 'circle-pair', label: this.t('peProps.circle.pair'), value: this.pair, min: 0, max: maxPair, onInput: (v) => this._setCircle({ pair: v }) })}
        </div>
        ${this._playButton('circle-play')}
        <p class="note">${this.t('peProps.circle.note', {
          pos: this.pos,
          k: this.k,
          i: this.pair,
          omega: fmt(c.omega, 4),
          angle: deg(sweep),
          px: fmt(c.p.x, 3),
          py: fmt(c.p.y, 3),
          qx: fmt(c.q.x, 3),
          qy: fmt(c.q.y, 3),
          rx: fmt(c.rotated.x, 3),
          ry: fmt(c.rotated.y, 3),
        })}</p>
      </div>
    </div>`;
  }

  /** The first four 2×2 blocks of M_k with their numbers, in the current layout's order. */
  _zoom() {
    const { zoom, zoomValues, drawnIndex } = this._rel;
    const W = Math.min(this._colWidth, 380);
    const lm = 40,
      tm = 34;
    const cell = Math.floor((W - lm - 4) / ZOOM_DIMS);
    const H = tm + cell * ZOOM_DIMS + 4;
    const font = `font-size: ${cell < 40 ? 9.5 : 10.5}px`;
    const colour = (v) => {
      const t = Math.round(((v + 1) / 2) * 255);
      return `rgb(${DIVERGING[3 * t]}, ${DIVERGING[3 * t + 1]}, ${DIVERGING[3 * t + 2]})`;
    };
    return html`<svg class="plot zoom" width=${W} height=${H} viewBox=${`0 0 ${W} ${H}`} role="img"
      aria-label=${this.t('peProps.relative.zoomAria', { k: this.k })}>${svg`
      ${zoom.map(
        (j, c) => svg`<text x=${lm + c * cell + cell / 2} y=${tm - 18} text-anchor="middle">${dimName(j)}</text>
        <text x=${lm + c * cell + cell / 2} y=${tm - 5} text-anchor="middle">${drawnIndex(j)}</text>`,
      )}
      ${zoom.map(
        (j, r) => svg`<text x=${lm - 6} y=${tm + r * cell + cell / 2 + 4} text-anchor="end">${dimName(j)}</text>
        ${zoomValues[r].map((v, c) =>
          v === 0
            ? svg`<rect x=${lm + c * cell + 0.5} y=${tm + r * cell + 0.5} width=${cell - 2} height=${cell - 2} fill="var(--nw-panel)" stroke="var(--nw-border)"></rect>`
            : svg`<rect x=${lm + c * cell} y=${tm + r * cell} width=${cell - 1} height=${cell - 1} fill=${colour(v)}></rect>
            <text class=${`cell ${Math.abs(v) > 0.6 ? 'dark' : 'lightcell'}`} style=${font} x=${lm + c * cell + cell / 2} y=${tm + r * cell + cell / 2 + 4} text-anchor="middle">${fmt(v, 2)}</text>`,
        )}`,
      )}
    `}</svg>`;
  }

  /** PE(p)·PE(p+k) along the diagonal (flat) against PE(0)·PE(p) along a row (not flat). */
  _diagonalPlot(g) {
    const n = this.seqLen,
      d = this.dModel,
      k = this.k,
      half = d / 2;
    const { W, H, ml, mt, pw, ph } = plotFrame(this._colWidth, 200);
    const x = (p) => ml + (p / (n - 1)) * pw;
    const y = (v) => mt + ph / 2 - (v / half) * (ph / 2);
    const row = Array.from({ length: n }, (_, p) => `${x(p).toFixed(1)},${y(g.G[p]).toFixed(1)}`).join(' ');
    const diag = Array.from({ length: n - k }, (_, p) => `${x(p).toFixed(1)},${y(g.G[p * n + p + k]).toFixed(1)}`).join(
      ' ',
    );
    return html`<svg class="plot" width=${W} height=${H} viewBox=${`0 0 ${W} ${H}`} role="img"
      aria-label=${this.t('peProps.relative.lineAria', { k, dot: fmt((g.lo[k] + g.hi[k]) / 2, 3) })}>${svg`
      <line x1=${ml} x2=${ml + pw} y1=${y(0)} y2=${y(0)} stroke="var(--nw-border)"></line>
      <line x1=${ml} x2=${ml} y1=${mt} y2=${mt + ph} stroke="var(--nw-border)"></line>
      <polyline points=${row} fill="none" stroke="var(--nw-muted)" stroke-width="1.2"></polyline>
      <polyline points=${diag} fill="none" stroke="var(--nw-accent)" stroke-width="2.5"></polyline>
      <text x=${ml - 6} y=${mt + 4} text-anchor="end">${fmt(half, 0)}</text>
      <text x=${ml - 6} y=${y(0) + 4} text-anchor="end">0</text>
      <text x=${ml - 6} y=${mt + ph} text-anchor="end">${fmt(-half, 0)}</text>
      <text x=${ml} y=${mt + ph + 16} text-anchor="start">0</text>
      <text x=${ml + pw} y=${mt + ph + 16} text-anchor="end">${n - 1}</text>
      <text x=${ml + pw / 2} y=${H - 4} text-anchor="middle">${this.t('peProps.relative.lineAxis')}</text>`}
    </svg>
    <p class="note"><span style="color: var(--nw-accent)">━</span> ${this.t('peProps.relative.lineDiag', { k })}
      <br><span style="color: var(--nw-muted)">━</span> ${this.t('peProps.relative.lineRow')}</p>`;
  }

  _renderExtrapolation() {
    const n = this.seqLen,
      d = this.dModel,
      L = this.trainedLen;
    const W = Math.max(240, this._width),
      H = 58;
    const xL = (L / n) * W;
    const params = count(L * d);
    const fits = (text, width) => textWidth(text) + 12 < width;
    const learned = this.t('peProps.extra.learnedBar', { params });
    const noRow = this.t('peProps.extra.noRow');
    const marker = this.t('peProps.extra.marker', { L });
    const markerRight = xL > W * 0.75;
    const beyond = this.t('peProps.extra.beyond');
    return html`
      <div class="controls">
        ${this.slider({
          id: 'trained-len',
          label: this.t('peProps.trainedLen'),
          value: L,
          min: 1,
          max: n - 1,
          onInput: (v) => {
            this.trainedLen = v;
          },
        })}
      </div>
      <p class="lead">${this.t('peProps.extra.lead')}</p>
      <p class="strip-label">${this.t('peProps.extra.sinLabel', { last: n - 1 })}</p>
      <div class="strip" role="img" aria-label=${this.t('peProps.extra.stripAria', { n, d, L })}>
        <canvas data-paint="strip"></canvas>
        <svg aria-hidden="true">${svg`
          <line x1=${`${(L / n) * 100}%`} x2=${`${(L / n) * 100}%`} y1="0" y2="100%" stroke="var(--nw-bg)" stroke-width="5"></line>
          <line x1=${`${(L / n) * 100}%`} x2=${`${(L / n) * 100}%`} y1="0" y2="100%" stroke="var(--nw-fg)" stroke-width="2"></line>`}
        </svg>
        ${textWidth(beyond) + 24 < W - xL ? html`<span class="beyond" style=${`left: calc(${(L / n) * 100}% + 6px)`}>${beyond}</span>` : ''}
      </div>
      <p class="strip-label">${this.t('peProps.extra.learnedLabel')}</p>
      <svg class="plot" width=${W} height=${H} viewBox=${`0 0 ${W} ${H}`} role="img"
        aria-label=${this.t('peProps.extra.learnedAria', { L, params, beyond: n - L })}>${svg`
        <rect x="0.5" y="20" width=${Math.max(0, xL - 1)} height="34" fill="var(--nw-panel)" stroke="var(--nw-accent-2)" stroke-width="1.5"></rect>
        <rect x=${xL + 0.5} y="20" width=${Math.max(0, W - xL - 1)} height="34" fill="none" stroke="var(--nw-muted)" stroke-dasharray="5 4"></rect>
        ${fits(learned, xL) ? svg`<text x=${xL / 2} y="41" text-anchor="middle" style="fill: var(--nw-fg)">${learned}</text>` : ''}
        ${fits(noRow, W - xL) ? svg`<text x=${(xL + W) / 2} y="41" text-anchor="middle">${noRow}</text>` : ''}
        <line x1=${xL} x2=${xL} y1="14" y2=${H} stroke="var(--nw-fg)" stroke-width="2"></line>
        <text x=${markerRight ? xL - 6 : xL + 6} y="12" text-anchor=${markerRight ? 'end' : 'start'} style="fill: var(--nw-fg); font-weight: 600">${marker}</text>`}
      </svg>
      <div class="xlabel"><span>pos 0</span><span>pos ${n - 1}</span></div>`;
  }

  _readout() {
    const n = this.seqLen,
      d = this.dModel;
    if (this.panel === 'bounded') {
      const b = this._bounded;
      return this.t('peProps.bounded.readout', {
        count: count(b.total),
        n,
        d,
        min: fmt(b.min, 4),
        max: fmt(b.max, 4),
        outside: count(b.below + b.above),
        naive: n - 1,
      });
    }
    if (this.panel === 'unique') {
      const g = this._gram;
      return this.t('peProps.unique.readout', {
        p: g.p,
        q: g.q,
        delta: g.q - g.p,
        dist: fmt(g.closest, 4),
        pairs: count((n * (n - 1)) / 2),
        far: fmt(g.far, 3),
        norm: fmt(g.normMax, 3),
        root: fmt(Math.sqrt(d / 2), 3),
      });
    }
    if (this.panel === 'relative') {
      const g = this._gram,
        k = this.k;
      return this.t('peProps.relative.readout', {
        k,
        n,
        d,
        layout: this.t(`pe.layout.${this.layout}`),
        err: fmtSci(this._rel.err),
        dot: fmt((g.lo[k] + g.hi[k]) / 2, 4),
        spreadK: fmtSci(g.hi[k] - g.lo[k]),
        spread: fmtSci(g.spread),
        half: d / 2,
      });
    }
    const e = this._extra,
      L = this.trainedLen;
    return this.t('peProps.extra.readout', {
      L,
      n,
      last: n - 1,
      beyond: n - L,
      min: fmt(e.min, 3),
      max: fmt(e.max, 3),
      norm: fmt(e.normMax, 3),
      Lm1: L - 1,
      adjL: fmt(e.adjL, 4),
      adj0: fmt(e.adj0, 4),
      params: count(L * d),
      d,
    });
  }
}

define('nw-pe-properties', NwPeProperties);
