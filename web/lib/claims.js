// Claims: the sentences a figure states about what it measures, each decided by the figure's own
// live numbers. A figure declares them once, beside its controls (in its web/lib module, where
// Node tests reach them):
//
//   export const claims = {
//     preFalls: {
//       value: (m) => m.pre.ratio,            // the evidence: the number the verdict is decided on
//       holds: (v, m) => v < 1,               // the predicate
//       vars: (m) => ({ ratio: fmt(m.pre.ratio, 2) }),  // placeholders of the sentences (optional)
//       when: (m) => m.depth > 1,             // whether the claim applies at all (optional)
//     },
//   };
//
// Its strings live in web/i18n (both languages): `<ns>.claim.<id>.holds` (the sentence when the
// predicate holds), `<ns>.claim.<id>.fails` (the sentence when the numbers say otherwise at the
// reader's settings) and `<ns>.claim.<id>.evidence` (the number, named), all with {placeholders}
// from vars(m) plus {value} (the evidence formatted by the claim's format, default 3 decimals).
// NwElement.renderClaims (web/lib/base.js) draws them with data-claim="<figure>.<id>" and
// data-holds="true|false".
import { fmt } from './format.js';

/**
 * The verdict of every claim that applies to the numbers m: [{ id, holds, value, vars }], in
 * declaration order. value is the raw evidence; vars the sentence placeholders (with value
 * formatted).
 */
export function judgeClaims(claims, m) {
  const out = [];
  for (const [id, c] of Object.entries(claims)) {
    if (c.when && !c.when(m)) continue;
    const value = c.value(m);
    const holds = Boolean(c.holds(value, m));
    const vars = { ...(c.vars?.(m) ?? {}), value: c.format ? c.format(value) : fmt(value, 3) };
    out.push({ id, holds, value, vars });
  }
  return out;
}

/** The string keys of one claim: { holds, fails, evidence }. */
export function claimKeys(ns, id) {
  const base = `${ns}.claim.${id}`;
  return { holds: `${base}.holds`, fails: `${base}.fails`, evidence: `${base}.evidence` };
}
