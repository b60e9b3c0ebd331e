// The shipped .wasm really runs WASM SIMD: f32x4 instructions inside the norm, GEMM and softmax
// kernels. Function names come from the link's symbol map (the .wasm itself is minified).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const wasm = new URL('dist/normwave_wasm.wasm', root).pathname;
const names = new Map(
  readFileSync(new URL('build/wasm/normwave_wasm.mjs.symbols', root), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const i = line.indexOf(':');
      return [Number(line.slice(0, i)), decodeURIComponent(line.slice(i + 1).replace(/\\([0-9a-f]{2})/g, '%$1'))];
    }),
);

// function index -> count of f32x4 / f64x2 instructions in its body
const counts = new Map();
let current = -1;
for (const line of execFileSync('wasm-objdump', ['-d', wasm], { maxBuffer: 1 << 28 })
  .toString()
  .split('\n')) {
  const head = /^[0-9a-f]+ func\[(\d+)\]/.exec(line);
  if (head) {
    current = Number(head[1]);
    counts.set(current, { f32x4: 0, f64x2: 0 });
    continue;
  }
  if (current >= 0 && line.includes('f32x4.')) counts.get(current).f32x4++;
  if (current >= 0 && line.includes('f64x2.')) counts.get(current).f64x2++;
}

function simdOps(fragment, kind = 'f32x4') {
  let total = 0;
  for (const [index, c] of counts) if ((names.get(index) ?? '').includes(fragment)) total += c[kind];
  return total;
}

for (const kernel of ['layer_norm', 'rms_norm', 'batch_norm', 'linear_packed', 'softmax', 'gelu']) {
  test(`${kernel} uses f32x4 in the shipped wasm`, () => {
    const n = simdOps(kernel);
    assert.ok(n > 0, `no f32x4 instruction in functions named like ${kernel}`);
  });
}

test('positional_encoding runs its recurrence in f64x2 lanes', () => {
  assert.ok(simdOps('positional_encoding', 'f64x2') > 0);
});
