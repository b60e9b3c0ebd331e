// The numbers of <nw-ffn>: ReLU and GELU over x ∈ [−4, 4] (nw.activation), and a 6-token sequence
// through a seeded FFN (nw.linear → nw.activation → nw.linear) and through a whole encoder layer
// with the same FFN weights, with one token's input nudged.
import { normals, mixSeed } from './seeded-random.js';
import { fmt } from './format.js';

/** The figure's strings: ffn.* in web/i18n. */
export const ns = 'ffn';

export const TOKENS = 6;
export const D_MODEL = { min: 8, max: 128, step: 8 };
export const RATIO = { min: 1, max: 8 };
const NUDGE = { min: -3, max: 3, step: 0.1 };
const PROBE = { min: -4, max: 4, step: 0.1 };
export const CURVE_X = Array.from({ length: 161 }, (_, k) => -4 + k * 0.05);
const INPUT_SEED = 0x70c3;
const DIRECTION_SEED = 0xd1e7;
const ENCODER_SEED = 20250613;

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  dModel: { ...D_MODEL, default: 16 },
  ratio: { ...RATIO, default: 4 },
  activation: { choices: ['relu', 'gelu'], default: 'relu' },
  token: { min: 0, max: TOKENS - 1, default: 1 },
  nudge: { ...NUDGE, default: 1 },
  x: { ...PROBE, default: 1 },
};

/** ReLU and GELU at CURVE_X. */
export function curves(nw) {
  return { relu: nw.activation(CURVE_X, 'relu'), gelu: nw.activation(CURVE_X, 'gelu') };
}

/**
 * A seeded encoder layer for these sizes, its FFN's weights (the library's init is nn.Linear's
 * default: weight and bias uniform in ±1/√in) and the input: { d, dff, activation, l1, l2,
 * input, direction, encoder, base (FFN(input)), layerBase (the layer's output) }. The weights
 * come out of the layer rather than being drawn in JS and loaded into it: at d_model 128 × 8 that
 * would be ~260 k draws and a state-dict round trip per slider step. The caller disposes
 * net.encoder.
 */
export function buildNet(nw, d, ratio, activation) {
  const dff = ratio * d;
  const input = new Float32Array(TOKENS * d);
  for (let t = 0; t < TOKENS; t++) input.set(normals(d, mixSeed(INPUT_SEED, d, t)), t * d);
  const direction = normals(d, mixSeed(DIRECTION_SEED, d));
  const encoder = nw.createEncoder({ dModel: d, nHeads: 2, dFF: dff, activation, seed: mixSeed(ENCODER_SEED, d, dff) });
  try {
    const state = encoder.stateDict();
    const l1 = { weight: state['layers.0.linear1.weight'], bias: state['layers.0.linear1.bias'] };
    const l2 = { weight: state['layers.0.linear2.weight'], bias: state['layers.0.linear2.bias'] };
    const net = { d, dff, activation, l1, l2, input, direction, encoder };
    net.base = ffnForward(nw, net, input);
    net.layerBase = encoder.forward(input, { seqLen: TOKENS, attention: false }).output;
    return net;
  } catch (e) {
    encoder.dispose();
    throw e;
  }
}

/** FFN(x) for TOKENS rows: nw.linear → nw.activation → nw.linear. */
export function ffnForward(nw, { d, dff, activation, l1, l2 }, x) {
  const hidden = nw.activation(nw.linear(x, l1.weight, l1.bias, { inFeatures: d }), activation);
  return nw.linear(hidden, l2.weight, l2.bias, { inFeatures: dff });
}

/**
 * The nudge: { delta (|Δ| per output value), rowMax, layerMax (per token), self, rest (the other
 * tokens' largest |Δ|, FFN alone), layerRest (the same through the whole layer), relu, gelu (at
 * the probe x), geluMin (the lowest point of the GELU curve), token, nudge }.
 */
export function nudged(nw, { token, nudge, x: probe }, net, curve) {
  const { d } = net;
  const x = net.input.slice();
  for (let k = 0; k < d; k++) x[token * d + k] += nudge * net.direction[k];
  const out = ffnForward(nw, net, x);
  const layerOut = net.encoder.forward(x, { seqLen: TOKENS, attention: false }).output;
  const delta = new Float32Array(TOKENS * d);
  const rowMax = new Float64Array(TOKENS);
  const layerMax = new Float64Array(TOKENS);
  for (let t = 0; t < TOKENS; t++) {
    for (let k = 0; k < d; k++) {
      const i = t * d + k;
      delta[i] = Math.abs(out[i] - net.base[i]);
      rowMax[t] = Math.max(rowMax[t], delta[i]);
      layerMax[t] = Math.max(layerMax[t], Math.abs(layerOut[i] - net.layerBase[i]));
    }
  }
  const others = (arr) => Math.max(0, ...[...arr].filter((_, t) => t !== token));
  const [relu] = nw.activation([probe], 'relu');
  const [gelu] = nw.activation([probe], 'gelu');
  let geluMin = 0;
  let geluMinX = 0;
  curve.gelu.forEach((v, k) => {
    if (v < geluMin) {
      geluMin = v;
      geluMinX = CURVE_X[k];
    }
  });
  return {
    delta,
    rowMax,
    layerMax,
    self: rowMax[token],
    rest: others(rowMax),
    layerRest: others(layerMax),
    relu,
    gelu,
    geluMin,
    geluMinX,
    token,
    nudge,
  };
}

export function measure(nw, state) {
  const net = buildNet(nw, state.dModel, state.ratio, state.activation);
  try {
    return nudged(nw, state, net, curves(nw));
  } finally {
    net.encoder.dispose();
  }
}

/** A number for the readout: exactly "0" when it is exactly zero. */
export function exact(v, digits = 3) {
  return v === 0 ? '0' : fmt(v, digits);
}

/**
 *   geluDips    GELU goes below zero on the negative side, to about −0.17 (within 0.005);
 *   ffnLocal    the FFN alone leaves every other token's output bitwise the same (|Δ| = 0);
 *   layerMixes  through a whole encoder layer the other tokens' outputs move.
 */
export const claims = {
  geluDips: {
    value: (m) => m.geluMin,
    holds: (v) => v < 0 && Math.abs(v + 0.17) <= 0.005,
    vars: (m) => ({ x: fmt(m.geluMinX, 2) }),
  },
  ffnLocal: {
    value: (m) => m.rest,
    holds: (v) => v === 0,
    format: (v) => exact(v, 3),
    vars: (m) => ({ n: m.token + 1 }),
  },
  layerMixes: {
    value: (m) => m.layerRest,
    holds: (v) => v > 0,
    format: (v) => exact(v, 3),
    vars: (m) => ({ n: m.token + 1, delta: fmt(m.nudge, 1) }),
  },
};
