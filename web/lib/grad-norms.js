// The numbers of <nw-grad-norms>: the gradient norm of each layer's FFN output weight W₂
// (torch's linear2.weight) at initialisation, under the task's own loss, in a Post-LN and a
// Pre-LN stack — the quantity Xiong et al. (2020) plot in their Figure 3.
//
// Setup: the token trainer of the library (nw.createTokenTrainer: embedding + sinusoidal PE, the
// encoder, a linear head; PyTorch's default initialisation) on the sorting task of
// scripts/train_tiny.py, one batch of BATCH sequences per seed, cross-entropy over the real
// positions; trainer.gradients() gives every parameter's gradient without changing the weights.
// Post-LN has no final LayerNorm (the original Transformer), Pre-LN has the one it needs. Each
// seed draws both stacks' weights (the same draw for both wirings) and its own batch; the figure
// shows the median over SEEDS seeds and the band between the smallest and the largest.
import { sortBatch, SORT } from './train-session.js';
import { uniforms, mixSeed } from './seeded-random.js';
import { fmt } from './format.js';

/** The figure's strings: gradNorms.* in web/i18n. */
export const ns = 'gradNorms';

/** Seeds per setting (seed, seed + 1, …), sequences per batch, heads; d_ff = 4·d_model. */
export const SEEDS = 5;
export const BATCH = 16;
export const HEADS = 4;
export const WIDTHS = Object.freeze(['16', '32', '64']);

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  depth: { min: 1, max: 24, default: 12 },
  dModel: { choices: WIDTHS, default: '64', attribute: 'd-model' },
  seed: { min: 1, max: 999999, default: 1 },
};

/** The L2 norm √(Σ v²) of one gradient array (accumulated in float64). */
export function l2Norm(values) {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i] * values[i];
  return Math.sqrt(sum);
}

/** The median of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/** The seeds one setting averages over: seed, seed + 1, … (SEEDS of them, wrapping at the maximum). */
export function seedsOf(seed) {
  const { min, max } = controls.seed;
  return Array.from({ length: SEEDS }, (_, k) => ((seed - min + k) % (max - min + 1)) + min);
}

/** The sort task's batch for one seed: { tokens, targets, paddingMask } of BATCH sequences. */
export function batchOf(seed) {
  return sortBatch(uniforms(mixSeed(seed, 0x50a7)), BATCH);
}

/** The trainer config of one stack. */
export function trainerConfig({ depth, dModel, normFirst, seed }) {
  const d = Number(dModel);
  return {
    encoder: {
      dModel: d,
      nHeads: HEADS,
      dFF: 4 * d,
      nLayers: depth,
      normFirst,
      activation: 'relu',
      finalNorm: normFirst,
    },
    vocab: SORT.vocab,
    classes: SORT.classes,
    batch: BATCH,
    seqLen: SORT.seqLen,
    seed,
  };
}

/**
 * The measurement as steps: yields after each (wiring, seed) — 2·SEEDS gradient passes — so a
 * figure can spread them over idle periods; returns the summary (see summarize). One trainer per
 * wiring, its weights re-drawn for each seed (trainer.reset), disposed at the end or on return().
 */
export function* gradNormSteps(nw, { depth, dModel, seed }) {
  const seeds = seedsOf(seed);
  const runs = { post: [], pre: [] };
  const losses = { post: [], pre: [] };
  for (const normFirst of [false, true]) {
    const key = normFirst ? 'pre' : 'post';
    const trainer = nw.createTokenTrainer(trainerConfig({ depth, dModel, normFirst, seed: seeds[0] }));
    try {
      for (const [k, s] of seeds.entries()) {
        if (k > 0) trainer.reset(s);
        const b = batchOf(s);
        const { loss, params } = trainer.gradients(b.tokens, b.targets, { paddingMask: b.paddingMask });
        runs[key].push(Array.from({ length: depth }, (_, l) => l2Norm(params[`encoder.layers.${l}.linear2.weight`])));
        losses[key].push(loss);
        yield runs.post.length + runs.pre.length;
      }
    } finally {
      trainer.dispose();
    }
  }
  return summarize(runs, losses, seeds);
}

/**
 * Per wiring: the per-seed profiles (runs[seed][layer]), and per layer the median, min and max
 * over seeds; ratio = each seed's last/first layer and its median; lastOverPre = Post-LN's
 * last-layer norm over Pre-LN's, per seed and its median.
 */
export function summarize(runs, losses, seeds) {
  const side = (profiles) => {
    const L = profiles[0].length;
    const at = (l) => profiles.map((p) => p[l]);
    const ratios = profiles.map((p) => p[L - 1] / p[0]);
    return {
      runs: profiles,
      median: Array.from({ length: L }, (_, l) => median(at(l))),
      lo: Array.from({ length: L }, (_, l) => Math.min(...at(l))),
      hi: Array.from({ length: L }, (_, l) => Math.max(...at(l))),
      ratios,
      ratio: median(ratios),
    };
  };
  const post = side(runs.post);
  const pre = side(runs.pre);
  const L = post.median.length;
  const lastOverPre = runs.post.map((p, k) => p[L - 1] / runs.pre[k][L - 1]);
  return {
    depth: L,
    seeds,
    post,
    pre,
    lastOverPre,
    lastRatio: median(lastOverPre),
    loss: { post: median(losses.post), pre: median(losses.pre) },
  };
}

/** The whole measurement at once (Node tests, scripts): the summary of gradNormSteps. */
export function measure(nw, state) {
  const steps = gradNormSteps(nw, state);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

const times = (v) => fmt(v, 2);

/**
 * What the figure states (web/lib/claims.js), decided on the medians over the seeds:
 *   postFlat   Post-LN's W₂ gradient is about the same in every layer (last/first within a
 *              factor 1.25 either way);
 *   preFalls   Pre-LN's does not grow with depth: its last layer gets less than its first;
 *   nearOutput at the last layer Post-LN's W₂ gradient is larger than Pre-LN's.
 * The first two compare layers, so they need two or more.
 */
export const claims = {
  postFlat: {
    value: (m) => m.post.ratio,
    holds: (v) => v >= 0.8 && v <= 1.25,
    when: (m) => m.depth > 1,
    format: times,
  },
  preFalls: {
    value: (m) => m.pre.ratio,
    holds: (v) => v < 1,
    when: (m) => m.depth > 1,
    format: times,
  },
  nearOutput: {
    value: (m) => m.lastRatio,
    holds: (v) => v > 1,
    format: times,
  },
};
