// The base of every figure element: language, theme, the shared normwave instance, URL state,
// and the common look (CSS custom properties, sliders, readouts). Elements extend NwElement.
import { LitElement, html, css } from 'lit';
import { loadNormwave } from '../normwave.js';
import { translate, normalizeLang } from './i18n.js';
import { readState, writeState } from './url-state.js';
import { parity } from './parity.js';
import { fmtSci } from './format.js';

// One observer for the whole page: elements re-render when <html lang> or data-theme changes.
const listeners = new Set();
if (typeof document !== 'undefined') {
  new MutationObserver(() => listeners.forEach((el) => el._syncEnvironment()))
    .observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'data-theme'] });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => listeners.forEach((el) => el._syncEnvironment()));
}

export const sharedStyles = css`
  :host {
    --nw-bg: #ffffff;
    --nw-fg: #1b1f24;
    --nw-muted: #5b6470;
    --nw-border: #d5dae1;
    --nw-panel: #f5f7fa;
    --nw-accent: #c2410c;
    --nw-accent-2: #1d4ed8;
    --nw-on-accent: #ffffff;
    --nw-ok: #15803d;
    --nw-warn: #b45309;
    --nw-font: system-ui, -apple-system, 'Segoe UI', 'Noto Sans KR', 'NanumGothic', sans-serif;
    --nw-mono: ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace;
    display: block;
    box-sizing: border-box;
    max-width: 100%;
    color: var(--nw-fg);
    background: var(--nw-bg);
    font-family: var(--nw-font);
    font-size: 15px;
    line-height: 1.5;
    border: 1px solid var(--nw-border);
    border-radius: 10px;
    padding: 14px;
    margin: 1.2em 0;
  }
  :host([data-resolved-theme='dark']) {
    --nw-bg: #15191f;
    --nw-fg: #e6e9ee;
    --nw-muted: #9aa4b2;
    --nw-border: #343c48;
    --nw-panel: #1e242c;
    --nw-accent: #fb923c;
    --nw-accent-2: #60a5fa;
    --nw-on-accent: #111418;
    --nw-ok: #4ade80;
    --nw-warn: #fbbf24;
  }
  *, *::before, *::after { box-sizing: border-box; }
  .title { font-weight: 650; margin: 0 0 4px; font-size: 1rem; }
  .caption { color: var(--nw-muted); font-size: 0.88rem; margin: 0 0 10px; }
  .controls { display: flex; flex-wrap: wrap; gap: 8px 18px; margin: 8px 0 12px; }
  .control { display: flex; flex-direction: column; min-width: 150px; flex: 1 1 150px; }
  .control label { font-size: 0.85rem; color: var(--nw-muted); display: flex; justify-content: space-between; gap: 8px; }
  .control output { font-family: var(--nw-mono); color: var(--nw-fg); }
  input[type='range'] { width: 100%; accent-color: var(--nw-accent); min-height: 28px; }
  .control .toggle { align-self: flex-start; }
  .toggle { display: inline-flex; border: 1px solid var(--nw-border); border-radius: 8px; overflow: hidden; }
  .toggle button { white-space: nowrap; font: inherit; font-size: 0.85rem; border: 0; padding: 6px 12px; min-height: 32px; background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
  .toggle button[aria-pressed='true'] { background: var(--nw-accent); color: var(--nw-on-accent); }
  button:focus-visible, input:focus-visible, [tabindex]:focus-visible { outline: 2px solid var(--nw-accent-2); outline-offset: 2px; }
  .readout { font-family: var(--nw-mono); font-size: 0.85rem; background: var(--nw-panel); border-radius: 6px; padding: 8px 10px; margin-top: 10px; white-space: pre-wrap; overflow-wrap: anywhere; }
  .badge { display: inline-block; font-size: 0.8rem; padding: 2px 8px; border-radius: 999px; border: 1px solid currentColor; }
  .badge.ok { color: var(--nw-ok); }
  .badge.warn { color: var(--nw-warn); }
  .badges { display: flex; flex-wrap: wrap; gap: 6px 14px; margin-top: 8px; }
  .badge-row { display: inline-flex; flex-wrap: wrap; align-items: center; gap: 6px; }
  .badge-op { font-size: 0.8rem; color: var(--nw-muted); }
  .error { color: var(--nw-warn); }
  svg text { fill: var(--nw-muted); font-size: 11px; font-family: var(--nw-font); }
  canvas { image-rendering: pixelated; display: block; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

/**
 * Base class of the figures.
 * Attributes: lang ('ko' | 'en'; default: the page's <html lang>), theme ('light' | 'dark';
 * default: the page's data-theme, else the system preference), no-url-state (keep the state out
 * of the URL hash; by default an element with an id keeps its state there).
 * Subclasses declare `static urlState = { prop: { min, max, step } | 'bool' | [choices] |
 * { valid(raw) → boolean } }` (the last for free strings, checked before they are used).
 */
export class NwElement extends LitElement {
  static properties = {
    theme: { type: String, reflect: true },
    nw: { state: true },
    loadError: { state: true },
    _width: { state: true },
  };

  // lang is the native HTML attribute: observed here rather than redeclared as a Lit property.
  static get observedAttributes() {
    return [...super.observedAttributes, 'lang'];
  }

  static styles = sharedStyles;
  static urlState = {};

  constructor() {
    super();
    this.nw = null;
    this.loadError = null;
  }

  connectedCallback() {
    super.connectedCallback();
    listeners.add(this);
    this._syncEnvironment();
    // Figures size their SVG to the element's width (so text stays legible on a phone). Applied in
    // the next frame, so a re-render never resizes what is being observed within the same frame.
    this._resize ??= new ResizeObserver(([entry]) => {
      const w = Math.floor(entry.contentRect.width);
      requestAnimationFrame(() => { if (w > 0 && w !== this._width) this._width = w; });
    });
    this._resize.observe(this);
    // The first render already has the real width (the observer reports only after a frame): a
    // figure that appears on screen does not draw at a default width and then re-flow.
    if (!this._width && this.isConnected) {
      const cs = getComputedStyle(this);
      const w = Math.floor(this.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight));
      if (w > 0) this._width = w;
    }
    this._restoreState();
    loadNormwave().then((nw) => { this.nw = nw; }, (e) => { this.loadError = e; });
  }

  disconnectedCallback() {
    listeners.delete(this);
    this._resize.disconnect();
    super.disconnectedCallback();
  }

  /**
   * Resolves once the element is within `margin` of the viewport: for figures that fetch large
   * files (the trained model), so the page's first load leaves them out until the reader nears them.
   */
  whenNear(margin = '1200px') {
    this._near ??= new Promise((resolve) => {
      if (typeof IntersectionObserver !== 'function') { resolve(); return; }
      const io = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) { io.disconnect(); resolve(); }
      }, { rootMargin: margin });
      io.observe(this);
    });
    return this._near;
  }

  /** The effective language: own attribute, else the nearest lang, else Korean. */
  get locale() {
    return normalizeLang(this.getAttribute('lang') || this.parentElement?.closest('[lang]')?.getAttribute('lang') || document.documentElement.lang);
  }

  /** Looks up a string of web/i18n in this element's language. */
  t(key, vars) {
    return translate(this.locale, key, vars);
  }

  _syncEnvironment() {
    const own = this.getAttribute('theme');
    const page = document.documentElement.dataset.theme;
    const resolved = own === 'dark' || own === 'light' ? own
      : page === 'dark' || page === 'light' ? page
        : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    if (this.dataset.resolvedTheme !== resolved) this.dataset.resolvedTheme = resolved;
    this.requestUpdate();
  }

  attributeChangedCallback(name, old, value) {
    super.attributeChangedCallback(name, old, value);
    if (name === 'theme' || name === 'lang') this._syncEnvironment?.();
  }

  get _urlStateOn() {
    return this.id && !this.hasAttribute('no-url-state');
  }

  _restoreState() {
    if (!this._urlStateOn) return;
    const saved = readState(this.id);
    for (const [prop, spec] of Object.entries(this.constructor.urlState)) {
      if (!(prop in saved)) continue;
      const raw = saved[prop];
      if (spec === 'bool') this[prop] = raw === '1' || raw === 'true';
      else if (Array.isArray(spec)) { if (spec.includes(raw)) this[prop] = raw; }
      else if (typeof spec.valid === 'function') { if (spec.valid(raw)) this[prop] = raw; }
      else {
        const v = Number(raw);
        if (Number.isFinite(v)) {
          const clamped = Math.min(spec.max, Math.max(spec.min, v));
          const step = spec.step ?? 1;
          this[prop] = Math.round((clamped - spec.min) / step) * step + spec.min;
        }
      }
    }
  }

  updated(changed) {
    super.updated?.(changed);
    if (!this._urlStateOn) return;
    const props = Object.keys(this.constructor.urlState);
    if (!props.some((p) => changed.has(p))) return;
    const state = {};
    for (const p of props) {
      const v = this[p];
      state[p] = typeof v === 'boolean' ? (v ? 1 : 0) : v;
    }
    writeState(this.id, state);
  }

  /**
   * A labelled range input that reports every movement (input events, not only change).
   * .value is bound after min/max/step: bound first, the browser would clamp it to 0–100.
   */
  slider({ id, label, value, min, max, step = 1, onInput, format = (v) => String(v) }) {
    const inputId = `${id}-input`;
    return html`<div class="control">
      <label for=${inputId}><span>${label}</span><output for=${inputId}>${format(value)}</output></label>
      <input id=${inputId} data-control=${id} type="range" min=${min} max=${max} step=${step}
        .value=${String(value)} aria-valuetext=${format(value)}
        @input=${(e) => onInput(Number(e.target.value))}>
    </div>`;
  }

  /** A two-or-more-way switch of buttons with aria-pressed. */
  toggle({ id, label, value, options, onChange }) {
    return html`<div class="control" role="group" aria-label=${label}>
      <label><span>${label}</span></label>
      <div class="toggle" data-control=${id}>
        ${options.map((o) => html`<button type="button" data-value=${o.value} aria-pressed=${String(value === o.value)}
          @click=${() => onChange(o.value)}>${o.label}</button>`)}
      </div>
    </div>`;
  }

  /**
   * A badge with the live max error of the library against PyTorch reference values for op
   * (see lib/parity.js), for figures that mirror a PyTorch op. Re-renders when the check is done.
   */
  parityBadge(op) {
    this._parity ??= {};
    if (!(op in this._parity)) {
      this._parity[op] = null;
      parity(op).then((r) => { this._parity[op] = r; this.requestUpdate(); },
        (e) => { this._parity[op] = { error: e.message }; this.requestUpdate(); });
    }
    const r = this._parity[op];
    if (!r) return html`<span class="badge parity" data-parity=${op}>${this.t('common.parityRunning')}</span>`;
    if (r.error) return html`<span class="badge parity warn" data-parity=${op} data-ok="false">${this.t('common.parityError', { message: r.error })}</span>`;
    return html`<span class="badge parity ${r.ok ? 'ok' : 'warn'}" data-parity=${op} data-ok=${String(r.ok)}
      data-max-error=${String(r.maxError)} title=${r.torch}>${this.t(r.ok ? 'common.parityOk' : 'common.parityBad', {
        error: fmtSci(r.maxError), tolerance: fmtSci(r.tolerance, 0) })}</span>`;
  }

  /** Parity badges labelled by op name: parityBadges(['LayerNorm', 'layerNorm'], ...). */
  parityBadges(...rows) {
    return html`<div class="badges">${rows.map(([label, op]) => html`<span class="badge-row"><span class="badge-op">${label}</span>${this.parityBadge(op)}</span>`)}</div>`;
  }

  /** One of two side-by-side columns (16 px apart) when width >= breakpoint, else the whole width. */
  columnWidth(width, breakpoint) {
    return width >= breakpoint ? Math.floor((width - 16) / 2) : width;
  }

  /** What to show until the library is ready, or when it cannot load. */
  renderLoading() {
    if (this.loadError) return html`<p class="error" role="alert">${this.t('common.loadError', { message: this.loadError.message })}</p>`;
    return html`<p class="caption">${this.t('common.loading')}</p>`;
  }
}

export { html, css };
