// The comparison of <nw-train>: Post-LN and Pre-LN, each without and with warm-up (four arms),
// trained from seeds 1…k at one learning rate, with the held-out accuracy of every run measured
// along the way. Every run is one of train-session.js (createRun / stepRun / evaluateRun: the
// library's trainer, driven as the single run drives it). A seed's four runs train together, one
// step each in turn, then the next seed's: four trainers in memory at a time.
//
// Messages in:  { type: 'configure', lr, steps, batch, seeds, id? } (resets) | { type: 'run' } |
//               { type: 'pause' } | { type: 'dispose' }
// Messages out: { type: 'progress', options, step, seed, running, seconds, evalSteps,
//                 accuracy: { arm: [per seed: accuracy at each of evalSteps reached] },
//                 stopped: { arm: [seeds whose loss stopped being finite] } }
//               { type: 'done' } | { type: 'error', message }
// Every message out carries the `id` of the last configure message, when it had one.
import { createRun, stepRun, evaluateRun } from './train-session.js';

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
 * The comparison's defaults. steps × batch: what 4 arms × 3 seeds train in well under a minute on
 * one core (docs/benchmarks.md). lr: of the figure's rates, the one at which the baseline both
 * papers start from — Post-LN with warm-up, the original Transformer's recipe — ends with the
 * lowest held-out loss (median over seeds 1–8 at these steps and batch; docs/benchmarks.md); the
 * other arms change one thing at that rate, as Xiong et al. (2020) compare them. Warm-up: the single
 * run's, 5 % of the steps (the original Transformer warmed up over 4 % of its steps).
 */
export const COMPARE = Object.freeze({
  lr: '1e-2',
  steps: 200,
  batch: 64,
  seeds: 3,
  minSeeds: 3,
  maxSeeds: 8,
  evalEvery: 20,
});

const SLICE_MS = 60;

/** The steps at which each run is evaluated: 0, evalEvery, 2·evalEvery, …, and the last step. */
export function evalSteps(steps, every = COMPARE.evalEvery) {
  const out = [];
  for (let s = 0; s < steps; s += every) out.push(s);
  out.push(steps);
  return out;
}

export class CompareSession {
  /**
   * @param {object} nw the loaded library (training module)
   * @param {(msg: object) => void} post where messages out go
   * @param {(fn: () => void) => void} [later] runs fn after pending messages (default setTimeout 0)
   */
  constructor(nw, post, later = (fn) => setTimeout(fn, 0)) {
    this.nw = nw;
    this.out = post;
    this.later = later;
    this.runs = null;
    this.running = false;
  }

  /** Posts msg with the id of the configure message it follows (the page drops replies to older settings). */
  post(msg) {
    this.out(this.configId === undefined ? msg : { ...msg, id: this.configId });
  }

  handle(msg) {
    if (msg?.type === 'configure') this.configId = msg.id;
    try {
      switch (msg?.type) {
        case 'configure':
          this._configure(msg);
          break;
        case 'run':
          if (!this.options || this.finished) break;
          if (!this.running) {
            this.running = true;
            this.later(() => this._slice());
          }
          break;
        case 'pause':
          this.running = false;
          this._progress();
          break;
        case 'dispose':
          this.running = false;
          this._dispose();
          this.options = null;
          break;
        default:
          throw new Error(`compare session: unknown message ${JSON.stringify(msg?.type)}`);
      }
    } catch (e) {
      this.running = false;
      this.post({ type: 'error', message: e.message });
    }
  }

  _configure({ lr = Number(COMPARE.lr), steps = COMPARE.steps, batch = COMPARE.batch, seeds = COMPARE.seeds }) {
    this.running = false;
    this._dispose();
    this.options = { lr, steps, batch, seeds };
    this.evalSteps = evalSteps(steps);
    this.accuracy = Object.fromEntries(ARMS.map((a) => [a.id, []]));
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
      this.accuracy[arm.id][this.seed] = [evaluateRun(run).accuracy];
    }
    this.step = 0;
  }

  _slice() {
    try {
      this._steps();
    } catch (e) {
      this.running = false;
      this.post({ type: 'error', message: e.message });
    }
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
        for (const r of this.runs) this.accuracy[r.arm][this.seed].push(evaluateRun(r.run).accuracy);
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

/**
 * What the figure draws and its claims are decided on, from a progress message: for each arm,
 * the band (min, median, max over the seeds finished, at each evaluation step) and the final
 * held-out accuracy of each finished seed with its median, min and max. `complete` once every
 * seed has run every step.
 */
export function summarize(p) {
  const { seeds, steps } = p.options;
  const done = p.finished ? seeds : p.seed - 1; // seeds whose runs have finished
  const arms = {};
  for (const arm of ARMS) {
    const curves = p.accuracy[arm.id];
    const finished = curves.slice(0, done);
    const final = finished.map((c) => c[c.length - 1]);
    const band = p.evalSteps
      .map((step, i) => {
        const at = finished.map((c) => c[i]);
        return at.length ? { step, min: Math.min(...at), median: median(at), max: Math.max(...at) } : null;
      })
      .filter(Boolean);
    const current = done < seeds ? (curves[done] ?? []).map((v, i) => ({ step: p.evalSteps[i], accuracy: v })) : [];
    arms[arm.id] = {
      final,
      median: final.length ? median(final) : NaN,
      min: final.length ? Math.min(...final) : NaN,
      max: final.length ? Math.max(...final) : NaN,
      band,
      current,
      stopped: p.stopped[arm.id],
    };
  }
  return { options: p.options, steps, seeds: done, complete: done === seeds, arms };
}
