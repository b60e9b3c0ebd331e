// The single-kernel calls that are not norms: positional encoding, linear, activation, softmax.
// Each follows checks.js's three phases: convert every caller value, settle, then addresses.
import {
  F32,
  checkBytes,
  checkCount,
  checkLength,
  checkNumber,
  floats,
  flags,
  named,
  options,
  outArg,
  alive,
  rowsOf,
  settle,
} from './checks.js';

const ACTIVATIONS = new WeakMap();

/**
 * Activation names and the module's Activation enum values, read from the enum C++ registers
 * (a Map: 'toString' is not a name). One per module.
 */
export function activations(M) {
  let names = ACTIVATIONS.get(M);
  if (!names) {
    names = new Map(
      Object.keys(M.Activation)
        .filter((k) => k !== 'values')
        .map((k) => [k, M.Activation[k]]),
    );
    ACTIVATIONS.set(M, names);
  }
  return names;
}

/**
 * The op table of cpp/include/normwave/ops.hpp as the module exports it, one row per kernel family
 * in stable-id order: { id, name, module, transport, bindings, api, parity, kernels }, the
 * space-separated columns split into arrays (ops.hpp says what each column means).
 */
export function opRows(M) {
  const words = (column) => (column ? column.split(' ') : []);
  return M.ops().map((row) => ({
    ...row,
    bindings: words(row.bindings),
    api: words(row.api),
    kernels: words(row.kernels),
  }));
}

/**
 * nw.ops: one frozen { id, name, binding, parity, kernels } per row. binding is the first name
 * the module registers for the row (null while JS does not call it), parity the key
 * web/lib/parity.js checks against a PyTorch fixture (null for none), kernels the C++ functions
 * the row covers.
 */
export function opTable(rows) {
  return Object.freeze(
    rows.map(({ id, name, bindings, parity, kernels }) =>
      Object.freeze({ id, name, binding: bindings[0] ?? null, parity, kernels: Object.freeze(kernels) }),
    ),
  );
}

/** The methods of the public object, over one heap (see heap.js). */
export function opMethods(heap) {
  const { M, layout, put, take, into } = heap;
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
      const work = M.positionalEncodingWorkspaceFloats(seqLen, dModel); // sin/cos tables
      checkBytes(fn, what, (n + work) * F32);
      const out = outArg(M, fn, out0, n, what);
      settle(fn, 'out', out?.tensor ?? out?.view, n);
      if (out?.tensor) {
        const a = layout(fn, what, { work });
        M.positionalEncoding(alive(fn, 'out', out.tensor), seqLen, dModel, base, a.work);
        return out0;
      }
      const a = layout(fn, what, { out: n, work });
      M.positionalEncoding(a.out, seqLen, dModel, base, a.work);
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
      const rows = rowsOf(fn, 'x', xLength, inFeatures, 'inFeatures');
      if (wLength % inFeatures !== 0) {
        throw new RangeError(`${fn}: weight has length ${wLength}, not a multiple of inFeatures = ${inFeatures}`);
      }
      const outFeatures = wLength / inFeatures;
      const b = bias0 === undefined || bias0 === null ? null : floats(fn, 'bias', bias0, M);
      if (b) checkLength(fn, 'bias', b, outFeatures, `one value per feature, dim = ${outFeatures}`);
      settle(fn, 'x', x, rows * inFeatures);
      settle(fn, 'weight', w, outFeatures * inFeatures);
      settle(fn, 'bias', b, outFeatures);
      // The workspace holds the weight packed into the kernel's panels.
      const a = layout(fn, `x (${rows} x ${inFeatures}) and weight (${outFeatures} x ${inFeatures})`, {
        x: xLength,
        w: wLength,
        b: b ? outFeatures : 0,
        y: rows * outFeatures,
        work: M.linearWorkspaceFloats(rows, outFeatures, inFeatures),
      });
      put(a.x, x);
      put(a.w, w);
      put(a.b, b);
      M.linear(a.y, a.x, a.w, a.b, rows, outFeatures, inFeatures, a.work);
      return take(a.y, rows * outFeatures);
    },

    /** Element-wise activation: 'relu' or 'gelu' (exact erf form). */
    activation(x0, kind = 'relu') {
      const fn = 'activation';
      const x = floats(fn, 'x', x0, M);
      const code = named(fn, 'kind', 'activation', activations(M), kind);
      const n = x.length;
      if (n === 0) return new Float32Array(0);
      settle(fn, 'x', x, n);
      const a = layout(fn, `x (${n})`, { x: n });
      put(a.x, x);
      const problem = M.activation(a.x, n, code);
      if (problem) throw new RangeError(`${fn}: ${problem}`);
      return take(a.x, n);
    },

    /** Row softmax over the last dim n; mask: Uint8Array(n), nonzero = masked key (weight 0). */
    softmax(x0, n, opts) {
      const fn = 'softmax';
      const x = floats(fn, 'x', x0, M);
      const rows = rowsOf(fn, 'x', x.length, n);
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
