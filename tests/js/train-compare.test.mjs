// <nw-train>'s comparison (web/lib/train-compare.js) in Node at small settings, through the same
// session the worker runs and the library's real trainer: Post-LN / Pre-LN × warm-up off / on over
// two seeds. Its claims (web/lib/claims.js) are checked against the per-seed numbers recomputed
// here from the raw curves, each sentence follows its verdict in both languages, and the figure's
// note cites works of the reference list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';
import {
  ARMS,
  COMPARE,
  CompareSession,
  MARGIN,
  evalSteps,
  measure,
  median,
  summarize,
  bestArm,
  claims,
  ns,
} from '../../web/lib/train-compare.js';
import { createRun, stepRun, evaluateRun } from '../../web/lib/train-session.js';
import { judgeClaims, claimKeys } from '../../web/lib/claims.js';
import { citeParts } from '../../web/lib/cited.js';
import { reference } from '../../web/lib/references.js';
import en from '../../web/i18n/en.js';
import ko from '../../web/i18n/ko.js';

const nw = await loadNormwave({ training: true });

/** Runs a comparison through its messages to the end; resolves with its last progress message. */
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

const SMALL = { lr: 3e-2, steps: 40, batch: 16, seeds: 2 };
let p = null; // the last progress message of the small comparison

test('the comparison at small settings: every arm and seed evaluated at every evaluation step', async () => {
  p = await compare(SMALL);
  assert.equal(p.finished, true);
  assert.deepEqual(p.evalSteps, evalSteps(SMALL.steps));
  assert.deepEqual(p.evalSteps, [0, 10, 20, 30, 40]);
  const s = summarize(p);
  assert.equal(s.complete, true);
  assert.equal(s.seeds, SMALL.seeds);
  for (const a of ARMS) {
    for (const key of ['accuracy', 'loss']) {
      const curves = p[key][a.id];
      assert.equal(curves.length, SMALL.seeds);
      for (const c of curves) {
        assert.equal(c.length, p.evalSteps.length, `${a.id} ${key}`);
        for (const v of c) assert.ok(Number.isFinite(v), `${a.id} ${key} ${v}`);
      }
      const r = s.arms[a.id][key];
      assert.deepEqual(
        r.final,
        curves.map((c) => c.at(-1)),
      );
      assert.equal(r.median, median(r.final));
      for (const [i, b] of r.band.entries()) {
        const at = curves.map((c) => c[i]);
        assert.deepEqual(b, { step: p.evalSteps[i], min: Math.min(...at), median: median(at), max: Math.max(...at) });
      }
    }
  }
  // measure() runs the same session at once: the same numbers.
  assert.deepEqual(measure(nw, SMALL), s);
});

test('a run of the comparison is the single run of the same settings (createRun, stepRun, evaluateRun)', () => {
  assert.ok(p, 'needs the run of the first test');
  const arm = ARMS.find((a) => a.id === 'postWarmup');
  const run = createRun(nw, { normFirst: arm.normFirst, warmup: arm.warmup, ...SMALL, seed: 2 });
  try {
    const acc = [];
    const loss = [];
    const record = () => {
      const e = evaluateRun(run);
      acc.push(e.accuracy);
      loss.push(e.loss);
    };
    record();
    for (let step = 1; step <= SMALL.steps; step++) {
      assert.equal(stepRun(run).stopped, undefined);
      if (p.evalSteps.includes(step)) record();
    }
    assert.deepEqual(p.accuracy.postWarmup[1], acc);
    assert.deepEqual(p.loss.postWarmup[1], loss);
  } finally {
    run.trainer.dispose();
  }
});

/** Each claim's verdict recomputed from the raw per-seed final accuracies (a difference counts above MARGIN). */
function expected(p) {
  const fin = Object.fromEntries(ARMS.map((a) => [a.id, p.accuracy[a.id].map((c) => c.at(-1))]));
  const everySeed = (a, b) => fin[a].every((v, i) => v - fin[b][i] > MARGIN);
  const med = Object.fromEntries(ARMS.map((a) => [a.id, median(fin[a.id])]));
  return {
    preOverPost: everySeed('pre', 'post'),
    warmupPost: everySeed('postWarmup', 'post'),
    warmupPre: everySeed('preWarmup', 'pre'),
    warmupOverNorm: med.postWarmup - med.pre > MARGIN,
    bothBest: med.preWarmup - Math.max(med.post, med.pre, med.postWarmup) > MARGIN,
  };
}

/** The same progress message with the arms' curves permuted: numbers on which claims go the other way. */
function relabel(p, perm) {
  const ids = ARMS.map((a) => a.id);
  const move = (byArm) => Object.fromEntries(ids.map((id, i) => [id, byArm[perm[i]]]));
  return { ...p, accuracy: move(p.accuracy), loss: move(p.loss), stopped: move(p.stopped) };
}

const permutations = (xs) =>
  xs.length <= 1
    ? [xs]
    : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((q) => [x, ...q]));

test('every claim is decided by the numbers: its verdict is the one recomputed from the per-seed finals, either way', (t) => {
  assert.ok(p, 'needs the run of the first test');
  const seen = Object.fromEntries(Object.keys(claims).map((id) => [id, new Set()]));
  for (const perm of permutations(ARMS.map((a) => a.id))) {
    const q = relabel(p, perm);
    const verdicts = judgeClaims(claims, summarize(q));
    assert.deepEqual(verdicts.map((v) => v.id).sort(), Object.keys(claims).sort());
    const want = expected(q);
    for (const v of verdicts) {
      assert.equal(v.holds, want[v.id], `${v.id} with the arms permuted as ${perm}`);
      seen[v.id].add(v.holds);
    }
  }
  for (const [id, verdicts] of Object.entries(seen))
    assert.deepEqual([...verdicts].sort(), [false, true], `${id} goes both ways`);
  for (const v of judgeClaims(claims, summarize(p)))
    t.diagnostic(`${v.id}: ${v.holds ? 'holds' : 'fails'} (${v.vars.value} points)`);
  assert.equal(
    bestArm(summarize(p)),
    ARMS.map((a) => a.id).reduce((b, id) =>
      summarize(p).arms[id].accuracy.median > summarize(p).arms[b].accuracy.median ? id : b,
    ),
  );
});

test('no claim is stated before every seed has finished', () => {
  const partial = { ...p, finished: false, seed: 2, step: 10 };
  assert.equal(summarize(partial).complete, false);
  assert.deepEqual(judgeClaims(claims, summarize(partial)), []);
});

test('every claim has both sentences and its evidence in both languages, the two sentences different, every placeholder filled', () => {
  const vars = judgeClaims(claims, summarize(p));
  for (const id of Object.keys(claims)) {
    const keys = claimKeys(ns, id);
    const v = vars.find((x) => x.id === id).vars;
    for (const [lang, table] of [
      ['en', en],
      ['ko', ko],
    ]) {
      for (const k of Object.values(keys)) assert.equal(typeof table[k], 'string', `${lang}: ${k}`);
      assert.notEqual(table[keys.holds], table[keys.fails], `${lang}: ${id}`);
      for (const k of Object.values(keys))
        for (const [, name] of table[k].matchAll(/\{(\w+)\}/g)) assert.ok(name in v, `${lang}: ${k} uses {${name}}`);
    }
  }
  const prefix = `${ns}.claim.`;
  for (const k of Object.keys(en).filter((key) => key.startsWith(prefix)))
    assert.ok(Object.hasOwn(claims, k.slice(prefix.length).split('.')[0]), `${k} belongs to no claim`);
});

test('summarize: bands over the finished seeds; the seed in training is a line of its own', () => {
  const q = {
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
    loss: Object.fromEntries(
      ARMS.map((a) => [
        a.id,
        [
          [2.3, 1, 0.5],
          [2.3, 1.5, 0.9],
          [2.3, 2],
        ],
      ]),
    ),
    stopped: Object.fromEntries(ARMS.map((a) => [a.id, []])),
  };
  const s = summarize(q);
  assert.equal(s.seeds, 2);
  assert.equal(s.complete, false);
  assert.deepEqual(s.arms.post.accuracy.band[1], { step: 20, min: 0.3, median: 0.4, max: 0.5 });
  assert.deepEqual(s.arms.post.accuracy.final, [0.6, 0.4]);
  assert.deepEqual(s.arms.post.loss.final, [0.5, 0.9]);
  assert.deepEqual(s.arms.post.accuracy.current, [
    { step: 0, value: 0.1 },
    { step: 20, value: 0.2 },
  ]);
  assert.equal(bestArm(s), 'preWarmup');
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 2, 3]), 2.5);
});

test("the figure's note cites Xiong et al. 2020 and Liu et al. 2020 from the reference list, in both languages", () => {
  for (const table of [en, ko]) {
    const cites = citeParts(table['train.note']).filter((x) => typeof x !== 'string');
    assert.deepEqual(
      cites.map((c) => c.id),
      ['xiong2020', 'liu2020'],
    );
    for (const c of cites) {
      assert.equal(reference(c.id).year, 2020);
      assert.match(c.label, /2020/);
    }
  }
  assert.deepEqual(citeParts('a <a data-cite="x1">X</a> b'), ['a ', { id: 'x1', label: 'X' }, ' b']);
});

test('the defaults: five seeds of 150 steps at 3e-2, evaluated every 10 steps', () => {
  assert.deepEqual(
    { lr: COMPARE.lr, seeds: COMPARE.seeds, steps: COMPARE.steps, evalEvery: COMPARE.evalEvery },
    { lr: '3e-2', seeds: 5, steps: 150, evalEvery: 10 },
  );
});
