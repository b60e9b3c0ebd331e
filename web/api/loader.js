// Loading: the SIMD probe and the once-only loader that web/normwave.js and normwave.single.js
// export as loadNormwave(). (The entry files own the loader's options.)
import { createApi } from './index.js';

// A minimal module using one v128 instruction: validates only where WebAssembly SIMD exists.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export function hasWasmSimd() {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

/**
 * Makes the public loadNormwave() for one build of the Embind module.
 * @param {(opts: object) => Promise<any>} factory the Emscripten module factory
 * @param {() => Promise<object>} moduleOptions extra factory options (Node passes wasmBinary)
 */
export function createLoader(factory, moduleOptions) {
  let loading = null;
  return function loadNormwave() {
    if (!loading) {
      loading = (async () => {
        if (!hasWasmSimd()) {
          throw new Error('normwave needs WebAssembly SIMD (Chrome/Edge 91+, Firefox 89+, Safari 16.4+, Node 16.4+); this runtime does not support it');
        }
        const M = await factory(await moduleOptions());
        return Object.freeze(createApi(M));
      })();
      loading.catch(() => { loading = null; });
    }
    return loading;
  };
}
