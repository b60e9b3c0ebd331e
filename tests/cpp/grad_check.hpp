// Helpers for the gradient tests: the parity measure, central differences in float64, and
// conversions between float and double buffers.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <random>
#include <vector>

namespace gradcheck {

// max |a - b| / max |b| — the worst error relative to the tensor's scale (elementwise relative
// error is meaningless where a gradient crosses zero). NaN or a size mismatch gives +inf.
template <class A, class B>
double rel_diff(const A* a, const B* b, std::size_t n) {
  double worst = 0.0, scale = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::fabs(static_cast<double>(a[i]) - static_cast<double>(b[i]));
    if (std::isnan(d)) return std::numeric_limits<double>::infinity();
    worst = std::max(worst, d);
    scale = std::max(scale, std::fabs(static_cast<double>(b[i])));
  }
  return scale > 0.0 ? worst / scale : worst;
}
template <class A, class B>
double rel_diff(const std::vector<A>& a, const std::vector<B>& b) {
  return a.size() == b.size() ? rel_diff(a.data(), b.data(), a.size())
                              : std::numeric_limits<double>::infinity();
}

inline std::vector<double> to_double(const std::vector<float>& v) { return {v.begin(), v.end()}; }
inline std::vector<float> to_float(const std::vector<double>& v) {
  std::vector<float> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = static_cast<float>(v[i]);
  return out;
}

inline std::vector<double> randn64(std::size_t n, unsigned seed, double stddev = 1.0) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> dist(0.0, stddev);
  std::vector<double> v(n);
  for (double& x : v) x = dist(rng);
  return v;
}

// Central differences (loss(v + h e_i) - loss(v - h e_i)) / 2h for every element i of v (or
// every `stride`-th one), compared with grad: returns rel_diff over the checked elements.
inline double fd_rel_error(std::vector<double>& v, const std::vector<double>& grad,
                           const std::function<double()>& loss, double h = 1e-6,
                           std::size_t stride = 1) {
  std::vector<double> fd, an;
  for (std::size_t i = 0; i < v.size(); i += stride) {
    const double keep = v[i];
    v[i] = keep + h;
    const double up = loss();
    v[i] = keep - h;
    const double down = loss();
    v[i] = keep;
    fd.push_back((up - down) / (2 * h));
    an.push_back(grad[i]);
  }
  return rel_diff(an, fd);
}

// sum(a * b), the scalar whose gradient w.r.t. a is b (a random "upstream gradient").
template <class T>
double dot(const std::vector<T>& a, const std::vector<T>& b) {
  double s = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) s += static_cast<double>(a[i]) * b[i];
  return s;
}

}  // namespace gradcheck
