// The comparison of <nw-train>: Post-LN and Pre-LN, each without and with warm-up (four arms),
// trained from seeds 1…k at one peak learning rate, with the held-out accuracy and loss of every
// run measured along the way. Every run is one of train-session.js (createRun / stepRun /
// evaluateRun: the library's trainer, driven as the single run drives it). A seed's four runs
// train together, one step each in turn, then the next seed's: four trainers in memory at a time.
// The claims below are decided by summarize()'s numbers of a finished comparison.
//
// Messages in:  { type: 'configure', lr, steps, batch, seeds, id? } (resets) | { type: 'run' } |
//               { type: 'pause' } | { type: 'dispose' }
// Messages out: { type: 'progress', options, step, seed, running, finished, seconds, evalSteps,
//                 accuracy / loss: { arm: [per seed: the held-out value at each of evalSteps reached] },
//                 stopped: { arm: [seeds whose loss stopped being finite] } }
//               { type: 'done' } | { type: 'error', message }
// Every message out carries the `id` of the last configure message, when it had one.
import { createRun, stepRun, evaluateRun, SlicedSession } from './train-session.js';
import { fmt } from './format.js';

/** The comparison's strings: trainCompare.* in web/i18n (a part of their own, web/i18n/parts.js). */
export const ns = 'trainCompare';

/** The four arms, in the order they are drawn and listed. */
export const ARMS = Object.freeze(
  [
    { id: 'post', normFirst: false, warmup: false },
    { id: 'pre', normFirst: true, warmup: false },
    { id: 'postWarmup', normFirst: false, warmup: true },
    { id: 'preWarmup', normFirst: true, warmup: true },
  ].map((a) => Object.freeze(a)),
);

/**
 * The comparison's defaults. lr 3e-2: the rate at which the figure's caption sets its lesson
 * (Post-LN without warm-up, then Pre-LN, then Post-LN with warm-up); the reader picks any of the
 * figure's rates. steps × batch: 150 steps of 64 sequences, 1/40 of the single run's default
 * 1500 × 256, so that 4 arms × 5 seeds (20 runs) stay a wait of minutes in one worker; warm-up
 * is the single run's, 5 % of the steps. Evaluation every 10 steps on the run's 500 held-out
 * sequences.
 */
export const COMPARE = Object.freeze({
  lr: '3e-2',
  steps: 150,
  batch: 64,
  seeds: 5,
  minSeeds: 3,
  maxSeeds: 8,
  evalEvery: 10,
});

const SLICE_MS = 60;

/** The steps at which each run is evaluated: 0, evalEvery, 2·evalEvery, …, and the last step. */
export function evalSteps(steps, every = COMPARE.evalEvery) {
  const out = [];
  for (let s = 0; s < steps; s += every) out.push(s);
  out.push(steps);
  return out;
}

export class CompareSession extends SlicedSession {
  /**
   * @param {object} nw the loaded library (training module)
   * @param {(msg: object) => void} post where messages out go
   * @param {(fn: () => void) => void} [later] runs fn after pending messages (default setTimeout 0)
   */
  constructor(nw, post, later = (fn) => setTimeout(fn, 0)) {
    super(nw, post, later, { name: 'compare session', tagKey: 'id' });
    this.runs = null;
  }

  /** Replies carry the id of the configure message they follow (the page drops replies to older settings). */
  _tagOf(msg) {
    return msg?.type === 'configure' ? msg.id : this.tag;
  }

  _canRun() {
    return this.options && !this.finished;
  }

  _end() {
    this._dispose();
    this.options = null;
  }

  _configure({ lr = Number(COMPARE.lr), steps = COMPARE.steps, batch = COMPARE.batch, seeds = COMPARE.seeds }) {
    this.running = false;
    this._dispose();
    this.options = { lr, steps, batch, seeds };
    this.evalSteps = evalSteps(steps);
    this.accuracy = Object.fromEntries(ARMS.map((a) => [a.id, []]));
    this.loss = Object.fromEntries(ARMS.map((a) => [a.id, []]));
    this.stopped = Object.fromEntries(ARMS.map((a) => [a.id, []]));
    this.seed = 0; // index of the seed being trained (0-based); seeds once all are done
    this.step = 0;
    this.seconds = 0;
    this.finished = false;
    this._progress();
  }

  _dispose() {
    for (const r of this.runs ?? []) r.run.trainer.dispose();
    this.runs = null;
  }

  /** The seed's four runs, each evaluated before its first step. */
  _startSeed() {
    const { lr, steps, batch } = this.options;
    const seed = this.seed + 1;
    this.runs = [];
    for (const arm of ARMS) {
      const run = createRun(this.nw, { normFirst: arm.normFirst, warmup: arm.warmup, lr, steps, batch, seed });
      this.runs.push({ arm: arm.id, run, stopped: false });
      const e = evaluateRun(run);
      this.accuracy[arm.id][this.seed] = [e.accuracy];
      this.loss[arm.id][this.seed] = [e.loss];
    }
    this.step = 0;
  }

  // Steps for about SLICE_MS: each of the seed's four runs one step in turn; at an evaluation
  // step all four are evaluated. Then a progress message, and the next slice after any pending
  // message (a pause) has been handled.
  _steps() {
    if (!this.running) return;
    const { steps, seeds } = this.options;
    const t0 = performance.now();
    while (performance.now() - t0 < SLICE_MS && this.seed < seeds) {
      if (!this.runs) this._startSeed();
      this.step++;
      for (const r of this.runs) {
        if (r.stopped) continue;
        const out = stepRun(r.run);
        if (out.stopped) {
          r.stopped = true;
          this.stopped[r.arm].push(this.seed + 1);
        }
      }
      if (this.evalSteps.includes(this.step)) {
        for (const r of this.runs) {
          const e = evaluateRun(r.run);
          this.accuracy[r.arm][this.seed].push(e.accuracy);
          this.loss[r.arm][this.seed].push(e.loss);
        }
      }
      if (this.step >= steps) {
        this._dispose();
        this.seed++;
      }
    }
    this.seconds += (performance.now() - t0) / 1000;
    if (this.seed >= seeds) {
      this.finished = true;
      this.running = false;
    }
    this._progress();
    if (this.finished) this.post({ type: 'done' });
    else if (this.running) this.later(() => this._slice());
  }

  _progress() {
    if (!this.options) return;
    this.post({
      type: 'progress',
      options: this.options,
      evalSteps: this.evalSteps,
      seed: Math.min(this.seed + 1, this.options.seeds),
      step: this.step,
      running: this.running,
      finished: this.finished,
      seconds: this.seconds,
      accuracy: structuredClone(this.accuracy),
      loss: structuredClone(this.loss),
      stopped: structuredClone(this.stopped),
    });
  }
}

const sorted = (values) => [...values].sort((a, b) => a - b);

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values) {
  const s = sorted(values);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** min, median and max of a non-empty list. */
function spread(values) {
  return { min: Math.min(...values), median: median(values), max: Math.max(...values) };
}

/**
 * What the figure draws and its claims are decided on, from a progress message: for each arm and
 * each of accuracy and loss (held out), the band (min, median, max over the seeds finished, at
 * each evaluation step), the line of the seed in training, and the final value of each finished
 * seed with its median, min and max. `complete` once every seed has run every step.
 */
export function summarize(p) {
  const { seeds, steps } = p.options;
  const done = p.finished ? seeds : p.seed - 1; // seeds whose runs have finished
  const arms = {};
  for (const arm of ARMS) {
    const out = { stopped: p.stopped[arm.id] };
    for (const key of ['accuracy', 'loss']) {
      const curves = p[key][arm.id];
      const finished = curves.slice(0, done);
      const final = finished.map((c) => c[c.length - 1]);
      const band = finished.length
        ? p.evalSteps.map((step, i) => ({ step, ...spread(finished.map((c) => c[i])) }))
        : [];
      const current = done < seeds ? (curves[done] ?? []).map((v, i) => ({ step: p.evalSteps[i], value: v })) : [];
      out[key] = { final, band, current, ...(final.length ? spread(final) : { min: NaN, median: NaN, max: NaN }) };
    }
    arms[arm.id] = out;
  }
  return { options: p.options, steps, seeds: done, complete: done === seeds, arms };
}

/**
 * The whole comparison at once (what the worker runs in slices): { lr, seeds, steps?, batch? }
 * (lr one of the figure's rates, as a string or a number) → summarize()'s numbers.
 */
export function measure(
  nw,
  { lr = COMPARE.lr, seeds = COMPARE.seeds, steps = COMPARE.steps, batch = COMPARE.batch } = {},
) {
  let last = null;
  const session = new CompareSession(
    nw,
    (m) => {
      if (m.type === 'progress') last = m;
      else if (m.type === 'error') throw new Error(m.message);
    },
    () => {},
  );
  session.handle({ type: 'configure', lr: Number(lr), steps, batch, seeds });
  session.running = true;
  while (!session.finished) session._steps();
  return summarize(last);
}

/** The smallest per-seed difference a − b of two arms' final held-out accuracies. */
export function leastGap(m, a, b) {
  const x = m.arms[a].accuracy.final;
  const y = m.arms[b].accuracy.final;
  return Math.min(...x.map((v, i) => v - y[i]));
}

/** The arm whose median final held-out accuracy is highest (the first listed on a tie). */
export function bestArm(m) {
  return ARMS.map((a) => a.id).reduce((best, id) =>
    m.arms[id].accuracy.median > m.arms[best].accuracy.median ? id : best,
  );
}

const pct = (v) => fmt(v * 100, 1);
const points = (v) => fmt(v * 100, 1);
const medians = (m) => Object.fromEntries(ARMS.map((a) => [a.id, pct(m.arms[a.id].accuracy.median)]));

/**
 * How far apart two held-out accuracies must be before a sentence calls one above the other: 1
 * point, about the largest standard error of one held-out accuracy (500 sequences of 3–8 digits,
 * ~2750 positions: √(0.25 / 2750) ≈ 0.95 points at 50 %). Closer than that, the sentences say
 * the settings are not set apart.
 */
export const MARGIN = 0.01;

/**
 * The sentences the comparison states (web/lib/claims.js), each over summarize()'s numbers of a
 * finished comparison; "from every seed" compares the two arms trained from the same seed (the
 * same weights and batches). value: the number the verdict is decided on, a difference of
 * accuracies that must exceed MARGIN.
 */
export const claims = {
  // Moving the LayerNorm, warm-up off: Pre-LN ends above Post-LN from every seed.
  preOverPost: {
    when: (m) => m.complete,
    value: (m) => leastGap(m, 'pre', 'post'),
    holds: (v) => v > MARGIN,
    format: points,
    vars: medians,
  },
  // Warm-up on Post-LN: above Post-LN without it from every seed.
  warmupPost: {
    when: (m) => m.complete,
    value: (m) => leastGap(m, 'postWarmup', 'post'),
    holds: (v) => v > MARGIN,
    format: points,
    vars: medians,
  },
  // Warm-up on Pre-LN, the arm the single run's lesson leaves out: above Pre-LN without it.
  warmupPre: {
    when: (m) => m.complete,
    value: (m) => leastGap(m, 'preWarmup', 'pre'),
    holds: (v) => v > MARGIN,
    format: points,
    vars: medians,
  },
  // Warm-up against moving the norm: Post-LN with warm-up ends above Pre-LN without it (medians).
  warmupOverNorm: {
    when: (m) => m.complete,
    value: (m) => m.arms.postWarmup.accuracy.median - m.arms.pre.accuracy.median,
    holds: (v) => v > MARGIN,
    format: points,
    vars: medians,
  },
  // Both together: Pre-LN with warm-up has the highest median.
  bothBest: {
    when: (m) => m.complete,
    value: (m) =>
      m.arms.preWarmup.accuracy.median -
      Math.max(...['post', 'pre', 'postWarmup'].map((id) => m.arms[id].accuracy.median)),
    holds: (v) => v > MARGIN,
    format: points,
    vars: medians,
  },
};
