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
    // The passes below read src: x itself, or, with a mask, the row copied into out with its
    // masked keys at -inf. Without a mask there is no copy pass: next to the NaN-exact max, a
    // copy pass is a large share of the softmax of the encoder's 512 x 512 scores.
    const float* src = xr;
    if (key_mask) {
      for (int j = 0; j < n; ++j) yr[j] = key_mask[j] ? kNegInf : xr[j];
      src = yr;
    }

    const float m = simd::row_max(src, n);
    int j = 0;
    // Every key masked (or -inf): zeros, not NaN; an unmasked NaN still spreads.
    if (m == kNegInf) {
      bool nan = false;
      for (j = 0; j < n; ++j) nan = nan || std::isnan(src[j]);
      for (j = 0; j < n; ++j)
        yr[j] = nan && !(key_mask && key_mask[j]) ? std::numeric_limits<float>::quiet_NaN() : 0.f;
      continue;
    }

    const fbatch mb(m);
    fbatch acc(0.f);
    for (j = 0; j + kWidth <= n; j += kWidth) {
      const fbatch e = simd::exp(simd::load(src + j) - mb);
      simd::store(yr + j, e);
      acc += e;
    }
    float total = simd::sum(acc);
    for (; j < n; ++j) {
      yr[j] = std::exp(src[j] - m);
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

void softmax_backward(float* dx, const float* dy, const float* y, int rows, int n) {
  for (int r = 0; r < rows; ++r) {
    const std::size_t o = static_cast<std::size_t>(r) * n;
    const float* yr = y + o;
    const float* gr = dy + o;
    float* dr = dx + o;
    fbatch acc(0.f);
    int j = 0;
    for (; j + kWidth <= n; j += kWidth) acc += simd::load(yr + j) * simd::load(gr + j);
    float dot = simd::sum(acc);
    for (; j < n; ++j) dot += yr[j] * gr[j];
    const fbatch db(dot);
    for (j = 0; j + kWidth <= n; j += kWidth)
      simd::store(dr + j, simd::load(dr + j) + simd::load(yr + j) * (simd::load(gr + j) - db));
    for (; j < n; ++j) dr[j] += yr[j] * (gr[j] - dot);
  }
}

namespace ref {

void softmax(float* out, const float* x, const std::uint8_t* key_mask, int rows, int n) {
  softmax<float>(out, x, key_mask, rows, n);
}

template <class T>
void softmax(T* out, const T* x, const std::uint8_t* key_mask, int rows, int n) {
  for (int r = 0; r < rows; ++r) {
    const T* xr = x + static_cast<std::size_t>(r) * n;
    T* yr = out + static_cast<std::size_t>(r) * n;
    double m = -std::numeric_limits<double>::infinity();
    for (int j = 0; j < n; ++j)
      if (!(key_mask && key_mask[j]) && xr[j] > m) m = xr[j];
    double total = 0.0;
    for (int j = 0; j < n; ++j)
      if (!(key_mask && key_mask[j])) total += std::exp(xr[j] - m);
    for (int j = 0; j < n; ++j) {
      const bool masked = (key_mask && key_mask[j]) || total == 0.0;
      yr[j] = masked ? T(0) : static_cast<T>(std::exp(xr[j] - m) / total);
    }
  }
}

template <class T>
void softmax_backward(T* dx, const T* dy, const T* y, int rows, int n) {
  for (int r = 0; r < rows; ++r) {
    const std::size_t o = static_cast<std::size_t>(r) * n;
    double dot = 0.0;
    for (int j = 0; j < n; ++j) dot += static_cast<double>(y[o + j]) * dy[o + j];
    for (int j = 0; j < n; ++j) dx[o + j] += static_cast<T>(y[o + j] * (dy[o + j] - dot));
  }
}

template void softmax<float>(float*, const float*, const std::uint8_t*, int, int);
template void softmax<double>(double*, const double*, const std::uint8_t*, int, int);
template void softmax_backward<float>(float*, const float*, const float*, int, int);
template void softmax_backward<double>(double*, const double*, const double*, int, int);

}  // namespace ref
}  // namespace normwave
