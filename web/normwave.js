// normwave: the split build (normwave.mjs + normwave_wasm.wasm beside it).
// In browsers the glue streams the .wasm from next to this file; in Node we read it ourselves,
// because Emscripten 3.1.6's ES-module glue cannot locate files there.
import createNormwaveModule from './normwave_wasm.mjs';
import { createLoader } from './api/loader.js';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' && typeof window === 'undefined';

async function moduleOptions() {
  if (!isNode) return {};
  const { readFile } = await import('node:fs/promises');
  return { wasmBinary: await readFile(new URL('./normwave_wasm.wasm', import.meta.url)) };
}

/**
 * Loads the WebAssembly module once and resolves to the normwave API.
 * @returns {Promise<import('./normwave').Normwave>}
 */
export const loadNormwave = createLoader(createNormwaveModule, moduleOptions);
export { hasWasmSimd } from './api/loader.js';
