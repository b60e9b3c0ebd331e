// The app Vite and webpack 5 build with no configuration: the library and figures from 'normwave',
// their .wasm and data files found by the bundler from new URL(…, import.meta.url) — the training
// module (normwave_train.wasm) too.
import { loadNormwave } from 'normwave';
import 'normwave/figures/nw-ln-simulator';
import { NwPeHeatmap } from 'normwave/figures';

Promise.all([loadNormwave(), loadNormwave({ training: true })]).then(
  ([nw, train]) => {
    const y = nw.layerNorm([2.4, 1.1, -0.3, 0.8], 4);
    document.body.dataset.result = JSON.stringify({
      y0: y[0],
      heatmap: customElements.get('nw-pe-heatmap') === NwPeHeatmap,
      training: train.training && !nw.training,
      lr: train.learningRate(1, { lr: 1e-3, warmupSteps: 2 }),
    });
  },
  (e) => {
    document.body.dataset.result = JSON.stringify({ error: e.message });
  },
);
