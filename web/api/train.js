// Training: the learning-rate schedule (linear warm-up, then cosine or constant), AdamW with
// gradient-norm clipping, and a trainer for a token classifier built on the encoder — the tiny
// sort model of scripts/train_tiny.py, normwave::TokenTrainer (cpp/include/normwave/trainer.hpp
// says what it computes). One wasm call per step (cpp/bindings/train.cpp): forward, loss,
// backward, the global gradient norm, AdamW. Every size laid out here, and the target value that
// is ignored, comes from C++ (Module.tokenTrainerFacts). Every public call follows checks.js's
// three phases: convert every caller value, settle, then addresses.
import {
  F32,
  checkTrainingBytes,
  checkCount,
  checkEps,
  checkNumber,
  checkSeed,
  describe,
  flags,
  floats,
  hasOwn,
  named,
  options,
  rowsOf,
  settle,
} from './checks.js';
import { activations } from './ops.js';
import { checkEncoderConfig } from './encoder.js';
import { Block, gather, plan, split } from './plan.js';
import { handleKind } from './handles.js';

const SCHEDULES = new Map([
  ['cosine', 'cosine'],
  ['constant', 'constant'],
]);

/**
 * The optimizer settings with defaults (train_tiny.py's: AdamW lr 2e-3, betas (0.9, 0.98),
 * weight decay 0.01, clip 1.0, cosine decay after warmupSteps). Each option is read once.
 */
export function checkOptimizer(fn, opts) {
  const {
    lr = 2e-3,
    beta1 = 0.9,
    beta2 = 0.98,
    eps = 1e-8,
    weightDecay = 0.01,
    clipNorm = 1,
    warmupSteps = 0,
    totalSteps = 1000,
    schedule = 'cosine',
    minLr = 0,
  } = options(fn, opts, 'optimizer');
  checkNumber(fn, 'lr', lr, { positive: true });
  for (const [name, v] of [
    ['beta1', beta1],
    ['beta2', beta2],
  ]) {
    checkNumber(fn, name, v);
    if (!(v >= 0 && v < 1)) throw new RangeError(`${fn}: ${name} must be in [0, 1), got ${v}`);
  }
  checkNumber(fn, 'eps', eps, { positive: true });
  checkNumber(fn, 'weightDecay', weightDecay);
  if (weightDecay < 0) throw new RangeError(`${fn}: weightDecay must be >= 0, got ${weightDecay}`);
  checkNumber(fn, 'clipNorm', clipNorm);
  if (clipNorm < 0) throw new RangeError(`${fn}: clipNorm must be >= 0 (0: no clipping), got ${clipNorm}`);
  if (warmupSteps !== 0) checkCount(fn, 'warmupSteps', warmupSteps);
  checkCount(fn, 'totalSteps', totalSteps);
  checkNumber(fn, 'minLr', minLr);
  if (minLr < 0 || minLr > lr) throw new RangeError(`${fn}: minLr must be in [0, lr = ${lr}], got ${minLr}`);
  return Object.freeze({
    lr,
    beta1,
    beta2,
    eps,
    weightDecay,
    clipNorm,
    warmupSteps,
    totalSteps,
    schedule: named(fn, 'schedule', 'schedule', SCHEDULES, schedule),
    minLr,
  });
}

/**
 * The learning rate of step (1, 2, …): linear warm-up over warmupSteps (step / warmupSteps of
 * lr), then 'constant' lr or 'cosine' decay from lr to minLr at totalSteps (and minLr after).
 * As train_tiny.py's LambdaLR, which multiplies by (s + 1) / warmup for s = step - 1 < warmup.
 */
export function learningRate(step, opts) {
  const fn = 'learningRate';
  checkCount(fn, 'step', step);
  const o = checkOptimizer(fn, opts);
  return scheduledLr(o, step);
}

function scheduledLr(o, step) {
  const s = step - 1;
  if (s < o.warmupSteps) return (o.lr * (s + 1)) / o.warmupSteps;
  if (o.schedule === 'constant') return o.lr;
  const span = Math.max(1, o.totalSteps - o.warmupSteps);
  const t = Math.min(1, (s - o.warmupSteps) / span);
  return o.minLr + (o.lr - o.minLr) * 0.5 * (1 + Math.cos(Math.PI * t));
}

/**
 * Integers from an Int32Array (or another integer typed array, or an array of numbers), always
 * copied into an Int32Array of our own (so a view on wasm memory or a later change by the
 * caller cannot reach the kernels); each must lie in [lo, hi) or equal `also`.
 */
function integers(fn, name, v, n, lo, hi, also, why) {
  let arr;
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    if (v instanceof Float32Array || v instanceof Float64Array || typeof v[0] === 'bigint') {
      arr = Array.from(v, Number);
    } else {
      arr = v;
    }
  } else if (Array.isArray(v)) {
    arr = v;
  } else {
    throw new TypeError(`${fn}: ${name} must be an Int32Array or an array of integers, got ${describe(v)}`);
  }
  const out = new Int32Array(n);
  const length = arr.length;
  if (length !== n) throw new RangeError(`${fn}: ${name} has length ${length}, expected ${n} (${why})`);
  for (let i = 0; i < n; i++) {
    const x = Number(arr[i]);
    if (!Number.isInteger(x) || ((x < lo || x >= hi) && x !== also)) {
      const allowed = also === undefined ? `${lo}..${hi - 1}` : `${lo}..${hi - 1} or ${also} (ignored)`;
      throw new RangeError(`${fn}: ${name}[${i}] = ${describe(arr[i])} is out of range; use ${allowed}`);
    }
    out[i] = x;
  }
  return out;
}

const MAKE = Symbol('normwave TokenTrainer');

// Trainer records: { M, heap, handle, safetensors, config, optimizer, parameters, numel, ignore,
// memoryBytes, stopped, step, buf }; the handle (the C++ trainer) and the staging block are freed
// on dispose() or by the finalizer.
const TRAINER = handleKind({
  article: 'a',
  noun: 'trainer',
  maker: 'nw.createTokenTrainer()',
  alive: (s) => s.handle !== null,
  free: (s) => {
    s.buf.free();
    s.handle?.delete();
    s.handle = null;
  },
});

// A little-endian F32 .safetensors file: tensors { name: Float32Array } with shapes, metadata strings.
function writeSafetensors(entries, metadata) {
  const header = { __metadata__: metadata };
  let offset = 0;
  for (const { name, shape, data } of entries) {
    header[name] = { dtype: 'F32', shape, data_offsets: [offset, offset + data.length * F32] };
    offset += data.length * F32;
  }
  let text = JSON.stringify(header);
  text += ' '.repeat((8 - (new TextEncoder().encode(text).length % 8)) % 8);
  const head = new TextEncoder().encode(text);
  const out = new Uint8Array(8 + head.length + offset);
  new DataView(out.buffer).setBigUint64(0, BigInt(head.length), true);
  out.set(head, 8);
  let at = 8 + head.length;
  const view = new DataView(out.buffer);
  for (const { data } of entries) {
    for (let i = 0; i < data.length; i++) view.setFloat32(at + i * F32, data[i], true);
    at += data.length * F32;
  }
  return out;
}

/**
 * A token classifier (embedding + sinusoidal PE, encoder, linear head) trained with AdamW, its
 * weights and optimizer state in wasm memory. Make one with nw.createTokenTrainer().
 */
export class TokenTrainer {
  constructor(key, heap, safetensors, config) {
    if (key !== MAKE) throw new TypeError('TokenTrainer: make trainers with nw.createTokenTrainer()');
    const fn = 'createTokenTrainer';
    const { M } = heap;
    if (typeof config !== 'object' || config === null)
      throw new TypeError(`${fn}: config must be an object, got ${describe(config)}`);
    const { encoder, vocab, classes, batch, seqLen, seed = 0, optimizer } = config;
    const c = checkEncoderConfig(M, fn, encoder);
    checkCount(fn, 'vocab', vocab, 1 << 20);
    checkCount(fn, 'classes', classes, 1 << 20);
    checkCount(fn, 'batch', batch, 1 << 16);
    checkCount(fn, 'seqLen', seqLen, 1 << 16);
    const o = checkOptimizer(fn, optimizer);
    const s0 = checkSeed(fn, seed);
    // C++'s verdict on the shape and its sizes, saturating: every buffer the trainer holds, and
    // what constructing it allocates (those buffers and the object), which must be free first.
    const shape = { encoder: c.cpp, vocab, classes, batch, seqLen };
    const facts = M.tokenTrainerFacts(shape);
    if (facts.error) throw new RangeError(`${fn}: ${facts.error}`);
    const what = () => `training batch x seqLen = ${batch} x ${seqLen}`;
    checkTrainingBytes(fn, what, facts.floats * F32);
    heap.reserve(fn, what, 0, facts.heapBytes);
    const handle = new M.TokenTrainer(shape, s0);
    const { dModel, nHeads, dFF, nLayers, normFirst, activation, eps, finalNorm } = c;
    const frozen = Object.freeze({
      encoder: Object.freeze({ dModel, nHeads, dFF, nLayers, normFirst, activation, eps, finalNorm }),
      vocab,
      classes,
      batch,
      seqLen,
    });
    const s = {
      M,
      heap,
      handle,
      safetensors,
      config: frozen,
      optimizer: o,
      parameters: Object.freeze(
        M.trainerParameterSpecs(shape).map((p) => Object.freeze({ ...p, shape: Object.freeze(p.shape) })),
      ),
      numel: facts.parameters,
      attention: facts.attention,
      ignore: facts.ignoreIndex,
      memoryBytes: facts.floats * F32,
      stopped: null,
      step: 0,
      buf: new Block(M), // a call's tokens, targets, mask and outputs
    };
    TRAINER.add(this, s);
  }

  /** Sizes (frozen): { encoder, vocab, classes, batch, seqLen }. */
  get config() {
    return TRAINER.own(this, 'config').config;
  }

  /** The optimizer settings with defaults filled in (frozen). */
  get optimizer() {
    return TRAINER.own(this, 'optimizer').optimizer;
  }

  /** Names, shapes and sizes of the parameters, in stateDict() order (frozen). */
  get parameters() {
    return TRAINER.own(this, 'parameters').parameters;
  }

  /** Bytes of wasm memory the trainer holds (its weights, optimizer state, activations, workspace). */
  get memoryBytes() {
    return TRAINER.own(this, 'memoryBytes').memoryBytes;
  }

  get parameterCount() {
    return TRAINER.own(this, 'parameterCount').numel;
  }

  /** Steps taken since creation, reset() or restart(). */
  get stepCount() {
    return TRAINER.own(this, 'stepCount').step;
  }

  /** Why training stopped (a loss or gradient that is not finite), or null. */
  get stopped() {
    return TRAINER.own(this, 'stopped').stopped;
  }

  get disposed() {
    return !TRAINER.own(this, 'disposed').handle;
  }

  /** Replaces the optimizer settings (each option read once); the step count stays. */
  setOptimizer(opts) {
    const fn = 'setOptimizer';
    const s = TRAINER.live(this, fn);
    s.optimizer = checkOptimizer(fn, opts);
  }

  /** The learning rate the next step will use. */
  get learningRate() {
    const s = TRAINER.own(this, 'learningRate');
    return scheduledLr(s.optimizer, s.step + 1);
  }

  // The staging block laid out for a call's regions ({ name: floats }): their addresses.
  _block(fn, s, regions) {
    return s.buf.place(fn, 'the batch', plan(regions));
  }

  // Phase 1 of step/gradients/evaluate: tokens, targets (optional for evaluate), paddingMask.
  _batch(fn, s, tokens0, targets0, opts, sequences, needTargets) {
    const { vocab, classes, seqLen } = s.config;
    const rows = sequences * seqLen;
    const why = `sequences x seqLen = ${sequences} x ${seqLen}`;
    const tokens = integers(fn, 'tokens', tokens0, rows, 0, vocab, undefined, why);
    const targets =
      targets0 === undefined || targets0 === null
        ? needTargets
          ? integers(fn, 'targets', targets0, rows, 0, classes, s.ignore, why)
          : null
        : integers(fn, 'targets', targets0, rows, 0, classes, s.ignore, why);
    const { paddingMask } = options(fn, opts);
    const mask =
      paddingMask === undefined || paddingMask === null ? null : flags(fn, 'paddingMask', paddingMask, s.M).slice();
    if (mask && mask.length !== rows)
      throw new RangeError(`${fn}: paddingMask has length ${mask.length}, expected ${rows} (${why})`);
    if (needTargets) {
      if (mask && mask.every((m) => m !== 0)) {
        throw new RangeError(`${fn}: paddingMask hides every position of the batch; nothing can be learned from it`);
      }
      if (targets.every((t) => t === s.ignore)) {
        throw new RangeError(
          `${fn}: targets ignore every position of the batch (all ${s.ignore}); nothing can be learned from it`,
        );
      }
    }
    return { tokens, targets, mask, rows };
  }

  _stage(s, a, { tokens, targets, mask }) {
    const { M } = s;
    new Int32Array(M.HEAPU8.buffer, a.tokens, tokens.length).set(tokens);
    if (targets) new Int32Array(M.HEAPU8.buffer, a.targets, targets.length).set(targets);
    if (mask) M.HEAPU8.set(mask, a.mask);
  }

  /**
   * One training step on a batch: tokens and targets Int32Array(batch * seqLen) (targets −100 are
   * ignored), options.paddingMask Uint8Array(batch * seqLen), 1 = <PAD> key. Returns { step,
   * loss, gradNorm, lr }. When the loss or the gradient norm is not finite the weights go back to
   * those of the last step with a finite loss, the result carries `stopped` (a message), and
   * further steps throw until reset() or restart().
   */
  step(tokens0, targets0, opts) {
    const fn = 'step';
    const s = TRAINER.live(this, fn);
    const b = this._batch(fn, s, tokens0, targets0, opts, s.config.batch, true);
    TRAINER.live(this, fn);
    if (s.stopped)
      throw new Error(
        `${fn}: training stopped (${s.stopped}); call restart() to go on from the kept weights, or reset()`,
      );
    const o = s.optimizer;
    const lr = scheduledLr(o, s.step + 1);
    const a = this._block(fn, s, { tokens: b.rows, targets: b.rows, mask: b.mask ? Math.ceil(b.rows / F32) : 0 });
    this._stage(s, a, b);
    const hp = { lr, beta1: o.beta1, beta2: o.beta2, eps: o.eps, weightDecay: o.weightDecay };
    const r = s.handle.step(a.tokens, a.targets, a.mask, hp, o.clipNorm);
    if (r.error) throw new RangeError(`${fn}: ${r.error}`);
    if (r.stopped) {
      const what = Number.isFinite(r.loss) ? 'the gradient norm is not finite' : `the loss is ${r.loss}`;
      s.stopped = `${what} at step ${s.step + 1} (lr ${lr.toPrecision(3)}); training stopped with the last weights whose loss was finite (those after step ${Math.max(0, s.step - 1)})`;
      return { step: s.step, loss: r.loss, gradNorm: NaN, lr, stopped: s.stopped };
    }
    s.step = r.step;
    return { step: r.step, loss: r.loss, gradNorm: r.gradNorm, lr };
  }

  /**
   * The loss and the gradient of every parameter on one batch (the weights are not changed):
   * { loss, params: { name: Float32Array } } keyed like stateDict().
   */
  gradients(tokens0, targets0, opts) {
    const fn = 'gradients';
    const s = TRAINER.live(this, fn);
    const b = this._batch(fn, s, tokens0, targets0, opts, s.config.batch, true);
    TRAINER.live(this, fn);
    const a = this._block(fn, s, {
      tokens: b.rows,
      targets: b.rows,
      mask: b.mask ? Math.ceil(b.rows / F32) : 0,
      grads: s.numel,
    });
    this._stage(s, a, b);
    const r = s.handle.gradients(a.grads, a.tokens, a.targets, a.mask);
    if (r.error) throw new RangeError(`${fn}: ${r.error}`);
    return { loss: r.loss, params: split(s.M, a.grads, s.parameters) };
  }

  /**
   * Runs the model on n sequences (any n, in chunks of batch): { logits (n * seqLen * classes),
   * predictions (Int32Array, argmax per position), loss and accuracy over the positions whose
   * target is not −100 (when targets are given; NaN otherwise), attention: one Float32Array
   * (nHeads * seqLen * seqLen) per layer for the first sequence }.
   */
  evaluate(tokens0, targets0, opts) {
    const fn = 'evaluate';
    const s = TRAINER.live(this, fn);
    const { seqLen, classes, encoder } = s.config;
    const n0 = ArrayBuffer.isView(tokens0) || Array.isArray(tokens0) ? tokens0.length : 0;
    if (n0 === 0 || n0 % seqLen !== 0) {
      throw new RangeError(
        `${fn}: tokens must hold a positive multiple of seqLen = ${seqLen} tokens, got ${describe(tokens0)}`,
      );
    }
    const n = n0 / seqLen;
    const b = this._batch(fn, s, tokens0, targets0, opts, n, false);
    TRAINER.live(this, fn);
    const a = this._block(fn, s, {
      tokens: b.rows,
      targets: b.targets ? b.rows : 0,
      mask: b.mask ? Math.ceil(b.rows / F32) : 0,
      logits: b.rows * classes,
      attn: s.attention,
    });
    this._stage(s, a, b);
    const r = s.handle.evaluate(a.logits, a.attn, a.tokens, a.targets, a.mask, n);
    if (r.error) throw new RangeError(`${fn}: ${r.error}`);
    const { M } = s;
    const logits = M.HEAPF32.slice(a.logits / F32, a.logits / F32 + b.rows * classes);
    const per = s.attention / encoder.nLayers;
    const attention = [];
    for (let l = 0; l < encoder.nLayers; l++)
      attention.push(M.HEAPF32.slice(a.attn / F32 + l * per, a.attn / F32 + (l + 1) * per));
    const predictions = new Int32Array(b.rows);
    let right = 0;
    let kept = 0;
    for (let r0 = 0; r0 < b.rows; r0++) {
      let best = 0;
      for (let c = 1; c < classes; c++) if (logits[r0 * classes + c] > logits[r0 * classes + best]) best = c;
      predictions[r0] = best;
      if (b.targets && b.targets[r0] !== s.ignore) {
        kept++;
        if (best === b.targets[r0]) right++;
      }
    }
    return { logits, predictions, loss: b.targets ? r.loss : NaN, accuracy: kept ? right / kept : NaN, attention };
  }

  /** A copy of every parameter by name: embedding.weight, encoder.<torch names>, head.weight, head.bias. */
  stateDict() {
    const fn = 'stateDict';
    const s = TRAINER.live(this, fn);
    const a = this._block(fn, s, { params: s.numel });
    s.handle.getParameters(a.params);
    return split(s.M, a.params, s.parameters);
  }

  /**
   * Loads every parameter by name (Float32Arrays or arrays; own keys only; all or nothing) and
   * restarts the optimizer (step 0, zero moments).
   */
  loadStateDict(stateDict, opts) {
    const fn = 'loadStateDict';
    const s = TRAINER.live(this, fn);
    if (typeof stateDict !== 'object' || stateDict === null)
      throw new TypeError(`${fn}: stateDict must be an object, got ${describe(stateDict)}`);
    const { strict = true } = options(fn, opts);
    const staged = s.parameters.map((p) => {
      const v = hasOwn(stateDict, p.name) ? stateDict[p.name] : undefined;
      if (v === undefined)
        throw new RangeError(`${fn}: missing key "${p.name}" (expected shape [${p.shape.join(', ')}])`);
      const arr = floats(fn, `"${p.name}"`, v, s.M).slice();
      if (arr.length !== p.numel)
        throw new RangeError(
          `${fn}: "${p.name}" has length ${arr.length}, expected ${p.numel} (shape [${p.shape.join(', ')}])`,
        );
      return arr;
    });
    if (strict) {
      const known = new Set(s.parameters.map((p) => p.name));
      for (const key of Object.keys(stateDict)) {
        if (!known.has(key))
          throw new RangeError(`${fn}: unexpected key "${key}" (pass { strict: false } to ignore it)`);
      }
    }
    TRAINER.live(this, fn);
    const a = this._block(fn, s, { params: s.numel });
    gather(s.M, a.params, staged);
    s.handle.setParameters(a.params);
    s.step = 0;
    s.stopped = null;
  }

  /** The weights as a .safetensors file (F32), names as stateDict(); metadata: string values. */
  saveSafetensors(metadata = {}) {
    const fn = 'saveSafetensors';
    const s = TRAINER.live(this, fn);
    if (typeof metadata !== 'object' || metadata === null)
      throw new TypeError(`${fn}: metadata must be an object, got ${describe(metadata)}`);
    const meta = Object.create(null);
    for (const key of Object.keys(metadata)) meta[String(key)] = String(metadata[key]);
    const c = s.config;
    Object.assign(meta, {
      format: 'normwave token classifier',
      vocab: String(c.vocab),
      classes: String(c.classes),
      seq_len: String(c.seqLen),
      d_model: String(c.encoder.dModel),
      n_heads: String(c.encoder.nHeads),
      d_ff: String(c.encoder.dFF),
      n_layers: String(c.encoder.nLayers),
      norm_first: String(c.encoder.normFirst),
      activation: c.encoder.activation,
      final_norm: String(c.encoder.finalNorm),
      eps: String(c.encoder.eps),
      steps: String(s.step),
    });
    const sd = this.stateDict();
    return writeSafetensors(
      s.parameters.map((p) => ({ name: p.name, shape: [...p.shape], data: sd[p.name] })),
      meta,
    );
  }

  /** Loads weights saved by saveSafetensors() or train_tiny.py (F32/F16/BF16); restarts the optimizer. */
  loadSafetensors(file, opts) {
    const fn = 'loadSafetensors';
    const s = TRAINER.live(this, fn);
    const rethrow = (e) => new RangeError(e.message.replace(/^(inspect|read)Safetensors/, fn), { cause: e });
    let info;
    let tensors;
    try {
      info = s.safetensors.inspectSafetensors(file);
      tensors = s.safetensors.readSafetensors(file);
    } catch (e) {
      throw rethrow(e);
    }
    // Every tensor the trainer takes must have its shape, not only its size (a transposed
    // weight has the right size): the words of Encoder.loadSafetensors (cpp/src/weights.cpp).
    const shapes = new Map(info.tensors.map((t) => [t.name, t.shape]));
    for (const p of s.parameters) {
      const shape = shapes.get(p.name);
      if (shape && (shape.length !== p.shape.length || shape.some((d, i) => d !== p.shape[i]))) {
        throw new RangeError(
          `${fn}: tensor "${p.name}" has shape [${shape.join(', ')}] but this trainer expects [${p.shape.join(', ')}]`,
        );
      }
    }
    this.loadStateDict(tensors, opts);
  }

  /** Re-draws the weights (PyTorch's default initialisation) from a seed and restarts the optimizer. */
  reset(seed = 0) {
    const fn = 'reset';
    const s = TRAINER.live(this, fn);
    s.handle.randomize(checkSeed(fn, seed));
    s.step = 0;
    s.stopped = null;
  }

  /** Keeps the weights and starts the optimizer over: step 0, zero moments (clears `stopped`). */
  restart() {
    const s = TRAINER.live(this, 'restart');
    s.handle.restart();
    s.step = 0;
    s.stopped = null;
  }

  /** Frees the trainer's wasm memory. Safe to call twice. */
  dispose() {
    TRAINER.dispose(this, 'dispose');
  }
}

/** Single-op backwards: each returns fresh arrays (the kernels add into zeroed scratch). */
function opBackwards(heap) {
  const { M, raw, layout, put, take } = heap;
  return {
    /**
     * LayerNorm's backward at x (rows of dim): the gradients of sum(layerNorm(x) * gradOutput)
     * with respect to x, gamma and beta: { input, gamma, beta }.
     */
    layerNormBackward(x0, gradOutput0, dim, opts) {
      const fn = 'layerNormBackward';
      const x = floats(fn, 'x', x0, M);
      const dy = floats(fn, 'gradOutput', gradOutput0, M);
      checkCount(fn, 'dim', dim);
      const { gamma: gamma0, eps = 1e-5 } = options(fn, opts);
      checkEps(fn, eps);
      const n = x.length;
      const rows = rowsOf(fn, 'x', n, dim);
      if (dy.length !== n) throw new RangeError(`${fn}: gradOutput has length ${dy.length}, expected ${n} (like x)`);
      const gamma = gamma0 === undefined || gamma0 === null ? null : floats(fn, 'gamma', gamma0, M);
      if (gamma && gamma.length !== dim)
        throw new RangeError(`${fn}: gamma has length ${gamma.length}, expected dim = ${dim}`);
      settle(fn, 'x', x, n);
      settle(fn, 'gradOutput', dy, n);
      settle(fn, 'gamma', gamma, dim);
      const a = layout(fn, `x (${rows} x ${dim})`, {
        x: n,
        dy: n,
        gamma: dim,
        out: n,
        mean: rows,
        var: rows,
        dx: n,
        dgamma: dim,
        dbeta: dim,
      });
      put(a.x, x);
      put(a.dy, dy);
      if (gamma) put(a.gamma, gamma);
      else M.HEAPF32.fill(1, a.gamma / F32, a.gamma / F32 + dim);
      M.HEAPF32.fill(0, a.dx / F32, a.dx / F32 + n);
      M.HEAPF32.fill(0, a.dgamma / F32, a.dgamma / F32 + dim);
      M.HEAPF32.fill(0, a.dbeta / F32, a.dbeta / F32 + dim);
      raw.nw_layer_norm(a.out, a.mean, a.var, a.x, a.gamma, 0, rows, dim, eps);
      M.layerNormBackward(a.dx, a.dgamma, a.dbeta, a.dy, a.x, a.gamma, a.mean, a.var, rows, dim, eps);
      return { input: take(a.dx, n), gamma: take(a.dgamma, dim), beta: take(a.dbeta, dim) };
    },

    /**
     * linear's backward (y = x·Wᵀ + b, torch layout): { input (like x), weight (like weight),
     * bias (outFeatures) } for gradOutput (rows x outFeatures).
     */
    linearBackward(x0, weight0, gradOutput0, opts) {
      const fn = 'linearBackward';
      const x = floats(fn, 'x', x0, M);
      const w = floats(fn, 'weight', weight0, M);
      const dy = floats(fn, 'gradOutput', gradOutput0, M);
      const { inFeatures } = options(fn, opts);
      const rows = rowsOf(fn, 'x', x.length, inFeatures, 'inFeatures');
      const outFeatures = rowsOf(fn, 'weight', w.length, inFeatures, 'inFeatures');
      if (dy.length !== rows * outFeatures)
        throw new RangeError(
          `${fn}: gradOutput has length ${dy.length}, expected rows x outFeatures = ${rows} x ${outFeatures}`,
        );
      settle(fn, 'x', x, rows * inFeatures);
      settle(fn, 'weight', w, outFeatures * inFeatures);
      settle(fn, 'gradOutput', dy, rows * outFeatures);
      const work = M.linearBackwardWorkspaceFloats(rows, outFeatures, inFeatures);
      const a = layout(fn, `x (${rows} x ${inFeatures}) and weight (${outFeatures} x ${inFeatures})`, {
        x: x.length,
        w: w.length,
        dy: dy.length,
        dx: x.length,
        dw: w.length,
        db: outFeatures,
        work,
      });
      put(a.x, x);
      put(a.w, w);
      put(a.dy, dy);
      for (const [at, k] of [
        [a.dx, x.length],
        [a.dw, w.length],
        [a.db, outFeatures],
      ])
        M.HEAPF32.fill(0, at / F32, at / F32 + k);
      M.linearBackward(a.dx, a.dw, a.db, a.dy, a.x, a.w, rows, outFeatures, inFeatures, a.work);
      return { input: take(a.dx, x.length), weight: take(a.dw, w.length), bias: take(a.db, outFeatures) };
    },

    /**
     * An activation's backward: for 'relu', `at` is its output (torch's threshold_backward);
     * for 'gelu' (exact erf form), its input. Returns the gradient of the input.
     */
    activationBackward(at0, gradOutput0, kind = 'relu') {
      const fn = 'activationBackward';
      const at = floats(fn, 'at', at0, M);
      const dy = floats(fn, 'gradOutput', gradOutput0, M);
      const code = named(fn, 'kind', 'activation', activations(M), kind);
      const n = at.length;
      if (dy.length !== n) throw new RangeError(`${fn}: gradOutput has length ${dy.length}, expected ${n} (like at)`);
      if (n === 0) return new Float32Array(0);
      settle(fn, 'at', at, n);
      settle(fn, 'gradOutput', dy, n);
      const a = layout(fn, `at (${n})`, { at: n, dy: n, dx: n });
      put(a.at, at);
      put(a.dy, dy);
      M.HEAPF32.fill(0, a.dx / F32, a.dx / F32 + n);
      M.activationBackward(a.dx, a.dy, a.at, n, code);
      return take(a.dx, n);
    },
  };
}

/** The training methods of the public object, over one heap (see heap.js). */
export function trainMethods(heap, safetensors) {
  return {
    learningRate,
    ...opBackwards(heap),
    /** A token classifier trainer; config: { encoder, vocab, classes, batch, seqLen, seed, optimizer }. */
    createTokenTrainer(config) {
      return new TokenTrainer(MAKE, heap, safetensors, config);
    },
  };
}
