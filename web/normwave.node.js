// normwave for Node (the package's `node` export condition): the same library, with the .wasm
// read from disk. The browser entry (normwave.js) never imports node: modules; this one may.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import createNormwaveModule from './normwave_wasm.mjs';
import { createLoader } from './api/loader.js';
import { fetchAndCompile, compileBinary, fetchError, progress } from './load-wasm.js';
import { defaultWasmUrl, defaultTrainWasmUrl, loadTraining } from './normwave.js';

/**
 * Loads the WebAssembly module once and resolves to the normwave API. wasmUrl may be a file
 * path, a file: URL or an http(s): URL. { training: true } loads normwave_train.wasm instead.
 * @param {import('./normwave').LoadOptions} [options]
 * @returns {Promise<import('./normwave').Normwave>}
 */
export const loadNormwave = createLoader(
  createNormwaveModule,
  async ({ wasmUrl, wasmBinary, signal, onProgress, training }) => {
    if (wasmBinary) return compileBinary(wasmBinary, 'wasmBinary', onProgress);
    const url = wasmUrl
      ? new URL(wasmUrl, pathToFileURL(`${process.cwd()}/`))
      : training
        ? defaultTrainWasmUrl()
        : defaultWasmUrl();
    if (url.protocol !== 'file:') return fetchAndCompile(url, { signal, onProgress });
    let bytes;
    try {
      bytes = await readFile(url, { signal });
    } catch (e) {
      if (signal?.aborted) throw signal.reason ?? e;
      throw fetchError(url, 'fetch', e.code ?? String(e.message), e);
    }
    progress(onProgress, bytes.byteLength, bytes.byteLength);
    return compileBinary(bytes, url.href);
  },
  loadTraining,
);
export { hasWasmSimd } from './api/loader.js';
export { NormwaveLoadError } from './load-wasm.js';
