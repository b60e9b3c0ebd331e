// web/lib/train-session.js, the data work of <nw-train>: every message the session posts carries
// the seq of the message it answers, and a slice that throws ends the run with an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadNormwave } from 'normwave';
import { TrainSession } from '../../web/lib/train-session.js';

const nw = await loadNormwave({ training: true });

test('every message posted carries the seq of the message it answers, slices the seq of the last handled', async () => {
  const out = [];
  const later = [];
  const session = new TrainSession(
    nw,
    (m) => out.push(m),
    (fn) => later.push(fn),
  );
  session.handle({ type: 'configure', normFirst: true, steps: 200, batch: 8, seed: 1, seq: 1 });
  session.handle({ type: 'example', index: 3, seq: 2 });
  session.handle({ type: 'run', seq: 3 });
  assert.deepEqual(
    out.map((m) => [m.type, m.seq]),
    [
      ['progress', 1],
      ['progress', 2],
    ],
  );
  later.shift()();
  assert.deepEqual(
    out.slice(2).map((m) => [m.type, m.seq, m.running]),
    [['progress', 3, true]],
  );
  session.handle({ type: 'pause', seq: 4 });
  assert.deepEqual([out.at(-1).type, out.at(-1).seq, out.at(-1).running], ['progress', 4, false]);
  session.handle({ type: 'nonsense', seq: 5 });
  assert.equal(out.at(-1).type, 'error');
  assert.equal(out.at(-1).seq, 5);
  session.handle({ type: 'dispose' });
});

test('a step that throws inside a slice is answered as an error, and the run ends', async () => {
  const out = [];
  const later = [];
  const session = new TrainSession(
    nw,
    (m) => out.push(m),
    (fn) => later.push(fn),
  );
  session.handle({ type: 'configure', normFirst: true, steps: 4, batch: 8, seed: 1, seq: 1 });
  session.handle({ type: 'run', seq: 2 });
  session.trainer.dispose();
  later.shift()();
  const last = out.at(-1);
  assert.equal(last.type, 'error');
  assert.equal(last.seq, 2);
  assert.match(last.message, /disposed/);
  assert.equal(session.running, false);
  assert.equal(later.length, 0, 'no further slice');
});
