// SIMD paths against their scalar `ref` twins at sizes around the vector width, and the
// numerical edge cases each kernel promises to handle.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "../../cpp/src/simd.hpp"
#include "normwave/attention.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/norms.hpp"
#include "normwave/positional_encoding.hpp"
#include "normwave/softmax.hpp"
#include "util.hpp"

using nwtest::edge_sizes;
using nwtest::max_abs_diff;
using nwtest::randn;

TEST_CASE("positional_encoding matches ref at edge widths") {
  for (int d : edge_sizes()) {
    CAPTURE(d);
    const int seq = 300;  // crosses a re-seed boundary of the recurrence
    std::vector<float> fast(static_cast<std::size_t>(seq) * d), slow(fast.size());
    nwtest::positional_encoding(fast.data(), seq, d, 10000.0);
    normwave::ref::positional_encoding(slow.data(), seq, d, 10000.0);
    const double diff = max_abs_diff(fast, slow);
    MESSAGE("PE (" << seq << "x" << d << ") maxdiff = " << diff);
    CHECK(diff <= 1e-6);
  }
}

TEST_CASE("positional_encoding is accurate to 1e-6 for every pos below 65536") {
  for (int d : {16, 33}) {
    for (double base : {10000.0, 100.0}) {
      const int seq = 65536;
      std::vector<float> pe(static_cast<std::size_t>(seq) * d);
      nwtest::positional_encoding(pe.data(), seq, d, base);
      double worst = 0.0;
      for (int pos = 0; pos < seq; ++pos)
        for (int dim = 0; dim < d; ++dim) {
          const double angle = pos / std::pow(base, 2.0 * (dim / 2) / d);
          const double want = dim % 2 ? std::cos(angle) : std::sin(angle);
          worst = std::max(worst, std::fabs(pe[static_cast<std::size_t>(pos) * d + dim] - want));
        }
      MESSAGE("PE d=" << d << " base=" << base
                      << " over 65536 positions: maxdiff vs float64 = " << worst);
      CHECK(worst <= 1e-6);
    }
  }
}

TEST_CASE("positional_encoding conventions: interleaved sin/cos, odd d_model ends in a sin") {
  std::vector<float> pe(3 * 5);
  nwtest::positional_encoding(pe.data(), 3, 5, 10000.0);
  CHECK(pe[0] == 0.f);                                 // sin(0)
  CHECK(pe[1] == 1.f);                                 // cos(0)
  CHECK(pe[5 + 0] == doctest::Approx(std::sin(1.0)));  // pos 1, dim 0
  CHECK(pe[5 + 1] == doctest::Approx(std::cos(1.0)));  // pos 1, dim 1
  CHECK(pe[2 * 5 + 4] == doctest::Approx(std::sin(2.0 / std::pow(10000.0, 4.0 / 5))));
}

TEST_CASE("norms match ref at edge widths") {
  for (int dim : edge_sizes()) {
    for (int rows : {1, 3, 7}) {
      CAPTURE(dim);
      CAPTURE(rows);
      const std::size_t n = static_cast<std::size_t>(rows) * dim;
      const std::vector<float> x = randn(n, 1 + dim, 0.5f, 2.f);
      const std::vector<float> gamma = randn(dim, 2, 1.f, 0.3f), beta = randn(dim, 3);
      std::vector<float> a(n), b(n), ma(rows), mb(rows), va(rows), vb(rows);

      normwave::layer_norm(a.data(), ma.data(), va.data(), x.data(), gamma.data(), beta.data(),
                           rows, dim);
      normwave::ref::layer_norm(b.data(), mb.data(), vb.data(), x.data(), gamma.data(), beta.data(),
                                rows, dim);
      const double ln = max_abs_diff(a, b);
      CHECK(ln <= 1e-5);
      CHECK(max_abs_diff(ma, mb) <= 1e-5);
      CHECK(max_abs_diff(va, vb) <= 1e-4);

      normwave::layer_norm(a.data(), nullptr, nullptr, x.data(), nullptr, nullptr, rows, dim);
      normwave::ref::layer_norm(b.data(), nullptr, nullptr, x.data(), nullptr, nullptr, rows, dim);
      CHECK(max_abs_diff(a, b) <= 1e-5);

      normwave::rms_norm(a.data(), ma.data(), x.data(), gamma.data(), rows, dim);
      normwave::ref::rms_norm(b.data(), mb.data(), x.data(), gamma.data(), rows, dim);
      const double rms = max_abs_diff(a, b);
      CHECK(rms <= 1e-5);
      CHECK(max_abs_diff(ma, mb) <= 1e-5);

      std::vector<float> fm(dim), fv(dim), gm(dim), gv(dim);
      normwave::batch_norm(a.data(), fm.data(), fv.data(), x.data(), gamma.data(), beta.data(),
                           rows, dim);
      normwave::ref::batch_norm(b.data(), gm.data(), gv.data(), x.data(), gamma.data(), beta.data(),
                                rows, dim);
      const double bn = max_abs_diff(a, b);
      // One row: var = 0, so y = beta exactly in both.
      CHECK(bn <= 1e-4);
      CHECK(max_abs_diff(fm, gm) <= 1e-5);
      CHECK(max_abs_diff(fv, gv) <= 1e-4);
      if (rows == 7)
        MESSAGE("norms (" << rows << "x" << dim << ") maxdiff LN = " << ln << ", RMS = " << rms
                          << ", BN = " << bn);
    }
  }
}

TEST_CASE("layer_norm keeps a 1e4 offset row within 2e-3 of float64") {
  const int dim = 768;
  std::vector<float> x = randn(dim, 7, 0.f, 1e-2f);
  for (float& v : x) v += 1e4f;
  std::vector<float> fast(dim), slow(dim);
  normwave::layer_norm(fast.data(), nullptr, nullptr, x.data(), nullptr, nullptr, 1, dim);
  normwave::ref::layer_norm(slow.data(), nullptr, nullptr, x.data(), nullptr, nullptr, 1, dim);
  const double diff = max_abs_diff(fast, slow);
  MESSAGE("LayerNorm of 1e4 + N(0, 1e-2): maxdiff vs float64 = " << diff);
  CHECK(diff <= 2e-3);

  std::vector<float> bfast(dim), bslow(dim), col(dim);  // the same values as one feature column
  normwave::batch_norm(bfast.data(), nullptr, nullptr, x.data(), nullptr, nullptr, dim, 1);
  normwave::ref::batch_norm(bslow.data(), nullptr, nullptr, x.data(), nullptr, nullptr, dim, 1);
  CHECK(max_abs_diff(bfast, bslow) <= 2e-3);
}

TEST_CASE("a constant row normalizes to beta") {
  for (int dim : edge_sizes()) {
    CAPTURE(dim);
    std::vector<float> x(dim, 3.25f), out(dim);
    const std::vector<float> gamma = randn(dim, 4), beta = randn(dim, 5);
    float mean = 0.f, var = -1.f;
    normwave::layer_norm(out.data(), &mean, &var, x.data(), gamma.data(), beta.data(), 1, dim);
    CHECK(mean == 3.25f);
    CHECK(var == 0.f);
    CHECK(max_abs_diff(out, beta) == 0.0);
  }
}

TEST_CASE("linear matches ref at edge sizes") {
  for (int m : {1, 3, 4, 5, 17}) {
    for (int n : edge_sizes()) {
      for (int k : {1, 5, 64, 300}) {
        CAPTURE(m);
        CAPTURE(n);
        CAPTURE(k);
        const std::vector<float> x = randn(static_cast<std::size_t>(m) * k, 11),
                                 w = randn(static_cast<std::size_t>(n) * k, 12), b = randn(n, 13);
        std::vector<float> fast(static_cast<std::size_t>(m) * n), slow(fast.size());
        nwtest::linear(fast.data(), x.data(), w.data(), b.data(), m, n, k);
        normwave::ref::linear(slow.data(), x.data(), w.data(), b.data(), m, n, k);
        CHECK(max_abs_diff(fast, slow) <= 1e-4 * std::sqrt(static_cast<double>(k)));
        nwtest::linear(fast.data(), x.data(), w.data(), nullptr, m, n, k);
        normwave::ref::linear(slow.data(), x.data(), w.data(), nullptr, m, n, k);
        CHECK(max_abs_diff(fast, slow) <= 1e-4 * std::sqrt(static_cast<double>(k)));
      }
    }
  }
  // Larger than one row block and one depth block.
  const int m = 130, n = 77, k = 600;
  const std::vector<float> x = randn(static_cast<std::size_t>(m) * k, 21),
                           w = randn(static_cast<std::size_t>(n) * k, 22), b = randn(n, 23);
  std::vector<float> fast(static_cast<std::size_t>(m) * n), slow(fast.size());
  nwtest::linear(fast.data(), x.data(), w.data(), b.data(), m, n, k);
  normwave::ref::linear(slow.data(), x.data(), w.data(), b.data(), m, n, k);
  const double diff = max_abs_diff(fast, slow);
  MESSAGE("linear (130x600 · 77x600ᵀ) maxdiff = " << diff);
  CHECK(diff <= 1e-3);
}

TEST_CASE("activations match ref at edge sizes") {
  for (int n : edge_sizes()) {
    CAPTURE(n);
    const std::vector<float> x = randn(n, 31, 0.f, 3.f);
    std::vector<float> a = x, b = x;
    normwave::relu(a.data(), a.size());
    normwave::ref::relu(b.data(), b.size());
    CHECK(max_abs_diff(a, b) == 0.0);
    a = x;
    b = x;
    normwave::gelu(a.data(), a.size());
    normwave::ref::gelu(b.data(), b.size());
    CHECK(max_abs_diff(a, b) <= 2e-6);
  }
}

TEST_CASE("softmax matches ref at edge widths, with and without a mask") {
  for (int n : edge_sizes()) {
    CAPTURE(n);
    const int rows = 3;
    const std::vector<float> x = randn(static_cast<std::size_t>(rows) * n, 41, 0.f, 4.f);
    std::vector<std::uint8_t> mask(n);
    for (int j = 0; j < n; ++j) mask[j] = j % 3 == 1;
    for (const std::uint8_t* m : std::vector<const std::uint8_t*>{nullptr, mask.data()}) {
      std::vector<float> a(x.size()), b(x.size());
      normwave::softmax(a.data(), x.data(), m, rows, n);
      normwave::ref::softmax(b.data(), x.data(), m, rows, n);
      CHECK(max_abs_diff(a, b) <= 1e-6);
      for (int r = 0; r < rows; ++r) {
        double total = 0.0;
        for (int j = 0; j < n; ++j) {
          total += a[static_cast<std::size_t>(r) * n + j];
          if (m && m[j]) CHECK(a[static_cast<std::size_t>(r) * n + j] == 0.f);
        }
        CHECK(total == doctest::Approx(1.0).epsilon(1e-5));
      }
      // In place (the encoder's attention): without a mask the passes read x itself, with one
      // the row copied with its masked keys at -inf; either way the same floats as out of place.
      std::vector<float> c = x;
      normwave::softmax(c.data(), c.data(), m, rows, n);
      CHECK(max_abs_diff(a, c) == 0.0);
    }
  }
}

TEST_CASE("simd::row_max is the scalar max at edge widths, NaNs skipped, -inf when nothing else") {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  for (int n : edge_sizes()) {
    CAPTURE(n);
    std::vector<float> x = randn(n, 47);
    const auto scalar = [&] {
      float m = -kInf;
      for (float v : x) m = v > m ? v : m;
      return m;
    };
    CHECK(normwave::simd::row_max(x.data(), n) == scalar());
    for (int at : {0, n / 2, n - 1}) {  // the largest in each of the four chains and the tail
      std::vector<float> y = x;
      y[at] = 100.f;
      CHECK(normwave::simd::row_max(y.data(), n) == 100.f);
    }
    x[n - 1] = std::numeric_limits<float>::quiet_NaN();
    CHECK(normwave::simd::row_max(x.data(), n) == scalar());
    std::fill(x.begin(), x.end(), -kInf);
    CHECK(normwave::simd::row_max(x.data(), n) == -kInf);
  }
  CHECK(normwave::simd::row_max(nullptr, 0) == -kInf);
}

TEST_CASE("a NaN score makes its whole softmax row NaN, as in torch, and no other row") {
  for (int n : edge_sizes()) {
    CAPTURE(n);
    std::vector<float> x = randn(static_cast<std::size_t>(2) * n, 43);
    x[n - 1] =
        std::numeric_limits<float>::quiet_NaN();  // the last key: a SIMD lane or the scalar tail
    std::vector<float> a(x.size());
    normwave::softmax(a.data(), x.data(), nullptr, 2, n);
    for (int j = 0; j < n; ++j) CHECK(std::isnan(a[j]));
    for (int j = n; j < 2 * n; ++j) CHECK(std::isfinite(a[j]));
    // Every other key -inf or masked: the NaN still spreads to the unmasked keys, and masked
    // keys stay exactly +0 (found by fuzz_kernels).
    std::vector<float> y(x.begin(), x.begin() + n);
    std::vector<std::uint8_t> mask(n);
    for (int j = 0; j + 1 < n; ++j) {
      mask[j] = j % 2;
      y[j] = -std::numeric_limits<float>::infinity();
    }
    std::vector<float> b(n, 7.f);
    normwave::softmax(b.data(), y.data(), mask.data(), 1, n);
    for (int j = 0; j < n; ++j) {
      if (mask[j])
        CHECK((b[j] == 0.f && !std::signbit(b[j])));
      else
        CHECK(std::isnan(b[j]));
    }
  }
}

TEST_CASE("simd::exp (softmax, cross-entropy, GELU's backward) is within 2 ulp of float64 exp") {
  using normwave::simd::fbatch;
  constexpr int W = normwave::simd::kWidth;
  double worst = 0.0;
  float worst_at = 0.f;
  std::vector<float> xs;
  for (double x = -88.0; x <= 88.375; x += 1.0 / 4096) xs.push_back(static_cast<float>(x));
  for (float x :
       {0.f, -0.f, 1e-30f, -1e-30f, 0.5f * 0.693147f, -0.5f * 0.693147f, -87.3365f, 88.3762f})
    xs.push_back(x);
  while (xs.size() % W) xs.push_back(0.f);
  alignas(64) float out[W];
  for (std::size_t i = 0; i < xs.size(); i += W) {
    normwave::simd::exp(normwave::simd::load(xs.data() + i)).store_aligned(out);
    for (int l = 0; l < W; ++l) {
      const float x = xs[i + l];
      if (x < -87.3365448f) {
        CHECK(out[l] == 0.f);
        continue;
      }
      const double want = std::exp(static_cast<double>(x));
      const double ulp = std::ldexp(1.0, std::ilogb(static_cast<float>(want)) - 23);
      const double err = std::abs(out[l] - want) / ulp;
      if (err > worst) worst = err, worst_at = x;
    }
  }
  MESSAGE("simd::exp: worst " << worst << " ulp at x = " << worst_at << " (" << xs.size()
                              << " points)");
  CHECK(worst <= 2.0);
  // -inf (a masked key) gives 0; NaN stays NaN; above the float range it saturates, not inf.
  alignas(64) float special[W] = {};
  special[0] = -std::numeric_limits<float>::infinity();
  if (W > 1) special[1] = std::numeric_limits<float>::quiet_NaN();
  if (W > 2) special[2] = 1000.f;
  normwave::simd::exp(normwave::simd::load(special)).store_aligned(out);
  CHECK(out[0] == 0.f);
  if (W > 1) CHECK(std::isnan(out[1]));
  if (W > 2) CHECK((std::isfinite(out[2]) && out[2] > 2.4e38f));
}

TEST_CASE("softmax of logits at +-1e4 stays finite") {
  const std::vector<float> x{1e4f, -1e4f, 1e4f, 0.f, -1e4f};
  std::vector<float> a(x.size()), b(x.size());
  normwave::softmax(a.data(), x.data(), nullptr, 1, 5);
  normwave::ref::softmax(b.data(), x.data(), nullptr, 1, 5);
  CHECK(a[0] == doctest::Approx(0.5));
  CHECK(a[2] == doctest::Approx(0.5));
  CHECK(a[1] == 0.f);
  CHECK(a[3] == 0.f);
  CHECK(max_abs_diff(a, b) <= 1e-7);
}

TEST_CASE("a fully masked softmax row is all zeros, not NaN") {
  for (int n : edge_sizes()) {
    CAPTURE(n);
    const std::vector<float> x = randn(n, 51);
    const std::vector<std::uint8_t> mask(n, 1);
    std::vector<float> a(n, 7.f), b(n, 7.f);
    normwave::softmax(a.data(), x.data(), mask.data(), 1, n);
    normwave::ref::softmax(b.data(), x.data(), mask.data(), 1, n);
    CHECK(max_abs_diff(a, std::vector<float>(n, 0.f)) == 0.0);
    CHECK(max_abs_diff(b, std::vector<float>(n, 0.f)) == 0.0);
  }
}

namespace {
struct AttentionCase {
  normwave::AttentionShape s;
  std::vector<float> x, in_w, in_b, out_w, out_b;
  std::vector<std::uint8_t> mask;
  explicit AttentionCase(normwave::AttentionShape shape) : s(shape) {
    const std::size_t d = s.d_model;
    x = randn(static_cast<std::size_t>(s.batch) * s.seq * d, 61);
    in_w = randn(3 * d * d, 62, 0.f, 0.3f);
    in_b = randn(3 * d, 63, 0.f, 0.1f);
    out_w = randn(d * d, 64, 0.f, 0.3f);
    out_b = randn(d, 65, 0.f, 0.1f);
    mask.assign(static_cast<std::size_t>(s.batch) * s.seq, 0);
  }
  normwave::AttentionWeights weights() const {
    return {in_w.data(), in_b.data(), out_w.data(), out_b.data()};
  }
};
}  // namespace

TEST_CASE("multi_head_attention matches ref, with padding and a fully padded sequence") {
  for (int hd : {1, 3, 4, 5, 8, 17}) {
    CAPTURE(hd);
    AttentionCase c({3, 6, 2 * hd, 2});
    for (int j = 4; j < 6; ++j) c.mask[1 * 6 + j] = 1;  // sequence 1: last two keys are <PAD>
    for (int j = 0; j < 6; ++j) c.mask[2 * 6 + j] = 1;  // sequence 2: every key is <PAD>
    const std::size_t n = c.x.size(), na = 3 * 2 * 6 * 6;
    std::vector<float> a(n), b(n), aa(na), ab(na);
    nwtest::multi_head_attention(a.data(), aa.data(), c.x.data(), c.mask.data(), c.weights(), c.s);
    normwave::ref::multi_head_attention(b.data(), ab.data(), c.x.data(), c.mask.data(), c.weights(),
                                        c.s);
    CHECK(max_abs_diff(a, b) <= 1e-4);
    CHECK(max_abs_diff(aa, ab) <= 1e-5);
    for (std::size_t i = 0; i < n; ++i) REQUIRE(std::isfinite(a[i]));
    // The fully padded sequence attends to nothing, so its output is out_proj.bias.
    for (int i = 0; i < 6; ++i)
      for (int t = 0; t < c.s.d_model; ++t)
        CHECK(a[(2 * 6 + i) * c.s.d_model + t] == doctest::Approx(c.out_b[t]));
    // Padded keys get exactly zero weight.
    for (int h = 0; h < 2; ++h)
      for (int i = 0; i < 6; ++i)
        for (int j = 4; j < 6; ++j) CHECK(aa[((1 * 2 + h) * 6 + i) * 6 + j] == 0.f);
  }
}

TEST_CASE("attention_core (GEMM per head) matches ref around the panel width and the depth block") {
  // seq crosses the GEMM's panel width (8 / 16 keys) and its depth block (512 keys in P·V).
  for (int seq : {1, 7, 8, 9, 17, 520}) {
    for (int hd : {1, 4, 5, 16}) {
      CAPTURE(seq);
      CAPTURE(hd);
      const normwave::AttentionShape s{2, seq, 2 * hd, 2};
      const std::size_t rows = static_cast<std::size_t>(s.batch) * seq;
      const std::vector<float> qkv = randn(rows * 3 * s.d_model, 81);
      std::vector<std::uint8_t> mask(rows, 0);
      for (int j = seq / 2; j < seq; j += 3) mask[seq + j] = 1;  // some padded keys in sequence 1
      const std::size_t na = static_cast<std::size_t>(s.batch) * s.n_heads * seq * seq;
      std::vector<float> a(rows * s.d_model), b(a.size()), aa(na), ab(na);
      nwtest::attention_core(a.data(), aa.data(), qkv.data(), mask.data(), s);
      normwave::ref::attention_core(b.data(), ab.data(), qkv.data(), mask.data(), s);
      CHECK(max_abs_diff(a, b) <= 1e-5);
      CHECK(max_abs_diff(aa, ab) <= 1e-5);
      if (seq == 520 && hd == 16)
        MESSAGE("attention_core (2 x 520, 2 heads of 16) maxdiff = " << max_abs_diff(a, b));
    }
  }
}

TEST_CASE("positional_encoding matches ref for seq_len around its 16-row blocks") {
  for (int seq : {1, 15, 16, 17, 33}) {
    for (int d : edge_sizes()) {
      CAPTURE(seq);
      CAPTURE(d);
      std::vector<float> fast(static_cast<std::size_t>(seq) * d), slow(fast.size());
      nwtest::positional_encoding(fast.data(), seq, d, 10000.0);
      normwave::ref::positional_encoding(slow.data(), seq, d, 10000.0);
      CHECK(max_abs_diff(fast, slow) <= 1e-6);
    }
  }
}

TEST_CASE("layer_norm takes the exact second pass when the row's start is far from its mean") {
  // The first 8 values sit 1e3 standard deviations away, so the one-pass variance would cancel.
  for (int dim : {9, 17, 64, 513}) {
    CAPTURE(dim);
    std::vector<float> x = randn(dim, 91, 5.f, 1e-2f);
    for (int i = 0; i < 8; ++i) x[i] = 15.f;
    std::vector<float> fast(dim), slow(dim), mf(1), ms(1), vf(1), vs(1);
    normwave::layer_norm(fast.data(), mf.data(), vf.data(), x.data(), nullptr, nullptr, 1, dim);
    normwave::ref::layer_norm(slow.data(), ms.data(), vs.data(), x.data(), nullptr, nullptr, 1,
                              dim);
    CHECK(max_abs_diff(fast, slow) <= 1e-5);
    CHECK(vf[0] == doctest::Approx(vs[0]).epsilon(1e-5));
  }
}

TEST_CASE("encoder matches ref: post/pre-LN, relu/gelu, layers, final norm, padding") {
  for (bool norm_first : {false, true}) {
    for (auto act : {normwave::Activation::relu, normwave::Activation::gelu}) {
      for (int layers : {1, 3}) {
        normwave::EncoderConfig cfg;
        cfg.d_model = 12;
        cfg.n_heads = 3;
        cfg.d_ff = 20;
        cfg.n_layers = layers;
        cfg.norm_first = norm_first;
        cfg.activation = act;
        cfg.final_norm = layers > 1;
        REQUIRE(normwave::validate(cfg).ok());
        normwave::Encoder enc(cfg, 123);
        const int batch = 2, seq = 7;
        const std::vector<float> x = randn(static_cast<std::size_t>(batch) * seq * cfg.d_model, 71);
        std::vector<std::uint8_t> mask(batch * seq, 0);
        mask[seq + 5] = mask[seq + 6] = 1;
        const std::size_t na = static_cast<std::size_t>(layers) * batch * cfg.n_heads * seq * seq;
        std::vector<float> a(x.size()), b(x.size()), aa(na), ab(na);
        nwtest::forward(enc, a.data(), aa.data(), x.data(), mask.data(), batch, seq);
        std::vector<const float*> params;
        for (const auto& p : enc.parameters()) params.push_back(p.data());
        normwave::ref::encoder_forward(b.data(), ab.data(), x.data(), mask.data(), cfg, params,
                                       batch, seq);
        const double diff = max_abs_diff(a, b);
        const std::string name = std::string(norm_first ? "pre" : "post") + "-LN " +
                                 (act == normwave::Activation::gelu ? "gelu" : "relu") + " x" +
                                 std::to_string(layers);
        MESSAGE("encoder " << name << " maxdiff = " << diff);
        CHECK(diff <= 2e-4);
        CHECK(max_abs_diff(aa, ab) <= 1e-5);
        // In place (out aliases x) gives the same answer.
        std::vector<float> inplace = x;
        nwtest::forward(enc, inplace.data(), nullptr, inplace.data(), mask.data(), batch, seq);
        CHECK(max_abs_diff(inplace, a) == 0.0);
      }
    }
  }
}

TEST_CASE("encoder config validation names the field and the sizes") {
  normwave::EncoderConfig cfg;
  cfg.d_model = 10;
  cfg.n_heads = 3;
  cfg.d_ff = 8;
  const std::string e = normwave::validate(cfg).message();
  CHECK(e.find("dModel (10)") != std::string::npos);
  CHECK(e.find("nHeads (3)") != std::string::npos);
  cfg.n_heads = 2;
  cfg.d_ff = 0;
  CHECK(normwave::validate(cfg).message().find("dFF") != std::string::npos);
  cfg.d_ff = 8;
  cfg.eps = 0.f;
  CHECK(normwave::validate(cfg).message().find("eps") != std::string::npos);
  cfg.eps = 1e-5f;
  CHECK(normwave::validate(cfg).ok());
}

TEST_CASE("parameter_specs follows torch's state_dict names and shapes") {
  normwave::EncoderConfig cfg;
  cfg.d_model = 8;
  cfg.n_heads = 2;
  cfg.d_ff = 32;
  cfg.n_layers = 2;
  cfg.final_norm = true;
  const auto specs = normwave::parameter_specs(cfg);
  REQUIRE(specs.size() == 26);
  CHECK(specs[0].name == "layers.0.self_attn.in_proj_weight");
  CHECK(specs[0].shape == std::vector<int>{24, 8});
  CHECK(specs[4].name == "layers.0.linear1.weight");
  CHECK(specs[4].shape == std::vector<int>{32, 8});
  CHECK(specs[6].shape == std::vector<int>{8, 32});
  CHECK(specs[23].name == "layers.1.norm2.bias");
  CHECK(specs[24].name == "norm.weight");
  CHECK(specs[25].numel == 8);
}
