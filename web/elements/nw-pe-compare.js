// <nw-pe-compare>: sinusoidal, learned and RoPE/ALiBi position information side by side (§05): the
// comparison table, and two live views of the third column.
//   RoPE: q and k rotated pair by pair (dims 2i, 2i+1) by pos·θ_i, θ_i = 10000^(−2i/d) (Su et al.);
//         the cos/sin are the library's PE table, the rotations and all scores are nw.linear calls.
//   ALiBi: causal bias −m·(i − j) (j ≤ i, later keys masked) as in Press et al.'s language models,
//         or the symmetric −m·|i − j|; slopes m = 2^(−8h/H); one row through nw.softmax.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { SEQUENTIAL, cssColor } from '../lib/colormap.js';
import { fmt, fmtSci } from '../lib/format.js';
import {
  ns,
  controls,
  claims,
  ropeVectors,
  ropeScores,
  ropeCurve,
  ropeCompare,
  alibiRow,
  HEADS,
  MASKS,
  MAX_OFFSET,
} from '../lib/pe-compare.js';
import { WithIdleTask } from '../lib/idle.js';
import { plotFrame } from '../lib/plot-frame.js';

const ROWS = ['principle', 'params', 'extrapolation', 'models', 'performance'];
const COLS = ['fixed', 'learned', 'rope'];
/** 8h/H as a short exponent: 3, 0.5, 1.5. */
const exponent = (e) => (Number.isInteger(e) ? String(e) : e.toFixed(2).replace(/0+$/, ''));

/**
 * Attributes: rope-dim (head dimension d of the RoPE view, 16–128 in steps of 16, default 64),
 * pos-a and pos-b (the two absolute key positions n₁, n₂, 32–479, defaults 100 and 300),
 * offset (the offset Δ = m − n read out, −32–32, default 5), heads (H: 4, 8 or 16, default 8),
 * head (h, 1–H, default 2), alibi-len (sequence length of the ALiBi view, 4–32, default 12),
 * query (the query row i, 0–alibi-len − 1, default 8), mask ('causal' | 'symmetric',
 * default 'causal'), lang, theme.
 * Property ropeVectors: the q and k (Float32Array(d) each) of the RoPE view, before rotation.
 */
export class NwPeCompare extends WithIdleTask(NwElement) {
  static controls = controls;

  static styles = [
    NwElement.styles,
    css`
    .table-wrap { overflow-x: auto; margin: 6px 0 18px; border: 1px solid var(--nw-border); border-radius: 8px; }
    table { border-collapse: collapse; table-layout: fixed; width: 100%; min-width: 600px; font-size: 0.88rem; }
    thead th:first-child { width: 19%; }
    th, td { border-bottom: 1px solid var(--nw-border); padding: 7px 10px; text-align: left; vertical-align: top; }
    tbody tr:last-child th, tbody tr:last-child td { border-bottom: 0; }
    thead th { background: var(--nw-panel); border-bottom: 2px solid var(--nw-border); }
    tbody th { font-weight: 600; }
    .view { border-top: 1px solid var(--nw-border); padding-top: 10px; margin-top: 14px; }
    h3 { font-size: 0.98rem; margin: 0 0 4px; }
    .lead { margin: 0 0 6px; font-size: 0.9rem; }
    .note { margin: 6px 0; font-size: 0.85rem; color: var(--nw-muted); }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 0.82rem; color: var(--nw-muted); margin: 0 0 4px; }
    .swatch { display: inline-block; width: 22px; height: 0; vertical-align: middle; margin-right: 5px; border-top: 3px solid var(--nw-accent); }
    .swatch.b { border-top: 3px dashed var(--nw-accent-2); }
    .swatch.box { width: 12px; height: 12px; border: 1.5px solid var(--nw-muted); }
    .swatch.fill { width: 12px; height: 12px; border: 0; background: var(--nw-accent); }
    .swatch.masked { width: 12px; height: 12px; border: 1px solid var(--nw-border); background: var(--nw-panel); }
    .grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 260px), 1fr)); gap: 12px 16px; align-items: start; }
    figure { margin: 0; min-width: 0; }
    figcaption { font-size: 0.82rem; color: var(--nw-muted); margin-bottom: 4px; }
    svg.plot { display: block; max-width: 100%; height: auto; overflow: visible; }
    svg text.halo { paint-order: stroke; stroke: var(--nw-bg); stroke-width: 4px; stroke-linejoin: round; }
  `,
  ];

  constructor() {
    super();
    this._width = 600;
    this._ropeKey = null;
    // The RoPE view of each head dimension d (eight of them, 16…128; two 512 × d rotations by
    // nw.linear each, most of a phone's frame at d = 128): kept once computed, and the neighbouring
    // d computed in idle time once the reader drags, so a drag finds its next step ready.
    this._ropes = new Map();
  }

  /** The RoPE scores for head dimension d, kept or computed. */
  _ropeAt(d) {
    let rope = this._ropes.get(d);
    if (!rope) {
      rope = ropeScores(this.nw, d);
      this._ropes.set(d, rope);
    }
    return rope;
  }

  updated(changed) {
    super.updated(changed);
    if (this.nw) this._prefetch();
  }

  /** The neighbouring head dimensions not yet computed, one per idle period. */
  _prefetch() {
    this._idle.cancel();
    const { min, max, step } = controls.ropeDim;
    const near = [this.ropeDim + step, this.ropeDim - step].find((d) => d >= min && d <= max && !this._ropes.has(d));
    if (near === undefined) return;
    this._idle.schedule(() => {
      if (!this.isConnected || !this.nw) return;
      this._ropeAt(near);
      this._prefetch();
    });
  }

  /** q and k of the RoPE view before rotation (copies). */
  get ropeVectors() {
    return ropeVectors(this.ropeDim);
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.nw) return;
    if (changed.has('nw')) this._ropes.clear();
    if (this._ropeKey !== this.ropeDim || changed.has('nw')) {
      this._ropeKey = this.ropeDim;
      this._rope = this._ropeAt(this.ropeDim);
    }
    this._alibi = alibiRow(this.nw, this);
  }

  _curve(n) {
    return ropeCurve(this.nw, this._rope, n);
  }

  /** What the claims read (lib/pe-compare.js measure's shape). */
  _numbers() {
    return { rope: ropeCompare(this.nw, this._rope, this), alibi: this._alibi, posA: this.posA, posB: this.posB };
  }

  get _colWidth() {
    return this.columnWidth(this._width, 560);
  }

  render() {
    if (!this.nw) return this.renderLoading();
    return html`
      <p class="title">${this.t('peCompare.title')}</p>
      <p class="caption">${this.t('peCompare.caption')}</p>
      ${this._renderTable()}
      ${this._renderRope()}
      ${this._renderAlibi()}
    `;
  }

  _renderTable() {
    return html`<div class="table-wrap" role="region" tabindex="0" aria-label=${this.t('peCompare.tableRegion')}>
      <table>
        <caption class="visually-hidden">${this.t('peCompare.tableCaption')}</caption>
        <thead><tr>
          <th scope="col">${this.t('peCompare.th.aspect')}</th>
          ${COLS.map((c) => html`<th scope="col">${this.t(`peCompare.th.${c}`)}</th>`)}
        </tr></thead>
        <tbody>
          ${ROWS.map(
            (r) => html`<tr>
            <th scope="row">${this.t(`peCompare.r.${r}`)}</th>
            ${COLS.map((c) => html`<td>${this.t(`peCompare.r.${r}.${c}`)}</td>`)}
          </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  _renderRope() {
    const signed = (v) => (v > 0 ? `+${v}` : fmt(v, 0));
    return html`<section class="view" aria-labelledby="rope-h">
      <h3 id="rope-h">${this.t('peCompare.rope.title')}</h3>
      <p class="lead">${this.t('peCompare.rope.lead')}</p>
      <div class="controls">
        ${this.slider({ control: 'ropeDim', id: 'rope-dim', label: this.t('peCompare.rope.dim') })}
        ${this.slider({ control: 'posA', id: 'pos-a', label: this.t('peCompare.rope.posA') })}
        ${this.slider({ control: 'posB', id: 'pos-b', label: this.t('peCompare.rope.posB') })}
        ${this.slider({ control: 'offset', label: this.t('peCompare.rope.offset'), format: signed })}
      </div>
      <p class="legend">
        <span><span class="swatch"></span>${this.t('peCompare.rope.legend', { n: this.posA })}</span>
        <span><span class="swatch b"></span>${this.t('peCompare.rope.legend', { n: this.posB })}</span>
      </p>
      ${this._ropePlot()}
      <div class="readout" aria-live="polite" data-readout="rope">${this._ropeReadout()}</div>
      ${this.renderClaims(ns, { gapOnly: claims.gapOnly }, this._numbers())}
    </section>`;
  }

  _ropePlot() {
    const a = this._curve(this.posA),
      b = this._curve(this.posB);
    const { W, H, ml, mt, pw, ph } = plotFrame(Math.max(240, this._width), 220, { left: 46, top: 12, bottom: 38 });
    let lo = Math.min(0, ...a, ...b),
      hi = Math.max(0, ...a, ...b);
    const pad = 0.06 * (hi - lo || 1);
    lo -= pad;
    hi += pad;
    const x = (delta) => ml + ((delta + MAX_OFFSET) / (2 * MAX_OFFSET)) * pw;
    const y = (v) => mt + ((hi - v) / (hi - lo)) * ph;
    const line = (c) => c.map((v, i) => `${x(i - MAX_OFFSET).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    const i = this.offset + MAX_OFFSET;
    const right = this.offset > 8;
    const ticks = [-32, -16, 0, 16, 32];
    return html`<svg class="plot" width=${W} height=${H} viewBox=${`0 0 ${W} ${H}`} role="img"
      aria-label=${this.t('peCompare.rope.aria', { d: this.ropeDim, n1: this.posA, n2: this.posB })}>${svg`
      <line x1=${ml} x2=${ml + pw} y1=${y(0)} y2=${y(0)} stroke="var(--nw-border)"></line>
      <line x1=${ml} x2=${ml} y1=${mt} y2=${mt + ph} stroke="var(--nw-border)"></line>
      ${ticks.map(
        (t) => svg`<line x1=${x(t)} x2=${x(t)} y1=${mt + ph} y2=${mt + ph + 4} stroke="var(--nw-muted)"></line>
        <text x=${x(t)} y=${mt + ph + 16} text-anchor="middle">${t > 0 ? `+${t}` : fmt(t, 0)}</text>`,
      )}
      <text x=${ml + pw / 2} y=${H - 4} text-anchor="middle">${this.t('peCompare.rope.xAxis')}</text>
      <text x=${ml - 6} y=${mt + 8} text-anchor="end">${fmt(hi, 1)}</text>
      ${y(0) - mt > 20 && mt + ph - y(0) > 16 ? svg`<text x=${ml - 6} y=${y(0) + 4} text-anchor="end">0</text>` : ''}
      <text x=${ml - 6} y=${mt + ph} text-anchor="end">${fmt(lo, 1)}</text>
      <line x1=${x(this.offset)} x2=${x(this.offset)} y1=${mt} y2=${mt + ph} stroke="var(--nw-muted)" stroke-dasharray="2 3"></line>
      <polyline points=${line(a)} fill="none" stroke="var(--nw-accent)" stroke-width="3"></polyline>
      <polyline points=${line(b)} fill="none" stroke="var(--nw-accent-2)" stroke-width="2" stroke-dasharray="6 4"></polyline>
      <circle cx=${x(this.offset)} cy=${y(a[i])} r="5" fill="none" stroke="var(--nw-accent)" stroke-width="2"></circle>
      <circle cx=${x(this.offset)} cy=${y(b[i])} r="2.5" fill="var(--nw-accent-2)"></circle>
      <text x=${x(this.offset) + (right ? -8 : 8)} y=${mt + 12} text-anchor=${right ? 'end' : 'start'} class="halo" style="fill: var(--nw-accent)">${`(m, n) = (${this.posA + this.offset}, ${this.posA})`}</text>
      <text x=${x(this.offset) + (right ? -8 : 8)} y=${mt + 27} text-anchor=${right ? 'end' : 'start'} class="halo" style="fill: var(--nw-accent-2)">${`(m, n) = (${this.posB + this.offset}, ${this.posB})`}</text>`}
    </svg>`;
  }

  _ropeReadout() {
    const a = this._curve(this.posA),
      b = this._curve(this.posB);
    const i = this.offset + MAX_OFFSET;
    let maxDiff = 0;
    for (let j = 0; j < a.length; j++) maxDiff = Math.max(maxDiff, Math.abs(a[j] - b[j]));
    return this.t('peCompare.rope.readout', {
      delta: this.offset,
      d: this.ropeDim,
      m1: this.posA + this.offset,
      n1: this.posA,
      s1: fmt(a[i], 4),
      m2: this.posB + this.offset,
      n2: this.posB,
      s2: fmt(b[i], 4),
      diff: fmtSci(Math.abs(a[i] - b[i])),
      maxDiff: fmtSci(maxDiff),
      raw: fmt(this._rope.raw, 4),
    });
  }

  _renderAlibi() {
    const al = this._alibi;
    return html`<section class="view" aria-labelledby="alibi-h">
      <h3 id="alibi-h">${this.t('peCompare.alibi.title')}</h3>
      <p class="lead">${this.t('peCompare.alibi.lead')}</p>
      <div class="controls">
        ${this.toggle({
          control: 'heads',
          label: this.t('peCompare.alibi.heads'),
          options: HEADS.map((h) => ({ value: h, label: String(h) })),
        })}
        ${this.slider({ control: 'head', label: this.t('peCompare.alibi.head') })}
        ${this.toggle({
          control: 'mask',
          label: this.t('peCompare.alibi.mask'),
          options: MASKS.map((m) => ({ value: m, label: this.t(`peCompare.alibi.mask.${m}`) })),
        })}
      </div>
      <div class="controls">
        ${this.slider({ control: 'alibiLen', id: 'alibi-len', label: this.t('peCompare.alibi.len') })}
        ${this.slider({ control: 'query', label: this.t('peCompare.alibi.query') })}
      </div>
      <p class="note">${this.t(al.causal ? 'peCompare.alibi.causalNote' : 'peCompare.alibi.symmetricNote')}</p>
      <div class="grid">
        <figure>
          <figcaption>${this.t('peCompare.alibi.heatTitle', { slope: fmt(al.slope, 4) })}</figcaption>
          ${this._alibiHeatmap()}
          <p class="legend">
            <span>${fmt(-al.slope * (this.alibiLen - 1), 2)}</span>
            <span style=${`display:inline-block;flex:1;min-width:60px;height:10px;border-radius:3px;background:linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((t) => cssColor(SEQUENTIAL, t, 0, 1)).join(', ')})`}></span>
            <span>0</span>
            ${al.causal ? html`<span><span class="swatch masked"></span>${this.t('peCompare.alibi.masked')}</span>` : ''}
          </p>
        </figure>
        <figure>
          <figcaption>${this.t('peCompare.alibi.barsTitle', { i: this.query })}</figcaption>
          ${this._alibiBars()}
          <p class="legend">
            <span><span class="swatch box"></span>${this.t('peCompare.alibi.plain')}</span>
            <span><span class="swatch fill"></span>${this.t('peCompare.alibi.withBias')}</span>
          </p>
        </figure>
      </div>
      <div class="readout" aria-live="polite" data-readout="alibi">${this._alibiReadout()}</div>
      ${this.renderClaims(ns, { selfUp: claims.selfUp, decays: claims.decays }, this._numbers())}
    </section>`;
  }

  /** The L × L bias matrix; masked cells (causal, j > i) in the panel colour; the query row outlined. */
  _alibiHeatmap() {
    const L = this.alibiLen,
      { slope, causal } = this._alibi;
    const size = Math.min(this._colWidth, 340);
    const lm = 26,
      tm = 22;
    const cell = (size - lm - 2) / L;
    const lo = -slope * (L - 1);
    const H = tm + cell * L + 2;
    // Cells of one diagonal distance |r − c| share a colour: one path each (and one for the
    // masked cells), not L² rects — at L = 32 the slider re-rendered 1,024 SVG elements per step.
    // The same for every query row: kept while L, the mask, the size and the slope stay.
    const cellsKey = `${L}:${causal}:${size}:${slope}`;
    if (this._cellsKey !== cellsKey) {
      const paths = Array.from({ length: L + 1 }, () => []);
      const w = (cell + 0.3).toFixed(2);
      const xs = Array.from({ length: L }, (_, c) => (lm + c * cell).toFixed(2));
      const ys = Array.from({ length: L }, (_, r) => (tm + r * cell).toFixed(2));
      for (let r = 0; r < L; r++) {
        for (let c = 0; c < L; c++) {
          const k = causal && c > r ? L : Math.abs(r - c);
          paths[k].push(`M${xs[c]} ${ys[r]}h${w}v${w}h-${w}z`);
        }
      }
      this._cells = paths.map((d, k) =>
        d.length === 0
          ? ''
          : k === L
            ? svg`<path class="masked" data-cells=${d.length} d=${d.join('')} fill="var(--nw-panel)"></path>`
            : svg`<path data-cells=${d.length} d=${d.join('')} fill=${cssColor(SEQUENTIAL, -slope * k, lo, 0)}></path>`,
      );
      this._cellsKey = cellsKey;
    }
    const cells = this._cells;
    return html`<svg class="plot" width=${size} height=${H} viewBox=${`0 0 ${size} ${H}`} role="img"
      aria-label=${this.t('peCompare.alibi.heatAria', { L, slope: fmt(slope, 4), mask: this.t(`peCompare.alibi.mask.${this.mask}`) })}>${svg`
      ${cells}
      <rect x=${lm} y=${tm} width=${cell * L} height=${cell * L} fill="none" stroke="var(--nw-border)"></rect>
      <rect x=${lm - 1} y=${tm + this.query * cell - 1} width=${cell * L + 2} height=${cell + 2} fill="none" stroke="var(--nw-fg)" stroke-width="2"></rect>
      <text x=${lm + cell / 2} y=${tm - 6} text-anchor="middle">0</text>
      <text x=${lm + (L - 0.5) * cell} y=${tm - 6} text-anchor="middle">${L - 1}</text>
      <text x=${lm + (L * cell) / 2} y=${tm - 6} text-anchor="middle">${this.t('peCompare.alibi.keyAxis')}</text>
      <text x=${lm - 5} y=${tm + cell / 2 + 4} text-anchor="end">0</text>
      <text x=${lm - 5} y=${tm + (L - 0.5) * cell + 4} text-anchor="end">${L - 1}</text>
      <text x=${lm - 5} y=${tm + this.query * cell + cell / 2 + 4} text-anchor="end" style="fill: var(--nw-fg); font-weight: 600">${this.query}</text>`}
    </svg>`;
  }

  /** Softmax of the query row: outline = without bias, filled = with the ALiBi bias. */
  _alibiBars() {
    const L = this.alibiLen,
      { withBias, plain } = this._alibi;
    const { W, H, ml, mt, pw, ph } = plotFrame(this._colWidth, 200, { right: 8, top: 12 });
    const top = Math.max(...withBias, ...plain) * 1.05;
    const gw = pw / L;
    const y = (v) => mt + ph - (v / top) * ph;
    const every = L <= 16 ? 1 : 4;
    // One path per series (L bars each), not a rect per bar: L changes the element count otherwise.
    const bars = (p, inset, width) =>
      Array.from(p, (v, j) => {
        const x = (ml + (j + inset) * gw).toFixed(2);
        return `M${x} ${(mt + ph).toFixed(2)}V${y(v).toFixed(2)}h${(gw * width).toFixed(2)}V${(mt + ph).toFixed(2)}z`;
      }).join('');
    return html`<svg class="plot" width=${W} height=${H} viewBox=${`0 0 ${W} ${H}`} role="img"
      aria-label=${this.t('peCompare.alibi.barsAria', { i: this.query, self: fmt(withBias[this.query], 3), plain: fmt(plain[this.query], 3) })}>${svg`
      <line x1=${ml} x2=${ml + pw} y1=${mt + ph} y2=${mt + ph} stroke="var(--nw-border)"></line>
      <line x1=${ml} x2=${ml} y1=${mt} y2=${mt + ph} stroke="var(--nw-border)"></line>
      <path d=${bars(plain, 0.1, 0.8)} fill="none" stroke="var(--nw-muted)" stroke-width="1.2"></path>
      <path d=${bars(withBias, 0.25, 0.5)} fill="var(--nw-accent)"></path>
      ${Array.from({ length: L }, (_, j) =>
        j % every === 0 || j === L - 1
          ? svg`<text x=${ml + (j + 0.5) * gw} y=${mt + ph + 14} text-anchor="middle" style=${j === this.query ? 'fill: var(--nw-fg); font-weight: 600' : ''}>${j}</text>`
          : '',
      )}
      <text x=${ml - 6} y=${mt + 8} text-anchor="end">${fmt(top, 2)}</text>
      <text x=${ml - 6} y=${mt + ph} text-anchor="end">0</text>
      <text x=${ml + pw / 2} y=${H - 4} text-anchor="middle">${this.t('peCompare.alibi.keyAxisLong')}</text>`}
    </svg>`;
  }

  _alibiReadout() {
    const { e, slope, bias, withBias, plain, far } = this._alibi,
      i = this.query;
    return this.t('peCompare.alibi.readout', {
      h: this.head,
      H: this.heads,
      e: exponent(e),
      slope: fmt(slope, 4),
      mask: this.t(`peCompare.alibi.mask.${this.mask}`),
      i,
      L: this.alibiLen,
      jFar: far,
      bFar: fmt(bias[far], 4),
      wFar: fmt(withBias[far], 4),
      wSelf: fmt(withBias[i], 4),
      uniform: fmt(plain[i], 4),
    });
  }
}

define('nw-pe-compare', NwPeCompare);
