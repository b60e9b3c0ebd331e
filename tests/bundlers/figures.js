// The app Vite and webpack 5 build with no configuration: the library and figures from 'normwave',
// their .wasm and data files found by the bundler from new URL(…, import.meta.url).
import { loadNormwave } from 'normwave';
import 'normwave/figures/nw-ln-simulator';
import { NwPeHeatmap } from 'normwave/figures';

loadNormwave().then((nw) => {
  const y = nw.layerNorm([2.4, 1.1, -0.3, 0.8], 4);
  document.body.dataset.result = JSON.stringify({ y0: y[0], heatmap: customElements.get('nw-pe-heatmap') === NwPeHeatmap });
}, (e) => { document.body.dataset.result = JSON.stringify({ error: e.message }); });
