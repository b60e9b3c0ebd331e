// The numbers of <nw-attention>, apart from drawing: the trained model's attention (and the
// padding lab's measures), the random-weight sandbox encoder on free text, and the softmax lab
// (the mask against additive biases). Every value comes from the library; tests/js/attention-lab
// .test.mjs runs these in Node.
import { normals, mixSeed } from './seeded-random.js';
import { PAD } from './tiny-model.js';

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
