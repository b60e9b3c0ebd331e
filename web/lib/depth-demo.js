// The numbers of <nw-depth-demo>: one random vector through a stack of random linear layers,
// bare and with a LayerNorm after every layer; the standard deviation after each layer
// (forward), and of a gradient sent back through the same stacks (backward, the training
// module's single-op backwards). Every activation comes from nw.linear (nw.activation,
// nw.layerNorm), every σ from nw.layerNormStats.
import { normals } from './seeded-random.js';
import { fmt, fmtSci } from './format.js';

/** The figure's strings: depthDemo.* in web/i18n. */
export const ns = 'depthDemo';

export const MAX_DEPTH = 96;
export const ACTIVATIONS = ['none', 'relu'];
export const VIEWS = ['forward', 'backward'];
/** Variance gain of the activation: 2 for ReLU (He init), so s = 1 keeps the size for both. */
export const GAIN = { none: 1, relu: 2 };

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  depth: { min: 1, max: MAX_DEPTH, default: MAX_DEPTH },
  scale: { min: 0.5, max: 2, step: 0.05, default: 1.5 },
  activation: { choices: ACTIVATIONS, default: 'none' },
  seed: { min: 1, max: 999999, default: 1 },
  layerWidth: { min: 16, max: 256, default: 64, attribute: 'width', url: false },
  view: { choices: VIEWS, default: 'forward' },
};

/** A readable size: plain digits near 1, scientific notation far from it. */
export function fmtSize(v) {
  if (!Number.isFinite(v)) return fmt(v);
  return v !== 0 && (v >= 1e4 || v < 1e-2) ? fmtSci(v, 2) : fmt(v, 3);
}

/**
 * Standard deviation of each row of a (rows × width) matrix, by nw.layerNormStats. Each row is
 * first multiplied by an exact power of two that brings its largest |value| near 1 (as BLAS's
 * nrm2 scales before squaring), so σ² stays inside float32 even for activations near 10³⁰.
 */
export function rowStd(nw, rows, width) {
  const n = rows.length / width;
  const scaled = new Float32Array(rows.length);
  const exps = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    let max = 0;
    for (let k = 0; k < width; k++) max = Math.max(max, Math.abs(rows[r * width + k]));
    const e = max > 0 && Number.isFinite(max) ? Math.floor(Math.log2(max)) : 0;
    const f = 2 ** -e;
    for (let k = 0; k < width; k++) scaled[r * width + k] = rows[r * width + k] * f;
    exps[r] = e;
  }
  const { variance } = nw.layerNormStats(scaled, width);
  return Array.from(variance, (v, r) => Math.sqrt(v) * 2 ** exps[r]);
}

/** Standard normals for every weight of the deepest stack, then the input vector. */
export function baseNormals(width, seed) {
  return normals(MAX_DEPTH * width * width + width, seed);
}

/**
 * All MAX_DEPTH layers, both ways (the depth only chooses how many are shown):
 * { plain, normed } σ after each layer, and what the backward pass needs.
 */
export function forwardRun(nw, { layerWidth: w, scale, activation }, base) {
  // Layer l's weights are std · Z_l (Z_l: standard normals of base). (std · Z) h = Z (std · h):
  // each layer's input is scaled instead of its w² weights (6.3 M floats per scale step at w = 256).
  const std = scale * Math.sqrt(GAIN[activation] / w);
  const weights = base;
  const x0 = base.subarray(MAX_DEPTH * w * w);
  const plainRows = new Float32Array((MAX_DEPTH + 1) * w);
  const normedRows = new Float32Array((MAX_DEPTH + 1) * w);
  const normedPre = new Float32Array(MAX_DEPTH * w);
  plainRows.set(x0);
  normedRows.set(x0);
  // Both runs share each layer's weights: one linear call on the two vectors as two rows.
  const pair = new Float32Array(2 * w);
  for (let l = 0; l < MAX_DEPTH; l++) {
    pair.set(plainRows.subarray(l * w, (l + 1) * w), 0);
    pair.set(normedRows.subarray(l * w, (l + 1) * w), w);
    for (let k = 0; k < 2 * w; k++) pair[k] *= std;
    let y = nw.linear(pair, weights.subarray(l * w * w, (l + 1) * w * w), null, { inFeatures: w });
    if (activation !== 'none') y = nw.activation(y, activation);
    plainRows.set(y.subarray(0, w), (l + 1) * w);
    normedPre.set(y.subarray(w), l * w);
    normedRows.set(nw.layerNorm(y.subarray(w), w), (l + 1) * w);
  }
  return {
    plain: rowStd(nw, plainRows, w),
    normed: rowStd(nw, normedRows, w),
    weights,
    std,
    plainRows,
    normedRows,
    normedPre,
  };
}

/**
 * The backward view (training module): a gradient g (standard normal, from the seed) arrives at
 * the output of layer `depth` and goes back through the same stacks (nw.layerNormBackward at
 * each norm, nw.activationBackward at each ReLU, nw.linearBackward at each layer). Returns the
 * standard deviation of the gradient with respect to the activations after each layer 0…depth.
 */
export function backwardRun(nw, { depth: d, layerWidth: w, activation, seed }, run) {
  const { weights, std, plainRows, normedRows, normedPre } = run;
  // The input gradient of h -> (std · Z) h is (std · g) Z: the gradient is scaled, not Z.
  const scaled = (g) => g.map((v) => v * std);
  const rms = (v) => rowStd(nw, v, w)[0];
  let gPlain = normals(w, seed + 7919);
  let gNormed = Float32Array.from(gPlain);
  const plain = new Array(d + 1);
  const normed = new Array(d + 1);
  plain[d] = rms(gPlain);
  normed[d] = rms(gNormed);
  for (let l = d - 1; l >= 0; l--) {
    const W = weights.subarray(l * w * w, (l + 1) * w * w);
    // Plain: h_{l+1} = act(W h_l).
    let gy = gPlain;
    if (activation !== 'none') gy = nw.activationBackward(plainRows.subarray((l + 1) * w, (l + 2) * w), gy, activation);
    gPlain = nw.linearBackward(plainRows.subarray(l * w, (l + 1) * w), W, scaled(gy), { inFeatures: w }).input;
    // Normalised: h_{l+1} = LN(act(W h_l)).
    const pre = normedPre.subarray(l * w, (l + 1) * w);
    let gn = nw.layerNormBackward(pre, gNormed, w).input;
    if (activation !== 'none') gn = nw.activationBackward(pre, gn, activation);
    gNormed = nw.linearBackward(normedRows.subarray(l * w, (l + 1) * w), W, scaled(gn), { inFeatures: w }).input;
    plain[l] = rms(gPlain);
    normed[l] = rms(gNormed);
  }
  return { plain, normed };
}

/**
 * What the figure shows and states: { view, depth, scale, plain, normed } (σ per layer 0…depth,
 * of the activations or of the gradient) and the ratios the claims read: ratio (last/first
 * without normalization; for the gradient, input/output), normedEnd (σ at the end with
 * LayerNorm), perLayer (the geometric-mean factor per layer without normalization, over s),
 * normedPerLayer (the same with LayerNorm, for the gradient).
 */
export function numbers(state, run, back) {
  const d = state.depth;
  const backward = state.view === 'backward';
  const plain = backward ? back.plain : run.plain.slice(0, d + 1);
  const normed = backward ? back.normed : run.normed.slice(0, d + 1);
  const ratio = backward ? plain[0] / plain[d] : plain[d] / plain[0];
  const normedRatio = backward ? normed[0] / normed[d] : normed[d] / normed[0];
  return {
    view: state.view,
    depth: d,
    scale: state.scale,
    plain,
    normed,
    ratio,
    normedRatio,
    normedEnd: backward ? normed[0] : normed[d],
    perLayer: ratio ** (1 / d) / state.scale,
    normedPerLayer: normedRatio ** (1 / d),
  };
}

/** The whole measurement (Node tests): the backward view needs the training module as nw. */
export function measure(nw, state) {
  const run = forwardRun(nw, state, baseNormals(state.layerWidth, state.seed));
  return numbers(state, run, state.view === 'backward' ? backwardRun(nw, state, run) : null);
}

const forward = (m) => m.view === 'forward';
const backward = (m) => m.view === 'backward';

/**
 * Forward: without normalization the signal explodes (grows) or vanishes (shrinks) — by more
 * than 10× either way; about s per layer (the geometric mean within 15 % of s); with LayerNorm
 * its σ ends at 1 (within 1 %). Backward: the gradient, likewise; with LayerNorm it shrinks by
 * only a few per cent per layer (a factor between 0.9 and 1).
 */
export const claims = {
  explodes: {
    when: (m) => forward(m) && m.ratio >= 1,
    value: (m) => m.ratio,
    holds: (v) => v > 10,
    format: fmtSize,
  },
  vanishes: {
    when: (m) => forward(m) && m.ratio < 1,
    value: (m) => m.ratio,
    holds: (v) => v < 0.1,
    format: fmtSize,
  },
  perLayer: {
    when: forward,
    value: (m) => m.perLayer,
    holds: (v) => Math.abs(v - 1) <= 0.15,
    format: (v) => fmt(v, 3),
    vars: (m) => ({ factor: fmt(m.perLayer * m.scale, 3), scale: fmt(m.scale, 2) }),
  },
  normedSteady: {
    when: forward,
    value: (m) => m.normedEnd,
    holds: (v) => Math.abs(v - 1) <= 0.01,
    format: (v) => fmt(v, 4),
  },
  gradExplodes: {
    when: (m) => backward(m) && m.ratio >= 1,
    value: (m) => m.ratio,
    holds: (v) => v > 10,
    format: fmtSize,
  },
  gradVanishes: {
    when: (m) => backward(m) && m.ratio < 1,
    value: (m) => m.ratio,
    holds: (v) => v < 0.1,
    format: fmtSize,
  },
  gradNormedSteady: {
    when: backward,
    value: (m) => m.normedPerLayer,
    holds: (v) => v >= 0.9 && v <= 1,
    format: (v) => fmt(v, 3),
  },
};
