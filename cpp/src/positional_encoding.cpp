#include "normwave/positional_encoding.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "simd.hpp"

namespace normwave {

namespace {
// Anchor rows are kBlock rows apart; every other row is its anchor rotated by k < kBlock steps.
constexpr int kBlock = 16;
// Anchor steps between exact re-seeds of the float64 recurrence. Its rounding error grows about
// linearly, ~1e-16 a step, so even 256 steps stay far below float32's 6e-8.
constexpr int kReseed = 256;

using dbatch = xsimd::batch<double>;
constexpr int kDWidth = static_cast<int>(dbatch::size);

// (s, c) <- rotated by (sw, cw): sin(a + w) = sin a cos w + cos a sin w,
//                                cos(a + w) = cos a cos w - sin a sin w.   n is a multiple of kDWidth.
void rotate(double* s, double* c, const double* sw, const double* cw, int n) {
  for (int i = 0; i < n; i += kDWidth) {
    const dbatch sv = dbatch::load_unaligned(s + i), cv = dbatch::load_unaligned(c + i);
    const dbatch swv = dbatch::load_unaligned(sw + i), cwv = dbatch::load_unaligned(cw + i);
    (sv * cwv + cv * swv).store_unaligned(s + i);
    (cv * cwv - sv * swv).store_unaligned(c + i);
  }
}
}  // namespace

// out is (seq_len, d_model). Row pos = a*kBlock + k is anchor row a*kBlock rotated by k*w_i:
// with the anchor interleaved A = [s0 c0 s1 c1 ...] and pair-swapped A' = [c0 s0 c1 s1 ...],
//   row = A * C_k + A' * S_k,   C_k = [cos kw0, cos kw0, cos kw1, ...],  S_k = [sin kw0, -sin kw0, ...]
// — two products and a sum per float, in float32 SIMD, written straight into the interleaved
// layout. Anchors and the kBlock rotations come from float64 angle-addition recurrences
// (structure of arrays over the pairs), so float64 work is (seq_len / kBlock + kBlock) rows, not
// seq_len. Each output is two products of float32-rounded exact values: error <= ~2e-7.
void positional_encoding(float* out, int seq_len, int d_model, double base) {
  using simd::fbatch;
  constexpr int W = simd::kWidth;
  const int pairs = (d_model + 1) / 2;
  const int padded = (pairs + kDWidth - 1) / kDWidth * kDWidth;  // float64 lanes
  const int row = 2 * pairs;                                      // interleaved floats, >= d_model

  // float64 state: frequencies, one step (w), kBlock steps, the running anchor angle and step k.
  std::vector<double> f64(static_cast<std::size_t>(padded) * 8, 0.0);
  double* freq = f64.data();
  double* sw = freq + padded;
  double* cw = sw + padded;
  double* sbw = cw + padded;
  double* cbw = sbw + padded;
  double* sa = cbw + padded;
  double* ca = sa + padded;
  double* sk = ca + padded;
  const double log_base = std::log(base);
  for (int i = 0; i < pairs; ++i) {
    // Capped so pos * freq stays finite for any int pos: a base below ~1e-300 would otherwise
    // give inf, and sin(inf) = NaN. (Any frequency above pi rad per position only aliases.)
    freq[i] = std::min(std::exp(-(2.0 * i / static_cast<double>(d_model)) * log_base), 1e290);
    sw[i] = std::sin(freq[i]);
    cw[i] = std::cos(freq[i]);
  }
  for (int i = pairs; i < padded; ++i) cw[i] = 1.0;

  // float32 tables: C_k and S_k for k < kBlock (rows of `row` floats), then A and A'.
  std::vector<float> f32(static_cast<std::size_t>(row) * (2 * kBlock + 2) + W, 0.f);
  float* ctab = f32.data();
  float* stab = ctab + static_cast<std::size_t>(row) * kBlock;
  float* anchor = stab + static_cast<std::size_t>(row) * kBlock;
  float* swapped = anchor + row;
  {
    std::vector<double> ck(padded, 1.0);
    std::fill(sk, sk + padded, 0.0);
    for (int k = 0; k < kBlock; ++k) {
      if (k > 0) rotate(sk, ck.data(), sw, cw, padded);
      float* ct = ctab + static_cast<std::size_t>(k) * row;
      float* st = stab + static_cast<std::size_t>(k) * row;
      for (int i = 0; i < pairs; ++i) {
        ct[2 * i] = ct[2 * i + 1] = static_cast<float>(ck[i]);
        st[2 * i] = static_cast<float>(sk[i]);
        st[2 * i + 1] = -static_cast<float>(sk[i]);
      }
    }
    // One more step gives the anchor-to-anchor rotation by kBlock * w.
    rotate(sk, ck.data(), sw, cw, padded);
    std::copy(sk, sk + padded, sbw);
    std::copy(ck.begin(), ck.end(), cbw);
  }

  std::fill(sa, sa + padded, 0.0);
  std::fill(ca, ca + padded, 1.0);
  for (int a = 0, pos0 = 0; pos0 < seq_len; ++a, pos0 += kBlock) {
    if (a > 0) {
      if (a % kReseed == 0) {
        for (int i = 0; i < pairs; ++i) {
          sa[i] = std::sin(pos0 * freq[i]);
          ca[i] = std::cos(pos0 * freq[i]);
        }
      } else {
        rotate(sa, ca, sbw, cbw, padded);
      }
    }
    for (int i = 0; i < pairs; ++i) {
      const float s = static_cast<float>(sa[i]), c = static_cast<float>(ca[i]);
      anchor[2 * i] = swapped[2 * i + 1] = s;
      anchor[2 * i + 1] = swapped[2 * i] = c;
    }
    const int rows = std::min(kBlock, seq_len - pos0);
    for (int k = 0; k < rows; ++k) {
      float* y = out + static_cast<std::size_t>(pos0 + k) * d_model;
      const float* ct = ctab + static_cast<std::size_t>(k) * row;
      const float* st = stab + static_cast<std::size_t>(k) * row;
      // Clamped: the float32 rounding can land one ulp outside [-1, 1] (fuzz_kernels found
      // PE(355, 5) = -1.0000001 for base 1.0000005, d_model 60).
      const fbatch lo(-1.f), hi(1.f);
      int j = 0;
      for (; j + W <= d_model; j += W)
        simd::store(y + j, xsimd::min(xsimd::max(simd::load(anchor + j) * simd::load(ct + j) +
                                                 simd::load(swapped + j) * simd::load(st + j), lo), hi));
      for (; j < d_model; ++j) y[j] = std::min(std::max(anchor[j] * ct[j] + swapped[j] * st[j], -1.f), 1.f);
    }
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
