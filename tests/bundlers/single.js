// The app esbuild and Rollup build with normwave/single: the wasm is inside the script.
import { loadNormwave } from 'normwave/single';

loadNormwave().then(
  (nw) => {
    const y = nw.layerNorm([2.4, 1.1, -0.3, 0.8], 4);
    document.body.dataset.result = JSON.stringify({ y0: y[0] });
  },
  (e) => {
    document.body.dataset.result = JSON.stringify({ error: e.message });
  },
);
