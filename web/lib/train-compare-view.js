// The comparison mode of <nw-train>, loaded when the reader opens it (the figure's first draw
// does not carry it): Post-LN / Pre-LN × warm-up off / on, each trained from seeds 1…k (k = 3–8,
// the reader's choice) at one peak learning rate (the reader's choice), in the figure's worker
// (lib/train-compare.js's CompareSession, reached through lib/train-session.js's sessionHandler).
// Drawn: held-out accuracy and held-out loss against steps, for each arm a band (min to max over
// the seeds finished) and its median line, plus the line of the seed in training; a table of the
// final values (median, range, each seed); and the claims of lib/train-compare.js decided by the
// finished comparison (the figure's renderClaims), each beside the number it was decided on. Its
// strings are a part of their own (trainCompare.*), loaded with it.
import { css, svg } from 'lit';
import { html } from './base.js';
import { hasStrings, loadStrings } from './i18n.js';
import { fmt } from './format.js';
import { ARMS, COMPARE, summarize, ns, claims } from './train-compare.js';

/** The strings part of this mode (web/i18n/parts.js). */
const PART = 'nw-train-compare';

const styles = css`
  .compare { margin-top: 14px; border-top: 1px solid var(--nw-border); padding-top: 12px; }
  .compare {
    --arm-post: var(--nw-accent);
    --arm-postWarmup: #a21caf;
    --arm-pre: var(--nw-accent-2);
    --arm-preWarmup: var(--nw-ok);
  }
  :host([data-resolved-theme='dark']) .compare { --arm-postWarmup: #e879f9; }
  .compare path.band { stroke: none; fill-opacity: 0.16; }
  .compare .median { fill: none; stroke-width: 2.2; stroke-linejoin: round; }
  .compare .median.off { stroke-dasharray: 6 4; }
  .compare .current { fill: none; stroke-width: 1.2; stroke-opacity: 0.7; stroke-dasharray: 2 3; }
  .compare .grid { stroke: var(--nw-border); }
  .compare .arm-post { fill: var(--arm-post); stroke: var(--arm-post); }
  .compare .arm-postWarmup { fill: var(--arm-postWarmup); stroke: var(--arm-postWarmup); }
  .compare .arm-pre { fill: var(--arm-pre); stroke: var(--arm-pre); }
  .compare .arm-preWarmup { fill: var(--arm-preWarmup); stroke: var(--arm-preWarmup); }
  .compare path.median, .compare path.current { fill: none; }
  .compare .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 0.85rem; margin: 4px 0; padding: 0; list-style: none; }
  .compare .legend svg { vertical-align: middle; margin-right: 4px; }
  .compare table { border-collapse: collapse; font-size: 0.85rem; margin-top: 10px; width: 100%; }
  .compare th, .compare td { text-align: left; padding: 3px 8px 3px 0; border-bottom: 1px solid var(--nw-border); vertical-align: top; }
  .compare td.num { font-family: var(--nw-mono); white-space: nowrap; }
  .compare td.seeds { font-family: var(--nw-mono); font-size: 0.8rem; overflow-wrap: anywhere; }
  .compare .plots { display: flex; flex-wrap: wrap; gap: 16px; }
  .compare .pending { color: var(--nw-muted); font-size: 0.88rem; }
`;

function adoptStyles(root) {
  const sheet = styles.styleSheet;
  if (sheet && root.adoptedStyleSheets) {
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = styles.cssText;
  root.append(style);
}

const PLOT_HEIGHT = 220;

/** The two plots: held-out accuracy (0–1) and held-out loss (log scale between its extremes). */
const KEYS = ['accuracy', 'loss'];

export class CompareView {
  /** @param {HTMLElement} el the <nw-train> that shows it */
  constructor(el) {
    this.el = el;
    /** Peak learning rate (one of the figure's rates), seeds 1…seeds, steps and batch of every run. */
    this.lr = COMPARE.lr;
    this.seeds = COMPARE.seeds;
    this.steps = COMPARE.steps;
    this.batch = COMPARE.batch;
    this.p = null;
    this.status = 'idle';
    this.error = null;
    this.id = 0;
    adoptStyles(el.renderRoot);
  }

  _send(msg) {
    if (!this.el._port) this.el._start();
    this.el._port?.post({ ...msg, session: 'compare', id: this.id });
  }

  /** Starts over with the current settings (nothing runs until Run). */
  configure() {
    this.id++;
    this.p = null;
    this.status = 'idle';
    this.error = null;
    this._send({ type: 'configure', lr: Number(this.lr), steps: this.steps, batch: this.batch, seeds: this.seeds });
    this.el.requestUpdate();
  }

  run() {
    if (!this.el._port || !this.p || this.status === 'done' || this.status === 'error') this.configure();
    // One thing trains at a time: the single run pauses.
    if (this.el._status === 'running') this.el._toggleRun();
    this.status = 'running';
    this._send({ type: 'run' });
    this.el.requestUpdate();
  }

  pause() {
    if (this.status !== 'running') return;
    this.status = 'paused';
    this._send({ type: 'pause' });
    this.el.requestUpdate();
  }

  /** The worker ended or failed: the comparison stops; Run starts it over in a new worker. */
  lost() {
    this.status = 'error';
    this.error = this.el.t('trainCompare.lost');
    this.el.requestUpdate();
  }

  onMessage(m) {
    if (m.id !== undefined && m.id !== this.id) return; // a reply to settings since replaced
    if (m.type === 'progress') {
      this.p = m;
      if (this.status === 'running' && !m.running && !m.finished) this.status = 'paused';
    } else if (m.type === 'done') {
      this.status = 'done';
    } else if (m.type === 'error') {
      this.status = 'error';
      this.error = m.message;
    }
    this.el.requestUpdate();
  }

  _label(id) {
    return this.el.t(`trainCompare.arm.${id}`);
  }

  /** One plot of key ('accuracy' | 'loss'): per arm its band, its median line, the seed in training. */
  _plot(width, s, key) {
    const h = PLOT_HEIGHT;
    const m = { left: 42, right: 12, top: 16, bottom: 28 };
    const iw = width - m.left - m.right;
    const ih = h - m.top - m.bottom;
    const steps = this.p?.options.steps ?? this.steps;
    const x = (step) => (m.left + (step / steps) * iw).toFixed(1);
    let y, ticks;
    if (key === 'accuracy') {
      y = (v) => (m.top + (1 - v) * ih).toFixed(1);
      ticks = [0, 0.25, 0.5, 0.75, 1].map((v) => ({ v, label: `${Math.round(v * 100)}%` }));
    } else {
      const all = s
        ? ARMS.flatMap((a) => [
            ...s.arms[a.id].loss.band.flatMap((b) => [b.min, b.max]),
            ...s.arms[a.id].loss.current.map((c) => c.value),
          ])
        : [];
      const finite = all.filter((v) => Number.isFinite(v) && v > 0);
      const lo = Math.log10(finite.length ? Math.min(...finite) : 0.01);
      const hi = Math.log10(finite.length ? Math.max(...finite) : 3);
      const span = Math.max(hi - lo, 0.1);
      y = (v) => (m.top + ((hi - Math.log10(Math.max(v, 1e-12))) / span) * ih).toFixed(1);
      ticks = [hi, lo + span / 2, lo].map((l) => ({ v: 10 ** l, label: fmt(10 ** l, 10 ** l < 0.1 ? 3 : 2) }));
    }
    const line = (pts, k) => pts.map((p, i) => `${i ? 'L' : 'M'}${x(p.step)},${y(p[k])}`).join('');
    const layers = ARMS.map((arm) => {
      const a = s?.arms[arm.id][key];
      const band = a?.band ?? [];
      const area = band.length
        ? `${line(band, 'max')}${[...band]
            .reverse()
            .map((p) => `L${x(p.step)},${y(p.min)}`)
            .join('')}Z`
        : '';
      return svg`<g data-arm=${arm.id}>
        <path class=${`band arm-${arm.id}`} data-band=${arm.id} d=${area}></path>
        <path class=${`median arm-${arm.id} ${arm.warmup ? 'on' : 'off'}`} data-median=${arm.id} d=${band.length ? line(band, 'median') : ''}></path>
        <path class=${`current arm-${arm.id}`} data-current=${arm.id} d=${a?.current.length ? line(a.current, 'value') : ''}></path>
      </g>`;
    });
    const aria = this.el.t(`trainCompare.plotAria.${key}`, {
      steps,
      seeds: s?.seeds ?? 0,
      medians: ARMS.map((a) =>
        s && s.seeds ? `${this._label(a.id)} ${this._value(key, s.arms[a.id][key].median)}` : this._label(a.id),
      ).join('; '),
    });
    return html`<svg viewBox=${`0 0 ${width} ${h}`} width=${width} height=${h} role="img" aria-label=${aria} data-compare-plot=${key}>
      <text class="axis-title" x="4" y="10">${this.el.t(key === 'accuracy' ? 'train.accAxis' : 'trainCompare.lossAxis')}</text>
      ${ticks.map(
        ({ v, label }) => svg`<line class="grid" x1=${m.left} x2=${width - m.right} y1=${y(v)} y2=${y(v)}></line>
        <text x=${m.left - 4} y=${Number(y(v)) + 4} text-anchor="end">${label}</text>`,
      )}
      <text x=${m.left} y=${h - 8}>0</text>
      <text x=${width - m.right} y=${h - 8} text-anchor="end">${this.el.t('train.stepAxis', { steps })}</text>
      ${layers}
    </svg>`;
  }

  /** A value as the table shows it: accuracy in %, loss with 3 decimals. */
  _value(key, v) {
    if (!Number.isFinite(v)) return '–';
    return key === 'accuracy' ? `${fmt(v * 100, 1)}%` : fmt(v, 3);
  }

  _legend() {
    return html`<ul class="legend">
      ${ARMS.map(
        (a) =>
          html`<li><svg width="26" height="10" aria-hidden="true"><path class=${`median arm-${a.id} ${a.warmup ? 'on' : 'off'}`} d="M1,5L25,5"></path></svg>${this._label(a.id)}</li>`,
      )}
    </ul>`;
  }

  /** Per arm, at the last step: median and range over the seeds of held-out accuracy and loss, and each seed's accuracy. */
  _table(s) {
    const t = (k, v) => this.el.t(k, v);
    return html`<table data-compare-finals>
      <caption class="visually-hidden">${t('trainCompare.tableCaption')}</caption>
      <thead><tr><th scope="col">${t('trainCompare.colArm')}</th><th scope="col">${t('trainCompare.colAccuracy')}</th>
        <th scope="col">${t('trainCompare.colLoss')}</th><th scope="col">${t('trainCompare.colSeeds')}</th></tr></thead>
      <tbody>${ARMS.map((a) => {
        const r = s?.arms[a.id];
        const cell = (key) => {
          const c = r?.[key];
          if (!c?.final.length) return '–';
          return `${this._value(key, c.median)} (${this._value(key, c.min)} – ${this._value(key, c.max)})`;
        };
        const stopped = r?.stopped.length ? ` ${t('trainCompare.stopped', { seeds: r.stopped.join(', ') })}` : '';
        return html`<tr data-arm=${a.id} data-acc-median=${r?.accuracy.final.length ? String(r.accuracy.median) : ''}
          data-acc-min=${r?.accuracy.final.length ? String(r.accuracy.min) : ''} data-acc-max=${r?.accuracy.final.length ? String(r.accuracy.max) : ''}>
          <th scope="row">${this._label(a.id)}</th>
          <td class="num" data-cell="accuracy">${cell('accuracy')}</td>
          <td class="num" data-cell="loss">${cell('loss')}</td>
          <td class="seeds">${r?.accuracy.final.length ? r.accuracy.final.map((v) => fmt(v * 100, 1)).join(' · ') : '–'}${stopped}</td></tr>`;
      })}</tbody>
    </table>`;
  }

  _claims(s) {
    if (!s?.complete)
      return html`<p class="pending" data-claims-pending>${this.el.t('trainCompare.claimsPending')}</p>`;
    return this.el.renderClaims(ns, claims, s);
  }

  _status(s) {
    const o = this.p?.options;
    switch (this.status) {
      case 'running':
        return this.el.t('trainCompare.statusRunning', { seed: this.p?.seed ?? 1, seeds: o?.seeds ?? this.seeds });
      case 'paused':
        return this.el.t('trainCompare.statusPaused', { seed: this.p?.seed ?? 1, seeds: o?.seeds ?? this.seeds });
      case 'done':
        return this.el.t('trainCompare.statusDone', {
          runs: ARMS.length * (s?.seeds ?? 0),
          seconds: fmt(this.p?.seconds ?? 0, 1),
        });
      case 'error':
        return this.el.t('train.statusError', { message: this.error ?? '' });
      default:
        return this.el.t('trainCompare.statusIdle');
    }
  }

  render(width) {
    const el = this.el;
    const lang = el._lang;
    if (!hasStrings(lang, PART)) {
      loadStrings(lang, PART).then(
        () => el.requestUpdate(),
        (e) => {
          this.status = 'error';
          this.error = e.message;
        },
      );
      return html`<div class="compare"><p class="caption">${el.t('common.loading')}</p></div>`;
    }
    const s = this.p ? summarize(this.p) : null;
    const o = this.p?.options ?? { lr: Number(this.lr), steps: this.steps, batch: this.batch, seeds: this.seeds };
    const running = this.status === 'running';
    const step = this.p ? `${this.p.step}/${o.steps}` : `0/${o.steps}`;
    return html`<section class="compare" aria-labelledby="compare-title" data-compare>
      <p class="title" id="compare-title">${el.t('trainCompare.title')}</p>
      <p class="caption">${el.t('trainCompare.caption')}</p>
      <div class="controls">
        ${el.toggle({
          id: 'compare-lr',
          label: el.t('train.lr'),
          value: String(this.lr),
          onChange: (v) => {
            this.lr = v;
            this.configure();
          },
          options: el.constructor.controls.lr.choices.map((value) => ({ value, label: value })),
        })}
        ${el.toggle({
          id: 'compare-seeds',
          label: el.t('trainCompare.seeds'),
          value: String(this.seeds),
          onChange: (v) => {
            this.seeds = Number(v);
            this.configure();
          },
          options: Array.from({ length: COMPARE.maxSeeds - COMPARE.minSeeds + 1 }, (_, i) => {
            const v = String(COMPARE.minSeeds + i);
            return { value: v, label: v };
          }),
        })}
      </div>
      <div class="actions">
        <button type="button" data-control="compare-run" aria-pressed=${String(running)}
          @click=${() => (running ? this.pause() : this.run())}>${el.t(running ? 'train.pause' : this.status === 'paused' ? 'train.resume' : 'trainCompare.run')}</button>
        <button type="button" data-control="compare-reset" @click=${() => this.configure()}>${el.t('train.reset')}</button>
      </div>
      ${this._legend()}
      <div class="plots">${KEYS.map((key) => this._plot(Math.max(260, this.el.columnWidth(width, 620)), s, key))}</div>
      <div class="readout" data-compare-readout><span aria-live="polite">${this._status(s)}</span>
${el.t('trainCompare.readoutStep', { step, lr: o.lr.toExponential(0), batch: o.batch })}</div>
      ${this._table(s)}
      ${this._claims(s)}
      <p class="caption">${el.t('trainCompare.scope', { steps: o.steps, batch: o.batch, seeds: o.seeds, lr: o.lr.toExponential(0) })}</p>
    </section>`;
  }
}
