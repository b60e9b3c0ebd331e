// Shared helpers for the xsimd kernels: the float batch of the target arch
// (sse4.1 → WASM SIMD128 under Emscripten, avx2/avx512 natively).
#pragma once

#include <xsimd/xsimd.hpp>

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

}  // namespace normwave::simd
