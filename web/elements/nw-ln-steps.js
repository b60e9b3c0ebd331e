// <nw-ln-steps>: LayerNorm on one vector (Fig.5) — x, x − μ, x̂ and γ·x̂ + β — as strip plots on
// one shared axis, each with its own μ and σ, between them the page's four numbered steps
// (① μ, ② σ², ③ x̂, ④ y = γ·x̂ + β, lib/link.js). Choosing a step highlights it here and, through the
// optional page channel, in every other figure that shows the LayerNorm steps. μ, σ², x̂ and the final output come
// from nw.layerNormWithStats (a γ = 1, β = 0 call and a call with the γ, β vectors); x − μ is x
// minus the returned mean; the μ and σ printed for every stage come from nw.layerNormStats.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import { ticks, tickDigits, normFigureStyles, sampleControls, standardSample } from '../lib/norm-figures.js';
import { LnStepLinked, LN_STEPS } from '../lib/link.js';
import { methodDetails, methodStyles } from '../lib/method.js';
import { ns, controls, claims, stages, EPS } from '../lib/ln-steps.js';

const STAGES = ['x', 'centered', 'hat', 'y'];
/** The step (① μ, ② σ², ③ x̂, ④ y) each stage row shows, and the step of each arrow between rows. */
const STAGE_STEP = [0, 2, 3, 4];
const OP_STEP = [1, 3, 4];

/**
 * Attributes: h (vector size H, 4–256, default 16), mean (mean of the input's distribution,
 * −5…5, default 2.5), std (its standard deviation, 0.2…5, default 2), gamma (γ, the same for every
 * feature, −3…3, default 1.5), beta (β, −3…3, default 0.5), seed (of the input vector, 1–999999,
 * default 1), lang, theme. The input is x = mean + std·z with z seeded standard normals, so the
 * sample's own μ and σ (which LayerNorm uses) differ a little from the sliders. ε = 1e-5.
 * The URL hash keeps all six.
 */
export class NwLnSteps extends LnStepLinked(NwElement) {
  static controls = controls;

  static properties = { lnStep: { state: true } };

  static styles = [
    NwElement.styles,
    normFigureStyles,
    methodStyles,
    css`
    .step-pick { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 10px; align-items: center; }
    .step-pick .label { font-size: 0.85rem; color: var(--nw-muted); }
    .step-pick button { font: inherit; font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 4px 10px; min-height: 32px;
      background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .step-pick button[aria-pressed='true'] { background: var(--nw-accent); color: var(--nw-on-accent); border-color: var(--nw-accent); }
    .op.active, .stage.active .stage-name { color: var(--nw-accent); font-weight: 700; }
    .stage.active svg .strip-bg { fill: color-mix(in srgb, var(--nw-accent) 14%, var(--nw-panel)); }
    .stage.band-active .sigma-band { fill-opacity: 0.32; }
    .stage.mu-active line.mu { stroke-width: 4; }
    .stage { margin: 0; }
    .stage-head { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0 12px; font-size: 0.88rem; }
    .stage-name { font-weight: 600; }
    .stage-stats { font-family: var(--nw-mono); color: var(--nw-muted); }
    .op { text-align: center; font-family: var(--nw-mono); font-size: 0.85rem; color: var(--nw-accent-2); margin: 2px 0; }
    .dot { fill: none; stroke: var(--nw-accent-2); stroke-opacity: 0.75; stroke-linecap: round; }
    .strip-bg { fill: var(--nw-panel); }
    svg text.mu-label { fill: var(--nw-accent); font-weight: 600; }
  `,
  ];

  constructor() {
    super();
    this._width = 0;
    this.lnStep = 0;
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!this.nw) return;
    this._result = stages(this.nw, this, standardSample(this));
  }

  /** One stage: the values as dots on the shared axis, its μ as a line and μ ± σ as a band. */
  _strip(k, axis, width) {
    const values = this._result.rows[k];
    const { mean, std } = this._result.stats[k];
    const h = 58;
    const m = { left: 10, right: 10, top: 4, band: 34 };
    const x = (v) => m.left + ((v - axis.lo) / (axis.hi - axis.lo)) * (width - m.left - m.right);
    const dy = (i) => m.top + 5 + ((i * 0.618034) % 1) * (m.band - 10);
    const r = values.length > 64 ? 2.5 : 4;
    const anchor = (px) => (px < 16 ? 'start' : px > width - 16 ? 'end' : 'middle');
    // Every dot as a zero-length sub-path of one path with a round cap as wide as the dot: at
    // H = 256 a <circle> per dot is 1,024 elements to re-render per slider step, one path per
    // stage is 4, and a cap costs layout far less than the two arcs of a drawn circle.
    let dots = '';
    for (let i = 0; i < values.length; i++) {
      const cx = x(values[i]).toFixed(1),
        cy = dy(i).toFixed(1);
      dots += `M${cx} ${cy}h0`;
    }
    return html`<svg viewBox=${`0 0 ${width} ${h}`} width=${width} height=${h} role="img"
      aria-label=${this.t('lnSteps.aria', { stage: this.t(`lnSteps.stage.${STAGES[k]}`), h: values.length, mean: fmt(mean, 3), std: fmt(std, 3) })}>
      <rect class="strip-bg" x=${m.left} y=${m.top} width=${width - m.left - m.right} height=${m.band}></rect>
      <rect class="sigma-band" x=${x(mean - std)} y=${m.top} width=${Math.max(0, x(mean + std) - x(mean - std))} height=${m.band}></rect>
      ${axis.ticks.map(
        (
          t,
        ) => svg`<line class=${t === 0 ? 'zero' : 'grid'} x1=${x(t)} x2=${x(t)} y1=${m.top} y2=${m.top + m.band + 3}></line>
        <text x=${x(t)} y=${h - 4} text-anchor=${anchor(x(t))}>${fmt(t, axis.digits)}</text>`,
      )}
      <path class="dot" data-dots=${values.length} d=${dots} stroke-width=${2 * r}></path>
      <line class="mu" x1=${x(mean)} x2=${x(mean)} y1=${m.top - 2} y2=${m.top + m.band + 2}></line>
    </svg>`;
  }

  render() {
    if (!this.nw || !this._result) return this.renderLoading();
    const { rows, mu, variance, stats } = this._result;
    const width = Math.max(240, this._width || 640);
    let lo = Infinity,
      hi = -Infinity;
    for (const r of rows)
      for (const v of r) {
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    const pad = Math.max(0.25, (hi - lo) * 0.04);
    const t = ticks(lo - pad, hi + pad, width < 480 ? 6 : 9);
    const axis = { lo: lo - pad, hi: hi + pad, ticks: t.values, digits: tickDigits(t.step) };
    const ops = [
      this.t('lnSteps.op.center', { mu: fmt(mu, 3) }),
      this.t('lnSteps.op.scale', { variance: fmt(variance, 3), sd: fmt(Math.sqrt(variance + EPS), 3) }),
      this.t('lnSteps.op.affine', { gamma: fmt(this.gamma, 1), beta: fmt(this.beta, 1) }),
    ];
    const statLine = (k) => this.t('lnSteps.stats', { mean: fmt(stats[k].mean, 3), std: fmt(stats[k].std, 3) });
    const readout = [
      this.t('lnSteps.readoutInput', {
        h: this.h,
        mu: fmt(mu, 3),
        variance: fmt(variance, 3),
        std: fmt(Math.sqrt(variance), 3),
      }),
      ...STAGES.map((s, k) => `${this.t(`lnSteps.stage.${s}`)}: ${statLine(k)}`),
    ].join('\n');
    return html`
      <p class="title">${this.t('lnSteps.title')}</p>
      <p class="caption">${this.t('lnSteps.caption')}</p>
      ${sampleControls(this, ns, ['h', 'mean', 'std', 'gamma', 'beta'], 'new-vector')}
      <div class="step-pick" role="group" aria-label=${this.t('lnStep.label')} data-control="ln-step">
        <span class="label" aria-hidden="true">${this.t('lnStep.label')}</span>
        ${LN_STEPS.map(
          (k) => html`<button type="button" data-step=${k} aria-pressed=${String(this.lnStep === k)}
          @click=${() => this._pickStep(k)}>${this.t(`lnStep.${k}`)}</button>`,
        )}
      </div>
      <div class="plot" data-active-step=${this.lnStep}>
        ${STAGES.map(
          (s, k) => html`
          ${k ? html`<p class=${`op${this.lnStep === OP_STEP[k - 1] ? ' active' : ''}`} aria-hidden="true">↓ ${ops[k - 1]}</p>` : ''}
          <figure class=${`stage${this._stageClass(k)}`}>
            <figcaption class="stage-head"><span class="stage-name">${this.t(`lnSteps.stage.${s}`)}</span><span class="stage-stats">${statLine(k)}</span></figcaption>
            ${this._strip(k, axis, width)}
          </figure>`,
        )}
      </div>
      <div class="readout" aria-live="polite" data-readout>${readout}</div>
      ${this.renderClaims(ns, claims, this._result)}
      ${methodDetails(this, this.t('lnSteps.method'))}
    `;
  }

  /** Row k's highlight for the chosen step: ① the input's μ, ② the σ band of x − μ, ③ x̂, ④ y. */
  _stageClass(k) {
    const step = this.lnStep;
    if (!step) return '';
    if (step === 1 && k === 0) return ' mu-active';
    if (step === 2 && k === 1) return ' band-active active';
    return STAGE_STEP[k] === step && step > 2 ? ' active' : '';
  }
}

define('nw-ln-steps', NwLnSteps);
