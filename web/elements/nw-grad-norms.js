// <nw-grad-norms>: at initialisation, how large is the gradient of each layer's FFN output weight
// W₂ (torch's linear2.weight) in a Post-LN and in a Pre-LN stack? The quantity Xiong et al.
// (2020) plot in their Figure 3, measured here under the sorting task's cross-entropy on a real
// batch, over several seeds (lib/grad-norms.js: the library's token trainer, trainer.gradients).
// The chart draws, per layer, the median over the seeds and the band from the smallest to the
// largest, on a log scale; the claims under it are decided by those medians.
//
// A setting costs 2 × SEEDS forward and backward passes (up to ~10⁹ flops at 24 layers), so it is
// measured off the input path: a moment after the last change, one pass per idle period. Until
// then the figure shows the previous setting's chart, greyed, with the progress; every number
// shown at rest is the full measurement. Results are kept per setting, so going back redraws at once.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt, fmtSci } from '../lib/format.js';
import { normFigureStyles } from '../lib/norm-figures.js';
import { methodDetails, methodStyles } from '../lib/method.js';
import { controls, claims, gradNormSteps, SEEDS, BATCH, HEADS, WIDTHS } from '../lib/grad-norms.js';

/** Quiet time after a change before measuring starts (a drag does not start a pass per step). */
const SETTLE_MS = 150;

function fmtNorm(v) {
  return v !== 0 && (v >= 1e4 || v < 1e-2) ? fmtSci(v, 2) : fmt(v, 3);
}

/**
 * Attributes: depth (layers, 1–24, default 12), d-model (width: 16, 32 or 64, default 64;
 * 4 heads, d_ff = 4·d_model), seed (the first of the SEEDS seeds of the weights and batches;
 * 1–999999, default 1), lang, theme. The URL hash keeps depth, dModel and seed.
 */
export class NwGradNorms extends NwElement {
  static training = true; // the token trainer from the first draw: the training module

  static controls = controls;

  static styles = [
    NwElement.styles,
    normFigureStyles,
    methodStyles,
    css`
    .line { fill: none; stroke-width: 2.2; stroke-linejoin: round; }
    .band { stroke: none; opacity: 0.18; }
    .band.post { fill: var(--nw-accent); }
    .band.pre { fill: var(--nw-accent-2); }
    .post { stroke: var(--nw-accent); }
    .pre { stroke: var(--nw-accent-2); stroke-dasharray: 7 4; }
    circle.post { fill: var(--nw-accent); stroke: none; }
    circle.pre { fill: var(--nw-accent-2); stroke: none; }
    .plot.stale svg { opacity: 0.35; }
    .status { font-size: 0.85rem; color: var(--nw-muted); min-height: 1.5em; margin: 4px 0 0; }
  `,
  ];

  constructor() {
    super();
    this._runs = new Map(); // depth:dModel:seed → summary (lib/grad-norms.js summarize)
    this._shown = null; // the last complete summary (drawn greyed while the next one is measured)
    this._job = null; // { key, steps, done, handle }
    this._waiters = [];
  }

  disconnectedCallback() {
    this._stop();
    super.disconnectedCallback();
  }

  get _key() {
    return `${this.depth}:${this.dModel}:${this.seed}`;
  }

  /** The summary of the current setting, or null while it is being measured. */
  get result() {
    return this._runs.get(this._key) ?? null;
  }

  /** Resolves once the current setting is measured (at once when it is). */
  whenMeasured() {
    if (this.nw && this.result) return Promise.resolve(this.result);
    return new Promise((resolve) => this._waiters.push(resolve));
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.nw) return;
    const run = this.result;
    if (run) {
      this._stop();
      this._shown = run;
      const waiters = this._waiters.splice(0);
      waiters.forEach((w) => w(run));
    } else if (this._job?.key !== this._key) {
      this._start();
    }
  }

  _stop() {
    if (!this._job) return;
    clearTimeout(this._job.timer);
    if (this._job.idle) (globalThis.cancelIdleCallback ?? clearTimeout)(this._job.idle);
    this._job.steps.return(); // disposes the trainer of the pass under way
    this._job = null;
  }

  /** Measures the current setting: one gradient pass per idle period, after SETTLE_MS of quiet. */
  _start() {
    this._stop();
    const key = this._key;
    const job = {
      key,
      steps: gradNormSteps(this.nw, { depth: this.depth, dModel: this.dModel, seed: this.seed }),
      done: 0,
      timer: 0,
      idle: 0,
    };
    this._job = job;
    const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 0));
    const tick = () => {
      job.idle = 0;
      if (this._job !== job) return;
      let r;
      try {
        r = job.steps.next();
      } catch (e) {
        this._job = null;
        this.loadError = e;
        return;
      }
      if (r.done) {
        this._job = null;
        this._runs.set(key, r.value);
      } else {
        job.done = r.value;
        job.idle = idle(tick, { timeout: 250 });
      }
      this.requestUpdate();
    };
    job.timer = setTimeout(() => {
      job.timer = 0;
      job.idle = idle(tick, { timeout: 250 });
    }, SETTLE_MS);
  }

  _chart(run, width) {
    const { post, pre } = run;
    const L = run.depth;
    const h = width < 480 ? 240 : 280;
    const m = { left: 50, right: 14, top: 26, bottom: 40 };
    const iw = width - m.left - m.right;
    const ih = h - m.top - m.bottom;
    const logs = [...post.lo, ...post.hi, ...pre.lo, ...pre.hi].map(Math.log10);
    let lo = Math.floor(Math.min(...logs) * 2) / 2;
    let hi = Math.ceil(Math.max(...logs) * 2) / 2;
    if (hi - lo < 1) {
      lo -= 0.5;
      hi += 0.5;
    }
    const x = (l) => m.left + (L === 1 ? iw / 2 : (l / (L - 1)) * iw);
    const y = (v) => m.top + ((hi - Math.log10(v)) / (hi - lo)) * ih;
    const pts = (vals) => vals.map((v, l) => `${x(l).toFixed(1)},${y(v).toFixed(1)}`);
    const path = (vals) => `M${pts(vals).join('L')}`;
    const band = (side) =>
      L === 1
        ? `M${x(0) - 6},${y(side.hi[0])}H${x(0) + 6}V${y(side.lo[0])}H${x(0) - 6}Z`
        : `M${[...pts(side.hi), ...pts(side.lo).reverse()].join('L')}Z`;
    const yTicks = [];
    for (let e = Math.ceil(lo); e <= Math.floor(hi); e++) yTicks.push(e);
    for (let e = Math.ceil(lo - 0.5); e + 0.5 <= hi; e++) if (e + 0.5 >= lo) yTicks.push(e + Math.log10(3));
    const xStep = [1, 2, 4, 6, 8, 12].find((s) => L / s <= (width < 480 ? 6 : 12)) ?? 12;
    const xTicks = [];
    for (let l = 0; l < L; l += xStep) xTicks.push(l);
    if (xTicks[xTicks.length - 1] !== L - 1) xTicks.push(L - 1);
    const tick = (e) => {
      const v = 10 ** e;
      return v >= 1e3 || v < 1e-3 ? v.toExponential(0) : String(Number(v.toPrecision(1)));
    };
    return html`<svg viewBox=${`0 0 ${width} ${h}`} width=${width} height=${h} role="img"
      aria-label=${this.t('gradNorms.aria', { depth: L, postFirst: fmtNorm(post.median[0]), postLast: fmtNorm(post.median[L - 1]), preFirst: fmtNorm(pre.median[0]), preLast: fmtNorm(pre.median[L - 1]), seeds: SEEDS })}>
      <text class="axis-title" x=${m.left - 44} y="13">${this.t('gradNorms.yAxis')}</text>
      ${yTicks.map(
        (e) => svg`<line class="grid" x1=${m.left} x2=${width - m.right} y1=${y(10 ** e)} y2=${y(10 ** e)}></line>
        <text x=${m.left - 6} y=${y(10 ** e) + 4} text-anchor="end">${tick(e)}</text>`,
      )}
      ${xTicks.map(
        (l) => svg`<line class="grid" x1=${x(l)} x2=${x(l)} y1=${m.top + ih} y2=${m.top + ih + 4}></line>
        <text x=${x(l)} y=${m.top + ih + 16} text-anchor="middle">${l + 1}</text>`,
      )}
      <text class="axis-title" x=${width - m.right} y=${h - 4} text-anchor="end">${this.t('gradNorms.xAxis')}</text>
      <path class="band post" d=${band(post)}></path>
      <path class="band pre" d=${band(pre)}></path>
      <path class="line post" d=${path(post.median)}></path>
      <path class="line pre" d=${path(pre.median)}></path>
      ${post.median.map((v, l) => svg`<circle class="post" cx=${x(l)} cy=${y(v)} r="3"></circle>`)}
      ${pre.median.map((v, l) => svg`<circle class="pre" cx=${x(l)} cy=${y(v)} r="3"></circle>`)}
    </svg>`;
  }

  _legendItem(cls, text) {
    return html`<li><svg width="28" height="10" aria-hidden="true"><line class=${`line ${cls}`} x1="1" x2="27" y1="5" y2="5"></line></svg>${text}</li>`;
  }

  _readout(run) {
    const L = run.depth;
    const side = (key, s) =>
      this.t(key, {
        first: fmtNorm(s.median[0]),
        last: fmtNorm(s.median[L - 1]),
        ratio: fmt(s.ratio, 2),
        lo: fmt(Math.min(...s.ratios), 2),
        hi: fmt(Math.max(...s.ratios), 2),
      });
    return [
      side('gradNorms.readoutPost', run.post),
      side('gradNorms.readoutPre', run.pre),
      this.t('gradNorms.readoutLast', {
        ratio: fmt(run.lastRatio, 2),
        lo: fmt(Math.min(...run.lastOverPre), 2),
        hi: fmt(Math.max(...run.lastOverPre), 2),
      }),
      this.t('gradNorms.readoutSetup', {
        depth: L,
        width: this.dModel,
        ff: 4 * Number(this.dModel),
        heads: HEADS,
        batch: BATCH,
        first: run.seeds[0],
        last: run.seeds[run.seeds.length - 1],
        seeds: SEEDS,
        lossPost: fmt(run.loss.post, 3),
        lossPre: fmt(run.loss.pre, 3),
      }),
    ].join('\n');
  }

  render() {
    if (!this.nw || !this._shown) {
      if (this.loadError || !this.nw) return this.renderLoading();
      return html`<p class="title">${this.t('gradNorms.title')}</p>
        <p class="caption" role="status">${this.t('gradNorms.measuring', { done: this._job?.done ?? 0, total: 2 * SEEDS, depth: this.depth })}</p>`;
    }
    const run = this.result;
    const shown = run ?? this._shown;
    const width = Math.max(260, this._width || 640);
    return html`
      <p class="title">${this.t('gradNorms.title')}</p>
      <p class="caption">${this.t('gradNorms.caption', { seeds: SEEDS, batch: BATCH })}</p>
      <div class="controls">
        ${this.slider({ control: 'depth', label: this.t('gradNorms.depth') })}
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
          const { min, max } = controls.seed;
          this.seed = ((this.seed - min + SEEDS) % (max - min + 1)) + min;
        }}>${this.t('gradNorms.newWeights')}</button>
      </div>
      <div class=${run ? 'plot' : 'plot stale'} aria-busy=${String(!run)}>${this._chart(shown, width)}</div>
      <ul class="legend">
        ${this._legendItem('post', this.t('gradNorms.legendPost'))}
        ${this._legendItem('pre', this.t('gradNorms.legendPre'))}
      </ul>
      <div class="readout" aria-live="polite" data-readout data-state=${run ? 'measured' : 'measuring'}>${
        run
          ? this._readout(run)
          : this.t('gradNorms.measuring', { done: this._job?.done ?? 0, total: 2 * SEEDS, depth: this.depth })
      }</div>
      ${run ? this.renderClaims('gradNorms', claims, run) : html`<p class="status">${this.t('gradNorms.pending')}</p>`}
      <p class="caption">${this.t('gradNorms.note')}</p>
      ${methodDetails(this, this.t('gradNorms.method', { batch: BATCH }))}
    `;
  }
}

define('nw-grad-norms', NwGradNorms);
