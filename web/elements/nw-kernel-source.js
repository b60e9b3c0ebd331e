// <nw-kernel-source>: our own LayerNorm and PE kernels (the real C++ from cpp/, extracted at build
// time) beside the JavaScript call that runs them, a live result, and a PyTorch parity badge.
import { NwElement, html, css } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import sources from '../lib/kernel-source.generated.js';

const X = [2.4, 1.1, -0.3, 0.8, 3.0, -1.2, 0.5, 1.7];

/**
 * Attributes: kernel ('layerNorm' | 'positionalEncoding', default 'layerNorm'), lang, theme.
 */
export class NwKernelSource extends NwElement {
  static properties = { kernel: { type: String } };
  static urlState = { kernel: ['layerNorm', 'positionalEncoding'] };

  static styles = [NwElement.styles, css`
    .cols { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 12px; }
    @media (max-width: 700px) { .cols { grid-template-columns: minmax(0, 1fr); } }
    pre { margin: 0; background: var(--nw-panel); border: 1px solid var(--nw-border); border-radius: 8px; padding: 10px 12px; overflow: auto; max-height: 420px; font: 12.5px/1.5 var(--nw-mono); tab-size: 2; }
    .file { font: 12px var(--nw-mono); color: var(--nw-muted); margin: 0 0 4px; }
    .result { font: 12.5px/1.5 var(--nw-mono); }
    pre.js { white-space: pre-wrap; overflow-wrap: anywhere; }
  `];

  constructor() {
    super();
    this.kernel = 'layerNorm';
  }

  _run() {
    const nw = this.nw;
    if (this.kernel === 'positionalEncoding') {
      const pe = nw.positionalEncoding(4, 8);
      const rows = [0, 1, 2, 3].map((p) => Array.from(pe.subarray(p * 8, p * 8 + 8), (v) => fmt(v, 3)).join(' '));
      return { code: `const pe = nw.positionalEncoding(4, 8);\n// [4 × 8]: dim 2i = sin, 2i+1 = cos`, result: rows.join('\n') };
    }
    const { output, mean, variance } = nw.layerNormWithStats(new Float32Array(X), 8);
    return {
      code: `const x = new Float32Array([${X.join(', ')}]);\nconst { output, mean, variance } =\n  nw.layerNormWithStats(x, 8);`,
      result: `mean = ${fmt(mean[0], 4)}, variance = ${fmt(variance[0], 4)}\noutput = ${Array.from(output, (v) => fmt(v, 3)).join(' ')}`,
    };
  }

  render() {
    if (!this.nw) return this.renderLoading();
    const src = sources[this.kernel] ?? sources.layerNorm;
    const run = this._run();
    return html`
      <p class="title">${this.t('kernelSource.title')}</p>
      <div class="controls">
        ${this.toggle({ id: 'kernel', label: this.t('kernelSource.kernel'), value: this.kernel, onChange: (v) => { this.kernel = v; },
          options: [{ value: 'layerNorm', label: 'LayerNorm' }, { value: 'positionalEncoding', label: this.t('kernelSource.pe') }] })}
      </div>
      <div class="cols">
        <div>
          <p class="file">${src.file}:${src.line} (C++17 + xsimd)</p>
          <pre tabindex="0" aria-label=${this.t('kernelSource.codeLabel', { file: src.file })}><code>${src.code}</code></pre>
        </div>
        <div>
          <p class="file">JavaScript</p>
          <pre class="js" tabindex="0" aria-label=${this.t('kernelSource.jsLabel')}><code>import { loadNormwave } from 'normwave';
const nw = await loadNormwave();
${run.code}</code></pre>
          <p class="file">${this.t('kernelSource.result')}</p>
          <div class="readout result" aria-live="polite" data-readout>${run.result}</div>
          <p>${this.parityBadge(this.kernel)}</p>
        </div>
      </div>
    `;
  }
}

customElements.define('nw-kernel-source', NwKernelSource);
