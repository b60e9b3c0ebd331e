// createApi: assembles the public object of normwave over an instantiated Embind module. The
// work lives by concern beside this file — checks.js (argument conversion, all of it before any
// wasm address), plan.js (memory plans, grow-only blocks), handles.js (the records behind
// tensors, encoders and trainers), heap.js (scratch block, Tensor), norms.js (the norm table),
// ops.js (PE, linear, activation, softmax, the op table), encoder.js and safetensors.js. Only
// these modules touch the Embind module and the wasm heap; figures and users see typed arrays,
// tensors and encoders. The training methods (train.js) come with the training module only:
// loadNormwave({ training: true }). The op table (ops.hpp, through Module.ops()) says which direct
// exports heap.raw keeps and which methods a forward-only instance lacks.
import { createHeap, createTensor } from './heap.js';
import { normMethods } from './norms.js';
import { opMethods, opRows, opTable } from './ops.js';
import { safetensorsMethods } from './safetensors.js';
import { encoderMethods } from './encoder.js';
import { MAX_BYTES, TRAINING_MAX_BYTES, needsTraining } from './checks.js';

/**
 * Builds the API object over an instantiated Embind module.
 * @param {any} M the Embind module
 * @param {typeof import('./train.js').trainMethods} [trainMethods] given with the training
 *   module (normwave_train.wasm); without it each training method throws needsTraining()
 */
export function createApi(M, trainMethods) {
  const rows = opRows(M);
  const heap = createHeap(
    M,
    rows.filter((r) => r.transport === 'raw').flatMap((r) => r.bindings),
  );
  const { positionalEncoding, linear, activation, softmax } = opMethods(heap);
  const safetensors = safetensorsMethods(heap);
  return {
    /** @type {string} */
    version: M.version(),
    /**
     * Whether the kernels run SIMD, as the module reports it (its floats per SIMD register, 4 in
     * WASM SIMD128). loadNormwave() rejects where the runtime lacks WebAssembly SIMD, so in a
     * loaded library this is true unless the module was built without SIMD.
     * @type {boolean}
     */
    simd: M.simdLanes() > 1,
    /**
     * The kernels of this build, from C++'s op table (one place lists them): frozen
     * { id, name, binding, parity, kernels } rows, parity naming the check web/lib/parity.js
     * runs against PyTorch (null for none).
     */
    ops: opTable(rows),
    positionalEncoding,
    ...normMethods(heap),
    /**
     * A Tensor of `length` zeros, or holding a copy of `data`, in wasm memory: pass it as x,
     * gamma, beta or { out } to skip the copies. Free it with dispose().
     */
    tensor(lengthOrData) {
      return createTensor(M, lengthOrData);
    },
    linear,
    activation,
    softmax,
    /**
     * The most wasm memory one call may need (memoryBytes), and one training call — a kept
     * forward, or a trainer — may hold (trainingBytes); larger calls throw a RangeError first.
     */
    limits: Object.freeze({ memoryBytes: MAX_BYTES, trainingBytes: TRAINING_MAX_BYTES }),
    /** Wasm memory in use: { heapUsed (bytes held by malloc), memoryBytes (the memory's size) }. */
    memoryStats() {
      return M.memoryStats();
    },
    ...safetensors,
    ...encoderMethods(heap),
    /** Whether this instance holds the training kernels (loadNormwave({ training: true })). */
    training: !!trainMethods,
    ...(trainMethods ? trainMethods(heap, safetensors) : withoutTraining(rows)),
  };
}

/**
 * The training methods of a forward-only instance, those the op table's training rows list in
 * their api column: each says how to load the training module.
 */
function withoutTraining(rows) {
  const out = {};
  for (const fn of rows.filter((r) => r.module === 'training').flatMap((r) => r.api)) {
    out[fn] = () => {
      throw needsTraining(fn);
    };
  }
  return out;
}
