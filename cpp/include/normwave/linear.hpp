// Linear layer y = x · Wᵀ + b with PyTorch's weight layout W (out, in), and activations.
//   https://pytorch.org/docs/stable/generated/torch.nn.Linear.html
//
// The fast path runs on a packed copy of W: panels of P = panel_width() output features
// (two SIMD vectors), each panel stored k-major so the micro-kernel reads it contiguously:
//   packed[(j / P) * k * P + kk * P + (j % P)] = W[j, kk],   zero-padded to whole panels.
// Pack once per weight (the encoder does it when weights are loaded).
#pragma once

#include <cstddef>

namespace normwave {

int panel_width();  // 8 in WASM SIMD128 (2 x f32x4), 16 with AVX2
int simd_lanes();   // floats per SIMD register in every kernel: 4 in WASM SIMD128, 8 with AVX2

// Number of floats pack_weight writes for an (n, k) weight.
std::size_t packed_size(int n, int k);
// packed: packed_size(n, k) floats; w is (n, k).
void pack_weight(float* packed, const float* w, int n, int k);

// y (m, n) = x (m, k) · W (n, k)ᵀ + b (n); b may be null. W given packed.
void linear_packed(float* y, const float* x, const float* packed_w, const float* b, int m, int n,
                   int k);

// Same with an unpacked W, packed into the workspace first (for one-off calls):
// workspace holds linear_workspace_floats(m, n, k) = packed_size(n, k) floats.
std::size_t linear_workspace_floats(int m, int n, int k);
void linear(float* y, const float* x, const float* w, const float* b, int m, int n, int k,
            float* workspace);

// In place over n floats. GELU is the exact erf form, PyTorch's default:
//   gelu(x) = x/2 · (1 + erf(x / sqrt 2))
void relu(float* x, std::size_t n);
void gelu(float* x, std::size_t n);

// out = a + b over n floats (the encoder's residual connections). out may alias a or b.
void residual_add(float* out, const float* a, const float* b, std::size_t n);

// ---- Backward ------------------------------------------------------------------------------
// Every backward kernel in normwave ADDS into its gradient outputs (+=), as torch accumulates into
// .grad: zero them before the first call, and two calls give twice the gradient. Gradient outputs
// must not alias the inputs they are computed from. Where a kernel has several gradient outputs,
// its header says which may be null (skipped): here any of dx, dw, db.
//
//   y = x · Wᵀ + b   =>   dx += dy · W,   dW += dyᵀ · x,   db += sum over rows of dy
// x, dx: (m, k); w, dw: (n, k) in torch layout (dw is laid out like w); dy: (m, n); db: (n).
// Both products run on the register-blocked micro-kernel of linear_packed; each depth block of
// the right-hand operand (W for dx, x for dW) is packed into the workspace first.
std::size_t linear_backward_workspace_floats(int m, int n, int k);
void linear_backward(float* dx, float* dw, float* db, const float* dy, const float* x,
                     const float* w, int m, int n, int k, float* workspace);
// dx += dy where y > 0: y is ReLU's output (torch's threshold_backward; relu'(0) = 0).
void relu_backward(float* dx, const float* dy, const float* y, std::size_t n);
// dx += dy * gelu'(x), x the input: gelu'(x) = Phi(x) + x * phi(x)  (exact erf form)
//   Phi(x) = (1 + erf(x / sqrt 2)) / 2,  phi(x) = exp(-x^2 / 2) / sqrt(2 pi)
void gelu_backward(float* dx, const float* dy, const float* x, std::size_t n);
// The backward of residual_add: da += dy, db += dy (either may be null).
void residual_add_backward(float* da, float* db, const float* dy, std::size_t n);

namespace ref {
void linear(float* y, const float* x, const float* w, const float* b, int m, int n, int k);
void relu(float* x, std::size_t n);
void gelu(float* x, std::size_t n);
// The ref kernels below are templates over the storage type, instantiated for float and double
// (float64 central differences in the tests run them in double). Obvious loops, double sums.
// A nullptr argument needs the type spelled out: ref::linear_backward<float>(...).
template <class T>
void linear(T* y, const T* x, const T* w, const T* b, int m, int n, int k);
template <class T>
void relu(T* x, std::size_t n);
template <class T>
void gelu(T* x, std::size_t n);
template <class T>
void linear_backward(T* dx, T* dw, T* db, const T* dy, const T* x, const T* w, int m, int n, int k);
template <class T>
void relu_backward(T* dx, const T* dy, const T* y, std::size_t n);
template <class T>
void gelu_backward(T* dx, const T* dy, const T* x, std::size_t n);
}  // namespace ref

}  // namespace normwave
