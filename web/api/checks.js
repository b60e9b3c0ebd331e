// Argument conversion and checks: every value a caller hands the API passes through here first.
//
// The rule: each public call runs in three phases, so that caller code never runs while a wasm
// address is held —
//   1. read and convert every caller value: option getters (each read once, by destructuring),
//      valueOf and iterators of arrays, String() of names. Caller code may run here, and may
//      even call normwave again (re-entry is safe: no address of ours exists yet);
//   2. settle: check that no later conversion disposed a tensor or detached an array converted
//      before it (settle());
//   3. take wasm addresses, copy in, run the kernel, copy out. No caller code runs here. Every
//      tensor's address is read at this point through alive(), which throws if it was disposed.
// Typed arrays are read through the intrinsic getters below, so a subclass or an own `length`
// property cannot make a kernel read or write past a buffer. A view on normwave's own wasm
// memory is copied in phase 1, because phase 3 may grow (and so detach) that memory.

export const F32 = 4;

/**
 * The error of a training call (backward passes, AdamW, the trainer) on an instance loaded
 * without { training: true }: the default module (normwave_wasm.wasm) has no training kernels.
 */
export function needsTraining(fn) {
  return new Error(
    `${fn}: this normwave instance has no training kernels; load one with loadNormwave({ training: true }) (it fetches normwave_train.wasm)`,
  );
}
// The module is linked with MAXIMUM_MEMORY=2GB; larger requests are refused before allocating.
export const MAX_BYTES = 2 ** 31;

// Tensor records by their public Tensor object: { M, addr, length }, addr 0 once disposed.
// Only heap.js adds to it, so a forged or proxied object is never taken for a tensor.
export const TENSORS = new WeakMap();

const uncurry = (f) => Function.prototype.call.bind(f);
const getter = (proto, key) => uncurry(Object.getOwnPropertyDescriptor(proto, key).get);
const TypedArrayProto = Object.getPrototypeOf(Uint8Array.prototype);
const typedTag = getter(TypedArrayProto, Symbol.toStringTag); // undefined unless a typed array
const typedLength = getter(TypedArrayProto, 'length');
const typedBuffer = getter(TypedArrayProto, 'buffer');
const typedByteOffset = getter(TypedArrayProto, 'byteOffset');
const bufferByteLength = getter(ArrayBuffer.prototype, 'byteLength');
const typedSet = uncurry(TypedArrayProto.set);
// Object.hasOwn is newer than some browsers with WebAssembly SIMD (Chrome 91-92, Firefox 89-91).
export const hasOwn = uncurry(Object.prototype.hasOwnProperty);
const TYPED = new Map(
  [
    Int8Array,
    Uint8Array,
    Uint8ClampedArray,
    Int16Array,
    Uint16Array,
    Int32Array,
    Uint32Array,
    Float32Array,
    Float64Array,
  ].map((C) => [C.name, C]),
);

function isArrayBuffer(v) {
  try {
    bufferByteLength(v);
    return true;
  } catch {
    return false;
  }
}

// Only an empty ArrayBuffer can be detached (Node 20 has no ArrayBuffer.prototype.detached);
// a SharedArrayBuffer never is.
function isDetached(buffer) {
  if (!isArrayBuffer(buffer) || bufferByteLength(buffer) !== 0) return false;
  try {
    new Uint8Array(buffer);
    return false;
  } catch {
    return true;
  }
}

// A typed array's buffer, checked not detached (nor shrunk away under a length-tracking view).
function liveBuffer(fn, name, v, tag) {
  const buffer = typedBuffer(v);
  if (typedLength(v) === 0 && isDetached(buffer)) {
    throw new TypeError(
      `${fn}: ${name} is a ${tag} over a detached ArrayBuffer (transferred or detached by a memory growth); pass a live array`,
    );
  }
  return buffer;
}

/** A short description of a caller value for error messages (only thrown ones: an array's length may be a Proxy trap). */
export function describe(v) {
  if (v === null) return 'null';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'bigint') return `${v}n`;
  const tag = typedTag(v);
  if (tag !== undefined) return `${tag}(${typedLength(v)})`;
  const t = TENSORS.get(v);
  if (t) return `Tensor(${t.addr ? t.length : 'disposed'})`;
  if (Array.isArray(v)) return `Array(${v.length})`;
  if (isArrayBuffer(v)) return `ArrayBuffer(${bufferByteLength(v)})`;
  return typeof v;
}

export function checkCount(fn, name, v, max = 2 ** 30) {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw new RangeError(`${fn}: ${name} must be a positive integer, got ${describe(v)}`);
  }
  if (v > max) throw new RangeError(`${fn}: ${name} = ${v} is larger than the limit ${max}`);
  return v;
}

/**
 * Rows of an input of n floats in rows of dim (named dimName): dim is checked as a count, and n
 * must be a positive multiple of it.
 */
export function rowsOf(fn, name, n, dim, dimName = 'dim') {
  checkCount(fn, dimName, dim);
  if (n === 0 || n % dim !== 0) {
    throw new RangeError(`${fn}: ${name} has length ${n}, which is not a positive multiple of ${dimName} = ${dim}`);
  }
  return n / dim;
}

export function checkNumber(fn, name, v, { positive = false } = {}) {
  if (typeof v !== 'number' || !Number.isFinite(v) || (positive && !(v > 0))) {
    throw new RangeError(`${fn}: ${name} must be a ${positive ? 'positive ' : ''}finite number, got ${describe(v)}`);
  }
  return v;
}

/** eps reaches the kernels as a float32: it is that float32 which must be finite and > 0. */
export function checkEps(fn, v) {
  const f = typeof v === 'number' ? Math.fround(v) : NaN;
  if (!(Number.isFinite(f) && f > 0)) {
    const rounded = typeof v === 'number' && Number.isFinite(v) && v > 0 ? `, which float32 rounds to ${f}` : '';
    throw new RangeError(
      `${fn}: eps must be a number that is finite and > 0 as a float32 (the kernels' type), got ${describe(v)}${rounded}`,
    );
  }
  return v;
}

/** A seed: any finite number, taken modulo 2^32 as before. */
export function checkSeed(fn, v) {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new TypeError(`${fn}: seed must be a finite number, got ${describe(v)}`);
  return v >>> 0;
}

/**
 * The words of an error message that names sizes: a string, or a function that makes it — hot
 * paths pass a function, so the string is only built when a call fails (building it on every
 * call costs more than a small kernel).
 */
export const text = (words) => (typeof words === 'function' ? words() : words);

export function checkLength(fn, name, arr, expected, why) {
  const n = lengthOf(arr);
  if (n !== expected) {
    throw new RangeError(`${fn}: ${name} has length ${n}, expected ${expected} (${text(why)})`);
  }
}

export function checkBytes(fn, what, bytes) {
  if (bytes > MAX_BYTES) {
    throw new RangeError(
      `${fn}: ${text(what)} needs ${(bytes / 2 ** 20).toFixed(0)} MiB, more than the 2048 MiB of wasm memory`,
    );
  }
}

/**
 * What one training call may hold in wasm memory: a kept forward's parameters, activations,
 * workspace and gradients, or a trainer's buffers. Wasm memory never shrinks, so a larger
 * training call would keep the page's memory at its size for good.
 */
export const TRAINING_MAX_BYTES = 2 ** 28;

export function checkTrainingBytes(fn, what, bytes) {
  checkBytes(fn, what, bytes);
  if (bytes > TRAINING_MAX_BYTES) {
    throw new RangeError(
      `${fn}: ${text(what)} needs ${(bytes / 2 ** 20).toFixed(0)} MiB, more than the ${TRAINING_MAX_BYTES / 2 ** 20} MiB a training call may hold (limits.trainingBytes)`,
    );
  }
}

export const NO_OPTIONS = Object.freeze({});

/**
 * An options argument: undefined (no options) or an object, never null or a primitive. Callers
 * destructure the result once, so each option's getter runs exactly once.
 */
export function options(fn, v, name = 'options') {
  if (v === undefined) return NO_OPTIONS;
  if (typeof v !== 'object' || v === null) throw new TypeError(`${fn}: ${name} must be an object, got ${describe(v)}`);
  return v;
}

/**
 * A name looked up in one of our tables (a Map: own entries only, so 'toString' or '__proto__'
 * is an unknown name, not an inherited property).
 */
export function named(fn, param, noun, table, v) {
  if (typeof v !== 'string') throw new TypeError(`${fn}: ${param} must be a string, got ${describe(v)}`);
  const found = table.get(v);
  if (found === undefined) {
    throw new RangeError(
      `${fn}: unknown ${noun} ${JSON.stringify(v)}; use ${[...table.keys()].map((k) => `'${k}'`).join(' or ')}`,
    );
  }
  return found;
}

/**
 * M.HEAPF32 and its buffer, cached: the glue's module object holds hundreds of properties (a
 * slow, dictionary-mode object), and V8's `.buffer` getter is not inlined: read on every call,
 * they cost as much as the 1x8 kernel. Memory growth detaches the cached view (its length
 * becomes 0); both are then read again from M.
 */
let cachedModule = null;
let cachedF32 = null;
let cachedBuffer = null;
function refresh(M) {
  if (M !== cachedModule || cachedF32.length === 0) {
    cachedModule = M;
    cachedF32 = M.HEAPF32;
    cachedBuffer = cachedF32.buffer;
  }
}
export function heapF32(M) {
  refresh(M);
  return cachedF32;
}

/** wasm memory's current buffer: views on it are copied, because a call may grow (detach) it. */
const onHeap = (M, buffer) => {
  refresh(M);
  return buffer === cachedBuffer;
};

/**
 * Floats from a Float32Array (viewed, not copied), another typed array or an array of numbers
 * (converted: valueOf and iterators run here). Returns a plain Float32Array of our own making
 * whose length is the true one; never modifies the caller's data.
 */
export function floats(fn, name, v, M) {
  const tag = typedTag(v);
  if (tag === undefined) {
    if (!Array.isArray(v))
      throw new TypeError(`${fn}: ${name} must be a Float32Array (or an array of numbers), got ${describe(v)}`);
    try {
      return Float32Array.from(v);
    } catch (e) {
      if (e instanceof TypeError)
        throw new TypeError(`${fn}: ${name} holds a value that is not a number (${e.message})`, { cause: e });
      throw e;
    }
  }
  const Typed = TYPED.get(tag);
  if (!Typed)
    throw new TypeError(
      `${fn}: ${name} must hold numbers, got a ${tag}; convert it with Float32Array.from(${name}, Number)`,
    );
  const buffer = liveBuffer(fn, name, v, tag);
  const view = new Typed(buffer, typedByteOffset(v), typedLength(v));
  return tag === 'Float32Array' && !onHeap(M, buffer) ? view : new Float32Array(view);
}

/**
 * floats() for the norms' hot path: a Float32Array that is not a view on wasm memory comes back
 * as it is, not as a new view (making one costs a third of a 1x8 call). Read its
 * length with lengthOf(), copy it with heap.put() or copyInto() or by index: none of these runs
 * caller code (an own `length`, a subclass's set() or subarray() are never used).
 */
export function floatsAsIs(fn, name, v, M) {
  if (typedTag(v) === 'Float32Array' && !onHeap(M, liveBuffer(fn, name, v, 'Float32Array'))) return v;
  return floats(fn, name, v, M);
}

/**
 * The length of v when it is a live, non-empty Float32Array that is not a view on wasm memory
 * (what the norms' fast path takes as it is), else -1. Runs no caller code.
 */
export function plainLength(M, v) {
  if (typedTag(v) !== 'Float32Array') return -1;
  const n = typedLength(v);
  if (n === 0) return -1;
  refresh(M);
  return typedBuffer(v) === cachedBuffer ? -1 : n;
}

/**
 * plainLength() for a v that may be `seen`, a value plainLength() accepted before for the same
 * module: a typed array's type and buffer never change, and wasm memory's buffer is a new object
 * after each growth, so only the length (0 once detached) is read again.
 */
export function plainLengthSeen(M, v, seen) {
  if (v !== seen) return plainLength(M, v);
  // Reading an element first (no caller code runs: a typed array's integer keys never reach its
  // prototype or own properties) gives TurboFan v's map, with which typedLength(v) becomes a
  // field load instead of a call of the getter's builtin.
  void v[0];
  return typedLength(v) || -1;
}

/** The true length of a converted input: a typed array's own (not an own `length` property) or a tensor's. */
export function lengthOf(a) {
  return ArrayBuffer.isView(a) ? typedLength(a) : a.length;
}

/** A plain Float32Array over the same floats as a (a converted input), for subarray() and the like. */
export function ownView(a) {
  return new Float32Array(typedBuffer(a), typedByteOffset(a), typedLength(a));
}

/**
 * dst[d..d+n) = src[s..s+n) by index, for a few floats (short rows, where set() costs more than
 * the copy), four per step: a loop of one float per step spends more on itself than on the
 * copy. Either array may be the caller's typed array: its integer keys run no caller code.
 */
export function copyFew(dst, d, src, s, n) {
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    dst[d + i] = src[s + i];
    dst[d + i + 1] = src[s + i + 1];
    dst[d + i + 2] = src[s + i + 2];
    dst[d + i + 3] = src[s + i + 3];
  }
  for (; i < n; i++) dst[d + i] = src[s + i];
}

/**
 * copyFew() of three arrays of n floats each (a short row with its gamma and beta) into dst at
 * d1, d2 and d3, in one loop: three loops of their own cost as much as one float per step.
 */
export function copyFew3(dst, d1, s1, d2, s2, d3, s3, n) {
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    dst[d1 + i] = s1[i];
    dst[d1 + i + 1] = s1[i + 1];
    dst[d1 + i + 2] = s1[i + 2];
    dst[d1 + i + 3] = s1[i + 3];
    dst[d2 + i] = s2[i];
    dst[d2 + i + 1] = s2[i + 1];
    dst[d2 + i + 2] = s2[i + 2];
    dst[d2 + i + 3] = s2[i + 3];
    dst[d3 + i] = s3[i];
    dst[d3 + i + 1] = s3[i + 1];
    dst[d3 + i + 2] = s3[i + 2];
    dst[d3 + i + 3] = s3[i + 3];
  }
  for (; i < n; i++) {
    dst[d1 + i] = s1[i];
    dst[d2 + i] = s2[i];
    dst[d3 + i] = s3[i];
  }
}

/** dst.set(src, offset) with the intrinsic set: dst may be the caller's array (a subclass). */
export function copyInto(dst, src, offset = 0) {
  typedSet(dst, src, offset);
}

/** Bytes from a Uint8Array (viewed) or an ArrayBuffer; a view on wasm memory is copied. */
export function bytes(fn, name, v, M) {
  let view;
  if (typedTag(v) === 'Uint8Array') {
    const buffer = liveBuffer(fn, name, v, 'Uint8Array');
    view = new Uint8Array(buffer, typedByteOffset(v), typedLength(v));
  } else if (isArrayBuffer(v)) {
    if (isDetached(v))
      throw new TypeError(
        `${fn}: ${name} is a detached ArrayBuffer (transferred or detached by a memory growth); pass a live one`,
      );
    view = new Uint8Array(v);
  } else {
    throw new TypeError(`${fn}: ${name} must be a Uint8Array or ArrayBuffer, got ${describe(v)}`);
  }
  return onHeap(M, view.buffer) ? view.slice() : view;
}

/** A Uint8Array of flags (a mask); a view on wasm memory is copied. */
export function flags(fn, name, v, M) {
  if (typedTag(v) !== 'Uint8Array') throw new TypeError(`${fn}: ${name} must be a Uint8Array, got ${describe(v)}`);
  return bytes(fn, name, v, M);
}

/**
 * Phase 2, for each converted input: a tensor is still alive, an array still has the length it
 * had (no later conversion disposed or detached it). null (an absent input) passes.
 */
export function settle(fn, name, input, n) {
  if (input === null || input === undefined) return;
  if (isTensorRecord(input)) alive(fn, name, input);
  else if (lengthOf(input) !== n) {
    throw new TypeError(`${fn}: ${name} was detached while the call's other arguments were read; pass a live array`);
  }
}

/** The record of a tensor argument made by this module's nw.tensor(), alive, of the expected length. */
export function tensorArg(M, fn, name, v, expected, why) {
  const t = TENSORS.get(v);
  if (!t || t.M !== M) {
    throw new TypeError(`${fn}: ${name} must be a tensor made by this module's nw.tensor(), got ${describe(v)}`);
  }
  alive(fn, name, t);
  if (expected !== undefined) checkLength(fn, name, t, expected, why);
  return t;
}

/** Phase 3: a tensor's address, right before a kernel uses it; a disposed tensor is an error. */
export function alive(fn, name, t) {
  if (!t.addr) throw new Error(`${fn}: ${name} is a tensor that has been disposed`);
  return t.addr;
}

/**
 * A float input that is either a resident tensor (its record) or an array (converted; with
 * asIs, see floatsAsIs: the norms' hot path).
 */
export function floatsOrTensor(M, fn, name, v, { asIs = false } = {}) {
  if (TENSORS.has(v)) return tensorArg(M, fn, name, v);
  if (typedTag(v) === undefined && !Array.isArray(v)) {
    throw new TypeError(
      `${fn}: ${name} must be a Float32Array, an array of numbers or a tensor made by this module's nw.tensor(), got ${describe(v)}`,
    );
  }
  return asIs ? floatsAsIs(fn, name, v, M) : floats(fn, name, v, M);
}

export const isTensorRecord = (a) => typeof a === 'object' && a !== null && !ArrayBuffer.isView(a);

/**
 * options.out: undefined/null; a tensor of n floats written in place; or the caller's
 * Float32Array(n), which receives one bulk copy (view: the array itself; write it with
 * copyInto() or by index, never its own methods). A view on wasm memory is refused: the call may
 * grow the memory and detach it (pass the tensor itself instead).
 */
export function outArg(M, fn, out, n, why) {
  if (out === undefined || out === null) return null;
  if (TENSORS.has(out)) return { tensor: tensorArg(M, fn, 'out', out, n, why), array: null, view: null };
  if (typedTag(out) !== 'Float32Array')
    throw new TypeError(`${fn}: out must be a Float32Array or a tensor made by nw.tensor(), got ${describe(out)}`);
  const buffer = liveBuffer(fn, 'out', out, 'Float32Array');
  if (onHeap(M, buffer)) {
    throw new TypeError(
      `${fn}: out is a view on normwave's wasm memory, which this call may grow (detaching the view); pass the tensor itself as out`,
    );
  }
  checkLength(fn, 'out', out, n, why);
  return { tensor: null, array: out, view: out };
}
