// The one worst-difference measure of the JavaScript side: the figures' parity badges
// (lib/parity.js), lib/encoder-layers.js, and the node:test suites and benchmarks (through
// tests/js/helpers.mjs).

/** Worst |a[i] − b[i]| over two arrays of the same length: NaN if any pair differs by NaN, Infinity if the lengths differ. */
export function maxAbsDiff(a, b) {
  if (a.length !== b.length) return Infinity;
  let worst = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (Number.isNaN(d)) return NaN;
    if (d > worst) worst = d;
  }
  return worst;
}
