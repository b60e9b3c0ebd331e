// Shared helpers for the xsimd kernels: the float batch of the target arch
// (sse4.1 → WASM SIMD128 under Emscripten, avx2/avx512 natively).
#pragma once

#include <xsimd/xsimd.hpp>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace normwave::simd {

using fbatch = xsimd::batch<float>;
constexpr int kWidth = static_cast<int>(fbatch::size);

inline fbatch load(const float* p) { return fbatch::load_unaligned(p); }
inline void store(float* p, const fbatch& v) { v.store_unaligned(p); }
inline float sum(const fbatch& v) { return xsimd::hadd(v); }
inline float max(const fbatch& v) {
  alignas(64) float lanes[kWidth];
  v.store_aligned(lanes);
  float m = lanes[0];
  for (int i = 1; i < kWidth; ++i) m = lanes[i] > m ? lanes[i] : m;
  return m;
}

// min(max(v, -1), 1). Under Emscripten, xsimd's min/max become compare + bitselect (NaN-exact
// _mm_min_ps emulation, several x86 instructions each); pmin/pmax are one minps/maxps each.
inline fbatch clamp_unit(const fbatch& v) {
#if defined(__wasm_simd128__)
  const v128_t x = (v128_t)(__m128)v;
  return fbatch((__m128)wasm_f32x4_pmax(wasm_f32x4_pmin(x, wasm_f32x4_splat(1.f)), wasm_f32x4_splat(-1.f)));
#else
  return xsimd::min(xsimd::max(v, fbatch(-1.f)), fbatch(1.f));
#endif
}

// sum of a[i] * b[i] over n floats: full batches, then a scalar tail.
inline float dot(const float* a, const float* b, int n) {
  fbatch acc(0.f);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) acc += load(a + i) * load(b + i);
  float total = sum(acc);
  for (; i < n; ++i) total += a[i] * b[i];
  return total;
}
// y[i] += alpha * x[i] over n floats.
inline void axpy(float* y, float alpha, const float* x, int n) {
  const fbatch a(alpha);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) store(y + i, load(y + i) + a * load(x + i));
  for (; i < n; ++i) y[i] += alpha * x[i];
}
}  // namespace normwave::simd
