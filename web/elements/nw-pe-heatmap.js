// <nw-pe-heatmap>: the whole PE table [seq_len × d_model] as a heatmap (Fig.3). The cell under the
// pointer (or the keyboard cursor) is published on the optional page channel as 'pe-cursor'
// { pos, pair, dModel } (lib/link.js), so the wave and property figures follow it; it follows theirs.
import { NwElement, html, css, define } from '../lib/base.js';
import { peLayouts } from '../lib/controls.js';
import { PeCursorLinked } from '../lib/link.js';
import { methodDetails, methodStyles } from '../lib/method.js';
import { paintMatrix, DIVERGING, cssColor } from '../lib/colormap.js';
import { fmt } from '../lib/format.js';
import { layoutColumns } from '../lib/pe-layout.js';
import { WithIdleTask } from '../lib/idle.js';

/**
 * Attributes: d-model (16–1024, default 64), seq-len (10–2048, default 50),
 * layout ('interleaved' | 'concat', default 'interleaved'), lang, theme.
 */
/** The largest seq_len: rows of the table. */
const MAX_ROWS = 2048;
/** How long d_model and seq_len rest before the table is drawn again in full. */
const PAINT_REST_MS = 150;

export class NwPeHeatmap extends WithIdleTask(PeCursorLinked(NwElement)) {
  static controls = {
    dModel: { min: 16, max: 1024, step: 16, default: 64 },
    seqLen: { min: 10, max: MAX_ROWS, default: 50 },
    layout: { choices: ['interleaved', 'concat'], default: 'interleaved' },
  };

  static properties = { cursor: { state: true } };

  static styles = [
    NwElement.styles,
    methodStyles,
    css`
    .plot { display: grid; grid-template-columns: auto 1fr; grid-template-rows: 1fr auto; gap: 4px 6px; }
    .ylabel { writing-mode: vertical-rl; transform: rotate(180deg); font-size: 0.8rem; color: var(--nw-muted); text-align: center; }
    .frame { position: relative; width: 100%; aspect-ratio: 16 / 10; border: 1px solid var(--nw-border); touch-action: none; }
    .frame canvas { position: absolute; inset: 0; width: 100%; height: 100%; }
    .frame .cursor { position: absolute; pointer-events: none; border: 2px solid var(--nw-fg); box-shadow: 0 0 0 1px var(--nw-bg); }
    .xlabel { grid-column: 2; display: flex; justify-content: space-between; font-size: 0.8rem; color: var(--nw-muted); gap: 8px; }
    .colorbar { display: flex; align-items: center; gap: 8px; margin-top: 8px; font-size: 0.8rem; color: var(--nw-muted); }
    .colorbar .bar { flex: 1; height: 12px; border-radius: 3px; border: 1px solid var(--nw-border); }
  `,
  ];

  constructor() {
    super();
    this.cursor = { pos: 0, dim: 0 };
    this._table = null;
  }

  /** Another PE figure's position and sin/cos pair: the cursor on the sin column of that pair. */
  _followPeCursor({ pos, pair }) {
    const d = this.dModel;
    const src = Math.min(d - 2, Math.max(0, 2 * Math.round(pair)));
    const col = layoutColumns(this.layout, d).indexOf(src);
    this.cursor = { pos: Math.min(this.seqLen - 1, Math.max(0, Math.round(pos) || 0)), dim: col < 0 ? 0 : col };
  }

  /** Moves the cursor and tells the page's other PE figures (position, sin/cos pair, d_model). */
  _moveCursor(pos, col) {
    if (pos === this.cursor.pos && col === this.cursor.dim) return;
    this.cursor = { pos, dim: col };
    const src = layoutColumns(this.layout, this.dModel)[col];
    this._publishPeCursor(pos, src >> 1);
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (this.nw && (changed.has('nw') || changed.has('dModel') || changed.has('seqLen') || !this._table)) {
      this._computeTable(changed.has('nw'));
      // The readout's range: the rows' extremes, reduced over the rows shown.
      const { rowMin, rowMax } = this._extremes;
      let min = Infinity,
        max = -Infinity;
      for (let r = 0; r < this.seqLen; r++) {
        if (rowMin[r] < min) min = rowMin[r];
        if (rowMax[r] > max) max = rowMax[r];
      }
      this._range = { min, max };
    }
    this.cursor = { pos: Math.min(this.cursor.pos, this.seqLen - 1), dim: Math.min(this.cursor.dim, this.dModel - 1) };
  }

  /**
   * The table's first seqLen rows in this._table, and each row's min and max in this._extremes.
   * A row of the PE table depends on its position and d_model only (the kernel's rows do not depend
   * on seq_len: tests/browser/pe-heatmap.test.mjs compares them), so a shorter seq_len reads a
   * prefix of the rows already computed for this d_model, and a longer one computes at least twice
   * as many rows, so a drag upwards runs the kernel a few times rather than at every step. Each
   * d_model's row extremes are kept (16 KB), so returning to a d_model scans no row again.
   */
  _computeTable(reset) {
    const d = this.dModel;
    if (reset || !this._extremesByWidth) this._extremesByWidth = new Map();
    const same = !reset && this._tableWidth === d;
    if (same && this._tableRows >= this.seqLen) return;
    const rows = same ? Math.min(MAX_ROWS, Math.max(this.seqLen, 2 * this._tableRows)) : this.seqLen;
    // One buffer for the largest table, so dragging copies into it instead of allocating 8 MB.
    this._buffer ??= new Float32Array(MAX_ROWS * 1024);
    const t = this.nw.positionalEncoding(rows, d, { out: this._buffer.subarray(0, rows * d) });
    this._table = t;
    this._tableWidth = d;
    this._tableRows = rows;
    let ext = this._extremesByWidth.get(d);
    if (!ext) {
      ext = { rows: 0, rowMin: new Float32Array(MAX_ROWS), rowMax: new Float32Array(MAX_ROWS) };
      this._extremesByWidth.set(d, ext);
    }
    // An indexed loop: for…of over 2 M floats costs several times more (a frame at the largest table).
    for (let r = ext.rows; r < rows; r++) {
      let min = Infinity,
        max = -Infinity;
      for (let k = r * d, end = k + d; k < end; k++) {
        const x = t[k];
        if (x < min) min = x;
        if (x > max) max = x;
      }
      ext.rowMin[r] = min;
      ext.rowMax[r] = max;
    }
    ext.rows = Math.max(ext.rows, rows);
    this._extremes = ext;
  }

  /** PE value under the cursor, in the drawn column order. */
  _valueAt(pos, col) {
    return this._table[pos * this.dModel + layoutColumns(this.layout, this.dModel)[col]];
  }

  _describeColumn(col) {
    const src = layoutColumns(this.layout, this.dModel)[col];
    return { dim: src, i: Math.floor(src / 2), fn: src % 2 ? 'cos' : 'sin' };
  }

  _pointer(e) {
    const rect = e.currentTarget.getBoundingClientRect();
    const col = Math.floor(((e.clientX - rect.left) / rect.width) * this.dModel);
    const pos = Math.floor(((e.clientY - rect.top) / rect.height) * this.seqLen);
    if (col >= 0 && col < this.dModel && pos >= 0 && pos < this.seqLen) this._moveCursor(pos, col);
  }

  _key(e) {
    const step = e.shiftKey ? 10 : 1;
    const moves = {
      ArrowLeft: [0, -step],
      ArrowRight: [0, step],
      ArrowUp: [-step, 0],
      ArrowDown: [step, 0],
      Home: [-Infinity, 0],
      End: [Infinity, 0],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    this._moveCursor(
      Math.min(this.seqLen - 1, Math.max(0, this.cursor.pos + m[0])),
      Math.min(this.dModel - 1, Math.max(0, this.cursor.dim + m[1])),
    );
  }

  updated(changed) {
    super.updated(changed);
    const canvas = this.renderRoot.querySelector('canvas');
    if (!canvas || !this._table) return;
    const sized = changed.has('dModel') || changed.has('seqLen');
    if (!(sized || changed.has('nw') || changed.has('layout') || changed.has('_width') || !canvas.dataset.painted))
      return;
    // While the reader moves d_model or seq_len, the table is drawn at half the resolution (a
    // quarter of the pixels to colour); once the slider has rested, in the next idle period, in
    // full. Only the drawing waits: the table, the readout and its numbers are always the full ones.
    const coarse = sized && this._idle.armed;
    this._paint(canvas, coarse);
    clearTimeout(this._restTimer);
    this._restTimer = null;
    if (coarse) {
      const timer = setTimeout(
        () =>
          this._idle.schedule(async () => {
            await this.updateComplete; // the table is that of the settings on screen
            if (this._restTimer === timer) this._paint(canvas, false);
          }),
        PAINT_REST_MS,
      );
      this._restTimer = timer;
    }
  }

  disconnectedCallback() {
    clearTimeout(this._restTimer);
    super.disconnectedCallback();
  }

  /** Colours the table into the canvas: at most two canvas pixels per screen pixel of the frame (half that when coarse). */
  _paint(canvas, coarse) {
    const dpr = Math.min(2, globalThis.devicePixelRatio || 1) / (coarse ? 2 : 1);
    const cap = this._width
      ? { maxCols: Math.ceil(this._width * dpr), maxRows: Math.ceil(((this._width * 10) / 16) * dpr) }
      : {};
    paintMatrix(canvas, this._table, this.seqLen, this.dModel, {
      lut: DIVERGING,
      colIndex: layoutColumns(this.layout, this.dModel),
      ...cap,
    });
    canvas.dataset.painted = `${this.seqLen}x${this.dModel}:${this.layout}:${canvas.width}x${canvas.height}${coarse ? ':coarse' : ''}`;
  }

  render() {
    if (!this.nw) return this.renderLoading();
    const { pos, dim: col } = this.cursor;
    const v = this._valueAt(pos, col);
    const { dim, i, fn } = this._describeColumn(col);
    const { min, max } = this._range;
    const gradient = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((t) => cssColor(DIVERGING, t * 2 - 1, -1, 1)).join(', ')})`;
    return html`
      <p class="title">${this.t('peHeatmap.title')}</p>
      <p class="caption">${this.t('peHeatmap.caption')}</p>
      <div class="controls">
        ${this.slider({ control: 'dModel', id: 'd-model', label: this.t('peHeatmap.dModel') })}
        ${this.slider({ control: 'seqLen', id: 'seq-len', label: this.t('peHeatmap.seqLen') })}
        ${this.toggle({
          control: 'layout',
          label: this.t('pe.layout'),
          options: peLayouts(this),
        })}
      </div>
      <div class="plot">
        <div class="ylabel">${this.t('peHeatmap.yAxis', { max: this.seqLen - 1 })}</div>
        <div class="frame" tabindex="0" role="img"
          aria-label=${this.t('peHeatmap.aria', { seqLen: this.seqLen, dModel: this.dModel })}
          @pointermove=${this._pointer} @pointerdown=${this._pointer} @keydown=${this._key}>
          <canvas></canvas>
          <div class="cursor" style=${`left:${(col / this.dModel) * 100}%;top:${(pos / this.seqLen) * 100}%;width:max(4px, ${100 / this.dModel}%);height:max(4px, ${100 / this.seqLen}%)`}></div>
        </div>
        <div class="xlabel"><span>${this.t(this.layout === 'concat' ? 'peHeatmap.xLeftConcat' : 'peHeatmap.xLeft')}</span><span>${this.t('peHeatmap.xRight', { max: this.dModel - 1 })}</span></div>
      </div>
      <div class="colorbar" aria-hidden="true"><span>−1</span><div class="bar" style=${`background:${gradient}`}></div><span>+1</span></div>
      <div class="readout" aria-live="polite" data-readout data-min=${String(min)} data-max=${String(max)}>${this.t(
        'peHeatmap.readout',
        {
          pos,
          dim,
          fn,
          i,
          value: fmt(v, 4),
          min: fmt(min, 3),
          max: fmt(max, 3),
        },
      )}</div>
      <p class="caption">${this.t('peHeatmap.keys')}</p>
      <p>${this.parityBadge('positionalEncoding')}</p>
      ${methodDetails(this, this.t('peHeatmap.method'))}
    `;
  }
}

define('nw-pe-heatmap', NwPeHeatmap);
