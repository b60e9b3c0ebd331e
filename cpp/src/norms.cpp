#include "normwave/norms.hpp"

#include <cmath>
#include <cstddef>

#include "simd.hpp"

namespace normwave {

using simd::fbatch;
using simd::kWidth;

namespace {

// Sum of (x[i] - shift - m)^2, and of squares when shift = m = 0.
float centered_sq_sum(const float* x, int n, float shift, float m) {
  const fbatch s(shift), mb(m);
  fbatch acc0(0.f), acc1(0.f);
  int i = 0;
  for (; i + 2 * kWidth <= n; i += 2 * kWidth) {
    const fbatch d0 = (simd::load(x + i) - s) - mb;
    const fbatch d1 = (simd::load(x + i + kWidth) - s) - mb;
    acc0 += d0 * d0;
    acc1 += d1 * d1;
  }
  for (; i + kWidth <= n; i += kWidth) {
    const fbatch d = (simd::load(x + i) - s) - mb;
    acc0 += d * d;
  }
  float total = simd::sum(acc0 + acc1);
  for (; i < n; ++i) {
    const float d = (x[i] - shift) - m;
    total += d * d;
  }
  return total;
}

// Sums of d and d^2 over n floats, d = x[i] - shift, in one pass.
void shifted_sums(const float* x, int n, float shift, float& sum, float& sq) {
  const fbatch s(shift);
  fbatch a0(0.f), a1(0.f), q0(0.f), q1(0.f);
  int i = 0;
  for (; i + 2 * kWidth <= n; i += 2 * kWidth) {
    const fbatch d0 = simd::load(x + i) - s;
    const fbatch d1 = simd::load(x + i + kWidth) - s;
    a0 += d0;
    a1 += d1;
    q0 += d0 * d0;
    q1 += d1 * d1;
  }
  for (; i + kWidth <= n; i += kWidth) {
    const fbatch d = simd::load(x + i) - s;
    a0 += d;
    q0 += d * d;
  }
  sum = simd::sum(a0 + a1);
  sq = simd::sum(q0 + q1);
  for (; i < n; ++i) {
    const float d = x[i] - shift;
    sum += d;
    sq += d * d;
  }
}

// out = ((x - shift) - m) * scale * gamma + beta over n floats; gamma/beta may be null
// (the template parameters hoist those branches out of the loop).
template <bool kGamma, bool kBeta>
void normalize_row(float* out, const float* x, const float* gamma, const float* beta, int n,
                   float shift, float m, float scale) {
  const fbatch s(shift), mb(m), sc(scale);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    fbatch y = ((simd::load(x + i) - s) - mb) * sc;
    if (kGamma) y *= simd::load(gamma + i);
    if (kBeta) y += simd::load(beta + i);
    simd::store(out + i, y);
  }
  for (; i < n; ++i) {
    float y = ((x[i] - shift) - m) * scale;
    if (kGamma) y *= gamma[i];
    if (kBeta) y += beta[i];
    out[i] = y;
  }
}

void normalize_row(float* out, const float* x, const float* gamma, const float* beta, int n,
                   float shift, float m, float scale) {
  if (gamma && beta)
    normalize_row<true, true>(out, x, gamma, beta, n, shift, m, scale);
  else if (gamma)
    normalize_row<true, false>(out, x, gamma, beta, n, shift, m, scale);
  else if (beta)
    normalize_row<false, true>(out, x, gamma, beta, n, shift, m, scale);
  else
    normalize_row<false, false>(out, x, gamma, beta, n, shift, m, scale);
}

// Shift for a row: the mean of its first few floats (0 for an empty row: nothing to read, the
// stats are 0/0). x - shift is exact when a row has a large common offset (1e4 + small noise),
// and being near the row mean it keeps the one-pass variance below from cancelling.
float row_shift(const float* x, int n) {
  constexpr int kShift = 8;
  // Whole batches and one horizontal sum when there are 8 floats: a chain of 8 dependent scalar
  // adds is a large share of a 1 x 8 LayerNorm's kernel time.
  if constexpr (kShift % kWidth == 0) {
    if (n >= kShift) {
      fbatch s = simd::load(x);
      for (int i = kWidth; i < kShift; i += kWidth) s += simd::load(x + i);
      return simd::sum(s) / static_cast<float>(kShift);
    }
  }
  const int k = n < kShift ? n : kShift;
  float s = 0.f;
  for (int i = 0; i < k; ++i) s += x[i];
  return k > 0 ? s / static_cast<float>(k) : 0.f;
}

}  // namespace

// x, out: (rows, dim). One pass gives sum(d) and sum(d^2) of d = x - shift, and
// var = mean(d^2) - mean(d)^2. That difference loses log2(mean(d^2) / var) bits; when the shift
// is far from the mean (more than 2 bits lost) the row takes a second, exactly centred pass
// sum((d - mean(d))^2) instead, so no row is worse than the classic two-pass algorithm.
void layer_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps) {
  const float inv_dim = 1.f / static_cast<float>(dim);
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<std::size_t>(r) * dim;
    float* yr = out + static_cast<std::size_t>(r) * dim;
    const float shift = row_shift(xr, dim);
    float sum, sq;
    shifted_sums(xr, dim, shift, sum, sq);
    const float m = sum * inv_dim, ms = sq * inv_dim;
    float v = ms - m * m;
    if (!(v >= 0.25f * ms)) v = centered_sq_sum(xr, dim, shift, m) * inv_dim;
    if (mean) mean[r] = shift + m;
    if (var) var[r] = v;
    normalize_row(yr, xr, gamma, beta, dim, shift, m, 1.f / std::sqrt(v + eps));
  }
}

void rms_norm(float* out, float* rms, const float* x, const float* gamma, int rows, int dim,
              float eps) {
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<std::size_t>(r) * dim;
    float* yr = out + static_cast<std::size_t>(r) * dim;
    const float ms = centered_sq_sum(xr, dim, 0.f, 0.f) / static_cast<float>(dim);
    if (rms) rms[r] = std::sqrt(ms);
    normalize_row(yr, xr, gamma, nullptr, dim, 0.f, 0.f, 1.f / std::sqrt(ms + eps));
  }
}

// Statistics per feature (column) over rows; SIMD runs across features, so every row is one
// contiguous pass and the column sums stay in registers only kWidth features at a time.
void batch_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps) {
  const auto at = [dim](int r, int f) { return static_cast<std::size_t>(r) * dim + f; };
  if (rows <= 0) {  // no row to shift by (fuzz_kernels found the read of row 0); stats are 0/0
    for (int g = 0; g < dim; ++g) {
      if (mean) mean[g] = std::nanf("");
      if (var) var[g] = std::nanf("");
    }
    return;
  }
  int f = 0;
  for (; f + kWidth <= dim; f += kWidth) {
    const fbatch shift = simd::load(x + at(0, f));
    fbatch acc(0.f);
    for (int r = 0; r < rows; ++r) acc += simd::load(x + at(r, f)) - shift;
    const fbatch m = acc / fbatch(static_cast<float>(rows));
    fbatch sq(0.f);
    for (int r = 0; r < rows; ++r) {
      const fbatch d = (simd::load(x + at(r, f)) - shift) - m;
      sq += d * d;
    }
    const fbatch v = sq / fbatch(static_cast<float>(rows));
    if (mean) simd::store(mean + f, shift + m);
    if (var) simd::store(var + f, v);
    fbatch scale = fbatch(1.f) / xsimd::sqrt(v + fbatch(eps));
    if (gamma) scale *= simd::load(gamma + f);
    const fbatch b = beta ? simd::load(beta + f) : fbatch(0.f);
    for (int r = 0; r < rows; ++r) {
      simd::store(out + at(r, f), ((simd::load(x + at(r, f)) - shift) - m) * scale + b);
    }
  }
  for (; f < dim; ++f) {
    const float shift = x[at(0, f)];
    float acc = 0.f;
    for (int r = 0; r < rows; ++r) acc += x[at(r, f)] - shift;
    const float m = acc / static_cast<float>(rows);
    float sq = 0.f;
    for (int r = 0; r < rows; ++r) {
      const float d = (x[at(r, f)] - shift) - m;
      sq += d * d;
    }
    const float v = sq / static_cast<float>(rows);
    if (mean) mean[f] = shift + m;
    if (var) var[f] = v;
    const float scale = (1.f / std::sqrt(v + eps)) * (gamma ? gamma[f] : 1.f);
    const float b = beta ? beta[f] : 0.f;
    for (int r = 0; r < rows; ++r) out[at(r, f)] = ((x[at(r, f)] - shift) - m) * scale + b;
  }
}

// ---- Backward ------------------------------------------------------------------------------

namespace {

// Per row: xh = (x - shift) * r, g = dy * gamma. Returns sum(g) and sum(g * xh) over the row and
// adds dy * xh into dgamma and dy into dbeta (each may be null).
void norm_row_sums(float& sum_g, float& sum_gx, float* dgamma, float* dbeta, const float* dy,
                   const float* x, const float* gamma, int n, float shift, float r) {
  const fbatch sh(shift), rb(r);
  fbatch ag(0.f), agx(0.f);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    const fbatch d = simd::load(dy + i);
    const fbatch xh = (simd::load(x + i) - sh) * rb;
    const fbatch g = gamma ? d * simd::load(gamma + i) : d;
    ag += g;
    agx += g * xh;
    if (dgamma) simd::store(dgamma + i, simd::load(dgamma + i) + d * xh);
    if (dbeta) simd::store(dbeta + i, simd::load(dbeta + i) + d);
  }
  sum_g = simd::sum(ag);
  sum_gx = simd::sum(agx);
  for (; i < n; ++i) {
    const float xh = (x[i] - shift) * r;
    const float g = gamma ? dy[i] * gamma[i] : dy[i];
    sum_g += g;
    sum_gx += g * xh;
    if (dgamma) dgamma[i] += dy[i] * xh;
    if (dbeta) dbeta[i] += dy[i];
  }
}

// dx += r * (g - mg - xh * mgx) over one row.
void norm_row_dx(float* dx, const float* dy, const float* x, const float* gamma, int n, float shift,
                 float r, float mg, float mgx) {
  const fbatch sh(shift), rb(r), mgb(mg), mgxb(mgx);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    const fbatch d = simd::load(dy + i);
    const fbatch xh = (simd::load(x + i) - sh) * rb;
    const fbatch g = gamma ? d * simd::load(gamma + i) : d;
    simd::store(dx + i, simd::load(dx + i) + rb * (g - mgb - xh * mgxb));
  }
  for (; i < n; ++i) {
    const float xh = (x[i] - shift) * r;
    const float g = gamma ? dy[i] * gamma[i] : dy[i];
    dx[i] += r * (g - mg - xh * mgx);
  }
}

}  // namespace

void layer_norm_backward(float* dx, float* dgamma, float* dbeta, const float* dy, const float* x,
                         const float* gamma, const float* mean, const float* var, int rows, int dim,
                         float eps) {
  const float inv_dim = 1.f / static_cast<float>(dim);
  for (int r = 0; r < rows; ++r) {
    const std::size_t o = static_cast<std::size_t>(r) * dim;
    const float rs = 1.f / std::sqrt(var[r] + eps);
    float sum_g, sum_gx;
    norm_row_sums(sum_g, sum_gx, dgamma, dbeta, dy + o, x + o, gamma, dim, mean[r], rs);
    if (dx)
      norm_row_dx(dx + o, dy + o, x + o, gamma, dim, mean[r], rs, sum_g * inv_dim,
                  sum_gx * inv_dim);
  }
}

void rms_norm_backward(float* dx, float* dgamma, const float* dy, const float* x,
                       const float* gamma, const float* rms, int rows, int dim, float eps) {
  const float inv_dim = 1.f / static_cast<float>(dim);
  for (int r = 0; r < rows; ++r) {
    const std::size_t o = static_cast<std::size_t>(r) * dim;
    const float rs = 1.f / std::sqrt(rms[r] * rms[r] + eps);
    float sum_g, sum_gx;
    norm_row_sums(sum_g, sum_gx, dgamma, nullptr, dy + o, x + o, gamma, dim, 0.f, rs);
    if (dx) norm_row_dx(dx + o, dy + o, x + o, gamma, dim, 0.f, rs, 0.f, sum_gx * inv_dim);
  }
}

namespace ref {

void layer_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps) {
  layer_norm<float>(out, mean, var, x, gamma, beta, rows, dim, eps);
}

void rms_norm(float* out, float* rms, const float* x, const float* gamma, int rows, int dim,
              float eps) {
  rms_norm<float>(out, rms, x, gamma, rows, dim, eps);
}

template <class T>
void layer_norm(T* out, T* mean, T* var, const T* x, const T* gamma, const T* beta, int rows,
                int dim, float eps) {
  for (int r = 0; r < rows; ++r) {
    const T* xr = x + static_cast<std::size_t>(r) * dim;
    double m = 0.0;
    for (int i = 0; i < dim; ++i) m += xr[i];
    m /= dim;
    double v = 0.0;
    for (int i = 0; i < dim; ++i) v += (xr[i] - m) * (xr[i] - m);
    v /= dim;
    if (mean) mean[r] = static_cast<T>(m);
    if (var) var[r] = static_cast<T>(v);
    const double rstd = 1.0 / std::sqrt(v + eps);
    for (int i = 0; i < dim; ++i) {
      double y = (xr[i] - m) * rstd;
      if (gamma) y *= gamma[i];
      if (beta) y += beta[i];
      out[static_cast<std::size_t>(r) * dim + i] = static_cast<T>(y);
    }
  }
}

template <class T>
void rms_norm(T* out, T* rms, const T* x, const T* gamma, int rows, int dim, float eps) {
  for (int r = 0; r < rows; ++r) {
    const T* xr = x + static_cast<std::size_t>(r) * dim;
    double ms = 0.0;
    for (int i = 0; i < dim; ++i) ms += static_cast<double>(xr[i]) * xr[i];
    ms /= dim;
    if (rms) rms[r] = static_cast<T>(std::sqrt(ms));
    const double inv = 1.0 / std::sqrt(ms + eps);
    for (int i = 0; i < dim; ++i) {
      double y = xr[i] * inv;
      if (gamma) y *= gamma[i];
      out[static_cast<std::size_t>(r) * dim + i] = static_cast<T>(y);
    }
  }
}

template <class T>
void layer_norm_backward(T* dx, T* dgamma, T* dbeta, const T* dy, const T* x, const T* gamma,
                         const T* mean, const T* var, int rows, int dim, float eps) {
  for (int r = 0; r < rows; ++r) {
    const std::size_t o = static_cast<std::size_t>(r) * dim;
    const double rs = 1.0 / std::sqrt(static_cast<double>(var[r]) + eps);
    double sg = 0.0, sgx = 0.0;
    for (int i = 0; i < dim; ++i) {
      const double xh = (static_cast<double>(x[o + i]) - mean[r]) * rs;
      const double g = static_cast<double>(dy[o + i]) * (gamma ? gamma[i] : 1.0);
      sg += g;
      sgx += g * xh;
      if (dgamma) dgamma[i] += static_cast<T>(dy[o + i] * xh);
      if (dbeta) dbeta[i] += dy[o + i];
    }
    if (dx)
      for (int i = 0; i < dim; ++i) {
        const double xh = (static_cast<double>(x[o + i]) - mean[r]) * rs;
        const double g = static_cast<double>(dy[o + i]) * (gamma ? gamma[i] : 1.0);
        dx[o + i] += static_cast<T>(rs * (g - sg / dim - xh * sgx / dim));
      }
  }
}

template <class T>
void rms_norm_backward(T* dx, T* dgamma, const T* dy, const T* x, const T* gamma, const T* rms,
                       int rows, int dim, float eps) {
  for (int r = 0; r < rows; ++r) {
    const std::size_t o = static_cast<std::size_t>(r) * dim;
    const double rs = 1.0 / std::sqrt(static_cast<double>(rms[r]) * rms[r] + eps);
    double sgx = 0.0;
    for (int i = 0; i < dim; ++i) {
      const double xh = x[o + i] * rs;
      sgx += static_cast<double>(dy[o + i]) * (gamma ? gamma[i] : 1.0) * xh;
      if (dgamma) dgamma[i] += static_cast<T>(dy[o + i] * xh);
    }
    if (dx)
      for (int i = 0; i < dim; ++i) {
        const double xh = x[o + i] * rs;
        const double g = static_cast<double>(dy[o + i]) * (gamma ? gamma[i] : 1.0);
        dx[o + i] += static_cast<T>(rs * (g - xh * sgx / dim));
      }
  }
}

#define NW_INSTANTIATE(T)                                                                      \
  template void layer_norm<T>(T*, T*, T*, const T*, const T*, const T*, int, int, float);      \
  template void rms_norm<T>(T*, T*, const T*, const T*, int, int, float);                      \
  template void layer_norm_backward<T>(T*, T*, T*, const T*, const T*, const T*, const T*,     \
                                       const T*, int, int, float);                             \
  template void rms_norm_backward<T>(T*, T*, const T*, const T*, const T*, const T*, int, int, \
                                     float);
NW_INSTANTIATE(float)
NW_INSTANTIATE(double)
#undef NW_INSTANTIATE

void batch_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps) {
  for (int f = 0; f < dim; ++f) {
    double m = 0.0;
    for (int r = 0; r < rows; ++r) m += x[static_cast<std::size_t>(r) * dim + f];
    m /= rows;
    double v = 0.0;
    for (int r = 0; r < rows; ++r) {
      const double d = x[static_cast<std::size_t>(r) * dim + f] - m;
      v += d * d;
    }
    v /= rows;
    if (mean) mean[f] = static_cast<float>(m);
    if (var) var[f] = static_cast<float>(v);
    const double rstd = 1.0 / std::sqrt(v + eps);
    for (int r = 0; r < rows; ++r) {
      const std::size_t k = static_cast<std::size_t>(r) * dim + f;
      double y = (x[k] - m) * rstd;
      if (gamma) y *= gamma[f];
      if (beta) y += beta[f];
      out[k] = static_cast<float>(y);
    }
  }
}

}  // namespace ref
}  // namespace normwave
