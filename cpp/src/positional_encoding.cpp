#include "normwave/positional_encoding.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "normwave/sizes.hpp"
#include "simd.hpp"

namespace normwave {

namespace {
// Each block of 2*kHalf rows is computed from its centre (anchor) row a: rows a + k and a - k
// share the products A * C_k and B * S_k and differ only in the sign of the sum.
constexpr int kHalf = 8;
constexpr int kBlock = 2 * kHalf;
// Anchor steps between exact re-seeds of the float64 recurrence. Its rounding error grows about
// linearly, ~1e-16 a step, so even 256 steps stay far below float32's 6e-8.
constexpr int kReseed = 256;

using dbatch = xsimd::batch<double>;
constexpr int kDWidth = static_cast<int>(dbatch::size);

// (s, c) <- rotated by (sw, cw): sin(a + w) = sin a cos w + cos a sin w,
//                                cos(a + w) = cos a cos w - sin a sin w.   n is a multiple of
//                                kDWidth.
void rotate(double* s, double* c, const double* sw, const double* cw, int n) {
  for (int i = 0; i < n; i += kDWidth) {
    const dbatch sv = dbatch::load_unaligned(s + i), cv = dbatch::load_unaligned(c + i);
    const dbatch swv = dbatch::load_unaligned(sw + i), cwv = dbatch::load_unaligned(cw + i);
    (sv * cwv + cv * swv).store_unaligned(s + i);
    (cv * cwv - sv * swv).store_unaligned(c + i);
  }
}

float clamp_unit(float v) { return std::min(std::max(v, -1.f), 1.f); }

// The workspace: 9 float64 arrays of `padded` lanes (frequencies, one step, the anchor-to-anchor
// step, the running anchor and the table recurrence, each as sin and cos), then the float32
// tables C_k and S_k (k <= kHalf, rows `tstride` apart) and the anchor rows A and B.
struct PeLayout {
  int pairs, padded, row;
  std::size_t tstride, f64_floats, total;
};
PeLayout pe_layout(int d_model) {
  PeLayout L{};
  // In 64 bits: d_model + 1 and 2 * pairs overflow an int at d_model = INT_MAX, a width no
  // call that runs reaches (its table would not fit in memory) but a size query may ask for.
  const std::int64_t pairs = (static_cast<std::int64_t>(d_model > 0 ? d_model : 0) + 1) / 2;
  const std::int64_t padded = (pairs + kDWidth - 1) / kDWidth * kDWidth;  // float64 lanes
  const std::int64_t row = 2 * pairs;  // interleaved floats, >= d_model
  const auto narrow = [](std::int64_t v) {
    return static_cast<int>(std::min<std::int64_t>(v, INT32_MAX));
  };
  L.pairs = narrow(pairs);
  L.padded = narrow(padded);
  L.row = narrow(row);
  // Table rows are `tstride` floats apart: a whole number of cache lines plus one, so that table
  // loads do not sit a multiple of 4 KiB from the output rows being stored (d_model 512 gives
  // 2 KiB rows), which costs a false store-to-load dependency on x86 ("4K aliasing").
  // (row <= 2^31, so every count below fits a 32-bit size_t before the saturating products.)
  L.tstride = static_cast<std::size_t>((row + 15) / 16 * 16 + 16);
  L.f64_floats = sizes::mul(static_cast<std::size_t>(padded), 9, sizeof(double) / sizeof(float));
  L.total = sizes::add(L.f64_floats, sizes::mul(L.tstride, 2 * (kHalf + 1)),
                       sizes::mul(static_cast<std::size_t>(row), 2));
  return L;
}
}  // namespace

std::size_t positional_encoding_workspace_floats(int seq_len, int d_model) {
  if (seq_len <= 0 || d_model <= 0) return 0;
  return pe_layout(d_model).total;
}

namespace {

// The workspace carved up (see PeLayout): float64 state — frequencies, one step (w), the
// anchor-to-anchor step, the running anchor angle and the table recurrence — then the float32
// tables C_k, S_k and the interleaved anchor rows A and B.
struct PeState {
  int pairs, padded, row;
  std::size_t tstride;
  double *freq, *sw, *cw, *sbw, *cbw, *sa, *ca, *sk, *ck;
  float *ctab, *stab, *anchor_a, *anchor_b;
};

// Frequencies, the tables C_k and S_k for k <= kHalf, and the first anchor (at kHalf, the
// table's last row) with the anchor-to-anchor step (kBlock steps). Every element is written
// before it is read (no zero-fill).
PeState pe_tables(float* workspace, int d_model, double base) {
  const PeLayout L = pe_layout(d_model);
  PeState p{};
  p.pairs = L.pairs;
  p.padded = L.padded;
  p.row = L.row;
  p.tstride = L.tstride;
  double* f64 = reinterpret_cast<double*>(workspace);
  double** arrays[] = {&p.freq, &p.sw, &p.cw, &p.sbw, &p.cbw, &p.sa, &p.ca, &p.sk, &p.ck};
  for (double** a : arrays) {
    *a = f64;
    f64 += p.padded;
  }
  const double log_base = std::log(base);
  for (int i = 0; i < p.pairs; ++i) {
    // Capped so pos * freq stays finite for any int pos: a base below ~1e-300 would otherwise
    // give inf, and sin(inf) = NaN. (Any frequency above pi rad per position only aliases.)
    // (libm here: xsimd's float64 exp/sincos are slower than libm's under WASM SIMD.)
    p.freq[i] = std::min(std::exp(-(2.0 * i / static_cast<double>(d_model)) * log_base), 1e290);
    p.sw[i] = std::sin(p.freq[i]);
    p.cw[i] = std::cos(p.freq[i]);
  }
  for (int i = p.pairs; i < p.padded; ++i) p.freq[i] = p.sw[i] = 0.0, p.cw[i] = 1.0;

  // float32 tables: C_k and S_k for k <= kHalf (rows of `row` floats, tstride apart), then A and B.
  p.ctab = workspace + L.f64_floats;
  p.stab = p.ctab + p.tstride * (kHalf + 1);
  p.anchor_a = p.stab + p.tstride * (kHalf + 1);
  p.anchor_b = p.anchor_a + p.row;
  std::fill(p.sk, p.sk + p.padded, 0.0);
  std::fill(p.ck, p.ck + p.padded, 1.0);
  for (int k = 0; k <= kHalf; ++k) {
    if (k > 0) rotate(p.sk, p.ck, p.sw, p.cw, p.padded);
    float* ct = p.ctab + k * p.tstride;
    float* st = p.stab + k * p.tstride;
    for (int i = 0; i < p.pairs; ++i) {
      ct[2 * i] = ct[2 * i + 1] = static_cast<float>(p.ck[i]);
      st[2 * i] = st[2 * i + 1] = static_cast<float>(p.sk[i]);
    }
  }
  std::copy(p.sk, p.sk + p.padded, p.sa);
  std::copy(p.ck, p.ck + p.padded, p.ca);
  std::copy(p.sk, p.sk + p.padded, p.sbw);
  std::copy(p.ck, p.ck + p.padded, p.cbw);
  rotate(p.sbw, p.cbw, p.sk, p.ck, p.padded);  // kHalf + kHalf steps
  return p;
}

// Anchor a (at row `centre`): advanced from the previous one, re-seeded exactly every kReseed
// anchors, and written as the interleaved rows A and B.
void pe_anchor(const PeState& p, int a, int centre) {
  if (a > 0) {
    if (a % kReseed == 0) {
      for (int i = 0; i < p.pairs; ++i) {
        p.sa[i] = std::sin(centre * p.freq[i]);
        p.ca[i] = std::cos(centre * p.freq[i]);
      }
    } else {
      rotate(p.sa, p.ca, p.sbw, p.cbw, p.padded);
    }
  }
  for (int i = 0; i < p.pairs; ++i) {
    const float s = static_cast<float>(p.sa[i]), c = static_cast<float>(p.ca[i]);
    p.anchor_a[2 * i] = s;
    p.anchor_a[2 * i + 1] = c;
    p.anchor_b[2 * i] = c;
    p.anchor_b[2 * i + 1] = -s;
  }
}

// Rows centre + k (k < kHalf) and centre - k (0 < k <= kHalf) of the block starting at pos0,
// those below seq_len. Clamped: the float32 rounding can land one ulp outside [-1, 1]
// (fuzz_kernels found PE(355, 5) = -1.0000001 for base 1.0000005, d_model 60).
void pe_block(const PeState& p, float* out, int pos0, int seq_len, int d_model) {
  using simd::fbatch;
  constexpr int W = simd::kWidth;
  const int centre = pos0 + kHalf;
  const std::size_t tstride = p.tstride;
  const float *ctab = p.ctab, *stab = p.stab, *anchor_a = p.anchor_a, *anchor_b = p.anchor_b;
  const std::ptrdiff_t stride = d_model;
  float* const y = out + (pos0 + kHalf < seq_len ? centre * stride : 0);  // row `centre`, if any
  int j = 0;
  if (pos0 + kBlock <= seq_len) {
    for (; j + 2 * W <= d_model; j += 2 * W) {
      const fbatch a0 = simd::load(anchor_a + j), a1 = simd::load(anchor_a + j + W);
      const fbatch b0 = simd::load(anchor_b + j), b1 = simd::load(anchor_b + j + W);
      simd::store(y + j, a0);  // k = 0: C_0 = 1, S_0 = 0
      simd::store(y + j + W, a1);
      for (int k = 1; k < kHalf; ++k) {
        const float* ct = ctab + k * tstride + j;
        const float* st = stab + k * tstride + j;
        const fbatch p0 = a0 * simd::load(ct), q0 = b0 * simd::load(st);
        const fbatch p1 = a1 * simd::load(ct + W), q1 = b1 * simd::load(st + W);
        simd::store(y + k * stride + j, simd::clamp_unit(p0 + q0));
        simd::store(y + k * stride + j + W, simd::clamp_unit(p1 + q1));
        simd::store(y - k * stride + j, simd::clamp_unit(p0 - q0));
        simd::store(y - k * stride + j + W, simd::clamp_unit(p1 - q1));
      }
      const float* ct = ctab + kHalf * tstride + j;
      const float* st = stab + kHalf * tstride + j;
      simd::store(y - kHalf * stride + j,
                  simd::clamp_unit(a0 * simd::load(ct) - b0 * simd::load(st)));
      simd::store(y - kHalf * stride + j + W,
                  simd::clamp_unit(a1 * simd::load(ct + W) - b1 * simd::load(st + W)));
    }
  } else {
    // The last, partial block: only the rows below seq_len.
    for (; j + W <= d_model; j += W) {
      const fbatch a0 = simd::load(anchor_a + j), b0 = simd::load(anchor_b + j);
      for (int k = 0; k <= kHalf; ++k) {
        const fbatch q = b0 * simd::load(stab + k * tstride + j),
                     r = a0 * simd::load(ctab + k * tstride + j);
        const int up = centre + k, down = centre - k;
        if (k < kHalf && up < seq_len) simd::store(out + up * stride + j, simd::clamp_unit(r + q));
        if (k > 0 && down < seq_len) simd::store(out + down * stride + j, simd::clamp_unit(r - q));
      }
    }
  }
  // The columns after the last vector-wide chunk, one float at a time.
  for (int k = 0; k <= kHalf; ++k) {
    const float* ct = ctab + k * tstride;
    const float* st = stab + k * tstride;
    const int up = centre + k, down = centre - k;
    for (int jj = j; jj < d_model; ++jj) {
      const float r = anchor_a[jj] * ct[jj], q = anchor_b[jj] * st[jj];
      if (k < kHalf && up < seq_len) out[up * stride + jj] = clamp_unit(r + q);
      if (k > 0 && down < seq_len) out[down * stride + jj] = clamp_unit(r - q);
    }
  }
}

}  // namespace

// out is (seq_len, d_model). Rows come in blocks of kBlock around an anchor row a = pos0 + kHalf:
// with the anchor interleaved A = [s0 c0 s1 c1 ...] and B = [c0 -s0 c1 -s1 ...],
//   row a +- k = A * C_k +- B * S_k,   C_k = [cos kw0, cos kw0, cos kw1, ...],  S_k likewise with
//   sin
// — per float one product and one sum (the products are shared by the two rows), in float32
// SIMD, written straight into the interleaved layout. Anchors and the kHalf rotations come from
// float64 angle-addition recurrences (structure of arrays over the pairs), so float64 work is
// (seq_len / kBlock + kHalf) rows, not seq_len. Each output is two products of float32-rounded
// exact values: error <= ~2e-7.
void positional_encoding(float* out, int seq_len, int d_model, double base, float* workspace) {
  // With no rows there is no row 0 either (fuzz_kernels caught a write through a null out).
  if (seq_len <= 0 || d_model <= 0) return;
  const PeState p = pe_tables(workspace, d_model, base);
  for (int a = 0, pos0 = 0; pos0 < seq_len; ++a, pos0 += kBlock) {
    pe_anchor(p, a, pos0 + kHalf);
    pe_block(p, out, pos0, seq_len, d_model);
  }
  // Row 0 is sin 0 = 0, cos 0 = 1 exactly; rotating the first anchor back leaves ~1e-9 there.
  for (int j = 0; j < d_model; ++j) out[j] = j % 2 == 0 ? 0.f : 1.f;
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
