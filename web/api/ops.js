// The single-kernel calls that are not norms: positional encoding, linear, activation, softmax.
// Each follows checks.js's three phases: convert every caller value, settle, then addresses.
import {
  F32, checkBytes, checkCount, checkLength, checkNumber, floats, flags, named, options, outArg, alive, settle,
} from './checks.js';
import { rowsOf } from './norms.js';

/** Activation names and the kernels' codes (own entries only: 'toString' is not a name). */
export const ACTIVATIONS = new Map([['relu', 0], ['gelu', 1]]);

/** The methods of the public object, over one heap (see heap.js). */
export function opMethods(heap) {
  const { M, reserve, layout, put, take, into } = heap;
  return {
    /** options.out: a Tensor (filled in place) or Float32Array(seqLen * dModel) to return instead of a new array. */
    positionalEncoding(seqLen, dModel, opts) {
      const fn = 'positionalEncoding';
      checkCount(fn, 'seqLen', seqLen);
      checkCount(fn, 'dModel', dModel);
      const { base = 10000, out: out0 } = options(fn, opts);
      checkNumber(fn, 'base', base, { positive: true });
      const n = seqLen * dModel;
      const what = `seqLen x dModel = ${seqLen} x ${dModel}`;
      const tables = 256 * (dModel + 16);  // the kernel's float64/float32 sin-cos tables, per call
      checkBytes(fn, what, n * F32 + tables);
      const out = outArg(M, fn, out0, n, what);
      settle(fn, 'out', out?.tensor ?? out?.view, n);
      if (out?.tensor) {
        reserve(fn, what, 0, tables);
        M.positionalEncoding(alive(fn, 'out', out.tensor), seqLen, dModel, base);
        return out0;
      }
      const a = layout(fn, what, { out: n }, tables);
      M.positionalEncoding(a.out, seqLen, dModel, base);
      if (!out) return take(a.out, n);
      into(out.view, a.out, n);
      return out.array;
    },

    /** y = x·Wᵀ + b with torch's weight layout (outFeatures, inFeatures). */
    linear(x0, weight0, bias0, opts) {
      const fn = 'linear';
      const x = floats(fn, 'x', x0, M);
      const xLength = x.length;
      const w = floats(fn, 'weight', weight0, M);
      const wLength = w.length;
      const { inFeatures } = options(fn, opts);
      checkCount(fn, 'inFeatures', inFeatures);
      const rows = rowsOf(fn, xLength, inFeatures);
      if (wLength % inFeatures !== 0) {
        throw new RangeError(`${fn}: weight has length ${wLength}, not a multiple of inFeatures = ${inFeatures}`);
      }
      const outFeatures = wLength / inFeatures;
      const b = bias0 === undefined || bias0 === null ? null : floats(fn, 'bias', bias0, M);
      if (b) checkLength(fn, 'bias', b, outFeatures, `one value per feature, dim = ${outFeatures}`);
      settle(fn, 'x', x, rows * inFeatures);
      settle(fn, 'weight', w, outFeatures * inFeatures);
      settle(fn, 'bias', b, outFeatures);
      // The kernel packs the weight into panels of up to 16 outputs (its own, grow-only buffer).
      const a = layout(fn, `x (${rows} x ${inFeatures}) and weight (${outFeatures} x ${inFeatures})`,
        { x: xLength, w: wLength, b: b ? outFeatures : 0, y: rows * outFeatures }, (outFeatures + 16) * inFeatures * F32);
      put(a.x, x); put(a.w, w); put(a.b, b);
      M.linear(a.y, a.x, a.w, a.b, rows, outFeatures, inFeatures);
      return take(a.y, rows * outFeatures);
    },

    /** Element-wise activation: 'relu' or 'gelu' (exact erf form). */
    activation(x0, kind = 'relu') {
      const fn = 'activation';
      const x = floats(fn, 'x', x0, M);
      const code = named(fn, 'kind', 'activation', ACTIVATIONS, kind);
      const n = x.length;
      if (n === 0) return new Float32Array(0);
      settle(fn, 'x', x, n);
      const a = layout(fn, `x (${n})`, { x: n });
      put(a.x, x);
      M.activation(a.x, n, code);
      return take(a.x, n);
    },

    /** Row softmax over the last dim n; mask: Uint8Array(n), nonzero = masked key (weight 0). */
    softmax(x0, n, opts) {
      const fn = 'softmax';
      const x = floats(fn, 'x', x0, M);
      const rows = rowsOf(fn, x.length, n);
      const { mask: mask0 } = options(fn, opts);
      const mask = mask0 === undefined || mask0 === null ? null : flags(fn, 'mask', mask0, M);
      if (mask) checkLength(fn, 'mask', mask, n, `one flag per key, n = ${n}`);
      settle(fn, 'x', x, rows * n);
      settle(fn, 'mask', mask, n);
      const a = layout(fn, `x (${rows} x ${n})`, { x: rows * n, mask: mask ? Math.ceil(n / F32) : 0 });
      put(a.x, x);
      if (mask) M.HEAPU8.set(mask, a.mask);
      M.softmax(a.x, a.x, a.mask, rows, n);
      return take(a.x, rows * n);
    },
  };
}
