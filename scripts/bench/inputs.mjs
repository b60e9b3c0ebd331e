// Deterministic inputs shared by the benchmark, its twin test and make_onnx.py (which bakes the
// same gamma/beta into the ONNX norm models).

/** Seeded N(0, 1) floats (LCG + Box-Muller), identical on every run. */
export function randn(n, seed, mean = 0, std = 1) {
  let s = seed >>> 0;
  const u = () => ((s = (s * 1664525 + 1013904223) >>> 0) + 0.5) / 2 ** 32;
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = mean + std * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  return out;
}

/** gamma_i = 1 + 0.1 sin(i), beta_i = 0.1 cos(i): make_onnx.py#norm_params. */
export function normParams(dim) {
  const gamma = new Float32Array(dim), beta = new Float32Array(dim);
  for (let i = 0; i < dim; i++) {
    gamma[i] = 1 + 0.1 * Math.sin(i);
    beta[i] = 0.1 * Math.cos(i);
  }
  return { gamma, beta };
}

/** Worst |a - b| over two arrays of the same length (NaN counts as the worst). */
export function maxAbsDiff(a, b) {
  if (a.length !== b.length) return Infinity;
  let worst = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i]);
    if (!(d <= worst)) worst = d;
  }
  return worst;
}
