// The numbers of <nw-prepost-ln>: a seeded encoder stack run both ways, Post-LN and Pre-LN (the
// same weights), on a fixed input, and the norm of the residual stream after every layer
// (lib/encoder-layers.js: one forward with hiddenStates).
import { normals } from './seeded-random.js';
import { fmt } from './format.js';
import { forwardLayerByLayer } from './encoder-layers.js';

/** The figure's strings: prePost.* in web/i18n. */
export const ns = 'prePost';

export const D_MODEL = 64;
export const N_HEADS = 4;
export const D_FF = 256;
export const TOKENS = 8;
const WEIGHT_SEED = 20240606;
const INPUT_SEED = 0x1a7e;
export const LAYERS = { min: 1, max: 24 };

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  layers: { min: LAYERS.min, max: LAYERS.max, default: 12 },
  wiring: { choices: ['post', 'pre'], default: 'pre' },
};

/** A fixed random input: TOKENS tokens of standard-normal features. */
const INPUT = normals(TOKENS * D_MODEL, INPUT_SEED);

/** Mean over the tokens of each token's Euclidean norm ‖h_t‖₂. */
function streamNorm(h) {
  let sum = 0;
  for (let t = 0; t < TOKENS; t++) {
    let sq = 0;
    for (let k = 0; k < D_MODEL; k++) sq += h[t * D_MODEL + k] ** 2;
    sum += Math.sqrt(sq);
  }
  return sum / TOKENS;
}

/** Norm of the residual stream after each of LAYERS.max layers (index 0 = the input), one wiring. */
function run(nw, normFirst) {
  const config = { dModel: D_MODEL, nHeads: N_HEADS, dFF: D_FF, nLayers: LAYERS.max, normFirst, seed: WEIGHT_SEED };
  const { states, check } = forwardLayerByLayer(nw, config, INPUT, { seqLen: TOKENS });
  return { norms: states.map(streamNorm), check };
}

/** The deepest stack both ways, once: { post, pre } with norms[0…LAYERS.max] and check. */
export function fullRun(nw) {
  return { post: run(nw, false), pre: run(nw, true) };
}

/**
 * The first N layers of the full run: { layers, post: { norms, check }, pre: { norms, check },
 * postOff (the largest |‖h‖/√d − 1| after layers 1…N in Post-LN), preGrowth (Pre-LN's
 * ‖h‖ after layer N over the input's) }.
 */
export function numbers({ layers }, full) {
  const upTo = ({ norms, check }) => ({ norms: norms.slice(0, layers + 1), check });
  const post = upTo(full.post);
  const pre = upTo(full.pre);
  const sqrtD = Math.sqrt(D_MODEL);
  const postOff = Math.max(...post.norms.slice(1).map((v) => Math.abs(v / sqrtD - 1)));
  return { layers, post, pre, postOff, preGrowth: pre.norms[layers] / pre.norms[0] };
}

export function measure(nw, state) {
  return numbers(state, fullRun(nw));
}

/**
 *   postAtSqrtD  Post-LN brings every token's vector back to norm √d after every layer (within 1 %);
 *   preGrows     Pre-LN's stream is larger after N layers than at the input.
 */
export const claims = {
  postAtSqrtD: {
    value: (m) => m.postOff,
    holds: (v) => v <= 0.01,
    format: (v) => `${fmt(100 * v, 3)} %`,
    vars: (m) => ({ n: m.layers, end: fmt(m.post.norms[m.layers], 3), sqrt: fmt(Math.sqrt(D_MODEL), 0) }),
  },
  preGrows: {
    value: (m) => m.preGrowth,
    holds: (v) => v > 1,
    format: (v) => fmt(v, 2),
    vars: (m) => ({ n: m.layers, end: fmt(m.pre.norms[m.layers], 3), input: fmt(m.pre.norms[0], 3) }),
  },
};
