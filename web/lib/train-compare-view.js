// The comparison mode of <nw-train>, loaded when the reader opens it (the figure's first draw
// does not carry it): Post-LN / Pre-LN × warm-up off / on, each trained from seeds 1…k (k = 3–8,
// the reader's choice) at one peak learning rate (the reader's choice), in the figure's worker
// (lib/train-compare.js's CompareSession, reached through lib/train-session.js's sessionHandler).
// Drawn: held-out accuracy against steps, for each arm a band (min to max over the seeds
// finished) and its median line, plus the line of the seed in training; a table of the final
// accuracies; and the claims (lib/train-claims.js) decided by the finished run, each beside the
// numbers it was decided on. Its strings are a part of their own (trainCompare.*), loaded with it.
import { css, svg } from 'lit';
import { html } from './base.js';
import { hasStrings, loadStrings } from './i18n.js';
import { fmt } from './format.js';
import { ARMS, COMPARE, summarize } from './train-compare.js';
import { TRAIN_CLAIMS, decide } from './train-claims.js';

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
  .compare .band { stroke: none; fill-opacity: 0.16; }
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
  .compare .claims { list-style: none; padding: 0; margin: 10px 0 0; }
  .compare .claims li { margin: 0 0 8px; padding-left: 10px; border-left: 3px solid var(--nw-ok); }
  .compare .claims li[data-holds='false'] { border-left-color: var(--nw-warn); }
  .compare .evidence { display: block; font-family: var(--nw-mono); font-size: 0.8rem; color: var(--nw-muted); overflow-wrap: anywhere; }
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

const PLOT_HEIGHT = 250;

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

  _plot(width, s) {
    const h = PLOT_HEIGHT;
    const m = { left: 42, right: 12, top: 12, bottom: 28 };
    const iw = width - m.left - m.right;
    const ih = h - m.top - m.bottom;
    const steps = this.p?.options.steps ?? this.steps;
    const x = (step) => (m.left + (step / steps) * iw).toFixed(1);
    const y = (v) => (m.top + (1 - v) * ih).toFixed(1);
    const line = (pts, key) => pts.map((p, i) => `${i ? 'L' : 'M'}${x(p.step)},${y(p[key])}`).join('');
    const layers = ARMS.map((arm) => {
      const a = s?.arms[arm.id];
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
        <path class=${`current arm-${arm.id}`} data-current=${arm.id} d=${a?.current.length ? line(a.current, 'accuracy') : ''}></path>
      </g>`;
    });
    const aria = this.el.t('trainCompare.plotAria', {
      steps,
      seeds: s?.seeds ?? 0,
      medians: ARMS.map((a) =>
        s && s.seeds ? `${this._label(a.id)} ${fmt(s.arms[a.id].median * 100, 1)}%` : this._label(a.id),
      ).join('; '),
    });
    return html`<svg viewBox=${`0 0 ${width} ${h}`} width=${width} height=${h} role="img" aria-label=${aria} data-compare-plot>
      <text class="axis-title" x="4" y="10">${this.el.t('train.accAxis')}</text>
      ${[0, 0.25, 0.5, 0.75, 1].map(
        (v) => svg`<line class="grid" x1=${m.left} x2=${width - m.right} y1=${y(v)} y2=${y(v)}></line>
        <text x=${m.left - 4} y=${Number(y(v)) + 4} text-anchor="end">${Math.round(v * 100)}%</text>`,
      )}
      <text x=${m.left} y=${h - 8}>0</text>
      <text x=${width - m.right} y=${h - 8} text-anchor="end">${this.el.t('train.stepAxis', { steps })}</text>
      ${layers}
    </svg>`;
  }

  _legend() {
    return html`<ul class="legend">
      ${ARMS.map(
        (a) => html`<li><svg width="26" height="10" aria-hidden="true"><path class=${`median arm-${a.id} ${a.warmup ? 'on' : 'off'}`} d="M1,5L25,5"></path></svg>${this._label(a.id)}</li>`,
      )}
    </ul>`;
  }

  _table(s) {
    const t = (k, v) => this.el.t(k, v);
    const p = (v) => (Number.isFinite(v) ? `${fmt(v * 100, 1)}%` : '–');
    return html`<table data-compare-finals>
      <caption class="visually-hidden">${t('trainCompare.tableCaption')}</caption>
      <thead><tr><th scope="col">${t('trainCompare.colArm')}</th><th scope="col">${t('trainCompare.colMedian')}</th>
        <th scope="col">${t('trainCompare.colRange')}</th><th scope="col">${t('trainCompare.colSeeds')}</th></tr></thead>
      <tbody>${ARMS.map((a) => {
        const r = s?.arms[a.id];
        const stopped = r?.stopped.length ? ` ${t('trainCompare.stopped', { seeds: r.stopped.join(', ') })}` : '';
        return html`<tr data-arm=${a.id}><th scope="row">${this._label(a.id)}</th>
          <td class="num">${p(r?.median)}</td>
          <td class="num">${r?.final.length ? `${p(r.min)} – ${p(r.max)}` : '–'}</td>
          <td class="seeds">${r?.final.length ? r.final.map((v) => fmt(v * 100, 1)).join(' · ') : '–'}${stopped}</td></tr>`;
      })}</tbody>
    </table>`;
  }

  _claims(s) {
    if (!s?.complete) return html`<p class="pending" data-claims-pending>${this.el.t('trainCompare.claimsPending')}</p>`;
    const label = (id) => this._label(id);
    return html`<ul class="claims">
      ${TRAIN_CLAIMS.map((c) => {
        const d = decide(c, s, label);
        return html`<li data-claim=${d.id} data-holds=${String(d.holds)}>${this.el.t(d.key)}<span class="evidence" data-evidence>${d.evidence}</span></li>`;
      })}
    </ul>`;
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
      <div class="plot">${this._plot(Math.max(260, width), s)}</div>
      <div class="readout" data-compare-readout><span aria-live="polite">${this._status(s)}</span>
${el.t('trainCompare.readoutStep', { step, lr: o.lr.toExponential(0), batch: o.batch })}</div>
      ${this._table(s)}
      ${this._claims(s)}
      <p class="caption">${el.t('trainCompare.scope', { steps: o.steps, batch: o.batch, seeds: o.seeds, lr: o.lr.toExponential(0) })}</p>
    </section>`;
  }
}
