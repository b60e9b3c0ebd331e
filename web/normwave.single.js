// normwave: the one-file build — the .wasm bytes are inlined by the bundler (esbuild's binary
// loader) and handed to the same glue as the split build, so nothing is fetched at all.
import createNormwaveModule from './normwave_wasm.mjs';
import wasmBinary from './normwave_wasm.wasm';
import { createLoader } from './api.js';

/**
 * Loads the WebAssembly module once and resolves to the normwave API.
 * @returns {Promise<import('./normwave').Normwave>}
 */
export const loadNormwave = createLoader(createNormwaveModule, async () => ({ wasmBinary }));
export { hasWasmSimd } from './api.js';
