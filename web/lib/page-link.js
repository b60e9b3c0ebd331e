// For the article page itself (the figures do not need it): parts of the page marked
// data-ln-step="1" … "4" — the lines of the §7 LayerNorm formula — follow the LayerNorm step chosen
// in any figure on the optional page channel (lib/link.js): the matching part gets data-active,
// the others lose it. Call once from the page's script: linkPageSteps().
import { LINK_EVENT } from './link.js';

export function linkPageSteps(root = document) {
  const onLink = (e) => {
    const d = e.detail;
    if (!d || d.topic !== 'ln-step') return;
    for (const el of root.querySelectorAll('[data-ln-step]'))
      el.toggleAttribute('data-active', String(d.step) === el.dataset.lnStep);
  };
  document.addEventListener(LINK_EVENT, onLink);
  return () => document.removeEventListener(LINK_EVENT, onLink);
}
