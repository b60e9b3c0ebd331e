// web/lib/idle.js: the idle-time task of nw-ffn and nw-grad-norms runs only once the reader has
// moved a slider, replaces the task pending, and cancel() drops it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IdleTask } from '../../web/lib/idle.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 120));

test('IdleTask: nothing runs before the first input event in its root', async () => {
  const root = new EventTarget();
  const task = new IdleTask();
  task.armOn(root);
  const ran = [];
  task.schedule(() => ran.push('early'));
  await settle();
  assert.deepEqual(ran, []);
  assert.equal(task.armed, false);
  root.dispatchEvent(new Event('input'));
  assert.equal(task.armed, true);
  task.schedule(() => ran.push('first'));
  task.schedule(() => ran.push('second')); // replaces 'first'
  await settle();
  assert.deepEqual(ran, ['second']);
  task.schedule(() => ran.push('cancelled'));
  task.cancel();
  task.cancel(); // twice is fine
  await settle();
  assert.deepEqual(ran, ['second']);
});

test('IdleTask: a task may schedule the next from inside itself', async () => {
  const root = new EventTarget();
  const task = new IdleTask();
  task.armOn(root);
  root.dispatchEvent(new Event('input'));
  const ran = [];
  const step = (i) => () => {
    ran.push(i);
    if (i < 3) task.schedule(step(i + 1));
  };
  task.schedule(step(1));
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.deepEqual(ran, [1, 2, 3]);
});
