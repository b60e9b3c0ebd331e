#include "normwave/loss.hpp"

#include <cmath>
#include <cstddef>
#include <limits>
#include <string>

#include "simd.hpp"

namespace normwave {

using simd::fbatch;
using simd::kWidth;

namespace {

// ok() when every target is ignore_index or a class; counts the kept rows.
Status check_targets(int& kept, const std::int32_t* targets, int rows, int classes,
                     int ignore_index) {
  kept = 0;
  for (int r = 0; r < rows; ++r) {
    if (targets[r] == ignore_index) continue;
    if (targets[r] < 0 || targets[r] >= classes)
      return Status::error("target " + std::to_string(targets[r]) + " at row " + std::to_string(r) +
                           " is neither a class in [0, " + std::to_string(classes) +
                           ") nor ignore_index " + std::to_string(ignore_index));
    ++kept;
  }
  return {};
}

// Row max and sum of exp(z - max).
void row_stats(float& m, float& total, const float* z, int n) {
  m = simd::row_max(z, n);
  const fbatch mb(m);
  fbatch acc(0.f);
  int j = 0;
  for (; j + kWidth <= n; j += kWidth) acc += simd::exp(simd::load(z + j) - mb);
  total = simd::sum(acc);
  for (; j < n; ++j) total += std::exp(z[j] - m);
}

}  // namespace

Status cross_entropy(float* loss, const float* logits, const std::int32_t* targets, int rows,
                     int classes, int ignore_index) {
  int kept = 0;
  Status status = check_targets(kept, targets, rows, classes, ignore_index);
  if (!status.ok()) return status;
  double sum = 0.0;
  for (int r = 0; r < rows; ++r) {
    if (targets[r] == ignore_index) continue;
    const float* z = logits + static_cast<std::size_t>(r) * classes;
    float m, total;
    row_stats(m, total, z, classes);
    sum += static_cast<double>(std::log(total)) + m - z[targets[r]];
  }
  *loss = kept > 0 ? static_cast<float>(sum / kept) : 0.f;
  return {};
}

Status cross_entropy_backward(float* dlogits, const float* logits, const std::int32_t* targets,
                              float dloss, int rows, int classes, int ignore_index) {
  int kept = 0;
  Status status = check_targets(kept, targets, rows, classes, ignore_index);
  if (!status.ok() || kept == 0) return status;
  const float scale = dloss / static_cast<float>(kept);
  for (int r = 0; r < rows; ++r) {
    if (targets[r] == ignore_index) continue;
    const float* z = logits + static_cast<std::size_t>(r) * classes;
    float* g = dlogits + static_cast<std::size_t>(r) * classes;
    float m, total;
    row_stats(m, total, z, classes);
    const float c = scale / total;
    const fbatch mb(m), cb(c);
    int j = 0;
    for (; j + kWidth <= classes; j += kWidth)
      simd::store(g + j, simd::load(g + j) + cb * simd::exp(simd::load(z + j) - mb));
    for (; j < classes; ++j) g[j] += c * std::exp(z[j] - m);
    g[targets[r]] -= scale;
  }
  return {};
}

namespace ref {

// A row's largest logit and the sum of exp(z - max), in double: the softmax's two statistics.
struct RowSoftmax {
  double max, total;
};

template <class T>
RowSoftmax row_softmax(const T* z, int classes) {
  double m = -std::numeric_limits<double>::infinity(), total = 0.0;
  for (int j = 0; j < classes; ++j) m = z[j] > m ? z[j] : m;
  for (int j = 0; j < classes; ++j) total += std::exp(z[j] - m);
  return {m, total};
}

template <class T>
void cross_entropy(T* loss, const T* logits, const std::int32_t* targets, int rows, int classes,
                   int ignore_index) {
  double sum = 0.0;
  int kept = 0;
  for (int r = 0; r < rows; ++r) {
    if (targets[r] == ignore_index) continue;
    const T* z = logits + static_cast<std::size_t>(r) * classes;
    const RowSoftmax s = row_softmax(z, classes);
    sum += std::log(s.total) + s.max - z[targets[r]];
    ++kept;
  }
  *loss = static_cast<T>(kept > 0 ? sum / kept : 0.0);
}

template <class T>
void cross_entropy_backward(T* dlogits, const T* logits, const std::int32_t* targets, double dloss,
                            int rows, int classes, int ignore_index) {
  int kept = 0;
  for (int r = 0; r < rows; ++r) kept += targets[r] != ignore_index;
  for (int r = 0; r < rows; ++r) {
    if (targets[r] == ignore_index) continue;
    const T* z = logits + static_cast<std::size_t>(r) * classes;
    const RowSoftmax s = row_softmax(z, classes);
    for (int j = 0; j < classes; ++j) {
      const double p = std::exp(z[j] - s.max) / s.total - (j == targets[r] ? 1.0 : 0.0);
      dlogits[static_cast<std::size_t>(r) * classes + j] += static_cast<T>(dloss / kept * p);
    }
  }
}

template void cross_entropy<float>(float*, const float*, const std::int32_t*, int, int, int);
template void cross_entropy<double>(double*, const double*, const std::int32_t*, int, int, int);
template void cross_entropy_backward<float>(float*, const float*, const std::int32_t*, double, int,
                                            int, int);
template void cross_entropy_backward<double>(double*, const double*, const std::int32_t*, double,
                                             int, int, int);

}  // namespace ref
}  // namespace normwave
