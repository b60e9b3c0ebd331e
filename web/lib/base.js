// The base of every figure element: language, theme, the shared normwave instance, URL state,
// the share/embed/save menu, and the common look (CSS custom properties, sliders, readouts).
// Elements extend NwElement.
import { LitElement, html, css, render } from 'lit';
import { loadNormwave } from '../normwave.js';
import { translate, normalizeLang, hasStrings, loadStrings } from './i18n.js';
import { readState, writeState } from './url-state.js';
import { parity } from './parity.js';
import { assetBase } from './assets.js';
import { fmtSci } from './format.js';
import { controlValue } from './controls.js';
import { judgeClaims, claimKeys } from './claims.js';

export { controlValue };

const URL_SPECS = new WeakMap();
const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

// One observer for the whole page, started by the first figure that connects (nothing here
// touches the DOM when the module is imported, so a server render may import it): figures follow
// the language and theme declared on <html> and <body> as they change, and the OS colour scheme.
const listeners = new Set();
const watched = new WeakSet();
let pageObserver = null;
function watchPage() {
  if (!pageObserver) {
    const sync = () => listeners.forEach((el) => el._syncEnvironment());
    pageObserver = new MutationObserver(sync);
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', sync);
  }
  for (const node of [document.documentElement, document.body]) {
    if (node && !watched.has(node)) {
      watched.add(node);
      pageObserver.observe(node, {
        attributes: true,
        attributeFilter: ['lang', 'class', 'data-theme', 'data-bs-theme'],
      });
    }
  }
}

/**
 * The theme a host page declares, 'dark', 'light' or null, by the common conventions on <body>,
 * then <html>: data-theme or data-bs-theme (Bootstrap) = dark | light, a dark or light class
 * (Tailwind and others), WordPress's is-dark-theme class.
 */
export function pageTheme(doc = document) {
  for (const node of [doc.body, doc.documentElement]) {
    if (!node) continue;
    for (const v of [node.getAttribute('data-theme'), node.getAttribute('data-bs-theme')])
      if (v === 'dark' || v === 'light') return v;
    const c = node.classList;
    if (c.contains('dark') || c.contains('is-dark-theme')) return 'dark';
    if (c.contains('light')) return 'light';
  }
  return null;
}

let warnedTwice = false;
/**
 * Registers a figure's element where there is a registry (a browser; a server render has none).
 * A tag another copy of normwave on the page has defined (two posts that embed different
 * versions) keeps that definition: this copy says so once on the console and defines nothing.
 */
export function define(tag, cls) {
  if (typeof customElements !== 'object' || !customElements) return;
  if (!customElements.get(tag)) customElements.define(tag, cls);
  else if (customElements.get(tag) !== cls && !warnedTwice) {
    warnedTwice = true;
    console.warn(`normwave: another copy on this page defines <${tag}>; this copy leaves the figures to it.`);
  }
}

// The theme: each colour is the page's --nw-* property when it sets one (on :root, any ancestor or
// the figure), else the resolved theme's default. The host holds the resolved values under private
// names (--_bg …) and its shadow content takes the public names from them, so a value the page sets
// is never shadowed by a default declared on the host.
export const sharedStyles = css`
  :host {
    --_bg: var(--nw-bg, #ffffff);
    --_fg: var(--nw-fg, #1b1f24);
    --_muted: var(--nw-muted, #5b6470);
    --_border: var(--nw-border, #d5dae1);
    --_panel: var(--nw-panel, #f5f7fa);
    --_accent: var(--nw-accent, #c2410c);
    --_accent-2: var(--nw-accent-2, #1d4ed8);
    --_on-accent: var(--nw-on-accent, #ffffff);
    --_ok: var(--nw-ok, #15803d);
    --_warn: var(--nw-warn, #b45309);
    --_font: var(--nw-font, system-ui, -apple-system, 'Segoe UI', 'Noto Sans KR', 'NanumGothic', sans-serif);
    --_mono: var(--nw-mono, ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace);
    display: block;
    box-sizing: border-box;
    max-width: 100%;
    color: var(--_fg);
    background: var(--_bg);
    font-family: var(--_font);
    font-size: 15px;
    line-height: 1.5;
    border: 1px solid var(--_border);
    border-radius: 10px;
    padding: 14px;
    margin: 1.2em 0;
  }
  :host([data-resolved-theme='dark']) {
    --_bg: var(--nw-bg, #15191f);
    --_fg: var(--nw-fg, #e6e9ee);
    --_muted: var(--nw-muted, #9aa4b2);
    --_border: var(--nw-border, #343c48);
    --_panel: var(--nw-panel, #1e242c);
    --_accent: var(--nw-accent, #fb923c);
    --_accent-2: var(--nw-accent-2, #60a5fa);
    --_on-accent: var(--nw-on-accent, #111418);
    --_ok: var(--nw-ok, #4ade80);
    --_warn: var(--nw-warn, #fbbf24);
  }
  :host > * {
    --nw-bg: var(--_bg);
    --nw-fg: var(--_fg);
    --nw-muted: var(--_muted);
    --nw-border: var(--_border);
    --nw-panel: var(--_panel);
    --nw-accent: var(--_accent);
    --nw-accent-2: var(--_accent-2);
    --nw-on-accent: var(--_on-accent);
    --nw-ok: var(--_ok);
    --nw-warn: var(--_warn);
    --nw-font: var(--_font);
    --nw-mono: var(--_mono);
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
  .badge.unavailable { color: var(--nw-muted); border-style: dashed; }
  .badge.pending { display: inline-grid; }
  .badge.pending > span { grid-area: 1 / 1; }
  .badge-room { visibility: hidden; }
  .claims { list-style: none; margin: 10px 0; padding: 0; display: grid; gap: 6px; font-size: 0.9rem; }
  .claims li { padding: 2px 0 2px 10px; border-left: 3px solid var(--nw-accent-2); }
  .claims .evidence { display: inline-block; font-family: var(--nw-mono); font-size: 0.78rem; color: var(--nw-muted); background: var(--nw-panel); border-radius: 4px; padding: 0 6px; }
  details { margin-top: 8px; font-size: 0.85rem; }
  details summary { cursor: pointer; color: var(--nw-muted); min-height: 28px; }
  details table { border-collapse: collapse; font-family: var(--nw-mono); font-size: 0.8rem; margin-top: 4px; }
  details th, details td { padding: 2px 10px; text-align: right; border-bottom: 1px solid var(--nw-border); }
  .nw-share { display: flex; flex-direction: column; align-items: flex-end; margin-top: 8px; }
  .nw-share:empty { display: none; }
  .nw-share > button, .nw-share-panel button { font: inherit; font-size: 0.8rem; color: var(--nw-muted); background: none; border: 1px solid var(--nw-border); border-radius: 6px; padding: 3px 10px; min-height: 28px; cursor: pointer; }
  .nw-share > button[aria-expanded='true'] { color: var(--nw-fg); background: var(--nw-panel); }
  .nw-share-panel { align-self: stretch; margin-top: 6px; padding: 8px 10px; border: 1px solid var(--nw-border); border-radius: 8px; background: var(--nw-panel); font-size: 0.85rem; }
  .nw-share-panel ul { list-style: none; display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; }
  .nw-share-panel button { color: var(--nw-fg); background: var(--nw-bg); }
  .nw-share-panel [role='status'] { margin: 6px 0 0; min-height: 1.2em; color: var(--nw-muted); }
  .nw-share-panel textarea { width: 100%; margin-top: 6px; font: 12px/1.4 var(--nw-mono); color: var(--nw-fg); background: var(--nw-bg); border: 1px solid var(--nw-border); border-radius: 6px; }
`;

/**
 * Base class of the figures.
 * Attributes: lang ('ko' | 'en', by its primary subtag; default: the nearest [lang] ancestor, else
 * the page's <html lang>; any other language: the reader's if it is ko or en, else English), theme
 * ('light' | 'dark' | 'auto', the default: the page's convention (pageTheme), else the system
 * preference),
 * no-url-state (keep the state out of the URL hash; by default an element with an id keeps its
 * state there), asset-base (where the .wasm and data files are; see lib/assets.js), no-share
 * (hide the share/embed/save menu). Children of the tag are the author's fallback: shown until the
 * element is defined, and again beside the message when the library cannot load.
 * Events: nw-change (bubbles, composed; detail: `state`) when the reader changes the figure's
 * state, not when attributes, the URL or a script set it.
 * Strings load per language on demand: until the element's language is loaded t() answers with
 * the language shown before (or ''), and `nw` is set only once both the library and the strings
 * are there, so figures compute and draw with their text.
 * Subclasses declare their controls once, in `static controls` (see controlValue above):
 *   static controls = { dModel: { min: 16, max: 512, step: 16, default: 64 }, mode: { choices: ['bn', 'ln'], default: 'bn' },
 *     masked: { bool: true, default: true } }
 * and get for each: a Lit property (attribute: the kebab-case name, or `attribute`; a boolean's
 * attribute reads "false" and "0" as false), its default, its value clamped to the range and
 * snapped to the step (or checked against the choices) before every render, and a place in the
 * URL state (unless `url: false`). Controls may depend on those declared before them:
 * `limit(el)` narrows a range ({ min?, max? }), `fit(value, el)` moves a valid value to the
 * nearest allowed one (a head count that divides d_model), `default(el)` follows another control. Figures whose state is not a control may still
 * declare `static urlState = { prop: { min, max, step } | 'bool' | [choices] |
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
  static controls = {};
  /**
   * true for a figure that needs the training module from its first draw (backward passes,
   * the trainer): this.nw is then loadNormwave({ training: true }). Others load the forward
   * module and may ask for the training one later with this.loadLibrary({ training: true }).
   */
  static training = false;

  /** The URL state the controls declare: { prop: { min, max, step } | [choices] }. */
  static get urlState() {
    let spec = URL_SPECS.get(this);
    if (!spec) {
      spec = {};
      for (const [prop, c] of Object.entries(this.controls)) {
        if (c.url !== false)
          spec[prop] = c.bool ? 'bool' : c.choices ? c.choices : { min: c.min, max: c.max, step: c.step ?? 1 };
      }
      URL_SPECS.set(this, spec);
    }
    return spec;
  }

  /** Lit properties for the controls (a property the subclass declares itself wins). */
  static finalize() {
    if (Object.hasOwn(this, 'finalized')) return;
    if (Object.hasOwn(this, 'controls')) {
      const own = Object.hasOwn(this, 'properties') ? this.properties : {};
      for (const [prop, c] of Object.entries(this.controls)) {
        if (Object.hasOwn(own, prop)) continue;
        const attribute = c.attribute ?? kebab(prop);
        if (c.bool) {
          this.createProperty(prop, {
            attribute,
            converter: { fromAttribute: (v) => v !== null && v !== 'false' && v !== '0' },
          });
          continue;
        }
        const numeric = !c.choices || c.choices.every((v) => typeof v === 'number');
        this.createProperty(prop, { type: numeric ? Number : String, attribute });
      }
    }
    super.finalize();
  }

  constructor() {
    super();
    this.nw = null;
    this.loadError = null;
    this._lang = null;
    for (const [prop, c] of Object.entries(this.constructor.controls))
      this[prop] = typeof c.default === 'function' ? null : c.default;
  }

  /** Every control clamped (in declaration order, so a limit sees the controls before it). */
  willUpdate(changed) {
    super.willUpdate?.(changed);
    for (const [prop, c] of Object.entries(this.constructor.controls)) {
      let v = controlValue(c, this[prop], c.limit?.(this), this);
      if (c.fit) v = c.fit(v, this);
      if (!Object.is(v, this[prop])) this[prop] = v;
    }
  }

  connectedCallback() {
    super.connectedCallback();
    listeners.add(this);
    watchPage();
    this._syncEnvironment();
    // Figures size their SVG to the element's width (so text stays legible on a phone). Applied in
    // the next frame, so a re-render never resizes what is being observed within the same frame.
    this._resize ??= new ResizeObserver(([entry]) => {
      const w = Math.floor(entry.contentRect.width);
      requestAnimationFrame(() => {
        if (w > 0 && w !== this._width) this._width = w;
      });
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
    // After the code that imported the figure has run (a microtask later), so its
    // setAssetBase(…) applies to figures that were already in the page when they were defined.
    if (!this.nw) queueMicrotask(() => this._loadLibrary());
  }

  _loadLibrary() {
    if (this.nw || this._libraryLoad) return;
    this._libraryLoad = Promise.all([this.loadLibrary({ training: this.constructor.training }), this._strings]).then(
      ([nw]) => {
        this.nw = nw;
      },
      // Reported once the strings have settled too, so the message is in the figure's language
      // from its first showing (the library can fail before the strings arrive).
      (e) =>
        this._strings
          .catch(() => {})
          .then(() => {
            this.loadError = e;
            this._libraryLoad = null;
          }),
    );
  }

  /** The library, forward (default) or training module, from the figure's asset base if it has one. */
  loadLibrary({ training = false } = {}) {
    const base = assetBase(this);
    const file = training ? 'normwave_train.wasm' : 'normwave_wasm.wasm';
    return loadNormwave(base ? { training, wasmUrl: new URL(file, base) } : { training });
  }

  createRenderRoot() {
    const root = super.createRenderRoot();
    // The figure renders before a marker (Lit keeps a render's state on its renderBefore node);
    // the share menu renders into the container after it.
    const marker = document.createComment('');
    this._shareHost = document.createElement('div');
    this._shareHost.className = 'nw-share';
    root.append(marker, this._shareHost);
    // A state change made while the reader acts on the figure (in the task of that input, click
    // or key) is the reader's: updated() reports it as nw-change.
    const byReader = () => {
      if (this._byReader) return;
      this._byReader = true;
      setTimeout(() => {
        this._byReader = false;
      });
    };
    for (const type of ['input', 'change', 'click', 'keydown', 'pointerdown'])
      root.addEventListener(type, byReader, true);
    this.renderOptions.renderBefore = marker;
    return root;
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
      if (typeof IntersectionObserver !== 'function') {
        resolve();
        return;
      }
      const io = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) {
            io.disconnect();
            resolve();
          }
        },
        { rootMargin: margin },
      );
      io.observe(this);
    });
    return this._near;
  }

  /** The wanted language: own attribute, else the nearest lang, else the page's (normalizeLang). */
  get locale() {
    return normalizeLang(
      this.getAttribute('lang') ||
        this.parentElement?.closest('[lang]')?.getAttribute('lang') ||
        document.documentElement.lang,
    );
  }

  /** Looks up a string of web/i18n in the language shown (see the class comment). */
  t(key, vars) {
    return this._lang ? translate(this._lang, key, vars) : '';
  }

  /** Shows the wanted language at once when its strings are loaded, else loads them first. */
  _syncLang() {
    const wanted = this.locale;
    if (hasStrings(wanted, this.localName)) {
      this._lang = wanted;
      this._strings = Promise.resolve();
      return;
    }
    this._strings = loadStrings(wanted, this.localName).then(() => {
      if (this.locale === wanted) {
        this._lang = wanted;
        this.requestUpdate();
      }
    });
    this._strings.catch(() => {}); // reported through loadError by _loadLibrary
  }

  /** updateComplete also waits for the strings of the wanted language. */
  async getUpdateComplete() {
    await this._strings?.catch(() => {});
    return super.getUpdateComplete();
  }

  _syncEnvironment() {
    this._syncLang();
    const own = this.getAttribute('theme');
    const resolved =
      own === 'dark' || own === 'light'
        ? own
        : (pageTheme() ?? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
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
    if (this._urlStateOn) this.applyState(readState(this.id));
  }

  /**
   * Applies saved state — { prop: string } as in the URL (#id.prop=value) or embed.html's query —
   * through the element's urlState spec: numbers clamped to their range and step, choices and
   * free strings checked, anything else ignored.
   */
  applyState(saved) {
    for (const [prop, spec] of Object.entries(this.constructor.urlState)) {
      if (!Object.hasOwn(saved, prop)) continue;
      const raw = saved[prop];
      if (spec === 'bool') this[prop] = raw === '1' || raw === 'true';
      else if (Array.isArray(spec)) {
        const i = spec.map(String).indexOf(raw);
        if (i >= 0) this[prop] = spec[i];
      } else if (typeof spec.valid === 'function') {
        if (spec.valid(raw)) this[prop] = raw;
      } else {
        const v = Number(raw);
        if (Number.isFinite(v)) {
          const clamped = Math.min(spec.max, Math.max(spec.min, v));
          const step = spec.step ?? 1;
          this[prop] = Math.round((clamped - spec.min) / step) * step + spec.min;
        }
      }
    }
  }

  /** The current values of the urlState properties, as the URL writes them (booleans as 1/0). */
  get state() {
    const state = {};
    for (const p of Object.keys(this.constructor.urlState)) {
      const v = this[p];
      state[p] = typeof v === 'boolean' ? (v ? 1 : 0) : v;
    }
    return state;
  }

  updated(changed) {
    super.updated?.(changed);
    this._renderShare();
    const stateChanged = Object.keys(this.constructor.urlState).some((p) => changed.has(p));
    if (stateChanged && this._byReader)
      this.dispatchEvent(new CustomEvent('nw-change', { bubbles: true, composed: true, detail: this.state }));
    if (!this._urlStateOn) return;
    // The first update holds the defaults and whatever the URL restored: the URL already says
    // that, and a link to a section (#s3) stays a link to the section until the reader changes
    // something.
    if (!this._stateShown) {
      this._stateShown = true;
      return;
    }
    if (stateChanged) writeState(this.id, this.state);
  }

  /**
   * The share/embed/save button (a disclosure); its panel's code (lib/share.js) loads on first
   * open. Shown once the figure has drawn, hidden by the no-share attribute.
   */
  _renderShare() {
    if (!this._shareHost) return;
    const show = this.nw && !this.hasAttribute('no-share') && this._lang;
    const open = !!this._shareOpen;
    render(
      show
        ? html`<button type="button" class="nw-share-toggle" aria-expanded=${String(open)} aria-controls="nw-share-panel"
        @click=${() => this._toggleShare()}>${this.t('share.button')}</button>
      ${
        open
          ? html`<div id="nw-share-panel" class="nw-share-panel" role="group" aria-label=${this.t('share.panel')}
        @keydown=${(e) => {
          if (e.key === 'Escape') this._toggleShare(false);
        }}>${this._sharePanel?.(this) ?? ''}</div>`
          : ''
      }`
        : html``,
      this._shareHost,
      { host: this },
    );
  }

  async _toggleShare(force) {
    this._shareOpen = force ?? !this._shareOpen;
    if (this._shareOpen && !this._sharePanel) {
      const { sharePanel } = await import('./share.js');
      this._sharePanel = sharePanel;
    }
    this._renderShare();
    const toggle = this.renderRoot.querySelector('.nw-share-toggle');
    if (this._shareOpen) this.renderRoot.querySelector('.nw-share-panel button')?.focus();
    else toggle?.focus();
  }

  /**
   * A labelled range input that reports every movement (input events, not only change).
   * .value is bound after min/max/step: bound first, the browser would clamp it to 0–100.
   * With `control` (the name of one of static controls) the id, value, range, step and onInput
   * default to that control's.
   */
  slider({ control, id = control, label, value, min, max, step, onInput, format = (v) => String(v) }) {
    if (control) {
      const c = this.constructor.controls[control];
      const b = c.limit?.(this) ?? {};
      min ??= Math.max(c.min, b.min ?? -Infinity);
      max ??= Math.min(c.max, b.max ?? Infinity);
      step ??= c.step ?? 1;
      value ??= this[control];
      onInput ??= (v) => {
        this[control] = v;
      };
    }
    step ??= 1;
    const inputId = `${id}-input`;
    return html`<div class="control">
      <label for=${inputId}><span>${label}</span><output for=${inputId}>${format(value)}</output></label>
      <input id=${inputId} data-control=${id} type="range" min=${min} max=${max} step=${step}
        .value=${String(value)} aria-valuetext=${format(value)}
        @input=${(e) => onInput(Number(e.target.value))}>
    </div>`;
  }

  /**
   * A two-or-more-way switch of buttons with aria-pressed. With `control` (the name of one of
   * static controls) the id, value and onChange default to that control's.
   */
  toggle({ control, id = control && kebab(control), label, value, options, onChange }) {
    if (control) {
      value ??= this[control];
      onChange ??= (v) => {
        this[control] = v;
      };
    }
    return html`<div class="control" role="group" aria-label=${label}>
      <label><span>${label}</span></label>
      <div class="toggle" data-control=${id}>
        ${options.map(
          (o) => html`<button type="button" data-value=${o.value} aria-pressed=${String(value === o.value)}
          @click=${() => onChange(o.value)}>${o.label}</button>`,
        )}
      </div>
    </div>`;
  }

  /**
   * A badge with the live max error of the library against PyTorch reference values for op
   * (see lib/parity.js), for figures that mirror a PyTorch op. Re-renders when the check is done.
   */
  parityBadge(op) {
    this._parity ??= new Map();
    if (!this._parity.has(op) && this.nw) {
      this._parity.set(op, null);
      parity(op, this.nw, this).then(
        (r) => {
          this._parity.set(op, r);
          this.requestUpdate();
        },
        (e) => {
          this._parity.set(op, e.name === 'FixtureUnavailable' ? { unavailable: e.url } : { error: e.message });
          this.requestUpdate();
        },
      );
    }
    const r = this._parity.get(op);
    // While the check runs, the badge already takes the room its usual result will need (an
    // invisible copy of it sits under the running text), so nothing moves when the result lands.
    if (!r) {
      return html`<span class="badge parity pending" data-parity=${op}><span class="badge-room" aria-hidden="true">${this.t(
        'common.parityOk',
        { error: fmtSci(1e-7), tolerance: fmtSci(1e-5, 0) },
      )}</span><span>${this.t('common.parityRunning')}</span></span>`;
    }
    if (r.unavailable)
      return html`<span class="badge parity unavailable" data-parity=${op} data-ok="false" data-unavailable title=${r.unavailable}>${this.t('common.parityUnavailable')}</span>`;
    if (r.error)
      return html`<span class="badge parity warn" data-parity=${op} data-ok="false">${this.t('common.parityError', { message: r.error })}</span>`;
    return html`<span class="badge parity ${r.ok ? 'ok' : 'warn'}" data-parity=${op} data-ok=${String(r.ok)}
      data-max-error=${String(r.maxError)} title=${r.torch}>${this.t(r.ok ? 'common.parityOk' : 'common.parityBad', {
        error: fmtSci(r.maxError),
        tolerance: fmtSci(r.tolerance, 0),
      })}</span>`;
  }

  /** Parity badges labelled by op name: parityBadges(['LayerNorm', 'layerNorm'], ...). */
  parityBadges(...rows) {
    return html`<div class="badges">${rows.map(([label, op]) => html`<span class="badge-row"><span class="badge-op">${label}</span>${this.parityBadge(op)}</span>`)}</div>`;
  }

  /**
   * The figure's claims (web/lib/claims.js) judged on its live numbers m, as a list: for each,
   * the sentence its verdict picks (strings `<ns>.claim.<id>.holds` / `.fails`) and the number it
   * was decided on (`.evidence`, its raw value in data-value). Each item carries
   * data-claim="<figure>.<id>" and data-holds="true|false".
   */
  renderClaims(ns, claims, m) {
    const figure = this.localName.replace(/^nw-/, '');
    return html`<ul class="claims">${judgeClaims(claims, m).map(({ id, holds, value, vars }) => {
      const keys = claimKeys(ns, id);
      return html`<li data-claim=${`${figure}.${id}`} data-holds=${String(holds)}><span class="claim-text">${this.t(
        holds ? keys.holds : keys.fails,
        vars,
      )}</span> <span class="evidence" data-value=${String(value)}>${this.t(keys.evidence, vars)}</span></li>`;
    })}</ul>`;
  }

  /** One of two side-by-side columns (16 px apart) when width >= breakpoint, else the whole width. */
  columnWidth(width, breakpoint) {
    return width >= breakpoint ? Math.floor((width - 16) / 2) : width;
  }

  /**
   * What to show until the library is ready, or when it cannot load: then the reason in the
   * figure's language (a browser without WebAssembly or its SIMD says so plainly) and the author's
   * fallback content, the tag's children.
   */
  renderLoading() {
    const e = this.loadError;
    if (e) {
      const text =
        e.code === 'simd'
          ? this.t('common.noSimd')
          : e.code === 'wasm'
            ? this.t('common.noWasm')
            : this.t('common.loadError', { message: e.message });
      return html`<p class="error" role="alert">${text || e.message}</p><slot></slot>`;
    }
    return html`<p class="caption">${this.t('common.loading')}</p>`;
  }
}

export { html, css };
