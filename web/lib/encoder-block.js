// The numbers of <nw-encoder-block>: the parameters of one encoder layer as the library lists
// them (nw.encoderParameters: the tensors a real nw.createEncoder would allocate, torch names,
// no weights allocated), grouped by sublayer, and the same count for the other LN placement and
// for one head, so the figure can say what the head count and the placement leave alone.
import { fmt } from './format.js';

/** The figure's strings: encBlock.* in web/i18n. */
export const ns = 'encBlock';

export const D_MODEL = { min: 32, max: 512, step: 32 };
export const SEQ = { min: 1, max: 128 };
export const FF_RATIO = { min: 1, max: 8 };
export const MAX_HEADS = 64;

/** Divisors of d up to MAX_HEADS: the head counts that split d_model evenly. */
export function headChoices(d) {
  const out = [];
  for (let h = 1; h <= Math.min(d, MAX_HEADS); h++) if (d % h === 0) out.push(h);
  return out;
}

/** The figure's controls, d_model first: the head count must divide it and d_ff is a whole multiple of it. */
export const controls = {
  seq: { ...SEQ, default: 8 },
  dModel: { ...D_MODEL, default: 512 },
  heads: {
    min: 1,
    max: MAX_HEADS,
    default: 8,
    fit: (h, el) =>
      headChoices(el.dModel)
        .filter((c) => c <= h)
        .pop() ?? 1,
  },
  dFF: {
    min: D_MODEL.min,
    max: FF_RATIO.max * D_MODEL.max,
    step: D_MODEL.step,
    attribute: 'd-ff',
    default: (el) => 4 * el.dModel,
    fit: (v, el) => Math.min(FF_RATIO.max, Math.max(FF_RATIO.min, Math.round(v / el.dModel))) * el.dModel,
  },
  wiring: { choices: ['post', 'pre'], default: 'post' },
};

const GROUPS = [
  { key: 'attn', test: /\.self_attn\./ },
  { key: 'ffn', test: /\.linear[12]\./ },
  { key: 'norm1', test: /\.norm1\./ },
  { key: 'norm2', test: /\.norm2\./ },
];

/**
 * The parameters of a 1-layer encoder with this configuration: { tensors: [{ name, shape, numel,
 * group }], groups: { attn, ffn, norm1, norm2 }, total }.
 */
export function countParameters(nw, config) {
  const { parameters, parameterCount } = nw.encoderParameters({ ...config, nLayers: 1 });
  const groups = { attn: 0, ffn: 0, norm1: 0, norm2: 0 };
  const tensors = parameters.map(({ name, shape, numel }) => {
    const group = GROUPS.find((g) => g.test.test(name))?.key ?? null;
    if (group) groups[group] += numel;
    return { name, shape: [...shape], numel, group };
  });
  return { tensors, groups, total: parameterCount };
}

/**
 * The layer on screen and its two comparisons: { d, dff, heads, wiring, counts, oneHead (the
 * attention's count with one head), otherWiring (the total with the other LN placement) }.
 */
export function measure(nw, { dModel: d, heads, dFF: dff, wiring }) {
  const config = (h, w) => ({ dModel: d, nHeads: h, dFF: dff, normFirst: w === 'pre' });
  return {
    d,
    dff,
    heads,
    wiring,
    counts: countParameters(nw, config(heads, wiring)),
    oneHead: countParameters(nw, config(1, wiring)).groups.attn,
    otherWiring: countParameters(nw, config(heads, wiring === 'pre' ? 'post' : 'pre')).total,
  };
}

const COUNT = new Intl.NumberFormat('en-US');

/**
 *   headsFree   the attention's parameter count is the same with h heads as with one;
 *   sameCount   Pre-LN and Post-LN have the same parameter count (only the LayerNorms moved);
 *   formulas    the library's counts equal the table's formulas (4d² + 4d, 2·d·d_ff + d_ff + d, 2d).
 */
export const claims = {
  headsFree: {
    value: (m) => m.counts.groups.attn - m.oneHead,
    holds: (v) => v === 0,
    format: (v) => COUNT.format(v),
    vars: (m) => ({ h: m.heads, attn: COUNT.format(m.counts.groups.attn), dk: m.d / m.heads }),
  },
  sameCount: {
    value: (m) => m.counts.total - m.otherWiring,
    holds: (v) => v === 0,
    format: (v) => COUNT.format(v),
    vars: (m) => ({ total: COUNT.format(m.counts.total) }),
  },
  formulas: {
    value: (m) => {
      const { d, dff } = m;
      const g = m.counts.groups;
      return (
        Math.abs(g.attn - (4 * d * d + 4 * d)) +
        Math.abs(g.ffn - (2 * d * dff + dff + d)) +
        Math.abs(g.norm1 - 2 * d) +
        Math.abs(g.norm2 - 2 * d)
      );
    },
    holds: (v) => v === 0,
    format: (v) => fmt(v, 0),
  },
};
