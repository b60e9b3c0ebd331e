// A training run of the tiny sort model (scripts/train_tiny.py's task and model) driven by
// messages, for <nw-train>: it runs inside train-worker.js (a Web Worker, so the page's figures
// stay responsive) or, where a worker cannot start, in the page itself in short slices.
//
// Messages in:  { type: 'configure', normFirst, lr, warmup, steps, batch, seed }  (resets the run)
//               { type: 'run' } | { type: 'pause' } | { type: 'example', index }
//               { type: 'save' } | { type: 'load', bytes }
// Messages out: { type: 'progress', step, steps, loss, lr, tokensPerSecond, seconds, running,
//                 eval?: { step, accuracy, loss }, attention?: { index, tokens, maps }, reached95? }
//               { type: 'stopped', message } | { type: 'done' } | { type: 'saved', bytes }
//               { type: 'loaded', normFirst } | { type: 'error', message }
// A message in may carry a sequence number `seq`; every message out carries the seq of the last
// message handled, so the page tells replies to its older messages from those to its newer ones.
// Every number comes from the library's trainer (nw.createTokenTrainer); this file makes data.
// The page checks a weights file's header against the model (lib/weights-file.js) before it
// reads the tensors.
import { uniforms } from './seeded-random.js';

/** The task: sort 3–8 digits padded with <PAD> (10) to 8; targets at <PAD> are ignored. */
export const SORT = Object.freeze({ vocab: 11, classes: 10, seqLen: 8, pad: 10, minLen: 3, ignore: -100 });

/** The model: train_tiny.py's sizes; Pre-LN gets the final LayerNorm, Post-LN none. */
export function modelConfig(normFirst) {
  return { dModel: 64, nHeads: 4, dFF: 128, nLayers: 2, normFirst, activation: 'relu', finalNorm: normFirst };
}

/** Held-out sequences, drawn once per run and never trained on: the accuracy and the examples. */
export const HELDOUT = 500;
const EVAL_EVERY = 25;
const SLICE_MS = 80;

/** n sequences from rand(), skipping those whose key is in `exclude` (a Set). */
export function sortBatch(rand, n, exclude = null) {
  const { seqLen, pad, minLen, ignore } = SORT;
  const tokens = new Int32Array(n * seqLen);
  const targets = new Int32Array(n * seqLen);
  const paddingMask = new Uint8Array(n * seqLen);
  const keys = [];
  for (let b = 0; b < n; b++) {
    let digits;
    let key;
    do {
      const len = minLen + Math.floor(rand() * (seqLen - minLen + 1));
      digits = Array.from({ length: len }, () => Math.floor(rand() * 10));
      key = digits.join('');
    } while (exclude?.has(key));
    keys.push(key);
    const sorted = [...digits].sort((x, y) => x - y);
    for (let p = 0; p < seqLen; p++) {
      const i = b * seqLen + p;
      const real = p < digits.length;
      tokens[i] = real ? digits[p] : pad;
      targets[i] = real ? sorted[p] : ignore;
      paddingMask[i] = real ? 0 : 1;
    }
  }
  return { tokens, targets, paddingMask, keys };
}

/**
 * The optimizer of a run: AdamW with train_tiny.py's betas, weight decay and clipping; with
 * warm-up on, the rate climbs linearly over the first 5 % of the steps; then a cosine from lr to 0.
 */
export function runOptimizer({ lr, warmup, steps }) {
  return {
    lr,
    warmupSteps: warmup ? Math.max(1, Math.round(steps / 20)) : 0,
    totalSteps: steps,
    schedule: 'cosine',
    beta1: 0.9,
    beta2: 0.98,
    weightDecay: 0.01,
    clipNorm: 1,
  };
}

/**
 * One training run as <nw-train> makes it: the trainer (weights drawn from `seed`), the held-out
 * set of `seed` and the stream of training batches of `seed` (never a held-out sequence).
 * Returns { options, trainer, heldout, exclude, rand }; dispose the trainer when done.
 */
export function createRun(
  nw,
  { normFirst = true, lr = 2e-3, warmup = true, steps = 1500, batch = 256, seed = 1 } = {},
) {
  const options = { normFirst: !!normFirst, lr, warmup: !!warmup, steps, batch, seed };
  const trainer = nw.createTokenTrainer({
    encoder: modelConfig(options.normFirst),
    vocab: SORT.vocab,
    classes: SORT.classes,
    batch,
    seqLen: SORT.seqLen,
    seed,
    optimizer: runOptimizer(options),
  });
  const heldout = sortBatch(uniforms(seed * 7919 + 1), HELDOUT);
  return { options, trainer, heldout, exclude: new Set(heldout.keys), rand: uniforms(seed * 7919 + 3) };
}

/** One training step of a run on its next batch: the trainer's { step, loss, gradNorm, lr, stopped? }. */
export function stepRun(run) {
  const b = sortBatch(run.rand, run.options.batch, run.exclude);
  return run.trainer.step(b.tokens, b.targets, { paddingMask: b.paddingMask });
}

/** The run's model on its held-out set: { accuracy, loss, predictions, … } (trainer.evaluate). */
export function evaluateRun(run) {
  const h = run.heldout;
  return run.trainer.evaluate(h.tokens, h.targets, { paddingMask: h.paddingMask });
}

/**
 * What the single run and the comparison (train-compare.js) share: messages in through handle(),
 * messages out through post() tagged with `tagKey` (the page tells replies to its older messages
 * from those to its newer ones), and the work done in slices that yield to pending messages (a
 * pause) between them. A slice runs outside handle(): what it throws is answered as an error here,
 * so the page never waits on a run that has ended. A subclass defines _tagOf(msg) (the tag the
 * replies carry from now on), _configure(msg), _canRun(), _steps() (one slice, which ends with
 * this.later(() => this._slice()) while running), _progress(), _end() (frees what a 'dispose'
 * ends) and optionally _handleMore(msg) for message types of its own (false: unknown).
 */
export class SlicedSession {
  /**
   * @param {object} nw the loaded library (training module)
   * @param {(msg: object, transfer?: Transferable[]) => void} post where messages out go
   * @param {(fn: () => void) => void} later runs fn after pending messages
   * @param {{ name: string, tagKey: string }} kind the session's name in errors, its replies' tag
   */
  constructor(nw, post, later, { name, tagKey }) {
    this.nw = nw;
    this.out = post;
    this.later = later;
    this.name = name;
    this.tagKey = tagKey;
    this.tag = undefined;
    this.running = false;
  }

  post(msg, transfer) {
    this.out(this.tag === undefined ? msg : { ...msg, [this.tagKey]: this.tag }, transfer);
  }

  handle(msg) {
    this.tag = this._tagOf(msg);
    try {
      switch (msg?.type) {
        case 'configure':
          this._configure(msg);
          break;
        case 'run':
          this._run();
          break;
        case 'pause':
          this.running = false;
          this._progress();
          break;
        case 'dispose':
          this.running = false;
          this._end();
          break;
        default:
          if (!this._handleMore(msg)) throw new Error(`${this.name}: unknown message ${JSON.stringify(msg?.type)}`);
      }
    } catch (e) {
      this._fail(e);
    }
  }

  _handleMore() {
    return false;
  }

  _run() {
    if (this.running || !this._canRun()) {
      this._progress();
      return;
    }
    this.running = true;
    this.later(() => this._slice());
  }

  _slice() {
    try {
      this._steps();
    } catch (e) {
      this._fail(e);
    }
  }

  _fail(e) {
    this.running = false;
    this.post({ type: 'error', message: e.message });
  }
}

export class TrainSession extends SlicedSession {
  /**
   * @param {object} nw the loaded library
   * @param {(msg: object, transfer?: Transferable[]) => void} post where messages out go
   * @param {(fn: () => void) => void} [later] runs fn after pending messages (default setTimeout 0)
   */
  constructor(nw, post, later = (fn) => setTimeout(fn, 0)) {
    super(nw, post, later, { name: 'train session', tagKey: 'seq' });
    this.trainer = null;
    this.example = 0;
  }

  /** Replies carry the seq of the last message handled. */
  _tagOf(msg) {
    return msg?.seq;
  }

  _handleMore(msg) {
    switch (msg.type) {
      case 'example':
        this.example = Math.max(0, Math.min(HELDOUT - 1, msg.index | 0));
        this._progress(true);
        return true;
      case 'save':
        this._save();
        return true;
      case 'load':
        this._load(msg.bytes);
        return true;
      default:
        return false;
    }
  }

  _end() {
    this.trainer?.dispose();
    this.trainer = null;
  }

  _configure({ normFirst = true, lr = 2e-3, warmup = true, steps = 1500, batch = 256, seed = 1 }) {
    this.running = false;
    this.trainer?.dispose();
    this.run = createRun(this.nw, { normFirst, lr, warmup, steps, batch, seed });
    this.options = this.run.options;
    this.trainer = this.run.trainer;
    this.heldout = this.run.heldout;
    this.losses = [];
    this.evals = [];
    this.seconds = 0;
    this.reached95 = null;
    this.tokensPerSecond = 0;
    this.stopped = null;
    this._evaluate();
    this._progress(true);
  }

  _canRun() {
    return this.trainer && !this.stopped && this.trainer.stepCount < this.options.steps;
  }

  // A few steps (about SLICE_MS of work), then a progress message.
  _steps() {
    if (!this.running || !this.trainer) return;
    const { batch, steps } = this.options;
    const t0 = performance.now();
    let done = 0;
    let evalDue = false;
    while (this.trainer.stepCount < steps && performance.now() - t0 < SLICE_MS) {
      const r = stepRun(this.run);
      if (r.stopped) {
        this.running = false;
        this.stopped = r.stopped;
        this.post({ type: 'stopped', message: r.stopped, step: r.step });
        break;
      }
      this.losses.push(r.loss);
      this.lr = r.lr;
      done++;
      if (r.step % EVAL_EVERY === 0) {
        evalDue = true;
        break;
      }
    }
    const dt = (performance.now() - t0) / 1000;
    this.seconds += dt;
    if (done) this.tokensPerSecond = (done * batch * SORT.seqLen) / dt;
    if (evalDue || this.trainer.stepCount >= steps) this._evaluate();
    const finished = this.trainer.stepCount >= steps;
    if (finished) this.running = false;
    this._progress(evalDue || finished);
    if (finished && !this.stopped) this.post({ type: 'done' });
    if (this.running) this.later(() => this._slice());
  }

  _evaluate() {
    const r = evaluateRun(this.run);
    const step = this.trainer.stepCount;
    this.evals.push({ step, accuracy: r.accuracy, loss: r.loss });
    if (this.reached95 === null && r.accuracy >= 0.95) this.reached95 = { step, seconds: this.seconds };
  }

  _attention() {
    const { seqLen } = SORT;
    const i = this.example;
    const h = this.heldout;
    const slice = (a) => a.slice(i * seqLen, (i + 1) * seqLen);
    const tokens = slice(h.tokens);
    const r = this.trainer.evaluate(tokens, slice(h.targets), { paddingMask: slice(h.paddingMask) });
    return { index: i, tokens: Array.from(tokens), predictions: Array.from(r.predictions), maps: r.attention };
  }

  _progress(withAttention = false) {
    if (!this.trainer) return;
    const last = this.evals[this.evals.length - 1];
    this.post({
      type: 'progress',
      step: this.trainer.stepCount,
      steps: this.options.steps,
      loss: this.losses.length ? this.losses[this.losses.length - 1] : NaN,
      losses: this.losses.slice(),
      evals: this.evals.slice(),
      eval: last,
      lr: this.trainer.learningRate,
      tokensPerSecond: this.tokensPerSecond,
      seconds: this.seconds,
      running: this.running,
      stopped: this.stopped,
      reached95: this.reached95,
      options: this.options,
      attention: withAttention ? this._attention() : undefined,
    });
  }

  _save() {
    const bytes = this.trainer.saveSafetensors({
      task: 'sort',
      pad_token: SORT.pad,
      prefix: 'encoder.',
      lr: this.options.lr,
      warmup: this.options.warmup,
      heldout_accuracy: this.evals[this.evals.length - 1]?.accuracy ?? '',
      script: 'normwave <nw-train>',
    });
    this.post({ type: 'saved', bytes }, [bytes.buffer]);
  }

  _load(bytes) {
    const meta = this.nw.inspectSafetensors(bytes).metadata;
    const normFirst = meta.norm_first === undefined ? this.options.normFirst : meta.norm_first === 'true';
    if (normFirst !== this.options.normFirst) this._configure({ ...this.options, normFirst });
    this.running = false;
    this.trainer.loadSafetensors(bytes, { strict: false });
    this.stopped = null;
    this.losses = [];
    this.evals = [];
    this.seconds = 0;
    this.reached95 = null;
    this._evaluate();
    this.post({ type: 'loaded', normFirst });
    this._progress(true);
  }
}

/**
 * One handler for both sessions of <nw-train>: messages with `session: 'compare'` go to the
 * comparison (lib/train-compare.js, whose code loads on its first message, the messages meanwhile
 * kept in order), the others to the single run; the comparison's replies carry `session:
 * 'compare'`. A `dispose` without a session ends both.
 */
export function sessionHandler(nw, post, later) {
  const single = new TrainSession(nw, post, later);
  let compare = null;
  const queue = [];
  const toCompare = (m, transfer) => post({ ...m, session: 'compare' }, transfer);
  return (msg) => {
    if (msg?.session !== 'compare') {
      single.handle(msg);
      if (msg?.type === 'dispose') compare?.handle(msg);
      return;
    }
    if (compare) {
      compare.handle(msg);
      return;
    }
    queue.push(msg);
    if (queue.length > 1) return;
    import('./train-compare.js').then(
      ({ CompareSession }) => {
        compare = new CompareSession(nw, toCompare, later);
        for (const m of queue.splice(0)) compare.handle(m);
      },
      (e) => {
        queue.length = 0;
        toCompare({ type: 'error', message: e.message });
      },
    );
  };
}
