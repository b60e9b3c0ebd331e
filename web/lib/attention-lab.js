// The numbers of <nw-attention>, apart from drawing: the trained model's attention (and the
// padding lab's measures), the random-weight sandbox encoder on free text, and the softmax lab
// (the mask against additive biases). Every value comes from the library; tests/js/attention-lab
// .test.mjs runs these in Node.
import { normals, mixSeed } from './seeded-random.js';
import { PAD, TinyModel } from './tiny-model.js';
import { fmt } from './format.js';

/** The figure's strings: attention.* in web/i18n. */
export const ns = 'attention';

export const MODES = ['model', 'sandbox', 'padding'];
export const MIN_DIGITS = 3;
export const MAX_DIGITS = 8;
export const DEFAULT_INPUT = '31415926';
export const MAX_PADS = 8;
export const DEFAULT_PADS = 3;
/** Head 2 of layer 2 shows the task best on the default input: query 0 looks at the two 1s. */
export const DEFAULT_HEAD = 1;
/** The trained model and the sandbox both have this many layers and heads. */
export const LAYERS = 2;
export const HEADS = 4;

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  mode: { choices: MODES, default: 'model' },
  layer: { min: 0, max: LAYERS - 1, default: LAYERS - 1 },
  head: { min: 0, max: HEADS - 1, default: DEFAULT_HEAD },
  pads: { min: 0, max: MAX_PADS, default: DEFAULT_PADS },
  masked: { bool: true, default: true },
};

/** An example row of attention scores: three real keys, then two keys that are <PAD>. */
export const SCORES = [1.5, 0.2, -0.7, 0.9, 2.4];
export const SCORE_PADS = [0, 0, 0, 1, 1];
/** Additive biases for the padded keys, compared with the mask (−∞; its label is a string). */
export const BIASES = [
  { value: -Infinity, label: null },
  { value: -1e9, label: '−10⁹' },
  { value: -1e4, label: '−10⁴' },
  { value: -10, label: '−10' },
];

const EMBEDDING_SALT = 0xa77e;

/** Whitespace-separated tokens of the sandbox text. */
export function tokenize(text) {
  return String(text).trim().split(/\s+/u).filter(Boolean);
}

/** The sandbox embedding of a token: standard normals seeded by a hash of its code points. */
export function embedToken(token, dModel) {
  return normals(dModel, mixSeed(EMBEDDING_SALT, ...[...token].map((c) => c.codePointAt(0))));
}

/**
 * The trained model (lib/tiny-model.js) on digits. With pads > 0 (the padding lab) the input is
 * followed by that many <PAD>s, masked or not, and the result also says how far the real tokens'
 * final states moved (delta, the largest |difference| from the run without pads) and the largest
 * weight any query gives a <PAD> key over every layer and head (padWeight).
 * @returns the model's predict() result plus tokens: [{ text, pad }] (and delta, padWeight)
 */
export function runModel(model, digits, { pads = 0, masked = true, lab = false } = {}) {
  const vocab = model.vocab;
  const tokensOf = (r) => r.inputs.map((id) => ({ text: vocab[id], pad: id === PAD }));
  if (!lab) {
    const r = model.predict(digits);
    return { ...r, tokens: tokensOf(r) };
  }
  const base = model.predict(digits);
  const r = model.predict([...digits, ...Array(pads).fill(PAD)], { mask: masked });
  const d = model.config.dModel;
  let delta = 0;
  for (let i = 0; i < digits.length * d; i++) delta = Math.max(delta, Math.abs(r.hidden[i] - base.hidden[i]));
  let padWeight = 0;
  const n = r.seqLen;
  for (const a of r.attention) {
    for (let row = 0; row < a.length / n; row++) {
      for (let k = digits.length; k < n; k++) padWeight = Math.max(padWeight, a[row * n + k]);
    }
  }
  return { ...r, tokens: tokensOf(r), delta, padWeight };
}

/**
 * The sandbox: words embedded (embedToken) plus nw.positionalEncoding, through encoder (made by
 * nw.createEncoder with dModel). Returns { tokens: [{ text, pad: false, word: true }], seqLen,
 * attention } (one Float32Array(heads · n · n) per layer).
 */
export function runSandbox(nw, encoder, words) {
  const { dModel } = encoder.config;
  const n = words.length;
  const pe = nw.positionalEncoding(n, dModel);
  const x = new Float32Array(n * dModel);
  words.forEach((w, p) => {
    const e = embedToken(w, dModel);
    for (let k = 0; k < dModel; k++) x[p * dModel + k] = e[k] + pe[p * dModel + k];
  });
  const { attention } = encoder.forward(x, { seqLen: n });
  return { tokens: words.map((w) => ({ text: w, pad: false, word: true })), seqLen: n, attention };
}

/**
 * nw.softmax on one score row whose keys with pads[k] = 1 are <PAD>: for each bias, the padded
 * scores shifted by it (a non-finite bias: the kernel's mask instead), with the weight left on
 * the pads (padSum); and a fully padded row, masked (fullMasked: zeros) and biased by −10⁹
 * (fullBig: uniform).
 * @param biases [{ value, label }]
 */
export function softmaxLab(nw, scores, pads, biases) {
  const n = scores.length;
  const mask = Uint8Array.from(pads);
  const rows = biases.map(({ value: bias, label }) => {
    const weights = Number.isFinite(bias)
      ? nw.softmax(
          scores.map((s, k) => (pads[k] ? s + bias : s)),
          n,
        )
      : nw.softmax(scores, n, { mask });
    let padSum = 0;
    weights.forEach((w, k) => {
      if (pads[k]) padSum += w;
    });
    return { bias, label, weights, padSum };
  });
  const fullMasked = nw.softmax(scores, n, { mask: new Uint8Array(n).fill(1) });
  const fullBig = nw.softmax(
    scores.map((s) => s - 1e9),
    n,
  );
  return { rows, fullMasked, fullBig };
}

/**
 * Weight query q gives, in head h of layer `layer`, to the keys holding its answer digit (null
 * when q has no answer: a <PAD> slot).
 */
export function targetMass(r, layer, h, q) {
  if (!r.target || r.target[q] === null) return null;
  const n = r.seqLen;
  const a = r.attention[layer];
  let mass = 0;
  for (let k = 0; k < n; k++)
    if (!r.tokens[k].pad && Number(r.tokens[k].text) === r.target[q]) mass += a[(h * n + q) * n + k];
  return mass;
}

/** Per layer, the answer weight of each real query slot's best head, averaged over the slots. */
export function bestHeadMass(r) {
  return r.attention.map((_, layer) => {
    let sum = 0;
    for (const q of r.real) sum += Math.max(...Array.from({ length: HEADS }, (_, h) => targetMass(r, layer, h, q)));
    return sum / r.real.length;
  });
}

/**
 * What the claims read, from a model run (runModel) and the softmax lab: { mode, pads, masked,
 * run, softmax, best (bestHeadMass, in model mode) }.
 */
export function labNumbers({ mode, pads, masked }, run, softmax) {
  return { mode, pads, masked, run, softmax, best: run && mode === 'model' ? bestHeadMass(run) : null };
}

/**
 * The whole figure's numbers off the page (Node tests): the trained model from the weights file's
 * bytes (context.modelBytes), run on state.input (default "31415926"). The sandbox mode has no
 * claims: its weights are random and its map has no meaning to state.
 */
export function measure(nw, state, { modelBytes }) {
  const softmax = softmaxLab(nw, SCORES, SCORE_PADS, BIASES);
  if (state.mode === 'sandbox') return labNumbers(state, null, softmax);
  const model = new TinyModel(nw, modelBytes);
  try {
    const digits = [...(state.input ?? DEFAULT_INPUT)].map(Number);
    const run = runModel(model, digits, { lab: state.mode === 'padding', pads: state.pads, masked: state.masked });
    return labNumbers(state, run, softmax);
  } finally {
    model.dispose();
  }
}

const padding = (m) => m.mode === 'padding';
const bias = (m, value) => m.softmax.rows.find((row) => row.bias === value);
const weight = (v) => (v === 0 ? '0' : v < 1e-3 ? v.toExponential(1).replace('-', '−') : fmt(v, 3));

/**
 * model    layer2Finds   layer 2's best heads put more weight on the answer's positions than
 *                        layer 1's (averaged over the query slots);
 * padding  padsInvisible with pads appended, no PAD key gets any weight and the real tokens'
 *                        outputs do not move (true with the mask, false without);
 *          hugeIsZero    −10⁴ and −10⁹ leave exactly 0 on the PADs, as the mask does;
 *          mildLeaks     −10 leaves a little weight on them;
 *          fullZeros     a row whose keys are all masked comes out all zeros;
 *          fullEven      a row all biased by −10⁹ comes out uniform, 1/n each.
 */
export const claims = {
  layer2Finds: {
    when: (m) => m.mode === 'model' && m.best !== null,
    value: (m) => m.best[1] - m.best[0],
    holds: (v) => v > 0,
    format: (v) => fmt(v, 3),
    vars: (m) => ({ l1: fmt(m.best[0], 2), l2: fmt(m.best[1], 2) }),
  },
  padsInvisible: {
    when: (m) => padding(m) && m.pads > 0,
    value: (m) => Math.max(m.run.padWeight, m.run.delta),
    holds: (v) => v === 0,
    format: weight,
    vars: (m) => ({ pads: m.pads, padWeight: weight(m.run.padWeight), delta: weight(m.run.delta) }),
  },
  hugeIsZero: {
    when: padding,
    value: (m) => bias(m, -1e4).padSum + bias(m, -1e9).padSum,
    holds: (v) => v === 0,
    format: weight,
  },
  mildLeaks: {
    when: padding,
    value: (m) => bias(m, -10).padSum,
    holds: (v) => v > 0,
    format: weight,
  },
  fullZeros: {
    when: padding,
    value: (m) => Math.max(...m.softmax.fullMasked.map(Math.abs)),
    holds: (v) => v === 0,
    format: weight,
  },
  fullEven: {
    when: padding,
    value: (m) => Math.max(...m.softmax.fullBig.map((w) => Math.abs(w - 1 / m.softmax.fullBig.length))),
    holds: (v) => v <= 1e-6,
    format: weight,
    vars: (m) => ({ n: m.softmax.fullBig.length, each: fmt(1 / m.softmax.fullBig.length, 3) }),
  },
};
