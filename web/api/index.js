// createApi: assembles the public object of normwave over an instantiated Embind module. The
// work lives by concern beside this file — checks.js (argument conversion, all of it before any
// wasm address), heap.js (scratch block, Tensor), norms.js (the norm table), ops.js (PE, linear,
// activation, softmax), encoder.js and safetensors.js. Only these modules touch the Embind
// module and the wasm heap; figures and users see typed arrays, tensors and encoders.
import { createHeap, createTensor } from './heap.js';
import { normMethods } from './norms.js';
import { opMethods } from './ops.js';
import { safetensorsMethods } from './safetensors.js';
import { encoderMethods } from './encoder.js';
import { trainMethods } from './train.js';

/**
 * Builds the API object over an instantiated Embind module.
 * @param {any} M the Embind module
 */
export function createApi(M) {
  const heap = createHeap(M);
  const { positionalEncoding, linear, activation, softmax } = opMethods(heap);
  const safetensors = safetensorsMethods(heap);
  return {
    /** @type {string} */
    version: M.version(),
    /**
     * Always true: the module is built for WebAssembly SIMD, and loadNormwave() rejects where
     * SIMD is missing — so wherever this object exists, SIMD runs.
     * @type {true}
     */
    simd: true,
    positionalEncoding,
    ...normMethods(heap),
    /**
     * A Tensor of `length` zeros, or holding a copy of `data`, in wasm memory: pass it as x,
     * gamma, beta or { out } to skip the copies. Free it with dispose().
     */
    tensor(lengthOrData) { return createTensor(M, lengthOrData); },
    linear,
    activation,
    softmax,
    /** Wasm memory in use: { heapUsed (bytes held by malloc), memoryBytes (the memory's size) }. */
    memoryStats() { return M.memoryStats(); },
    ...safetensors,
    ...encoderMethods(heap),
    ...trainMethods(heap, safetensors.readSafetensors),
  };
}
