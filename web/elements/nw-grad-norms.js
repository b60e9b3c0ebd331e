// <nw-grad-norms>: gradient norms per layer at initialisation, Post-LN against Pre-LN.
// Two freshly initialised encoders of the same depth and width (PyTorch's default init, the same
// seed) run one training forward on the same random batch; the backward of sum(output · g), with
// g a fixed random direction, gives every parameter's gradient (nw encoder.backward). The chart
// plots, for each layer, the norm of all its parameters' gradients on a log scale. Pre-LN has the
// final LayerNorm that Pre-LN stacks need (torch's TransformerEncoder(norm=LayerNorm)); Post-LN
// has none, as in the original Transformer.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt, fmtSci } from '../lib/format.js';
import { normFigureStyles } from '../lib/norm-figures.js';
import { normals, mixSeed } from '../lib/seeded-random.js';
import { IdleTask } from '../lib/idle.js';

const MAX_DEPTH = 24;
const WIDTHS = ['16', '32', '64', '128'];
const SEQ = 16;
const BATCH = 2;
const HEADS = 4;

/** √(Σ v²) over every array of a gradient record whose name starts with `prefix`. */
function groupNorm(params, prefix) {
  let sum = 0;
  for (const [name, g] of Object.entries(params)) {
    if (!name.startsWith(prefix)) continue;
    for (let i = 0; i < g.length; i++) sum += g[i] * g[i];
  }
  return Math.sqrt(sum);
}

function fmtNorm(v) {
  return v !== 0 && (v >= 1e4 || v < 1e-2) ? fmtSci(v, 2) : fmt(v, 3);
}

/**
 * Attributes: depth (layers, 1–24, default 12), d-model (width: 16, 32, 64 or 128, default 64;
 * 4 heads, d_ff = 4·d_model), seed (of the weights, the batch and g; 1–999999, default 1), lang,
 * theme. The URL hash keeps depth, dModel and seed.
 */
export class NwGradNorms extends NwElement {
  static training = true; // encoder.backward from the first draw: the training module

  static controls = {
    depth: { min: 1, max: MAX_DEPTH, default: 12 },
    dModel: { choices: WIDTHS, default: '64', attribute: 'd-model' },
    seed: { min: 1, max: 999999, default: 1 },
  };

  static styles = [
    NwElement.styles,
    normFigureStyles,
    css`
    .line { fill: none; stroke-width: 2.2; stroke-linejoin: round; }
    .post { stroke: var(--nw-accent); }
    .pre { stroke: var(--nw-accent-2); stroke-dasharray: 7 4; }
    circle.post { fill: var(--nw-accent); stroke: none; }
    circle.pre { fill: var(--nw-accent-2); stroke: none; }
  `,
  ];

  constructor() {
    super();
    this._run = null;
    // Results by depth:dModel:seed (2 x depth numbers each). A depth costs two forward and
    // backward passes through up to 24 layers (several frames at the largest width); once computed,
    // dragging back over it only redraws. After each draw (once the reader has moved a slider) the
    // neighbouring depths are computed in idle time, one per idle period, so a drag usually finds them ready.
    this._runs = new Map();
    this._idle = new IdleTask();
  }

  connectedCallback() {
    super.connectedCallback();
    this._idle.armOn(this.renderRoot);
  }

  disconnectedCallback() {
    this._idle.cancel();
    super.disconnectedCallback();
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.nw) return;
    this._run = this._result(this.depth);
  }

  updated(changed) {
    super.updated(changed);
    if (this.nw) this._prefetch();
  }

  _key(depth) {
    return `${depth}:${this.dModel}:${this.seed}`;
  }

  _result(depth) {
    const key = this._key(depth);
    let run = this._runs.get(key);
    if (!run) {
      run = this._compute(depth);
      this._runs.set(key, run);
    }
    return run;
  }

  /** The nearest depths not yet computed (±1, then ±2), one per idle period. */
  _prefetch() {
    this._idle.cancel();
    const next = [1, -1, 2, -2]
      .map((k) => this.depth + k)
      .find((l) => l >= 1 && l <= MAX_DEPTH && !this._runs.has(this._key(l)));
    if (next === undefined) return;
    this._idle.schedule(() => {
      if (!this.isConnected || !this.nw) return;
      this._result(next);
      this._prefetch();
    });
  }

  /** Per-layer gradient norms of both stacks at `depth`: { post: number[], pre: number[] }. */
  _compute(depth) {
    const { nw } = this;
    const d = Number(this.dModel);
    const n = BATCH * SEQ * d;
    const x = normals(n, mixSeed(this.seed, 1));
    const g = normals(n, mixSeed(this.seed, 2));
    const out = {};
    for (const normFirst of [false, true]) {
      const enc = nw.createEncoder({
        dModel: d,
        nHeads: HEADS,
        dFF: 4 * d,
        nLayers: depth,
        normFirst,
        finalNorm: normFirst,
        seed: this.seed,
      });
      try {
        enc.forward(x, { batch: BATCH, keepActivations: true, attention: false });
        const { params } = enc.backward(g);
        out[normFirst ? 'pre' : 'post'] = Array.from({ length: depth }, (_, l) => groupNorm(params, `layers.${l}.`));
      } finally {
        enc.dispose();
      }
    }
    return out;
  }

  _chart({ post, pre }, width) {
    const L = post.length;
    const h = width < 480 ? 240 : 280;
    const m = { left: 50, right: 14, top: 26, bottom: 40 };
    const iw = width - m.left - m.right;
    const ih = h - m.top - m.bottom;
    const logs = [...post, ...pre].filter((v) => v > 0).map(Math.log10);
    let lo = Math.floor(Math.min(...logs));
    let hi = Math.ceil(Math.max(...logs));
    if (hi - lo < 2) {
      lo -= 1;
      hi += 1;
    }
    const x = (l) => m.left + (L === 1 ? iw / 2 : (l / (L - 1)) * iw);
    const y = (v) => m.top + ((hi - Math.log10(Math.max(v, 10 ** lo))) / (hi - lo)) * ih;
    const path = (vals) => vals.map((v, l) => `${l ? 'L' : 'M'}${x(l).toFixed(1)},${y(v).toFixed(1)}`).join('');
    const yTicks = [];
    for (let e = lo; e <= hi; e++) yTicks.push(e);
    const xStep = [1, 2, 4, 6, 8, 12].find((s) => L / s <= (width < 480 ? 6 : 12)) ?? 12;
    const xTicks = [];
    for (let l = 0; l < L; l += xStep) xTicks.push(l);
    if (xTicks[xTicks.length - 1] !== L - 1) xTicks.push(L - 1);
    return html`<svg viewBox=${`0 0 ${width} ${h}`} width=${width} height=${h} role="img"
      aria-label=${this.t('gradNorms.aria', { depth: L, postFirst: fmtNorm(post[0]), postLast: fmtNorm(post[L - 1]), preFirst: fmtNorm(pre[0]), preLast: fmtNorm(pre[L - 1]) })}>
      <text class="axis-title" x=${m.left - 44} y="13">${this.t('gradNorms.yAxis')}</text>
      ${yTicks.map(
        (e) => svg`<line class="grid" x1=${m.left} x2=${width - m.right} y1=${y(10 ** e)} y2=${y(10 ** e)}></line>
        <text x=${m.left - 6} y=${y(10 ** e) + 4} text-anchor="end">${e === 0 ? '1' : `1e${e}`}</text>`,
      )}
      ${xTicks.map(
        (l) => svg`<line class="grid" x1=${x(l)} x2=${x(l)} y1=${m.top + ih} y2=${m.top + ih + 4}></line>
        <text x=${x(l)} y=${m.top + ih + 16} text-anchor="middle">${l + 1}</text>`,
      )}
      <text class="axis-title" x=${width - m.right} y=${h - 4} text-anchor="end">${this.t('gradNorms.xAxis')}</text>
      <path class="line post" d=${path(post)}></path>
      <path class="line pre" d=${path(pre)}></path>
      ${post.map((v, l) => svg`<circle class="post" cx=${x(l)} cy=${y(v)} r="3"></circle>`)}
      ${pre.map((v, l) => svg`<circle class="pre" cx=${x(l)} cy=${y(v)} r="3"></circle>`)}
    </svg>`;
  }

  _legendItem(cls, text) {
    return html`<li><svg width="28" height="10" aria-hidden="true"><line class=${`line ${cls}`} x1="1" x2="27" y1="5" y2="5"></line></svg>${text}</li>`;
  }

  render() {
    if (!this.nw || !this._run) return this.renderLoading();
    const { post, pre } = this._run;
    const L = this.depth;
    const width = Math.max(260, this._width || 640);
    const spread = (v) => Math.max(...v) / Math.min(...v);
    const readout = [
      this.t('gradNorms.readoutPost', {
        first: fmtNorm(post[0]),
        last: fmtNorm(post[L - 1]),
        ratio: fmtNorm(post[L - 1] / post[0]),
        spread: fmtNorm(spread(post)),
      }),
      this.t('gradNorms.readoutPre', {
        first: fmtNorm(pre[0]),
        last: fmtNorm(pre[L - 1]),
        ratio: fmtNorm(pre[L - 1] / pre[0]),
        spread: fmtNorm(spread(pre)),
      }),
      this.t('gradNorms.readoutSetup', {
        depth: L,
        width: this.dModel,
        ff: 4 * Number(this.dModel),
        heads: HEADS,
        rows: BATCH * SEQ,
        seed: this.seed,
      }),
    ].join('\n');
    return html`
      <p class="title">${this.t('gradNorms.title')}</p>
      <p class="caption">${this.t('gradNorms.caption')}</p>
      <div class="controls">
        ${this.slider({ control: 'depth', label: this.t('gradNorms.depth'), value: L })}
        ${this.toggle({
          id: 'd-model',
          label: this.t('gradNorms.width'),
          value: this.dModel,
          onChange: (v) => {
            this.dModel = v;
          },
          options: WIDTHS.map((value) => ({ value, label: value })),
        })}
      </div>
      <div class="actions">
        <button type="button" data-control="new-weights" @click=${() => {
          this.seed = (this.seed % 999999) + 1;
        }}>${this.t('gradNorms.newWeights')}</button>
      </div>
      <div class="plot">${this._chart(this._run, width)}</div>
      <ul class="legend">
        ${this._legendItem('post', this.t('gradNorms.legendPost'))}
        ${this._legendItem('pre', this.t('gradNorms.legendPre'))}
      </ul>
      <div class="readout" aria-live="polite" data-readout>${readout}</div>
      <p class="caption">${this.t('gradNorms.note')}</p>
    `;
  }
}

define('nw-grad-norms', NwGradNorms);
