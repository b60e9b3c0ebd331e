// An N-layer encoder stack's representation after every layer, for figures that plot it
// (<nw-prepost-ln>, <nw-encoder-stack>): one forward() with { hiddenStates: true }.
//
// With finalNorm, the stack's "norm.weight" and "norm.bias" are returned, so a figure can apply the
// final LayerNorm (nw.layerNorm) after any layer N; `final` is it applied after the last layer,
// and `check` the largest difference between that and forward()'s own output (0 without a final
// norm). The encoder is disposed before returning, also when a call throws.
//
// Seeded stacks are prefixes of each other: the N-layer encoder with seed s has the first N layers
// of the deeper one with seed s (the initialisation walks the parameters in state_dict order;
// tests/js/api.test.mjs checks it). So a figure whose layer slider only changes N runs the deepest
// stack once and shows states[0..N] — dragging the slider costs no encoder work at all.
import { maxAbsDiff } from './diff.js';

/**
 * @param {object} nw the loaded library
 * @param {object} config nw.createEncoder config (dModel, nHeads, dFF, nLayers, normFirst,
 *   activation, finalNorm, seed)
 * @param {Float32Array} x input, batch × seqLen × dModel
 * @param {{ seqLen: number, batch?: number }} shape
 * @returns {{ states: Float32Array[], final: Float32Array | null, norm: object | null, check: number }}
 *   states[0] is x, states[l] the output of layer l (1…nLayers); final is the final LayerNorm's
 *   output and norm its { gamma, beta, eps } (or null).
 */
export function forwardLayerByLayer(nw, config, x, { seqLen, batch = 1 }) {
  const stack = nw.createEncoder(config);
  try {
    const { output, hiddenStates: states } = stack.forward(x, { batch, seqLen, attention: false, hiddenStates: true });
    const last = states[states.length - 1];
    if (!stack.config.finalNorm) return { states, final: null, norm: null, check: maxAbsDiff(last, output) };
    const weights = stack.stateDict();
    const norm = { gamma: weights['norm.weight'], beta: weights['norm.bias'], eps: stack.config.eps };
    const final = nw.layerNorm(last, stack.config.dModel, norm);
    return { states, final, norm, check: maxAbsDiff(final, output) };
  } finally {
    stack.dispose();
  }
}
