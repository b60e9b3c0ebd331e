// <nw-depth-demo>: why normalize (Fig.4). One random vector goes through the same stack of random
// linear layers twice — bare, and with LayerNorm after every layer — and the figure plots the
// standard deviation of the activations after each layer on a log scale. Every activation is
// computed by nw.linear (then nw.activation and nw.layerNorm); every plotted σ by nw.layerNormStats.
import { svg } from 'lit';
import { NwElement, html, css, define, controlValue } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import { normFigureStyles } from '../lib/norm-figures.js';
import {
  ns,
  controls,
  claims,
  ACTIVATIONS,
  VIEWS,
  fmtSize,
  baseNormals,
  forwardRun,
  backwardRun,
  numbers,
} from '../lib/depth-demo.js';
import { WithIdleTask } from '../lib/idle.js';

/** Forward runs kept for a drag back over recent settings: the one on screen and its neighbours. */
const RUNS_KEPT = 8;

/** 10ⁿ with a superscript exponent. */
function decade(n) {
  const sup = { '-': '⁻', 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };
  return n === 0 ? '1' : `10${[...String(n)].map((c) => sup[c]).join('')}`;
}

/**
 * Attributes: depth (number of layers, 1–96, default 96), scale (weight scale s, 0.5–2 in steps
 * of 0.05, default 1.5; the weights are N(0, g·s²/width) with g = 1 without activation and g = 2
 * (He) with ReLU, so s = 1 keeps the signal's size on average and every layer multiplies it by
 * about s otherwise), activation ('none' | 'relu', default 'none'), seed (of the weights and the
 * input vector, 1–999999, default 1), width (features per layer, 16–256, default 64), lang, theme.
 * The URL hash keeps depth, scale, activation and seed.
 */
export class NwDepthDemo extends WithIdleTask(NwElement) {
  static controls = controls;

  static styles = [
    NwElement.styles,
    normFigureStyles,
    css`
    .line { fill: none; stroke-width: 2.2; stroke-linejoin: round; }
    .plain { stroke: var(--nw-accent); }
    .normed { stroke: var(--nw-accent-2); stroke-dasharray: 7 4; }
    circle.plain { fill: var(--nw-accent); stroke: var(--nw-bg); stroke-width: 1.5; stroke-dasharray: none; }
    circle.normed { fill: var(--nw-accent-2); stroke: var(--nw-bg); stroke-width: 1.5; stroke-dasharray: none; }
    .legend .line { stroke-width: 2.5; }
  `,
  ];

  constructor() {
    super();
    this._back = null;
    this._backKey = '';
    this._width = 0;
    this._base = null;
    this._baseKey = '';
    this._run = null;
    this._runKey = '';
    // Forward runs by width:seed:scale:activation (a run is 96 layers of nw.linear, nw.activation
    // and nw.layerNorm: most of a phone's frame). The last RUNS_KEPT stay, and after each draw
    // (once the reader has moved a slider) the neighbouring scales are run in idle time, so a
    // drag usually finds its next step ready.
    this._runs = new Map();
  }

  /** The forward run at this scale (the base's width and seed, this activation), kept or computed. */
  _runAt(scale, activation) {
    const key = `${this._baseKey}:${scale}:${activation}`;
    let run = this._runs.get(key);
    if (run) this._runs.delete(key);
    else run = forwardRun(this.nw, { layerWidth: this.layerWidth, scale, activation }, this._base);
    this._runs.set(key, run); // (most recently used last)
    for (const k of this._runs.keys()) {
      if (this._runs.size <= RUNS_KEPT) break;
      this._runs.delete(k);
    }
    return run;
  }

  updated(changed) {
    super.updated(changed);
    if (this.nw && this._run) this._prefetch();
  }

  /** The neighbouring scales not yet run, one per idle period. */
  _prefetch() {
    this._idle.cancel();
    const c = controls.scale;
    const near = [this.scale + c.step, this.scale - c.step]
      .map((v) => controlValue(c, v))
      .find((v) => v !== this.scale && !this._runs.has(`${this._baseKey}:${v}:${this.activation}`));
    if (near === undefined) return;
    this._idle.schedule(() => {
      if (!this.isConnected || !this.nw) return;
      this._runAt(near, this.activation);
      this._prefetch();
    });
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.nw) return;
    const w = this.layerWidth;
    const baseKey = `${w}:${this.seed}`;
    if (baseKey !== this._baseKey) {
      // Standard normals for every weight of the deepest stack, then the input vector.
      this._base = baseNormals(w, this.seed);
      this._baseKey = baseKey;
      this._runs.clear();
    }
    const runKey = `${baseKey}:${this.scale}:${this.activation}`;
    if (runKey !== this._runKey) {
      this._run = this._runAt(this.scale, this.activation);
      this._runKey = runKey;
    }
    const backKey = `${runKey}:${this.depth}`;
    if (this.view !== 'backward') return;
    if (!this._nwTrain) {
      // The backward passes live in the training module, loaded the first time the reader asks.
      this._trainLoad ??= this.loadLibrary({ training: true }).then(
        (nw) => {
          this._nwTrain = nw;
          this.requestUpdate();
        },
        (e) => {
          this._backError = e;
          this.requestUpdate();
        },
      );
    } else if (backKey !== this._backKey) {
      this._back = backwardRun(this._nwTrain, this, this._run);
      this._backKey = backKey;
    }
  }

  _chart(plain, normed, width, back) {
    const d = this.depth;
    const h = width < 480 ? 250 : 290;
    const m = { left: 46, right: 14, top: 26, bottom: 40 };
    const iw = width - m.left - m.right;
    const ih = h - m.top - m.bottom;
    const logs = [...plain, ...normed].filter((v) => v > 0).map(Math.log10);
    let lo = Math.min(-1, Math.floor(Math.min(...logs)));
    let hi = Math.max(1, Math.ceil(Math.max(...logs)));
    const yStep = [1, 2, 3, 5, 10, 20].find((s) => (hi - lo) / s <= 6) ?? 20;
    lo = Math.floor(lo / yStep) * yStep;
    hi = Math.ceil(hi / yStep) * yStep;
    const x = (l) => m.left + (l / d) * iw;
    const y = (v) => m.top + ((hi - Math.log10(Math.max(v, 10 ** lo))) / (hi - lo)) * ih;
    const path = (vals) => vals.map((v, l) => `${l ? 'L' : 'M'}${x(l).toFixed(1)},${y(v).toFixed(1)}`).join('');
    const yTicks = [];
    for (let e = lo; e <= hi; e += yStep) yTicks.push(e);
    const xStep = [1, 2, 4, 8, 12, 16, 24, 32].find((s) => d / s <= (width < 480 ? 5 : 8)) ?? 32;
    const xTicks = [];
    for (let l = 0; l <= d; l += xStep) xTicks.push(l);
    const end = back ? 0 : d;
    const last = (vals) => vals[end];
    return html`<svg viewBox=${`0 0 ${width} ${h}`} width=${width} height=${h} role="img"
      aria-label=${this.t(back ? 'depthDemo.ariaGrad' : 'depthDemo.aria', { depth: d, plain: fmtSize(last(plain)), normed: fmtSize(last(normed)) })}>
      <text class="axis-title" x=${m.left - 40} y="13">${this.t(back ? 'depthDemo.yAxisGrad' : 'depthDemo.yAxis')}</text>
      ${yTicks.map(
        (
          e,
        ) => svg`<line class=${e === 0 ? 'grid strong' : 'grid'} x1=${m.left} x2=${width - m.right} y1=${y(10 ** e)} y2=${y(10 ** e)}></line>
        <text x=${m.left - 6} y=${y(10 ** e) + 4} text-anchor="end">${decade(e)}</text>`,
      )}
      ${xTicks.map(
        (l) => svg`<line class="grid" x1=${x(l)} x2=${x(l)} y1=${m.top + ih} y2=${m.top + ih + 4}></line>
        <text x=${x(l)} y=${m.top + ih + 16} text-anchor="middle">${l}</text>`,
      )}
      <text class="axis-title" x=${width - m.right} y=${h - 4} text-anchor="end">${this.t('depthDemo.xAxis')}</text>
      <path class="line plain" d=${path(plain)}></path>
      <path class="line normed" d=${path(normed)}></path>
      <circle class="plain" cx=${x(end)} cy=${y(last(plain))} r="4"></circle>
      <circle class="normed" cx=${x(end)} cy=${y(last(normed))} r="4"></circle>
    </svg>`;
  }

  _legendItem(cls, text) {
    return html`<li><svg width="28" height="10" aria-hidden="true"><line class=${`line ${cls}`} x1="1" x2="27" y1="5" y2="5"></line></svg>${text}</li>`;
  }

  render() {
    if (!this.nw || !this._run) return this.renderLoading();
    const d = this.depth;
    const back = this.view === 'backward' && this._nwTrain && this._back;
    const m = this.view === 'forward' || back ? numbers(this, this._run, this._back) : null;
    const plain = m ? m.plain : this._run.plain.slice(0, d + 1);
    const normed = m ? m.normed : this._run.normed.slice(0, d + 1);
    const width = Math.max(260, this._width || 640);
    const readout = back
      ? [
          this.t('depthDemo.readoutGradPlain', { depth: d, value: fmtSize(plain[0]), ratio: fmtSize(m.ratio) }),
          this.t('depthDemo.readoutGradNormed', {
            depth: d,
            value: fmtSize(normed[0]),
            ratio: fmtSize(m.normedRatio),
          }),
          this.t('depthDemo.readoutGradSetup', {
            output: fmt(plain[d], 3),
            scale: fmt(this.scale, 2),
            width: this.layerWidth,
            seed: this.seed,
          }),
        ].join('\n')
      : this.view === 'backward'
        ? this._backError
          ? this.t('common.loadError', { message: this._backError.message })
          : this.t('depthDemo.loadingBackward')
        : [
            this.t('depthDemo.readoutPlain', { depth: d, value: fmtSize(plain[d]), ratio: fmtSize(m.ratio) }),
            this.t('depthDemo.readoutNormed', { depth: d, value: fmtSize(normed[d]) }),
            this.t('depthDemo.readoutSetup', {
              first: fmt(plain[0], 3),
              scale: fmt(this.scale, 2),
              width: this.layerWidth,
              seed: this.seed,
            }),
          ].join('\n');
    return html`
      <p class="title">${this.t('depthDemo.title')}</p>
      <p class="caption">${this.t('depthDemo.caption', { width: this.layerWidth, max: controls.depth.max })}</p>
      <div class="controls">
        ${this.slider({ control: 'depth', label: this.t('depthDemo.depth'), value: d })}
        ${this.slider({ control: 'scale', label: this.t('depthDemo.scale'), format: (v) => fmt(v, 2) })}
        ${this.toggle({
          control: 'activation',
          label: this.t('depthDemo.activation'),
          options: ACTIVATIONS.map((value) => ({ value, label: this.t(`depthDemo.activation.${value}`) })),
        })}
        ${this.toggle({
          control: 'view',
          label: this.t('depthDemo.view'),
          options: VIEWS.map((value) => ({ value, label: this.t(`depthDemo.view.${value}`) })),
        })}
      </div>
      <div class="actions">
        <button type="button" data-control="new-weights" @click=${() => {
          this.seed = (this.seed % 999999) + 1;
        }}>${this.t('depthDemo.newWeights')}</button>
        ${this.parityBadge('layerNorm')}
      </div>
      <div class="plot">${this._chart(plain, normed, width, !!back)}</div>
      <ul class="legend">
        ${this._legendItem('plain', this.t('depthDemo.legendPlain'))}
        ${this._legendItem('normed', this.t('depthDemo.legendNormed'))}
      </ul>
      <div class="readout" aria-live="polite" data-readout>${readout}</div>
      ${m ? this.renderClaims(ns, claims, m) : ''}
      <p class="caption">${this.t(back ? 'depthDemo.noteGrad' : 'depthDemo.note')}</p>
    `;
  }
}

define('nw-depth-demo', NwDepthDemo);
