// Loading: the SIMD probe and the once-only loader that web/normwave.js and normwave.single.js
// export as loadNormwave(). (The entry files say how the
// module is compiled: fetched, read from disk or inlined.)
import { createApi } from './index.js';
import { readLoadOptions } from '../load-wasm.js';

// A minimal module using one v128 instruction: validates only where WebAssembly SIMD exists.
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

export function hasWasmSimd() {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

/**
 * Makes the public loadNormwave(options) for one build of the Embind module. The first call
 * compiles and instantiates the module; every later call (whatever its options) gets the same
 * instance, so a page holds one copy of the library. A failed or aborted load is forgotten, so
 * the next call tries again.
 * @param {(opts: object) => Promise<any>} factory the Emscripten module factory
 * @param {(options: object) => Promise<WebAssembly.Module>} compile how this entry gets the
 *   compiled module, given the caller's options as read by readLoadOptions (load-wasm.js)
 */
export function createLoader(factory, compile) {
  let loading = null;
  return function loadNormwave(options) {
    const opts = readLoadOptions(options);
    if (!loading) {
      loading = (async () => {
        if (!hasWasmSimd()) {
          throw new Error('normwave needs WebAssembly SIMD (Chrome/Edge 91+, Firefox 89+, Safari 16.4+, Node 16.4+); this runtime does not support it');
        }
        opts.signal?.throwIfAborted?.();
        const module = await compile(opts);
        // The glue instantiates through this hook, so it never fetches anything itself.
        let failed;
        const failure = new Promise((_, reject) => { failed = reject; });
        const instantiateWasm = (imports, receive) => {
          WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), failed);
          return {};
        };
        const M = await Promise.race([factory({ instantiateWasm }), failure]);
        return Object.freeze(createApi(M));
      })();
      loading.catch(() => { loading = null; });
    }
    return opts.signal ? untilAborted(loading, opts.signal) : loading;
  };
}

// The load as seen by one caller: rejects with the signal's reason once it aborts (the load
// itself goes on for other callers unless this caller started it).
function untilAborted(promise, signal) {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
