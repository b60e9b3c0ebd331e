// Loading: the SIMD probe and the once-only loader that web/normwave.js and normwave.single.js
// export as loadNormwave(). (The entry files say how the
// module is compiled: fetched, read from disk or inlined.)
import { createApi } from './index.js';
import { readLoadOptions, NormwaveLoadError } from '../load-wasm.js';

// A minimal module using one v128 instruction: validates only where WebAssembly SIMD exists.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

export function hasWasmSimd() {
  return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
}

/**
 * Makes the public loadNormwave(options) for one build of the Embind modules. There are two:
 * the forward library (normwave_wasm.wasm, the default) and the training one (normwave_train.wasm:
 * the same plus backward passes, AdamW and the token trainer), asked for with { training: true }.
 * The first call of each kind compiles and instantiates its module; every later call of that kind
 * (whatever its other options) gets the same instance, so a page holds one copy of each at most.
 * A failed or aborted load is forgotten, so the next call tries again.
 * @param {(opts: object) => Promise<any>} factory the Emscripten factory (normwave_wasm.mjs: it
 *   instantiates either module, scripts/align-wasm-imports.mjs says why)
 * @param {(options: object) => Promise<WebAssembly.Module>} compile how this entry gets the
 *   compiled module, given the caller's options as read by readLoadOptions (load-wasm.js)
 * @param {() => Promise<{ trainMethods: Function }>} training loads the training API
 *   (web/training.js) on demand
 */
export function createLoader(factory, compile, training) {
  const loads = new Map(); // 'forward' | 'training' -> the promise of its API
  return function loadNormwave(options) {
    const opts = readLoadOptions(options);
    const kind = opts.training ? 'training' : 'forward';
    let loading = loads.get(kind);
    if (!loading) {
      loading = (async () => {
        if (typeof WebAssembly !== 'object') {
          throw new NormwaveLoadError(
            'normwave needs WebAssembly, which this runtime does not provide (it is turned off, as in iOS Lockdown Mode)',
            { url: '', code: 'wasm' },
          );
        }
        if (!hasWasmSimd()) {
          throw new NormwaveLoadError(
            'normwave needs WebAssembly SIMD (Chrome/Edge 91+, Firefox 89+, Safari 16.4+, Node 16.4+); this runtime does not support it',
            { url: '', code: 'simd' },
          );
        }
        opts.signal?.throwIfAborted?.();
        const [extra, module] = await Promise.all([opts.training ? training() : null, compile(opts)]);
        // The glue instantiates through this hook, so it never fetches anything itself.
        let failed;
        const failure = new Promise((_, reject) => {
          failed = reject;
        });
        const instantiateWasm = (imports, receive) => {
          WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module), failed);
          return {};
        };
        const M = await Promise.race([factory({ instantiateWasm }), failure]);
        return Object.freeze(createApi(M, extra?.trainMethods));
      })();
      const mine = loading;
      loads.set(kind, mine);
      mine.catch(() => {
        if (loads.get(kind) === mine) loads.delete(kind);
      });
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
