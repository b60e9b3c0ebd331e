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

// ---- Backward (adds into dx, dgamma, dbeta; any may be null; see linear.hpp) ---------------
// Needs no workspace. x is the forward input and mean/var (LayerNorm) or rms (RMSNorm) are the
// per-row statistics the forward wrote, with the same eps; dy is the gradient of out.
//   LayerNorm: xh = (x - mean) * r, r = 1/sqrt(var + eps), g = dy * gamma
//     dx += r * (g - mean(g) - xh * mean(g * xh)),  dgamma += sum_rows dy * xh,  dbeta += sum_rows
//     dy
//   RMSNorm:   xh = x * r, r = 1/sqrt(rms^2 + eps), g = dy * gamma
//     dx += r * (g - xh * mean(g * xh)),             dgamma += sum_rows dy * xh
void layer_norm_backward(float* dx, float* dgamma, float* dbeta, const float* dy, const float* x,
                         const float* gamma, const float* mean, const float* var, int rows, int dim,
                         float eps = 1e-5f);
void rms_norm_backward(float* dx, float* dgamma, const float* dy, const float* x,
                       const float* gamma, const float* rms, int rows, int dim, float eps = 1e-6f);

namespace ref {
// Templates over the storage type (float and double instantiated; see linear.hpp). The
// statistics are those of the forward's own float64 pass.
template <class T>
void layer_norm(T* out, T* mean, T* var, const T* x, const T* gamma, const T* beta, int rows,
                int dim, float eps = 1e-5f);
template <class T>
void rms_norm(T* out, T* rms, const T* x, const T* gamma, int rows, int dim, float eps = 1e-6f);
template <class T>
void layer_norm_backward(T* dx, T* dgamma, T* dbeta, const T* dy, const T* x, const T* gamma,
                         const T* mean, const T* var, int rows, int dim, float eps = 1e-5f);
template <class T>
void rms_norm_backward(T* dx, T* dgamma, const T* dy, const T* x, const T* gamma, const T* rms,
                       int rows, int dim, float eps = 1e-6f);

// float64 accumulation, obvious loops.
void layer_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps = 1e-5f);
void rms_norm(float* out, float* rms, const float* x, const float* gamma, int rows, int dim,
              float eps = 1e-6f);
void batch_norm(float* out, float* mean, float* var, const float* x, const float* gamma,
                const float* beta, int rows, int dim, float eps = 1e-5f);
}  // namespace ref

}  // namespace normwave
