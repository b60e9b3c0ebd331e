// Exports for `npm run bench` and the fast path's tests only, linked into
// build/wasm/normwave_bench.wasm (the shipped modules do not carry them): the machine's SIMD128
// multiply-add peak, the encoder's matrix product on weights packed once, as the encoder runs it
// (scripts/bench/cases.mjs loads them), and the norms as Embind functions beside their direct
// exports (raw.cpp): the cost of Embind's invoker (scripts/bench/call-cost.mjs), and a second way
// into the same kernels for tests/js/fast-path.test.mjs.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include <xsimd/xsimd.hpp>

#include "bind.hpp"
#include "normwave/linear.hpp"
#include "normwave/norms.hpp"

extern "C" {

// The machine's SIMD128 multiply-add peak, for the bench's share-of-peak rows: `iters` rounds
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
// (linear_packed), for the bench's GEMM rows; nw.linear packs the
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

namespace {

using normwave::bind::addr;
using normwave::bind::f32;

void layer_norm(addr out, addr mean, addr var, addr x, addr gamma, addr beta, int rows, int dim,
                float eps) {
  normwave::layer_norm(f32(out), f32(mean), f32(var), f32(x), f32(gamma), f32(beta), rows, dim,
                       eps);
}

void rms_norm(addr out, addr rms, addr x, addr gamma, int rows, int dim, float eps) {
  normwave::rms_norm(f32(out), f32(rms), f32(x), f32(gamma), rows, dim, eps);
}

void batch_norm(addr out, addr mean, addr var, addr x, addr gamma, addr beta, int rows, int dim,
                float eps) {
  normwave::batch_norm(f32(out), f32(mean), f32(var), f32(x), f32(gamma), f32(beta), rows, dim,
                       eps);
}

}  // namespace

EMSCRIPTEN_BINDINGS(normwave_bench) {
  emscripten::function("layerNorm", &layer_norm);
  emscripten::function("rmsNorm", &rms_norm);
  emscripten::function("batchNorm", &batch_norm);
}
