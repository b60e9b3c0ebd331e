// <nw-prepost-ln>: where LayerNorm sits on the residual connection. Post-LN: y = LN(x + Sub(x));
// Pre-LN: y = x + Sub(LN(x)) (PyTorch's norm_first). The diagram shows the selected wiring with its
// skip path; the plot runs a real N-layer encoder stack both ways and draws the norm of the
// residual stream after every layer.
//
// Per-layer values come from lib/prepost-ln.js (lib/encoder-layers.js): the N-layer encoder (seeded, the same seed
// for both wirings) run once with forward(x, { hiddenStates: true }); the difference between the
// last state and the output is shown. Every encoder is disposed after the run.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { WIRINGS } from '../lib/controls.js';
import { fmt, fmtSci } from '../lib/format.js';
import { ns, controls, claims, fullRun, numbers, D_MODEL, N_HEADS, D_FF, TOKENS, LAYERS } from '../lib/prepost-ln.js';

/**
 * Attributes: layers (N, 1–24, default 12), wiring ('post' | 'pre', default 'pre': which diagram
 * and formula are shown and which curve is emphasized; both curves are always computed), lang,
 * theme. The URL hash keeps layers and wiring.
 */
export class NwPrepostLn extends NwElement {
  static controls = controls;

  static styles = [
    NwElement.styles,
    css`
    .formula { font-family: var(--nw-mono); font-size: 1rem; background: var(--nw-panel); border-radius: 6px; padding: 6px 10px; margin: 4px 0 6px; overflow-wrap: anywhere; }
    .formula .name { font-family: var(--nw-font); font-weight: 650; margin-right: 8px; }
    .diagram svg, .plot svg { display: block; max-width: 100%; height: auto; }
    .diagram .box { fill: var(--nw-panel); stroke: var(--nw-fg); stroke-width: 1.2; }
    .diagram .box.ln { stroke: var(--nw-accent-2); stroke-width: 2; }
    .diagram text.box-label { fill: var(--nw-fg); font-size: 12px; font-weight: 600; }
    .diagram text.hint { font-size: 10px; }
    .diagram text.io { fill: var(--nw-fg); font-size: 15px; font-style: italic; font-family: Georgia, serif; }
    .diagram .wire { stroke: var(--nw-fg); stroke-width: 1.5; fill: none; }
    .diagram .skip { stroke: var(--nw-ok); stroke-width: 3.5; fill: none; }
    .diagram text.skip-label { fill: var(--nw-ok); font-size: 11px; font-weight: 600; }
    .diagram .plus { fill: var(--nw-bg); stroke: var(--nw-fg); stroke-width: 1.5; }
    .diagram .arrow { fill: var(--nw-fg); }
    .diagram .arrow.skip-head { fill: var(--nw-ok); }
    .explain { font-size: 0.88rem; margin: 2px 0 10px; }
    .plot .grid { stroke: var(--nw-border); }
    .plot .ref { stroke: var(--nw-muted); stroke-dasharray: 5 4; }
    .plot .line { fill: none; stroke-width: 1.6; }
    .plot .line.selected { stroke-width: 3.2; }
    .plot .post { stroke: var(--nw-accent-2); }
    .plot .pre { stroke: var(--nw-accent); }
    .plot circle.post { fill: var(--nw-accent-2); stroke: none; }
    .plot circle.pre { fill: var(--nw-accent); stroke: none; }
    .plot text.end-post { fill: var(--nw-accent-2); font-weight: 600; }
    .plot text.end-pre { fill: var(--nw-accent); font-weight: 600; }
    .legend { display: flex; flex-wrap: wrap; gap: 2px 14px; font-size: 0.8rem; color: var(--nw-muted); margin: 4px 0; }
    .legend .swatch { display: inline-block; width: 16px; height: 3px; vertical-align: 4px; margin-right: 5px; }
    .legend .post { background: var(--nw-accent-2); }
    .legend .pre { background: var(--nw-accent); }
    .legend .ref { border-top: 2px dashed var(--nw-muted); height: 0; }
  `,
  ];

  constructor() {
    super();
    this._width = 0;
    this._full = null;
    this._result = null;
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!this.nw) return;
    // The deepest stack once; N layers are its first N (see lib/encoder-layers.js).
    this._full ??= fullRun(this.nw);
    this._result = numbers(this, this._full);
  }

  _diagram(w) {
    const pre = this.wiring === 'pre';
    const h = 128;
    const base = 92;
    const edge = 14;
    const nodes = pre ? ['x', 'ln', 'sub', 'plus', 'y'] : ['x', 'sub', 'plus', 'ln', 'y'];
    const bh = 38;
    const r = 13;
    // x and y are points, the sum a small circle: the boxes get the room, the gaps at least 32 px.
    const bw = Math.max(56, Math.min(130, (w - 2 * edge - 2 * r - 4 * 32) / 2));
    const gap = (w - 2 * edge - 2 * r - 2 * bw) / 4;
    const size = (kind) => (kind === 'x' || kind === 'y' ? 0 : kind === 'plus' ? 2 * r : bw);
    const centers = [];
    let at = edge;
    nodes.forEach((kind, k) => {
      centers.push(at + size(kind) / 2);
      at += size(kind) + (k < 4 ? gap : 0);
    });
    const cx = (k) => centers[k];
    const half = (kind) => (kind === 'x' || kind === 'y' ? 8 : size(kind) / 2);
    const plusX = cx(nodes.indexOf('plus'));
    const branch = cx(0) + 12;
    const top = base - 62;
    const wires = [];
    for (let k = 0; k < 4; k++) {
      const x1 = cx(k) + half(nodes[k]);
      const x2 = cx(k + 1) - half(nodes[k + 1]);
      wires.push(svg`<line class="wire" x1=${x1} x2=${x2 - 6} y1=${base} y2=${base}></line>
        <path class="arrow" d=${`M${x2} ${base} l-7 -4 v8 z`}></path>`);
    }
    const box = (k, kind) => {
      const x = cx(k) - bw / 2;
      const label = kind === 'ln' ? 'LN' : this.t('prePost.sublayer');
      return svg`<rect class=${kind === 'ln' ? 'box ln' : 'box'} x=${x} y=${base - bh / 2} width=${bw} height=${bh} rx="6"></rect>
        <text class="box-label" x=${cx(k)} y=${base + (kind === 'sub' && bw >= 84 ? -2 : 4)} text-anchor="middle">${label}</text>
        ${kind === 'sub' && bw >= 84 ? svg`<text class="hint" x=${cx(k)} y=${base + 12} text-anchor="middle">${this.t('prePost.sublayerHint')}</text>` : ''}`;
    };
    const skipPath = `M${branch} ${base} V${top + 10} Q${branch} ${top} ${branch + 10} ${top} H${plusX - 10} Q${plusX} ${top} ${plusX} ${top + 10} V${base - r - 7}`;
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t(pre ? 'prePost.diagramAriaPre' : 'prePost.diagramAriaPost')}>
      ${wires}
      <path class="skip" d=${skipPath}></path>
      <path class="arrow skip-head" d=${`M${plusX} ${base - r} l-5 -9 h10 z`}></path>
      <circle class="arrow skip-head" cx=${branch} cy=${base} r="4"></circle>
      <text class="skip-label" x=${(branch + plusX) / 2} y=${top - 6} text-anchor="middle">${this.t('prePost.skipLabel')}</text>
      <text class="io" x=${cx(0) - 4} y=${base + 5} text-anchor="middle">x</text>
      <text class="io" x=${cx(4) + 4} y=${base + 5} text-anchor="middle">y</text>
      ${nodes.map((kind, k) => (kind === 'ln' || kind === 'sub' ? box(k, kind) : ''))}
      <circle class="plus" cx=${plusX} cy=${base} r=${r}></circle>
      <path class="wire" d=${`M${plusX - 7} ${base} h14 M${plusX} ${base - 7} v14`}></path>
    </svg>`;
  }

  _plot(w) {
    const { post, pre } = this._result;
    const N = this.layers;
    const h = 230;
    const m = { left: 40, right: 78, top: 24, bottom: 38 };
    const iw = w - m.left - m.right,
      ih = h - m.top - m.bottom;
    const peak = Math.max(...post.norms, ...pre.norms);
    const yMax = Math.ceil((peak * 1.1) / 4) * 4;
    const x = (l) => m.left + (N === 0 ? 0 : (l / N) * iw);
    const y = (v) => m.top + (1 - v / yMax) * ih;
    const yTicks = [];
    for (let v = 0; v <= yMax; v += yMax > 16 ? 4 : 2) yTicks.push(v);
    const xTicks = [...new Set([0, Math.round(N / 4), Math.round(N / 2), Math.round((3 * N) / 4), N])];
    const sqrtD = Math.sqrt(D_MODEL);
    const selected = this.wiring;
    const curve = (norms, cls) => svg`<polyline class=${`line ${cls}${selected === cls ? ' selected' : ''}`}
        points=${norms.map((v, l) => `${x(l).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}></polyline>
      ${norms.map((v, l) => svg`<circle class=${cls} cx=${x(l)} cy=${y(v)} r=${selected === cls ? 3.2 : 2.4}></circle>`)}`;
    let yPost = y(post.norms[N]),
      yPre = y(pre.norms[N]);
    if (Math.abs(yPost - yPre) < 14) {
      const mid = (yPost + yPre) / 2;
      const sign = pre.norms[N] >= post.norms[N] ? 1 : -1;
      yPre = mid - 7 * sign;
      yPost = mid + 7 * sign;
    }
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('prePost.plotAria', { n: N, post: fmt(post.norms[N], 2), pre: fmt(pre.norms[N], 2) })}
      data-post=${post.norms.join(',')} data-pre=${pre.norms.join(',')}>
      ${yTicks.map(
        (v) => svg`<line class="grid" x1=${m.left} x2=${w - m.right} y1=${y(v)} y2=${y(v)}></line>
        <text x=${m.left - 6} y=${y(v) + 4} text-anchor="end">${v}</text>`,
      )}
      ${xTicks.map((l) => svg`<text x=${x(l)} y=${h - m.bottom + 15} text-anchor="middle">${l}</text>`)}
      <text x=${m.left + iw / 2} y=${h - 6} text-anchor="middle">${this.t('prePost.xAxis')}</text>
      <text x=${4} y=${12}>${this.t('prePost.yAxis', { tokens: TOKENS })}</text>
      <line class="ref" x1=${m.left} x2=${w - m.right} y1=${y(sqrtD)} y2=${y(sqrtD)}></line>
      ${curve(post.norms, 'post')}
      ${curve(pre.norms, 'pre')}
      <text class="end-post" x=${w - m.right + 6} y=${yPost + 4}>Post ${fmt(post.norms[N], 2)}</text>
      <text class="end-pre" x=${w - m.right + 6} y=${yPre + 4}>Pre ${fmt(pre.norms[N], 2)}</text>
    </svg>`;
  }

  render() {
    if (!this.nw || !this._result) return this.renderLoading();
    const { post, pre } = this._result;
    const N = this.layers;
    const w = Math.max(260, Math.min(720, this._width || 640));
    const isPre = this.wiring === 'pre';
    const check = Math.max(post.check, pre.check);
    return html`
      <p class="title">${this.t('prePost.title')}</p>
      <p class="caption">${this.t('prePost.caption', { d: D_MODEL, heads: N_HEADS, dff: D_FF, tokens: TOKENS })}</p>
      <div class="controls">
        ${this.toggle({
          control: 'wiring',
          label: this.t('prePost.wiring'),
          options: WIRINGS,
        })}
        ${this.slider({ control: 'layers', label: this.t('prePost.layers') })}
      </div>
      <p class="formula"><span class="name">${isPre ? 'Pre-LN' : 'Post-LN'}</span>${this.t(isPre ? 'prePost.formulaPre' : 'prePost.formulaPost')}</p>
      <div class="diagram">${this._diagram(w)}</div>
      <p class="explain">${this.t(isPre ? 'prePost.explainPre' : 'prePost.explainPost')}</p>
      <div class="legend" aria-hidden="true">
        <span><span class="swatch post"></span>Post-LN</span>
        <span><span class="swatch pre"></span>Pre-LN</span>
        <span><span class="swatch ref"></span>${this.t('prePost.refLegend', { d: D_MODEL, s: fmt(Math.sqrt(D_MODEL), 0) })}</span>
      </div>
      <div class="plot">${this._plot(w)}</div>
      <div class="readout" aria-live="polite" data-readout>${this.t('prePost.readout', {
        n: N,
        wiring: isPre ? 'Pre-LN' : 'Post-LN',
        post: fmt(post.norms[N], 3),
        pre: fmt(pre.norms[N], 3),
        input: fmt(post.norms[0], 3),
        ratio: fmt(pre.norms[N] / pre.norms[0], 2),
        sqrt: fmt(Math.sqrt(D_MODEL), 3),
        d: D_MODEL,
      })}</div>
      ${this.renderClaims(ns, claims, this._result)}
      <p class="caption">${this.t('prePost.method', { check: check === 0 ? '0' : fmtSci(check), max: LAYERS.max })}</p>
      <details>
        <summary>${this.t('prePost.tableSummary')}</summary>
        <table>
          <thead><tr><th scope="col">${this.t('prePost.tableLayer')}</th><th scope="col">Post-LN</th><th scope="col">Pre-LN</th></tr></thead>
          <tbody>${post.norms.map((v, l) => html`<tr><th scope="row">${l}</th><td>${fmt(v, 3)}</td><td>${fmt(pre.norms[l], 3)}</td></tr>`)}</tbody>
        </table>
      </details>
      <div class="badges">${this.parityBadge('encoder')}</div>
    `;
  }
}

define('nw-prepost-ln', NwPrepostLn);
