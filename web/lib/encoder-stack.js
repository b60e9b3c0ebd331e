// The numbers of <nw-encoder-stack>: N encoder layers on the same input (8 seeded token
// embeddings plus the sinusoidal PE) with random weights from a fixed seed, like
// torch.nn.TransformerEncoder(TransformerEncoderLayer(64, 4, 256, activation='gelu',
// batch_first=True, norm_first=…), N, norm=LayerNorm(64) or None) in eval mode. After every layer
// the representation is summarized: per-token mean and standard deviation (nw.layerNormStats),
// the per-token norm ‖h_t‖ = √(d · (σ² + μ²)) from them, and the mean cosine similarity over all
// pairs of tokens. The states come from one forward(x, { hiddenStates: true }) of the deepest
// stack (lib/encoder-layers.js); both wirings are run, so each can be compared with the other.
import { normals, mixSeed } from './seeded-random.js';
import { fmt } from './format.js';
import { forwardLayerByLayer } from './encoder-layers.js';

/** The figure's strings: encStack.* in web/i18n. */
export const ns = 'encStack';

export const D_MODEL = 64;
export const N_HEADS = 4;
export const D_FF = 256;
export const TOKENS = 8;
export const LAYERS = { min: 1, max: 12 };
export const WEIGHT_SEED = 20250614;
const TOKEN_SEED = 0x70ce;

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  layers: { min: LAYERS.min, max: LAYERS.max, default: 6 },
  wiring: { choices: ['post', 'pre'], default: 'post' },
  finalNorm: { bool: true, default: true },
};

/** Eight seeded token embeddings (one stream per token) plus the sinusoidal positional encoding. */
export function makeInput(nw) {
  const pe = nw.positionalEncoding(TOKENS, D_MODEL);
  const x = new Float32Array(TOKENS * D_MODEL);
  for (let t = 0; t < TOKENS; t++) {
    const e = normals(D_MODEL, mixSeed(TOKEN_SEED, t));
    for (let k = 0; k < D_MODEL; k++) x[t * D_MODEL + k] = e[k] + pe[t * D_MODEL + k];
  }
  return x;
}

/** Statistics of one representation (TOKENS × D_MODEL): { mean, std, norm, cos }. */
export function stats(nw, h) {
  const { mean, variance } = nw.layerNormStats(h, D_MODEL);
  const lengths = Array.from(mean, (mu, t) => Math.sqrt(D_MODEL * (variance[t] + mu * mu)));
  const average = (f) => Array.from(mean, (_, t) => f(t)).reduce((a, b) => a + b, 0) / TOKENS;
  let cos = 0;
  for (let a = 0; a < TOKENS; a++) {
    for (let b = a + 1; b < TOKENS; b++) {
      let dot = 0;
      for (let k = 0; k < D_MODEL; k++) dot += h[a * D_MODEL + k] * h[b * D_MODEL + k];
      cos += dot / (lengths[a] * lengths[b]);
    }
  }
  return {
    mean: average((t) => mean[t]),
    std: average((t) => Math.sqrt(variance[t])),
    norm: average((t) => lengths[t]),
    cos: cos / ((TOKENS * (TOKENS - 1)) / 2),
  };
}

/** Every layer of the deepest stack with one wiring: { states, layers (stats), norm (final LN's weights), check }. */
export function fullRun(nw, wiring, input = makeInput(nw)) {
  const config = {
    dModel: D_MODEL,
    nHeads: N_HEADS,
    dFF: D_FF,
    nLayers: LAYERS.max,
    normFirst: wiring === 'pre',
    activation: 'gelu',
    finalNorm: true,
    seed: WEIGHT_SEED,
  };
  const { states, norm, check } = forwardLayerByLayer(nw, config, input, { seqLen: TOKENS });
  return { states, layers: states.map((h) => stats(nw, h)), norm, check };
}

/**
 * The first N layers of each wiring's run: { wiring, n, finalNorm, layers, final (the final
 * LayerNorm's stats after layer N when it is on, else null), withFinal (the same, computed
 * either way, for the claims), other (the other wiring's layers), check }.
 */
export function numbers(nw, { layers: n, wiring, finalNorm }, runs) {
  const run = runs[wiring];
  const withFinal = stats(nw, nw.layerNorm(run.states[n], D_MODEL, run.norm));
  return {
    wiring,
    n,
    finalNorm,
    layers: run.layers.slice(0, n + 1),
    final: finalNorm ? withFinal : null,
    withFinal,
    other: runs[wiring === 'pre' ? 'post' : 'pre'].layers.slice(0, n + 1),
    check: run.check,
  };
}

export function measure(nw, state) {
  const input = makeInput(nw);
  return numbers(nw, state, { post: fullRun(nw, 'post', input), pre: fullRun(nw, 'pre', input) });
}

const post = (m) => m.wiring === 'post';
const pre = (m) => m.wiring === 'pre';
const last = (m) => m.layers[m.n];

/**
 * Post-LN: every layer ends at μ = 0, σ = 1, ‖h‖ = √d (σ within 1 %); the final LayerNorm
 * changes ‖h‖ by less than 1 %; the cosine similarity between tokens dips at the first layer and
 * grows after it. Pre-LN: ‖h‖ and σ grow with depth; the final LayerNorm brings σ back to 1
 * (within 1 %); the cosine similarity grows, and stays below Post-LN's after the same layers.
 */
export const claims = {
  postNormed: {
    when: post,
    value: (m) => Math.max(...m.layers.slice(1).map((s) => Math.abs(s.std - 1))),
    holds: (v) => v <= 0.01,
    format: (v) => fmt(v, 4),
  },
  postFinalIdle: {
    when: post,
    value: (m) => Math.abs(m.withFinal.norm / last(m).norm - 1),
    holds: (v) => v <= 0.01,
    format: (v) => `${fmt(100 * v, 3)} %`,
  },
  postCosDips: {
    when: post,
    value: (m) => m.layers[1].cos - m.layers[0].cos,
    holds: (v) => v < 0,
    vars: (m) => ({ input: fmt(m.layers[0].cos, 3), first: fmt(m.layers[1].cos, 3) }),
  },
  postCosGrows: {
    when: (m) => post(m) && m.n >= 2,
    value: (m) => last(m).cos - m.layers[1].cos,
    holds: (v) => v > 0,
    vars: (m) => ({ n: m.n, first: fmt(m.layers[1].cos, 3), end: fmt(last(m).cos, 3) }),
  },
  preGrows: {
    when: pre,
    value: (m) => Math.min(last(m).norm / m.layers[0].norm, last(m).std / m.layers[0].std),
    holds: (v) => v > 1,
    format: (v) => fmt(v, 2),
    vars: (m) => ({ n: m.n, norm: fmt(last(m).norm, 2), std: fmt(last(m).std, 3) }),
  },
  preFinalBack: {
    when: pre,
    value: (m) => Math.abs(m.withFinal.std - 1),
    holds: (v) => v <= 0.01,
    format: (v) => fmt(v, 4),
    vars: (m) => ({ norm: fmt(m.withFinal.norm, 2), std: fmt(m.withFinal.std, 3) }),
  },
  preCosGrows: {
    when: pre,
    value: (m) => last(m).cos - m.layers[0].cos,
    holds: (v) => v > 0,
    vars: (m) => ({ n: m.n, input: fmt(m.layers[0].cos, 3), end: fmt(last(m).cos, 3) }),
  },
  preCosLess: {
    when: pre,
    value: (m) => last(m).cos - m.other[m.n].cos,
    holds: (v) => v < 0,
    vars: (m) => ({ n: m.n, pre: fmt(last(m).cos, 3), post: fmt(m.other[m.n].cos, 3) }),
  },
};
