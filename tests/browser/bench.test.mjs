// The browser bench (scripts/bench/browser.mjs) on one figure at both rates: the script's code in
// the page must run (it sees no module scope), and its table must carry both columns. A partial
// run (--only) writes nothing into docs/benchmarks.md.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

test('bench:browser --only rmsnorm --throttle 2 measures both sliders at 1× and 2×', async (t) => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['scripts/bench/browser.mjs', '--only', 'rmsnorm', '--throttle', '2'],
    {
      cwd: new URL('../../', import.meta.url).pathname,
      env: { ...process.env, NW_BENCH_DOCS: '0' },
      timeout: 180_000,
    },
  );
  const rows = stdout.split('\n').filter((l) => l.startsWith('| rmsnorm | '));
  t.diagnostic(rows.join('\n'));
  const ms = String.raw`\d+\.\d ms`;
  for (const control of ['gamma', 'shift'])
    assert.ok(
      rows.some((r) =>
        new RegExp(
          String.raw`^\| rmsnorm \| ${control} \| ${ms} \| ${ms} \| (yes|NO) \| ${ms} \| ${ms} \| (yes|NO) \|$`,
        ).test(r),
      ),
      `a row for ${control} with the 1× and 2× columns:\n${rows.join('\n')}`,
    );
  assert.match(stdout, /of 2 sliders over 16 ms \(median\) at the largest settings; at 2× \d+ of 2/);
});
