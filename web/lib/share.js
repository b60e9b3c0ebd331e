// The share/embed/save panel of every figure (NwElement loads this module on first open): copy
// a script-tag snippet or an iframe snippet with the figure's current state, copy a link to the
// article at that figure and state, save the figure as SVG or PNG.
// Where snippets point: the site (embed.html, the article) is the build setting NW_SITE_URL; the
// script's base is NW_CDN_URL, else the site. Unset, both are where this copy of normwave is
// served from (the folder of normwave_wasm.wasm, or the figure's asset base).
import { html } from 'lit';
import { defaultWasmUrl } from '../normwave.js';
import { assetBase } from './assets.js';

/* global __NW_SITE_URL__, __NW_CDN_URL__ */
const SITE_SETTING = typeof __NW_SITE_URL__ === 'string' ? __NW_SITE_URL__ : '';
const CDN_SETTING = typeof __NW_CDN_URL__ === 'string' ? __NW_CDN_URL__ : '';

function folder(url) {
  const u = new URL(url);
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  return u;
}

/** The site's base URL (embed.html and the article live there). */
export function siteBase(el) {
  if (SITE_SETTING) return folder(SITE_SETTING);
  return assetBase(el) ?? new URL('./', defaultWasmUrl());
}

/** The base URL of the figure scripts for the script-tag snippet. */
export function scriptBase(el) {
  return CDN_SETTING ? folder(CDN_SETTING) : siteBase(el);
}

const escapeAttr = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The figure's title as it reads on screen (for iframe titles and file names). */
function figureTitle(el) {
  return el.renderRoot.querySelector('.title')?.textContent.trim() || el.localName;
}

/**
 * The element's urlState as attributes: [name, value] pairs, value true for a bare boolean
 * attribute. State kept in properties without an attribute goes only into the iframe and link.
 */
function stateAttributes(el) {
  const out = [];
  const props = el.constructor.elementProperties;
  for (const prop of Object.keys(el.constructor.urlState)) {
    const options = props.get(prop);
    if (!options || options.state || options.attribute === false) continue;
    const name = typeof options.attribute === 'string' ? options.attribute : prop.toLowerCase();
    const value = el[prop];
    if (typeof value === 'boolean' && options.type === Boolean) {
      if (value) out.push([name, true]);
    } else {
      out.push([name, String(value)]);
    }
  }
  return out;
}

/** <script type="module" src="…/figures/nw-x.mjs"></script> and the tag with the current state. */
export function scriptSnippet(el) {
  const tag = el.localName;
  const src = new URL(`figures/${tag}.mjs`, scriptBase(el)).href;
  const attrs = stateAttributes(el)
    .map(([n, v]) => (v === true ? ` ${n}` : ` ${n}="${escapeAttr(v)}"`))
    .join('');
  return `<script type="module" src="${escapeAttr(src)}"></script>\n<${tag}${attrs} lang="${el._lang}"></${tag}>`;
}

function stateParams(el) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(el.state)) params.set(k, String(v));
  return params;
}

/** embed.html?fig=…&lang=…&theme=…&<state>: the figure alone, for iframes. */
export function embedUrl(el) {
  const params = new URLSearchParams({ fig: el.localName, lang: el._lang, theme: el.dataset.resolvedTheme || 'light' });
  for (const [k, v] of stateParams(el)) params.set(k, v);
  return new URL(`embed.html?${params}`, siteBase(el)).href;
}

/** The iframe snippet, at the figure's present height (embed.html also posts its height). */
export function iframeSnippet(el) {
  const panel = el.renderRoot.querySelector('.nw-share-panel');
  const height = Math.ceil(el.getBoundingClientRect().height - (panel?.getBoundingClientRect().height ?? 0)) + 2;
  return `<iframe src="${escapeAttr(embedUrl(el))}" title="${escapeAttr(figureTitle(el))}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/** The article at this figure (its id there is the tag without "nw-") with this state. */
export function articleLink(el) {
  const id = el.localName.replace(/^nw-/, '');
  const hash = [...stateParams(el)]
    .map(([k, v]) => `${encodeURIComponent(`${id}.${k}`)}=${encodeURIComponent(v)}`)
    .join('&');
  const url = new URL(`?lang=${el._lang}`, siteBase(el));
  url.hash = hash || id;
  return url.href;
}

// ── save as SVG / PNG ──────────────────────────────────────────────────────────────────────────
// The figure as one SVG: its boxes (backgrounds, borders), its text, its SVG drawings with their
// computed styles inlined, its canvases as images, each where it is on screen. The file is built
// as a DOM (every value goes in through setAttribute or textContent) and written by
// XMLSerializer, which escapes them: a page's CSS value, whatever it holds, stays a value. Then
// anything that could run when the file is opened on its own is removed (sanitizeSvg).

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const INLINE = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
];

function visible(color) {
  return color && color !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(color);
}

/** An SVG element with attributes (null and undefined left out) and, if given, its text. */
function svgNode(name, attrs = {}, text) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

function inlineStyles(source, clone) {
  const cs = getComputedStyle(source);
  clone.setAttribute('style', INLINE.map((p) => `${p}:${cs.getPropertyValue(p)}`).join(';'));
  for (let i = 0; i < source.children.length; i++) inlineStyles(source.children[i], clone.children[i]);
}

/**
 * Removes from an SVG tree what could run or load markup when the file is opened: script and
 * foreignObject elements, any element outside the SVG namespace, on* attributes, and links to
 * anything but a fragment (#id) or an inline PNG.
 */
function sanitizeSvg(root) {
  for (const e of [...root.querySelectorAll('*')]) {
    if (e.namespaceURI !== SVG_NS || e.localName === 'script' || e.localName === 'foreignObject') e.remove();
  }
  for (const e of [root, ...root.querySelectorAll('*')]) {
    for (const a of [...e.attributes]) {
      const link = a.localName === 'href' && !/^(?:#|data:image\/png;base64,)/.test(a.value.trim());
      if (/^on/i.test(a.localName) || link) e.removeAttributeNode(a);
    }
  }
  return root;
}

let gradients = 0;

/** A left-to-right CSS linear-gradient (colour bars) as an SVG gradient in `root`: its fill URL, or null. */
function gradientFill(image, root) {
  const m = /^linear-gradient\((?:to right|90deg),\s*(.*)\)$/.exec(image);
  if (!m) return null;
  const colours = m[1].match(/rgba?\([^)]*\)|#[0-9a-f]{3,8}/gi) ?? [];
  if (colours.length < 2) return null;
  const id = `nw-gradient-${++gradients}`;
  const gradient = svgNode('linearGradient', { id });
  colours.forEach((c, i) =>
    gradient.append(svgNode('stop', { offset: (i / (colours.length - 1)).toFixed(3), 'stop-color': c })),
  );
  const defs = svgNode('defs');
  defs.append(gradient);
  root.append(defs);
  return `url(#${id})`;
}

function textLines(node, origin) {
  const parent = node.parentElement;
  const cs = getComputedStyle(parent);
  const font = {
    'font-family': cs.fontFamily,
    'font-size': cs.fontSize,
    'font-weight': cs.fontWeight,
    'font-style': cs.fontStyle,
    fill: cs.color,
  };
  const text = node.data;
  if (cs.writingMode.startsWith('vertical')) {
    // A vertical label (read bottom to top): one rotated line through the box's centre.
    const r = parent.getBoundingClientRect();
    const cx = r.left + r.width / 2 - origin.left;
    const cy = r.top + r.height / 2 - origin.top;
    return [
      svgNode(
        'text',
        {
          transform: `translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(-90)`,
          'text-anchor': 'middle',
          'dominant-baseline': 'central',
          ...font,
        },
        text.trim(),
      ),
    ];
  }
  const lines = [];
  const range = document.createRange();
  for (const m of text.matchAll(/\S+/g)) {
    range.setStart(node, m.index);
    range.setEnd(node, m.index + m[0].length);
    const r = range.getBoundingClientRect();
    if (!r.width) continue;
    const last = lines.at(-1);
    if (last && Math.abs(last.top - r.top) < 2) last.end = m.index + m[0].length;
    else lines.push({ top: r.top, left: r.left, bottom: r.bottom, start: m.index, end: m.index + m[0].length });
  }
  return lines.map((l) =>
    svgNode(
      'text',
      {
        x: (l.left - origin.left).toFixed(1),
        y: (l.bottom - origin.top - (l.bottom - l.top) * 0.22).toFixed(1),
        ...font,
      },
      text.slice(l.start, l.end),
    ),
  );
}

/** The figure as an SVG element (not in the page), sanitized. */
function figureSvgElement(el) {
  const origin = el.getBoundingClientRect();
  const width = Math.ceil(origin.width);
  const share = el.renderRoot.querySelector('.nw-share');
  const height = Math.ceil((share?.getBoundingClientRect().top ?? origin.bottom) - origin.top + 8);
  const host = getComputedStyle(el);
  const root = svgNode('svg', { width, height, viewBox: `0 0 ${width} ${height}` });
  root.setAttributeNS(XMLNS_NS, 'xmlns:xlink', XLINK_NS);
  root.append(
    svgNode('rect', {
      x: 0.5,
      y: 0.5,
      width: width - 1,
      height: height - 1,
      rx: 10,
      fill: host.backgroundColor,
      stroke: host.borderTopColor,
    }),
  );
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        if (child.data.trim() && !child.parentElement.closest('select, option, textarea, style'))
          root.append(...textLines(child, origin));
        continue;
      }
      if (child.nodeType !== Node.ELEMENT_NODE || child === share) continue;
      const r = child.getBoundingClientRect();
      const cs = getComputedStyle(child);
      if (cs.display === 'none' || cs.visibility === 'hidden' || (!r.width && !r.height && child.localName !== 'slot'))
        continue;
      const x = (r.left - origin.left).toFixed(1);
      const y = (r.top - origin.top).toFixed(1);
      if (child.localName === 'svg') {
        const clone = child.cloneNode(true);
        inlineStyles(child, clone);
        clone.setAttribute('x', x);
        clone.setAttribute('y', y);
        clone.setAttribute('width', r.width);
        clone.setAttribute('height', r.height);
        root.append(clone);
        continue;
      }
      if (child.localName === 'canvas') {
        root.append(
          svgNode('image', {
            x,
            y,
            width: r.width,
            height: r.height,
            preserveAspectRatio: 'none',
            href: child.toDataURL('image/png'),
          }),
        );
        continue;
      }
      const border = parseFloat(cs.borderTopWidth) > 0 && visible(cs.borderTopColor);
      const gradient = gradientFill(cs.backgroundImage, root);
      if (visible(cs.backgroundColor) || border || gradient) {
        const radius = Math.min(parseFloat(cs.borderTopLeftRadius) || 0, r.height / 2, r.width / 2).toFixed(1);
        root.append(
          svgNode('rect', {
            x,
            y,
            width: r.width.toFixed(1),
            height: r.height.toFixed(1),
            rx: radius,
            ry: radius,
            fill: gradient ?? (visible(cs.backgroundColor) ? cs.backgroundColor : 'none'),
            stroke: border ? cs.borderTopColor : undefined,
          }),
        );
      }
      if (child.localName === 'input' && child.type === 'range') {
        // Computed colours only: the track in the host's border colour, the thumb in the
        // input's accent-color (the page's --nw-accent, resolved), else the text colour.
        const f = (child.value - child.min) / (child.max - child.min || 1);
        const cy = r.top - origin.top + r.height / 2;
        const thumb = cs.accentColor && cs.accentColor !== 'auto' ? cs.accentColor : cs.color;
        root.append(
          svgNode('line', {
            x1: x,
            x2: (r.right - origin.left).toFixed(1),
            y1: cy,
            y2: cy,
            stroke: host.borderTopColor,
            'stroke-width': 4,
            'stroke-linecap': 'round',
          }),
          svgNode('circle', { cx: (r.left - origin.left + 8 + f * (r.width - 16)).toFixed(1), cy, r: 8, fill: thumb }),
        );
        continue;
      }
      if (child.localName === 'select') {
        const option = child.selectedOptions[0];
        if (option)
          root.append(
            svgNode(
              'text',
              {
                x: (r.left - origin.left + 6).toFixed(1),
                y: (r.bottom - origin.top - r.height * 0.3).toFixed(1),
                'font-family': cs.fontFamily,
                'font-size': cs.fontSize,
                fill: cs.color,
              },
              option.textContent,
            ),
          );
        continue;
      }
      walk(child.shadowRoot ?? child);
    }
  };
  walk(el.renderRoot);
  return sanitizeSvg(root);
}

/** The figure as an SVG document (a string). */
export function figureSvg(el) {
  return new XMLSerializer().serializeToString(figureSvgElement(el));
}

function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

function saveSvg(el) {
  download(new Blob([figureSvg(el)], { type: 'image/svg+xml' }), `${el.localName}.svg`);
  return `${el.localName}.svg`;
}

async function savePng(el) {
  const svg = figureSvg(el);
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await img.decode();
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = img.width * scale;
  canvas.height = img.height * scale;
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  ctx.drawImage(img, 0, 0);
  const blob = await new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
  download(blob, `${el.localName}.png`);
  return `${el.localName}.png`;
}

// ── the panel ──────────────────────────────────────────────────────────────────────────────────

async function copy(el, which, text) {
  const state = (el._share ??= {});
  try {
    await navigator.clipboard.writeText(text);
    state.status = el.t('share.copied', { what: el.t(`share.${which}`) });
    state.manual = null;
  } catch {
    // No clipboard (an insecure page, a denied permission): show the text, selected, to copy by hand.
    state.status = el.t('share.copyByHand');
    state.manual = text;
  }
  el._renderShare();
  if (state.manual) el.renderRoot.querySelector('.nw-share-panel textarea')?.select();
}

async function save(el, kind) {
  const state = (el._share ??= {});
  try {
    const name = kind === 'svg' ? saveSvg(el) : await savePng(el);
    state.status = el.t('share.saved', { name });
  } catch (e) {
    state.status = el.t('share.saveFailed', { message: e.message });
  }
  state.manual = null;
  el._renderShare();
}

/** The panel's content (NwElement renders it inside its disclosure). */
export function sharePanel(el) {
  const state = (el._share ??= {});
  const item = (id, onClick) =>
    html`<li><button type="button" data-share=${id} @click=${onClick}>${el.t(`share.${id}`)}</button></li>`;
  return html`<ul>
      ${item('script', () => copy(el, 'script', scriptSnippet(el)))}
      ${item('iframe', () => copy(el, 'iframe', iframeSnippet(el)))}
      ${item('link', () => copy(el, 'link', articleLink(el)))}
      ${item('svg', () => save(el, 'svg'))}
      ${item('png', () => save(el, 'png'))}
    </ul>
    ${state.manual ? html`<textarea readonly rows="4" aria-label=${el.t('share.copyByHand')} .value=${state.manual}></textarea>` : ''}
    <p role="status">${state.status ?? ''}</p>`;
}
