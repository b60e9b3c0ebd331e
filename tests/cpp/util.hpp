// Shared helpers for the kernel tests: seeded inputs and the worst difference between arrays.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <random>
#include <vector>

namespace nwtest {

// Sizes around every vector width we build for (4 in WASM SIMD128, 8 with AVX2).
inline const std::vector<int>& edge_sizes() {
  static const std::vector<int> sizes{1, 3, 4, 5, 8, 17, 64, 513};
  return sizes;
}

inline std::vector<float> randn(std::size_t n, unsigned seed, float mean = 0.f, float stddev = 1.f) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> dist(mean, stddev);
  std::vector<float> v(n);
  for (float& x : v) x = dist(rng);
  return v;
}

inline double max_abs_diff(const float* a, const float* b, std::size_t n) {
  double worst = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::fabs(static_cast<double>(a[i]) - b[i]);
    if (!(d <= worst)) worst = d;  // NaN propagates as the worst
  }
  return worst;
}

inline double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() ? max_abs_diff(a.data(), b.data(), a.size()) : INFINITY;
}

}  // namespace nwtest
