// normwave/figures (dist/figures/index.mjs): registers every figure element. One
// <script type="module"> of this file and a tag such as <nw-pe-heatmap d-model="128"></nw-pe-heatmap>
// is all a blog post needs; dist/figures/nw-<name>.mjs registers one. Every element of
// web/elements/ is listed here (the build checks).
export { NwPeHeatmap } from './nw-pe-heatmap.js';
export { NwKernelSource } from './nw-kernel-source.js';
export { NwQuiz } from './nw-quiz.js';
export { NwPeWaves } from './nw-pe-waves.js';
export { NwOrderDemo } from './nw-order-demo.js';
export { NwPeProperties } from './nw-pe-properties.js';
export { NwPeCompare } from './nw-pe-compare.js';
export { NwDepthDemo } from './nw-depth-demo.js';
export { NwLnSteps } from './nw-ln-steps.js';
export { NwLnPipeline } from './nw-ln-pipeline.js';
export { NwLnSimulator } from './nw-ln-simulator.js';
export { NwNormAxes } from './nw-norm-axes.js';
export { NwBatchIndependence } from './nw-batch-independence.js';
export { NwPrepostLn } from './nw-prepost-ln.js';
export { NwRmsnorm } from './nw-rmsnorm.js';
export { NwEncoderBlock } from './nw-encoder-block.js';
export { NwAttention } from './nw-attention.js';
export { NwFfn } from './nw-ffn.js';
export { NwEncoderStack } from './nw-encoder-stack.js';
export { NwAttentionSteps } from './nw-attention-steps.js';
export { NwGradNorms } from './nw-grad-norms.js';
export { NwTrain } from './nw-train.js';

export { loadNormwave } from '../normwave.js';
export { setAssetBase } from '../lib/assets.js';
export { NwElement } from '../lib/base.js';
