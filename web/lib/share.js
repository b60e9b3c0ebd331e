// The share/embed/save panel of every figure (NwElement loads this module on first open): copy a
// script-tag snippet, an iframe snippet, a link to the figure's page or to the article at that
// figure, all with the figure's current state; open it in CodePen; save it as SVG or PNG
// (lib/export.js, loaded on the first save).
// Where snippets point (the rules of lib/site.js):
//   the site — package.json's `homepage`, set at build time — holds embed.html, the figure pages
//   and the article; without one, the menu offers no iframe and no link (there is nothing that
//   would serve them), only what works anywhere;
//   the script tag loads the figure from the site when this copy is served from there, else from
//   jsDelivr at this version (a bundled copy's own files are not a public address).
import { html } from 'lit';
import { defaultWasmUrl } from '../normwave.js';
import { assetBase } from './assets.js';
import { cdnBase, figureId, figurePagePath, LANG_FOLDERS, shareItems, siteBase } from './site.js';

/* global __NW_SITE_URL__, __NW_VERSION__ */
const SITE = siteBase(typeof __NW_SITE_URL__ === 'string' ? __NW_SITE_URL__ : '');
const VERSION = typeof __NW_VERSION__ === 'string' ? __NW_VERSION__ : null;
const CODEPEN = 'https://codepen.io/pen/define';

/** The folder this copy of normwave is served from (the figure's asset base, else its .wasm's). */
function servedFrom(el) {
  return (assetBase(el) ?? new URL('./', defaultWasmUrl())).href;
}

/** The base URL of the figure scripts for the script-tag snippet. */
export function scriptBase(el) {
  const here = servedFrom(el);
  if (SITE && here.startsWith(SITE)) return SITE;
  return VERSION ? cdnBase(VERSION) : here;
}

const escapeAttr = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The figure's title as it reads on screen (for iframe titles, pens and file names). */
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

/** <site>embed.html?fig=…&lang=…&theme=…&<state>: the figure alone, for iframes. */
export function embedUrl(el) {
  const params = new URLSearchParams({ fig: el.localName, lang: el._lang, theme: el.dataset.resolvedTheme || 'light' });
  for (const [k, v] of stateParams(el)) params.set(k, v);
  return new URL(`embed.html?${params}`, SITE).href;
}

/** The iframe snippet, at the figure's present height (embed.html also posts its height). */
export function iframeSnippet(el) {
  const panel = el.renderRoot.querySelector('.nw-share-panel');
  const height = Math.ceil(el.getBoundingClientRect().height - (panel?.getBoundingClientRect().height ?? 0)) + 2;
  return `<iframe src="${escapeAttr(embedUrl(el))}" title="${escapeAttr(figureTitle(el))}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy" allow="clipboard-write"></iframe>`;
}

/** #<id>.<key>=<value>&…: the state as the page's URL keeps it (or #<id> for the defaults). */
function stateHash(el) {
  const id = figureId(el.localName);
  const hash = [...stateParams(el)]
    .map(([k, v]) => `${encodeURIComponent(`${id}.${k}`)}=${encodeURIComponent(v)}`)
    .join('&');
  return `#${hash || id}`;
}

/** The figure's own page on the site, in its language, with this state (it unfurls as a card). */
export function pageLink(el) {
  return new URL(`${figurePagePath(el.localName, el._lang)}${stateHash(el)}`, SITE).href;
}

/** The article at this figure (its id there is the tag without "nw-"), with this state. */
export function articleLink(el) {
  return new URL(`${LANG_FOLDERS[el._lang] ?? ''}${stateHash(el)}`, SITE).href;
}

/** What the CodePen prefill API receives: the script-tag snippet as the pen's HTML. */
export function codepenData(el) {
  const data = { title: `${figureTitle(el)} · normwave`, html: scriptSnippet(el) };
  if (SITE) data.description = pageLink(el);
  return data;
}

// ── the panel ──────────────────────────────────────────────────────────────────────────────────

function update(el, patch) {
  Object.assign((el._share ??= {}), { manual: null, picture: null }, patch);
  el._renderShare();
}

async function copy(el, which, text) {
  try {
    await navigator.clipboard.writeText(text);
    update(el, { status: el.t('share.copied', { what: el.t(`share.${which}`) }) });
  } catch {
    // No clipboard (an insecure page, a denied permission): show the text, selected, to copy by hand.
    update(el, { status: el.t('share.copyByHand'), manual: text });
    el.renderRoot.querySelector('.nw-share-panel textarea')?.select();
  }
}

/**
 * Opens a new pen holding the script-tag snippet: a form POSTed to CodePen's prefill endpoint in
 * a new tab. A page whose Content-Security-Policy has no form-action for codepen.io refuses the
 * form; the violation event says so and the status tells the reader.
 */
function openCodepen(el) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = CODEPEN;
  form.target = '_blank';
  form.hidden = true;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'data';
  field.value = JSON.stringify(codepenData(el));
  form.append(field);
  const refused = (e) => {
    if (e.violatedDirective.startsWith('form-action'))
      update(el, { status: el.t('share.codepenRefused'), manual: scriptSnippet(el) });
  };
  document.addEventListener('securitypolicyviolation', refused);
  setTimeout(() => document.removeEventListener('securitypolicyviolation', refused), 2000);
  el.renderRoot.querySelector('.nw-share-panel').append(form);
  form.submit();
  form.remove();
  update(el, { status: el.t('share.codepenOpened') });
}

/**
 * Saves the figure. The status says "Saved" only where the download cannot have been dropped
 * (export.js downloadsAllowed: a top-level page, or frames we can read, none sandboxed against
 * downloads). In a frame sandboxed without allow-downloads nothing is attempted; where that
 * cannot be read the download is attempted and the status says it was started. In both cases the
 * picture is shown in the panel, to be saved from the browser's own menu.
 */
async function save(el, kind) {
  try {
    const { figureSvg, figurePng, downloadsAllowed, download } = await import('./export.js');
    const name = `${el.localName}.${kind}`;
    const blob = kind === 'svg' ? new Blob([figureSvg(el)], { type: 'image/svg+xml' }) : await figurePng(el);
    const allowed = downloadsAllowed();
    if (allowed !== 'no') download(blob, name);
    if (allowed === 'yes') {
      update(el, { status: el.t('share.saved', { name }) });
      return;
    }
    const png = kind === 'png' ? blob : await figurePng(el);
    const picture = await new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(png);
    });
    update(el, {
      status: el.t(allowed === 'no' ? 'share.downloadBlocked' : 'share.downloadStarted', { name }),
      picture,
    });
  } catch (e) {
    update(el, { status: el.t('share.saveFailed', { message: e.message }) });
  }
}

/** The panel's content (NwElement renders it inside its disclosure). */
export function sharePanel(el) {
  const state = (el._share ??= {});
  const actions = {
    script: () => copy(el, 'script', scriptSnippet(el)),
    iframe: () => copy(el, 'iframe', iframeSnippet(el)),
    link: () => copy(el, 'link', pageLink(el)),
    article: () => copy(el, 'article', articleLink(el)),
    codepen: () => openCodepen(el),
    svg: () => save(el, 'svg'),
    png: () => save(el, 'png'),
  };
  return html`<ul>
      ${shareItems(!!SITE).map(
        (id) =>
          html`<li><button type="button" data-share=${id} @click=${actions[id]}>${el.t(`share.${id}`)}</button></li>`,
      )}
    </ul>
    ${state.manual ? html`<textarea readonly rows="4" aria-label=${el.t('share.copyByHand')} .value=${state.manual}></textarea>` : ''}
    <p role="status">${state.status ?? ''}${
      state.picture && SITE
        ? html` <a href=${pageLink(el)} target="_blank" rel="noopener">${el.t('share.openPage')}</a>`
        : ''
    }</p>
    ${state.picture ? html`<img src=${state.picture} alt=${figureTitle(el)} style="display:block;max-width:100%;height:auto">` : ''}`;
}
