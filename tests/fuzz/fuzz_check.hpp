// Invariant checks for the libFuzzer targets: a failed check prints what and where, then aborts,
// so libFuzzer saves the input as a crash-* file like any sanitizer report.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(cond, ...)                                                             \
  do {                                                                                    \
    if (!(cond)) {                                                                        \
      std::fprintf(stderr, "%s:%d: invariant failed: %s\n  ", __FILE__, __LINE__, #cond); \
      std::fprintf(stderr, __VA_ARGS__);                                                  \
      std::fprintf(stderr, "\n");                                                         \
      std::abort();                                                                       \
    }                                                                                     \
  } while (0)

namespace nwfuzz {

inline bool all_finite(const float* p, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(p[i])) return false;
  return true;
}

// Worst |a - b| / (1 + |b|) over n floats; NaN anywhere (in either) counts as infinite.
inline double worst_rel_diff(const float* a, const float* b, std::size_t n) {
  double worst = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = std::fabs(static_cast<double>(a[i]) - b[i]) / (1.0 + std::fabs(b[i]));
    if (!(d <= worst)) worst = d;
  }
  return worst;
}

}  // namespace nwfuzz
