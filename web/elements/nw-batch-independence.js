// <nw-batch-independence>: the same batch, whole (B samples) and halved (its first B/2 samples).
// LayerNorm's statistics of sample 0 come from sample 0 alone, so they do not move; BatchNorm's
// per-channel statistics come from the whole batch, so they do. Both sides are computed twice by
// the kernels (nw.layerNormWithStats and nw.batchNormWithStats, on B rows and on B/2 rows).
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import { ns, controls, claims, measure } from '../lib/batch-independence.js';

/**
 * Attributes: batch (B, even, 2–16, default 8), features (C, 4–12, default 6),
 * seed (which batch, 1–99999, default 1; "regenerate" steps it), lang, theme.
 * The URL hash keeps batch and seed.
 */
export class NwBatchIndependence extends NwElement {
  static controls = controls;

  static styles = [
    NwElement.styles,
    css`
    .actions { display: flex; align-items: flex-end; }
    .actions button { font: inherit; font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 6px 12px; min-height: 32px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .panels { display: grid; grid-template-columns: 1fr; gap: 14px; }
    .panels.wide { grid-template-columns: 1fr 1fr; }
    .panel { min-width: 0; }
    .panel-title { font-weight: 600; font-size: 0.92rem; margin: 0 0 2px; }
    .panel svg { display: block; max-width: 100%; height: auto; }
    .panel .note { font-size: 0.82rem; color: var(--nw-muted); margin: 4px 0 0; }
    .panel .note strong { color: var(--nw-fg); font-family: var(--nw-mono); font-weight: 600; }
    .legend { display: flex; flex-wrap: wrap; gap: 2px 12px; font-size: 0.78rem; color: var(--nw-muted); margin: 0 0 4px; }
    .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 2px; vertical-align: -1px; margin-right: 4px; }
    .swatch.full { background: var(--nw-accent-2); }
    .swatch.half { background: var(--nw-accent); }
    .swatch.dropped { border: 1.5px dashed var(--nw-muted); }
    .swatch.tick { height: 3px; vertical-align: 3px; background: var(--nw-fg); }
    svg .axis { stroke: var(--nw-border); }
    svg .zero { stroke: var(--nw-muted); }
    svg .full { fill: var(--nw-accent-2); }
    svg .half { fill: var(--nw-accent); }
    svg .sample0 { fill: var(--nw-accent-2); stroke: var(--nw-fg); stroke-width: 2; }
    svg .dropped { fill: none; stroke: var(--nw-muted); stroke-dasharray: 3 2; }
    svg .tick { stroke: var(--nw-fg); stroke-width: 2.5; }
    svg .bracket { stroke: var(--nw-fg); fill: none; }
    svg text.delta { fill: var(--nw-fg); font-family: var(--nw-mono); font-size: 10px; }
    svg text.strong { fill: var(--nw-fg); }
  `,
  ];

  constructor() {
    super();
    this._width = 0;
    this._cacheKey = '';
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.nw) return;
    const key = `${this.seed}:${this.batch}:${this.features}`;
    if (key !== this._cacheKey) {
      this._result = measure(this.nw, { batch: this.batch, features: this.features, seed: this.seed });
      this._cacheKey = key;
    }
  }

  _lnPanel(w) {
    const { ln, lnHalf } = this._result;
    const B = this.batch,
      half = B / 2;
    const h = 168,
      m = { left: 34, right: 8, top: 22, bottom: 30 };
    const ih = h - m.top - m.bottom,
      iw = w - m.left - m.right;
    const lim = Math.max(1, Math.ceil(Math.max(...Array.from(ln.mean, Math.abs)) * 1.15 * 2) / 2);
    const y = (v) => m.top + ((lim - v) / (2 * lim)) * ih;
    const slot = iw / B;
    const bw = Math.max(4, Math.min(26, slot * 0.62));
    const cx = (n) => m.left + slot * (n + 0.5);
    const every = slot < 22 ? 2 : 1;
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('batchIndep.lnAria', { b: B, half })}>
      ${[-lim, 0, lim].map(
        (v) => svg`<line class=${v === 0 ? 'zero' : 'axis'} x1=${m.left} x2=${w - m.right} y1=${y(v)} y2=${y(v)}></line>
        <text x=${m.left - 4} y=${y(v) + 4} text-anchor="end">${fmt(v, 1)}</text>`,
      )}
      ${Array.from(ln.mean, (mu, n) => {
        const top = Math.min(y(mu), y(0));
        const cls = n === 0 ? 'sample0' : n < half ? 'full' : 'dropped';
        return svg`<rect class=${cls} x=${cx(n) - bw / 2} y=${top} width=${bw} height=${Math.max(1, Math.abs(y(mu) - y(0)))}></rect>
          ${n % every === 0 || n === 0 ? svg`<text x=${cx(n)} y=${h - m.bottom + 14} text-anchor="middle" class=${n === 0 ? 'strong' : ''}>${n}</text>` : ''}`;
      })}
      ${Array.from(lnHalf.mean, (mu, n) => svg`<line class="tick" x1=${cx(n) - bw / 2 - 3} x2=${cx(n) + bw / 2 + 3} y1=${y(mu)} y2=${y(mu)}></line>`)}
      <path class="bracket" d=${`M${m.left + 2} ${h - 8} v4 H${m.left + slot * half - 2} v-4`}></path>
      <text x=${m.left + (slot * half) / 2} y=${12} text-anchor="middle">${this.t('batchIndep.keptHalf', { half })}</text>
    </svg>`;
  }

  _bnPanel(w) {
    const { bn, bnHalf, bnDelta } = this._result;
    const C = this.features;
    const h = 168,
      m = { left: 34, right: 8, top: 22, bottom: 30 };
    const ih = h - m.top - m.bottom,
      iw = w - m.left - m.right;
    const all = [...bn.mean, ...bnHalf.mean].map(Math.abs);
    const lim = Math.max(1, Math.ceil(Math.max(...all) * 1.15 * 2) / 2);
    const y = (v) => m.top + ((lim - v) / (2 * lim)) * ih;
    const slot = iw / C;
    const bw = Math.max(3, Math.min(18, slot * 0.34));
    const cx = (c) => m.left + slot * (c + 0.5);
    const bar = (v, x, cls) =>
      svg`<rect class=${cls} x=${x} y=${Math.min(y(v), y(0))} width=${bw} height=${Math.max(1, Math.abs(y(v) - y(0)))}></rect>`;
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('batchIndep.bnAria', { c: C })}>
      ${[-lim, 0, lim].map(
        (v) => svg`<line class=${v === 0 ? 'zero' : 'axis'} x1=${m.left} x2=${w - m.right} y1=${y(v)} y2=${y(v)}></line>
        <text x=${m.left - 4} y=${y(v) + 4} text-anchor="end">${fmt(v, 1)}</text>`,
      )}
      ${Array.from(
        bn.mean,
        (mu, c) => svg`${bar(mu, cx(c) - bw - 1, 'full')}${bar(bnHalf.mean[c], cx(c) + 1, 'half')}
        <text class="delta" x=${cx(c)} y=${12} text-anchor="middle">${fmt(bnDelta[c], 2)}</text>
        <text x=${cx(c)} y=${h - m.bottom + 14} text-anchor="middle">c${c + 1}</text>`,
      )}
      <text x=${m.left} y=${h - 3}>${this.t('batchIndep.deltaAxis')}</text>
    </svg>`;
  }

  render() {
    if (!this.nw || !this._result) return this.renderLoading();
    const { ln, lnHalf, lnDelta, lnOutDelta, bnDelta, worst } = this._result;
    const B = this.batch,
      half = B / 2;
    const wide = this._width >= 620;
    const pw = Math.max(240, wide ? Math.floor((this._width - 14) / 2) : Math.min(this._width || 600, 640));
    const deltas = bnDelta.map((d) => fmt(d, 3)).join(', ');
    return html`
      <p class="title">${this.t('batchIndep.title')}</p>
      <p class="caption">${this.t('batchIndep.caption')}</p>
      <div class="controls">
        ${this.slider({
          control: 'batch',
          label: this.t('batchIndep.batch'),
          format: (v) => this.t('batchIndep.batchValue', { b: v, half: v / 2 }),
        })}
        <div class="actions">
          <button type="button" data-control="regenerate" @click=${() => {
            const { min, max } = controls.seed;
            this.seed = this.seed >= max ? min : this.seed + 1;
          }}>${this.t('batchIndep.regenerate')}</button>
        </div>
      </div>
      <div class=${wide ? 'panels wide' : 'panels'} data-batch=${Array.from(this._result.x).join(',')}>
        <div class="panel">
          <p class="panel-title">${this.t('batchIndep.lnTitle')}</p>
          <div class="legend" aria-hidden="true">
            <span><span class="swatch full"></span>${this.t('batchIndep.legendKept')}</span>
            <span><span class="swatch dropped"></span>${this.t('batchIndep.legendDropped')}</span>
            <span><span class="swatch tick"></span>${this.t('batchIndep.legendHalfMu')}</span>
          </div>
          ${this._lnPanel(pw)}
          <p class="note">${this.t('batchIndep.lnNote', { b: B, half, full: fmt(ln.mean[0], 3), halfMu: fmt(lnHalf.mean[0], 3) })}
            <strong>|Δ| = ${fmt(lnDelta, 3)}</strong></p>
        </div>
        <div class="panel">
          <p class="panel-title">${this.t('batchIndep.bnTitle')}</p>
          <div class="legend" aria-hidden="true">
            <span><span class="swatch full"></span>${this.t('batchIndep.legendFull', { b: B })}</span>
            <span><span class="swatch half"></span>${this.t('batchIndep.legendHalf', { half })}</span>
          </div>
          ${this._bnPanel(pw)}
          <p class="note"><strong>max |Δμ| = ${fmt(bnDelta[worst], 3)}</strong> (c${worst + 1})</p>
        </div>
      </div>
      <div class="readout" aria-live="polite" data-readout data-ln-delta=${String(lnDelta)} data-bn-delta=${bnDelta.join(',')}>${this.t(
        'batchIndep.readout',
        {
          b: B,
          half,
          full: fmt(ln.mean[0], 3),
          halfMu: fmt(lnHalf.mean[0], 3),
          lnDelta: fmt(lnDelta, 3),
          outDelta: fmt(lnOutDelta, 3),
          deltas,
          worst: fmt(bnDelta[worst], 3),
          c: worst + 1,
        },
      )}</div>
      ${this.renderClaims(ns, claims, this._result)}
      <p class="caption">${this.t('batchIndep.note')}</p>
      ${this.parityBadges(['LayerNorm', 'layerNorm'], ['BatchNorm', 'batchNorm'])}
    `;
  }
}

define('nw-batch-independence', NwBatchIndependence);
