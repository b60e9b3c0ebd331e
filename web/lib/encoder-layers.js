// An N-layer encoder stack run one layer at a time, for figures that plot the representation
// after every layer (<nw-prepost-ln>, <nw-encoder-stack>).
//
// The encoder API returns only the final output, so we create the N-layer encoder (seeded), read
// its stateDict(), and apply its layers in turn through a 1-layer encoder loaded with layer l's
// weights ("layers.l.*" renamed to "layers.0.*"). With finalNorm, the stack's "norm.weight" and
// "norm.bias" are applied by nw.layerNorm. The last result is compared with the N-layer
// encoder's own forward() (`check`, the largest absolute difference). Both encoders are disposed
// before returning, also when a call throws.
//
// Seeded stacks are prefixes of each other: the N-layer encoder with seed s has the first N layers
// of the deeper one with seed s (the initialisation walks the parameters in state_dict order;
// tests/js/api.test.mjs checks it). So a figure whose layer slider only changes N runs the deepest
// stack once and shows states[0..N] — dragging the slider costs no encoder work at all.

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
  const single = nw.createEncoder({ ...config, nLayers: 1, finalNorm: false });
  try {
    const weights = stack.stateDict();
    const states = [x];
    let h = x;
    for (let l = 0; l < stack.config.nLayers; l++) {
      const layer = {};
      for (const p of single.parameters) layer[p.name] = weights[p.name.replace(/^layers\.0\./, `layers.${l}.`)];
      single.loadStateDict(layer);
      h = single.forward(h, { batch, seqLen, attention: false }).output;
      states.push(h);
    }
    const norm = stack.config.finalNorm ? { gamma: weights['norm.weight'], beta: weights['norm.bias'], eps: stack.config.eps } : null;
    const final = norm ? nw.layerNorm(h, stack.config.dModel, norm) : null;
    const direct = stack.forward(x, { batch, seqLen, attention: false }).output;
    const last = final ?? h;
    let check = 0;
    for (let i = 0; i < last.length; i++) check = Math.max(check, Math.abs(last[i] - direct[i]));
    return { states, final, norm, check };
  } finally {
    single.dispose();
    stack.dispose();
  }
}
