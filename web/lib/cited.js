// Citations in a figure's strings, written as the article writes them (web/lib/references.js):
// <a data-cite="id">label</a>. A figure draws each as a link to the work's entry in the page's
// reference list (#ref-<id>) when the page has that list (the article), else as its label alone
// (an embedded figure, whose page lists no references).
import { html } from 'lit';

const CITE = /<a data-cite="([\w-]+)">([^<]*)<\/a>/g;

/** The text split into strings and citations { id, label }, in order. */
export function citeParts(text) {
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(CITE)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push({ id: m[1], label: m[2] });
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/** The text as a template: each citation a link where the page lists the work, else its label. */
export function renderCited(text) {
  const doc = globalThis.document;
  return citeParts(text).map((p) => {
    if (typeof p === 'string') return p;
    const anchor = `ref-${p.id}`;
    return doc?.getElementById(anchor)
      ? html`<a class="cite" href=${`#${anchor}`} data-cite=${p.id}>${p.label}</a>`
      : html`<span class="cite" data-cite=${p.id}>${p.label}</span>`;
  });
}
