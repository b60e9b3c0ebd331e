// AdamW, as torch.optim.AdamW (amsgrad=False, maximize=False): decoupled weight decay, then Adam
// with bias correction. https://pytorch.org/docs/stable/generated/torch.optim.AdamW.html
// For step t = 1, 2, ... and each element (g = grad * grad_scale):
//   p  = p * (1 - lr * weight_decay)
//   m  = beta1 * m + (1 - beta1) * g;          v = beta2 * v + (1 - beta2) * g^2
//   p -= lr / (1 - beta1^t) * m / (sqrt(v) / sqrt(1 - beta2^t) + eps)
// grad_scale lets a caller fold clip_grad_norm_'s factor min(1, max_norm / (norm + 1e-6)) into
// the step (torch multiplies the gradients in place first; the result is the same).
// m and v start at zero; param, exp_avg, exp_avg_sq are updated in place; no workspace.
#pragma once
#include <cstddef>

namespace normwave {

// torch's defaults. Doubles, as torch's are (Python floats): 1 - beta2 from a float 0.999 would
// be off by 1.3e-5, and every exp_avg_sq with it.
struct AdamW {
  double lr = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
  double weight_decay = 1e-2;
};

void adamw_step(float* param, float* exp_avg, float* exp_avg_sq, const float* grad, const AdamW& hp,
                int step, float grad_scale, std::size_t n);

// Sum of squares of n floats, accumulated in float64 (the global norm for gradient clipping is
// the square root of the sum over every parameter's gradient).
double squared_norm(const float* x, std::size_t n);

namespace ref {
// float64 arithmetic per element, rounded once.
void adamw_step(float* param, float* exp_avg, float* exp_avg_sq, const float* grad, const AdamW& hp,
                int step, float grad_scale, std::size_t n);
}  // namespace ref
}  // namespace normwave
