// Claims: a sentence that states what a run shows, decided by the run's numbers. A claim is
//   { id, holds(numbers) → boolean, evidence(numbers, label) → string, text: { holds, fails } }
// where text names the two i18n keys: the sentence when the predicate holds and the one when it
// does not. The figure renders the sentence picked on an element with data-claim="<id>" and
// data-holds="true|false", and the evidence (the numbers it was decided on) beside it.
// <nw-train>'s comparison states the claims below over lib/train-compare.js's summarize().
import { ARMS } from './train-compare.js';

/** A claim decided: { id, holds, key (the sentence's i18n key), evidence }. */
export function decide(claim, numbers, label = (id) => id) {
  const holds = claim.holds(numbers) === true;
  return { id: claim.id, holds, key: holds ? claim.text.holds : claim.text.fails, evidence: claim.evidence(numbers, label) };
}

/** The attributes of a decided claim's element. */
export function claimAttributes(decided) {
  return { 'data-claim': decided.id, 'data-holds': String(decided.holds) };
}

const pct = (v) => `${(v * 100).toFixed(1)}%`;

/** "a > b in n of k seeds (a₁ vs b₁, …)": the per-seed comparison of two arms' final accuracies. */
function pairs(n, a, b, label) {
  const x = n.arms[a].final;
  const y = n.arms[b].final;
  const above = x.filter((v, i) => v > y[i]).length;
  const each = x.map((v, i) => `${(v * 100).toFixed(1)}/${(y[i] * 100).toFixed(1)}`).join(', ');
  return `${label(a)} > ${label(b)}: ${above}/${x.length} (${each}%)`;
}

const aboveInEverySeed = (n, a, b) => n.arms[a].final.every((v, i) => v > n.arms[b].final[i]);

/** The arm whose median final accuracy is highest. */
export function bestArm(n) {
  return ARMS.map((a) => a.id).reduce((best, id) => (n.arms[id].median > n.arms[best].median ? id : best));
}

const medians = (n, ids, label) => ids.map((id) => `${label(id)} ${pct(n.arms[id].median)}`).join(' · ');

/** The claims of <nw-train>'s comparison, each over summarize()'s numbers of a complete run. */
export const TRAIN_CLAIMS = Object.freeze([
  {
    id: 'train.preOverPost',
    holds: (n) => aboveInEverySeed(n, 'pre', 'post'),
    evidence: (n, label) => pairs(n, 'pre', 'post', label),
    text: { holds: 'trainCompare.claim.preOverPost.holds', fails: 'trainCompare.claim.preOverPost.fails' },
  },
  {
    id: 'train.warmupPost',
    holds: (n) => aboveInEverySeed(n, 'postWarmup', 'post'),
    evidence: (n, label) => pairs(n, 'postWarmup', 'post', label),
    text: { holds: 'trainCompare.claim.warmupPost.holds', fails: 'trainCompare.claim.warmupPost.fails' },
  },
  {
    // "Most of the gap": warm-up lifts Post-LN's median by more than half of what moving the
    // norm (Pre-LN without warm-up) does.
    id: 'train.warmupGap',
    holds: (n) => {
      const { post, pre, postWarmup } = n.arms;
      return pre.median > post.median && postWarmup.median - post.median > (pre.median - post.median) / 2;
    },
    evidence: (n, label) => medians(n, ['post', 'pre', 'postWarmup'], label),
    text: { holds: 'trainCompare.claim.warmupGap.holds', fails: 'trainCompare.claim.warmupGap.fails' },
  },
  {
    id: 'train.warmupPre',
    holds: (n) => aboveInEverySeed(n, 'preWarmup', 'pre'),
    evidence: (n, label) => pairs(n, 'preWarmup', 'pre', label),
    text: { holds: 'trainCompare.claim.warmupPre.holds', fails: 'trainCompare.claim.warmupPre.fails' },
  },
  {
    id: 'train.preWarmupBest',
    holds: (n) => bestArm(n) === 'preWarmup',
    evidence: (n, label) => medians(n, ['preWarmup', 'postWarmup', 'pre', 'post'], label),
    text: { holds: 'trainCompare.claim.preWarmupBest.holds', fails: 'trainCompare.claim.preWarmupBest.fails' },
  },
]);
