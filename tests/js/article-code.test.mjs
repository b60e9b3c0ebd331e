// The PyTorch code the page shows (scripts/article_code.py, in <nw-kernel-source>) computes what
// torch computes: scripts/check_article_code.py compares it with F.layer_norm and
// nn.TransformerEncoderLayer/Encoder (Pre-LN and Post-LN). Skipped, with the reason, where
// Debian's python3-torch is not installed (scripts/setup.sh --bench installs it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PYTHON = '/usr/bin/python3';
const script = fileURLToPath(new URL('../../scripts/check_article_code.py', import.meta.url));
const probe = spawnSync(PYTHON, ['-c', 'import torch'], { encoding: 'utf8' });
const missing = probe.error ? `${PYTHON} not found` : probe.status !== 0 ? 'python3-torch is not installed' : null;

test("the page's PyTorch code matches torch (scripts/check_article_code.py)", { skip: missing ?? false }, () => {
  const run = spawnSync(PYTHON, [script], { encoding: 'utf8', timeout: 120_000 });
  assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /all match/);
});
