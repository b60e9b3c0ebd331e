// The app esbuild and Rollup build with 'normwave' and a figure, which do not copy files named by
// new URL(…, import.meta.url): one line says where the package's dist/ is served (the test copies
// node_modules/normwave/dist to ./normwave/), and the library is told where the .wasm is.
import { loadNormwave } from 'normwave';
import { setAssetBase } from 'normwave/figures/nw-ln-simulator';

setAssetBase('./normwave/');
Promise.all([
  loadNormwave({ wasmUrl: './normwave/normwave_wasm.wasm' }),
  loadNormwave({ training: true, wasmUrl: './normwave/normwave_train.wasm' }),
]).then(
  ([nw, train]) => {
    const y = nw.layerNorm([2.4, 1.1, -0.3, 0.8], 4);
    document.body.dataset.result = JSON.stringify({
      y0: y[0],
      training: train.training && !nw.training,
      lr: train.learningRate(1, { lr: 1e-3, warmupSteps: 2 }),
    });
  },
  (e) => {
    document.body.dataset.result = JSON.stringify({ error: e.message });
  },
);
