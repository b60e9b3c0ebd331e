// The numbers of <nw-batch-independence>: one batch normalized whole (B samples) and halved (its
// first B/2), by LayerNorm and by BatchNorm (nw.layerNormWithStats, nw.batchNormWithStats), and
// what the figure states about them.
import { mixSeed, normalSource } from './seeded-random.js';

/** The figure's strings: batchIndep.* in web/i18n. */
export const ns = 'batchIndep';

/** The figure's controls (web/lib/base.js's convention). */
export const controls = {
  batch: { min: 2, max: 16, step: 2, default: 8 },
  features: { min: 4, max: 12, default: 6, url: false },
  seed: { min: 1, max: 99999, default: 1 },
};

/**
 * B × C values, row n = its own offset + the feature's offset + noise, rounded to two decimals.
 * Every row and every feature offset has its own seeded stream, so changing B adds or removes
 * samples at the end and leaves the others as they were.
 */
export function makeBatch(seed, batch, features) {
  const featureOffset = Array.from({ length: features }, (_, c) => 1.5 * normalSource(mixSeed(seed, 0xfea7, c))());
  const x = new Float32Array(batch * features);
  for (let n = 0; n < batch; n++) {
    const z = normalSource(mixSeed(seed, 0x5a3e, n));
    const rowOffset = z();
    for (let c = 0; c < features; c++)
      x[n * features + c] = Math.round((rowOffset + featureOffset[c] + 0.8 * z()) * 100) / 100;
  }
  return x;
}

/**
 * Statistics of the whole batch and of its first half: { x, ln, lnHalf, bn, bnHalf, lnDelta
 * (|Δμ| of sample 0), lnOutDelta (largest |Δ| of sample 0's output), bnDelta (|Δμ| per
 * channel), worst (the channel that moved most) }.
 */
export function measure(nw, { batch, features, seed }) {
  const C = features,
    half = batch / 2;
  const x = makeBatch(seed, batch, C);
  const xHalf = x.slice(0, half * C);
  const ln = nw.layerNormWithStats(x, C);
  const lnHalf = nw.layerNormWithStats(xHalf, C);
  const bn = nw.batchNormWithStats(x, C);
  const bnHalf = nw.batchNormWithStats(xHalf, C);
  const lnDelta = Math.abs(ln.mean[0] - lnHalf.mean[0]);
  let lnOutDelta = 0;
  for (let k = 0; k < C; k++) lnOutDelta = Math.max(lnOutDelta, Math.abs(ln.output[k] - lnHalf.output[k]));
  const bnDelta = Array.from(bn.mean, (m, c) => Math.abs(m - bnHalf.mean[c]));
  let worst = 0;
  bnDelta.forEach((d, c) => {
    if (d > bnDelta[worst]) worst = c;
  });
  return { batch, half, x, ln, lnHalf, bn, bnHalf, lnDelta, lnOutDelta, bnDelta, worst };
}

/**
 *   lnSame   LayerNorm's μ and output of sample 0 are the same, to the bit, with B and with B/2;
 *   bnMoves  BatchNorm's channel means move when half the batch is dropped.
 */
export const claims = {
  lnSame: {
    value: (m) => Math.max(m.lnDelta, m.lnOutDelta),
    holds: (v) => v === 0,
    vars: (m) => ({ b: m.batch, half: m.half }),
  },
  bnMoves: {
    value: (m) => m.bnDelta[m.worst],
    holds: (v) => v > 0,
    vars: (m) => ({ b: m.batch, half: m.half, c: m.worst + 1 }),
  },
};
