// normwave: the one-file build — the .wasm is inlined gzipped by the bundler (esbuild's binary
// loader), inflated here with DecompressionStream and handed to the same glue as the split build,
// so nothing is fetched at all (no data: URL for a strict CSP to refuse).
import createNormwaveModule from './normwave_wasm.mjs';
import wasmGzip from './normwave_wasm.wasm.gz';
import { createLoader } from './api/loader.js';

async function inflate(bytes) {
  if (typeof DecompressionStream !== 'function') {
    throw new Error('normwave.single.mjs needs DecompressionStream (Chrome 80+, Firefox 113+, Safari 16.4+, Node 18+); normwave.mjs loads the .wasm file instead');
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Loads the WebAssembly module once and resolves to the normwave API.
 * @returns {Promise<import('./normwave').Normwave>}
 */
export const loadNormwave = createLoader(createNormwaveModule, async () => ({ wasmBinary: await inflate(wasmGzip) }));
export { hasWasmSimd } from './api/loader.js';
