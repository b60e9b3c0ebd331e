// Shared by the node:test suites: seeded inputs and error-message checks.
import assert from 'node:assert/strict';

/** n standard normals from a small LCG + Box–Muller, the same for the same seed. */
export function randn(n, seed) {
  let s = seed >>> 0;
  const u = () => ((s = (s * 1664525 + 1013904223) >>> 0) + 0.5) / 2 ** 32;
  return Float32Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u()));
}

/** Expects fn to throw `type` with a message containing every fragment. */
export function throwsWith(fn, type, ...fragments) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof type, `expected ${type.name}, got ${e?.constructor?.name}: ${e?.message}`);
    for (const f of fragments) assert.ok(e.message.includes(f), `message ${JSON.stringify(e.message)} lacks ${JSON.stringify(f)}`);
    return true;
  });
}
