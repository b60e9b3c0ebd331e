// "How this is computed": the implementation notes of a figure (which library call, which
// convention) folded into a <details> under it, so the learner's captions stay about the maths.
import { html, css } from 'lit';

export const methodStyles = css`
  details.method { margin-top: 10px; font-size: 0.85rem; color: var(--nw-muted); border-top: 1px solid var(--nw-border); padding-top: 6px; }
  details.method summary { cursor: pointer; min-height: 28px; display: flex; align-items: center; color: var(--nw-fg); }
  details.method p { margin: 4px 0; }
  details.method code { font-family: var(--nw-mono); font-size: 0.8rem; overflow-wrap: anywhere; }
`;

/** A closed <details> titled "how this figure is computed" (el.t is the element's lookup). */
export function methodDetails(el, ...paragraphs) {
  return html`<details class="method" data-method>
    <summary>${el.t('common.howComputed')}</summary>
    ${paragraphs.filter(Boolean).map((p) => html`<p>${p}</p>`)}
  </details>`;
}
