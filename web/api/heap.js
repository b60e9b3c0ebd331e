// Wasm memory as the API uses it: one grow-only scratch block (plan.js) carved into named regions
// per call (so steady-state calls allocate nothing inside wasm), the copies in and out of it, the
// direct exports of the hot kernels, and Tensor — caller-owned floats that live in wasm memory
// between calls.
import {
  F32,
  TENSORS,
  alive,
  checkBytes,
  checkCount,
  describe,
  copyFew,
  copyInto,
  floats,
  heapF32,
  isTensorRecord,
  lengthOf,
  settle,
} from './checks.js';
import { Block, plan } from './plan.js';
import { handleKind } from './handles.js';

/**
 * The scratch block and the copies over one Embind module M; rawNames: the direct exports of the
 * op table's raw rows (heap.raw). Addresses handed out by layout() stay valid until the next call
 * that takes scratch; views are re-taken on every use, because memory growth detaches the old ones.
 */
export function createHeap(M, rawNames) {
  const scratch = new Block(M, 1.5);
  return {
    M,
    raw: rawExports(M, rawNames),
    /** The scratch block's address once it holds `bytes` (Block.reserve). */
    reserve: (fn, what, bytes, work) => scratch.reserve(fn, what, bytes, work),
    /** The scratch block when it already holds `bytes` (no checks, no growth needed), else 0. */
    scratchFor: (bytes) => (bytes <= scratch.bytes ? scratch.addr : 0),
    /** Named float regions of the scratch block: { name: floats } in, { name: address } out. */
    layout: (fn, what, sizes, work) => scratch.place(fn, what, plan(sizes), work),
    ...copies(M),
  };
}

// The copies between the caller's arrays and wasm memory.
function copies(M) {
  // (arr: a converted input, maybe the caller's own Float32Array: only the heap's set() and
  // indexing touch it. A loop for a few floats: cheaper than set().)
  const put = (addr, arr) => {
    if (!addr) return;
    const heap = heapF32(M),
      at = addr >> 2,
      n = lengthOf(arr);
    if (n <= 16) copyFew(heap, at, arr, 0, n);
    else heap.set(arr, at);
  };
  // A fresh array of n floats from addr, for the statistics and the ops' results. A loop for a few
  // floats: slice() of a view on the whole wasm memory costs more than a new small array filled
  // by index. (result() below keeps one view, which a call's two statistics would take turns
  // to replace.)
  const take = (addr, n) => {
    const heap = heapF32(M),
      at = addr >> 2;
    if (n > 16) return heap.slice(at, at + n);
    const out = new Float32Array(n);
    copyFew(out, 0, heap, at, n);
    return out;
  };
  // A fresh array of the n floats at addr, a call's result, made by the typed-array constructor
  // from a view on them: one allocation and one memcpy inside V8, cheaper than a new array
  // filled by index, and than slice() at 1x64.
  // The view is kept while the memory, address and size stay, as a repeated call has them.
  let resultView = null,
    resultHeap = null,
    resultAt = -1;
  const result = (addr, n) => {
    const heap = heapF32(M),
      at = addr >> 2;
    if (heap !== resultHeap || at !== resultAt || resultView.length !== n) {
      resultView = heap.subarray(at, at + n);
      resultHeap = heap;
      resultAt = at;
    }
    return new Float32Array(resultView);
  };
  // One bulk copy of n floats at addr into the caller's array (checks.outArg's view: the
  // caller's Float32Array itself). A loop for a few floats: cheaper than making the subarray.
  // The view it copies from is kept while the memory, address and size stay: a call repeated
  // with the same shape reuses its scratch, and making the subarray costs as much as the copy.
  let intoView = null,
    intoHeap = null,
    intoAt = -1;
  const into = (view, addr, n) => {
    const heap = heapF32(M),
      at = addr >> 2;
    if (n <= 16) copyFew(view, 0, heap, at, n);
    else {
      if (heap !== intoHeap || at !== intoAt || intoView.length !== n) {
        intoView = heap.subarray(at, at + n);
        intoHeap = heap;
        intoAt = at;
      }
      copyInto(view, intoView);
    }
  };
  // Address of a float input: a tensor's own (checked alive), or its copy placed at addr.
  const place = (fn, name, input, addr) => {
    if (isTensorRecord(input)) return alive(fn, name, input);
    put(addr, input);
    return addr;
  };
  // Floats an input needs in scratch: none for a tensor or a missing input.
  const copied = (input, n) => (input && !isTensorRecord(input) ? n : 0);

  return { put, take, result, into, place, copied };
}

// The direct exports of cpp/bindings/raw.cpp, by the names the op table's raw rows list. The
// glue's Module._<name> is a stub that looks the export up on its first call and then puts the
// export itself on M in its place; M is a slow (dictionary-mode) object, so each export is kept
// here once its stub has run.
function rawExports(M, names) {
  const raw = {};
  for (const name of names) {
    raw[name] = (...args) => {
      const r = M[`_${name}`](...args);
      raw[name] = M[`_${name}`];
      return r;
    };
  }
  return raw;
}

// Only createTensor makes tensors: `new Tensor()` from outside cannot register a forged address.
const MAKE = Symbol('normwave Tensor');

// Tensor records ({ M, addr, length }, addr 0 once disposed) live in checks.js's TENSORS, where
// the argument checks recognise them.
const TENSOR = handleKind({
  records: TENSORS,
  article: 'a',
  noun: 'tensor',
  maker: 'nw.tensor()',
  alive: (t) => t.addr !== 0,
  free: (t) => {
    if (t.addr) t.M.dealloc(t.addr);
    t.addr = 0;
  },
});

/**
 * A Float32 buffer that lives in wasm memory, for data that stays there between calls (the
 * kernels read and write it without copies). Make one with nw.tensor(); free it with dispose().
 * Its address and length live in a record the caller cannot reach: `length` is read-only.
 * It hands out no long-lived views: view() re-takes one from the current memory each time.
 */
export class Tensor {
  constructor(key, record) {
    if (key !== MAKE) throw new TypeError('Tensor: make tensors with nw.tensor()');
    TENSOR.add(this, record);
  }

  /** Number of floats (read-only). */
  get length() {
    return TENSOR.own(this, 'tensor.length').length;
  }

  /** True after dispose(). */
  get disposed() {
    return !TENSOR.own(this, 'tensor.disposed').addr;
  }

  /**
   * A Float32Array over the tensor's floats in wasm memory (no copy). Take a new one after any
   * normwave call that may allocate: growing the memory detaches earlier views (they read as empty).
   */
  view() {
    const t = TENSOR.live(this, 'tensor.view');
    return new Float32Array(t.M.HEAPF32.buffer, t.addr, t.length);
  }

  /** A copy of the floats, owned by the caller. */
  read() {
    const t = TENSOR.live(this, 'tensor.read');
    return t.M.HEAPF32.slice(t.addr / F32, t.addr / F32 + t.length);
  }

  /** Copies data (any array of numbers) in at offset: one bulk copy. Returns this. */
  write(data, offset = 0) {
    const fn = 'tensor.write';
    const t = TENSOR.live(this, fn);
    // Phase 1: data's valueOf/iterator may run caller code, even dispose this tensor.
    const arr = floats(fn, 'data', data, t.M);
    const n = arr.length;
    if (!Number.isInteger(offset) || offset < 0 || offset + n > t.length) {
      throw new RangeError(
        `${fn}: ${n} floats at offset ${describe(offset)} do not fit a tensor of length ${t.length}`,
      );
    }
    settle(fn, 'data', arr, n);
    // Phase 3: the address as it is now.
    const addr = TENSOR.live(this, fn).addr;
    t.M.HEAPF32.set(arr, addr / F32 + offset);
    return this;
  }

  /** Frees the wasm memory. Safe to call twice; any later use throws. */
  dispose() {
    TENSOR.dispose(this, 'tensor.dispose');
  }
}

/**
 * nw.tensor(lengthOrData): `length` zeros, or a copy of `data`, in wasm memory. data is
 * converted before the allocation (which may grow the memory under a view passed as data).
 */
export function createTensor(M, lengthOrData) {
  const fn = 'tensor';
  const data = typeof lengthOrData === 'number' ? null : floats(fn, 'lengthOrData', lengthOrData, M);
  const n = data ? data.length : checkCount(fn, 'length', lengthOrData);
  if (n === 0) throw new RangeError(`${fn}: data is empty; a tensor holds at least one float`);
  checkBytes(fn, `a tensor of ${n} floats`, n * F32);
  const addr = M.alloc(n * F32);
  if (!addr) throw new RangeError(`${fn}: could not allocate ${((n * F32) / 2 ** 20).toFixed(1)} MiB of wasm memory`);
  if (data) M.HEAPF32.set(data, addr / F32);
  else M.HEAPF32.fill(0, addr / F32, addr / F32 + n);
  return new Tensor(MAKE, { M, addr, length: n });
}
