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
  if (gamma && beta) normalize_row<true, true>(out, x, gamma, beta, n, shift, m, scale);
  else if (gamma) normalize_row<true, false>(out, x, gamma, beta, n, shift, m, scale);
  else if (beta) normalize_row<false, true>(out, x, gamma, beta, n, shift, m, scale);
  else normalize_row<false, false>(out, x, gamma, beta, n, shift, m, scale);
}

// Shift for a row: the mean of its first few floats (0 for an empty row: nothing to read, the
// stats are 0/0). x - shift is exact when a row has a large common offset (1e4 + small noise),
// and being near the row mean it keeps the one-pass variance below from cancelling.
float row_shift(const float* x, int n) {
  const int k = n < 8 ? n : 8;
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

namespace ref {

void layer_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps) {
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<std::size_t>(r) * dim;
    double m = 0.0;
    for (int i = 0; i < dim; ++i) m += xr[i];
    m /= dim;
    double v = 0.0;
    for (int i = 0; i < dim; ++i) v += (xr[i] - m) * (xr[i] - m);
    v /= dim;
    if (mean) mean[r] = static_cast<float>(m);
    if (var) var[r] = static_cast<float>(v);
    const double rstd = 1.0 / std::sqrt(v + eps);
    for (int i = 0; i < dim; ++i) {
      double y = (xr[i] - m) * rstd;
      if (gamma) y *= gamma[i];
      if (beta) y += beta[i];
      out[static_cast<std::size_t>(r) * dim + i] = static_cast<float>(y);
    }
  }
}

void rms_norm(float* out, float* rms, const float* x, const float* gamma, int rows, int dim,
              float eps) {
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<std::size_t>(r) * dim;
    double ms = 0.0;
    for (int i = 0; i < dim; ++i) ms += static_cast<double>(xr[i]) * xr[i];
    ms /= dim;
    if (rms) rms[r] = static_cast<float>(std::sqrt(ms));
    const double inv = 1.0 / std::sqrt(ms + eps);
    for (int i = 0; i < dim; ++i) {
      double y = xr[i] * inv;
      if (gamma) y *= gamma[i];
      out[static_cast<std::size_t>(r) * dim + i] = static_cast<float>(y);
    }
  }
}

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
