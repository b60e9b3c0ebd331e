// normwave for browsers and bundlers: the split build (normwave.mjs + normwave_wasm.wasm).
// The .wasm is found next to this module — written as a literal new URL(…, import.meta.url) so
// webpack 5, Vite and Parcel copy it — unless loadNormwave({ wasmUrl | wasmBinary }) says
// otherwise. loadNormwave({ training: true }) loads the training module instead
// (normwave_train.wasm, beside it, under the same glue; the training API is imported on demand,
// so a forward-only page never fetches it). Nothing here imports Node built-ins: Node resolves
// 'normwave' to normwave.node.js.
import createNormwaveModule from './normwave_wasm.mjs';
import { createLoader } from './api/loader.js';
import { fetchAndCompile, compileBinary, besidePackage } from './load-wasm.js';

/** Where the .wasm is when nobody says otherwise (computed on demand: IIFE bundles have no import.meta.url). */
export function defaultWasmUrl() {
  return besidePackage(new URL('./normwave_wasm.wasm', import.meta.url));
}

/** Where the training module's .wasm is when nobody says otherwise (loadNormwave({ training: true })). */
export function defaultTrainWasmUrl() {
  return besidePackage(new URL('./normwave_train.wasm', import.meta.url));
}

/** The training API, imported on demand. */
export const loadTraining = () => import('./training.js');

function resolveUrl(url) {
  const base =
    typeof document === 'object' && document
      ? document.baseURI
      : typeof location === 'object' && location
        ? location.href
        : undefined;
  return new URL(url, base);
}

/**
 * Loads the WebAssembly module once and resolves to the normwave API.
 * @param {import('./normwave').LoadOptions} [options]
 * @returns {Promise<import('./normwave').Normwave>}
 */
export const loadNormwave = createLoader(
  createNormwaveModule,
  async ({ wasmUrl, wasmBinary, signal, onProgress, training }) => {
    if (wasmBinary) return compileBinary(wasmBinary, 'wasmBinary', onProgress);
    const url = wasmUrl ? resolveUrl(wasmUrl) : training ? defaultTrainWasmUrl() : defaultWasmUrl();
    return fetchAndCompile(url, { signal, onProgress });
  },
  loadTraining,
);
export { hasWasmSimd } from './api/loader.js';
export { NormwaveLoadError } from './load-wasm.js';
