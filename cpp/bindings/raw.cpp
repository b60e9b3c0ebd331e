// Direct wasm exports for the hot elementwise entry points: plain C functions
// on wasm-memory addresses, called from web/api/norms.js as Module._nw_<op>. Embind stays the
// binding layer for everything else (embind.cpp); these skip its invoker, which costs more than
// the whole 1x8 LayerNorm (scripts/bench/call-cost.mjs measures both). Same arguments as the
// Embind functions of the same op: outputs first, sizes last, element counts only, null = absent.
// Nothing here checks: web/api/ has checked every argument and taken every address.
#include <emscripten/emscripten.h>

#include <xsimd/xsimd.hpp>

#include "normwave/linear.hpp"
#include "normwave/norms.hpp"

extern "C" {

EMSCRIPTEN_KEEPALIVE void nw_layer_norm(float* out, float* mean, float* var, const float* x,
                                        const float* gamma, const float* beta, int rows, int dim,
                                        float eps) {
  normwave::layer_norm(out, mean, var, x, gamma, beta, rows, dim, eps);
}

EMSCRIPTEN_KEEPALIVE void nw_rms_norm(float* out, float* rms, const float* x, const float* gamma,
                                      int rows, int dim, float eps) {
  normwave::rms_norm(out, rms, x, gamma, rows, dim, eps);
}

EMSCRIPTEN_KEEPALIVE void nw_batch_norm(float* out, float* mean, float* var, const float* x,
                                        const float* gamma, const float* beta, int rows, int dim,
                                        float eps) {
  normwave::batch_norm(out, mean, var, x, gamma, beta, rows, dim, eps);
}

// The machine's SIMD128 multiply-add peak, for `npm run bench`'s share of the peak: `iters` rounds
// of a = a * m + c on 12 independent f32x4 accumulators (enough to hide the mul and add
// latencies; WASM SIMD128 has no fused multiply-add, so xsimd::fma is a mul and an add here).
// 96 FLOP per round. Returns a sum of the accumulators so the loop cannot be optimized away.
EMSCRIPTEN_KEEPALIVE float nw_bench_muladd_peak(int iters) {
  using batch = xsimd::batch<float>;
  constexpr int kAcc = 12;
  batch acc[kAcc];
  for (int k = 0; k < kAcc; ++k) acc[k] = batch(1.0f + 0.01f * static_cast<float>(k));
  const batch m(0.9999f), c(1e-4f);
  for (int i = 0; i < iters; ++i) {
    for (int k = 0; k < kAcc; ++k) acc[k] = xsimd::fma(acc[k], m, c);
  }
  batch sum(0.0f);
  for (int k = 0; k < kAcc; ++k) sum += acc[k];
  return xsimd::hadd(sum);
}

// The encoder's matrix product as the encoder runs it, on weights packed once at load
// (linear_packed), for `npm run bench`'s GEMM rows; nw.linear packs the
// weight on every call. Sizes in floats.
EMSCRIPTEN_KEEPALIVE unsigned nw_bench_packed_size(int n, int k) {
  return static_cast<unsigned>(normwave::packed_size(n, k));
}
EMSCRIPTEN_KEEPALIVE void nw_bench_pack_weight(float* packed, const float* w, int n, int k) {
  normwave::pack_weight(packed, w, n, k);
}
EMSCRIPTEN_KEEPALIVE void nw_bench_linear_packed(float* y, const float* x, const float* packed,
                                                 const float* b, int m, int n, int k) {
  normwave::linear_packed(y, x, packed, b, m, n, k);
}

}  // extern "C"
