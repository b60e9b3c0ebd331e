// <nw-ln-pipeline>: the LayerNorm forward pass of one token with H = 8 editable values. μ, σ² and
// x̂ come from nw.layerNormWithStats (γ = 1, β = 0), y = γᵢ·x̂ᵢ + βᵢ from the same call with the
// per-dimension γ and β vectors, mean(x̂) from nw.layerNormStats. The formulas of the page's four
// numbered steps (① μ, ② σ², ③ x̂, ④ y = γ·x̂ + β) are built from HTML (not KaTeX) so that every
// symbol is a real button: clicking or focusing it explains it and shows its current value; inside
// a formula the arrow keys move between its symbols. A step's title selects the step here and, on
// the optional page channel (lib/link.js), in the other figures that show the LayerNorm steps.
import { svg } from 'lit';
import { live } from 'lit/directives/live.js';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt, fmtSci } from '../lib/format.js';
import { normFigureStyles } from '../lib/norm-figures.js';
import { LnStepLinked, LN_STEPS } from '../lib/link.js';
import { methodDetails, methodStyles } from '../lib/method.js';
import { ns, controls, claims, measure, H, EPS, DIMS, X_LIMIT, AFFINE_LIMIT } from '../lib/ln-pipeline.js';

const SUB = '₀₁₂₃₄₅₆₇₈₉';
const sub = (n) => [...String(n)].map((c) => SUB[c]).join('');
/** Each formula symbol as plain text, for its accessible name. */
const PLAIN = {
  mu: 'μ',
  sigma2: 'σ²',
  H: 'H',
  sum: 'Σ',
  x: 'xᵢ',
  xhat: 'x̂ᵢ',
  eps: 'ε',
  gamma: 'γᵢ',
  beta: 'βᵢ',
  y: 'yᵢ',
};

/**
 * Attributes: x1 … x8 (the token's values, −100…100, default 2.4, 1.1, −0.3, 0.8, 3.0, −1.2,
 * 0.5, 1.7 so that μ = 1 and σ² = 1.66), g1 … g8 (γᵢ, −10…10, default 1), b1 … b8 (βᵢ, −10…10,
 * default 0), dim (the dimension i the formulas' values refer to, 1–8, default 1), lang, theme.
 * ε = 1e-5. The URL hash keeps every value and dim.
 */
export class NwLnPipeline extends LnStepLinked(NwElement) {
  static controls = controls;

  static properties = {
    symbol: { state: true },
    lnStep: { state: true },
  };

  static styles = [
    NwElement.styles,
    normFigureStyles,
    methodStyles,
    css`
    .step.active { border-color: var(--nw-accent); box-shadow: inset 4px 0 0 var(--nw-accent); }
    button.step-title { font: inherit; font-size: 0.88rem; font-weight: 650; margin: 0 0 2px; padding: 2px 6px; min-height: 28px; border: 1px solid var(--nw-border);
      border-radius: 6px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    button.step-title[aria-pressed='true'] { background: var(--nw-accent); color: var(--nw-on-accent); border-color: var(--nw-accent); }
    .section-title { font-size: 0.9rem; font-weight: 650; margin: 12px 0 4px; }
    .inputs { display: grid; grid-template-columns: repeat(auto-fill, minmax(72px, 1fr)); gap: 6px 8px; }
    .inputs label { display: flex; flex-direction: column; font-size: 0.85rem; color: var(--nw-muted); gap: 2px; }
    .chips { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 10px; margin: 10px 0 4px; }
    .chip { font-family: var(--nw-mono); font-size: 0.9rem; background: var(--nw-panel); border: 1px solid var(--nw-border); border-radius: 6px; padding: 3px 8px; }
    .chip b { font-weight: 650; color: var(--nw-accent); }
    .bar { fill: var(--nw-accent-2); fill-opacity: 0.8; }
    .bar.selected { fill: var(--nw-accent); fill-opacity: 1; }
    svg text.row-label { fill: var(--nw-fg); font-size: 13px; font-style: italic; font-family: 'Cambria Math', 'STIX Two Math', 'Times New Roman', serif; }
    .mu-line { stroke: var(--nw-accent); stroke-width: 1.5; stroke-dasharray: 5 3; }
    .formulas { display: grid; gap: 10px; margin-top: 6px; }
    .step { border: 1px solid var(--nw-border); border-radius: 8px; padding: 8px 10px; }
    .step-note { font-size: 0.85rem; color: var(--nw-muted); margin: 4px 0 0; }
    .formula { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 22px; padding: 6px 0; font-size: 1.15rem;
      font-family: 'Cambria Math', 'STIX Two Math', 'Latin Modern Math', 'Times New Roman', serif; }
    .eq { display: inline-flex; align-items: center; gap: 0.18em; white-space: nowrap; }
    .frac { display: inline-flex; flex-direction: column; align-items: center; vertical-align: middle; margin: 0 0.1em; }
    .frac > span { padding: 0 0.2em; display: inline-flex; align-items: center; gap: 0.15em; }
    .frac > span:first-child { border-bottom: 1px solid currentColor; }
    .sum { display: inline-flex; flex-direction: column; align-items: center; line-height: 1; font-size: 0.7em; margin: 0 0.1em; }
    .sum .sym { font-size: 1.9em; line-height: 1; }
    .sqrt { display: inline-flex; align-items: stretch; margin-top: 4px; }
    .radical { width: 0.7em; height: auto; flex: none; overflow: visible; }
    .radical path { fill: none; stroke: currentColor; stroke-width: 1.2; vector-effect: non-scaling-stroke; stroke-linejoin: round; }
    .sqrt-body { border-top: 1.2px solid currentColor; padding: 0.12em 0.15em 0 0.1em; display: inline-flex; gap: 0.15em; align-items: center; }
    .op { font-style: normal; padding: 0 0.1em; }
    button.sym { font: inherit; font-style: italic; color: var(--nw-fg); background: transparent; border: 0; border-bottom: 1px dotted var(--nw-muted);
      border-radius: 3px; padding: 0 0.12em; margin: 0; min-width: 24px; min-height: 28px; cursor: pointer; line-height: 1.1; }
    button.sym:hover { background: var(--nw-panel); }
    button.sym[aria-pressed='true'] { background: var(--nw-accent); color: var(--nw-on-accent); border-bottom-color: transparent; }
    button.sym sub, button.sym sup { font-size: 0.65em; }
    .info { margin-top: 8px; font-size: 0.9rem; background: var(--nw-panel); border-left: 3px solid var(--nw-accent); border-radius: 6px; padding: 8px 10px; min-height: 2.6em; }
    .info .value { font-family: var(--nw-mono); display: block; margin-top: 2px; }
    table { border-collapse: collapse; width: 100%; font-size: 0.85rem; margin-top: 6px; table-layout: fixed; }
    th, td { padding: 3px 3px; text-align: right; border-bottom: 1px solid var(--nw-border); }
    th { color: var(--nw-muted); font-weight: 600; font-style: italic; font-family: 'Cambria Math', 'Times New Roman', serif; font-size: 0.95rem; }
    th:first-child, td:first-child { width: 1.8em; text-align: center; }
    td { font-family: var(--nw-mono); }
    tr.selected td { background: var(--nw-panel); }
    tr.selected td:first-child { color: var(--nw-accent); font-weight: 700; }
    td input[type='number'] { text-align: right; padding: 3px 4px; }
    .dim-toggle .toggle button { padding: 6px 0; min-width: 32px; }
  `,
  ];

  constructor() {
    super();
    this.symbol = null;
    this._width = 0;
    this._active = [0, 0, 0, 0];
    this.lnStep = 0;
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!this.nw) return;
    this._result = measure(this.nw, this);
  }

  /** Sets one value from a number input; an empty or half-typed field ("-", "1e") is ignored. */
  _edit(prop, input) {
    if (input.value === '' || !Number.isFinite(input.valueAsNumber)) return;
    this[prop] = input.valueAsNumber;
  }

  _numberInput(prop, label, limit, { hiddenLabel = false, dim } = {}) {
    const id = `in-${prop}`;
    return html`<label for=${id}><span class=${hiddenLabel ? 'visually-hidden' : ''}>${label}</span>
      <input id=${id} type="number" inputmode="decimal" data-control=${prop} step="0.1" min=${-limit} max=${limit}
        .value=${live(String(this[prop]))}
        @input=${(e) => this._edit(prop, e.target)}
        @change=${() => this.requestUpdate()}
        @focus=${() => {
          if (dim) this.dim = dim;
        }}></label>`;
  }

  // ── the formulas ──

  _symbolText(key) {
    switch (key) {
      case 'mu':
        return 'μ';
      case 'sigma2':
        return html`σ<sup>2</sup>`;
      case 'sum':
        return 'Σ';
      case 'x':
        return html`x<sub>i</sub>`;
      case 'xhat':
        return html`x̂<sub>i</sub>`;
      case 'eps':
        return 'ε';
      case 'gamma':
        return html`γ<sub>i</sub>`;
      case 'beta':
        return html`β<sub>i</sub>`;
      case 'y':
        return html`y<sub>i</sub>`;
      default:
        return key;
    }
  }

  /** The current value of a symbol, as one line (i = the selected dimension). */
  _symbolValue(key) {
    const r = this._result;
    const i = this.dim;
    const at = (arr) => fmt(arr[i - 1], 3);
    switch (key) {
      case 'mu':
        return `μ = ${fmt(r.mu, 3)}`;
      case 'sigma2':
        return `σ² = ${fmt(r.variance, 3)} (σ = ${fmt(Math.sqrt(r.variance), 3)})`;
      case 'H':
        return `H = ${H}`;
      case 'sum':
        return `Σ xᵢ = H·μ = ${fmt(H * r.mu, 3)}`;
      case 'x':
        return `x${sub(i)} = ${at(r.x)}`;
      case 'xhat':
        return `x̂${sub(i)} = ${at(r.hat)}`;
      case 'eps':
        return `ε = ${fmtSci(EPS, 0)}`;
      case 'gamma':
        return `γ${sub(i)} = ${fmt(this[`g${i}`], 3)}`;
      case 'beta':
        return `β${sub(i)} = ${fmt(this[`b${i}`], 3)}`;
      case 'y':
        return `y${sub(i)} = ${at(r.y)}`;
      default:
        return '';
    }
  }

  /** A symbol as a button; inside formula f only the active one is in the tab order. */
  _sym(f, key) {
    const n = this._count[f]++;
    const text = this._symbolText(key);
    return html`<button type="button" class="sym" data-symbol=${key} data-f=${f} data-n=${n}
      tabindex=${n === this._active[f] ? 0 : -1} aria-pressed=${String(this.symbol === key)}
      aria-label=${this.t('lnPipe.symLabel', { symbol: PLAIN[key], name: this.t(`lnPipe.sym.${key}.name`) })}
      @click=${() => this._select(f, n, key)} @focus=${() => this._select(f, n, key)}>${text}</button>`;
  }

  _select(f, n, key) {
    this._active = this._active.map((a, k) => (k === f ? n : a));
    this.symbol = key;
  }

  /** ←/→ (and ↑/↓, Home, End) move the focus between the symbols of one formula. */
  _formulaKey(e) {
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    if (!(e.key in moves)) return;
    const buttons = [...e.currentTarget.querySelectorAll('button.sym')];
    const at = buttons.indexOf(this.renderRoot.activeElement);
    if (at < 0) return;
    e.preventDefault();
    const next = Math.min(buttons.length - 1, Math.max(0, at + moves[e.key]));
    buttons[next].focus();
  }

  _formula(f, content) {
    return html`<div class="formula" role="group" aria-label=${this.t(`lnStep.${f + 1}`)} @keydown=${this._formulaKey}>${content}</div>`;
  }

  _formulas() {
    this._count = [0, 0, 0, 0];
    const s = (f, key) => this._sym(f, key);
    const sumH = (f) => html`<span class="sum"><span>H</span>${s(f, 'sum')}<span>i=1</span></span>`;
    const frac = (num, den) => html`<span class="frac"><span>${num}</span><span>${den}</span></span>`;
    return [
      this._formula(
        0,
        html`
        <span class="eq">${s(0, 'mu')}<span class="op">=</span>${frac('1', s(0, 'H'))}${sumH(0)}${s(0, 'x')}</span>`,
      ),
      this._formula(
        1,
        html`
        <span class="eq">${s(1, 'sigma2')}<span class="op">=</span>${frac('1', s(1, 'H'))}${sumH(1)}<span class="op">(</span>${s(1, 'x')}<span class="op">−</span>${s(1, 'mu')}<span class="op">)<sup>2</sup></span></span>`,
      ),
      this._formula(
        2,
        html`
        <span class="eq">${s(2, 'xhat')}<span class="op">=</span>${frac(
          html`${s(2, 'x')}<span class="op">−</span>${s(2, 'mu')}`,
          html`<span class="sqrt"><svg class="radical" viewBox="0 0 10 20" preserveAspectRatio="none" aria-hidden="true"><path d="M0.5,12 L3,10.5 L6,19.5 L10,0.5"></path></svg><span class="sqrt-body">${s(2, 'sigma2')}<span class="op">+</span>${s(2, 'eps')}</span></span>`,
        )}</span>`,
      ),
      this._formula(
        3,
        html`
        <span class="eq">${s(3, 'y')}<span class="op">=</span>${s(3, 'gamma')}${s(3, 'xhat')}<span class="op">+</span>${s(3, 'beta')}</span>`,
      ),
    ];
  }

  _info() {
    if (!this.symbol)
      return html`<div class="info" aria-live="polite" data-symbol-info>${this.t('lnPipe.symHint')}</div>`;
    return html`<div class="info" aria-live="polite" data-symbol-info=${this.symbol}>
      <strong>${this._symbolText(this.symbol)}</strong> — ${this.t(`lnPipe.sym.${this.symbol}.name`)}: ${this.t(`lnPipe.sym.${this.symbol}.text`)}
      <span class="value">${this.t('lnPipe.symNow', { value: this._symbolValue(this.symbol) })}</span>
    </div>`;
  }

  // ── the bars ──

  _bars(width) {
    const { x, hat, y, mu } = this._result;
    const rows = [
      ['x', x],
      ['x̂', hat],
      ['y', y],
    ];
    let extent = 0;
    for (const [, r] of rows) for (const v of r) extent = Math.max(extent, Math.abs(v));
    extent = extent || 1;
    const rowH = width < 480 ? 64 : 84;
    const m = { left: 26, right: 18, top: 6 };
    const h = m.top + rows.length * rowH;
    const iw = width - m.left - m.right;
    const slot = iw / H;
    const bw = Math.min(34, slot * 0.62);
    return html`<svg viewBox=${`0 0 ${width} ${h}`} width=${width} height=${h} role="img"
      aria-label=${this.t('lnPipe.barsAria', { dim: this.dim })}>
      ${rows.map(([label, vals], r) => {
        const top = m.top + r * rowH;
        const half = (rowH - 14) / 2;
        const zero = top + half + 2;
        const yv = (v) => zero - (v / extent) * half;
        return svg`<text class="row-label" x="4" y=${zero + 4}>${label}</text>
          <line class="zero" x1=${m.left} x2=${width - m.right} y1=${zero} y2=${zero}></line>
          ${Array.from(
            vals,
            (v, k) => svg`<rect class=${k + 1 === this.dim ? 'bar selected' : 'bar'}
            x=${(m.left + k * slot + (slot - bw) / 2).toFixed(1)} y=${Math.min(zero, yv(v)).toFixed(1)}
            width=${bw.toFixed(1)} height=${Math.max(1, Math.abs(yv(v) - zero)).toFixed(1)}></rect>`,
          )}
          ${
            r === 0
              ? svg`<line class="mu-line" x1=${m.left} x2=${width - m.right} y1=${yv(mu)} y2=${yv(mu)}></line>
            <text x=${width - 2} y=${yv(mu) + 4} text-anchor="end">μ</text>`
              : ''
          }
          ${r === rows.length - 1 ? DIMS.map((k) => svg`<text x=${m.left + (k - 0.5) * slot} y=${top + rowH - 1} text-anchor="middle">${k}</text>`) : ''}`;
      })}
    </svg>`;
  }

  render() {
    if (!this.nw || !this._result) return this.renderLoading();
    const r = this._result;
    const width = Math.max(240, this._width || 640);
    const list = (arr) => Array.from(arr, (v) => fmt(v, 3)).join(', ');
    const readout = [
      this.t('lnPipe.readoutStats', {
        mu: fmt(r.mu, 3),
        variance: fmt(r.variance, 3),
        hatMean: fmt(r.hatMean, 3),
        hatVar: fmt(r.hatVariance, 3),
      }),
      this.t('lnPipe.readoutHat', { values: list(r.hat) }),
      this.t('lnPipe.readoutY', { values: list(r.y) }),
    ].join('\n');
    const formulas = this._formulas();
    return html`
      <p class="title">${this.t('lnPipe.title')}</p>
      <p class="caption">${this.t('lnPipe.caption', { h: H })}</p>
      <p class="section-title">${this.t('lnPipe.inputs')}</p>
      <div class="inputs">${DIMS.map((k) => this._numberInput(`x${k}`, `x${sub(k)}`, X_LIMIT, { dim: k }))}</div>
      <div class="chips">
        <span class="chip"><b>μ</b> ${fmt(r.mu, 3)}</span>
        <span class="chip"><b>σ²</b> ${fmt(r.variance, 3)}</span>
        <span class="chip"><b>mean(x̂)</b> ${fmt(r.hatMean, 3)}</span>
        ${this.parityBadge('layerNorm')}
      </div>
      <div class="plot">${this._bars(width)}</div>
      <p class="section-title">${this.t('lnPipe.formulas')}</p>
      <p class="caption">${this.t('lnPipe.symHelp')}</p>
      <div class="formulas" data-active-step=${this.lnStep}>
        ${LN_STEPS.map(
          (k) => html`<div class=${`step${this.lnStep === k ? ' active' : ''}`} data-step=${k}>
          <button type="button" class="step-title" data-step=${k} aria-pressed=${String(this.lnStep === k)}
            @click=${() => this._pickStep(k)}>${this.t(`lnStep.${k}`)}</button>
          ${formulas[k - 1]}
          <p class="step-note">${this.t(`lnPipe.f${k}.note`)}</p>
        </div>`,
        )}
      </div>
      ${this._info()}
      <p class="section-title">${this.t('lnPipe.perDim')}</p>
      <div class="controls dim-toggle">
        ${this.toggle({
          id: 'dim',
          label: this.t('lnPipe.dim'),
          value: this.dim,
          onChange: (v) => {
            this.dim = v;
          },
          options: DIMS.map((k) => ({ value: k, label: String(k) })),
        })}
      </div>
      <table>
        <caption class="visually-hidden">${this.t('lnPipe.tableCaption')}</caption>
        <thead><tr><th scope="col">i</th><th scope="col">x<sub>i</sub></th><th scope="col">x̂<sub>i</sub></th>
          <th scope="col">γ<sub>i</sub></th><th scope="col">β<sub>i</sub></th><th scope="col">y<sub>i</sub></th></tr></thead>
        <tbody>${DIMS.map(
          (k) => html`<tr class=${k === this.dim ? 'selected' : ''}>
          <td>${k}</td><td>${fmt(r.x[k - 1], 2)}</td><td>${fmt(r.hat[k - 1], 3)}</td>
          <td>${this._numberInput(`g${k}`, `γ${sub(k)}`, AFFINE_LIMIT, { hiddenLabel: true, dim: k })}</td>
          <td>${this._numberInput(`b${k}`, `β${sub(k)}`, AFFINE_LIMIT, { hiddenLabel: true, dim: k })}</td>
          <td>${fmt(r.y[k - 1], 3)}</td></tr>`,
        )}</tbody>
      </table>
      <div class="readout" aria-live="polite" data-readout>${readout}</div>
      ${this.renderClaims(ns, claims, this._result)}
      ${methodDetails(this, this.t('lnPipe.method'))}
    `;
  }
}

define('nw-ln-pipeline', NwLnPipeline);
