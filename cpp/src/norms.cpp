#include "normwave/norms.hpp"

#include <cmath>
#include <cstddef>

#include "simd.hpp"

namespace normwave {

using simd::fbatch;
using simd::kWidth;

namespace {

// Sum of (x[i] - shift) over n floats.
float shifted_sum(const float* x, int n, float shift) {
  const fbatch s(shift);
  fbatch acc0(0.f), acc1(0.f);
  int i = 0;
  for (; i + 2 * kWidth <= n; i += 2 * kWidth) {
    acc0 += simd::load(x + i) - s;
    acc1 += simd::load(x + i + kWidth) - s;
  }
  for (; i + kWidth <= n; i += kWidth) acc0 += simd::load(x + i) - s;
  float total = simd::sum(acc0 + acc1);
  for (; i < n; ++i) total += x[i] - shift;
  return total;
}

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

// out = ((x - shift) - m) * scale * gamma + beta over n floats; gamma/beta may be null.
void normalize_row(float* out, const float* x, const float* gamma, const float* beta, int n,
                   float shift, float m, float scale) {
  const fbatch s(shift), mb(m), sc(scale);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    fbatch y = ((simd::load(x + i) - s) - mb) * sc;
    if (gamma) y *= simd::load(gamma + i);
    if (beta) y += simd::load(beta + i);
    simd::store(out + i, y);
  }
  for (; i < n; ++i) {
    float y = ((x[i] - shift) - m) * scale;
    if (gamma) y *= gamma[i];
    if (beta) y += beta[i];
    out[i] = y;
  }
}

}  // namespace

// x, out: (rows, dim). Shifting each row by its first element keeps the subtraction exact for
// rows with a large common offset (1e4 + small noise), where E[x^2] - E[x]^2 would cancel.
void layer_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps) {
  for (int r = 0; r < rows; ++r) {
    const float* xr = x + static_cast<std::size_t>(r) * dim;
    float* yr = out + static_cast<std::size_t>(r) * dim;
    const float shift = xr[0];
    const float m = shifted_sum(xr, dim, shift) / static_cast<float>(dim);
    const float v = centered_sq_sum(xr, dim, shift, m) / static_cast<float>(dim);
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
