// <nw-attention-steps>: self-attention worked by hand on three tokens with d = 4, one step at a time
// — X → Q, K, V → QKᵀ → ÷√d_k → softmax → ×V — and then past one head, as multi-head attention: the
// same Q, K, V split into two heads of d_k = 2, each head's softmax(QᵢKᵢᵀ/√d_k)Vᵢ, the heads'
// outputs concatenated and multiplied by W_O. Every number computed by the library:
//   Q = X·W_Q, K = X·W_K, V = X·W_V   nw.linear (it computes x·Wᵀ like torch, so it gets Wᵀ)
//   S = Q·Kᵀ                           nw.linear with K as the weight (rows of K = keys)
//   S' = S ÷ √d_k                      nw.linear with the diagonal matrix (1/√d_k)·I
//   A = softmax(S') per row            nw.softmax
//   Z = A·V                            nw.linear with Vᵀ as the weight
//   head h: Qₕ, Kₕ, Vₕ = columns 2h, 2h+1 of Q, K, V (a split, no arithmetic), then the four lines
//   above with d_k = 2; Z_cat = [Z₁ | Z₂] (placed side by side); O = Z_cat·W_O   nw.linear with W_Oᵀ
// Convention: the maths layout of the articles, X (tokens × d) times W (d × d_k). Every number is a
// button that says where it came from and outlines the numbers it was made of. The W matrices are
// editable. Below: a d_k slider with the √d_k switch, showing on seeded random queries and keys
// (unit-variance entries) how the softmax saturates when the scores are not divided by √d_k.
import { svg } from 'lit';
import { live } from 'lit/directives/live.js';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import { saturationRun, N_SAT, MAX_DK_EXP } from '../lib/attention-saturation.js';
import { methodDetails, methodStyles } from '../lib/method.js';

const T = 3; // tokens
const D = 4; // d_model = d_k = d_v of the worked example
const STEPS = ['x', 'qkv', 'scores', 'scale', 'softmax', 'output', 'split', 'heads', 'headsOut', 'concat', 'proj'];
const H = 2; // heads of the multi-head part
const DH = D / H; // d_k of one head
const SUP = '¹²';
/** The made-up inputs: three token vectors (rows) and three weight matrices (d × d_k). */
const X0 = [
  [1, 0, 1, 0],
  [0, 2, 0, 1],
  [1, 1, -1, 1],
];
const W0 = {
  q: [
    [0, -1, 0, 0],
    [0, 1, 0, 0],
    [0, 0.5, 0, -1],
    [0.5, 0.5, 1, 0],
  ],
  k: [
    [0, -1, -1, 0],
    [-1, 0.5, 0.5, 0],
    [0.5, 1, 0, 0.5],
    [-1, 0, 0, -1],
  ],
  v: [
    [0, -1, 1, 1],
    [0.5, 1, -1, 1],
    [0, 0.5, -1, 0],
    [-1, 0.5, 0, 0],
  ],
};
/** The output projection of the multi-head part (d × d), made up like the W above. */
const WO0 = [
  [1, 0, 0.5, 0],
  [0, -1, 0, 0.5],
  [0.5, 0, 1, -1],
  [0, 0.5, -0.5, 1],
];
const W_LIMIT = 9;
/** The saturation panel (lib/attention-saturation.js): d_k = 2^0 … 2^9. */
const DK_EXP = { min: 0, max: MAX_DK_EXP };
const SUBS = '₀₁₂₃₄₅₆₇₈₉';
const sub = (n) => [...String(n)].map((c) => SUBS[c]).join('');

const flat = (rows) => Float32Array.from(rows.flat());
const transpose = (m, r, c) => {
  const out = new Float32Array(r * c);
  for (let i = 0; i < r; i++) for (let j = 0; j < c; j++) out[j * r + i] = m[i * c + j];
  return out;
};
const diagonal = (n, v) => {
  const out = new Float32Array(n * n);
  for (let i = 0; i < n; i++) out[i * n + i] = v;
  return out;
};

/**
 * Attributes: step (0–10: X, Q·K·V, QKᵀ, ÷√d_k, softmax, ×V, then split into heads, each head's
 * softmax, each head × V, concat, × W_O; default 0), scaled (boolean switch
 * "divide by √d_k", default on; the attribute `unscaled` turns it off), dk-exp (d_k = 2^dk-exp of
 * the saturation panel, 0–9, default 6 = 64), lang, theme. The URL hash keeps step, scaled and
 * dkExp; the edited W matrices are not kept.
 */
export class NwAttentionSteps extends NwElement {
  static properties = {
    selected: { state: true },
    wTab: { state: true },
    _w: { state: true },
  };

  static controls = {
    step: { min: 0, max: STEPS.length - 1, default: 0 },
    scaled: { bool: true, default: true },
    dkExp: { ...DK_EXP, default: 6 },
  };

  static styles = [
    NwElement.styles,
    methodStyles,
    css`
    .steps { display: flex; flex-wrap: wrap; gap: 6px; margin: 4px 0 8px; padding: 0; list-style: none; }
    .steps button { font: inherit; font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 5px 10px; min-height: 34px;
      background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .steps button[aria-current='step'] { background: var(--nw-accent); color: var(--nw-on-accent); border-color: var(--nw-accent); font-weight: 650; }
    .steps button.skipped { text-decoration: line-through; color: var(--nw-muted); }
    .nav { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-bottom: 6px; }
    .nav button, .wedit button { font: inherit; font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 6px 12px; min-height: 34px;
      background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .nav button:disabled { opacity: 0.5; cursor: default; }
    .step-text { margin: 4px 0 10px; font-size: 0.92rem; }
    .eq { font-family: var(--nw-mono); font-size: 0.9rem; background: var(--nw-panel); border-radius: 6px; padding: 4px 8px; display: inline-block; margin: 0 0 8px; }
    .mats { display: flex; flex-wrap: wrap; gap: 12px 18px; align-items: flex-start; }
    .mat { min-width: 0; }
    .mat-name { font-size: 0.85rem; font-weight: 650; margin: 0 0 3px; font-family: var(--nw-mono); }
    .mat-grid { display: grid; gap: 2px; align-items: center; border-left: 2px solid var(--nw-fg); border-right: 2px solid var(--nw-fg); border-radius: 4px; padding: 2px 3px; }
    .row-label { font-size: 0.78rem; color: var(--nw-muted); text-align: right; padding-right: 4px; white-space: nowrap; max-width: 6.5em; overflow: hidden; text-overflow: ellipsis; }
    .mat-body { display: flex; align-items: stretch; gap: 4px; }
    .side { display: grid; grid-auto-rows: 1fr; gap: 2px; padding: 2px 0; align-items: center; }
    .mat-size { color: var(--nw-muted); font-weight: 400; }
    .cell { font: inherit; font-family: var(--nw-mono); font-size: 0.85rem; min-width: 46px; min-height: 30px; padding: 2px 4px; text-align: right;
      border: 1px solid transparent; border-radius: 4px; background: transparent; color: var(--nw-fg); cursor: pointer; }
    .cell:hover { background: var(--nw-panel); }
    .cell.src { background: color-mix(in srgb, var(--nw-accent-2) 18%, transparent); border-color: var(--nw-accent-2); }
    .cell[aria-pressed='true'] { background: var(--nw-accent); color: var(--nw-on-accent); border-color: var(--nw-accent); }
    .rowsum { font-family: var(--nw-mono); font-size: 0.78rem; color: var(--nw-muted); padding-left: 4px; }
    .mats.head { border-left: 3px solid var(--nw-border); padding-left: 8px; margin-bottom: 10px; }
    .op { align-self: center; font-family: var(--nw-mono); font-size: 1rem; color: var(--nw-accent-2); }
    .why { margin-top: 10px; background: var(--nw-panel); border-left: 3px solid var(--nw-accent); border-radius: 6px; padding: 8px 10px; font-size: 0.9rem; min-height: 2.6em; }
    .why .calc { display: block; font-family: var(--nw-mono); font-size: 0.85rem; margin-top: 3px; overflow-wrap: anywhere; }
    .wedit { margin-top: 12px; border-top: 1px solid var(--nw-border); padding-top: 8px; }
    .wedit h3, .sat h3 { font-size: 0.92rem; margin: 0 0 4px; }
    .wgrid { display: grid; grid-template-columns: repeat(4, minmax(52px, 72px)); gap: 4px; margin: 6px 0; }
    .wgrid input { font: inherit; font-family: var(--nw-mono); font-size: 0.9rem; width: 100%; min-height: 32px; padding: 2px 4px; text-align: right;
      color: var(--nw-fg); background: var(--nw-bg); border: 1px solid var(--nw-border); border-radius: 6px; }
    .wgrid input.src { border-color: var(--nw-accent-2); background: color-mix(in srgb, var(--nw-accent-2) 18%, var(--nw-bg)); }
    .sat { margin-top: 14px; border-top: 1px solid var(--nw-border); padding-top: 8px; }
    .sat .plots { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 250px), 1fr)); gap: 10px 16px; }
    .sat svg { display: block; max-width: 100%; height: auto; }
    .bar { fill: var(--nw-accent-2); }
    .bar.top { fill: var(--nw-accent); }
    .line-scaled { fill: none; stroke: var(--nw-accent-2); stroke-width: 2; }
    .line-raw { fill: none; stroke: var(--nw-accent); stroke-width: 2; stroke-dasharray: 6 3; }
    .dot-scaled { fill: var(--nw-accent-2); }
    .dot-raw { fill: var(--nw-accent); }
    .axis { stroke: var(--nw-border); }
    .now { stroke: var(--nw-fg); stroke-dasharray: 3 3; }
    .legend { display: flex; flex-wrap: wrap; gap: 2px 14px; font-size: 0.8rem; color: var(--nw-muted); margin: 2px 0; }
    .legend .sw { display: inline-block; width: 18px; height: 0; border-top: 2px solid var(--nw-accent-2); vertical-align: middle; margin-right: 5px; }
    .legend .sw.raw { border-top: 2px dashed var(--nw-accent); }
  `,
  ];

  constructor() {
    super();
    this.selected = null;
    this.wTab = 'q';
    this._w = { q: flat(W0.q), k: flat(W0.k), v: flat(W0.v) };
    this._width = 0;
  }

  connectedCallback() {
    super.connectedCallback();
    if (this.hasAttribute('unscaled')) this.scaled = false;
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (!this.nw) return;
    this._r = this._compute();
    this._sat = this._saturation();
  }

  /** The worked example, every matrix from the library. */
  _compute() {
    const { nw } = this;
    const x = flat(X0);
    const proj = (w) => nw.linear(x, transpose(w, D, D), null, { inFeatures: D });
    const q = proj(this._w.q),
      k = proj(this._w.k),
      v = proj(this._w.v);
    const s = nw.linear(q, k, null, { inFeatures: D });
    const root = Math.sqrt(D);
    const scaled = this.scaled ? nw.linear(s, diagonal(T, 1 / root), null, { inFeatures: T }) : s;
    const a = nw.softmax(scaled, T);
    const z = nw.linear(a, transpose(v, T, D), null, { inFeatures: T });
    // Multi-head: the columns of head h, then one head's attention with d_k = DH.
    const cols = (m, h) => {
      const out = new Float32Array(T * DH);
      for (let r = 0; r < T; r++) for (let c = 0; c < DH; c++) out[r * DH + c] = m[r * D + h * DH + c];
      return out;
    };
    const headRoot = Math.sqrt(DH);
    const heads = Array.from({ length: H }, (_, h) => {
      const hq = cols(q, h),
        hk = cols(k, h),
        hv = cols(v, h);
      const hs = nw.linear(hq, hk, null, { inFeatures: DH });
      const hsc = this.scaled ? nw.linear(hs, diagonal(T, 1 / headRoot), null, { inFeatures: T }) : hs;
      const ha = nw.softmax(hsc, T);
      const hz = nw.linear(ha, transpose(hv, T, DH), null, { inFeatures: T });
      return { q: hq, k: hk, v: hv, s: hs, scaled: hsc, a: ha, z: hz };
    });
    const zc = new Float32Array(T * D);
    for (let r = 0; r < T; r++)
      for (let h = 0; h < H; h++) for (let c = 0; c < DH; c++) zc[r * D + h * DH + c] = heads[h].z[r * DH + c];
    const wo = flat(WO0);
    const o = nw.linear(zc, transpose(wo, D, D), null, { inFeatures: D });
    return { x, q, k, v, s, scaled, a, z, root, heads, headRoot, zc, wo, o };
  }

  _satRun(dk, scaled) {
    return saturationRun(this.nw, dk, scaled);
  }

  _saturation() {
    const dk = 2 ** this.dkExp;
    const curve = [];
    for (let e = DK_EXP.min; e <= DK_EXP.max; e++) {
      curve.push({ e, raw: this._satRun(2 ** e, false).meanMax, scaled: this._satRun(2 ** e, true).meanMax });
    }
    return { dk, now: this._satRun(dk, this.scaled), raw: this._satRun(dk, false), sc: this._satRun(dk, true), curve };
  }

  // ── the worked example ──

  get _tokens() {
    return this.t('attnSteps.tokens').split('|');
  }

  /** The value of cell (r, c) of the worked example's matrix `name` (NaN for an unknown name). */
  _val(name, r, c) {
    const m = this._r;
    if (name === 'KT') return m.k[c * D + r];
    if (this._wholeOf !== m || this._wholeW !== this._w) {
      // Each matrix and its row length: D columns, T for the scores and the attention weights.
      this._wholeOf = m;
      this._wholeW = this._w;
      this._whole = new Map([
        ['X', [m.x, D]],
        ['WQ', [this._w.q, D]],
        ['WK', [this._w.k, D]],
        ['WV', [this._w.v, D]],
        ['Q', [m.q, D]],
        ['K', [m.k, D]],
        ['V', [m.v, D]],
        ['S', [m.s, T]],
        ['S2', [m.scaled, T]],
        ['A', [m.a, T]],
        ['Z', [m.z, D]],
        ['ZC', [m.zc, D]],
        ['WO', [m.wo, D]],
        ['O', [m.o, D]],
      ]);
    }
    const whole = this._whole.get(name);
    if (whole) return whole[0][r * whole[1] + c];
    // One head's matrices: Qh0, Kh1, Sh0 (scores, scaled when √d_k is on), Ah1, Zh0 …
    const head = /^([QKVSAZ])h(\d)$/.exec(name);
    if (!head) return NaN;
    const hm = m.heads[Number(head[2])];
    const cols = head[1] === 'S' || head[1] === 'A' ? T : DH;
    const arr = { Q: hm.q, K: hm.k, V: hm.v, S: hm.scaled, A: hm.a, Z: hm.z }[head[1]];
    return arr[r * cols + c];
  }

  /** The unscaled score of head h (the dot product before ÷√d_k). */
  _headRaw(h, r, c) {
    return this._r.heads[h].s[r * T + c];
  }

  /** The cells that cell (name, r, c) is made of, as "NAME:r:c" keys. */
  _sources(sel) {
    if (!sel) return new Set();
    const { name, r, c } = sel;
    const out = [];
    const row = (m, i, n) => {
      for (let j = 0; j < n; j++) out.push(`${m}:${i}:${j}`);
    };
    const col = (m, j, n) => {
      for (let i = 0; i < n; i++) out.push(`${m}:${i}:${j}`);
    };
    if (name === 'Q' || name === 'K' || name === 'V') {
      row('X', r, D);
      col(`W${name}`, c, D);
    }
    if (name === 'S') {
      row('Q', r, D);
      row('K', c, D);
      col('KT', c, D);
    }
    if (name === 'S2') out.push(`S:${r}:${c}`);
    if (name === 'A') row('S2', r, T);
    if (name === 'Z') {
      row('A', r, T);
      col('V', c, T);
    }
    const head = /^([QKVSAZ])h(\d)$/.exec(name);
    if (head) {
      const [, m, h] = head;
      if (m === 'Q' || m === 'K' || m === 'V') out.push(`${m}:${r}:${Number(h) * DH + c}`);
      if (m === 'S') {
        row(`Qh${h}`, r, DH);
        row(`Kh${h}`, c, DH);
      }
      if (m === 'A') row(`Sh${h}`, r, T);
      if (m === 'Z') {
        row(`Ah${h}`, r, T);
        col(`Vh${h}`, c, T);
      }
    }
    if (name === 'ZC') out.push(`Zh${Math.floor(c / DH)}:${r}:${c % DH}`);
    if (name === 'O') {
      row('ZC', r, D);
      col('WO', c, D);
    }
    return new Set(out);
  }

  _label(name) {
    const head = /^([QKVSAZ])h(\d)$/.exec(name);
    if (head) {
      const sup = SUP[Number(head[2])];
      if (head[1] === 'S') return this.scaled ? `Q${sup}K${sup}ᵀ/√d_k` : `Q${sup}K${sup}ᵀ`;
      return `${head[1]}${sup}`;
    }
    return {
      ZC: 'Z = [Z¹ | Z²]',
      WO: 'W_O',
      O: 'Z·W_O',
      X: 'X',
      WQ: 'W_Q',
      WK: 'W_K',
      WV: 'W_V',
      Q: 'Q',
      K: 'K',
      KT: 'Kᵀ',
      V: 'V',
      S: 'QKᵀ',
      S2: this.scaled ? 'QKᵀ/√d_k' : 'QKᵀ',
      A: 'A',
      Z: 'Z',
    }[name];
  }

  /**
   * A matrix as a grid of buttons: ←/→/↑/↓ move between its numbers (one tab stop per matrix),
   * Enter/Space or a click selects one. Rows of X, Q, K, V, S, A, Z are labelled with tokens.
   */
  _matrix(name, rows, cols, { digits = 2, rowSums = false } = {}) {
    const tokens = this._tokens;
    const labelled = !name.startsWith('W') && name !== 'KT';
    const src = this._sources(this.selected);
    const sel = this.selected;
    const focusKey = this._focus?.[name] ?? '0:0';
    const cells = [];
    const sums = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const v = this._val(name, r, c);
        const key = `${name}:${r}:${c}`;
        const pressed = sel && sel.name === name && sel.r === r && sel.c === c;
        cells.push(html`<button type="button" class=${`cell${src.has(key) ? ' src' : ''}`} data-cell=${key}
          tabindex=${focusKey === `${r}:${c}` ? 0 : -1} aria-pressed=${String(!!pressed)}
          aria-label=${this.t('attnSteps.cellLabel', { m: this._label(name), r: r + 1, c: c + 1, v: fmt(v, digits) })}
          @click=${() => this._select(name, r, c)} @focus=${() => this._rememberFocus(name, r, c)}
          @keydown=${(e) => this._cellKey(e, name, r, c, rows, cols)}>${fmt(v, digits)}</button>`);
      }
      if (rowSums) {
        let sum = 0;
        for (let c = 0; c < cols; c++) sum += this._val(name, r, c);
        sums.push(html`<span class="rowsum">Σ ${fmt(sum, 3)}</span>`);
      }
    }
    return html`<div class="mat" role="group" aria-label=${this.t('attnSteps.matLabel', { m: this._label(name), r: rows, c: cols })}>
      <p class="mat-name" aria-hidden="true">${this._label(name)} <span class="mat-size">${rows}×${cols}</span></p>
      <div class="mat-body">
        ${labelled ? html`<div class="side" aria-hidden="true">${tokens.slice(0, rows).map((t) => html`<span class="row-label">${t}</span>`)}</div>` : ''}
        <div class="mat-grid" style=${`grid-template-columns: repeat(${cols}, auto)`}>${cells}</div>
        ${rowSums ? html`<div class="side" aria-hidden="true">${sums}</div>` : ''}
      </div>
    </div>`;
  }

  _rememberFocus(name, r, c) {
    this._focus = { ...this._focus, [name]: `${r}:${c}` };
  }

  _cellKey(e, name, r, c, rows, cols) {
    const moves = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    const nr = Math.min(rows - 1, Math.max(0, r + m[0]));
    const nc = Math.min(cols - 1, Math.max(0, c + m[1]));
    this._rememberFocus(name, nr, nc);
    this.requestUpdate();
    this.updateComplete.then(() => this.renderRoot.querySelector(`[data-cell="${name}:${nr}:${nc}"]`)?.focus());
  }

  _select(name, r, c) {
    if (name === 'Q' || name === 'K' || name === 'V') this.wTab = name.toLowerCase();
    const s = this.selected;
    this.selected = s && s.name === name && s.r === r && s.c === c ? null : { name, r, c };
  }

  /** Where the selected number came from, as { text, calc }. */
  _explain() {
    const sel = this.selected;
    if (!sel) return null;
    const { name, r, c } = sel;
    const tok = this._tokens;
    const v = (n, i, j, d = 2) => fmt(this._val(n, i, j), d);
    const paren = (s) => (s.startsWith('−') ? `(${s})` : s);
    const dot = (a, ai, b, bj, n, bRowMajor) =>
      Array.from({ length: n }, (_, t) => `${paren(v(a, ai, t))}·${paren(bRowMajor ? v(b, bj, t) : v(b, t, bj))}`).join(
        ' + ',
      );
    const value = fmt(this._val(name, r, c), name === 'A' ? 3 : 2);
    if (name === 'X')
      return {
        text: this.t('attnSteps.why.x', { token: tok[r], c: c + 1 }),
        calc: `X${sub(r + 1)}${sub(c + 1)} = ${value}`,
      };
    if (name.startsWith('W'))
      return {
        text: this.t('attnSteps.why.w', { m: this._label(name) }),
        calc: `${this._label(name)}[${r + 1},${c + 1}] = ${value}`,
      };
    if (name === 'Q' || name === 'K' || name === 'V') {
      return {
        text: this.t('attnSteps.why.proj', { m: name, token: tok[r], c: c + 1, w: this._label(`W${name}`) }),
        calc: `${name}${sub(r + 1)}${sub(c + 1)} = ${dot('X', r, `W${name}`, c, D, false)} = ${value}`,
      };
    }
    if (name === 'S' || name === 'KT') {
      const [i, j] = name === 'KT' ? [c, r] : [r, c];
      if (name === 'KT')
        return {
          text: this.t('attnSteps.why.kt', { token: tok[c] }),
          calc: `Kᵀ[${r + 1},${c + 1}] = K${sub(c + 1)}${sub(r + 1)} = ${value}`,
        };
      return {
        text: this.t('attnSteps.why.score', { q: tok[i], k: tok[j] }),
        calc: `q${sub(i + 1)}·k${sub(j + 1)} = ${dot('Q', i, 'K', j, D, true)} = ${value}`,
      };
    }
    if (name === 'S2') {
      if (!this.scaled)
        return {
          text: this.t('attnSteps.why.unscaled'),
          calc: `S'${sub(r + 1)}${sub(c + 1)} = S${sub(r + 1)}${sub(c + 1)} = ${value}`,
        };
      return {
        text: this.t('attnSteps.why.scale', { dk: D }),
        calc: `${v('S', r, c)} ÷ √${D} = ${v('S', r, c)} ÷ ${fmt(this._r.root, 0)} = ${value}`,
      };
    }
    if (name === 'A') {
      let sum = 0;
      for (let j = 0; j < T; j++) sum += this._val('A', r, j);
      return {
        text: this.t('attnSteps.why.softmax', { q: tok[r], k: tok[c] }),
        calc: `A${sub(r + 1)}${sub(c + 1)} = e^{${v('S2', r, c)}} / (${Array.from({ length: T }, (_, j) => `e^{${v('S2', r, j)}}`).join(' + ')}) = ${value}\n${this.t('attnSteps.why.rowSum', { sum: fmt(sum, 3) })}`,
      };
    }
    if (name === 'Z') {
      return {
        text: this.t('attnSteps.why.output', { token: tok[r], c: c + 1 }),
        calc: `Z${sub(r + 1)}${sub(c + 1)} = ${Array.from({ length: T }, (_, j) => `${paren(v('A', r, j, 3))}·${paren(v('V', j, c))}`).join(' + ')} = ${value}`,
      };
    }
    const head = /^([QKVSAZ])h(\d)$/.exec(name);
    if (head) return this._explainHead(head[1], Number(head[2]), r, c, value);
    if (name === 'ZC') {
      const h = Math.floor(c / DH);
      return {
        text: this.t('attnSteps.why.concat', { h: h + 1, c: c + 1, hc: (c % DH) + 1, token: tok[r] }),
        calc: `Z${sub(r + 1)}${sub(c + 1)} = Z${SUP[h]}${sub(r + 1)}${sub((c % DH) + 1)} = ${value}`,
      };
    }
    if (name === 'WO') return { text: this.t('attnSteps.why.wo'), calc: `W_O[${r + 1},${c + 1}] = ${value}` };
    if (name === 'O')
      return {
        text: this.t('attnSteps.why.mhOut', { token: tok[r], c: c + 1 }),
        calc: `O${sub(r + 1)}${sub(c + 1)} = ${dot('ZC', r, 'WO', c, D, false)} = ${value}`,
      };
    return null;
  }

  /** Where a number of head h came from: the split, a score, a weight, an output. */
  _explainHead(m, h, r, c, value) {
    const tok = this._tokens;
    const sup = SUP[h];
    const v = (n, i, j, d = 2) => fmt(this._val(n, i, j), d);
    const paren = (x) => (x.startsWith('−') ? `(${x})` : x);
    if (m === 'Q' || m === 'K' || m === 'V')
      return {
        text: this.t('attnSteps.why.split', { m, h: h + 1, c: c + 1, col: h * DH + c + 1, token: tok[r] }),
        calc: `${m}${sup}${sub(r + 1)}${sub(c + 1)} = ${m}${sub(r + 1)}${sub(h * DH + c + 1)} = ${value}`,
      };
    if (m === 'S') {
      const terms = Array.from(
        { length: DH },
        (_, t) => `${paren(v(`Qh${h}`, r, t))}·${paren(v(`Kh${h}`, c, t))}`,
      ).join(' + ');
      const raw = fmt(this._headRaw(h, r, c), 2);
      const dotText = `q${sup}${sub(r + 1)}·k${sup}${sub(c + 1)} = ${terms} = ${raw}`;
      return {
        text: this.t(this.scaled ? 'attnSteps.why.headScore' : 'attnSteps.why.headScoreOff', {
          h: h + 1,
          q: tok[r],
          k: tok[c],
          dk: DH,
        }),
        calc: this.scaled ? `${dotText}; ${raw} ÷ √${DH} = ${value}` : dotText,
      };
    }
    if (m === 'A') {
      let sum = 0;
      for (let j = 0; j < T; j++) sum += this._val(`Ah${h}`, r, j);
      return {
        text: this.t('attnSteps.why.headSoftmax', { h: h + 1, q: tok[r], k: tok[c] }),
        calc: `A${sup}${sub(r + 1)}${sub(c + 1)} = e^{${v(`Sh${h}`, r, c)}} / (${Array.from({ length: T }, (_, j) => `e^{${v(`Sh${h}`, r, j)}}`).join(' + ')}) = ${value}\n${this.t('attnSteps.why.rowSum', { sum: fmt(sum, 3) })}`,
      };
    }
    return {
      text: this.t('attnSteps.why.headOutput', { h: h + 1, token: tok[r], c: c + 1 }),
      calc: `Z${sup}${sub(r + 1)}${sub(c + 1)} = ${Array.from({ length: T }, (_, j) => `${paren(v(`Ah${h}`, r, j, 3))}·${paren(v(`Vh${h}`, j, c))}`).join(' + ')} = ${value}`,
    };
  }

  _stepView() {
    const op = (s) => html`<span class="op" aria-hidden="true">${s}</span>`;
    switch (STEPS[this.step]) {
      case 'x':
        return html`<div class="mats">${this._matrix('X', T, D)}</div>`;
      case 'qkv':
        return html`<div class="mats">${this._matrix('X', T, D)}</div>
        <div class="mats" style="margin-top: 8px">${this._matrix('Q', T, D)}${this._matrix('K', T, D)}${this._matrix('V', T, D)}</div>
`;
      case 'scores':
        return html`<div class="mats">${this._matrix('Q', T, D)}${op('·')}${this._matrix('KT', D, T)}${op('=')}${this._matrix('S', T, T)}</div>`;
      case 'scale':
        return html`<div class="mats">${this._matrix('S', T, T)}${op(this.scaled ? `÷ √${D} = ÷ ${fmt(this._r.root, 0)}` : '→')}${this._matrix('S2', T, T)}</div>`;
      case 'softmax':
        return html`<div class="mats">${this._matrix('S2', T, T)}${op('softmax →')}${this._matrix('A', T, T, { digits: 3, rowSums: true })}</div>`;
      case 'output':
        return html`<div class="mats">${this._matrix('A', T, T, { digits: 3 })}${op('·')}${this._matrix('V', T, D)}${op('=')}${this._matrix('Z', T, D)}</div>`;
      case 'split':
        return html`${[0, 1].map(
          (h) =>
            html`<div class="mats head" data-head=${h + 1}>${['Q', 'K', 'V'].map((m) => this._matrix(`${m}h${h}`, T, DH))}</div>`,
        )}`;
      case 'heads':
        return html`${[0, 1].map(
          (h) =>
            html`<div class="mats head" data-head=${h + 1}>${this._matrix(`Sh${h}`, T, T)}${op('softmax →')}${this._matrix(`Ah${h}`, T, T, { digits: 3, rowSums: true })}</div>`,
        )}`;
      case 'headsOut':
        return html`${[0, 1].map(
          (h) =>
            html`<div class="mats head" data-head=${h + 1}>${this._matrix(`Ah${h}`, T, T, { digits: 3 })}${op('·')}${this._matrix(`Vh${h}`, T, DH)}${op('=')}${this._matrix(`Zh${h}`, T, DH)}</div>`,
        )}`;
      case 'concat':
        return html`<div class="mats">${this._matrix('Zh0', T, DH)}${this._matrix('Zh1', T, DH)}${op('→')}${this._matrix('ZC', T, D)}</div>`;
      default:
        return html`<div class="mats">${this._matrix('ZC', T, D)}${op('·')}${this._matrix('WO', D, D)}${op('=')}${this._matrix('O', T, D)}</div>`;
    }
  }

  _wEditor() {
    const key = this.wTab;
    const w = this._w[key];
    const name = { q: 'W_Q', k: 'W_K', v: 'W_V' }[key];
    const src = this._sources(this.selected);
    return html`<div class="wedit">
      <h3>${this.t('attnSteps.wTitle')}</h3>
      <p class="caption">${this.t('attnSteps.wCaption')}</p>
      ${this.toggle({
        id: 'w-tab',
        label: this.t('attnSteps.wWhich'),
        value: key,
        onChange: (v) => {
          this.wTab = v;
        },
        options: [
          { value: 'q', label: 'W_Q' },
          { value: 'k', label: 'W_K' },
          { value: 'v', label: 'W_V' },
        ],
      })}
      <div class="wgrid" role="group" aria-label=${this.t('attnSteps.matLabel', { m: name, r: D, c: D })}>
        ${Array.from(
          w,
          (val, i) => html`<input type="number" step="0.5" min=${-W_LIMIT} max=${W_LIMIT} inputmode="decimal"
          class=${src.has(`W${key.toUpperCase()}:${Math.floor(i / D)}:${i % D}`) ? 'src' : ''}
          data-control=${`w-${key}-${i}`} .value=${live(String(val))}
          aria-label=${this.t('attnSteps.wCell', { m: name, r: Math.floor(i / D) + 1, c: (i % D) + 1 })}
          @input=${(e) => this._editW(key, i, e.target)}>`,
        )}
      </div>
      <button type="button" data-control="reset-w" @click=${this._resetW}>${this.t('attnSteps.wReset')}</button>
    </div>`;
  }

  _editW(key, i, input) {
    if (input.value === '' || !Number.isFinite(input.valueAsNumber)) return;
    const next = this._w[key].slice();
    next[i] = Math.min(W_LIMIT, Math.max(-W_LIMIT, input.valueAsNumber));
    this._w = { ...this._w, [key]: next };
  }

  _resetW() {
    this._w = { q: flat(W0.q), k: flat(W0.k), v: flat(W0.v) };
  }

  _go(step) {
    this.step = Math.min(STEPS.length - 1, Math.max(0, step));
    this.selected = null;
  }

  // ── the saturation panel ──

  _satBars(w) {
    const { now } = this._sat;
    const row = now.a.subarray(0, N_SAT);
    const h = 130,
      m = { left: 30, right: 6, top: 10, bottom: 22 };
    const iw = w - m.left - m.right,
      ih = h - m.top - m.bottom;
    const bw = iw / N_SAT;
    const top = Math.max(...row);
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('attnSteps.satBarsAria', { dk: this._sat.dk, max: fmt(top, 3) })}>
      <line class="axis" x1=${m.left} x2=${w - m.right} y1=${m.top + ih} y2=${m.top + ih}></line>
      ${[0, 0.5, 1].map((v) => svg`<text x=${m.left - 4} y=${m.top + ih - v * ih + 4} text-anchor="end">${fmt(v, 1)}</text>`)}
      ${Array.from(
        row,
        (v, j) => svg`<rect class=${v === top ? 'bar top' : 'bar'} x=${m.left + j * bw + 2} y=${m.top + ih - v * ih}
        width=${Math.max(1, bw - 4)} height=${Math.max(0.5, v * ih)}></rect>
        <text x=${m.left + (j + 0.5) * bw} y=${h - 6} text-anchor="middle">k${sub(j + 1)}</text>`,
      )}
    </svg>`;
  }

  _satCurve(w) {
    const { curve } = this._sat;
    const h = 150,
      m = { left: 40, right: 10, top: 10, bottom: 26 };
    const iw = w - m.left - m.right,
      ih = h - m.top - m.bottom;
    const x = (e) => m.left + ((e - DK_EXP.min) / (DK_EXP.max - DK_EXP.min)) * iw;
    const y = (v) => m.top + ih - v * ih;
    const line = (k) => curve.map((p) => `${x(p.e).toFixed(1)},${y(p[k]).toFixed(1)}`).join(' ');
    const now = curve[this.dkExp - DK_EXP.min];
    return html`<svg viewBox=${`0 0 ${w} ${h}`} width=${w} height=${h} role="img"
      aria-label=${this.t('attnSteps.satCurveAria', { raw: fmt(curve.at(-1).raw, 3), scaled: fmt(curve.at(-1).scaled, 3), max: 2 ** DK_EXP.max })}>
      <line class="axis" x1=${m.left} x2=${w - m.right} y1=${y(0)} y2=${y(0)}></line>
      ${[1 / N_SAT, 0.5, 1].map(
        (
          v,
        ) => svg`<line class="axis" x1=${m.left} x2=${w - m.right} y1=${y(v)} y2=${y(v)} stroke-dasharray="2 3"></line>
        <text x=${m.left - 4} y=${y(v) + 4} text-anchor="end">${fmt(v, v === 1 / N_SAT ? 3 : 1)}</text>`,
      )}
      ${curve.filter((p) => p.e % (w < 360 ? 3 : 1) === 0).map((p) => svg`<text x=${x(p.e)} y=${h - 8} text-anchor="middle">${2 ** p.e}</text>`)}
      <line class="now" x1=${x(this.dkExp)} x2=${x(this.dkExp)} y1=${m.top} y2=${m.top + ih}></line>
      <polyline class="line-raw" points=${line('raw')}></polyline>
      <polyline class="line-scaled" points=${line('scaled')}></polyline>
      <circle class="dot-raw" cx=${x(now.e)} cy=${y(now.raw)} r="4"></circle>
      <circle class="dot-scaled" cx=${x(now.e)} cy=${y(now.scaled)} r="4"></circle>
    </svg>`;
  }

  _satReadout() {
    const s = this._sat;
    return this.t('attnSteps.satReadout', {
      dk: s.dk,
      root: fmt(Math.sqrt(s.dk), 2),
      stdRaw: fmt(s.raw.std, 2),
      stdScaled: fmt(s.sc.std, 2),
      maxRaw: fmt(s.raw.meanMax, 3),
      maxScaled: fmt(s.sc.meanMax, 3),
      uniform: fmt(1 / N_SAT, 3),
    });
  }

  render() {
    if (!this.nw || !this._r) return this.renderLoading();
    const w = Math.max(260, this._width || 640);
    const colW = this.columnWidth(w, 600);
    const why = this._explain();
    const name = STEPS[this.step];
    const stepLabel = (k) => this.t(`attnSteps.step.${STEPS[k]}`);
    const readout = [
      this.t('attnSteps.readoutStep', { n: this.step + 1, total: STEPS.length, name: stepLabel(this.step) }),
      why ? `${why.calc}` : this.t('attnSteps.pick'),
      this._satReadout(),
    ].join('\n');
    return html`
      <p class="title">${this.t('attnSteps.title')}</p>
      <p class="caption">${this.t('attnSteps.caption', { t: T, d: D })}</p>
      <div class="controls">
        ${this.toggle({
          id: 'scaled',
          label: this.t('attnSteps.scaleSwitch'),
          value: this.scaled,
          onChange: (v) => {
            this.scaled = v;
          },
          options: [
            { value: true, label: this.t('attnSteps.on') },
            { value: false, label: this.t('attnSteps.off') },
          ],
        })}
      </div>
      <nav aria-label=${this.t('attnSteps.stepsLabel')}>
        <ol class="steps" data-control="steps">
          ${STEPS.map(
            (s, k) => html`<li><button type="button" data-step=${k} aria-current=${k === this.step ? 'step' : 'false'}
            class=${s === 'scale' && !this.scaled ? 'skipped' : ''} @click=${() => this._go(k)}>${k + 1}. ${stepLabel(k)}</button></li>`,
          )}
        </ol>
      </nav>
      <div class="nav">
        <button type="button" data-control="prev" ?disabled=${this.step === 0} @click=${() => this._go(this.step - 1)}>${this.t('attnSteps.prev')}</button>
        <button type="button" data-control="next" ?disabled=${this.step === STEPS.length - 1} @click=${() => this._go(this.step + 1)}>${this.t('attnSteps.next')}</button>
      </div>
      <p class="step-text">${this.t(`attnSteps.text.${name}${name === 'scale' && !this.scaled ? 'Off' : ''}`, { d: D, h: H, dk: DH })}</p>
      <p class="eq">${this.t(`attnSteps.eq.${name}`)}</p>
      ${this._stepView()}
      <div class="why" data-why>${why ? html`${why.text}<span class="calc">${why.calc}</span>` : this.t('attnSteps.pick')}</div>
      ${name === 'qkv' ? this._wEditor() : ''}
      <div class="sat">
        <h3>${this.t('attnSteps.satTitle')}</h3>
        <p class="caption">${this.t('attnSteps.satCaption', { n: N_SAT })}</p>
        <div class="controls">
          ${this.slider({
            id: 'dk',
            label: 'd_k',
            value: this.dkExp,
            ...DK_EXP,
            format: (e) => String(2 ** e),
            onInput: (v) => {
              this.dkExp = v;
            },
          })}
        </div>
        <div class="plots">
          <figure style="margin: 0">
            <figcaption class="caption">${this.t('attnSteps.satBarsTitle', { dk: this._sat.dk, mode: this.t(this.scaled ? 'attnSteps.modeScaled' : 'attnSteps.modeRaw') })}</figcaption>
            ${this._satBars(colW)}
          </figure>
          <figure style="margin: 0">
            <figcaption class="caption">${this.t('attnSteps.satCurveTitle')}</figcaption>
            ${this._satCurve(colW)}
            <div class="legend" aria-hidden="true"><span><span class="sw"></span>${this.t('attnSteps.modeScaled')}</span><span><span class="sw raw"></span>${this.t('attnSteps.modeRaw')}</span></div>
          </figure>
        </div>
        <p class="caption">${this.t('attnSteps.satNote')}</p>
      </div>
      <div class="readout" aria-live="polite" data-readout>${readout}</div>
      ${methodDetails(this, this.t('attnSteps.method'), this.t('attnSteps.methodSat', { n: N_SAT }))}
    `;
  }
}

define('nw-attention-steps', NwAttentionSteps);
