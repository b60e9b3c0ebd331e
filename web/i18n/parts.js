// How the figures' strings are split for loading. Keys several figures use are shared and load
// as one table per language; a figure whose text is its own (the namespaces below, the part
// before the key's first dot: captions, notes and the sentences of its claims) loads it apart, so
// an embedded figure does not carry the others' explanations. A part may also be a figure's mode
// that loads on request (nw-train-compare), its strings loaded with its code. In the source tree
// each language loads whole from ko.js / en.js;
// scripts/build-web.mjs replaces `loaders` with one chunk per language and part.
export const OWN_STRINGS = Object.freeze({
  'nw-attention': ['attention'],
  'nw-attention-steps': ['attnSteps'],
  'nw-batch-independence': ['batchIndep'],
  'nw-depth-demo': ['depthDemo'],
  'nw-encoder-block': ['encBlock'],
  'nw-encoder-stack': ['encStack'],
  'nw-ffn': ['ffn'],
  'nw-grad-norms': ['gradNorms'],
  'nw-kernel-source': ['kernelSource'],
  'nw-ln-pipeline': ['lnPipe'],
  'nw-ln-simulator': ['lnSim'],
  'nw-ln-steps': ['lnSteps'],
  'nw-norm-axes': ['normAxes'],
  'nw-order-demo': ['orderDemo'],
  'nw-pe-compare': ['peCompare'],
  'nw-pe-properties': ['peProps'],
  'nw-prepost-ln': ['prePost'],
  'nw-quiz': ['quiz'],
  'nw-rmsnorm': ['rmsNorm'],
  'nw-train': ['train'],
  // <nw-train>'s comparison mode, loaded when the reader opens it (lib/train-compare-view.js).
  'nw-train-compare': ['trainCompare'],
});

/** lang → part ('shared' or a tag of OWN_STRINGS) → () => import of { default: strings }. */
export const loaders = {
  ko: { shared: () => import('./ko.js') },
  en: { shared: () => import('./en.js') },
};
