// The one-script drop-in has a size budget: dist/normwave.single.mjs at most 80 KB gzipped.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = 80_000;

test(`normwave.single.mjs is at most ${BUDGET} bytes gzipped`, () => {
  const bytes = readFileSync(new URL('../../dist/normwave.single.mjs', import.meta.url));
  const gz = gzipSync(bytes, { level: 9 }).length;
  assert.ok(gz <= BUDGET, `normwave.single.mjs is ${gz} bytes gzipped, over the ${BUDGET}-byte budget`);
});
