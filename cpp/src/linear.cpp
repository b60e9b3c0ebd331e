#include "normwave/linear.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "normwave/sizes.hpp"
#include "simd.hpp"

namespace normwave {

using simd::fbatch;
using simd::kWidth;

namespace {

constexpr int kNr = 2 * kWidth;  // output features per panel
constexpr int kMr = 4;           // rows of x per micro-kernel call
constexpr int kKc = 512;  // depth block: a panel slice of kKc * kNr floats (16 KiB) stays in L1
constexpr int kMc = 64;   // row block: kMc * kKc floats of x stay in L2

// y[0..MR, 0..cols) (+)= x[0..MR, 0..k) · panel (k, kNr). ldx/ldy are row strides in floats.
// init: bias for the panel's features (kNr floats, zero-padded) or null for zeros;
// accumulate adds to what y holds (later depth blocks).
// kTransA reads x transposed: element (r, kk) at x[kk * ldx + r] (the backward's dyᵀ · x).
template <int MR, bool kTransA = false>
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
      const fbatch xv = simd::splat_load(kTransA ? x + kk * ldx + r : x + r * ldx + kk);
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

// C (M, N) (+)= A (M, K) · B (K, N), the general product of the backward pass.
// B is row-major with row stride ldb. A(r, kk) = a[r * lda + kk], or a[kk * lda + r] with kTransA
// (A is the transpose of a row-major (K, M) matrix). Each depth block of B is packed into
// workspace (gemm_workspace_floats) as linear_packed's panels, then swept with the same blocking.
// accumulate: add to C rather than overwrite it.
std::size_t gemm_workspace_floats(int N, int K) {
  if (N <= 0 || K <= 0) return 0;
  const std::size_t panels = (static_cast<std::size_t>(N) + kNr - 1) / kNr;
  return sizes::mul(static_cast<std::size_t>(std::min(K, kKc)), panels, kNr);
}

template <bool kTransA>
void gemm(float* c, int ldc, const float* a, int lda, const float* b, int ldb, int M, int N, int K,
          bool accumulate, float* workspace) {
  if (M <= 0 || N <= 0) return;
  if (K <= 0) {
    if (!accumulate)
      for (int i = 0; i < M; ++i) std::fill_n(c + static_cast<std::size_t>(i) * ldc, N, 0.f);
    return;
  }
  const int panels = (N + kNr - 1) / kNr;
  for (int k0 = 0; k0 < K; k0 += kKc) {
    const int kc = std::min(kKc, K - k0);
    for (int kk = 0; kk < kc; ++kk) {  // panel p, depth kk: B[k0 + kk, p*kNr .. p*kNr + kNr)
      const float* src = b + static_cast<std::size_t>(k0 + kk) * ldb;
      for (int p = 0; p < panels; ++p) {
        float* dst = workspace + (static_cast<std::size_t>(p) * kc + kk) * kNr;
        const float* s = src + p * kNr;
        const int cols = std::min(kNr, N - p * kNr);
        if (cols == kNr) {
          simd::store(dst, simd::load(s));
          simd::store(dst + kWidth, simd::load(s + kWidth));
        } else {
          for (int cc = 0; cc < kNr; ++cc) dst[cc] = cc < cols ? s[cc] : 0.f;
        }
      }
    }
    const bool acc = accumulate || k0 > 0;
    for (int m0 = 0; m0 < M; m0 += kMc) {
      const int mc = std::min(kMc, M - m0);
      for (int p = 0; p < panels; ++p) {
        const int j0 = p * kNr;
        const int cols = std::min(kNr, N - j0);
        const float* panel = workspace + static_cast<std::size_t>(p) * kc * kNr;
        const auto arow = [&](int r) {
          return kTransA ? a + static_cast<std::size_t>(k0) * lda + r
                         : a + static_cast<std::size_t>(r) * lda + k0;
        };
        const auto crow = [&](int r) { return c + static_cast<std::size_t>(r) * ldc + j0; };
        int i = m0;
        for (; i + kMr <= m0 + mc; i += kMr)
          micro_kernel<kMr, kTransA>(crow(i), ldc, arow(i), lda, panel, kc, nullptr, acc, cols);
        switch (m0 + mc - i) {
          case 3:
            micro_kernel<3, kTransA>(crow(i), ldc, arow(i), lda, panel, kc, nullptr, acc, cols);
            break;
          case 2:
            micro_kernel<2, kTransA>(crow(i), ldc, arow(i), lda, panel, kc, nullptr, acc, cols);
            break;
          case 1:
            micro_kernel<1, kTransA>(crow(i), ldc, arow(i), lda, panel, kc, nullptr, acc, cols);
            break;
          default:
            break;
        }
      }
    }
  }
}

// acc[0..n) += x[0..n)
void add_to(float* acc, const float* x, std::size_t n) {
  std::size_t i = 0;
  for (; i + kWidth <= n; i += kWidth)
    simd::store(acc + i, simd::load(acc + i) + simd::load(x + i));
  for (; i < n; ++i) acc[i] += x[i];
}

}  // namespace

int panel_width() { return kNr; }
int simd_lanes() { return simd::kWidth; }

std::size_t packed_size(int n, int k) {
  const std::size_t panels = (sizes::count(n) + kNr - 1) / kNr;
  return sizes::mul(panels, sizes::count(k), kNr);
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
          case 3:
            micro_kernel<3>(yrow(i), n, xrow(i), k, panel, kc, init, !first, cols);
            break;
          case 2:
            micro_kernel<2>(yrow(i), n, xrow(i), k, panel, kc, init, !first, cols);
            break;
          case 1:
            micro_kernel<1>(yrow(i), n, xrow(i), k, panel, kc, init, !first, cols);
            break;
          default:
            break;
        }
      }
    }
  }
}

std::size_t linear_workspace_floats(int m, int n, int k) {
  return m > 0 && n > 0 ? packed_size(n, k) : 0;
}

void linear(float* y, const float* x, const float* w, const float* b, int m, int n, int k,
            float* workspace) {
  if (m <= 0 || n <= 0) return;
  pack_weight(workspace, w, n, k);
  linear_packed(y, x, workspace, b, m, n, k);
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

void residual_add(float* out, const float* a, const float* b, std::size_t n) {
  std::size_t i = 0;
  for (; i + kWidth <= n; i += kWidth) simd::store(out + i, simd::load(a + i) + simd::load(b + i));
  for (; i < n; ++i) out[i] = a[i] + b[i];
}

// ---- Backward ------------------------------------------------------------------------------

std::size_t linear_backward_workspace_floats(int m, int n, int k) {
  // dx = dy · W packs depth blocks of W (depth n), dW = dyᵀ · x packs blocks of x (depth m).
  return std::max(gemm_workspace_floats(k, n), gemm_workspace_floats(k, m));
}

void linear_backward(float* dx, float* dw, float* db, const float* dy, const float* x,
                     const float* w, int m, int n, int k, float* workspace) {
  if (dx) gemm<false>(dx, k, dy, n, w, k, m, k, n, true, workspace);  // (m, n) · (n, k)
  if (dw) gemm<true>(dw, k, dy, n, x, k, n, k, m, true, workspace);   // (n, m) · (m, k)
  if (db)
    for (int i = 0; i < m; ++i)
      add_to(db, dy + static_cast<std::size_t>(i) * n, static_cast<std::size_t>(n));
}

void relu_backward(float* dx, const float* dy, const float* y, std::size_t n) {
  const fbatch zero(0.f);
  std::size_t i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    const fbatch g = xsimd::select(simd::load(y + i) > zero, simd::load(dy + i), zero);
    simd::store(dx + i, simd::load(dx + i) + g);
  }
  for (; i < n; ++i) dx[i] += y[i] > 0.f ? dy[i] : 0.f;
}

void gelu_backward(float* dx, const float* dy, const float* x, std::size_t n) {
  const float inv_sqrt2 = 0.70710678118654752f, inv_sqrt_2pi = 0.39894228040143268f;
  const fbatch half(0.5f), one(1.f), k(inv_sqrt2), c(inv_sqrt_2pi), mhalf(-0.5f);
  std::size_t i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    const fbatch v = simd::load(x + i);
    const fbatch d = half * (one + xsimd::erf(v * k)) + v * c * simd::exp(mhalf * v * v);
    simd::store(dx + i, simd::load(dx + i) + simd::load(dy + i) * d);
  }
  for (; i < n; ++i) {
    const float v = x[i];
    const float d =
        0.5f * (1.f + std::erf(v * inv_sqrt2)) + v * inv_sqrt_2pi * std::exp(-0.5f * v * v);
    dx[i] += dy[i] * d;
  }
}

void residual_add_backward(float* da, float* db, const float* dy, std::size_t n) {
  if (da) add_to(da, dy, n);
  if (db) add_to(db, dy, n);
}

namespace ref {

void linear(float* y, const float* x, const float* w, const float* b, int m, int n, int k) {
  linear<float>(y, x, w, b, m, n, k);
}
void relu(float* x, std::size_t n) { relu<float>(x, n); }
void gelu(float* x, std::size_t n) { gelu<float>(x, n); }

template <class T>
void linear(T* y, const T* x, const T* w, const T* b, int m, int n, int k) {
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      double acc = b ? b[j] : 0.0;
      for (int kk = 0; kk < k; ++kk)
        acc += static_cast<double>(x[static_cast<std::size_t>(i) * k + kk]) *
               w[static_cast<std::size_t>(j) * k + kk];
      y[static_cast<std::size_t>(i) * n + j] = static_cast<T>(acc);
    }
  }
}

template <class T>
void relu(T* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) x[i] = x[i] > 0 ? x[i] : T(0);
}

template <class T>
void gelu(T* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const double v = x[i];
    x[i] = static_cast<T>(0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0))));
  }
}

template <class T>
void linear_backward(T* dx, T* dw, T* db, const T* dy, const T* x, const T* w, int m, int n,
                     int k) {
  const auto at = [](int r, int c, int cols) { return static_cast<std::size_t>(r) * cols + c; };
  if (dx)
    for (int i = 0; i < m; ++i)
      for (int kk = 0; kk < k; ++kk) {
        double acc = 0.0;
        for (int j = 0; j < n; ++j) acc += static_cast<double>(dy[at(i, j, n)]) * w[at(j, kk, k)];
        dx[at(i, kk, k)] += static_cast<T>(acc);
      }
  if (dw)
    for (int j = 0; j < n; ++j)
      for (int kk = 0; kk < k; ++kk) {
        double acc = 0.0;
        for (int i = 0; i < m; ++i) acc += static_cast<double>(dy[at(i, j, n)]) * x[at(i, kk, k)];
        dw[at(j, kk, k)] += static_cast<T>(acc);
      }
  if (db)
    for (int j = 0; j < n; ++j) {
      double acc = 0.0;
      for (int i = 0; i < m; ++i) acc += dy[at(i, j, n)];
      db[j] += static_cast<T>(acc);
    }
}

template <class T>
void relu_backward(T* dx, const T* dy, const T* y, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (y[i] > 0) dx[i] += dy[i];
}

template <class T>
void gelu_backward(T* dx, const T* dy, const T* x, std::size_t n) {
  const double pi = 3.14159265358979323846;
  for (std::size_t i = 0; i < n; ++i) {
    const double v = x[i];
    const double d = 0.5 * (1.0 + std::erf(v / std::sqrt(2.0))) +
                     v * std::exp(-0.5 * v * v) / std::sqrt(2.0 * pi);
    dx[i] += static_cast<T>(dy[i] * d);
  }
}

#define NW_INSTANTIATE(T)                                                                    \
  template void linear<T>(T*, const T*, const T*, const T*, int, int, int);                  \
  template void relu<T>(T*, std::size_t);                                                    \
  template void gelu<T>(T*, std::size_t);                                                    \
  template void linear_backward<T>(T*, T*, T*, const T*, const T*, const T*, int, int, int); \
  template void relu_backward<T>(T*, const T*, const T*, std::size_t);                       \
  template void gelu_backward<T>(T*, const T*, const T*, std::size_t);
NW_INSTANTIATE(float)
NW_INSTANTIATE(double)
#undef NW_INSTANTIATE

}  // namespace ref
}  // namespace normwave
