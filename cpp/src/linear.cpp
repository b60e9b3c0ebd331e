#include "normwave/linear.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "simd.hpp"

namespace normwave {

using simd::fbatch;
using simd::kWidth;

namespace {

constexpr int kNr = 2 * kWidth;  // output features per panel
constexpr int kMr = 4;           // rows of x per micro-kernel call
constexpr int kKc = 256;         // depth block: a panel slice of kKc * kNr floats stays in L1
constexpr int kMc = 64;          // row block: kMc * kKc floats of x stay in L2

// y[0..MR, 0..cols) (+)= x[0..MR, 0..k) · panel (k, kNr). ldx/ldy are row strides in floats.
// init: bias for the panel's features (kNr floats, zero-padded) or null for zeros;
// accumulate adds to what y holds (later depth blocks).
template <int MR>
void micro_kernel(float* y, int ldy, const float* x, int ldx, const float* panel, int k,
                  const float* init, bool accumulate, int cols) {
  fbatch acc0[MR], acc1[MR];
  const fbatch b0 = init ? simd::load(init) : fbatch(0.f);
  const fbatch b1 = init ? simd::load(init + kWidth) : fbatch(0.f);
  for (int r = 0; r < MR; ++r) {
    acc0[r] = b0;
    acc1[r] = b1;
  }
  for (int kk = 0; kk < k; ++kk) {
    const fbatch w0 = simd::load(panel + kk * kNr);
    const fbatch w1 = simd::load(panel + kk * kNr + kWidth);
    for (int r = 0; r < MR; ++r) {
      const fbatch xv(x[r * ldx + kk]);
      acc0[r] += xv * w0;
      acc1[r] += xv * w1;
    }
  }
  for (int r = 0; r < MR; ++r) {
    float* yr = y + r * ldy;
    if (cols == kNr) {
      if (accumulate) {
        acc0[r] += simd::load(yr);
        acc1[r] += simd::load(yr + kWidth);
      }
      simd::store(yr, acc0[r]);
      simd::store(yr + kWidth, acc1[r]);
    } else {
      alignas(64) float tmp[kNr];
      acc0[r].store_aligned(tmp);
      acc1[r].store_aligned(tmp + kWidth);
      for (int c = 0; c < cols; ++c) yr[c] = accumulate ? yr[c] + tmp[c] : tmp[c];
    }
  }
}

}  // namespace

int panel_width() { return kNr; }

std::size_t packed_size(int n, int k) {
  const std::size_t panels = (static_cast<std::size_t>(n) + kNr - 1) / kNr;
  return panels * static_cast<std::size_t>(k) * kNr;
}

void pack_weight(float* packed, const float* w, int n, int k) {
  const int panels = (n + kNr - 1) / kNr;
  for (int p = 0; p < panels; ++p) {
    float* dst = packed + static_cast<std::size_t>(p) * k * kNr;
    for (int kk = 0; kk < k; ++kk) {
      for (int c = 0; c < kNr; ++c) {
        const int j = p * kNr + c;
        dst[kk * kNr + c] = j < n ? w[static_cast<std::size_t>(j) * k + kk] : 0.f;
      }
    }
  }
}

// y (m, n) = x (m, k) · Wᵀ + b, blocked over depth (kKc) and rows (kMc); the micro-kernel keeps a
// kMr x kNr tile of y in registers.
void linear_packed(float* y, const float* x, const float* packed_w, const float* b, int m, int n,
                   int k) {
  const int panels = (n + kNr - 1) / kNr;
  alignas(64) float bias[kNr];
  if (k == 0) {
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) y[static_cast<std::size_t>(i) * n + j] = b ? b[j] : 0.f;
    return;
  }
  for (int k0 = 0; k0 < k; k0 += kKc) {
    const int kc = std::min(kKc, k - k0);
    const bool first = k0 == 0;
    for (int m0 = 0; m0 < m; m0 += kMc) {
      const int mc = std::min(kMc, m - m0);
      for (int p = 0; p < panels; ++p) {
        const int j0 = p * kNr;
        const int cols = std::min(kNr, n - j0);
        const float* panel = packed_w + (static_cast<std::size_t>(p) * k + k0) * kNr;
        const float* init = nullptr;
        if (first && b) {
          for (int c = 0; c < kNr; ++c) bias[c] = c < cols ? b[j0 + c] : 0.f;
          init = bias;
        }
        int i = m0;
        const auto xrow = [&](int r) { return x + static_cast<std::size_t>(r) * k + k0; };
        const auto yrow = [&](int r) { return y + static_cast<std::size_t>(r) * n + j0; };
        for (; i + kMr <= m0 + mc; i += kMr)
          micro_kernel<kMr>(yrow(i), n, xrow(i), k, panel, kc, init, !first, cols);
        switch (m0 + mc - i) {
          case 3: micro_kernel<3>(yrow(i), n, xrow(i), k, panel, kc, init, !first, cols); break;
          case 2: micro_kernel<2>(yrow(i), n, xrow(i), k, panel, kc, init, !first, cols); break;
          case 1: micro_kernel<1>(yrow(i), n, xrow(i), k, panel, kc, init, !first, cols); break;
          default: break;
        }
      }
    }
  }
}

void linear(float* y, const float* x, const float* w, const float* b, int m, int n, int k,
            std::vector<float>& scratch) {
  scratch.resize(packed_size(n, k));
  pack_weight(scratch.data(), w, n, k);
  linear_packed(y, x, scratch.data(), b, m, n, k);
}

void relu(float* x, std::size_t n) {
  const fbatch zero(0.f);
  std::size_t i = 0;
  for (; i + kWidth <= n; i += kWidth) simd::store(x + i, xsimd::max(simd::load(x + i), zero));
  for (; i < n; ++i) x[i] = x[i] > 0.f ? x[i] : 0.f;
}

void gelu(float* x, std::size_t n) {
  const float inv_sqrt2 = 0.70710678118654752f;
  const fbatch half(0.5f), one(1.f), k(inv_sqrt2);
  std::size_t i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    const fbatch v = simd::load(x + i);
    simd::store(x + i, half * v * (one + xsimd::erf(v * k)));
  }
  for (; i < n; ++i) x[i] = 0.5f * x[i] * (1.f + std::erf(x[i] * inv_sqrt2));
}

namespace ref {

void linear(float* y, const float* x, const float* w, const float* b, int m, int n, int k) {
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      double acc = b ? b[j] : 0.0;
      for (int kk = 0; kk < k; ++kk)
        acc += static_cast<double>(x[static_cast<std::size_t>(i) * k + kk]) *
               w[static_cast<std::size_t>(j) * k + kk];
      y[static_cast<std::size_t>(i) * n + j] = static_cast<float>(acc);
    }
  }
}

void relu(float* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) x[i] = x[i] > 0.f ? x[i] : 0.f;
}

void gelu(float* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const double v = x[i];
    x[i] = static_cast<float>(0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0))));
  }
}

}  // namespace ref
}  // namespace normwave
