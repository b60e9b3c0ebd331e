// normwave: the one-file build, the .wasm inlined — one file to drop into a blog post.
import createNormwaveModule from './normwave_wasm.single.mjs';
import { createLoader } from './api.js';

/**
 * Loads the WebAssembly module once and resolves to the normwave API.
 * @returns {Promise<import('./normwave').Normwave>}
 */
export const loadNormwave = createLoader(createNormwaveModule, async () => ({}));
export { hasWasmSimd } from './api.js';
