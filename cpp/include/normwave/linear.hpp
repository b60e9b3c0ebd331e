// Linear layer y = x · Wᵀ + b with PyTorch's weight layout W (out, in), and activations.
//   https://pytorch.org/docs/stable/generated/torch.nn.Linear.html
//
// The fast path runs on a packed copy of W: panels of P = panel_width() output features
// (two SIMD vectors), each panel stored k-major so the micro-kernel reads it contiguously:
//   packed[(j / P) * k * P + kk * P + (j % P)] = W[j, kk],   zero-padded to whole panels.
// Pack once per weight (the encoder does it when weights are loaded).
#pragma once

#include <cstddef>
#include <vector>

namespace normwave {

int panel_width();  // 8 in WASM SIMD128 (2 x f32x4), 16 with AVX2

// Number of floats pack_weight writes for an (n, k) weight.
std::size_t packed_size(int n, int k);
// packed: packed_size(n, k) floats; w is (n, k).
void pack_weight(float* packed, const float* w, int n, int k);

// y (m, n) = x (m, k) · W (n, k)ᵀ + b (n); b may be null. W given packed.
void linear_packed(float* y, const float* x, const float* packed_w, const float* b, int m, int n,
                   int k);

// Same with an unpacked W; packs into scratch first (a convenience for one-off calls).
void linear(float* y, const float* x, const float* w, const float* b, int m, int n, int k,
            std::vector<float>& scratch);

// In place over n floats. GELU is the exact erf form, PyTorch's default:
//   gelu(x) = x/2 · (1 + erf(x / sqrt 2))
void relu(float* x, std::size_t n);
void gelu(float* x, std::size_t n);

namespace ref {
void linear(float* y, const float* x, const float* w, const float* b, int m, int n, int k);
void relu(float* x, std::size_t n);
void gelu(float* x, std::size_t n);
}  // namespace ref

}  // namespace normwave
