// .safetensors files read by the C++ parser (cpp/src/safetensors.cpp): list a file's tensors,
// or read them all as Float32Arrays. The file is the only caller value: it is converted (a view on
// wasm memory copied, since the call may grow the memory) before its bytes go into scratch.
import { F32, bytes } from './checks.js';

// A .safetensors file's header length, from its first 8 bytes, once C++ has checked it against
// the file's size and the format's 100,000,000-byte limit: a file it refuses is refused here,
// before it is copied into wasm memory. C++ then reports, for that length, an upper bound on
// what its parser allocates (M.safetensorsWorkBytes, Encoder.loadWorkBytes), to reserve first.
export function headerLength(M, fn, b) {
  const view = new DataView(b.buffer, b.byteOffset, Math.min(b.length, 8));
  const lo = b.length >= 8 ? view.getUint32(0, true) : 0;
  const hi = b.length >= 8 ? view.getUint32(4, true) : 0;
  const problem = M.safetensorsCheckHeader(b.length, lo, hi);
  if (problem) throw new RangeError(`${fn}: ${problem}`);
  return hi * 2 ** 32 + lo;
}

/** The methods of the public object, over one heap (see heap.js). */
export function safetensorsMethods(heap) {
  const { M, reserve } = heap;
  return {
    /** Lists the tensors of a .safetensors file without loading it: { tensors, metadata }. */
    inspectSafetensors(file) {
      const fn = 'inspectSafetensors';
      const b = bytes(fn, 'bytes', file, M);
      const a = reserve(
        fn,
        `a ${b.length}-byte file`,
        Math.max(b.length, 1),
        M.safetensorsWorkBytes(headerLength(M, fn, b)),
      );
      M.HEAPU8.set(b, a);
      const r = {};
      const error = M.inspectSafetensors(a, b.length, r);
      if (error) throw new RangeError(`${fn}: ${error}`);
      return r;
    },

    /**
     * Every tensor of a .safetensors file as a Float32Array (F32 copied, F16/BF16 widened), by
     * name, in an object without a prototype (tensor names are the file's, not ours).
     */
    readSafetensors(file) {
      const fn = 'readSafetensors';
      const b = bytes(fn, 'bytes', file, M);
      const fileBytes = Math.ceil(Math.max(b.length, 1) / 16) * 16;
      const work = M.safetensorsWorkBytes(headerLength(M, fn, b));
      let base = reserve(fn, `a ${b.length}-byte file`, fileBytes, work);
      M.HEAPU8.set(b, base);
      const info = {};
      const refused = M.inspectSafetensors(base, b.length, info);
      if (refused) throw new RangeError(`${fn}: ${refused}`);
      const { tensors } = info;
      const sizes = tensors.map((t) => t.shape.reduce((p, d) => p * d, 1));
      const total = sizes.reduce((p, n) => p + n, 0);
      const grown = reserve(fn, `a ${b.length}-byte file and its ${total} floats`, fileBytes + total * F32, work);
      if (grown !== base) M.HEAPU8.set(b, grown);
      base = grown;
      const error = M.readSafetensors(base, b.length, base + fileBytes);
      if (error) throw new RangeError(`${fn}: ${error}`);
      const out = Object.create(null);
      let at = (base + fileBytes) / F32;
      tensors.forEach((t, i) => {
        out[t.name] = M.HEAPF32.slice(at, at + sizes[i]);
        at += sizes[i];
      });
      return out;
    },
  };
}
