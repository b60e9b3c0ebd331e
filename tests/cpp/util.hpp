// Shared helpers for the kernel tests: seeded inputs and the worst difference between arrays.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "normwave/attention.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/positional_encoding.hpp"

namespace nwtest {

// The kernels that take a caller workspace, run with one of exactly the size they report
// (test_workspace.cpp checks that size against what each kernel touches).
inline void positional_encoding(float* out, int seq_len, int d_model, double base = 10000.0) {
  std::vector<float> work(normwave::positional_encoding_workspace_floats(seq_len, d_model));
  normwave::positional_encoding(out, seq_len, d_model, base, work.data());
}
inline void linear(float* y, const float* x, const float* w, const float* b, int m, int n, int k) {
  std::vector<float> work(normwave::linear_workspace_floats(m, n, k));
  normwave::linear(y, x, w, b, m, n, k, work.data());
}
inline void attention_core(float* ctx, float* attn, const float* qkv, const std::uint8_t* mask,
                           normwave::AttentionShape s) {
  std::vector<float> work(normwave::attention_core_workspace_floats(s));
  normwave::attention_core(ctx, attn, qkv, mask, s, work.data());
}
inline void multi_head_attention(float* out, float* attn, const float* x, const std::uint8_t* mask,
                                 const normwave::AttentionWeights& w, normwave::AttentionShape s) {
  std::vector<float> work(normwave::multi_head_attention_workspace_floats(s));
  normwave::multi_head_attention(out, attn, x, mask, w, s, work.data());
}
inline void forward(normwave::Encoder& enc, float* out, float* attn, const float* x,
                    const std::uint8_t* mask, int batch, int seq) {
  std::vector<float> work(normwave::encoder_forward_workspace_floats(enc.config(), batch, seq));
  enc.forward(out, attn, x, mask, batch, seq, work.data());
}

// Sizes around every vector width we build for (4 in WASM SIMD128, 8 with AVX2).
inline const std::vector<int>& edge_sizes() {
  static const std::vector<int> sizes{1, 3, 4, 5, 8, 17, 64, 513};
  return sizes;
}

inline std::vector<float> randn(std::size_t n, unsigned seed, float mean = 0.f,
                                float stddev = 1.f) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> dist(mean, stddev);
  std::vector<float> v(n);
  for (float& x : v) x = dist(rng);
  return v;
}

// Largest |a[i] - b[i]|, the one measure of the C++ tests (golden.hpp uses it too); +inf when
// the sizes differ or a pair differs by NaN, so a broken result can never look close.
inline double max_abs_diff(const float* a, const float* b, std::size_t n) {
  double worst = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
    if (!(d <= worst)) {  // true for NaN too
      if (std::isnan(d)) return INFINITY;
      worst = d;
    }
  }
  return worst;
}

inline double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() ? max_abs_diff(a.data(), b.data(), a.size()) : INFINITY;
}

}  // namespace nwtest
