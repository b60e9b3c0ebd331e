// <nw-norm-axes>: which cells share one μ and σ (Fig.6). A batch × feature grid of values; in
// BatchNorm mode a column (one feature across the batch) is a group, in LayerNorm mode a row (all
// features of one sample). The statistics come from nw.batchNormWithStats / nw.layerNormWithStats
// (biased variance and eps = 1e-5, as PyTorch's training-mode batch_norm and layer_norm).
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import { ns, controls, claims, normalize, cellNumbers } from '../lib/norm-axes.js';

/** Narrowest grid cell in px: wide enough for "−0.2" at 10 px. */
const MIN_CELL = 30;

/**
 * Attributes: mode ('bn' | 'ln', default 'bn'), rows (batch size N, 4–8, default 6),
 * cols (features C, 6–12, default 8), seed (which batch, 1–99999, default 1; "new batch" steps it),
 * lang, theme. The URL hash keeps mode, rows, cols and seed.
 */
export class NwNormAxes extends NwElement {
  static properties = {
    cursor: { state: true },
  };

  static controls = controls;

  static styles = [
    NwElement.styles,
    css`
    .controls > .control[role='group'] { flex: 0 0 auto; min-width: 0; }
    .actions { display: flex; align-items: flex-end; }
    .actions button { font: inherit; font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 6px 12px; min-height: 32px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .grid-wrap { overflow-x: auto; margin: 0 0 4px; }
    .grid-wrap th[scope='row'], .grid-wrap th.corner { position: sticky; left: 0; background: var(--nw-bg); z-index: 1; }
    table.grid { width: 100%; max-width: 680px; table-layout: fixed; border-collapse: separate; border-spacing: 2px; font-size: 12px; font-variant-numeric: tabular-nums; margin: 0 0 4px; }
    table.grid th { font-weight: 500; color: var(--nw-muted); font-size: 0.92em; padding: 0; text-align: center; overflow: hidden; }
    table.grid th.corner { width: 26px; font-size: 10px; line-height: 1.15; }
    table.grid td { height: 30px; padding: 0; text-align: center; white-space: nowrap; overflow: hidden; border-radius: 4px; }
    td.cell { background: var(--nw-panel); border: 1px solid var(--nw-border); cursor: pointer; color: var(--nw-fg); }
    td.cell[aria-selected='true'] { background: color-mix(in srgb, var(--nw-ok) 24%, var(--nw-bg)); border-color: var(--nw-ok); }
    td.cell.current { box-shadow: inset 0 0 0 2px var(--nw-accent); font-weight: 700; }
    td.cell:focus-visible { outline: 2px solid var(--nw-accent-2); outline-offset: 1px; }
    td.stat { color: var(--nw-fg); font-style: italic; border: 1px dashed var(--nw-border); }
    td.stat.in-group { border: 1px dashed var(--nw-ok); font-weight: 700; }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 0.8rem; color: var(--nw-muted); margin: 2px 0 8px; }
    .legend .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px; vertical-align: -2px; margin-right: 4px; }
    .legend .group { background: color-mix(in srgb, var(--nw-ok) 24%, var(--nw-bg)); border: 1px solid var(--nw-ok); }
    .legend .current { border: 2px solid var(--nw-accent); }
    .strip svg { display: block; max-width: 100%; height: auto; }
    .strip .axis { stroke: var(--nw-border); stroke-width: 1; }
    .strip .band { fill: var(--nw-accent-2); opacity: 0.16; }
    .strip .mu { stroke: var(--nw-accent-2); stroke-width: 2; }
    .strip .zero { stroke: var(--nw-muted); stroke-width: 1; stroke-dasharray: 3 3; }
    .strip .link { stroke: var(--nw-muted); stroke-width: 1; opacity: 0.5; }
    .strip .dot { fill: var(--nw-ok); stroke: var(--nw-bg); stroke-width: 1; }
    .strip .dot.current { fill: var(--nw-accent); stroke: var(--nw-fg); stroke-width: 1.5; }
    .strip text.row-label { fill: var(--nw-fg); font-size: 12px; }
    .strip text.mu-label { fill: var(--nw-accent-2); font-size: 11px; }
  `,
  ];

  constructor() {
    super();
    this.cursor = { r: 0, c: 0 };
    this._width = 0;
    this._cacheKey = '';
    this._focusCursor = false;
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    this.cursor = { r: Math.min(this.cursor.r, this.rows - 1), c: Math.min(this.cursor.c, this.cols - 1) };
    if (!this.nw) return;
    const key = `${this.seed}:${this.rows}:${this.cols}`;
    if (key !== this._cacheKey) {
      this._batch = normalize(this.nw, this);
      this._x = this._batch.x;
      this._bn = this._batch.bn;
      this._ln = this._batch.ln;
      let lo = Infinity,
        hi = -Infinity;
      for (const v of this._x) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      this._range = { lo, hi };
      this._cacheKey = key;
    }
  }

  updated(changed) {
    super.updated(changed);
    if (this._focusCursor) {
      this._focusCursor = false;
      this.renderRoot.querySelector('td.cell.current')?.focus();
    }
  }

  /** The cursor's group: its members (row-major indices), μ, σ² and the normalized batch. */
  _group() {
    const { r, c } = this.cursor;
    if (this.mode === 'bn') {
      return {
        members: Array.from({ length: this.rows }, (_, k) => k * this.cols + c),
        mean: this._bn.mean[c],
        variance: this._bn.variance[c],
        out: this._bn.output,
      };
    }
    return {
      members: Array.from({ length: this.cols }, (_, k) => r * this.cols + k),
      mean: this._ln.mean[r],
      variance: this._ln.variance[r],
      out: this._ln.output,
    };
  }

  _inGroup(r, c) {
    return this.mode === 'bn' ? c === this.cursor.c : r === this.cursor.r;
  }

  _move(r, c, focus) {
    this.cursor = { r: Math.min(this.rows - 1, Math.max(0, r)), c: Math.min(this.cols - 1, Math.max(0, c)) };
    if (focus) this._focusCursor = true;
  }

  _onKey(e) {
    const { r, c } = this.cursor;
    const moves = {
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      Home: [e.ctrlKey ? 0 : r, 0],
      End: [e.ctrlKey ? this.rows - 1 : r, this.cols - 1],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    this._move(m[0], m[1], true);
  }

  _cellFrom(e) {
    const td = e.target.closest?.('td.cell');
    return td ? { r: Number(td.dataset.r), c: Number(td.dataset.c) } : null;
  }

  _grid() {
    const { r: cr, c: cc } = this.cursor;
    const bn = this.mode === 'bn';
    const cellText = (v) => fmt(v, 1);
    const head = html`<tr>
      <th scope="col" class="corner"><span aria-hidden="true">N↓<br>C→</span><span class="visually-hidden">${this.t('normAxes.corner')}</span></th>
      ${Array.from({ length: this.cols }, (_, c) => html`<th scope="col" title=${this.t('normAxes.featureName', { c: c + 1 })}>c${c + 1}</th>`)}
      ${bn ? '' : html`<th scope="col" title=${this.t('normAxes.rowMeanTitle')}>μ</th>`}
    </tr>`;
    const body = Array.from(
      { length: this.rows },
      (_, r) => html`<tr>
      <th scope="row" title=${this.t('normAxes.sampleName', { n: r + 1 })}>s${r + 1}</th>
      ${Array.from({ length: this.cols }, (_, c) => {
        const current = r === cr && c === cc;
        return html`<td role="gridcell" class=${current ? 'cell current' : 'cell'} data-r=${r} data-c=${c}
          data-value=${String(this._x[r * this.cols + c])} aria-selected=${String(this._inGroup(r, c))}
          tabindex=${current ? '0' : '-1'}>${cellText(this._x[r * this.cols + c])}</td>`;
      })}
      ${bn ? '' : html`<td role="gridcell" class=${r === cr ? 'stat in-group' : 'stat'}>${fmt(this._ln.mean[r], 1)}</td>`}
    </tr>`,
    );
    const foot = bn
      ? html`<tr>
      <th scope="row" title=${this.t('normAxes.colMeanTitle')}>μ</th>
      ${Array.from({ length: this.cols }, (_, c) => html`<td role="gridcell" class=${c === cc ? 'stat in-group' : 'stat'}>${fmt(this._bn.mean[c], 1)}</td>`)}
    </tr>`
      : '';
    // Cells share the width (fixed layout) and the text shrinks to fit "−0.2", but a cell never gets
    // narrower than MIN_CELL: on a phone with 12 columns the grid scrolls sideways inside its box
    // (row labels stay put) rather than cut the numbers.
    const dataCols = this.cols + (bn ? 0 : 1);
    const minWidth = 28 + dataCols * (MIN_CELL + 2);
    const cellW = Math.max(MIN_CELL, (Math.min(680, this._width || 640) - 28 - 2 * (dataCols + 2)) / dataCols);
    const font = Math.max(10, Math.min(12, (cellW - 4) / 2.45));
    return html`<p class="caption" id="grid-caption">${this.t(bn ? 'normAxes.gridCaptionBn' : 'normAxes.gridCaptionLn', { rows: this.rows, cols: this.cols })}</p>
      <div class="grid-wrap"><table class="grid" role="grid" aria-labelledby="grid-caption" aria-describedby="grid-keys"
      style=${`font-size:${font.toFixed(1)}px;min-width:${minWidth}px`}
      @keydown=${this._onKey}
      @pointerover=${(e) => {
        const cell = this._cellFrom(e);
        if (cell) this._move(cell.r, cell.c, false);
      }}
      @focusin=${(e) => {
        const cell = this._cellFrom(e);
        if (cell && (cell.r !== cr || cell.c !== cc)) this._move(cell.r, cell.c, false);
      }}>
      <thead>${head}</thead>
      <tbody>${body}${foot}</tbody>
    </table></div>`;
  }

  /** Two number lines: the group's inputs with μ ± σ, and the same cells after normalization. */
  _strip(group) {
    const w = Math.max(260, Math.min(680, this._width || 640));
    const m = { left: 58, right: 14 };
    const rowY = [38, 112];
    const h = 146;
    const iw = w - m.left - m.right;
    const { lo, hi } = this._range;
    const pad = Math.max(0.5, (hi - lo) * 0.06);
    const x0 = Math.floor(lo - pad),
      x1 = Math.ceil(hi + pad);
    const sx = (v) => m.left + ((v - x0) / (x1 - x0)) * iw;
    const z0 = -3.5,
      z1 = 3.5;
    const sz = (v) => m.left + ((Math.min(z1, Math.max(z0, v)) - z0) / (z1 - z0)) * iw;
    const sigma = Math.sqrt(group.variance);
    const cur = this.cursor.r * this.cols + this.cursor.c;
    const ticks = (a, b, f) => {
      const step = Math.max(1, Math.ceil((b - a) / 8));
      const out = [];
      for (let t = Math.ceil(a / step) * step; t <= b; t += step) out.push(t);
      return out.map(
        (t) => svg`<line class="axis" x1=${f(t)} x2=${f(t)} y1=${0} y2=${5}></line>
        <text x=${f(t)} y=${17} text-anchor="middle">${fmt(t, 0)}</text>`,
      );
    };
    const order = [...group.members].sort((a, b) => (a === cur) - (b === cur));
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('normAxes.stripAria', { n: group.members.length })}>
      <text class="row-label" x=${4} y=${rowY[0] + 4}>${this.t('normAxes.rowX')}</text>
      <text class="row-label" x=${4} y=${rowY[1] + 4}>${this.t('normAxes.rowXhat')}</text>
      <rect class="band" x=${sx(group.mean - sigma)} y=${rowY[0] - 12} width=${Math.max(1, sx(group.mean + sigma) - sx(group.mean - sigma))} height=${24}></rect>
      <rect class="band" x=${sz(-1)} y=${rowY[1] - 12} width=${sz(1) - sz(-1)} height=${24}></rect>
      <line class="axis" x1=${m.left} x2=${w - m.right} y1=${rowY[0]} y2=${rowY[0]}></line>
      <line class="axis" x1=${m.left} x2=${w - m.right} y1=${rowY[1]} y2=${rowY[1]}></line>
      <g transform=${`translate(0 ${rowY[0] + 12})`}>${ticks(x0, x1, sx)}</g>
      <g transform=${`translate(0 ${rowY[1] + 12})`}>${ticks(-3, 3, sz)}</g>
      <line class="mu" x1=${sx(group.mean)} x2=${sx(group.mean)} y1=${rowY[0] - 16} y2=${rowY[0] + 12}></line>
      <text class="mu-label" x=${sx(group.mean)} y=${rowY[0] - 20} text-anchor="middle">μ ± σ</text>
      <line class="zero" x1=${sz(0)} x2=${sz(0)} y1=${rowY[1] - 16} y2=${rowY[1] + 12}></line>
      <text class="mu-label" x=${sz(0)} y=${rowY[1] - 20} text-anchor="middle">0 ± 1</text>
      ${order.map((i) => svg`<line class="link" x1=${sx(this._x[i])} y1=${rowY[0] + 5} x2=${sz(group.out[i])} y2=${rowY[1] - 5}></line>`)}
      ${order.map(
        (
          i,
        ) => svg`<circle class=${i === cur ? 'dot current' : 'dot'} cx=${sx(this._x[i])} cy=${rowY[0]} r=${i === cur ? 7 : 5}></circle>
        <circle class=${i === cur ? 'dot current' : 'dot'} cx=${sz(group.out[i])} cy=${rowY[1]} r=${i === cur ? 7 : 5}></circle>`,
      )}
    </svg>`;
  }

  render() {
    if (!this.nw || !this._x) return this.renderLoading();
    const bn = this.mode === 'bn';
    const group = this._group();
    const { r, c } = this.cursor;
    const i = r * this.cols + c;
    const groupName = bn
      ? this.t('normAxes.groupBn', { c: c + 1, n: this.rows })
      : this.t('normAxes.groupLn', { r: r + 1, n: this.cols });
    return html`
      <p class="title">${this.t('normAxes.title')}</p>
      <p class="caption">${this.t('normAxes.caption')}</p>
      <div class="controls">
        ${this.toggle({
          id: 'mode',
          label: this.t('normAxes.mode'),
          value: this.mode,
          onChange: (v) => {
            this.mode = v;
          },
          options: [
            { value: 'bn', label: this.t('normAxes.modeBn') },
            { value: 'ln', label: this.t('normAxes.modeLn') },
          ],
        })}
        ${this.slider({ control: 'rows', label: this.t('normAxes.rows') })}
        ${this.slider({ control: 'cols', label: this.t('normAxes.cols') })}
        <div class="actions">
          <button type="button" data-control="new-batch" @click=${() => {
            const { min, max } = NwNormAxes.controls.seed;
            this.seed = this.seed >= max ? min : this.seed + 1;
          }}>${this.t('normAxes.newBatch')}</button>
        </div>
      </div>
      ${this._grid()}
      <div class="legend" aria-hidden="true">
        <span><span class="swatch group"></span>${this.t(bn ? 'normAxes.legendGroupBn' : 'normAxes.legendGroupLn')}</span>
        <span><span class="swatch current"></span>${this.t('normAxes.legendCurrent')}</span>
      </div>
      <p class="caption" id="grid-keys">${this.t('normAxes.keys')}</p>
      <div class="strip">${this._strip(group)}</div>
      <div class="readout" aria-live="polite" data-readout data-mean=${String(group.mean)} data-variance=${String(group.variance)}>${this.t(
        'normAxes.readout',
        {
          group: groupName,
          mean: fmt(group.mean, 3),
          variance: fmt(group.variance, 3),
          sigma: fmt(Math.sqrt(group.variance), 3),
          r: r + 1,
          c: c + 1,
          x: fmt(this._x[i], 1),
          xhat: fmt(group.out[i], 3),
          kernel: bn ? 'nw.batchNormWithStats' : 'nw.layerNormWithStats',
        },
      )}</div>
      ${this.renderClaims(ns, claims, cellNumbers(this.nw, this, this._batch, this.cursor))}
      <p class="caption">${this.t(bn ? 'normAxes.noteBn' : 'normAxes.noteLn', { eps: '10⁻⁵' })}</p>
      ${this.parityBadges(bn ? ['BatchNorm', 'batchNorm'] : ['LayerNorm', 'layerNorm'])}
    `;
  }
}

define('nw-norm-axes', NwNormAxes);
