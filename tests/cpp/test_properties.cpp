// Properties that must hold for every input, checked on many seeded random cases (same seeds
// every run, so a failure reproduces): LayerNorm normalises, attention rows are distributions,
// PE stays in [-1, 1], the encoder (which adds no PE) is permutation-equivariant, and BatchNorm
// of a feature column is LayerNorm of that column transposed. Each case prints its count.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "normwave/attention.hpp"
#include "normwave/encoder.hpp"
#include "normwave/norms.hpp"
#include "normwave/positional_encoding.hpp"
#include "util.hpp"

namespace {

using Rng = std::mt19937;

int uniform_int(Rng& rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(rng);
}
double uniform(Rng& rng, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(rng);
}
double log_uniform(Rng& rng, double lo, double hi) {
  return std::exp(uniform(rng, std::log(lo), std::log(hi)));
}

// A row of `n` values offset + scale * N(0, 1): the LayerNorm stress the issue names
// (scales 1e-3 .. 1e3, offsets up to 1e4).
std::vector<float> random_rows(Rng& rng, std::size_t n, double scale, double offset) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<float> v(n);
  for (float& x : v) x = static_cast<float>(offset + scale * normal(rng));
  return v;
}

// Checks that every row of p (rows x n) is a distribution over the unmasked keys, or all zeros
// when every key is masked. Returns the number of rows checked.
int check_attention_rows(const float* p, const std::uint8_t* mask, int rows, int n) {
  bool all_masked = true;
  for (int j = 0; j < n; ++j) all_masked = all_masked && mask && mask[j];
  for (int r = 0; r < rows; ++r) {
    const float* row = p + static_cast<std::size_t>(r) * n;
    double sum = 0;
    int bad = 0;
    for (int j = 0; j < n; ++j) {
      const bool masked = all_masked || (mask && mask[j]);
      bad += masked ? row[j] != 0.f : !(row[j] >= 0.f && row[j] <= 1.f);
      sum += row[j];
    }
    CHECK(bad == 0);
    if (all_masked) {
      CHECK(sum == 0.0);
    } else {
      CHECK(std::fabs(sum - 1.0) <= 1e-5);
    }
  }
  return rows;
}

}  // namespace

TEST_CASE("property: LayerNorm output has mean 0 and variance var/(var + eps) per row") {
  Rng rng(20240701);
  int rows_checked = 0;
  double worst_mean = 0, worst_var = 0;
  for (int c = 0; c < 2000; ++c) {
    const int dim = c % 10 == 0 ? uniform_int(rng, 1, 8) : uniform_int(rng, 2, 300);
    const int rows = uniform_int(rng, 1, 4);
    const double scale = log_uniform(rng, 1e-3, 1e3);
    const double offset = c % 2 ? uniform(rng, -1e4, 1e4) : 0.0;
    const float eps = c % 3 == 0 ? 1e-12f : 1e-5f;
    const std::vector<float> x =
        random_rows(rng, static_cast<std::size_t>(rows) * dim, scale, offset);
    std::vector<float> y(x.size());
    normwave::layer_norm(y.data(), nullptr, nullptr, x.data(), nullptr, nullptr, rows, dim, eps);
    for (int r = 0; r < rows; ++r) {
      const float* xr = x.data() + static_cast<std::size_t>(r) * dim;
      const float* yr = y.data() + static_cast<std::size_t>(r) * dim;
      double xm = 0, ym = 0;
      for (int i = 0; i < dim; ++i) xm += xr[i], ym += yr[i];
      xm /= dim, ym /= dim;
      double xv = 0, yv = 0;
      for (int i = 0; i < dim; ++i)
        xv += (xr[i] - xm) * (xr[i] - xm), yv += (yr[i] - ym) * (yr[i] - ym);
      xv /= dim, yv /= dim;
      // The row's own variance (of its float values) sets what LayerNorm can give back.
      const double want = xv / (xv + eps);
      CAPTURE(c);
      CAPTURE(dim);
      CAPTURE(scale);
      CAPTURE(offset);
      CHECK(std::fabs(ym) <= 1e-5);
      CHECK(std::fabs(yv - want) <= 2e-4 * want + 1e-7);
      worst_mean = std::max(worst_mean, std::fabs(ym));
      if (want > 0) worst_var = std::max(worst_var, std::fabs(yv - want) / want);
      ++rows_checked;
    }
  }
  MESSAGE("LayerNorm: " << rows_checked << " random rows; worst |mean| = " << worst_mean
                        << ", worst relative variance error = " << worst_var);
}

TEST_CASE("property: every attention row sums to 1, or is all zeros when every key is padding") {
  Rng rng(20240702);
  int rows_checked = 0, zero_rows = 0;
  for (int c = 0; c < 400; ++c) {
    normwave::AttentionShape s;
    s.batch = uniform_int(rng, 1, 3);
    s.seq = uniform_int(rng, 1, 16);
    s.n_heads = uniform_int(rng, 1, 4);
    s.d_model = s.n_heads * uniform_int(rng, 1, 16);
    const int d = s.d_model, rows = s.batch * s.seq;
    // Mask: none, random, or random with whole sequences padded.
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(rows), 0);
    const int kind = c % 3;
    for (int b = 0; b < s.batch; ++b) {
      const bool all = kind == 2 && uniform_int(rng, 0, 1);
      for (int j = 0; j < s.seq; ++j)
        mask[static_cast<std::size_t>(b) * s.seq + j] =
            all || (kind > 0 && uniform_int(rng, 0, 2) == 0);
    }
    const std::uint8_t* mp = kind ? mask.data() : nullptr;
    const double wscale = log_uniform(rng, 1e-2, 3.0) / std::sqrt(static_cast<double>(d));
    const std::vector<float> x =
        random_rows(rng, static_cast<std::size_t>(rows) * d, log_uniform(rng, 1e-2, 10.0), 0.0);
    const std::vector<float> win =
                                 random_rows(rng, 3 * static_cast<std::size_t>(d) * d, wscale, 0.0),
                             bin = random_rows(rng, 3 * static_cast<std::size_t>(d), 0.1, 0.0),
                             wout = random_rows(rng, static_cast<std::size_t>(d) * d, wscale, 0.0),
                             bout = random_rows(rng, static_cast<std::size_t>(d), 0.1, 0.0);
    std::vector<float> out(x.size()),
        attn(static_cast<std::size_t>(s.batch) * s.n_heads * s.seq * s.seq);
    nwtest::multi_head_attention(out.data(), attn.data(), x.data(), mp,
                                 {win.data(), bin.data(), wout.data(), bout.data()}, s);
    CAPTURE(c);
    for (int b = 0; b < s.batch; ++b) {
      const std::uint8_t* mb = mp ? mp + static_cast<std::size_t>(b) * s.seq : nullptr;
      const bool all = mb && std::all_of(mb, mb + s.seq, [](std::uint8_t v) { return v != 0; });
      for (int h = 0; h < s.n_heads; ++h) {
        rows_checked += check_attention_rows(
            attn.data() + (static_cast<std::size_t>(b) * s.n_heads + h) * s.seq * s.seq, mb, s.seq,
            s.seq);
        zero_rows += all ? s.seq : 0;
      }
      if (all) {  // a fully padded sequence's output is out_proj.bias
        for (int i = 0; i < s.seq; ++i)
          for (int f = 0; f < d; ++f)
            CHECK(out[(static_cast<std::size_t>(b) * s.seq + i) * d + f] ==
                  doctest::Approx(bout[f]).epsilon(1e-6));
      }
    }
  }
  // The same through the encoder's own attention (resident packed weights), two layers.
  for (int c = 0; c < 100; ++c) {
    normwave::EncoderConfig cfg;
    cfg.n_heads = uniform_int(rng, 1, 4);
    cfg.d_model = cfg.n_heads * uniform_int(rng, 1, 8);
    cfg.d_ff = uniform_int(rng, 1, 32);
    cfg.n_layers = 2;
    cfg.norm_first = c % 2;
    normwave::Encoder enc(cfg, static_cast<std::uint32_t>(c));
    const int batch = uniform_int(rng, 1, 3), seq = uniform_int(rng, 1, 12);
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(batch) * seq);
    for (auto& m : mask) m = uniform_int(rng, 0, 3) == 0;
    if (c % 4 == 0) std::fill(mask.begin(), mask.begin() + seq, 1);  // sequence 0 all padding
    const std::vector<float> x = random_rows(rng, mask.size() * cfg.d_model, 1.0, 0.0);
    std::vector<float> out(x.size()),
        attn(static_cast<std::size_t>(2) * batch * cfg.n_heads * seq * seq);
    nwtest::forward(enc, out.data(), attn.data(), x.data(), mask.data(), batch, seq);
    CHECK(std::all_of(out.begin(), out.end(), [](float v) { return std::isfinite(v); }));
    for (int l = 0; l < 2; ++l)
      for (int b = 0; b < batch; ++b)
        for (int h = 0; h < cfg.n_heads; ++h)
          rows_checked += check_attention_rows(
              attn.data() +
                  ((static_cast<std::size_t>(l) * batch + b) * cfg.n_heads + h) * seq * seq,
              mask.data() + static_cast<std::size_t>(b) * seq, seq, seq);
  }
  MESSAGE("attention: " << rows_checked << " rows checked, " << zero_rows
                        << " of them fully padded");
}

TEST_CASE("property: positional encoding values stay in [-1, 1] for any positive base") {
  Rng rng(20240703);
  long long values = 0;
  for (int c = 0; c < 300; ++c) {
    const int d = uniform_int(rng, 1, 300);
    const int seq = uniform_int(rng, 1, std::max(1, 100000 / d));
    // Mostly sensible bases, some absurd ones (the API accepts any positive finite number).
    const double base = c % 5 == 0 ? log_uniform(rng, 1e-300, 1e300) : log_uniform(rng, 1.0, 1e6);
    std::vector<float> pe(static_cast<std::size_t>(seq) * d);
    nwtest::positional_encoding(pe.data(), seq, d, base);
    int outside = 0;
    for (float v : pe) outside += !(v >= -1.f && v <= 1.f);
    CAPTURE(base);
    CAPTURE(d);
    CAPTURE(seq);
    CHECK(outside == 0);
    values += static_cast<long long>(pe.size());
  }
  MESSAGE("PE: " << values << " values from 300 random (seq_len, d_model, base) all in [-1, 1]");
}

TEST_CASE("property: the encoder (no PE) is permutation-equivariant") {
  Rng rng(20240704);
  double worst = 0;
  int cases = 0;
  for (int c = 0; c < 200; ++c) {
    normwave::EncoderConfig cfg;
    cfg.n_heads = uniform_int(rng, 1, 4);
    cfg.d_model = cfg.n_heads * uniform_int(rng, 1, 8);
    cfg.d_ff = uniform_int(rng, 1, 48);
    cfg.n_layers = uniform_int(rng, 1, 2);
    cfg.norm_first = uniform_int(rng, 0, 1);
    cfg.final_norm = uniform_int(rng, 0, 1);
    cfg.activation =
        uniform_int(rng, 0, 1) ? normwave::Activation::gelu : normwave::Activation::relu;
    normwave::Encoder enc(cfg, static_cast<std::uint32_t>(1000 + c));
    const int d = cfg.d_model, seq = uniform_int(rng, 2, 12);
    std::vector<std::uint8_t> mask(static_cast<std::size_t>(seq), 0);
    if (c % 2)
      for (auto& m : mask) m = uniform_int(rng, 0, 3) == 0;
    const std::vector<float> x = random_rows(rng, static_cast<std::size_t>(seq) * d, 1.0, 0.0);
    std::vector<int> perm(static_cast<std::size_t>(seq));
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    // Row i of the permuted input is row perm[i] of x; its key mask moves with it.
    std::vector<float> px(x.size());
    std::vector<std::uint8_t> pmask(mask.size());
    for (int i = 0; i < seq; ++i) {
      std::copy_n(x.begin() + static_cast<std::ptrdiff_t>(perm[i]) * d, d,
                  px.begin() + static_cast<std::ptrdiff_t>(i) * d);
      pmask[i] = mask[perm[i]];
    }
    const std::size_t an = static_cast<std::size_t>(cfg.n_layers) * cfg.n_heads * seq * seq;
    std::vector<float> y(x.size()), py(x.size()), a(an), pa(an);
    nwtest::forward(enc, y.data(), a.data(), x.data(), mask.data(), 1, seq);
    nwtest::forward(enc, py.data(), pa.data(), px.data(), pmask.data(), 1, seq);
    double diff = 0;
    for (int i = 0; i < seq; ++i)
      for (int f = 0; f < d; ++f) {
        const double want = y[static_cast<std::size_t>(perm[i]) * d + f];
        diff = std::max(diff, std::fabs(py[static_cast<std::size_t>(i) * d + f] - want) /
                                  std::max(1.0, std::fabs(want)));
      }
    // Attention maps permute on both axes: A'[i][j] = A[perm i][perm j].
    for (int l = 0; l < cfg.n_layers * cfg.n_heads; ++l)
      for (int i = 0; i < seq; ++i)
        for (int j = 0; j < seq; ++j)
          diff = std::max(diff,
                          static_cast<double>(std::fabs(
                              pa[(static_cast<std::size_t>(l) * seq + i) * seq + j] -
                              a[(static_cast<std::size_t>(l) * seq + perm[i]) * seq + perm[j]])));
    CAPTURE(c);
    CHECK(diff <= 1e-5);
    worst = std::max(worst, diff);
    ++cases;
  }
  MESSAGE("permutation equivariance: "
          << cases << " random encoders and permutations, worst difference " << worst);
}

TEST_CASE("property: BatchNorm of a feature column equals LayerNorm of that column transposed") {
  Rng rng(20240705);
  double worst = 0;
  int columns = 0;
  for (int c = 0; c < 500; ++c) {
    const int rows = uniform_int(rng, 2, 64), dim = uniform_int(rng, 1, 40);
    const double scale = log_uniform(rng, 1e-3, 1e3),
                 offset = c % 2 ? uniform(rng, -1e4, 1e4) : 0.0;
    const std::vector<float> x =
        random_rows(rng, static_cast<std::size_t>(rows) * dim, scale, offset);
    const std::vector<float> gamma = random_rows(rng, static_cast<std::size_t>(dim), 1.0, 1.0),
                             beta = random_rows(rng, static_cast<std::size_t>(dim), 1.0, 0.0);
    std::vector<float> bn(x.size()), bmean(dim), bvar(dim);
    normwave::batch_norm(bn.data(), bmean.data(), bvar.data(), x.data(), gamma.data(), beta.data(),
                         rows, dim);
    for (int f = 0; f < dim; ++f) {
      std::vector<float> col(static_cast<std::size_t>(rows)), ln(col.size()),
          g(col.size(), gamma[f]), b(col.size(), beta[f]);
      for (int r = 0; r < rows; ++r) col[r] = x[static_cast<std::size_t>(r) * dim + f];
      float lmean, lvar;
      normwave::layer_norm(ln.data(), &lmean, &lvar, col.data(), g.data(), b.data(), 1, rows);
      double diff = 0;
      for (int r = 0; r < rows; ++r)
        diff = std::max(
            diff,
            std::fabs(static_cast<double>(bn[static_cast<std::size_t>(r) * dim + f]) - ln[r]));
      const double tol = 2e-5 * (std::fabs(gamma[f]) * std::sqrt(static_cast<double>(rows)) +
                                 std::fabs(beta[f]) + 1.0);
      CAPTURE(c);
      CAPTURE(f);
      CHECK(diff <= tol);
      CHECK(bmean[f] == doctest::Approx(lmean).epsilon(1e-5).scale(scale));
      CHECK(bvar[f] == doctest::Approx(lvar).epsilon(1e-4));
      worst = std::max(worst, diff);
      ++columns;
    }
  }
  MESSAGE("BatchNorm vs LayerNorm transposed: " << columns << " columns, worst difference "
                                                << worst);
}
