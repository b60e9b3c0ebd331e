// Deterministic inputs shared by the benchmark, its twin test and make_onnx.py (which bakes the
// same gamma/beta into the ONNX norm models). The seeded normals (LCG + Box–Muller) and the
// worst-difference measure are the JS tests' own (tests/js/helpers.mjs): one copy of each.
export { randn, maxAbsDiff } from '../../tests/js/helpers.mjs';

/** gamma_i = 1 + 0.1 sin(i), beta_i = 0.1 cos(i): make_onnx.py#norm_params. */
export function normParams(dim) {
  const gamma = new Float32Array(dim),
    beta = new Float32Array(dim);
  for (let i = 0; i < dim; i++) {
    gamma[i] = 1 + 0.1 * Math.sin(i);
    beta[i] = 0.1 * Math.cos(i);
  }
  return { gamma, beta };
}
