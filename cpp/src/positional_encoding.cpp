#include "normwave/positional_encoding.hpp"

#include <cmath>
#include <cstddef>
#include <vector>

#include <xsimd/xsimd.hpp>

namespace normwave {

namespace {
// Rows between exact re-seeds of the recurrence. Its float64 rounding error grows about
// linearly, ~1e-16 a step, so even 256 steps stay far below float32's 6e-8.
constexpr int kReseed = 256;

// Frequency of pair i: 1 / base^(2i / d_model).
double frequency(int i, int d_model, double base) {
  return 1.0 / std::pow(base, 2.0 * i / static_cast<double>(d_model));
}
}  // namespace

// out is (seq_len, d_model). Each sin/cos pair advances by the angle-addition identities
//   sin(a + w) = sin a cos w + cos a sin w,   cos(a + w) = cos a cos w - sin a sin w
// in float64 lanes (structure of arrays over the pairs), re-seeded every kReseed rows.
void positional_encoding(float* out, int seq_len, int d_model, double base) {
  using dbatch = xsimd::batch<double>;
  constexpr int W = static_cast<int>(dbatch::size);
  const int pairs = (d_model + 1) / 2;
  const int padded = (pairs + W - 1) / W * W;
  std::vector<double> freq(padded, 0.0), cw(padded, 1.0), sw(padded, 0.0), s(padded, 0.0),
      c(padded, 1.0);
  for (int i = 0; i < pairs; ++i) {
    freq[i] = frequency(i, d_model, base);
    cw[i] = std::cos(freq[i]);
    sw[i] = std::sin(freq[i]);
  }
  for (int pos = 0; pos < seq_len; ++pos) {
    if (pos % kReseed == 0) {
      for (int i = 0; i < pairs; ++i) {
        s[i] = std::sin(pos * freq[i]);
        c[i] = std::cos(pos * freq[i]);
      }
    } else {
      for (int i = 0; i < padded; i += W) {
        const dbatch sv = dbatch::load_unaligned(&s[i]);
        const dbatch cv = dbatch::load_unaligned(&c[i]);
        const dbatch cwv = dbatch::load_unaligned(&cw[i]);
        const dbatch swv = dbatch::load_unaligned(&sw[i]);
        (sv * cwv + cv * swv).store_unaligned(&s[i]);
        (cv * cwv - sv * swv).store_unaligned(&c[i]);
      }
    }
    float* row = out + static_cast<std::size_t>(pos) * d_model;
    const int full = d_model / 2;
    for (int i = 0; i < full; ++i) {
      row[2 * i] = static_cast<float>(s[i]);
      row[2 * i + 1] = static_cast<float>(c[i]);
    }
    if (d_model % 2) row[d_model - 1] = static_cast<float>(s[full]);
  }
}

namespace ref {

void positional_encoding(float* out, int seq_len, int d_model, double base) {
  for (int pos = 0; pos < seq_len; ++pos) {
    for (int dim = 0; dim < d_model; ++dim) {
      const int i = dim / 2;
      const double angle = pos / std::pow(base, 2.0 * i / static_cast<double>(d_model));
      const double v = dim % 2 == 0 ? std::sin(angle) : std::cos(angle);
      out[static_cast<std::size_t>(pos) * d_model + dim] = static_cast<float>(v);
    }
  }
}

}  // namespace ref
}  // namespace normwave
