// Twin of scripts/bench/train.mjs: the same three training steps (normwave's trainer, tfjs-wasm
// autodiff + Adam, PyTorch on the CPU) on a small batch, checked to agree on the loss at step 1
// within 1e-4 (the script exits non-zero otherwise). A peer that is not installed is reported
// as missing by the script, not failed here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';

test('train bench: normwave, tfjs-wasm and PyTorch agree on the loss of step 1 (batch 16)', (t) => {
  const out = execFileSync(process.execPath, ['scripts/bench/train.mjs', '--steps', '1', '--batch', '16'], {
    cwd: new URL('../../', import.meta.url).pathname,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NW_BENCH_DOCS: '0' }, // a test run never writes docs/benchmarks.md
  });
  t.diagnostic(
    out
      .split('\n')
      .filter((l) => l.startsWith('|'))
      .join('\n'),
  );
  assert.match(out, /\| normwave \| \d\.\d{6} \|/);
  for (const peer of ['tfjs-wasm', 'PyTorch CPU']) {
    const row = out.split('\n').find((l) => l.startsWith(`| ${peer}`));
    assert.ok(row, `${peer} row`);
    if (!/not usable/.test(row)) assert.match(row, /✓/, row);
  }
});
