// <nw-ffn>: the position-wise feed-forward network, written for learners as in the article,
// FFN(x) = act(xW₁ + b₁)W₂ + b₂ with W₁ (d_model × d_ff) and W₂ (d_ff × d_model); the code holds the
// weights in torch's nn.Linear layout [out, in] = W₁ᵀ, W₂ᵀ, which nw.linear takes (x·weightᵀ + b).
// d_ff = ratio · d_model, 4 by default as in the paper. On the optional page channel (lib/link.js)
// the formula's parts follow 'ffn-step' (linear1, act, linear2: the code figure's lines).
// Top: ReLU and GELU (the exact erf form, PyTorch's default) computed by nw.activation over
// x ∈ [−4, 4], with a probe. Bottom: a 6-token sequence through an FFN with seeded weights
// (nw.linear → nw.activation → nw.linear); nudging one token's input changes that token's output
// row only — every other row is bitwise the same, |Δ| exactly 0. For contrast, the same FFN inside
// a whole encoder layer (self-attention first) changes every row.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import {
  ns,
  controls,
  claims,
  curves,
  buildNet,
  nudged,
  probed,
  exact,
  TOKENS,
  D_MODEL,
  RATIO,
  CURVE_X,
} from '../lib/ffn.js';
import { subscribe } from '../lib/link.js';
import { WithIdleTask } from '../lib/idle.js';
import { methodDetails, methodStyles } from '../lib/method.js';

// Networks kept for a drag back over recent sizes: the one on screen, its 4 neighbours, one more.
const NETS_KEPT = 6;
// Nudge results kept per network (token and δ): a drag of δ back over recent values.
const NUDGES_KEPT = 8;
const COUNT = new Intl.NumberFormat('en-US');
/** Opacity steps of the |Δ| grid's cells. */
const SHADES = 64;

/**
 * Attributes: d-model (8–128 in steps of 8, default 16), ratio (d_ff / d_model, 1–8, default 4),
 * activation ('relu' | 'gelu', default 'relu'), token (0–5, the nudged token, default 1),
 * nudge (δ, −3…3, default 1), x (the curve probe, −4…4, default 1), lang, theme.
 * The URL hash keeps them.
 */
export class NwFfn extends WithIdleTask(NwElement) {
  static properties = {
    ffnStep: { state: true },
  };

  static controls = controls;

  static styles = [
    NwElement.styles,
    methodStyles,
    css`
    h3 { font-size: 0.92rem; margin: 14px 0 2px; }
    .ffn-formula { font-family: var(--nw-mono); font-size: 0.95rem; margin: 2px 0 8px; overflow-wrap: anywhere; }
    .ffn-formula span[data-part] { border-radius: 4px; padding: 0 2px; }
    .ffn-formula span[data-part].active { outline: 2px solid var(--nw-accent); background: color-mix(in srgb, var(--nw-accent) 14%, transparent); }
    .plot svg { display: block; max-width: 100%; height: auto; }
    .plot .grid { stroke: var(--nw-border); }
    .plot .axis { stroke: var(--nw-muted); }
    .plot .curve { fill: none; stroke-width: 2.4; }
    .plot .relu { stroke: var(--nw-accent-2); }
    .plot .gelu { stroke: var(--nw-accent); }
    .plot circle.relu { fill: var(--nw-accent-2); stroke: var(--nw-bg); stroke-width: 1.5; }
    .plot circle.gelu { fill: var(--nw-accent); stroke: var(--nw-bg); stroke-width: 1.5; }
    .plot .probe { stroke: var(--nw-fg); stroke-dasharray: 4 3; }
    .plot text.relu-label { fill: var(--nw-accent-2); font-weight: 650; font-size: 12px; }
    .plot text.gelu-label { fill: var(--nw-accent); font-weight: 650; font-size: 12px; }
    .plot text.value { fill: var(--nw-fg); font-family: var(--nw-mono); font-size: 11px; }
    .plot .cell-zero { fill: var(--nw-panel); }
    .plot .cell { fill: var(--nw-accent); }
    .plot .row-focus { fill: none; stroke: var(--nw-fg); stroke-width: 1.6; }
    .plot text.token { fill: var(--nw-fg); font-size: 12px; }
    .plot text.token.picked { font-weight: 700; }
    .plot .bar-ffn { fill: var(--nw-accent); }
    .plot .bar-layer { fill: var(--nw-accent-2); }
    .plot .bar-track { fill: var(--nw-panel); }
    .plot text.bar-value { fill: var(--nw-fg); font-family: var(--nw-mono); font-size: 10.5px; }
    .plot text.bar-value.layer { fill: var(--nw-accent-2); }
    .formula { font-family: var(--nw-mono); font-size: 0.9rem; background: var(--nw-panel); border-radius: 6px; padding: 6px 10px; margin: 4px 0 8px; overflow-wrap: anywhere; }
    .picker { display: flex; flex-wrap: wrap; gap: 6px; margin: 2px 0 0; }
    .picker button { font: inherit; font-size: 0.88rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 4px 10px; min-height: 32px; min-width: 40px;
      background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .picker button[aria-pressed='true'] { background: var(--nw-accent); border-color: var(--nw-accent); color: var(--nw-on-accent); font-weight: 650; }
    .wide { flex-basis: 100%; }
    .legend { display: flex; flex-wrap: wrap; gap: 2px 14px; font-size: 0.8rem; color: var(--nw-muted); margin: 4px 0; }
    .legend .swatch { display: inline-block; width: 14px; height: 10px; vertical-align: -1px; margin-right: 5px; border-radius: 2px; }
    .legend .ffn { background: var(--nw-accent); }
    .legend .layer { background: var(--nw-accent-2); }
  `,
  ];

  constructor() {
    super();
    this._width = 0;
    this._curves = null;
    this._net = null;
    // Networks by d_model:ratio:activation, each with its encoder layer (wasm memory: freed when
    // evicted or on disconnect). Building one costs most of a frame at d_model 128 × 8 (a seeded
    // layer, its state dict, two FFN and two layer passes); the last NETS_KEPT stay, and after
    // each draw (once the reader has moved a slider) the neighbouring sizes are built in idle time,
    // so a drag usually finds them ready.
    this._nets = new Map();
    this._result = null;
    this.ffnStep = '';
  }

  connectedCallback() {
    super.connectedCallback();
    this._unlink = subscribe(this, 'ffn-step', ({ step }) => {
      this.ffnStep = typeof step === 'string' ? step : '';
    });
  }

  /**
   * The FFN on screen (null until the library loads): { d, dff, activation, l1, l2, input, direction, base, layerBase, encoder },
   * l1/l2 = { weight (torch layout [out, in]), bias }, input TOKENS × d, base = FFN(input).
   */
  get network() {
    return this._net;
  }

  disconnectedCallback() {
    this._unlink?.();
    for (const net of this._nets.values()) net.encoder.dispose();
    this._nets.clear();
    this._net = null;
    super.disconnectedCallback();
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!this.nw) return;
    this._curves ??= curves(this.nw);
    this._net = this._netFor(this.dModel, this.ratio, this.activation);
    this._result = this._nudgedAt(this._net);
  }

  /**
   * The nudge through this network (lib/ffn.js nudged), kept on the network per token and δ (the
   * last few), so a step of another slider, or a drag back over recent values, runs no FFN or
   * encoder pass again; only the probe's two activations follow x.
   */
  _nudgedAt(net) {
    const key = `${this.token}:${this.nudge}`;
    net.nudges ??= new Map();
    let r = net.nudges.get(key);
    if (r) net.nudges.delete(key);
    else r = nudged(this.nw, this, net, this._curves);
    net.nudges.set(key, r); // (most recently used last)
    if (net.nudges.size > NUDGES_KEPT) net.nudges.delete(net.nudges.keys().next().value);
    if (r.probe !== this.x) {
      r = { ...r, probe: this.x, ...probed(this.nw, this.x) };
      net.nudges.set(key, r);
    }
    return r;
  }

  updated(changed) {
    super.updated?.(changed);
    if (this.nw) this._prefetch();
  }

  /** The network for these sizes, built if not kept; the least recently used beyond NETS_KEPT is freed. */
  _netFor(d, ratio, activation) {
    const key = `${d}:${ratio}:${activation}`;
    let net = this._nets.get(key);
    if (net) this._nets.delete(key);
    else net = this._build(d, ratio, activation);
    this._nets.set(key, net); // (most recently used last)
    for (const [k, old] of this._nets) {
      if (this._nets.size <= NETS_KEPT) break;
      if (old === this._net) continue;
      old.encoder.dispose();
      this._nets.delete(k);
    }
    return net;
  }

  /** A seeded network for these sizes (lib/ffn.js buildNet); its encoder is freed when evicted. */
  _build(d, ratio, activation) {
    return buildNet(this.nw, d, ratio, activation);
  }

  /** The neighbouring d_model and ratio not yet built, one per idle period. */
  _prefetch() {
    this._idle.cancel();
    const { step, min, max } = D_MODEL;
    const next = [
      [this.dModel - step, this.ratio],
      [this.dModel + step, this.ratio],
      [this.dModel, this.ratio - 1],
      [this.dModel, this.ratio + 1],
    ].find(
      ([d, r]) =>
        d >= min && d <= max && r >= RATIO.min && r <= RATIO.max && !this._nets.has(`${d}:${r}:${this.activation}`),
    );
    if (!next) return;
    this._idle.schedule(() => {
      if (!this.isConnected || !this.nw) return;
      this._netFor(next[0], next[1], this.activation);
      this._prefetch();
    });
  }

  _curvePlot(w) {
    const h = 220;
    const m = { left: 34, right: 12, top: 12, bottom: 28 };
    const iw = w - m.left - m.right,
      ih = h - m.top - m.bottom;
    const X = (v) => m.left + ((v + 4) / 8) * iw;
    const Y = (v) => m.top + (1 - (v + 0.5) / 4.5) * ih;
    const line = (ys) => CURVE_X.map((v, k) => `${X(v).toFixed(1)},${Y(ys[k]).toFixed(1)}`).join(' ');
    const { relu, gelu } = this._result;
    const xTicks = [-4, -3, -2, -1, 0, 1, 2, 3, 4];
    const yTicks = [0, 1, 2, 3, 4];
    const px = X(this.x);
    const right = px > m.left + iw * 0.62;
    const anchor = right ? 'end' : 'start';
    const tx = px + (right ? -8 : 8);
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('ffn.curveAria', { x: fmt(this.x, 1), relu: fmt(relu, 3), gelu: fmt(gelu, 3) })}
      data-x=${CURVE_X.join(',')} data-relu=${this._curves.relu.join(',')} data-gelu=${this._curves.gelu.join(',')}>
      ${yTicks.map(
        (v) => svg`<line class="grid" x1=${m.left} x2=${w - m.right} y1=${Y(v)} y2=${Y(v)}></line>
        <text x=${m.left - 6} y=${Y(v) + 4} text-anchor="end">${v}</text>`,
      )}
      ${xTicks.map((v) => svg`<text x=${X(v)} y=${h - m.bottom + 15} text-anchor="middle">${fmt(v, 0)}</text>`)}
      <line class="axis" x1=${X(0)} x2=${X(0)} y1=${m.top} y2=${h - m.bottom}></line>
      <line class="axis" x1=${m.left} x2=${w - m.right} y1=${Y(0)} y2=${Y(0)}></line>
      <text x=${w - m.right} y=${h - 2} text-anchor="end">x</text>
      <polyline class="curve relu" points=${line(this._curves.relu)}></polyline>
      <polyline class="curve gelu" points=${line(this._curves.gelu)}></polyline>
      <text class="relu-label" x=${X(2.9)} y=${Y(2.9) - 22}>ReLU</text>
      <text class="gelu-label" x=${X(3.25)} y=${Y(3.25) + 24}>GELU</text>
      <line class="probe" x1=${px} x2=${px} y1=${m.top} y2=${h - m.bottom}></line>
      <circle class="relu" cx=${px} cy=${Y(relu)} r="4.5"></circle>
      <circle class="gelu" cx=${px} cy=${Y(gelu)} r="4.5"></circle>
      <text class="value" x=${tx} y=${m.top + 12} text-anchor=${anchor}>x = ${fmt(this.x, 1)}</text>
      <text class="value" x=${tx} y=${m.top + 26} text-anchor=${anchor}>ReLU ${fmt(relu, 3)}</text>
      <text class="value" x=${tx} y=${m.top + 40} text-anchor=${anchor}>GELU ${fmt(gelu, 3)}</text>
    </svg>`;
  }

  /** The |Δ| grid, re-drawn only when its numbers, the width or the words change (not with x). */
  _deltaPlot(w, words) {
    const key = [this._result.delta, this._result.layerMax, w, this.token, words.join('|'), this._lang];
    if (!this._deltaKey || key.some((v, k) => v !== this._deltaKey[k])) {
      this._deltaKey = key;
      this._deltaDrawn = this._drawDelta(w, words);
    }
    return this._deltaDrawn;
  }

  _drawDelta(w, words) {
    const { d } = this._net;
    const { delta, rowMax, layerMax } = this._result;
    const rowH = 30;
    const top = 20;
    const labelW = 62;
    const barW = Math.min(170, Math.max(104, w * 0.3));
    const hx = labelW + 6;
    const hw = w - hx - 12 - barW;
    const bx = hx + hw + 12;
    const cellW = hw / d;
    const h = top + TOKENS * rowH + 4;
    const peak = Math.max(...rowMax, 1e-12);
    const barPeak = Math.max(...rowMax, ...layerMax, 1e-12);
    const barLen = barW - 46;
    const rows = [];
    for (let t = 0; t < TOKENS; t++) {
      const y = top + t * rowH;
      const picked = t === this.token;
      // The cells as one path per shade: those whose |Δ| is exactly 0 (every row but the nudged
      // one) in one, the others by |Δ| / peak in SHADES steps of opacity (finer than the eye
      // tells apart) — a few paths instead of a rect per cell (at d_model 128, most of the redraw).
      const cw = (cellW + 0.3).toFixed(2),
        ch = rowH - 6;
      const shades = new Map();
      for (let k = 0; k < d; k++) {
        const v = delta[t * d + k];
        const shade = v === 0 ? -1 : Math.round((v / peak) * SHADES);
        shades.set(shade, (shades.get(shade) ?? '') + `M${(hx + k * cellW).toFixed(2)} ${y + 3}h${cw}v${ch}h-${cw}z`);
      }
      const cells = [...shades].map(([shade, d]) =>
        shade < 0
          ? svg`<path class="cell-zero" d=${d}></path>`
          : svg`<path class="cell" d=${d} fill-opacity=${(0.15 + (0.85 * shade) / SHADES).toFixed(3)}></path>`,
      );
      rows.push(svg`<text class=${picked ? 'token picked' : 'token'} x=${labelW} y=${y + rowH / 2 + 4} text-anchor="end">${words[t]}</text>
        ${cells}
        ${picked ? svg`<rect class="row-focus" x=${hx - 1} y=${y + 2} width=${hw + 2} height=${rowH - 4}></rect>` : ''}
        <rect class="bar-track" x=${bx} y=${y + 4} width=${barLen} height="20"></rect>
        <rect class="bar-ffn" x=${bx} y=${y + 4} width=${(rowMax[t] / barPeak) * barLen} height="10"></rect>
        <rect class="bar-layer" x=${bx} y=${y + 16} width=${(layerMax[t] / barPeak) * barLen} height="6"></rect>
        <text class="bar-value" x=${bx + barLen + 4} y=${y + 13}>${exact(rowMax[t], 2)}</text>
        <text class="bar-value layer" x=${bx + barLen + 4} y=${y + 25}>${exact(layerMax[t], 2)}</text>`);
    }
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('ffn.deltaAria', { word: words[this.token], self: exact(this._result.self), rest: exact(this._result.rest), layer: exact(this._result.layerRest) })}
      data-row-max=${[...rowMax].join(',')} data-layer-max=${[...layerMax].join(',')}>
      <text x=${hx} y=${12}>${this.t(hw >= 190 ? 'ffn.deltaHeading' : 'ffn.deltaHeadingShort', { d })}</text>
      <text x=${bx} y=${12}>max |Δ|</text>
      ${rows}
    </svg>`;
  }

  render() {
    if (!this.nw || !this._result) return this.renderLoading();
    const { d, dff } = this._net;
    const words = this.t('ffn.tokens').split('|');
    const r = this._result;
    const w = Math.max(280, Math.min(680, this._width || 640));
    const params = 2 * d * dff + dff + d;
    return html`
      <p class="title">${this.t('ffn.title')}</p>
      <p class="caption">${this.t('ffn.caption')}</p>
      ${this._formulaLine()}
      <h3>${this.t('ffn.curvesHeading')}</h3>
      <div class="controls">
        ${this.slider({ control: 'x', label: this.t('ffn.probe'), format: (v) => fmt(v, 1) })}
      </div>
      <div class="plot">${this._curvePlot(w)}</div>
      ${this.renderClaims(ns, { geluDips: claims.geluDips }, r)}
      <p class="caption">${this.t('ffn.curvesNote')}</p>
      <h3>${this.t('ffn.positionHeading')}</h3>
      <div class="controls">
        ${this.slider({ control: 'dModel', id: 'd-model', label: 'd_model' })}
        ${this.slider({ control: 'ratio', label: this.t('ffn.ratio'), format: (v) => `${v}×` })}
        ${this.toggle({
          control: 'activation',
          label: this.t('ffn.activation'),
          options: [
            { value: 'relu', label: 'ReLU' },
            { value: 'gelu', label: 'GELU' },
          ],
        })}
      </div>
      <p class="formula">d_ff = ${this.ratio} × d_model = ${this.ratio} × ${d} = ${dff} · ${this.t('ffn.paramsLine', { n: COUNT.format(params) })}</p>
      <div class="controls">
        <div class="control wide" role="group" aria-label=${this.t('ffn.token')}>
          <label><span>${this.t('ffn.token')}</span></label>
          <div class="picker" data-control="token">
            ${words.map(
              (word, t) => html`<button type="button" data-value=${t} aria-pressed=${String(t === this.token)}
              @click=${() => {
                this.token = t;
              }}>${word}</button>`,
            )}
          </div>
        </div>
        ${this.slider({ control: 'nudge', label: this.t('ffn.nudge'), format: (v) => fmt(v, 1) })}
      </div>
      <div class="plot">${this._deltaPlot(w, words)}</div>
      <div class="legend" aria-hidden="true">
        <span><span class="swatch ffn"></span>${this.t('ffn.legendFfn')}</span>
        <span><span class="swatch layer"></span>${this.t('ffn.legendLayer')}</span>
      </div>
      <div class="readout" aria-live="polite" data-readout data-relu=${r.relu} data-gelu=${r.gelu} data-self=${r.self}
        data-rest=${r.rest} data-layer-rest=${r.layerRest}>${this.t('ffn.readout', {
          x: fmt(this.x, 1),
          relu: fmt(r.relu, 3),
          gelu: fmt(r.gelu, 3),
          ratio: this.ratio,
          d,
          dff,
          params: COUNT.format(params),
          n: this.token + 1,
          word: words[this.token],
          delta: fmt(this.nudge, 1),
          self: exact(r.self),
          others: TOKENS - 1,
          rest: exact(r.rest),
          layer: exact(r.layerRest),
          act: this.activation === 'gelu' ? 'GELU' : 'ReLU',
        })}</div>
      ${this.renderClaims(ns, { ffnLocal: claims.ffnLocal, layerMixes: claims.layerMixes }, r)}
      ${methodDetails(this, this.t('ffn.layout'), this.t('ffn.method'))}
    `;
  }

  /** FFN(x) = act(xW₁ + b₁)W₂ + b₂ with its three parts marked for the page channel. */
  _formulaLine() {
    const part = (name, content) =>
      html`<span data-part=${name} class=${this.ffnStep === name ? 'active' : ''}>${content}</span>`;
    return html`<p class="ffn-formula" data-formula>FFN(x) = ${part('linear2', html`${part('act', html`act(${part('linear1', 'xW₁ + b₁')})`)}W₂ + b₂`)}</p>`;
  }
}

define('nw-ffn', NwFfn);
