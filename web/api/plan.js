// Memory plans, XNNPACK's reshape/setup split. plan() is the reshape step: the floats of each
// region, as C++ reports them, turned once into 16-byte aligned offsets and a total. A Block — one
// grow-only piece of wasm memory owned by the heap (its scratch), an encoder or a trainer — is the
// setup step: place() grows it to hold the plan when needed and hands out each region's address.
import { F32, MAX_BYTES, checkBytes, text } from './checks.js';

/** { sizes, at: { region: byte offset }, bytes: total } for { region: floats } (0: empty). */
export function plan(sizes) {
  const at = {};
  let bytes = 0;
  for (const key of Object.keys(sizes)) {
    at[key] = bytes;
    bytes += Math.ceil((sizes[key] * F32) / 16) * 16;
  }
  return { sizes, at, bytes };
}

/**
 * Copies of consecutive tensors at addr, by name: { [spec.name]: Float32Array(spec.numel) } for
 * specs in their order (a stateDict() from its flat block).
 */
export function split(M, addr, specs) {
  const out = {};
  let at = addr / F32;
  for (const { name, numel } of specs) {
    out[name] = M.HEAPF32.slice(at, at + numel);
    at += numel;
  }
  return out;
}

/** The arrays, one after another, into wasm memory at addr (a flat block from a state dict). */
export function gather(M, addr, arrays) {
  let at = addr / F32;
  for (const arr of arrays) {
    M.HEAPF32.set(arr, at);
    at += arr.length;
  }
}

/**
 * Grow-only wasm memory of one owner. Addresses it hands out stay valid until it next grows;
 * views on wasm memory are re-taken after any call that may grow it (growth detaches them).
 */
export class Block {
  /** growth: how much more than asked a block takes when it grows (the scratch's 1.5 spares re-growing). */
  constructor(M, growth = 1) {
    this.M = M;
    this.growth = growth;
    this.addr = 0;
    this.bytes = 0;
  }

  /**
   * The block's address once it holds `bytes`. work: bytes C++ will malloc itself during the call
   * (PE tables, linear's packed weights, the encoder's buffers): a failed malloc inside C++ cannot
   * be reported, so it is tried here first, with any growth of the block, before anything is kept.
   * what: words for the error messages (a string, or a function that makes them: checks.text).
   */
  reserve(fn, what, bytes, work = 0) {
    checkBytes(fn, what, bytes + work);
    const want = bytes <= this.bytes ? 0 : Math.max(bytes, Math.min(MAX_BYTES, this.bytes * this.growth));
    const { M } = this;
    if (work > 0) {
      const probe = M.alloc(want + work);
      if (!probe)
        throw new RangeError(
          `${fn}: ${text(what)} needs ${((want + work) / 2 ** 20).toFixed(1)} MiB more wasm memory than is free`,
        );
      M.dealloc(probe);
    }
    if (!want) return this.addr;
    const p = M.alloc(want);
    if (!p)
      throw new RangeError(
        `${fn}: could not allocate ${(want / 2 ** 20).toFixed(1)} MiB of wasm memory for ${text(what)}`,
      );
    if (this.addr) M.dealloc(this.addr);
    this.addr = p;
    this.bytes = want;
    return p;
  }

  /** { region: address } of a plan placed in this block (0 for an empty region). */
  place(fn, what, p, work = 0) {
    const base = this.reserve(fn, what, p.bytes, work);
    const addr = {};
    for (const key of Object.keys(p.sizes)) addr[key] = p.sizes[key] > 0 ? base + p.at[key] : 0;
    return addr;
  }

  /** Gives the memory back (the block may grow again). */
  free() {
    if (this.addr) this.M.dealloc(this.addr);
    this.addr = 0;
    this.bytes = 0;
  }
}
