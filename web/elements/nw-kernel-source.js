// <nw-kernel-source>: the articles' code, ours. Five tabs — PE, LayerNorm, the FFN, a Pre-LN block
// (and stack) and a Post-LN layer (and stack) — each with the PyTorch code this project wrote
// (scripts/article_code.py, checked against torch by scripts/check_article_code.py) beside the C++
// kernel that computes this page (cpp/src, the readable reference or the fast path), both copied
// in at build time (scripts/extract-kernel-source.mjs). Pointing at or focusing a PyTorch line marks
// its step: the matching C++ lines light up, a panel explains the step with numbers the library
// computes for a tiny example, and the step is published on the optional page channel
// (lib/link.js: 'ln-step', 'ffn-step', 'encoder-step') for the figures that draw it.
// The encoder tabs compute their example layer by hand from the library's ops (nw.layerNorm,
// nw.linear, nw.softmax, nw.activation) and check the result against the encoder's own forward().
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt, fmtSci } from '../lib/format.js';
import { uniforms, normals, mixSeed } from '../lib/seeded-random.js';
import { publish, subscribe } from '../lib/link.js';
import { methodDetails, methodStyles } from '../lib/method.js';
import { CODE_TABS, TAB_NAMES, cppLineSteps } from '../lib/code-steps.js';
import sources from '../lib/kernel-source.generated.js';

const X = [2.4, 1.1, -0.3, 0.8, 3.0, -1.2, 0.5, 1.7];
const FFN = { d: 4, dff: 8, seed: 0xf0f0, x: [1.0, -0.5, 0.25, 2.0] };
const ENC = { dModel: 8, nHeads: 2, dFF: 16, tokens: 3, seed: 20250614, inputSeed: 0xe1c0 };

/** PyTorch nn.Linear's default init (uniform ±1/√in), seeded: { weight [out, in], bias }. */
function linearInit(out, inFeatures, seed) {
  const u = uniforms(seed);
  const bound = 1 / Math.sqrt(inFeatures);
  const draw = (n) => Float32Array.from({ length: n }, () => (2 * u() - 1) * bound);
  return { weight: draw(out * inFeatures), bias: draw(out) };
}

const identityPair = (d) => {
  const w = new Float32Array(d * 2 * d);
  for (let i = 0; i < d; i++) {
    w[i * 2 * d + i] = 1;
    w[i * 2 * d + d + i] = 1;
  }
  return w;
};
const diagonal = (n, v) => {
  const out = new Float32Array(n * n);
  for (let i = 0; i < n; i++) out[i * n + i] = v;
  return out;
};

/**
 * Attributes: kernel (the tab: 'positionalEncoding' | 'layerNorm' | 'ffn' | 'preLnBlock' |
 * 'encoderLayer', default 'layerNorm'), impl ('ref' | 'fast': which C++ to show, default 'ref'),
 * lang, theme. The URL hash keeps kernel and impl.
 */
export class NwKernelSource extends NwElement {
  static controls = {
    kernel: { choices: TAB_NAMES, default: 'layerNorm' },
    impl: { choices: ['ref', 'fast'], default: 'ref' },
  };

  static properties = { step: { state: true } };

  static styles = [
    NwElement.styles,
    methodStyles,
    css`
    .tabs { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0 10px; }
    .tabs button { font: inherit; font-size: 0.85rem; padding: 6px 10px; min-height: 36px; border: 1px solid var(--nw-border); border-radius: 8px;
      background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .tabs button[aria-selected='true'] { background: var(--nw-bg); border-color: var(--nw-accent); box-shadow: inset 0 -3px 0 var(--nw-accent); font-weight: 650; }
    .cols { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
    @media (max-width: 760px) { .cols { grid-template-columns: minmax(0, 1fr); } }
    pre { margin: 0; background: var(--nw-panel); border: 1px solid var(--nw-border); border-radius: 8px; padding: 8px 0; overflow: auto; max-height: 440px;
      font: 12.5px/1.5 var(--nw-mono); tab-size: 2; }
    pre .line { display: block; padding: 0 10px; white-space: pre; min-height: 1.5em; border-left: 3px solid transparent; }
    pre .line.stepped { border-left-color: var(--nw-border); cursor: pointer; }
    pre .line.active { background: color-mix(in srgb, var(--nw-accent) 16%, transparent); border-left-color: var(--nw-accent); }
    pre .line:focus-visible { outline: 2px solid var(--nw-accent-2); outline-offset: -2px; }
    .file { font: 12px var(--nw-mono); color: var(--nw-muted); margin: 0 0 4px; overflow-wrap: anywhere; }
    .pane-title { font-size: 0.88rem; font-weight: 650; margin: 0 0 2px; }
    .chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 10px 0 6px; align-items: center; }
    .chips .label { font-size: 0.85rem; color: var(--nw-muted); }
    .chips button { font: inherit; font-size: 0.82rem; padding: 4px 9px; min-height: 32px; border: 1px solid var(--nw-border); border-radius: 8px;
      background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
    .chips button[aria-pressed='true'] { background: var(--nw-accent); color: var(--nw-on-accent); border-color: var(--nw-accent); }
    .step-panel { background: var(--nw-panel); border-left: 3px solid var(--nw-accent); border-radius: 6px; padding: 8px 10px; font-size: 0.9rem; min-height: 3em; }
    .step-panel .nums { display: block; font-family: var(--nw-mono); font-size: 0.82rem; margin-top: 4px; white-space: pre-wrap; overflow-wrap: anywhere; }
    table.mini { border-collapse: collapse; font: 12px var(--nw-mono); margin-top: 6px; }
    table.mini td, table.mini th { border: 1px solid var(--nw-border); padding: 2px 5px; text-align: right; }
    table.mini th { color: var(--nw-muted); font-weight: 500; }
    table.mini .hl { background: color-mix(in srgb, var(--nw-accent) 22%, transparent); }
    .mini-wrap { overflow-x: auto; }
    pre.js { white-space: pre-wrap; overflow-wrap: anywhere; padding: 8px 10px; }
    .result { font: 12.5px/1.5 var(--nw-mono); }
    .note { font-size: 0.88rem; border: 1px solid var(--nw-warn); border-radius: 8px; padding: 8px 10px; margin: 10px 0 0; }
    .note strong { color: var(--nw-warn); }
  `,
  ];

  constructor() {
    super();
    this.step = '';
    this._live = {};
  }

  connectedCallback() {
    super.connectedCallback();
    this._unlink = subscribe(this, 'ln-step', ({ step }) => {
      if (this.kernel === 'layerNorm') this.step = step ? String(step) : '';
    });
  }

  disconnectedCallback() {
    this._unlink?.();
    super.disconnectedCallback();
  }

  willUpdate(changed) {
    super.willUpdate?.(changed);
    if (changed.has('kernel') && changed.get('kernel') !== undefined) this.step = '';
  }

  updated(changed) {
    super.updated(changed);
    // Bring the C++ lines of the chosen step into the listing's view (the page itself stays put).
    if (changed.has('step') || changed.has('impl') || changed.has('kernel')) {
      const pre = this.renderRoot.querySelector('pre.cpp');
      const line = pre?.querySelector('.line.active');
      if (pre && line) pre.scrollTop = Math.max(0, line.offsetTop - pre.offsetTop - 24);
    }
  }

  get _tab() {
    return CODE_TABS[this.kernel];
  }

  /** Sets the active step and tells the figures that draw it. */
  _pick(step) {
    if (step === this.step) return;
    this.step = step;
    const { channel, wiring } = this._tab;
    if (channel === 'ln-step') publish(this, channel, { step: step ? Number(step) : 0 });
    else if (channel) publish(this, channel, { step, wiring });
  }

  // ── the tiny examples, computed by the library ──

  _example() {
    const key = this.kernel;
    if (!this._live[key]) this._live[key] = this[`_example_${key}`]();
    return this._live[key];
  }

  _example_positionalEncoding() {
    const pe = this.nw.positionalEncoding(4, 8);
    const omega = [0, 1, 2, 3].map((i) => Math.atan2(pe[8 + 2 * i], pe[8 + 2 * i + 1]));
    const angle3 = [0, 1, 2, 3].map((i) => Math.atan2(pe[24 + 2 * i], pe[24 + 2 * i + 1]));
    return { pe, omega, angle3 };
  }

  _example_layerNorm() {
    const { output, mean, variance } = this.nw.layerNormWithStats(new Float32Array(X), 8);
    return { output, mean: mean[0], variance: variance[0] };
  }

  _example_ffn() {
    const { d, dff, seed } = FFN;
    const l1 = linearInit(dff, d, mixSeed(seed, 1));
    const l2 = linearInit(d, dff, mixSeed(seed, 2));
    const x = Float32Array.from(FFN.x);
    const h = this.nw.linear(x, l1.weight, l1.bias, { inFeatures: d });
    const a = this.nw.activation(h, 'relu');
    const y = this.nw.linear(a, l2.weight, l2.bias, { inFeatures: dff });
    return { x, h, a, y, l1, l2 };
  }

  _example_preLnBlock() {
    return this._encoderExample(true);
  }

  _example_encoderLayer() {
    return this._encoderExample(false);
  }

  /**
   * One encoder layer (and for Pre-LN the final LayerNorm) applied op by op with the library's
   * kernels on a seeded 3-token input, each step's rows kept, and checked against forward().
   */
  _encoderExample(normFirst) {
    const { nw } = this;
    const { dModel: d, nHeads, dFF, tokens: T } = ENC;
    const enc = nw.createEncoder({ dModel: d, nHeads, dFF, normFirst, finalNorm: normFirst, seed: ENC.seed });
    try {
      const sd = enc.stateDict();
      const p = (name) => sd[`layers.0.${name}`];
      const x = normals(T * d, ENC.inputSeed);
      const ln = (v, name) =>
        nw.layerNorm(v, d, {
          gamma: sd[`${name}.weight`] ?? p(`${name}.weight`),
          beta: sd[`${name}.bias`] ?? p(`${name}.bias`),
        });
      // x + y as one linear map: [x | y] · [I | I]ᵀ (the addition done by the kernel, not in JS).
      const sum = identityPair(d);
      const add = (a, b) => {
        const cat = new Float32Array(T * 2 * d);
        for (let t = 0; t < T; t++) {
          cat.set(a.subarray(t * d, (t + 1) * d), t * 2 * d);
          cat.set(b.subarray(t * d, (t + 1) * d), t * 2 * d + d);
        }
        return nw.linear(cat, sum, null, { inFeatures: 2 * d });
      };
      const attention = (h) => {
        const qkv = nw.linear(h, p('self_attn.in_proj_weight'), p('self_attn.in_proj_bias'), { inFeatures: d });
        const dk = d / nHeads;
        const ctx = new Float32Array(T * d);
        const part = (head, which) => {
          const out = new Float32Array(T * dk);
          for (let t = 0; t < T; t++)
            out.set(qkv.subarray(t * 3 * d + which * d + head * dk, t * 3 * d + which * d + (head + 1) * dk), t * dk);
          return out;
        };
        for (let head = 0; head < nHeads; head++) {
          const q = part(head, 0),
            k = part(head, 1),
            v = part(head, 2);
          const s = nw.linear(nw.linear(q, k, null, { inFeatures: dk }), diagonal(T, 1 / Math.sqrt(dk)), null, {
            inFeatures: T,
          });
          const a = nw.softmax(s, T);
          const vt = new Float32Array(dk * T);
          for (let t = 0; t < T; t++) for (let c = 0; c < dk; c++) vt[c * T + t] = v[t * dk + c];
          const c = nw.linear(a, vt, null, { inFeatures: T });
          for (let t = 0; t < T; t++) ctx.set(c.subarray(t * dk, (t + 1) * dk), t * d + head * dk);
        }
        return nw.linear(ctx, p('self_attn.out_proj.weight'), p('self_attn.out_proj.bias'), { inFeatures: d });
      };
      const ffn = (h) =>
        nw.linear(
          nw.activation(nw.linear(h, p('linear1.weight'), p('linear1.bias'), { inFeatures: d }), 'relu'),
          p('linear2.weight'),
          p('linear2.bias'),
          { inFeatures: dFF },
        );
      const steps = {};
      let cur = x;
      if (normFirst) {
        steps.ln1 = ln(cur, 'norm1');
        steps.attn = attention(steps.ln1);
        cur = steps.add1 = add(cur, steps.attn);
        steps.ln2 = ln(cur, 'norm2');
        steps.ffn = ffn(steps.ln2);
        cur = steps.add2 = add(cur, steps.ffn);
        cur = steps.final = nw.layerNorm(cur, d, { gamma: sd['norm.weight'], beta: sd['norm.bias'] });
      } else {
        steps.attn = attention(cur);
        steps.add1 = add(cur, steps.attn);
        cur = steps.ln1 = ln(steps.add1, 'norm1');
        steps.ffn = ffn(cur);
        steps.add2 = add(cur, steps.ffn);
        cur = steps.ln2 = ln(steps.add2, 'norm2');
      }
      const { output } = enc.forward(x, { seqLen: T, attention: false });
      let worst = 0;
      for (let i = 0; i < output.length; i++) worst = Math.max(worst, Math.abs(output[i] - cur[i]));
      const norms = {};
      for (const [k, v] of Object.entries(steps)) {
        const st = nw.layerNormStats(v.subarray(0, d), d);
        norms[k] = Math.sqrt(d * (st.variance[0] + st.mean[0] ** 2));
      }
      return { x, steps, norms, output, worst, normFirst };
    } finally {
      enc.dispose();
    }
  }

  // ── what each step shows ──

  _stepNumbers() {
    const e = this._example();
    const list = (a, digits = 3) => `[${Array.from(a, (v) => fmt(v, digits)).join(', ')}]`;
    const s = this.step;
    switch (this.kernel) {
      case 'positionalEncoding':
        if (s === 'pos') return 'pos = 0, 1, 2, 3';
        if (s === 'omega') return `ω = ${list(e.omega, 4)}`;
        if (s === 'angle') return `pos = 3: pos·ω = ${list(e.angle3, 4)}`;
        return '';
      case 'layerNorm':
        if (s === '1') return `μ = ${fmt(e.mean, 4)}`;
        if (s === '2') return `σ² = ${fmt(e.variance, 4)}`;
        if (s === '3' || s === '4') return `x̂ = ${list(e.output)}`;
        return '';
      case 'ffn':
        if (s === 'linear1') return `x = ${list(e.x, 2)}\nh = xW₁ + b₁ = ${list(e.h)}`;
        if (s === 'act') return `ReLU(h) = ${list(e.a)}`;
        if (s === 'linear2') return `y = ReLU(h)W₂ + b₂ = ${list(e.y)}`;
        return '';
      default: {
        const v = e.steps[s];
        if (!v) return '';
        return this.t('kernelSource.tokenRow', {
          values: list(v.subarray(0, ENC.dModel), 2),
          norm: fmt(e.norms[s], 3),
        });
      }
    }
  }

  _peTable() {
    const { pe } = this._example();
    const cls = (c) => ((this.step === 'sin' && c % 2 === 0) || (this.step === 'cos' && c % 2 === 1) ? 'hl' : '');
    const rowCls = (p) => ((this.step === 'angle' && p === 3) || this.step === 'pos' ? 'hl' : '');
    return html`<div class="mini-wrap"><table class="mini" data-pe-table>
      <caption class="visually-hidden">${this.t('kernelSource.peTable')}</caption>
      <thead><tr><th scope="col">pos</th>${[0, 1, 2, 3, 4, 5, 6, 7].map((c) => html`<th scope="col" class=${cls(c)}>${c % 2 ? 'cos' : 'sin'}${c >> 1}</th>`)}</tr></thead>
      <tbody>${[0, 1, 2, 3].map((p) => html`<tr><th scope="row" class=${rowCls(p)}>${p}</th>${[0, 1, 2, 3, 4, 5, 6, 7].map((c) => html`<td class=${cls(c)}>${fmt(pe[p * 8 + c], 3)}</td>`)}</tr>`)}</tbody>
    </table></div>`;
  }

  _run() {
    const e = this._example();
    const list = (a, digits = 3) => Array.from(a, (v) => fmt(v, digits)).join(' ');
    switch (this.kernel) {
      case 'positionalEncoding':
        return {
          code: `const pe = nw.positionalEncoding(4, 8);\n// [4 × 8]: dim 2i = sin, 2i+1 = cos`,
          result: [0, 1, 2, 3].map((p) => list(e.pe.subarray(p * 8, p * 8 + 8))).join('\n'),
        };
      case 'layerNorm':
        return {
          code: `const x = new Float32Array([${X.join(', ')}]);\nconst { output, mean, variance } =\n  nw.layerNormWithStats(x, 8);`,
          result: `mean = ${fmt(e.mean, 4)}, variance = ${fmt(e.variance, 4)}\noutput = ${list(e.output)}`,
        };
      case 'ffn':
        return {
          code: `// w1: [8, 4] = W₁ᵀ, w2: [4, 8] = W₂ᵀ (nn.Linear layout)\nconst h = nw.linear(x, w1, b1, { inFeatures: 4 });\nconst y = nw.linear(nw.activation(h, 'relu'), w2, b2, { inFeatures: 8 });`,
          result: `y = ${list(e.y)}`,
        };
      default: {
        const pre = e.normFirst;
        return {
          code: `const enc = nw.createEncoder({ dModel: 8, nHeads: 2, dFF: 16,\n  normFirst: ${pre}, finalNorm: ${pre}, seed: ${ENC.seed} });\nconst { output } = enc.forward(x, { seqLen: 3 });`,
          result: `${this.t('kernelSource.outputRow', { values: list(e.output.subarray(0, ENC.dModel), 3) })}\n${this.t('kernelSource.check', { worst: e.worst === 0 ? '0' : fmtSci(e.worst) })}`,
        };
      }
    }
  }

  // ── code listings ──

  _pythonListing() {
    const tab = this._tab;
    const blocks = tab.python.map((name) => sources.python.blocks[name]);
    const lines = [
      ...sources.python.header.split('\n').map((code) => ({ code, step: null })),
      { code: '', step: null },
    ];
    blocks.forEach((b, k) => {
      if (k) lines.push({ code: '', step: null });
      lines.push(...b.lines);
    });
    const stepped = lines.map((l, n) => (l.step ? n : -1)).filter((n) => n >= 0);
    const focusAt = this._lineFocus?.[this.kernel] ?? stepped[0];
    return html`<pre class="code py" data-lang="python" aria-label=${this.t('kernelSource.pyLabel')}
      @keydown=${(e) => this._lineKey(e, stepped)}><code>${lines.map((l, n) =>
        l.step
          ? html`<span class=${`line stepped${l.step === this.step ? ' active' : ''}`} data-step=${l.step} data-n=${n}
            tabindex=${n === focusAt ? 0 : -1} @mouseenter=${() => this._pick(l.step)} @focus=${() => {
              this._lineFocus = { ...this._lineFocus, [this.kernel]: n };
              this._pick(l.step);
            }}
            @click=${() => this._pick(l.step)}>${l.code}\n</span>`
          : html`<span class="line">${l.code}\n</span>`,
      )}</code></pre>`;
  }

  /** ↑/↓ (Home/End) move between the lines that have a step. */
  _lineKey(e, stepped) {
    const moves = { ArrowDown: 1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    if (!(e.key in moves)) return;
    const at = stepped.indexOf(Number(this.renderRoot.activeElement?.dataset?.n));
    if (at < 0) return;
    e.preventDefault();
    const next = stepped[Math.min(stepped.length - 1, Math.max(0, at + moves[e.key]))];
    this.renderRoot.querySelector(`pre.py [data-n="${next}"]`)?.focus();
  }

  _cppListing() {
    const tab = this._tab;
    const keys = tab.cpp[this.impl];
    const parts = keys.map((k) => ({ key: k, ...sources.cpp[k] }));
    return html`<p class="file">${parts.map((p) => `${p.file}:${p.line}`).join(' · ')}</p>
      <pre class="code cpp" tabindex="0" data-lang="cpp" aria-label=${this.t('kernelSource.codeLabel', { file: parts[0].file })}><code>${parts.map(
        (p, k) => {
          const steps = cppLineSteps(p.key, p.code, tab.wiring);
          return html`${k ? html`<span class="line">\n</span>` : ''}${p.code.split('\n').map(
            (l, n) => html`<span
          class=${`line${this.step && steps[n].includes(this.step) ? ' active' : ''}`} data-steps=${steps[n].join(' ')}>${l}\n</span>`,
          )}`;
        },
      )}</code></pre>`;
  }

  render() {
    if (!this.nw) return this.renderLoading();
    const tab = this._tab;
    const run = this._run();
    const stepName = (s) =>
      this.t(this.kernel === 'layerNorm' ? `lnStep.${s}` : `kernelSource.step.${this.kernel}.${s}`);
    const nums = this.step ? this._stepNumbers() : '';
    return html`
      <p class="title">${this.t('kernelSource.title')}</p>
      <p class="caption">${this.t('kernelSource.caption')}</p>
      <div class="tabs" role="tablist" aria-label=${this.t('kernelSource.kernel')} data-control="kernel" @keydown=${this._tabKey}>
        ${TAB_NAMES.map(
          (name) => html`<button type="button" role="tab" data-value=${name} id=${`tab-${name}`}
          aria-selected=${String(name === this.kernel)} aria-controls="code-panel" tabindex=${name === this.kernel ? 0 : -1}
          @click=${() => {
            this.kernel = name;
          }}>${this.t(`kernelSource.tab.${name}`)}</button>`,
        )}
      </div>
      <div id="code-panel" role="tabpanel" aria-labelledby=${`tab-${this.kernel}`}>
        <div class="chips" role="group" aria-label=${this.t('kernelSource.steps')} data-control="steps">
          <span class="label" aria-hidden="true">${this.t('kernelSource.steps')}</span>
          ${tab.steps.map(
            (s) => html`<button type="button" data-step=${s} aria-pressed=${String(s === this.step)}
            @click=${() => this._pick(s === this.step ? '' : s)}>${stepName(s)}</button>`,
          )}
        </div>
        <div class="step-panel" aria-live="polite" data-step-panel=${this.step}>
          ${
            this.step
              ? html`<strong>${stepName(this.step)}</strong> — ${this.t(`kernelSource.text.${this.kernel}.${this.step}`)}
            ${nums ? html`<span class="nums">${nums}</span>` : ''}`
              : this.t('kernelSource.stepHint')
          }
        </div>
        ${this.kernel === 'positionalEncoding' ? this._peTable() : ''}
        <div class="cols" style="margin-top: 10px">
          <div>
            <p class="pane-title">${this.t('kernelSource.pyTitle')}</p>
            <p class="file">${sources.python.file} · ${tab.python.join(', ')}</p>
            ${this._pythonListing()}
          </div>
          <div>
            <p class="pane-title">${this.t('kernelSource.cppTitle')}</p>
            ${this.toggle({
              id: 'impl',
              label: this.t('kernelSource.impl'),
              value: this.impl,
              onChange: (v) => {
                this.impl = v;
              },
              options: [
                { value: 'ref', label: this.t('kernelSource.implRef') },
                { value: 'fast', label: this.t('kernelSource.implFast') },
              ],
            })}
            ${this._cppListing()}
          </div>
        </div>
        ${tab.wiring ? html`<p class="note" data-note=${tab.wiring}><strong>${this.t('kernelSource.noteTitle')}</strong> ${this.t(`kernelSource.note.${this.kernel}`)}</p>` : ''}
        <div class="cols" style="margin-top: 10px">
          <div>
            <p class="pane-title">${this.t('kernelSource.jsLabel')}</p>
            <pre class="js" tabindex="0" aria-label=${this.t('kernelSource.jsLabel')}><code>import { loadNormwave } from 'normwave';
const nw = await loadNormwave();
${run.code}</code></pre>
          </div>
          <div>
            <p class="pane-title">${this.t('kernelSource.result')}</p>
            <div class="readout result" aria-live="polite" data-readout>${run.result}</div>
            ${tab.parity ? html`<p>${this.parityBadge(tab.parity)}</p>` : ''}
          </div>
        </div>
      </div>
      ${methodDetails(this, this.t('kernelSource.method'), this.t(`kernelSource.method.${this.kernel}`))}
    `;
  }

  /** Tabs: ←/→ move and select, Home/End jump. */
  _tabKey(e) {
    const i = TAB_NAMES.indexOf(this.kernel);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TAB_NAMES.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.kernel = TAB_NAMES[(next + TAB_NAMES.length) % TAB_NAMES.length];
    this.updateComplete.then(() => this.renderRoot.querySelector(`[role='tab'][data-value='${this.kernel}']`)?.focus());
  }
}

define('nw-kernel-source', NwKernelSource);
