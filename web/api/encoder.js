// The encoder: a torch.nn.TransformerEncoder-compatible stack whose weights live in wasm memory
// (C++ normwave::Encoder behind an Embind handle). Its state — the handle, the forward buffers,
// the configuration — sits in a record the caller cannot reach, so no public field can steer an
// address or a size the kernels use.
import {
  F32,
  checkBytes,
  checkTrainingBytes,
  checkCount,
  checkEps,
  checkLength,
  checkSeed,
  bytes,
  describe,
  flags,
  floats,
  floatsOrTensor,
  hasOwn,
  isTensorRecord,
  named,
  needsTraining,
  options,
  alive,
  settle,
  tensorArg,
} from './checks.js';
import { activations } from './ops.js';
import { headerLength } from './safetensors.js';
import { Block, gather, plan, split } from './plan.js';
import { handleKind } from './handles.js';

const MAKE = Symbol('normwave Encoder');

// Encoder records: { M, heap, handle, config, cpp, parameters, numel, buf, trainBuf, kept }; the
// handle (the C++ encoder) and both blocks are freed on dispose() or by the finalizer.
const ENCODER = handleKind({
  article: 'an',
  noun: 'encoder',
  maker: 'nw.createEncoder()',
  alive: (s) => s.handle !== null,
  free: (s) => {
    s.buf.free();
    s.trainBuf.free();
    s.kept = null;
    s.handle?.delete();
    s.handle = null;
  },
});

/**
 * The checks createEncoder and encoderParameters share: the config with defaults filled in, its
 * C++ form (cpp: the EncoderConfig value object, activation as the Activation enum) and the
 * sizes C++ reports for it.
 */
export function checkEncoderConfig(M, fn, config) {
  if (typeof config !== 'object' || config === null)
    throw new TypeError(`${fn}: config must be an object, got ${describe(config)}`);
  const {
    dModel,
    nHeads,
    dFF,
    nLayers = 1,
    normFirst = false,
    activation = 'relu',
    eps = 1e-5,
    finalNorm = false,
    seed = 0,
  } = config;
  checkCount(fn, 'dModel', dModel, 32768);
  checkCount(fn, 'nHeads', nHeads, 32768);
  checkCount(fn, 'dFF', dFF, 32768);
  checkCount(fn, 'nLayers', nLayers, 1024);
  checkEps(fn, eps);
  if (dModel % nHeads !== 0) throw new RangeError(`${fn}: dModel (${dModel}) must be divisible by nHeads (${nHeads})`);
  const kind = named(fn, 'activation', 'activation', activations(M), activation);
  const cpp = { dModel, nHeads, dFF, nLayers, normFirst: !!normFirst, activation: kind, eps, finalNorm: !!finalNorm };
  const paramFloats = M.parameterCount(cpp);
  const weightFloats = M.encoderWeightFloats(cpp); // the parameters and their packed copies
  // The encoder's weights, and one staged copy of the parameters (loadStateDict, stateDict).
  checkBytes(
    fn,
    `the weights of ${nLayers} layer(s) with dModel = ${dModel}, dFF = ${dFF}`,
    (weightFloats + paramFloats) * F32,
  );
  const problem = M.validateEncoder(cpp);
  if (problem) throw new RangeError(`${fn}: ${problem}`);
  return {
    dModel,
    nHeads,
    dFF,
    nLayers,
    normFirst: !!normFirst,
    activation,
    eps,
    finalNorm: !!finalNorm,
    seed: checkSeed(fn, seed),
    cpp,
    paramFloats,
    weightFloats,
  };
}

/** Frozen [{ name, shape, numel }] in torch state_dict order, from the C++ parameter list. */
export function parameterSpecs(M, c) {
  const specs = M.parameterSpecs(c.cpp);
  return Object.freeze(
    specs.map(({ name, shape, numel }) => Object.freeze({ name, shape: Object.freeze(shape), numel })),
  );
}

// A state-dict value: a Float32Array, an array of numbers or { data, shape } (each read once).
function stateValue(M, fn, spec, v) {
  const name = `"${spec.name}"`;
  let data = v;
  if (typeof v === 'object' && v !== null && !ArrayBuffer.isView(v) && !Array.isArray(v)) {
    const { data: d, shape } = v;
    if (d === undefined)
      throw new TypeError(
        `${fn}: ${name} must be a Float32Array, an array of numbers or { data, shape }; this object has no data`,
      );
    if (shape !== undefined && shape !== null) {
      const dims = Array.isArray(shape) ? Array.prototype.slice.call(shape) : null;
      if (!dims || !dims.every((s) => Number.isInteger(s) && s >= 0)) {
        throw new TypeError(
          `${fn}: ${name} has a shape that is not an array of integers (${describe(shape)}); expected [${spec.shape.join(', ')}]`,
        );
      }
      if (dims.length !== spec.shape.length || dims.some((s, i) => s !== spec.shape[i])) {
        throw new RangeError(`${fn}: ${name} has shape [${dims.join(', ')}], expected [${spec.shape.join(', ')}]`);
      }
    }
    data = d;
  }
  const arr = floats(fn, name, data, M);
  checkLength(fn, name, arr, spec.numel, `shape [${spec.shape.join(', ')}]`);
  return arr;
}

// forward(x, { keepActivations: true }): the training forward (encoder.hpp's encoder_forward_train),
// which keeps what backward() needs in a block of its own: a copy of the parameters (so the
// gradients are those of the weights this forward ran with), the saved activations, the
// workspace, and room for the gradients, every size as C++ reports it. Called after phase 1;
// phase 2 and 3 happen here.
function forwardTrain(self, fn, s, { x, out, out0, mask, batch, seqLen, n, rows, attention, shape }) {
  const { M } = s;
  const sizes = M.encoderTrainSizes(s.cpp, batch, seqLen);
  const p = plan({
    params: s.numel,
    saved: sizes.saved,
    work: sizes.workspace,
    io: n,
    dx: n,
    dparams: s.numel,
    mask: mask ? Math.ceil(rows / F32) : 0,
  });
  const what = () => `the activations kept for batch x seqLen = ${batch} x ${seqLen}`;
  checkTrainingBytes(fn, what, p.bytes);
  // Phase 2.
  settle(fn, 'x', x, n);
  settle(fn, 'out', out, n);
  settle(fn, 'paddingMask', mask, rows);
  ENCODER.live(self, fn);
  // Phase 3.
  s.kept = null;
  const a = s.trainBuf.place(fn, () => `the activations of ${shape}`, p);
  s.handle.getParameters(a.params);
  if (isTensorRecord(x)) M.HEAPF32.copyWithin(a.io / F32, alive(fn, 'x', x) / F32, alive(fn, 'x', x) / F32 + n);
  else M.HEAPF32.set(x, a.io / F32);
  if (mask) M.HEAPU8.set(mask, a.mask);
  M.encoderForwardTrain(a.io, a.saved, a.io, a.mask, a.params, s.cpp, batch, seqLen, a.work);
  s.kept = { a, batch, seqLen, n };
  let output;
  if (out) {
    const dst = alive(fn, 'out', out) / F32;
    M.HEAPF32.copyWithin(dst, a.io / F32, a.io / F32 + n);
    output = out0;
  } else {
    output = M.HEAPF32.slice(a.io / F32, a.io / F32 + n);
  }
  const perLayer = M.encoderAttentionFloats(s.cpp, batch, seqLen);
  const maps = [];
  for (let l = 0; attention && l < s.config.nLayers; l++) {
    const start = a.saved / F32 + sizes.attention[l];
    maps.push(M.HEAPF32.slice(start, start + perLayer));
  }
  return { output, attention: maps };
}

/**
 * A torch.nn.TransformerEncoder-compatible encoder whose weights live in wasm memory.
 * Create it with nw.createEncoder(); free it with dispose().
 */
export class Encoder {
  constructor(key, heap, config) {
    if (key !== MAKE) throw new TypeError('Encoder: make encoders with nw.createEncoder()');
    const fn = 'createEncoder';
    const { M } = heap;
    const c = checkEncoderConfig(M, fn, config);
    const { dModel, nHeads, dFF, nLayers, normFirst, activation, eps, finalNorm } = c;
    // The C++ constructor allocates the weights, their packed copies and the parameter names:
    // as much as C++ reports must be free first.
    heap.reserve(
      fn,
      `the weights of ${nLayers} layer(s) with dModel = ${dModel}, dFF = ${dFF}`,
      0,
      M.encoderHeapBytes(c.cpp),
    );
    const handle = new M.Encoder(c.cpp, c.seed);
    const frozen = Object.freeze({ dModel, nHeads, dFF, nLayers, normFirst, activation, eps, finalNorm });
    const parameters = parameterSpecs(M, c);
    const s = {
      M,
      heap,
      handle,
      config: frozen,
      cpp: c.cpp,
      parameters,
      numel: c.paramFloats,
      buf: new Block(M), // the forward's: input/output, maps, mask, workspace, hidden states
      trainBuf: new Block(M), // keepActivations: parameters, saved activations, workspace, gradients
      kept: null, // the addresses of the last kept forward, until a backward consumes it
    };
    ENCODER.add(this, s);
  }

  /** The configuration, with defaults filled in (frozen). */
  get config() {
    return ENCODER.own(this, 'config').config;
  }

  /** Parameter names and shapes, in torch state_dict order (frozen). */
  get parameters() {
    return ENCODER.own(this, 'parameters').parameters;
  }

  /** Number of learnable parameters. */
  get parameterCount() {
    return ENCODER.own(this, 'parameterCount').numel;
  }

  /** True after dispose(). */
  get disposed() {
    return !ENCODER.own(this, 'disposed').handle;
  }

  /** The Embind handle, null once disposed (tests read it; use `disposed`). */
  get _handle() {
    return ENCODER.own(this, '_handle').handle;
  }

  /**
   * Loads weights by torch state_dict name: { 'layers.0.self_attn.in_proj_weight': Float32Array, ... }.
   * Values may be Float32Arrays, arrays, or { data, shape } objects. Own keys only. All or nothing.
   */
  loadStateDict(stateDict, opts) {
    const fn = 'loadStateDict';
    const s = ENCODER.live(this, fn);
    if (typeof stateDict !== 'object' || stateDict === null)
      throw new TypeError(`${fn}: stateDict must be an object, got ${describe(stateDict)}`);
    const { strict = true } = options(fn, opts);
    const staged = [];
    for (const spec of s.parameters) {
      const v = hasOwn(stateDict, spec.name) ? stateDict[spec.name] : undefined;
      if (v === undefined)
        throw new RangeError(`${fn}: missing key "${spec.name}" (expected shape [${spec.shape.join(', ')}])`);
      staged.push(stateValue(s.M, fn, spec, v));
    }
    if (strict) {
      const known = new Set(s.parameters.map((p) => p.name));
      for (const key of Object.keys(stateDict)) {
        if (!known.has(key))
          throw new RangeError(`${fn}: unexpected key "${key}" (pass { strict: false } to ignore it)`);
      }
    }
    s.parameters.forEach((spec, i) => settle(fn, `"${spec.name}"`, staged[i], spec.numel));
    ENCODER.live(this, fn);
    const base = s.heap.reserve(fn, `${s.numel} parameters`, s.numel * F32);
    gather(s.M, base, staged);
    s.handle.setParameters(base);
  }

  /** Loads weights from .safetensors bytes (F32, F16 or BF16) with the same names. All or nothing. */
  loadSafetensors(file, opts) {
    const fn = 'loadSafetensors';
    const s = ENCODER.live(this, fn);
    const b = bytes(fn, 'bytes', file, s.M);
    const size = b.length;
    const { prefix = '', strict = true } = options(fn, opts);
    const p = String(prefix);
    settle(fn, 'bytes', b, size);
    ENCODER.live(this, fn);
    // C++'s bound covers the parse and the float copy of every parameter the loader stages
    // before it commits (all or nothing); the prefix crosses as UTF-8.
    const work = s.handle.loadWorkBytes(headerLength(s.M, fn, b), new TextEncoder().encode(p).length);
    const a = s.heap.reserve(fn, `a ${b.length}-byte file`, Math.max(b.length, 1), work);
    s.M.HEAPU8.set(b, a);
    const error = s.handle.loadSafetensors(a, b.length, p, !!strict);
    if (error) throw new RangeError(`${fn}: ${error}`);
  }

  /** A copy of every parameter by torch name. */
  stateDict() {
    const fn = 'stateDict';
    const s = ENCODER.live(this, fn);
    const base = s.heap.reserve(fn, `${s.numel} parameters`, s.numel * F32);
    s.handle.getParameters(base);
    return split(s.M, base, s.parameters);
  }

  /** Re-draws the weights with PyTorch's default initialisation from a seed. */
  randomize(seed = 0) {
    const fn = 'randomize';
    const s = ENCODER.live(this, fn);
    s.handle.randomize(checkSeed(fn, seed));
  }

  /**
   * Runs the encoder. x: Float32Array(batch*seqLen*dModel) or a Tensor (read in place).
   * paddingMask: Uint8Array(batch*seqLen), 1 = <PAD> key. Returns { output, attention } with one
   * Float32Array(batch*nHeads*seqLen*seqLen) per layer (attention: [] when { attention: false });
   * with { out: Tensor } the output is written there (may be x itself) and returned as output.
   */
  forward(x0, opts) {
    const fn = 'forward';
    const s = ENCODER.live(this, fn);
    const { M, heap } = s;
    const { dModel, nLayers } = s.config;
    // Phase 1: convert x, read each option once, convert the mask.
    const x = floatsOrTensor(M, fn, 'x', x0);
    const xLength = x.length;
    const {
      batch = 1,
      seqLen: seqLen0,
      paddingMask,
      attention = true,
      hiddenStates = false,
      out: out0,
      keepActivations = false,
    } = options(fn, opts);
    checkCount(fn, 'batch', batch);
    let seqLen = seqLen0;
    if (seqLen === undefined) {
      if (xLength === 0 || xLength % (batch * dModel) !== 0) {
        throw new RangeError(
          `${fn}: x has length ${xLength}, not a positive multiple of batch x dModel = ${batch} x ${dModel}`,
        );
      }
      seqLen = xLength / (batch * dModel);
    }
    checkCount(fn, 'seqLen', seqLen);
    const rows = batch * seqLen;
    const n = rows * dModel;
    const shape = `batch x seqLen x dModel = ${batch} x ${seqLen} x ${dModel}`;
    if (xLength !== n) throw new RangeError(`${fn}: x has length ${xLength}, expected ${n} (${shape})`);
    const out = out0 === undefined || out0 === null ? null : tensorArg(M, fn, 'out', out0, n, shape);
    const mask = paddingMask === undefined || paddingMask === null ? null : flags(fn, 'paddingMask', paddingMask, M);
    if (mask) checkLength(fn, 'paddingMask', mask, rows, `batch x seqLen = ${batch} x ${seqLen}`);
    const resident = isTensorRecord(x);
    if (keepActivations) {
      if (!M.encoderForwardTrain) throw needsTraining(`${fn} with keepActivations`);
      if (hiddenStates)
        throw new Error(
          `${fn}: hiddenStates and keepActivations cannot be asked together; run a second forward for the hidden states`,
        );
      return forwardTrain(this, fn, s, { x, out, out0, mask, batch, seqLen, n, rows, attention: !!attention, shape });
    }
    // Regions of the grow-only buffer: x/output (unless both are tensors), attention maps, mask,
    // the kernel's workspace and each layer's output (hiddenStates), sized as C++ reports them.
    const attnPerLayer = M.encoderAttentionFloats(s.cpp, batch, seqLen);
    const p = plan({
      io: resident && out ? 0 : n,
      attn: attention ? nLayers * attnPerLayer : 0,
      mask: mask ? Math.ceil(rows / F32) : 0,
      work: M.EncoderWorkspaceFloats(s.cpp, batch, seqLen),
      states: hiddenStates ? nLayers * n : 0,
    });
    const what = `batch x seqLen = ${batch} x ${seqLen}`;
    checkBytes(fn, what, p.bytes);
    // Phase 2: the encoder and every input survived the conversions.
    settle(fn, 'x', x, n);
    settle(fn, 'out', out, n);
    settle(fn, 'paddingMask', mask, rows);
    ENCODER.live(this, fn);
    // Phase 3.
    const a = s.buf.place(fn, what, p);
    const ioAddr = a.io;
    if (!resident) M.HEAPF32.set(x, ioAddr / F32);
    if (mask) M.HEAPU8.set(mask, a.mask);
    const xAddr = resident ? alive(fn, 'x', x) : ioAddr;
    // The input is hiddenStates[0]; copied now, as out may overwrite it.
    const input = hiddenStates ? M.HEAPF32.slice(xAddr / F32, xAddr / F32 + n) : null;
    s.handle.forward(out ? alive(fn, 'out', out) : ioAddr, a.attn, xAddr, a.mask, batch, seqLen, a.work, a.states);
    const output = out ? out0 : M.HEAPF32.slice(ioAddr / F32, ioAddr / F32 + n);
    const maps = [];
    for (let l = 0; attention && l < nLayers; l++) {
      const start = a.attn / F32 + l * attnPerLayer;
      maps.push(M.HEAPF32.slice(start, start + attnPerLayer));
    }
    if (!hiddenStates) return { output, attention: maps };
    const states = [input];
    for (let l = 0; l < nLayers; l++)
      states.push(M.HEAPF32.slice(a.states / F32 + l * n, a.states / F32 + (l + 1) * n));
    return { output, attention: maps, hiddenStates: states };
  }

  /**
   * The gradients of sum(output * gradOutput) after forward(x, { keepActivations: true }):
   * { input: Float32Array like x, params: { name: Float32Array } keyed and laid out like
   * stateDict() }. Each kept forward serves one backward; the gradients are those of the weights
   * that forward ran with.
   */
  backward(gradOutput0) {
    const fn = 'backward';
    const s = ENCODER.live(this, fn);
    const { M } = s;
    // Phase 1.
    if (!M.encoderBackward) throw needsTraining(fn);
    const g = floats(fn, 'gradOutput', gradOutput0, M);
    const gLength = g.length;
    const kept = s.kept;
    if (!kept) {
      throw new Error(
        `${fn}: no kept forward to go back through; call forward(x, { keepActivations: true }) first (each such forward serves one backward)`,
      );
    }
    const { a, batch, seqLen, n } = kept;
    const c = s.config;
    checkLength(
      fn,
      'gradOutput',
      g,
      n,
      `the kept forward's output, batch x seqLen x dModel = ${batch} x ${seqLen} x ${c.dModel}`,
    );
    // Phase 2.
    settle(fn, 'gradOutput', g, n);
    ENCODER.live(this, fn);
    if (s.kept !== kept)
      throw new Error(`${fn}: the kept forward was replaced while gradOutput was read; call backward again`);
    // Phase 3. The kernel adds into dx and dparams.
    s.kept = null;
    M.HEAPF32.set(g, a.io / F32);
    M.HEAPF32.fill(0, a.dx / F32, a.dx / F32 + n);
    M.HEAPF32.fill(0, a.dparams / F32, a.dparams / F32 + s.numel);
    M.encoderBackward(a.dx, a.dparams, a.io, a.saved, a.params, s.cpp, batch, seqLen, a.work);
    return { input: M.HEAPF32.slice(a.dx / F32, a.dx / F32 + n), params: split(M, a.dparams, s.parameters) };
  }

  /** Frees the weights and buffers in wasm memory. Safe to call twice. */
  dispose() {
    ENCODER.dispose(this, 'dispose');
  }
}

/** The encoder methods of the public object, over one heap (see heap.js). */
export function encoderMethods(heap) {
  return {
    /** A new encoder with PyTorch's default initialisation from config.seed. */
    createEncoder(config = {}) {
      return new Encoder(MAKE, heap, config);
    },

    /**
     * The parameters an encoder with this config would have — names, shapes and sizes in torch
     * state_dict order, and their total — checked like createEncoder but without allocating them.
     */
    encoderParameters(config = {}) {
      const c = checkEncoderConfig(heap.M, 'encoderParameters', config);
      const parameters = parameterSpecs(heap.M, c);
      return { parameters, parameterCount: parameters.reduce((n, p) => n + p.numel, 0) };
    },
  };
}
