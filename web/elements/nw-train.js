// <nw-train>: train the tiny sort model (scripts/train_tiny.py's task: sort 3–8 digits; d 64,
// 4 heads, d_ff 128, 2 layers) from scratch in the reader's browser. A Web Worker
// (dist/train-worker.mjs) runs the library's trainer — forward, backward and AdamW in wasm, one
// call per step — so the page stays responsive; where no worker can start (a page that forbids
// it, a figure served from another origin) the same session runs in the page in short slices.
// Shown: training loss and held-out accuracy (500 sequences never trained on) as they go,
// tokens per second, and the attention maps of one held-out example, redrawn as they form.
import { svg } from 'lit';
import { NwElement, html, css, define } from '../lib/base.js';
import { fmt } from '../lib/format.js';
import { normFigureStyles } from '../lib/norm-figures.js';
import { paintMatrix, SEQUENTIAL } from '../lib/colormap-core.js'; // no d3: viridis only
import { assetBase, assetUrl } from '../lib/assets.js';
import { sessionHandler, SORT, HELDOUT, modelConfig } from '../lib/train-session.js';
import { renderCited } from '../lib/cited.js';

const NORMS = ['post', 'pre'];

// A figure out of the page this long lets its worker (or in-page session) go; one moved in the
// page (removed and put back at once) keeps its run, paused.
const RELEASE_MS = 5000;
// The attention maps' grid: one row per layer, one column per head of the model trained.
const { nHeads, nLayers } = modelConfig(true);
const HEADS = Array.from({ length: nHeads }, (_, h) => h);
const LAYERS = Array.from({ length: nLayers }, (_, l) => l);

// Messages after which the figure sets its status itself: a reply to a message sent before the
// latest of them describes a state the figure has left, and leaves the status alone.
const SETS_STATUS = new Set(['configure', 'run', 'pause', 'load']);

// Pages with `require-trusted-types-for 'script'` (embed.html) accept a worker's URL only as a
// TrustedScriptURL: this policy vouches for exactly one URL, the worker module this figure
// chose (next to the library, or under the asset base). Made once, on first use.
let workerPolicy = null;
function workerScriptUrl(url) {
  const tt = globalThis.trustedTypes;
  if (!tt?.createPolicy) return url;
  workerPolicy ??= tt.createPolicy('normwave-train-worker', {
    createScriptURL: (u) => {
      if (!/\/train-worker\.mjs$/.test(new URL(u).pathname))
        throw new TypeError(`normwave: ${u} is not the training worker`);
      return u;
    },
  });
  return workerPolicy.createScriptURL(String(url));
}
// At 3e-2 Post-LN without warm-up stalls near chance while Pre-LN, or Post-LN with warm-up,
// trains (2 layers, batch 128–256; measured with this trainer).
const RATES = ['1e-3', '2e-3', '5e-3', '1e-2', '3e-2'];

/**
 * Attributes: norm ('post' | 'pre', default 'pre'), lr (one of 1e-3, 2e-3, 5e-3, 1e-2, 3e-2;
 * default 2e-3), warmup (warmup="false" or "0" turns it off; default on: linear warm-up over the first
 * 5 % of the steps, then cosine decay), steps (1–5000, default 1500), batch (sequences per step,
 * 8–256, default 256), seed (weights and data, default 1), no-worker (run in the page), lang,
 * theme. The URL hash keeps norm, lr and warmup.
 */
export class NwTrain extends NwElement {
  static training = true; // the trainer (in its worker, or in the page without one): the training module

  static controls = {
    norm: { choices: NORMS, default: 'pre' },
    lr: { choices: RATES, default: '2e-3' },
    warmup: { bool: true, default: true },
    steps: { min: 1, max: 5000, default: 1500, url: false },
    batch: { min: 8, max: 256, default: 256, url: false },
    seed: { min: 1, max: 999999, default: 1, url: false },
  };

  static properties = {
    _p: { state: true },
    _status: { state: true },
  };

  static styles = [
    NwElement.styles,
    normFigureStyles,
    css`
    .plots { display: flex; flex-wrap: wrap; gap: 16px; }
    .line { fill: none; stroke-width: 2; stroke-linejoin: round; }
    .loss { stroke: var(--nw-accent); }
    .acc { stroke: var(--nw-accent-2); }
    .target { stroke: var(--nw-ok); stroke-dasharray: 4 3; }
    .maps { display: grid; gap: 4px 8px; align-items: center; margin-top: 8px; max-width: 560px; }
    .maps canvas { width: 100%; aspect-ratio: 1; border: 1px solid var(--nw-border); }
    .maps .head { font-size: 0.8rem; color: var(--nw-muted); text-align: center; }
    .maps .layer { font-size: 0.8rem; color: var(--nw-muted); }
    .example { font-family: var(--nw-mono); font-size: 0.9rem; }
    .file { position: relative; display: inline-flex; }
    .file span { font-size: 0.85rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 6px 12px; min-height: 32px; background: var(--nw-panel); color: var(--nw-fg); }
    .file input { position: absolute; inset: 0; opacity: 0; width: 100%; cursor: pointer; }
    .file:focus-within { outline: 2px solid var(--nw-accent-2); outline-offset: 2px; border-radius: 8px; }
    /* Five learning rates do not fit a phone's half-width column: the switch wraps. */
    .toggle { flex-wrap: wrap; max-width: 100%; }
  `,
  ];

  constructor() {
    super();
    this._p = null;
    this._status = 'idle';
    this._mode = null;
    this._port = null;
    this._exampleIndex = 0;
    this._configured = '';
    this._starting = false;
    this._release = null;
    this._lost = false; // the worker ended or failed: no new one until Reset or Train
    this._seq = 0; // of the last message sent
    this._statusSeq = 0; // of the last message after which the figure set its status
  }

  connectedCallback() {
    super.connectedCallback();
    clearTimeout(this._release);
    this._release = null;
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    if (this._status === 'running') {
      this._status = 'paused';
      this._send({ type: 'pause' });
    }
    this._compare?.pause();
    clearTimeout(this._release);
    this._release = setTimeout(() => {
      this._release = null;
      if (!this.isConnected) this._closePort();
    }, RELEASE_MS);
  }

  _closePort() {
    this._port?.close();
    this._port = null;
    this._configured = '';
  }

  willUpdate(changed) {
    super.willUpdate(changed);
    if (!this.nw) return;
    // Started once connected and near the viewport; an update while out of the page waits.
    if (!this._port && !this._starting && !this._lost && this.isConnected) {
      this._starting = true;
      this.whenNear().then(() => this._start());
    }
    const key = this._key();
    if (this._port && key !== this._configured) this._configure();
  }

  _key() {
    return `${this.norm}:${this.lr}:${this.warmup}:${this.steps}:${this.batch}:${this.seed}`;
  }

  _configure() {
    this._configured = this._key();
    this._status = 'idle';
    this._error = null;
    this._send({
      type: 'configure',
      normFirst: this.norm === 'pre',
      lr: Number(this.lr),
      warmup: this.warmup,
      steps: this.steps,
      batch: this.batch,
      seed: this.seed,
    });
    this._send({ type: 'example', index: this._exampleIndex });
  }

  _send(msg, transfer) {
    const seq = ++this._seq;
    if (SETS_STATUS.has(msg.type)) this._statusSeq = seq;
    this._port?.post({ ...msg, seq }, transfer);
  }

  /** A worker when the page allows one, else the page itself. */
  _start() {
    this._starting = false;
    if (!this.isConnected || this._port) return;
    this._lost = false;
    if (this.hasAttribute('no-worker') || typeof Worker !== 'function') {
      this._inPage();
      return;
    }
    let worker;
    try {
      const url = assetUrl(this, 'train-worker.mjs', () => new URL('./train-worker.mjs', import.meta.url));
      worker = new Worker(workerScriptUrl(url), { type: 'module' });
    } catch {
      this._inPage();
      return;
    }
    const base = assetBase(this);
    // The worker holds a Web Lock named for it while it lives; the figure queues for the same
    // lock, which it is granted when the worker ends, however it ends (a browser or an extension
    // may end it without an event). Closing the worker on purpose withdraws the request first.
    const locks = globalThis.navigator?.locks;
    const lock = locks && globalThis.crypto?.randomUUID ? `normwave-train-worker-${crypto.randomUUID()}` : undefined;
    const watch = new AbortController();
    let ready = false;
    const port = {
      post: (m, t) => worker.postMessage(m, t ?? []),
      close: () => {
        watch.abort();
        worker.terminate();
      },
    };
    const inPage = () => {
      port.close();
      if (this._port === port) this._inPage();
    };
    worker.onmessage = ({ data }) => {
      if (this._port !== port) return;
      if (data.type === 'ready') {
        ready = true;
        if (data.lock)
          locks
            .request(lock, { signal: watch.signal }, () => {
              if (this._port === port) this._workerLost({ key: 'train.workerEnded' });
            })
            .catch(() => {});
        return;
      }
      if (!ready && data.type === 'error') {
        inPage();
        return;
      }
      this._onMessage(data);
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      if (this._port !== port) return;
      if (!ready) inPage();
      else this._workerLost({ key: 'train.workerError', vars: { message: e.message || e.type } });
    };
    worker.postMessage({
      type: 'init',
      wasmUrl: base ? new URL('normwave_train.wasm', base).href : undefined,
      lock,
    });
    this._mode = 'worker';
    this._port = port;
    this._configure();
  }

  /** The worker ended or failed while in use: an error the reader sees; Reset or Train starts a new one. */
  _workerLost(error) {
    this._compare?.lost();
    this._closePort();
    this._lost = true;
    this._status = 'error';
    this._error = error;
    this.requestUpdate();
  }

  _inPage() {
    const handle = sessionHandler(this.nw, (m) => this._onMessage(m));
    this._mode = 'page';
    this._port = { post: handle, close: () => handle({ type: 'dispose' }) };
    this._configure();
    if (this._status === 'running') this._send({ type: 'run' });
  }

  _onMessage(m) {
    if (m.session) {
      this._compare?.onMessage(m);
      return;
    }
    // A reply to a message sent before the figure last set its status (a configure answered after
    // Train was pressed) still shows its numbers but does not change the status.
    const stale = m.seq !== undefined && m.seq < this._statusSeq;
    switch (m.type) {
      case 'progress':
        this._p = m;
        if (m.attention) this._attention = m.attention;
        if (!stale && this._status === 'running' && !m.running && !m.stopped && m.step < m.steps)
          this._status = 'paused';
        break;
      case 'stopped':
        if (stale) break;
        this._status = 'stopped';
        this._stopMessage = m.message;
        break;
      case 'done':
        if (!stale) this._status = 'done';
        break;
      case 'saved':
        this._download(m.bytes);
        break;
      case 'loaded':
        if (stale) break;
        this.norm = m.normFirst ? 'pre' : 'post';
        this._configured = this._key();
        this._status = 'loaded';
        break;
      case 'error':
        this._error = m.message;
        this._status = 'error';
        break;
      default:
        break;
    }
    this.requestUpdate();
  }

  _toggleRun() {
    if (this._status === 'running') {
      this._status = 'paused';
      this._send({ type: 'pause' });
    } else {
      this._compare?.pause(); // one thing trains at a time
      if (!this._port) this._start();
      else if (this._status === 'done' || this._status === 'stopped' || this._status === 'loaded') this._configure();
      this._status = 'running';
      this._send({ type: 'run' });
    }
  }

  _reset() {
    if (this._port) this._configure();
    else this._start();
  }

  _download(bytes) {
    const blob = new Blob([bytes], { type: 'application/octet-stream' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `nw-train-sort-${this.norm}-ln-step${this._p?.step ?? 0}.safetensors`;
    this.renderRoot.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }

  /** Loads a weights file: its header is checked against the model before the tensors are read. */
  async _load(e) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    let bytes, refused;
    try {
      const { checkWeightsFile } = await import('../lib/weights-file.js');
      const checked = await checkWeightsFile(file, this.nw, this.norm === 'pre');
      refused = checked.refused && { key: checked.refused.key, vars: { ...checked.refused.vars, name: file.name } };
      if (!refused) bytes = new Uint8Array(await file.arrayBuffer());
    } catch (err) {
      refused = `${file.name}: ${err.message}`; // unreadable (changed or removed since picked)
    }
    if (refused) {
      if (this._status === 'running') this._send({ type: 'pause' });
      this._status = 'error';
      this._error = refused;
      return;
    }
    if (!this._port) this._start();
    this._status = 'idle';
    this._send({ type: 'load', bytes }, [bytes.buffer]);
  }

  /** Opens or closes the comparison (its code loads on first open); closing pauses it. */
  async _toggleCompare() {
    this._compareOpen = !this._compareOpen;
    if (!this._compareOpen) this._compare?.pause();
    else if (!this._compare) {
      this._compareError = null;
      try {
        const { CompareView } = await import('../lib/train-compare-view.js');
        this._compare ??= new CompareView(this);
        this._compare.configure();
      } catch (e) {
        this._compareOpen = false;
        this._compareError = e.message;
      }
    }
    this.requestUpdate();
  }

  _example(delta) {
    this._exampleIndex = (this._exampleIndex + delta + HELDOUT) % HELDOUT;
    this._send({ type: 'example', index: this._exampleIndex });
  }

  updated(changed) {
    super.updated?.(changed);
    const a = this._attention;
    if (!a) return;
    const n = SORT.seqLen;
    this.renderRoot.querySelectorAll('canvas[data-map]').forEach((c) => {
      const [l, h] = c.dataset.map.split(':').map(Number);
      const maps = a.maps[l];
      if (maps) paintMatrix(c, maps.subarray(h * n * n, (h + 1) * n * n), n, n, { lo: 0, hi: 1, lut: SEQUENTIAL });
    });
  }

  _curve(width, { values, max, min, log, cls, label, target, xMax }) {
    const h = 170;
    const m = { left: 42, right: 10, top: 20, bottom: 28 };
    const iw = width - m.left - m.right;
    const ih = h - m.top - m.bottom;
    const f = log ? Math.log10 : (v) => v;
    const lo = f(min);
    const hi = f(max);
    const x = (s) => m.left + (s / Math.max(1, xMax)) * iw;
    const y = (v) => m.top + ((hi - f(Math.min(max, Math.max(min, v)))) / (hi - lo)) * ih;
    const pts = values.filter(([, v]) => Number.isFinite(v));
    const d = pts.map(([s, v], i) => `${i ? 'L' : 'M'}${x(s).toFixed(1)},${y(v).toFixed(1)}`).join('');
    const ticks = log ? [min, Math.sqrt(min * max), max] : [0, 0.5, 1];
    return html`<svg viewBox=${`0 0 ${width} ${h}`} width=${width} height=${h} role="img" aria-label=${label}>
      <text class="axis-title" x="4" y="12">${label}</text>
      ${ticks.map(
        (v) => svg`<line class="grid" x1=${m.left} x2=${width - m.right} y1=${y(v)} y2=${y(v)}></line>
        <text x=${m.left - 4} y=${y(v) + 4} text-anchor="end">${log ? fmt(v, 2) : `${Math.round(v * 100)}%`}</text>`,
      )}
      ${target === undefined ? '' : svg`<line class="target" x1=${m.left} x2=${width - m.right} y1=${y(target)} y2=${y(target)}></line>`}
      <text x=${m.left} y=${h - 8}>0</text>
      <text x=${width - m.right} y=${h - 8} text-anchor="end">${this.t('train.stepAxis', { steps: xMax })}</text>
      <path class=${`line ${cls}`} d=${d}></path>
    </svg>`;
  }

  // Drawn from the first render on (empty until the first evaluation arrives), so the figure
  // keeps its height when training starts.
  _maps() {
    const a = this._attention ?? { index: this._exampleIndex, tokens: null, predictions: null };
    const dashes = Array(SORT.seqLen).fill('–').join(' ');
    const shown = a.tokens ? a.tokens.map((t) => (t === SORT.pad ? '·' : String(t))).join(' ') : dashes;
    const pred = a.tokens
      ? a.predictions.map((p, i) => (a.tokens[i] === SORT.pad ? '·' : String(p))).join(' ')
      : dashes;
    return html`
      <p class="example">${this.t('train.example', { index: a.index + 1, tokens: shown, predictions: pred })}</p>
      <div class="actions">
        <button type="button" data-control="prev-example" @click=${() => this._example(-1)}>${this.t('train.prevExample')}</button>
        <button type="button" data-control="next-example" @click=${() => this._example(1)}>${this.t('train.nextExample')}</button>
      </div>
      <div class="maps" style=${`grid-template-columns: auto repeat(${nHeads}, minmax(0, 1fr))`} role="img" aria-label=${this.t('train.mapsAria', { index: a.index + 1 })}>
        <span></span>${HEADS.map((h) => html`<span class="head">${this.t('train.head', { head: h + 1 })}</span>`)}
        ${LAYERS.map(
          (l) => html`<span class="layer">${this.t('train.layer', { layer: l + 1 })}</span>
          ${HEADS.map((h) => html`<canvas data-map=${`${l}:${h}`} width="8" height="8"></canvas>`)}`,
        )}
      </div>`;
  }

  _statusText(p) {
    switch (this._status) {
      case 'running':
        return this.t('train.statusRunning');
      case 'paused':
        return this.t('train.statusPaused');
      case 'done':
        return this.t('train.statusDone');
      case 'stopped':
        return this.t('train.statusStopped', { message: this._stopMessage ?? '' });
      case 'loaded':
        return this.t('train.statusLoaded');
      case 'error': {
        // The session's errors are the library's messages; the figure's own are keys of web/i18n.
        const e = this._error;
        return e?.key ? this.t(e.key, e.vars) : this.t('train.statusError', { message: e ?? '' });
      }
      default:
        return p && p.step > 0 ? this.t('train.statusPaused') : this.t('train.statusIdle');
    }
  }

  render() {
    if (!this.nw) return this.renderLoading();
    const p = this._p;
    const width = Math.max(260, this._width || 640);
    const col = this.columnWidth(width, 560);
    const running = this._status === 'running';
    const acc = p?.eval?.accuracy;
    // Five lines from the start (dashes until the first progress), so the height stays put.
    const readout = [
      this.t('train.readoutStep', {
        step: p?.step ?? 0,
        steps: p?.steps ?? this.steps,
        loss: Number.isFinite(p?.loss) ? fmt(p.loss, 4) : '–',
        lr: p ? p.lr.toExponential(2) : '–',
      }),
      this.t('train.readoutAccuracy', {
        accuracy: Number.isFinite(acc) ? fmt(acc * 100, 1) : '–',
        step: p?.eval?.step ?? 0,
      }),
      this.t('train.readoutSpeed', {
        tokens: Math.round(p?.tokensPerSecond ?? 0).toLocaleString('en-US'),
        seconds: fmt(p?.seconds ?? 0, 1),
        where: this.t(this._mode === 'page' ? 'train.inPage' : 'train.inWorker'),
      }),
      p?.reached95
        ? this.t('train.reached95', { step: p.reached95.step, seconds: fmt(p.reached95.seconds, 1) })
        : this.t('train.not95'),
      p ? this._statusText(p) : this.t('common.loading'),
    ].join('\n');
    const losses = p ? p.losses.map((v, i) => [i + 1, v]) : [];
    const accs = p ? p.evals.map((e) => [e.step, e.accuracy]) : [];
    return html`
      <p class="title">${this.t('train.title')}</p>
      <p class="caption">${this.t('train.caption')}</p>
      <div class="controls">
        ${this.toggle({
          id: 'norm',
          label: this.t('train.norm'),
          value: this.norm,
          onChange: (v) => {
            this.norm = v;
          },
          options: NORMS.map((value) => ({ value, label: this.t(`train.norm.${value}`) })),
        })}
        ${this.toggle({
          id: 'lr',
          label: this.t('train.lr'),
          value: String(this.lr),
          onChange: (v) => {
            this.lr = v;
          },
          options: RATES.map((value) => ({ value, label: value })),
        })}
        ${this.toggle({
          id: 'warmup',
          label: this.t('train.warmup'),
          value: this.warmup ? 'on' : 'off',
          onChange: (v) => {
            this.warmup = v === 'on';
          },
          options: [
            { value: 'on', label: this.t('train.on') },
            { value: 'off', label: this.t('train.off') },
          ],
        })}
      </div>
      <div class="actions">
        <button type="button" data-control="run" aria-pressed=${String(running)} @click=${() => this._toggleRun()}>${this.t(running ? 'train.pause' : p && p.step > 0 && this._status === 'paused' ? 'train.resume' : 'train.start')}</button>
        <button type="button" data-control="reset" @click=${() => this._reset()}>${this.t('train.reset')}</button>
        <button type="button" data-control="save" ?disabled=${!p} @click=${() => this._send({ type: 'save' })}>${this.t('train.save')}</button>
        <label class="file"><span>${this.t('train.load')}</span>
          <input type="file" data-control="load" accept=".safetensors" aria-label=${this.t('train.load')} @change=${(e) => this._load(e)}></label>
      </div>
      <div class="plots">
        <div class="plot" style=${`width:${col}px`}>${this._curve(col, { values: losses, min: 0.01, max: 3, log: true, cls: 'loss', label: this.t('train.lossAxis'), xMax: this.steps })}</div>
        <div class="plot" style=${`width:${col}px`}>${this._curve(col, { values: accs, min: 0, max: 1, log: false, cls: 'acc', label: this.t('train.accAxis'), target: 0.95, xMax: this.steps })}</div>
      </div>
      ${this._maps()}
      <div class="readout" aria-live="polite" data-readout>${readout}</div>
      <p class="caption" data-note>${renderCited(this.t('train.note', { batch: this.batch }))}</p>
      <div class="actions"><button type="button" data-control="compare" aria-expanded=${String(!!this._compareOpen)} @click=${() => this._toggleCompare()}>${this.t('train.compare')}</button></div>
      ${this._compareError ? html`<p class="error" role="alert">${this.t('train.statusError', { message: this._compareError })}</p>` : ''}
      ${this._compareOpen ? (this._compare?.render(width) ?? '') : ''}
    `;
  }
}

define('nw-train', NwTrain);
