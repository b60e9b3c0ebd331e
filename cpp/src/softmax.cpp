#include "normwave/softmax.hpp"

#include <cmath>
#include <cstddef>
#include <limits>

#include "simd.hpp"

namespace normwave {

using simd::fbatch;
using simd::kWidth;

// x, out: (rows, n). Masked keys are set to -inf before the max, and to exactly 0 after exp.
void softmax(float* out, const float* x, const std::uint8_t* key_mask, int rows, int n) {
  constexpr float kNegInf = -std::numeric_limits<float>::infinity();
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<std::size_t>(r) * n;
    float* yr = out + static_cast<std::size_t>(r) * n;
    for (int j = 0; j < n; ++j) yr[j] = key_mask && key_mask[j] ? kNegInf : xr[j];

    fbatch mv(kNegInf);
    int j = 0;
    for (; j + kWidth <= n; j += kWidth) mv = xsimd::max(mv, simd::load(yr + j));
    float m = simd::max(mv);
    for (; j < n; ++j) m = yr[j] > m ? yr[j] : m;
    if (m == kNegInf) {  // every key masked: zeros, not NaN
      for (j = 0; j < n; ++j) yr[j] = 0.f;
      continue;
    }

    const fbatch mb(m);
    fbatch acc(0.f);
    for (j = 0; j + kWidth <= n; j += kWidth) {
      const fbatch e = xsimd::exp(simd::load(yr + j) - mb);
      simd::store(yr + j, e);
      acc += e;
    }
    float total = simd::sum(acc);
    for (; j < n; ++j) {
      yr[j] = std::exp(yr[j] - m);
      total += yr[j];
    }
    const fbatch inv(1.f / total);
    for (j = 0; j + kWidth <= n; j += kWidth) simd::store(yr + j, simd::load(yr + j) * inv);
    for (; j < n; ++j) yr[j] *= 1.f / total;
    if (key_mask)
      for (j = 0; j < n; ++j)
        if (key_mask[j]) yr[j] = 0.f;
  }
}

namespace ref {

void softmax(float* out, const float* x, const std::uint8_t* key_mask, int rows, int n) {
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<std::size_t>(r) * n;
    float* yr = out + static_cast<std::size_t>(r) * n;
    double m = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < n; ++j)
      if (!(key_mask && key_mask[j]) && xr[j] > m) m = xr[j];
    double total = 0.0;
    for (int j = 0; j < n; ++j)
      if (!(key_mask && key_mask[j])) total += std::exp(xr[j] - m);
    for (int j = 0; j < n; ++j) {
      const bool masked = (key_mask && key_mask[j]) || total == 0.0;
      yr[j] = masked ? 0.f : static_cast<float>(std::exp(xr[j] - m) / total);
    }
  }
}

}  // namespace ref
}  // namespace normwave
