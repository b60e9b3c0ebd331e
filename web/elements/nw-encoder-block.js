// <nw-encoder-block>: one encoder block drawn top to bottom — input (+PE) → multi-head
// self-attention → Add & Norm → FFN → Add & Norm — in the Post-LN wiring (LN(x + Sub(x)), the
// original paper and PyTorch's default) or the Pre-LN wiring (x + Sub(LN(x)), norm_first).
// Every arrow carries the shape of the tensor on it for the live configuration (seq × d_model,
// seq × d_ff, heads × seq × d_k, heads × seq × seq for the attention weights). The parameter
// counts are not worked out here: they are the numel of each named tensor of a real
// nw.createEncoder(config).parameters (torch.nn.TransformerEncoderLayer names), grouped by
// sublayer; the formulas are shown beside them. The layer sits inside an "N×" bracket; the
// positional encoding (added once) and, for Pre-LN, the stack's final LayerNorm are drawn outside it.
// On the optional page channel (lib/link.js) it follows 'encoder-step' (the code figure's lines).
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { WIRINGS } from '../lib/controls.js';
import { subscribe } from '../lib/link.js';
import { methodDetails, methodStyles } from '../lib/method.js';
import { ns, controls, claims, measure, headChoices, D_MODEL, SEQ, FF_RATIO } from '../lib/encoder-block.js';

const COUNT = new Intl.NumberFormat('en-US');

/**
 * The block diagram drawn top to bottom: the geometry for a width w, the running y, the SVG parts
 * and the y of each residual fork; its methods draw one piece at y and move y past it.
 */
class DiagramPen {
  constructor(w, seq, d, activeStep) {
    this.seq = seq;
    this.d = d;
    this.activeStep = activeStep;
    this.lane = 20;
    this.x0 = 38;
    this.bw = Math.max(156, Math.min(240, w - this.x0 - 150));
    this.cx = this.x0 + this.bw / 2;
    this.rx = this.x0 + this.bw + 12;
    this.r = 10;
    this.parts = [];
    this.skips = [];
    this.y = 6;
  }

  shapeLabel(yMid, value, symbol, x = this.cx + 8) {
    return svg`
      <text class="shape" x=${x} y=${yMid - 1}>${value}</text>
      <text class="sym" x=${x} y=${yMid + 11}>${symbol}</text>`;
  }

  arrow(y1, y2, x = this.cx) {
    return svg`<line class="wire" x1=${x} x2=${x} y1=${y1} y2=${y2 - 6}></line>
      <path class="arrow" d=${`M${x} ${y2} l-4 -7 h8 z`}></path>`;
  }

  countLabel(yTop, n, formula) {
    return svg`
      <text class="count" x=${this.rx} y=${yTop}>${COUNT.format(n)}</text>
      <text class="sym" x=${this.rx} y=${yTop + 13}>${formula}</text>`;
  }

  /** ' active' for the step the reader is on. */
  on(step) {
    return step && step === this.activeStep ? ' active' : '';
  }

  /** An arrow of length len carrying a seq × d_model tensor, optionally forking the residual. */
  stream(len, fork) {
    const { cx, y } = this;
    this.parts.push(this.arrow(y, y + len));
    this.parts.push(this.shapeLabel(y + len / 2, `${this.seq} × ${this.d}`, 'seq × d_model'));
    if (fork) {
      this.parts.push(svg`<circle class="skip-head" cx=${cx} cy=${y + 5} r="3.5"></circle>`);
      this.skips.push(y + 5);
    }
    this.y += len;
  }

  box(label, cls, n, formula, step = '') {
    const { x0, bw, cx, y } = this;
    const bh = 30;
    this.parts
      .push(svg`<rect class=${cls + this.on(step)} data-step=${step} x=${x0} y=${y} width=${bw} height=${bh} rx="6"></rect>
        <text class="box-label" x=${cx} y=${y + 19} text-anchor="middle">${label}</text>`);
    if (n !== undefined) this.parts.push(this.countLabel(y + 12, n, formula));
    this.y += bh;
  }

  /** A residual addition (⊕) labelled `label`; returns the y of its centre. */
  plus(label, cls = 'addnorm', step = '') {
    const { cx, r, y } = this;
    this.parts.push(svg`<circle class=${`plus${this.on(step)}`} data-step=${step} cx=${cx} cy=${y + r} r=${r}></circle>
        <path class="wire" d=${`M${cx - 6} ${y + r} h12 M${cx} ${y + r - 6} v12`}></path>
        <text class=${cls} x=${cx + r + 8} y=${y + r + 4}>${label}</text>`);
    this.y += 2 * r;
    return y + r;
  }

  /** The residual path from a fork at `from` round the left lane into the ⊕ at `to`. */
  join(from, to) {
    const { cx, lane, r } = this;
    const path = `M${cx} ${from} H${lane + 8} Q${lane} ${from} ${lane} ${from + 8} V${to - 8} Q${lane} ${to} ${lane + 8} ${to} H${cx - r - 7}`;
    return svg`<path class="skip" d=${path}></path><path class="skip-head" d=${`M${cx - r} ${to} l-9 -5 v10 z`}></path>`;
  }
}

/**
 * Attributes: seq (tokens, 1–128, default 8), d-model (32–512 in steps of 32, default 512),
 * heads (a divisor of d_model up to 64, default 8), d-ff (a multiple of d_model, 1–8 ×, default
 * 4 · d_model), wiring ('post' | 'pre', default 'post'), lang, theme. The URL hash keeps them.
 */
export class NwEncoderBlock extends NwElement {
  static properties = {
    encStep: { state: true },
  };

  static controls = controls;

  static styles = [
    NwElement.styles,
    methodStyles,
    css`
    .diagram .nx { fill: none; stroke: var(--nw-accent-2); stroke-width: 1.6; stroke-dasharray: 7 4; }
    .diagram text.nx-label { fill: var(--nw-accent-2); font-size: 12px; font-weight: 700; }
    .diagram .active .box, .diagram .box.active, .diagram .group.active { stroke: var(--nw-accent); stroke-width: 3; }
    .diagram .plus.active { stroke: var(--nw-accent); stroke-width: 3; }
    .formula { font-family: var(--nw-mono); font-size: 0.95rem; background: var(--nw-panel); border-radius: 6px; padding: 6px 10px; margin: 4px 0 8px; overflow-wrap: anywhere; }
    .formula .name { font-family: var(--nw-font); font-weight: 650; margin-right: 8px; }
    .diagram svg { display: block; max-width: 100%; height: auto; margin: 0 auto; }
    .diagram .box { fill: var(--nw-panel); stroke: var(--nw-fg); stroke-width: 1.2; }
    .diagram .box.ln { stroke: var(--nw-accent-2); stroke-width: 2; }
    .diagram .box.inner { stroke: var(--nw-muted); stroke-width: 1; fill: var(--nw-bg); }
    .diagram .group { fill: none; stroke: var(--nw-muted); stroke-width: 1.2; stroke-dasharray: 4 3; }
    .diagram text.box-label { fill: var(--nw-fg); font-size: 12px; font-weight: 600; }
    .diagram text.inner-label { fill: var(--nw-fg); font-size: 11px; }
    .diagram text.group-label { fill: var(--nw-fg); font-size: 12px; font-weight: 650; }
    .diagram text.shape { fill: var(--nw-fg); font-family: var(--nw-mono); font-size: 11px; font-weight: 600; }
    .diagram text.sym { font-size: 10px; }
    .diagram text.count { fill: var(--nw-fg); font-family: var(--nw-mono); font-size: 11.5px; font-weight: 600; }
    .diagram text.addnorm { fill: var(--nw-accent-2); font-size: 11px; font-weight: 600; }
    .diagram .wire { stroke: var(--nw-fg); stroke-width: 1.4; fill: none; }
    .diagram .arrow { fill: var(--nw-fg); }
    .diagram .skip { stroke: var(--nw-ok); stroke-width: 3.5; fill: none; }
    .diagram .skip-head { fill: var(--nw-ok); }
    .diagram text.skip-label { fill: var(--nw-ok); font-size: 10.5px; font-weight: 600; }
    .diagram .plus { fill: var(--nw-bg); stroke: var(--nw-fg); stroke-width: 1.5; }
    .explain { font-size: 0.88rem; margin: 6px 0 8px; }
    .table-wrap { overflow-x: auto; }
    table { border-collapse: collapse; font-size: 0.85rem; margin-top: 6px; width: 100%; }
    th, td { padding: 4px 8px; border-bottom: 1px solid var(--nw-border); text-align: left; vertical-align: top; }
    td.num, th.num { text-align: right; font-family: var(--nw-mono); white-space: nowrap; }
    td.formula-cell { font-family: var(--nw-mono); }
    tfoot th, tfoot td { font-weight: 650; border-bottom: 0; }
    details code { font-family: var(--nw-mono); font-size: 0.8rem; word-break: break-all; }
  `,
  ];

  constructor() {
    super();
    this._width = 0;
    this._counts = null;
    this.encStep = '';
  }

  connectedCallback() {
    super.connectedCallback();
    this._unlink = subscribe(this, 'encoder-step', ({ step, wiring }) => {
      this.encStep = typeof step === 'string' ? step : '';
      if (wiring === 'pre' || wiring === 'post') this.wiring = wiring;
    });
  }

  disconnectedCallback() {
    this._unlink?.();
    super.disconnectedCallback();
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (this.nw) {
      this._result = measure(this.nw, this);
      this._counts = this._result.counts;
    }
  }

  /** Keeps d_ff at the same multiple of d_model (willUpdate then snaps heads to a divisor). */
  _setDModel(d) {
    const ratio = Math.round(this.dFF / this.dModel);
    this.dModel = d;
    this.dFF = ratio * d;
  }

  _diagram(w) {
    const pre = this.wiring === 'pre';
    const { seq, dModel: d, heads: h, dFF } = this;
    const { groups } = this._counts;
    const p = new DiagramPen(w, seq, d, this.encStep);
    const { x0, bw, cx, rx } = p;

    // Input embeddings, + positional encoding.
    p.parts
      .push(svg`<text class="box-label" x=${cx} y=${p.y + 12} text-anchor="middle">${this.t('encBlock.input')}</text>
      <text class="sym" x=${rx} y=${p.y + 12}>${this.t('encBlock.paramsHeader')}</text>`);
    p.y += 18;
    p.stream(34, false);
    p.plus(this.t('encBlock.pe'), 'sym', 'pe');
    p.stream(30, false);
    // The N× bracket: everything from here to the second residual addition is one layer.
    const nxTop = p.y;
    p.y += 10;
    p.stream(34, true);
    if (pre) {
      p.box('LayerNorm', 'box ln', groups.norm1, '2d', 'ln1');
      p.stream(34, false);
    }
    this._attentionGroup(p, h, groups.attn);
    p.stream(36, false);
    const add1 = p.plus(this.t(pre ? 'encBlock.add' : 'encBlock.addNorm'), 'addnorm', 'add1');
    if (!pre) {
      p.stream(30, false);
      p.box('LayerNorm', 'box ln', groups.norm1, '2d', 'ln1');
    }
    p.stream(40, true);
    if (pre) {
      p.box('LayerNorm', 'box ln', groups.norm2, '2d', 'ln2');
      p.stream(34, false);
    }
    this._ffnGroup(p, dFF, groups.ffn);
    p.stream(36, false);
    const add2 = p.plus(this.t(pre ? 'encBlock.add' : 'encBlock.addNorm'), 'addnorm', 'add2');
    if (!pre) {
      p.stream(30, false);
      p.box('LayerNorm', 'box ln', groups.norm2, '2d', 'ln2');
    }
    p.y += 8;
    const nxBottom = p.y;
    p.parts
      .push(svg`<rect class="nx" data-nx x="4" y=${nxTop} width=${x0 + bw + 8 - 4} height=${nxBottom - nxTop} rx="10"></rect>
      <text class="nx-label" x=${x0 + bw + 14} y=${nxTop + 14}>${this.t('encBlock.repeat')}</text>`);
    p.stream(34, false);
    if (pre) {
      p.box(this.t('encBlock.finalNorm'), 'box ln', undefined, undefined, 'final');
      p.parts.push(svg`<text class="sym" x=${rx} y=${p.y - 12}>${this.t('encBlock.finalNormNote')}</text>`);
      p.stream(30, false);
    } else {
      p.parts.push(svg`<text class="sym" x=${x0} y=${p.y + 10}>${this.t('encBlock.noFinalNorm')}</text>`);
      p.y += 16;
    }
    p.parts.push(
      svg`<text class="box-label" x=${cx} y=${p.y + 14} text-anchor="middle">${this.t('encBlock.output')}</text>`,
    );
    p.y += 22;
    const height = p.y + 6;
    const width = Math.min(w, rx + 170);
    const skipLabelY = (p.skips[0] + add1) / 2;
    return html`<svg viewBox=${`0 0 ${width} ${height}`} width=${width} height=${height} role="img"
      aria-label=${this.t(pre ? 'encBlock.ariaPre' : 'encBlock.ariaPost', { seq, d, h, dk: d / h, dff: dFF })}
      data-wiring=${this.wiring}>
      ${p.join(p.skips[0], add1)}
      ${p.join(p.skips[1], add2)}
      <text class="skip-label" transform=${`translate(${p.lane - 5} ${skipLabelY}) rotate(-90)`} text-anchor="middle">${this.t('encBlock.residual')}</text>
      ${p.parts}
    </svg>`;
  }

  /** Multi-head self-attention, with what happens inside it: Q, K, V, the softmax, concat. */
  _attentionGroup(p, h, count) {
    const { x0, bw, cx, rx, seq } = p;
    const dk = p.d / h;
    const top = p.y;
    const mh = 160;
    const inner = 8;
    const cw = (bw - 2 * inner - 2 * 6) / 3;
    const col = (k) => x0 + inner + k * (cw + 6);
    const qkvTop = top + 36;
    const smTop = top + 84;
    const avTop = top + 128;
    const vx = col(2) + cw / 2;
    const smW = vx - 7 - col(0);
    const qk = col(0) + smW / 2;
    p.parts
      .push(svg`<rect class=${`group${p.on('attn')}`} data-step="attn" x=${x0} y=${top} width=${bw} height=${mh} rx="8"></rect>
      <text class="group-label" x=${cx} y=${top + 16} text-anchor="middle">${this.t(bw >= 200 ? 'encBlock.mha' : 'encBlock.mhaShort')}</text>
      ${['Q', 'K', 'V'].map(
        (q, k) => svg`
        <path class="wire" d=${`M${cx} ${top + 22} L${col(k) + cw / 2} ${qkvTop - 6}`}></path>
        <rect class="box inner" x=${col(k)} y=${qkvTop} width=${cw} height="22" rx="4"></rect>
        <text class="inner-label" x=${col(k) + cw / 2} y=${qkvTop + 15} text-anchor="middle">${cw >= 58 ? `${q} = xW` : 'W'}<tspan dy="3" font-size="8">${q}</tspan></text>`,
      )}
      ${p.arrow(qkvTop + 22, smTop, col(0) + cw / 2)}
      ${p.arrow(qkvTop + 22, smTop, col(1) + cw / 2)}
      <rect class="box inner" x=${col(0)} y=${smTop} width=${smW} height="22" rx="4"></rect>
      <text class="inner-label" x=${qk} y=${smTop + 15} text-anchor="middle" font-size=${smW >= 120 ? 11 : 10}>softmax(QKᵀ/√d_k)</text>
      ${p.arrow(smTop + 22, avTop, qk)}
      ${p.arrow(qkvTop + 22, avTop, vx)}
      <rect class="box inner" x=${col(0)} y=${avTop} width=${bw - 2 * inner} height="22" rx="4"></rect>
      <text class="inner-label" x=${cx} y=${avTop + 15} text-anchor="middle">${this.t('encBlock.concat')}</text>
      ${p.countLabel(top + 14, count, '4d² + 4d')}
      ${p.shapeLabel(qkvTop + 32, `${h} × ${seq} × ${dk}`, 'Q, K, V: h × seq × d_k', rx)}
      ${p.shapeLabel(smTop + 34, `${h} × ${seq} × ${seq}`, 'A: h × seq × seq', rx)}`);
    p.y = top + mh;
  }

  /** The position-wise feed-forward network: two linear layers around d_ff. */
  _ffnGroup(p, dFF, count) {
    const { x0, bw, cx, seq } = p;
    const fTop = p.y;
    const fh = 118;
    const inner = 8;
    p.parts
      .push(svg`<rect class=${`group${p.on('ffn')}`} data-step="ffn" x=${x0} y=${fTop} width=${bw} height=${fh} rx="8"></rect>
      <text class="group-label" x=${cx} y=${fTop + 16} text-anchor="middle">${this.t('encBlock.ffn')}</text>
      <rect class="box inner" x=${x0 + inner} y=${fTop + 26} width=${bw - 2 * inner} height="22" rx="4"></rect>
      <text class="inner-label" x=${cx} y=${fTop + 41} text-anchor="middle">${this.t('encBlock.linear1')}</text>
      ${p.arrow(fTop + 48, fTop + 84)}
      ${p.shapeLabel(fTop + 66, `${seq} × ${dFF}`, 'seq × d_ff')}
      <rect class="box inner" x=${x0 + inner} y=${fTop + 84} width=${bw - 2 * inner} height="22" rx="4"></rect>
      <text class="inner-label" x=${cx} y=${fTop + 99} text-anchor="middle">${this.t('encBlock.linear2')}</text>
      ${p.countLabel(fTop + 14, count, '2·d·d_ff + d_ff + d')}`);
    p.y = fTop + fh;
  }

  render() {
    if (!this.nw || !this._counts) return this.renderLoading();
    const { seq, dModel: d, heads, dFF } = this;
    const pre = this.wiring === 'pre';
    const { groups, total, tensors } = this._counts;
    const choices = headChoices(d);
    const w = Math.max(300, Math.min(620, this._width || 600));
    const c = (n) => COUNT.format(n);
    const rows = [
      { name: this.t('encBlock.rowAttn'), formula: '4d² + 4d', n: groups.attn },
      { name: this.t('encBlock.rowFfn'), formula: '2·d·d_ff + d_ff + d', n: groups.ffn },
      { name: this.t('encBlock.rowNorm1'), formula: '2d', n: groups.norm1 },
      { name: this.t('encBlock.rowNorm2'), formula: '2d', n: groups.norm2 },
    ];
    return html`
      <p class="title">${this.t('encBlock.title')}</p>
      <p class="caption">${this.t('encBlock.caption')}</p>
      <div class="controls">
        ${this.toggle({
          control: 'wiring',
          label: this.t('encBlock.wiring'),
          options: WIRINGS,
        })}
        ${this.slider({
          id: 'seq',
          label: this.t('encBlock.seq'),
          value: seq,
          min: SEQ.min,
          max: SEQ.max,
          onInput: (v) => {
            this.seq = v;
          },
        })}
        ${this.slider({ id: 'd-model', label: 'd_model', value: d, min: D_MODEL.min, max: D_MODEL.max, step: D_MODEL.step, onInput: (v) => this._setDModel(v) })}
        ${this.slider({
          id: 'heads',
          label: this.t('encBlock.heads'),
          value: choices.indexOf(heads),
          min: 0,
          max: choices.length - 1,
          format: (k) => this.t('encBlock.headsValue', { h: choices[k], dk: d / choices[k] }),
          onInput: (k) => {
            this.heads = choices[k];
          },
        })}
        ${this.slider({
          id: 'd-ff',
          label: 'd_ff',
          value: dFF,
          min: FF_RATIO.min * d,
          max: FF_RATIO.max * d,
          step: d,
          format: (v) => `${v} (${v / d}×)`,
          onInput: (v) => {
            this.dFF = v;
          },
        })}
      </div>
      <p class="formula"><span class="name">${pre ? 'Pre-LN' : 'Post-LN'}</span>${pre ? 'x + Sublayer(LayerNorm(x))' : 'LayerNorm(x + Sublayer(x))'}</p>
      <div class="diagram">${this._diagram(w)}</div>
      <p class="explain">${this.t(pre ? 'encBlock.explainPre' : 'encBlock.explainPost')}</p>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">${this.t('encBlock.tableCaption')}</caption>
          <thead><tr><th scope="col">${this.t('encBlock.colSublayer')}</th><th scope="col">${this.t('encBlock.colFormula')}</th><th scope="col" class="num">${this.t('encBlock.colCount')}</th></tr></thead>
          <tbody>${rows.map((row) => html`<tr><th scope="row">${row.name}</th><td class="formula-cell">${row.formula}</td><td class="num">${c(row.n)}</td></tr>`)}</tbody>
          <tfoot><tr><th scope="row">${this.t('encBlock.rowTotal')}</th><td class="formula-cell">4d² + 9d + 2·d·d_ff + d_ff</td><td class="num">${c(total)}</td></tr></tfoot>
        </table>
      </div>
      <div class="readout" aria-live="polite" data-readout data-attn=${groups.attn} data-ffn=${groups.ffn}
        data-norm1=${groups.norm1} data-norm2=${groups.norm2} data-total=${total}>${this.t('encBlock.readout', {
          wiring: pre ? 'Pre-LN' : 'Post-LN',
          seq,
          d,
          h: heads,
          dk: d / heads,
          dff: dFF,
          ratio: dFF / d,
          attn: c(groups.attn),
          ffn: c(groups.ffn),
          ln: c(groups.norm1),
          total: c(total),
          weights: c(heads * seq * seq),
        })}</div>
      <details>
        <summary>${this.t('encBlock.tensorsSummary')}</summary>
        <div class="table-wrap">
          <table>
            <thead><tr><th scope="col">${this.t('encBlock.colTensor')}</th><th scope="col">${this.t('encBlock.colShape')}</th><th scope="col" class="num">numel</th></tr></thead>
            <tbody>${tensors.map((p) => html`<tr><td><code>${p.name}</code></td><td class="formula-cell">${p.shape.join(' × ')}</td><td class="num">${c(p.numel)}</td></tr>`)}</tbody>
          </table>
        </div>
      </details>
      ${this.renderClaims(ns, claims, this._result)}
      ${methodDetails(this, this.t('encBlock.method'))}
    `;
  }
}

define('nw-encoder-block', NwEncoderBlock);
