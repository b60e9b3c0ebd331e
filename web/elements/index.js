// normwave-elements.mjs: every figure element. One <script type="module"> of this file and a tag
// such as <nw-pe-heatmap d-model="128"></nw-pe-heatmap> is all a blog post needs.
import './nw-pe-heatmap.js';
import './nw-kernel-source.js';
import './nw-quiz.js';
import './nw-pe-waves.js';
import './nw-order-demo.js';
import './nw-pe-properties.js';
import './nw-pe-compare.js';
import './nw-depth-demo.js';
import './nw-ln-steps.js';
import './nw-ln-pipeline.js';
import './nw-ln-simulator.js';
import './nw-norm-axes.js';
import './nw-batch-independence.js';
import './nw-prepost-ln.js';
import './nw-rmsnorm.js';
import './nw-encoder-block.js';
import './nw-attention.js';
import './nw-ffn.js';
import './nw-encoder-stack.js';

export { loadNormwave } from '../normwave.js';
