// <nw-train>'s comparison (web/lib/train-compare.js) run in Node at its defaults, through the
// same session the worker runs: Post-LN / Pre-LN × warm-up off / on over seeds 1–8. Every claim
// of web/lib/train-claims.js must hold for each seed count the reader can pick (seeds 1–3 … 1–8);
// the table printed also counts the 3-seed sets of 1–8 it holds in. Each claim's sentence follows
// its verdict, in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';
import { ARMS, COMPARE, CompareSession, evalSteps, median, summarize } from '../../web/lib/train-compare.js';
import { createRun, stepRun, evaluateRun } from '../../web/lib/train-session.js';
import { TRAIN_CLAIMS, decide, bestArm } from '../../web/lib/train-claims.js';
import en from '../../web/i18n/en.js';
import ko from '../../web/i18n/ko.js';

const nw = await loadNormwave({ training: true });

/** Runs a comparison to the end; resolves with its last progress message. */
function compare(options) {
  return new Promise((resolve, reject) => {
    let last = null;
    const session = new CompareSession(
      nw,
      (m) => {
        if (m.type === 'progress') last = m;
        else if (m.type === 'done') resolve(last);
        else if (m.type === 'error') reject(new Error(m.message));
      },
      (fn) => setImmediate(fn),
    );
    session.handle({ type: 'configure', ...options });
    session.handle({ type: 'run' });
  });
}

/** The progress message of a run restricted to some of its seeds (0-based indices). */
function withSeeds(p, indices) {
  return {
    ...p,
    options: { ...p.options, seeds: indices.length },
    seed: indices.length,
    accuracy: Object.fromEntries(Object.entries(p.accuracy).map(([id, c]) => [id, indices.map((i) => c[i])])),
    stopped: Object.fromEntries(
      Object.entries(p.stopped).map(([id, s]) => [id, s.filter((seed) => indices.includes(seed - 1))]),
    ),
  };
}

function* combinations(n, k, start = 0, chosen = []) {
  if (chosen.length === k) {
    yield chosen;
    return;
  }
  for (let i = start; i < n; i++) yield* combinations(n, k, i + 1, [...chosen, i]);
}

const pct = (v) => (v * 100).toFixed(1);
const defaults = { lr: Number(COMPARE.lr), steps: COMPARE.steps, batch: COMPARE.batch };
let full = null; // the run over seeds 1–8 at the defaults
let seconds = 0;

test('the comparison at its defaults over seeds 1–8: every claim holds for seeds 1–k, k = 3…8', async (t) => {
  const t0 = performance.now();
  full = await compare({ ...defaults, seeds: COMPARE.maxSeeds });
  seconds = (performance.now() - t0) / 1000;
  const all = summarize(full);
  assert.equal(all.complete, true);
  assert.deepEqual(full.evalSteps, evalSteps(COMPARE.steps));
  t.diagnostic(
    `lr ${COMPARE.lr}, ${COMPARE.steps} steps of batch ${COMPARE.batch}, seeds 1–8: ${ARMS.length * COMPARE.maxSeeds} runs in ${seconds.toFixed(1)} s`,
  );
  t.diagnostic('arm          final held-out accuracy: median (min–max) | seeds 1…8');
  for (const a of ARMS) {
    const r = all.arms[a.id];
    t.diagnostic(
      `${a.id.padEnd(12)} ${pct(r.median)}% (${pct(r.min)}–${pct(r.max)}) | ${r.final.map(pct).join(' ')}${r.stopped.length ? ` stopped: ${r.stopped}` : ''}`,
    );
  }
  const prefixes = [];
  for (let k = COMPARE.minSeeds; k <= COMPARE.maxSeeds; k++) prefixes.push([...Array(k).keys()]);
  const triples = [...combinations(COMPARE.maxSeeds, 3)];
  t.diagnostic(`claim                 seeds 1–k (k = 3…8)   3-seed sets of 1–8`);
  const failed = [];
  for (const c of TRAIN_CLAIMS) {
    const states = prefixes.map((ix) => decide(c, summarize(withSeeds(full, ix))).holds);
    const sets = triples.filter((ix) => decide(c, summarize(withSeeds(full, ix))).holds).length;
    t.diagnostic(
      `${c.id.padEnd(22)} ${states.filter(Boolean).length} of ${states.length}                 ${sets} of ${triples.length}`,
    );
    states.forEach((holds, i) => {
      if (!holds) failed.push(`${c.id} with seeds 1–${i + COMPARE.minSeeds}: ${decide(c, summarize(withSeeds(full, prefixes[i]))).evidence}`);
    });
  }
  assert.deepEqual(failed, []);
});

test('a run of the comparison is the single run of the same settings (createRun, stepRun, evaluateRun)', async () => {
  assert.ok(full, 'needs the run of the first test');
  // Seed 2, Post-LN with warm-up: trained directly as the single-run session trains it.
  const arm = ARMS.find((a) => a.id === 'postWarmup');
  const run = createRun(nw, { normFirst: arm.normFirst, warmup: arm.warmup, ...defaults, seed: 2 });
  try {
    const curve = [evaluateRun(run).accuracy];
    for (let s = 1; s <= COMPARE.steps; s++) {
      assert.equal(stepRun(run).stopped, undefined);
      if (full.evalSteps.includes(s)) curve.push(evaluateRun(run).accuracy);
    }
    assert.deepEqual(full.accuracy.postWarmup[1], curve);
  } finally {
    run.trainer.dispose();
  }
});

test("each claim's sentence follows its verdict: the other sentence when the numbers say otherwise, in both languages", () => {
  assert.ok(full, 'needs the run of the first test');
  const base = summarize(full);
  const ids = ARMS.map((a) => a.id);
  // The same numbers with the arms' names permuted: each claim meets numbers where it fails.
  const permutations = (xs) => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));
  const relabelled = permutations(ids).map((perm) => ({
    ...base,
    arms: Object.fromEntries(ids.map((id, i) => [id, base.arms[perm[i]]])),
  }));
  for (const c of TRAIN_CLAIMS) {
    const holds = decide(c, base);
    const fails = relabelled.map((n) => decide(c, n)).find((d) => !d.holds);
    assert.ok(fails, `${c.id}: no relabelling of the arms makes it fail`);
    assert.equal(holds.key, c.text.holds);
    assert.equal(fails.key, c.text.fails);
    assert.notEqual(fails.evidence, holds.evidence, `${c.id}: the evidence changes with the numbers`);
    for (const [lang, table] of [
      ['en', en],
      ['ko', ko],
    ]) {
      for (const key of [c.text.holds, c.text.fails])
        assert.ok(typeof table[key] === 'string' && table[key].length > 20, `${lang}: ${key}`);
      assert.notEqual(table[c.text.holds], table[c.text.fails], `${lang}: ${c.id}'s two sentences`);
    }
  }
});

test('summarize: bands are min, median and max over the finished seeds; the seed in training is a line of its own', () => {
  const p = {
    options: { lr: 0.01, steps: 40, batch: 8, seeds: 3 },
    evalSteps: [0, 20, 40],
    seed: 3,
    step: 20,
    finished: false,
    accuracy: Object.fromEntries(
      ARMS.map((a, k) => [
        a.id,
        [
          [0.1, 0.5, 0.6 + k / 10],
          [0.1, 0.3, 0.4 + k / 10],
          [0.1, 0.2],
        ],
      ]),
    ),
    stopped: Object.fromEntries(ARMS.map((a) => [a.id, []])),
  };
  const s = summarize(p);
  assert.equal(s.seeds, 2);
  assert.equal(s.complete, false);
  assert.deepEqual(s.arms.post.band[1], { step: 20, min: 0.3, median: 0.4, max: 0.5 });
  assert.deepEqual(s.arms.post.final, [0.6, 0.4]);
  assert.deepEqual(s.arms.post.current, [
    { step: 0, accuracy: 0.1 },
    { step: 20, accuracy: 0.2 },
  ]);
  assert.equal(bestArm(s), 'preWarmup');
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
});
