// normwave-elements.mjs: every figure element. One <script type="module"> of this file and a tag
// such as <nw-pe-heatmap d-model="128"></nw-pe-heatmap> is all a blog post needs.
import './nw-pe-heatmap.js';

export { loadNormwave } from '../normwave.js';
