// <nw-attention>: self-attention you can read. Three modes share one heatmap (per layer, per
// head; rows = queries, columns = keys):
//   model   — the tiny encoder trained to sort digits (scripts/train_tiny.py, lib/tiny-model.js)
//   sandbox — any sentence, split on spaces, through an encoder with random (seeded) weights
//   padding — the trained model with <PAD> tokens appended, the key mask on or off, and what
//             −∞ versus a large negative number does to a softmax row (nw.softmax)
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { SEQUENTIAL, cssColor } from '../lib/colormap.js';
import { fmt, fmtSci } from '../lib/format.js';
import { loadTinyModel, checkHeldout } from '../lib/tiny-model.js';
import {
  ns,
  controls,
  claims,
  tokenize,
  runModel,
  runSandbox,
  softmaxLab,
  targetMass,
  labNumbers,
  MODES,
  MIN_DIGITS,
  MAX_DIGITS,
  DEFAULT_INPUT,
  LAYERS,
  HEADS,
  SCORES,
  SCORE_PADS,
  BIASES,
} from '../lib/attention-lab.js';
import { methodDetails, methodStyles } from '../lib/method.js';

/** Side of the per-head thumbnails (px), and on a phone. */
const THUMB = 64;
const THUMB_NARROW = 52;
const SANDBOX = { dModel: 32, nHeads: HEADS, dFF: 64, nLayers: LAYERS, normFirst: true, finalNorm: true };
const DEFAULT_SEED = 1;
const MAX_WORDS = 12;
const MAX_TEXT = 160;
/** 'ok', or why s is not an input of the trained model: empty | notDigits | tooShort | tooLong. */
export function checkDigits(s) {
  if (typeof s !== 'string' || s.length === 0) return 'empty';
  if (!/^[0-9]+$/.test(s)) return 'notDigits';
  if (s.length < MIN_DIGITS) return 'tooShort';
  if (s.length > MAX_DIGITS) return 'tooLong';
  return 'ok';
}

/** A label of at most max characters (whole code points), with an ellipsis when cut. */
function shorten(s, max) {
  const chars = [...s];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : s;
}

/** Rough drawn width of a label at 12 px: wide for CJK and Hangul, narrow for the rest. */
function labelWidth(s) {
  let w = 0;
  for (const c of s) w += c.codePointAt(0) > 0x2e80 ? 12.5 : 7.2;
  return w;
}

function randomDigits() {
  const n = MIN_DIGITS + Math.floor(Math.random() * (MAX_DIGITS - MIN_DIGITS + 1));
  return Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
}

/**
 * Attributes:
 * - mode: 'model' (default: the trained sorting encoder) | 'sandbox' (free text, random
 *   weights) | 'padding' (the padding lab).
 * - input: the trained model's input, 3–8 digits 0–9 (default "31415926"); anything else falls
 *   back to the default.
 * - lang, theme: see NwElement.
 * The URL hash keeps mode, input, layer, head, pads and masked; input is checked as strictly as
 * typed input (digits only, 3–8 of them).
 */
export class NwAttention extends NwElement {
  static controls = controls;

  static properties = {
    input: { type: String },
    query: { state: true },
    seed: { state: true },
    _draft: { state: true },
    _text: { state: true },
    _model: { state: true },
    _modelError: { state: true },
    _recheck: { state: true },
  };

  /** The controls' URL state with the input digits (a free string, checked before use) after mode. */
  static get urlState() {
    const { mode, ...rest } = super.urlState;
    return { mode, input: { valid: (raw) => checkDigits(raw) === 'ok' }, ...rest };
  }

  static styles = [
    NwElement.styles,
    methodStyles,
    css`
    .runs { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; font-size: 0.85rem; margin: 4px 0 6px; padding: 6px 10px;
      border: 1px solid var(--nw-accent-2); border-radius: 8px; }
    .runs strong { color: var(--nw-accent-2); }
    .runs code { font-family: var(--nw-mono); font-size: 0.85rem; }
    .entry { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 8px 12px; margin: 4px 0 10px; }
    .field { display: flex; flex-direction: column; flex: 1 1 220px; min-width: 0; }
    .field label { font-size: 0.85rem; color: var(--nw-muted); }
    .field input { font: inherit; font-family: var(--nw-mono); font-size: 1rem; color: var(--nw-fg); background: var(--nw-panel);
      border: 1px solid var(--nw-border); border-radius: 8px; padding: 6px 10px; min-height: 36px; width: 100%; }
    .field input.text { font-family: var(--nw-font); }
    .field input[aria-invalid='true'] { border-color: var(--nw-warn); }
    .field .error { font-size: 0.85rem; min-height: 1.3em; margin: 2px 0 0; }
    .entry button, .recheck button { font: inherit; font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 6px 12px;
      min-height: 36px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; margin-bottom: calc(1.3em + 2px); }
    .toggle { flex-wrap: wrap; }
    .queries { margin: 6px 0 8px; }
    .queries .label { font-size: 0.85rem; color: var(--nw-muted); margin: 0 0 4px; }
    .tokens { display: flex; flex-wrap: wrap; gap: 4px; }
    .tokens button { font: inherit; font-family: var(--nw-mono); min-width: 32px; min-height: 36px; padding: 2px 8px; border-radius: 6px;
      border: 1px solid var(--nw-border); background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; max-width: 12em;
      overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .tokens button.word { font-family: var(--nw-font); }
    .tokens button.pad { color: var(--nw-muted); font-style: italic; }
    .tokens button[aria-pressed='true'] { background: var(--nw-accent); color: var(--nw-on-accent); border-color: var(--nw-accent); }
    .heatmap svg { display: block; max-width: 100%; height: auto; }
    .heatmap text.token { fill: var(--nw-fg); font-size: 12px; font-family: var(--nw-mono); }
    .heatmap text.token.word { font-family: var(--nw-font); }
    .heatmap text.token.pad { fill: var(--nw-muted); font-style: italic; }
    .heatmap text.axis { fill: var(--nw-muted); font-size: 11px; }
    .heatmap text.cell-text { font-family: var(--nw-mono); font-size: 10.5px; pointer-events: none; }
    .heatmap .row { cursor: pointer; }
    .heatmap .selected { fill: none; stroke: var(--nw-fg); stroke-width: 2.5; }
    .heatmap .selected.halo { stroke: var(--nw-bg); stroke-width: 6; }
    .heatmap .target { fill: none; stroke: var(--nw-accent); stroke-width: 3; stroke-dasharray: 5 3; }
    .heatmap text.token.answer { fill: var(--nw-accent); font-weight: 700; }
    .heads-control { flex: 2 1 300px; }
    .heads { display: flex; flex-wrap: wrap; gap: 6px; }
    .heads button { font: inherit; font-size: 0.8rem; display: flex; flex-direction: column; align-items: flex-start; gap: 2px;
      padding: 4px; border: 2px solid var(--nw-border); border-radius: 8px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .heads button svg { display: block; }
    .heads button[aria-pressed='true'] { border-color: var(--nw-accent); box-shadow: 0 0 0 1px var(--nw-accent); }
    .heads .head-name { font-weight: 650; }
    .heads .head-mass { font-family: var(--nw-mono); color: var(--nw-muted); }
    .heads .thumb-row { fill: none; stroke: #ffffff; stroke-width: 1; }
    .colorbar { display: flex; align-items: center; gap: 8px; margin-top: 6px; font-size: 0.8rem; color: var(--nw-muted); max-width: 360px; }
    .colorbar .bar { flex: 1; height: 10px; border-radius: 3px; border: 1px solid var(--nw-border); }
    .legend { font-size: 0.8rem; color: var(--nw-muted); margin: 4px 0 0; }
    .legend .swatch { display: inline-block; width: 14px; height: 12px; border: 3px dashed var(--nw-accent); vertical-align: middle; margin-right: 6px; }
    tr.pad-row th { font-style: italic; }
    .table-wrap { overflow-x: auto; max-width: 100%; margin: 10px 0 0; width: max-content; }
    table { border-collapse: collapse; font-size: 0.85rem; }
    th, td { border: 1px solid var(--nw-border); padding: 3px 5px; text-align: center; }
    th[scope='row'] { text-align: left; font-weight: 500; color: var(--nw-muted); white-space: nowrap; }
    caption { text-align: left; font-size: 0.85rem; color: var(--nw-muted); padding-bottom: 4px; }
    td.digit { font-family: var(--nw-mono); min-width: 1.9em; }
    td.ok { color: var(--nw-ok); font-weight: 650; }
    td.bad { color: var(--nw-warn); font-weight: 650; background: var(--nw-panel); }
    td.pad { color: var(--nw-muted); font-style: italic; }
    td.num { font-family: var(--nw-mono); font-size: 0.78rem; white-space: nowrap; }
    .verdict { margin: 8px 0 0; font-weight: 600; }
    .verdict.ok { color: var(--nw-ok); }
    .verdict.bad { color: var(--nw-warn); }
    .lab { margin-top: 14px; border-top: 1px solid var(--nw-border); padding-top: 10px; }
    .lab h3 { font-size: 0.95rem; margin: 0 0 4px; }
    .lab p { font-size: 0.88rem; margin: 6px 0; }
    .facts { margin: 10px 0 0; padding-left: 1.2em; font-size: 0.88rem; }
    .facts .value { font-family: var(--nw-mono); }
    .accuracy { font-size: 0.85rem; color: var(--nw-muted); margin: 10px 0 0; }
    .recheck { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; margin: 6px 0 0; font-size: 0.85rem; }
    .recheck button { margin-bottom: 0; }
  `,
  ];

  constructor() {
    super();
    this.input = DEFAULT_INPUT;
    this.query = 0;
    this.seed = DEFAULT_SEED;
    this._draft = null;
    this._text = null;
    this._model = null;
    this._modelError = null;
    this._recheck = null;
    this._loading = false;
    this._sandbox = null;
    this._sandboxSeed = null;
    this._goodText = null;
    this._key = '';
    this._result = null;
    this._softmax = null;
    this._width = 0;
  }

  disconnectedCallback() {
    this._model?.dispose();
    this._model = null;
    this._sandbox?.dispose();
    this._sandbox = null;
    this._key = '';
    super.disconnectedCallback();
  }

  _loadModel() {
    this._loading = true;
    // The model file (~255 KB gzipped) is fetched when the figure nears the viewport.
    this.whenNear()
      .then(() => loadTinyModel(this.nw, this))
      .then(
        (model) => {
          this._loading = false;
          if (this.isConnected) this._model = model;
          else model.dispose();
        },
        (e) => {
          this._loading = false;
          this._modelError = e;
        },
      );
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (checkDigits(this.input) !== 'ok') this.input = DEFAULT_INPUT;
    if (!this.nw) return;
    if (!this._model && !this._loading && !this._modelError) this._loadModel();
    if (!this._softmax) this._softmax = softmaxLab(this.nw, SCORES, SCORE_PADS, BIASES);
    const text = this._sandboxText;
    const key =
      this.mode === 'sandbox'
        ? `sandbox:${this.seed}:${text}`
        : `${this.mode}:${this.input}:${this.mode === 'padding' ? `${this.pads}:${this.masked}` : ''}:${!!this._model}`;
    if (key !== this._key) {
      this._result = this.mode === 'sandbox' ? this._runSandbox(text) : this._model ? this._runModel() : null;
      this._key = key;
    }
    if (this._result) this.query = Math.min(this._result.tokens.length - 1, Math.max(0, this.query));
  }

  get _sandboxText() {
    return this._text ?? this.t('attention.sandboxExample');
  }

  get _digits() {
    return [...this.input].map(Number);
  }

  /** The trained model on the input (and, in the padding lab, on the input + <PAD>s). */
  _runModel() {
    return runModel(this._model, this._digits, { lab: this.mode === 'padding', pads: this.pads, masked: this.masked });
  }

  /** The random-weight encoder on the sandbox text (while the text is unusable: the last good one). */
  _runSandbox(text) {
    let words = tokenize(text);
    if (words.length === 0 || words.length > MAX_WORDS)
      words = tokenize(this._goodText ?? this.t('attention.sandboxExample'));
    else this._goodText = text;
    if (!this._sandbox) {
      this._sandbox = this.nw.createEncoder({ ...SANDBOX, seed: this.seed });
      this._sandboxSeed = this.seed;
    }
    if (this._sandboxSeed !== this.seed) {
      this._sandbox.randomize(this.seed);
      this._sandboxSeed = this.seed;
    }
    return runSandbox(this.nw, this._sandbox, words);
  }

  _onDigits(e) {
    const value = e.target.value;
    this._draft = value;
    if (checkDigits(value) === 'ok') this.input = value;
  }

  _random() {
    let next = this.input;
    while (next === this.input) next = randomDigits();
    this._draft = null;
    this.input = next;
  }

  _onText(e) {
    this._text = e.target.value.slice(0, MAX_TEXT);
  }

  _tokenKey(e, i, n) {
    const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const next = Math.min(n - 1, Math.max(0, i + moves[e.key]));
    this.query = next;
    this.renderRoot.querySelector(`.tokens button[data-index="${next}"]`)?.focus();
  }

  async _runRecheck() {
    this._recheck = { running: true };
    try {
      this._recheck = await checkHeldout(this._model, this);
    } catch (e) {
      this._recheck = { error: e.message };
    }
  }

  /** Weights of query q's row in the chosen layer and head. */
  _row(q) {
    const { attention, seqLen: n } = this._result;
    const a = attention[this.layer];
    const start = (this.head * n + q) * n;
    return a.subarray(start, start + n);
  }

  /** Weight query q gives, in head h of the chosen layer, to the keys holding its answer digit (null if none). */
  /** What the claims read (lib/attention-lab.js labNumbers). */
  _numbers() {
    return labNumbers(this, this._result, this._softmax);
  }

  _targetMass(q, h = this.head) {
    return targetMass(this._result, this.layer, h, q);
  }

  /** The head picker: one small map per head of the chosen layer (small multiples). */
  _heads(w) {
    const { attention, seqLen: n } = this._result;
    const a = attention[this.layer];
    const size = w < 420 ? THUMB_NARROW : THUMB;
    const c = size / n;
    const q = this.query;
    return html`<div class="control heads-control" role="group" aria-labelledby="heads-label">
      <label id="heads-label"><span>${this.t('attention.head')}</span></label>
      <div class="heads" data-control="head">
        ${Array.from({ length: HEADS }, (_, h) => {
          const mass = this._targetMass(q, h);
          const cells = [];
          for (let r = 0; r < n; r++) {
            for (let k = 0; k < n; k++) {
              cells.push(
                svg`<rect x=${k * c} y=${r * c} width=${c + 0.05} height=${c + 0.05} fill=${cssColor(SEQUENTIAL, a[(h * n + r) * n + k], 0, 1)}></rect>`,
              );
            }
          }
          return html`<button type="button" data-value=${h} aria-pressed=${String(h === this.head)} @click=${() => {
            this.head = h;
          }}>
            <svg viewBox=${`0 0 ${size} ${size}`} width=${size} height=${size} aria-hidden="true">${cells}
              <rect class="thumb-row" x="0.5" y=${q * c + 0.5} width=${size - 1} height=${Math.max(1, c - 1)}></rect></svg>
            <span class="head-name">${this.t('attention.headLabel', { head: h + 1 })}</span>
            ${mass === null ? '' : html`<span class="head-mass">${this.t('attention.headMass', { mass: fmt(mass, 2) })}</span>`}
          </button>`;
        })}
      </div>
    </div>`;
  }

  _topKeys(q) {
    const row = this._row(q);
    const { tokens } = this._result;
    return [...row.keys()]
      .sort((a, b) => row[b] - row[a])
      .slice(0, 3)
      .map((k) => this.t('attention.topItem', { pos: k, token: tokens[k].text, weight: fmt(row[k], 2) }))
      .join(', ');
  }

  _heatmap(w) {
    const { tokens, seqLen: n, target } = this._result;
    const a = this._result.attention[this.layer];
    const words = this.mode === 'sandbox';
    const labels = tokens.map((t) => shorten(t.text, words ? 8 : 6));
    const widest = Math.max(...labels.map(labelWidth));
    const labelW = Math.ceil(Math.min(110, Math.max(48, widest + 30)));
    const fits = (size) => widest <= size - 4;
    let cell = Math.max(14, Math.min(words ? 72 : 52, Math.floor((w - labelW - 6) / n)));
    const rotate = !fits(cell);
    // Rotated column labels lean right: leave them room past the last column.
    const right = rotate ? Math.ceil(widest * 0.5) : 0;
    if (rotate) cell = Math.max(14, Math.min(cell, Math.floor((w - labelW - right - 6) / n)));
    const top = (rotate ? Math.ceil(Math.min(110, widest * 0.82 + 18)) : 30) + 16;
    const width = labelW + n * cell + 2 + right;
    const height = top + n * cell + 2;
    const showValues = cell >= 34;
    const q = this.query;
    // In the trained modes: the keys that hold the digit query q must output (dashed outline).
    const wanted = target && target[q] !== null && target[q] !== undefined ? target[q] : null;
    const cells = [];
    for (let r = 0; r < n; r++) {
      const row = [];
      for (let c = 0; c < n; c++) {
        const v = a[(this.head * n + r) * n + c];
        const x = labelW + c * cell;
        const y = top + r * cell;
        row.push(svg`<rect x=${x} y=${y} width=${cell} height=${cell} fill=${cssColor(SEQUENTIAL, v, 0, 1)}></rect>`);
        if (showValues) {
          row.push(svg`<text class="cell-text" x=${x + cell / 2} y=${y + cell / 2 + 4} text-anchor="middle"
            style=${`fill:${v < 0.55 ? '#ffffff' : '#111418'}`}>${fmt(v, 2)}</text>`);
        }
      }
      cells.push(
        svg`<g class="row" data-row=${r} @click=${() => {
          this.query = r;
        }}>${row}</g>`,
      );
    }
    const targets =
      wanted === null ? [] : tokens.map((t, c) => (!t.pad && Number(t.text) === wanted ? c : -1)).filter((c) => c >= 0);
    const cls = (t, c) => `token${t.pad ? ' pad' : ''}${t.word ? ' word' : ''}${targets.includes(c) ? ' answer' : ''}`;
    return html`<svg viewBox=${`0 0 ${width} ${height}`} width=${width} height=${height} role="img"
      aria-label=${this.t('attention.heatmapAria', { layer: this.layer + 1, head: this.head + 1, n })}>
      <text class="axis" x=${labelW} y="11">${this.t('attention.axisKeys')}</text>
      <text class="axis" x="2" y=${top - 8}>${this.t('attention.axisQueries')}</text>
      ${labels.map((s, r) => svg`<text class=${`token${tokens[r].pad ? ' pad' : ''}${tokens[r].word ? ' word' : ''}`} x=${labelW - 6} y=${top + r * cell + cell / 2 + 4} text-anchor="end">${s}</text>`)}
      ${labels.map((s, c) => {
        const x = labelW + c * cell + cell / 2;
        return rotate
          ? svg`<text class=${cls(tokens[c], c)} transform=${`translate(${x + 4} ${top - 6}) rotate(-60)`} text-anchor="start">${s}</text>`
          : svg`<text class=${cls(tokens[c], c)} x=${x} y=${top - 8} text-anchor="middle">${s}</text>`;
      })}
      ${cells}
      ${['selected halo', 'selected'].map((c) => svg`<rect class=${c} x=${labelW} y=${top + q * cell} width=${n * cell} height=${cell}></rect>`)}
      ${targets.map((c) => svg`<rect class="target" x=${labelW + c * cell + 4} y=${top + q * cell + 4} width=${cell - 8} height=${cell - 8}></rect>`)}
    </svg>`;
  }

  _queries() {
    const { tokens } = this._result;
    const words = this.mode === 'sandbox';
    return html`<div class="queries">
      <p class="label" id="queries-label">${this.t('attention.queries')}</p>
      <div class="tokens" role="group" aria-labelledby="queries-label">
        ${tokens.map(
          (t, i) => html`<button type="button" data-index=${i} data-control=${`query-${i}`}
          class=${t.pad ? 'pad' : words ? 'word' : ''} aria-pressed=${String(i === this.query)}
          aria-label=${this.t('attention.queryLabel', { pos: i, token: t.text })}
          @click=${() => {
            this.query = i;
          }} @focus=${() => {
            this.query = i;
          }}
          @keydown=${(e) => this._tokenKey(e, i, tokens.length)}>${t.text}</button>`,
        )}
      </div>
    </div>`;
  }

  _digitEntry() {
    const draft = this._draft ?? this.input;
    const status = checkDigits(draft);
    const error = status === 'ok' ? '' : this.t(`attention.error.${status}`, { min: MIN_DIGITS, max: MAX_DIGITS });
    return html`<div class="entry">
      <div class="field">
        <label for="digits">${this.t('attention.digits', { min: MIN_DIGITS, max: MAX_DIGITS })}</label>
        <input id="digits" data-control="input" type="text" inputmode="numeric" autocomplete="off" spellcheck="false"
          maxlength="32" .value=${draft} aria-invalid=${String(status !== 'ok')} aria-describedby="digits-error"
          @input=${this._onDigits}>
        <p class="error" id="digits-error" role=${error ? 'alert' : 'none'}>${error}</p>
      </div>
      <button type="button" data-control="random" @click=${this._random}>${this.t('attention.random')}</button>
    </div>`;
  }

  _textEntry() {
    const text = this._sandboxText;
    const n = tokenize(text).length;
    const error =
      n === 0
        ? this.t('attention.error.noWords')
        : n > MAX_WORDS
          ? this.t('attention.error.tooManyWords', { max: MAX_WORDS, n })
          : '';
    return html`<div class="entry">
      <div class="field">
        <label for="text">${this.t('attention.text')}</label>
        <input id="text" class="text" data-control="text" type="text" autocomplete="off" maxlength=${MAX_TEXT}
          .value=${text} aria-invalid=${String(!!error)} aria-describedby="text-error" @input=${this._onText}>
        <p class="error" id="text-error" role=${error ? 'alert' : 'none'}>${error}</p>
      </div>
      <button type="button" data-control="reseed" @click=${() => {
        this.seed = (this.seed % 9999) + 1;
      }}>${this.t('attention.reseed', { seed: this.seed })}</button>
    </div>`;
  }

  _outputTable() {
    const r = this._result;
    const real = new Set(r.real);
    const cell = (v, cls) => html`<td class=${`digit ${cls}`}>${v}</td>`;
    return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${this.t('attention.outputCaption')}><table data-output>
      <caption>${this.t('attention.outputCaption')}</caption>
      <tbody>
        <tr><th scope="row">${this.t('attention.rowInput')}</th>${r.tokens.map((t) => cell(t.text, t.pad ? 'pad' : ''))}</tr>
        <tr><th scope="row">${this.t('attention.rowOutput')}</th>${r.outputs.map((o, p) =>
          real.has(p) ? cell(String(o), o === r.target[p] ? 'ok' : 'bad') : cell('·', 'pad'),
        )}</tr>
        <tr><th scope="row">${this.t('attention.rowTarget')}</th>${r.target.map((v) => (v === null ? cell('·', 'pad') : cell(String(v), '')))}</tr>
      </tbody>
    </table></div>
    <p class=${`verdict ${r.correct ? 'ok' : 'bad'}`} data-verdict=${r.correct ? 'right' : 'wrong'}>${this.t(r.correct ? 'attention.right' : 'attention.wrong')}</p>`;
  }

  _paddingLab() {
    const r = this._result;
    const { rows, fullMasked, fullBig } = this._softmax;
    const w = (v) => (v === 0 ? '0' : Number.isNaN(v) ? 'NaN' : v < 1e-3 ? fmtSci(v, 1) : fmt(v, 3));
    return html`
      <ul class="facts">
        <li>${this.t('attention.factPadWeight')} <span class="value" data-pad-weight=${String(r.padWeight)}>${w(r.padWeight)}</span></li>
        <li>${this.t('attention.factDelta')} <span class="value" data-delta=${String(r.delta)}>${r.delta === 0 ? '0' : r.delta < 1e-3 ? fmtSci(r.delta) : fmt(r.delta, 3)}</span></li>
      </ul>
      ${this.renderClaims(ns, { padsInvisible: claims.padsInvisible }, this._numbers())}
      <div class="lab">
        <h3>${this.t('attention.softmaxTitle')}</h3>
        <p>${this.t('attention.softmaxCaption', { scores: SCORES.map((s) => fmt(s, 1)).join(', ') })}</p>
        <div class="table-wrap" tabindex="0" role="region" aria-label=${this.t('attention.softmaxTitle')}><table data-softmax>
          <thead><tr><th scope="col">${this.t('attention.keyHeader')}</th>
            ${rows.map((row) => html`<th scope="col" data-bias=${String(row.bias)}>${row.label ?? this.t('attention.biasMask')}</th>`)}</tr></thead>
          <tbody>
            ${SCORES.map(
              (score, k) => html`<tr data-key=${k} class=${SCORE_PADS[k] ? 'pad-row' : ''}>
              <th scope="row">${this.t(SCORE_PADS[k] ? 'attention.keyPad' : 'attention.keyReal', { n: k + 1, score: fmt(score, 1) })}</th>
              ${rows.map((row) => html`<td class="num" data-bias=${String(row.bias)}>${w(row.weights[k])}</td>`)}</tr>`,
            )}
            <tr data-key="pad-sum" class="pad-row"><th scope="row">${this.t('attention.padSum')}</th>
              ${rows.map((row) => html`<td class="num" data-bias=${String(row.bias)}>${w(row.padSum)}</td>`)}</tr>
          </tbody>
        </table></div>
        <p>${this.t('attention.softmaxNote')}</p>
        ${this.renderClaims(ns, { hugeIsZero: claims.hugeIsZero, mildLeaks: claims.mildLeaks }, this._numbers())}
        <h3>${this.t('attention.fullTitle')}</h3>
        <div class="table-wrap" tabindex="0" role="region" aria-label=${this.t('attention.fullTitle')}><table data-full>
          <thead><tr><th scope="col">${this.t('attention.keyHeader')}</th><th scope="col">${this.t('attention.fullTorch')}</th>
            <th scope="col">${this.t('attention.fullOurs')}</th><th scope="col">${this.t('attention.fullBig')}</th></tr></thead>
          <tbody>
            ${SCORES.map(
              (
                score,
                k,
              ) => html`<tr><th scope="row">${this.t('attention.keyPad', { n: k + 1, score: fmt(score, 1) })}</th>
              <td class="num" data-full="torch">NaN</td><td class="num" data-full="masked">${w(fullMasked[k])}</td>
              <td class="num" data-full="big">${w(fullBig[k])}</td></tr>`,
            )}
          </tbody>
        </table></div>
        <p>${this.t('attention.fullNote')}</p>
        ${this.renderClaims(ns, { fullZeros: claims.fullZeros, fullEven: claims.fullEven }, this._numbers())}
      </div>`;
  }

  _accuracy() {
    const m = this._model;
    const acc = m.accuracy;
    const pct = (v) => `${fmt(100 * v, 1)}%`;
    const rc = this._recheck;
    let status = '';
    if (rc?.running) status = this.t('attention.recheckRunning');
    else if (rc?.error) status = this.t('attention.recheckError', { message: rc.error });
    else if (rc) {
      status = this.t('attention.recheckResult', {
        right: rc.correctSequences,
        n: rc.sequences,
        sequence: pct(rc.sequence),
        token: pct(rc.token),
        agree: rc.agree,
        total: rc.total,
      });
    }
    const c = m.config;
    return html`<p class="accuracy" data-accuracy=${m.meta.accuracy_sequence}>${this.t('attention.accuracy', {
      n: acc.sequences,
      token: pct(acc.token),
      sequence: pct(acc.sequence),
    })}
      ${this.t('attention.modelFacts', {
        d: c.dModel,
        heads: c.nHeads,
        dff: c.dFF,
        layers: c.nLayers,
        params: m.parameterCount.toLocaleString(this.locale),
        kb: fmt(m.bytes / 1024, 0),
        seconds: fmt(acc.trainSeconds, 0),
        steps: m.meta.train_steps,
        seed: acc.seed,
        torch: acc.torch,
      })}</p>
      <div class="recheck">
        <button type="button" data-control="recheck" ?disabled=${!!rc?.running} @click=${this._runRecheck}>${this.t('attention.recheck')}</button>
        <span data-recheck>${status}</span>
      </div>`;
  }

  _readout() {
    const r = this._result;
    const q = this.query;
    const common = {
      layer: this.layer + 1,
      head: this.head + 1,
      pos: q,
      token: r.tokens[q].text,
      top: this._topKeys(q),
    };
    if (this.mode === 'sandbox') return this.t('attention.readoutSandbox', { ...common, seed: this.seed });
    const out = r.real.map((p) => r.outputs[p]).join(' ');
    const target = r.real.map((p) => r.target[p]).join(' ');
    const mark = r.correct ? '✓' : '✗';
    let onTarget = '';
    const mass = this._targetMass(q);
    if (mass !== null) onTarget = this.t('attention.onTarget', { digit: r.target[q], mass: fmt(mass, 2) });
    if (this.mode === 'model')
      return this.t('attention.readoutModel', { ...common, onTarget, output: out, target, mark });
    return this.t('attention.readoutPadding', {
      ...common,
      onTarget,
      output: out,
      target,
      mark,
      pads: this.pads,
      mask: this.t(this.masked ? 'attention.maskOn' : 'attention.maskOff'),
      padWeight: r.padWeight === 0 ? '0' : fmt(r.padWeight, 3),
      delta: r.delta === 0 ? '0' : r.delta < 1e-3 ? fmtSci(r.delta) : fmt(r.delta, 3),
    });
  }

  render() {
    if (!this.nw) return this.renderLoading();
    const w = Math.max(260, this._width || 640);
    const modeToggle = this.toggle({
      id: 'mode',
      label: this.t('attention.mode'),
      value: this.mode,
      onChange: (v) => {
        this.mode = v;
      },
      options: MODES.map((m) => ({ value: m, label: this.t(`attention.mode.${m}`) })),
    });
    const trained = this.mode !== 'sandbox';
    const head = html`
      <p class="title">${this.t('attention.title')}</p>
      <p class="caption">${this.t(`attention.caption.${this.mode}`, { min: MIN_DIGITS, max: MAX_DIGITS, seed: this.seed, words: MAX_WORDS })}</p>
      <div class="controls">${modeToggle}</div>
      ${trained ? this._digitEntry() : this._textEntry()}`;
    if (trained && !this._model) {
      return html`${head}${
        this._modelError
          ? html`<p class="error" role="alert">${this.t('attention.modelError', { message: this._modelError.message })}</p>`
          : html`<p class="caption">${this.t('attention.modelLoading')}</p>`
      }`;
    }
    const r = this._result;
    const pickers = html`<div class="controls">
      ${this.toggle({
        id: 'layer',
        label: this.t('attention.layer'),
        value: this.layer,
        onChange: (v) => {
          this.layer = v;
        },
        options: Array.from({ length: LAYERS }, (_, i) => ({ value: i, label: String(i + 1) })),
      })}
      ${this._heads(w)}
      ${
        this.mode === 'padding'
          ? html`
        ${this.slider({ control: 'pads', label: this.t('attention.pads') })}
        ${this.toggle({
          id: 'mask',
          label: this.t('attention.mask'),
          value: this.masked,
          onChange: (v) => {
            this.masked = v;
          },
          options: [
            { value: true, label: this.t('attention.maskOn') },
            { value: false, label: this.t('attention.maskOff') },
          ],
        })}`
          : ''
      }
    </div>`;
    const gradient = `linear-gradient(to right, ${[0, 0.25, 0.5, 0.75, 1].map((t) => cssColor(SEQUENTIAL, t, 0, 1)).join(', ')})`;
    return html`${head}
      ${
        r
          ? html`
        ${pickers}
        ${this._queries()}
        ${this._runsLine(trained)}
        <div class="heatmap">${this._heatmap(w)}</div>
        <div class="colorbar" aria-hidden="true"><span>0</span><div class="bar" style=${`background:${gradient}`}></div><span>1</span></div>
        ${trained ? html`<p class="legend"><span class="swatch" aria-hidden="true"></span>${this.t('attention.legendTarget')}</p>` : ''}
        ${this.mode === 'padding' ? this._paddingLab() : ''}
        ${trained ? this._outputTable() : ''}
        <div class="readout" aria-live="polite" data-readout>${this._readout()}</div>
        ${this.mode === 'model' ? this.renderClaims(ns, { layer2Finds: claims.layer2Finds }, this._numbers()) : ''}
        ${trained ? this._accuracy() : ''}`
          : ''
      }
      <p>${this.parityBadge('encoder')}</p>
      ${methodDetails(this, this.t('attention.convention'))}
    `;
  }

  /** Which encoder this map comes from: its LN placement (next to the map), activation, final LN. */
  _runsLine(trained) {
    const c = trained ? this._model?.config : SANDBOX;
    if (!c) return '';
    const pre = !!c.normFirst;
    return html`<p class="runs" data-runs=${pre ? 'pre' : 'post'}>
      <strong>${this.t('attention.runs', { wiring: pre ? 'Pre-LN' : 'Post-LN' })}</strong>
      <code>${pre ? 'x + Sub(LN(x))' : 'LN(x + Sub(x))'}</code>
      <span>${this.t(pre ? 'attention.runsPre' : 'attention.runsPost', {
        act: c.activation === 'gelu' ? 'GELU' : 'ReLU',
        layers: c.nLayers ?? LAYERS,
        final: this.t(c.finalNorm ? 'attention.finalOn' : 'attention.finalOff'),
      })}</span>
    </p>`;
  }
}

define('nw-attention', NwAttention);
