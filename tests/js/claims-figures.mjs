// The figures whose sentences are claims (web/lib/claims.js): each one's element, its web/lib
// module (ns, controls, claims, measure), and how tests sweep it. Read by tests/js/claims.test.mjs
// (Node: the numbers and the verdicts) and tests/browser/claims.test.mjs (the rendered page).
//   training: measure() needs the training module;  sweep: how many random states to add (default 30);
//   states: the states to sweep instead of a sample (for figures whose measurement is heavy);
//   defaults: attributes the article sets on the element (its defaults on the page).
export const FIGURES = [
  { tag: 'nw-batch-independence', module: '../../web/lib/batch-independence.js' },
  { tag: 'nw-depth-demo', module: '../../web/lib/depth-demo.js', training: true },
  { tag: 'nw-prepost-ln', module: '../../web/lib/prepost-ln.js' },
  { tag: 'nw-encoder-stack', module: '../../web/lib/encoder-stack.js' },
  { tag: 'nw-rmsnorm', module: '../../web/lib/rmsnorm.js' },
  { tag: 'nw-ffn', module: '../../web/lib/ffn.js' },
  { tag: 'nw-order-demo', module: '../../web/lib/order-demo.js' },
  { tag: 'nw-ln-steps', module: '../../web/lib/ln-steps.js' },
  { tag: 'nw-ln-simulator', module: '../../web/lib/ln-simulator.js' },
  { tag: 'nw-ln-pipeline', module: '../../web/lib/ln-pipeline.js' },
  { tag: 'nw-norm-axes', module: '../../web/lib/norm-axes.js' },
  { tag: 'nw-pe-properties', module: '../../web/lib/pe-properties.js' },
  { tag: 'nw-pe-compare', module: '../../web/lib/pe-compare.js' },
  { tag: 'nw-encoder-block', module: '../../web/lib/encoder-block.js' },
  { tag: 'nw-attention', module: '../../web/lib/attention-lab.js' },
  { tag: 'nw-pe-waves', module: '../../web/lib/pe-waves.js' },
  {
    tag: 'nw-grad-norms',
    module: '../../web/lib/grad-norms.js',
    training: true,
    states: [
      {},
      { depth: 1 },
      { depth: 2 },
      { depth: 4, dModel: '32' },
      { depth: 6, dModel: '16', seed: 6 },
      { depth: 8, seed: 6 },
      { depth: 12, dModel: '32', seed: 11 },
      { depth: 16, dModel: '16' },
      { depth: 24, dModel: '32', seed: 6 },
      { depth: 24 },
    ],
  },
];
