#include "normwave/optim.hpp"

#include <cmath>

#include "simd.hpp"

namespace normwave {

using simd::fbatch;
using simd::kWidth;

// The per-step scalars in float64, as torch computes them in Python, then one float each.
void adamw_step(float* param, float* exp_avg, float* exp_avg_sq, const float* grad, const AdamW& hp,
                int step, float grad_scale, std::size_t n) {
  const double bc1 = 1.0 - std::pow(hp.beta1, step);
  const double bc2 = 1.0 - std::pow(hp.beta2, step);
  const float decay = static_cast<float>(1.0 - hp.lr * hp.weight_decay);
  const float step_size = static_cast<float>(hp.lr / bc1);
  const float inv_bc2_sqrt = static_cast<float>(1.0 / std::sqrt(bc2));
  const float b1 = static_cast<float>(hp.beta1), b2 = static_cast<float>(hp.beta2);
  const float c1 = static_cast<float>(1.0 - hp.beta1), c2 = static_cast<float>(1.0 - hp.beta2);
  const float eps = static_cast<float>(hp.eps);
  const fbatch vdecay(decay), vstep(step_size), vinv(inv_bc2_sqrt), vb1(b1), vb2(b2), vc1(c1),
      vc2(c2), veps(eps), vscale(grad_scale);
  std::size_t i = 0;
  for (; i + kWidth <= n; i += kWidth) {
    const fbatch g = simd::load(grad + i) * vscale;
    const fbatch m = vb1 * simd::load(exp_avg + i) + vc1 * g;
    const fbatch v = vb2 * simd::load(exp_avg_sq + i) + vc2 * g * g;
    const fbatch p = simd::load(param + i) * vdecay;
    simd::store(exp_avg + i, m);
    simd::store(exp_avg_sq + i, v);
    simd::store(param + i, p - vstep * m / (xsimd::sqrt(v) * vinv + veps));
  }
  for (; i < n; ++i) {
    const float g = grad[i] * grad_scale;
    const float m = b1 * exp_avg[i] + c1 * g;
    const float v = b2 * exp_avg_sq[i] + c2 * g * g;
    exp_avg[i] = m;
    exp_avg_sq[i] = v;
    param[i] = param[i] * decay - step_size * m / (std::sqrt(v) * inv_bc2_sqrt + eps);
  }
}

double squared_norm(const float* x, std::size_t n) {
  // Blocks of 256 summed in float registers, blocks summed in double.
  double total = 0.0;
  std::size_t i = 0;
  while (i < n) {
    const std::size_t end = n - i > 256 ? i + 256 : n;
    fbatch acc(0.f);
    for (; i + kWidth <= end; i += kWidth) {
      const fbatch v = simd::load(x + i);
      acc += v * v;
    }
    float block = simd::sum(acc);
    for (; i < end; ++i) block += x[i] * x[i];
    total += block;
  }
  return total;
}

namespace ref {

void adamw_step(float* param, float* exp_avg, float* exp_avg_sq, const float* grad, const AdamW& hp,
                int step, float grad_scale, std::size_t n) {
  const double bc1 = 1.0 - std::pow(hp.beta1, step);
  const double bc2 = 1.0 - std::pow(hp.beta2, step);
  for (std::size_t i = 0; i < n; ++i) {
    const double g = static_cast<double>(grad[i]) * grad_scale;
    const double m = hp.beta1 * static_cast<double>(exp_avg[i]) + (1.0 - hp.beta1) * g;
    const double v = hp.beta2 * static_cast<double>(exp_avg_sq[i]) + (1.0 - hp.beta2) * g * g;
    const double p = param[i] * (1.0 - hp.lr * hp.weight_decay);
    exp_avg[i] = static_cast<float>(m);
    exp_avg_sq[i] = static_cast<float>(v);
    param[i] = static_cast<float>(p - hp.lr / bc1 * m / (std::sqrt(v) / std::sqrt(bc2) + hp.eps));
  }
}

}  // namespace ref
}  // namespace normwave
