// README's library example runs as written (against the built dist/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);

test("README's first js example runs and prints what its comments say", () => {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(readme)[1];
  const out = execFileSync('node', ['--input-type=module', '-'], { cwd: root.pathname, input: code, encoding: 'utf8' });
  const lines = out.trim().split('\n');
  assert.match(lines[0], /^0\.84147\d* 0\.54030\d*$/);
  assert.match(out, /\] 1 1\.66000\d*\n/);
  assert.equal(lines.at(-1), '160 2 200');
});

test("README's training example runs and learns what its comments say", () => {
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const code = [...readme.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((m) => m[1])
    .find((c) => c.includes('createTokenTrainer'));
  assert.ok(code, 'the README shows createTokenTrainer');
  const out = execFileSync('node', ['--input-type=module', '-'], { cwd: root.pathname, input: code, encoding: 'utf8' });
  const lines = out.trim().split('\n');
  assert.deepEqual(
    lines.slice(0, -1).map((l) => Number(l.split(' ')[0])),
    [20, 40, 60],
  );
  assert.equal(lines.at(-1), '1');
});
