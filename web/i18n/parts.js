// How the figures' strings are split for loading. Most keys are shared by every figure and load
// as one table per language; the figures with the most text of their own (the namespaces below,
// the part before the key's first dot; each ~0.7–1.3 KB gzipped or more) load theirs apart, so an
// embedded figure does not carry the others' explanations. A part may also be a figure's mode that
// loads on request (nw-train-compare), its strings loaded with its code. In the source tree each language loads whole from ko.js / en.js;
// scripts/build-web.mjs replaces `loaders` with one chunk per language and part.
export const OWN_STRINGS = Object.freeze({
  'nw-attention': ['attention'],
  'nw-attention-steps': ['attnSteps'],
  'nw-depth-demo': ['depthDemo'],
  'nw-encoder-block': ['encBlock'],
  'nw-ffn': ['ffn'],
  'nw-grad-norms': ['gradNorms'],
  'nw-kernel-source': ['kernelSource'],
  'nw-ln-pipeline': ['lnPipe'],
  'nw-norm-axes': ['normAxes'],
  'nw-pe-compare': ['peCompare'],
  'nw-pe-properties': ['peProps'],
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
