// normwave: the one-file build — the .wasm is inlined gzipped by the bundler (esbuild's binary
// loader), inflated here with DecompressionStream and compiled from memory, so nothing is fetched
// at all (no data: URL for a strict CSP to refuse). loadNormwave takes the same options as the
// split build; wasmUrl is ignored (there is nothing to fetch), wasmBinary replaces the inlined one.
// It holds the forward library only: the training module (backward passes, AdamW, the trainer;
// ~20 KB more gzipped) is not inlined, so loadNormwave({ training: true }) rejects with an Error
// pointing to the split build.
import createNormwaveModule from './normwave_wasm.mjs';
import wasmGzip from './normwave_wasm.wasm.gz';
import { createLoader } from './api/loader.js';
import { compileBinary } from './load-wasm.js';

async function inflate(bytes) {
  if (typeof DecompressionStream !== 'function') {
    throw new Error(
      'normwave.single.mjs needs DecompressionStream (Chrome 80+, Firefox 113+, Safari 16.4+, Node 18+); normwave.mjs loads the .wasm file instead',
    );
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Loads the WebAssembly module once and resolves to the normwave API.
 * @param {import('./normwave').LoadOptions} [options]
 * @returns {Promise<import('./normwave').Normwave>}
 */
export const loadNormwave = createLoader(
  createNormwaveModule,
  async ({ wasmBinary, onProgress }) =>
    compileBinary(
      wasmBinary ?? (await inflate(wasmGzip)),
      wasmBinary ? 'wasmBinary' : 'normwave.single.mjs (inlined)',
      onProgress,
    ),
  async () => {
    throw new Error(
      "loadNormwave({ training: true }): normwave.single.mjs holds the forward library only; import 'normwave' (normwave.mjs with normwave_train.wasm beside it) to train",
    );
  },
);
export { hasWasmSimd } from './api/loader.js';
export { NormwaveLoadError } from './load-wasm.js';
