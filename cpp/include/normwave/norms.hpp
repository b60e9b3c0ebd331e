// LayerNorm, RMSNorm and BatchNorm (training-mode batch statistics).
//
// All three take x as (rows, dim), row-major, and write out with the same shape.
// gamma/beta may be null (meaning 1 and 0). The statistics outputs may be null.
// Variances are biased (divide by dim, or by rows for BatchNorm), as PyTorch does.
//   LayerNorm  https://pytorch.org/docs/stable/generated/torch.nn.LayerNorm.html
//     y = (x - mean) / sqrt(var + eps) * gamma + beta        per row
//   RMSNorm    y = x / sqrt(mean(x^2) + eps) * gamma             per row
//   BatchNorm  y = (x - mean_f) / sqrt(var_f + eps) * gamma_f + beta_f, per feature f over rows
//
// Numerics: two passes, with each row (column for BatchNorm) shifted by its first
// element before summing, so a row of 1e4 + N(0, 1e-2) keeps its small variance.
#pragma once

namespace normwave {

// mean, var: (rows) or null.
void layer_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps = 1e-5f);

// rms: (rows) or null; rms = sqrt(mean(x^2)) (without eps).
void rms_norm(float* out, float* rms, const float* x, const float* gamma, int rows, int dim,
              float eps = 1e-6f);

// mean, var: (dim) or null.
void batch_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps = 1e-5f);

namespace ref {
// float64 accumulation, obvious loops.
void layer_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps = 1e-5f);
void rms_norm(float* out, float* rms, const float* x, const float* gamma, int rows, int dim,
              float eps = 1e-6f);
void batch_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps = 1e-5f);
}  // namespace ref

}  // namespace normwave
