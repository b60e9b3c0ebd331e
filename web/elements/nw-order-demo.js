// <nw-order-demo>: a sentence and a permutation of it through the same encoder, with and without
// positional encoding (Fig.1). Without PE self-attention is permutation-equivariant, so the two
// outputs are the same rows in another order; with PE added they are different vectors.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { SEQUENTIAL, cssColor } from '../lib/colormap.js';
import { fmt } from '../lib/format.js';
import {
  ns,
  controls,
  claims,
  compare,
  small,
  N_TOKENS,
  D_MODEL,
  ENCODER,
  IDENTITY,
  PERMS,
} from '../lib/order-demo.js';

/**
 * Attributes: with-pe (boolean: add nw.positionalEncoding(5, 16) to the embeddings),
 * perm (the permuted sentence as token indices, a string of the digits 0–4 each once, default
 * "10234"; anything else falls back to the default), lang, theme.
 * The URL hash keeps withPe and perm.
 */
export class NwOrderDemo extends NwElement {
  static controls = controls;

  static styles = [
    NwElement.styles,
    css`
    .sentences { display: grid; grid-template-columns: max-content 1fr; gap: 8px 12px; align-items: center; margin: 6px 0 10px; }
    .sentence-label { font-size: 0.85rem; color: var(--nw-muted); }
    .tokens { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
    .tokens li { padding: 2px 8px; border: 1px solid var(--nw-border); border-radius: 6px; background: var(--nw-panel); min-height: 32px; display: inline-flex; align-items: center; }
    .tokens li.pick { padding: 0; border: 0; background: none; }
    .tokens select { font: inherit; color: var(--nw-fg); background: var(--nw-panel); border: 1px solid var(--nw-border); border-radius: 6px; padding: 2px; min-height: 32px; }
    .sentences.narrow { grid-template-columns: 1fr; gap: 2px; }
    .sentences.narrow .tokens { gap: 4px; margin-bottom: 6px; }
    .actions { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 10px; }
    .actions button { font: inherit; font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 6px 12px; min-height: 32px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .matrix svg { display: block; max-width: 100%; height: auto; }
    .matrix .cell-text { font-family: var(--nw-mono); font-size: 11px; }
    .matrix .nearest { fill: none; stroke: var(--nw-fg); stroke-width: 2.5; }
    .matrix .nearest.halo { stroke: var(--nw-bg); stroke-width: 6; }
    .control .toggle { align-self: flex-start; }
    .matrix text.token { fill: var(--nw-fg); font-size: 12px; }
    .colorbar { display: flex; align-items: center; gap: 8px; margin-top: 6px; font-size: 0.8rem; color: var(--nw-muted); max-width: 360px; }
    .colorbar .bar { flex: 1; height: 10px; border-radius: 3px; border: 1px solid var(--nw-border); }
    .readout .badge { font-family: var(--nw-font); margin-right: 6px; }
  `,
  ];

  constructor() {
    super();
    this._width = 0;
    this._encoder = null;
    this._key = '';
    this._result = null;
  }

  disconnectedCallback() {
    this._encoder?.dispose();
    this._encoder = null;
    this._key = '';
    super.disconnectedCallback();
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!this.nw) return;
    if (!this._encoder) this._encoder = this.nw.createEncoder(ENCODER);
    const key = `${this.withPe}:${this.perm}`;
    if (key !== this._key) {
      this._result = compare(this.nw, this._encoder, this);
      this._key = key;
    }
  }

  /** Puts token at slot k of the permuted sentence, swapping it with the slot that held it. */
  _place(k, token) {
    const order = [...this.perm];
    const from = order.indexOf(String(token));
    [order[k], order[from]] = [order[from], order[k]];
    this.perm = order.join('');
  }

  _shuffle() {
    let next = this.perm;
    while (next === this.perm || next === IDENTITY) next = PERMS[Math.floor(Math.random() * PERMS.length)];
    this.perm = next;
  }

  _matrix(tokens, order, w) {
    const { dist, nearest, max } = this._result;
    const labelW = 64;
    const top = 24;
    const cell = Math.max(36, Math.min(56, Math.floor((w - labelW - 4) / N_TOKENS)));
    const width = labelW + N_TOKENS * cell + 2;
    const height = top + N_TOKENS * cell + 2;
    const hi = max > 0 ? max : 1;
    const cells = [];
    for (let r = 0; r < N_TOKENS; r++) {
      for (let c = 0; c < N_TOKENS; c++) {
        const v = dist[r * N_TOKENS + c];
        const x = labelW + c * cell;
        const y = top + r * cell;
        cells.push(svg`<rect x=${x} y=${y} width=${cell} height=${cell} fill=${cssColor(SEQUENTIAL, v, 0, hi)}></rect>
          <text class="cell-text" x=${x + cell / 2} y=${y + cell / 2 + 4} text-anchor="middle"
            style=${`fill:${v / hi < 0.55 ? '#ffffff' : '#111418'}`}>${fmt(v, 2)}</text>`);
      }
    }
    return html`<svg viewBox=${`0 0 ${width} ${height}`} width=${width} height=${height} role="img"
      aria-label=${this.t('orderDemo.aria', { n: N_TOKENS })}>
      ${tokens.map((tok, r) => svg`<text class="token" x=${labelW - 6} y=${top + r * cell + cell / 2 + 4} text-anchor="end">${tok}</text>`)}
      ${order.map((tok, c) => svg`<text class="token" x=${labelW + c * cell + cell / 2} y=${top - 8} text-anchor="middle">${tokens[tok]}</text>`)}
      ${cells}
      ${['nearest halo', 'nearest'].map((cls) => nearest.map((c, r) => svg`<rect class=${cls} x=${labelW + c * cell + 3} y=${top + r * cell + 3} width=${cell - 6} height=${cell - 6}></rect>`))}
    </svg>`;
  }

  render() {
    if (!this.nw || !this._result) return this.renderLoading();
    const tokens = this.t('orderDemo.tokens').split('|');
    const order = [...this.perm].map(Number);
    const { max, worst, closest, same } = this._result;
    const w = Math.max(240, this._width || 640);
    const gradient = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((t) => cssColor(SEQUENTIAL, t, 0, 1)).join(', ')})`;
    const details =
      this.perm === IDENTITY
        ? this.t('orderDemo.identity')
        : this.t('orderDemo.readout', { closest: small(closest), worst: small(worst) });
    return html`
      <p class="title">${this.t('orderDemo.title')}</p>
      <p class="caption">${this.t('orderDemo.caption', { d: D_MODEL, heads: ENCODER.nHeads, dff: ENCODER.dFF })}</p>
      <div class="controls">
        ${this.toggle({
          id: 'with-pe',
          label: this.t('orderDemo.pe'),
          value: this.withPe,
          onChange: (v) => {
            this.withPe = v;
          },
          options: [
            { value: false, label: this.t('orderDemo.peOff') },
            { value: true, label: this.t('orderDemo.peOn') },
          ],
        })}
      </div>
      <div class=${w < 440 ? 'sentences narrow' : 'sentences'}>
        <span class="sentence-label" id="original-label">${this.t('orderDemo.original')}</span>
        <ol class="tokens" aria-labelledby="original-label">${tokens.map((tok) => html`<li>${tok}</li>`)}</ol>
        <span class="sentence-label" id="permuted-label">${this.t('orderDemo.permuted')}</span>
        <ol class="tokens" aria-labelledby="permuted-label">
          ${order.map(
            (
              tok,
              k,
            ) => html`<li class="pick"><select data-control=${`perm-${k}`} aria-label=${this.t('orderDemo.slot', { n: k + 1 })}
            .value=${String(tok)} @change=${(e) => this._place(k, Number(e.target.value))}>
            ${tokens.map((label, t) => html`<option value=${t} ?selected=${t === tok}>${label}</option>`)}
          </select></li>`,
          )}
        </ol>
      </div>
      <div class="actions">
        <button type="button" data-control="shuffle" @click=${this._shuffle}>${this.t('orderDemo.shuffle')}</button>
        <button type="button" data-control="reset" @click=${() => {
          this.perm = IDENTITY;
        }}>${this.t('orderDemo.reset')}</button>
      </div>
      <p class="caption">${this.t('orderDemo.matrixCaption')}</p>
      <div class="matrix">${this._matrix(tokens, order, w)}</div>
      <div class="colorbar" aria-hidden="true"><span>0</span><div class="bar" style=${`background:${gradient}`}></div><span>${fmt(max, 2)}</span></div>
      <div class="readout" aria-live="polite" data-readout><span class=${`badge ${same ? 'ok' : 'warn'}`}>${this.t(same ? 'orderDemo.badgeSame' : 'orderDemo.badgeDiffer')}</span>${details}</div>
      ${this.renderClaims(ns, claims, this._result)}
      <p>${this.parityBadge('encoder')}</p>
    `;
  }
}

define('nw-order-demo', NwOrderDemo);
