// libFuzzer target: every row of the op table (cpp/include/normwave/ops.hpp) with shapes and values
// taken from the input. The input's last byte is the op's stable id (a byte that names no op is
// rejected), so a seed keeps its op however the table grows; fuzz_<name> below must exist for
// every row (the dispatch at the end does not compile otherwise).
// Sizes are bounded (dims <= 64, rows <= 16, seq <= 16, linear depth <= 300 to cross the
// 256-deep block); zero sizes are allowed everywhere (an empty batch is a no-op). Every workspace
// is a heap block of exactly the size its *_workspace_floats reports, so ASan sees any overrun.
// Values come in two modes: "bounded" (offset up to 1e4, scale 1e-3 .. 1e3; finite) where the
// numerical invariants must hold and the SIMD path must agree with ref::, and "raw" (any float
// bits: NaN, inf, subnormals) where only memory safety and the structural promises are checked
// (masked weights exactly 0, fully masked rows all 0, PE inside [-1, 1]).
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "fuzz_check.hpp"
#include "normwave/attention.hpp"
#include "normwave/embedding.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/loss.hpp"
#include "normwave/norms.hpp"
#include "normwave/ops.hpp"
#include "normwave/optim.hpp"
#include "normwave/positional_encoding.hpp"
#include "normwave/softmax.hpp"
#include "normwave/trainer.hpp"

namespace nw = normwave;
using nwfuzz::all_finite;
using nwfuzz::worst_rel_diff;

namespace {

constexpr double kU = 0x1p-24;  // float unit roundoff

struct Values {
  FuzzedDataProvider& fdp;
  bool raw;
  float offset = 0.f, scale = 1.f;

  // Bounded mode: offset + scale * u, u in [-1, 1] with 16-bit steps.
  static Values make(FuzzedDataProvider& fdp, bool allow_offset) {
    Values v{fdp, fdp.ConsumeBool()};
    if (!v.raw) {
      v.scale = std::pow(10.f, static_cast<float>(fdp.ConsumeIntegralInRange(-3, 3)));
      if (allow_offset) v.offset = static_cast<float>(fdp.ConsumeIntegralInRange(-10000, 10000));
    }
    return v;
  }
  float next() {
    if (raw) {
      const std::uint32_t bits = fdp.ConsumeIntegral<std::uint32_t>();
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
    }
    return offset + scale * static_cast<float>(fdp.ConsumeIntegral<std::int16_t>()) / 32768.f;
  }
  std::vector<float> vec(std::size_t n) {
    std::vector<float> v(n);
    for (float& x : v) x = next();
    return v;
  }
};

std::vector<std::uint8_t> mask_of(FuzzedDataProvider& fdp, std::size_t n) {
  std::vector<std::uint8_t> m(n);
  const int density = fdp.ConsumeIntegralInRange(0, 4);  // 0: none masked .. 4: all masked
  for (auto& b : m)
    b = fdp.ConsumeIntegralInRange(0, 3) < density ? fdp.ConsumeIntegralInRange(1, 255) : 0;
  return m;
}

float eps_of(FuzzedDataProvider& fdp) {
  constexpr float kEps[] = {1e-5f, 1e-6f, 1e-3f, 1.f};
  return kEps[fdp.ConsumeIntegralInRange(0, 3)];
}

// ---- norms -------------------------------------------------------------------------------

void fuzz_norm(FuzzedDataProvider& fdp, int kind) {  // 0 layer, 1 rms, 2 batch
  const int rows = fdp.ConsumeIntegralInRange(0, 16), dim = fdp.ConsumeIntegralInRange(0, 64);
  const float eps = eps_of(fdp);
  const bool with_gamma = fdp.ConsumeBool(), with_beta = fdp.ConsumeBool();
  Values vals = Values::make(fdp, kind != 1);
  const std::size_t n = static_cast<std::size_t>(rows) * dim;
  const std::vector<float> x = vals.vec(n);
  Values pv = Values::make(fdp, false);
  const std::vector<float> gamma = pv.vec(with_gamma ? dim : 0), beta = pv.vec(with_beta ? dim : 0);
  const float* g = with_gamma ? gamma.data() : nullptr;
  const float* b = with_beta && kind != 1 ? beta.data() : nullptr;
  const std::size_t stats = kind == 2 ? dim : rows;
  std::vector<float> out(n, -7.f), s1(stats, -7.f), s2(stats, -7.f);
  std::vector<float> rout(n, -7.f), r1(stats, -7.f), r2(stats, -7.f);
  if (kind == 0) {
    nw::layer_norm(out.data(), s1.data(), s2.data(), x.data(), g, b, rows, dim, eps);
    nw::ref::layer_norm(rout.data(), r1.data(), r2.data(), x.data(), g, b, rows, dim, eps);
  } else if (kind == 1) {
    nw::rms_norm(out.data(), s1.data(), x.data(), g, rows, dim, eps);
    nw::ref::rms_norm(rout.data(), r1.data(), x.data(), g, rows, dim, eps);
  } else {
    nw::batch_norm(out.data(), s1.data(), s2.data(), x.data(), g, b, rows, dim, eps);
    nw::ref::batch_norm(rout.data(), r1.data(), r2.data(), x.data(), g, b, rows, dim, eps);
  }
  // Aliasing out and x is how the encoder calls layer_norm.
  if (kind == 0 && n > 0) {
    std::vector<float> inplace = x;
    nw::layer_norm(inplace.data(), nullptr, nullptr, inplace.data(), g, b, rows, dim, eps);
    FUZZ_CHECK(std::memcmp(inplace.data(), out.data(), n * 4) == 0 || !all_finite(out.data(), n),
               "in-place layer_norm differs from out-of-place (rows %d, dim %d)", rows, dim);
  }
  if (vals.raw || pv.raw) return;
  // Bounded inputs: finite results, and the SIMD path within float error of the float64 ref.
  // Outputs are (x - mean) * rstd * gamma + beta with |(x - mean) * rstd| <= sqrt(count).
  const char* name = kind == 0 ? "layer_norm" : kind == 1 ? "rms_norm" : "batch_norm";
  FUZZ_CHECK(all_finite(out.data(), n), "%s (%d x %d) gave a non-finite output", name, rows, dim);
  // Statistics over zero elements (dim 0, or no rows for batch_norm) are 0/0 = NaN, as in ref.
  const bool empty = (kind == 2 ? rows : dim) == 0;
  for (std::size_t i = 0; i < stats; ++i)
    FUZZ_CHECK(empty ? std::isnan(s1[i]) && std::isnan(r1[i]) : std::isfinite(s1[i]),
               "%s (%d x %d) statistic %zu = %g (ref %g)", name, rows, dim, i, s1[i], r1[i]);
  if (empty) return;
  double gmax = 1.0;
  for (float v : gamma) gmax = std::max(gmax, static_cast<double>(std::fabs(v)));
  const double tol = 2e-4 * gmax;
  const double diff = worst_rel_diff(out.data(), rout.data(), n);
  FUZZ_CHECK(diff <= tol, "%s (%d x %d, eps %g): SIMD vs ref rel diff %g > %g", name, rows, dim,
             eps, diff, tol);
  // A mean is a float sum of `count` terms: its error is absolute, in the scale of the inputs
  // (count * u * max|x|, plus the final shift + m rounding), however close to 0 the mean is.
  // CI found batch_norm means over 16 rows of x in [-1000, 1000] off by 1.3e-5 against 1 + |ref|.
  double xmax = 0.0;
  for (float v : x) xmax = std::max(xmax, static_cast<double>(std::fabs(v)));
  const int count = kind == 2 ? rows : dim;
  const double stol = kind == 1 ? 0.0 : (count + 2) * kU * xmax;
  for (std::size_t i = 0; i < stats; ++i) {
    const double d = std::fabs(static_cast<double>(s1[i]) - r1[i]);
    FUZZ_CHECK(
        d <= 1e-5 * (1.0 + std::fabs(r1[i])) + stol,
        "%s statistic %zu: SIMD %.9g vs ref %.9g (|diff| %g, allowed %g + 1e-5 * (1 + |ref|))",
        name, i, s1[i], r1[i], d, stol);
  }
}

// ---- positional encoding -----------------------------------------------------------------

void fuzz_positional_encoding(FuzzedDataProvider& fdp) {
  const int seq = fdp.ConsumeIntegralInRange(0, 600), d = fdp.ConsumeIntegralInRange(0, 64);
  double base;
  const bool raw = fdp.ConsumeBool();
  if (raw) {
    // Any positive finite double (the API's domain), from raw bits so every exponent is as likely.
    const std::uint64_t bits = fdp.ConsumeIntegral<std::uint64_t>() & ~(std::uint64_t{1} << 63);
    std::memcpy(&base, &bits, sizeof base);
    if (!(base > 0) || !std::isfinite(base)) base = 10000.0;
  } else {
    base = fdp.ConsumeFloatingPointInRange<double>(1.0, 1e6);
  }
  const std::size_t n = static_cast<std::size_t>(seq) * d;
  std::vector<float> pe(n, 7.f), ref(n, 7.f),
      work(nw::positional_encoding_workspace_floats(seq, d));
  nw::positional_encoding(pe.data(), seq, d, base, work.data());
  for (std::size_t i = 0; i < n; ++i)
    FUZZ_CHECK(pe[i] >= -1.f && pe[i] <= 1.f, "PE(%zu, %zu) = %g with base %.17g, d_model %d",
               i / d, i % d, pe[i], base, d);
  if (raw) return;
  nw::ref::positional_encoding(ref.data(), seq, d, base);
  double worst = 0;
  for (std::size_t i = 0; i < n; ++i)
    worst = std::max(worst, std::fabs(static_cast<double>(pe[i]) - ref[i]));
  FUZZ_CHECK(worst <= 1e-6, "PE (%d x %d, base %.17g): SIMD vs ref maxdiff %g", seq, d, base,
             worst);
}

// ---- linear and activations --------------------------------------------------------------

void fuzz_linear(FuzzedDataProvider& fdp) {
  const int m = fdp.ConsumeIntegralInRange(0, 16), n = fdp.ConsumeIntegralInRange(0, 64);
  const int k =
      fdp.ConsumeBool() ? fdp.ConsumeIntegralInRange(0, 64) : fdp.ConsumeIntegralInRange(0, 300);
  const bool with_bias = fdp.ConsumeBool();
  Values vals = Values::make(fdp, false);
  const std::vector<float> x = vals.vec(static_cast<std::size_t>(m) * k),
                           w = vals.vec(static_cast<std::size_t>(n) * k),
                           b = vals.vec(with_bias ? n : 0);
  const float* bp = with_bias ? b.data() : nullptr;
  std::vector<float> y(static_cast<std::size_t>(m) * n, -7.f), ry(y.size(), -7.f),
      work(nw::linear_workspace_floats(m, n, k));
  nw::linear(y.data(), x.data(), w.data(), bp, m, n, k, work.data());
  nw::ref::linear(ry.data(), x.data(), w.data(), bp, m, n, k);
  const int act = fdp.ConsumeIntegralInRange(0, 2);  // none, relu, gelu
  std::vector<float> a = y, ra = y;
  if (act == 1) {
    nw::relu(a.data(), a.size());
    nw::ref::relu(ra.data(), ra.size());
  }
  if (act == 2) {
    nw::gelu(a.data(), a.size());
    nw::ref::gelu(ra.data(), ra.size());
  }
  if (vals.raw) return;
  FUZZ_CHECK(all_finite(y.data(), y.size()), "linear (%d x %d x %d): non-finite output", m, n, k);
  // Each output is a k-term dot product: error <= ~k u sum |x_i w_i| (+ |b|).
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double mag = with_bias ? std::fabs(b[j]) : 0.0;
      for (int t = 0; t < k; ++t)
        mag += std::fabs(static_cast<double>(x[static_cast<std::size_t>(i) * k + t]) *
                         w[static_cast<std::size_t>(j) * k + t]);
      const std::size_t o = static_cast<std::size_t>(i) * n + j;
      const double err = std::fabs(static_cast<double>(y[o]) - ry[o]),
                   tol = 2.0 * (k + 2) * kU * mag + 1e-30;
      FUZZ_CHECK(err <= tol, "linear (%d x %d x %d) y[%d][%d]: SIMD %g vs ref %g (tol %g)", m, n, k,
                 i, j, y[o], ry[o], tol);
    }
  if (act) {
    FUZZ_CHECK(all_finite(a.data(), a.size()), "activation %d: non-finite output", act);
    const double diff = worst_rel_diff(a.data(), ra.data(), a.size());
    FUZZ_CHECK(diff <= 1e-5, "activation %d: SIMD vs ref rel diff %g", act, diff);
  }
}

// ---- softmax -----------------------------------------------------------------------------

// Masked weights exactly 0; a fully masked row all 0; with finite inputs every other row is a
// distribution (entries in [0, 1], summing to 1).
void check_distribution_rows(const float* p, const std::uint8_t* mask, int rows, int n, bool finite,
                             const char* what) {
  bool all_masked = true;
  for (int j = 0; j < n; ++j) all_masked = all_masked && mask && mask[j];
  for (int r = 0; r < rows; ++r) {
    const float* row = p + static_cast<std::size_t>(r) * n;
    double sum = 0;
    for (int j = 0; j < n; ++j) {
      if ((mask && mask[j]) || all_masked)
        FUZZ_CHECK(row[j] == 0.f && !std::signbit(row[j]), "%s row %d: masked key %d has weight %g",
                   what, r, j, row[j]);
      if (finite)
        FUZZ_CHECK(row[j] >= 0.f && row[j] <= 1.f, "%s row %d: weight %d = %g", what, r, j, row[j]);
      sum += row[j];
    }
    if (finite && !all_masked && n > 0)
      FUZZ_CHECK(std::fabs(sum - 1.0) <= 1e-5, "%s row %d of %d keys sums to %.9g", what, r, n,
                 sum);
  }
}

void fuzz_softmax(FuzzedDataProvider& fdp) {
  const int rows = fdp.ConsumeIntegralInRange(0, 16), n = fdp.ConsumeIntegralInRange(0, 64);
  const bool with_mask = fdp.ConsumeBool(), in_place = fdp.ConsumeBool();
  const std::vector<std::uint8_t> mask = mask_of(fdp, n);
  const std::uint8_t* mp = with_mask ? mask.data() : nullptr;
  Values vals = Values::make(fdp, true);
  if (!vals.raw) vals.scale *= 10.f;  // logits up to 1e4 apart
  std::vector<float> x = vals.vec(static_cast<std::size_t>(rows) * n), y(x.size(), -7.f),
                     ry(x.size(), -7.f);
  const std::vector<float> x0 = x;
  if (in_place) {
    nw::softmax(x.data(), x.data(), mp, rows, n);
    y = x;
  } else {
    nw::softmax(y.data(), x.data(), mp, rows, n);
    FUZZ_CHECK(x.empty() || std::memcmp(x.data(), x0.data(), x.size() * 4) == 0,
               "softmax modified its input");
  }
  nw::ref::softmax(ry.data(), x0.data(), mp, rows, n);
  check_distribution_rows(y.data(), mp, rows, n, !vals.raw, "softmax");
  if (vals.raw) return;
  double worst = 0;
  for (std::size_t i = 0; i < y.size(); ++i)
    worst = std::max(worst, std::fabs(static_cast<double>(y[i]) - ry[i]));
  FUZZ_CHECK(worst <= 1e-6, "softmax (%d x %d): SIMD vs ref maxdiff %g", rows, n, worst);
}

// ---- attention ---------------------------------------------------------------------------

void fuzz_attention(FuzzedDataProvider& fdp) {
  nw::AttentionShape s;
  s.batch = fdp.ConsumeIntegralInRange(0, 3);
  s.seq = fdp.ConsumeIntegralInRange(0, 16);
  s.n_heads = fdp.ConsumeIntegralInRange(1, 4);
  s.d_model = s.n_heads * fdp.ConsumeIntegralInRange(1, 64 / s.n_heads);
  const int d = s.d_model, rows = s.batch * s.seq, hd = d / s.n_heads;
  const bool with_mask = fdp.ConsumeBool();
  const std::vector<std::uint8_t> mask = mask_of(fdp, static_cast<std::size_t>(rows));
  const std::uint8_t* mp = with_mask ? mask.data() : nullptr;
  Values xv = Values::make(fdp, false), wv = Values::make(fdp, false);
  const std::vector<float> x = xv.vec(static_cast<std::size_t>(rows) * d),
                           win = wv.vec(static_cast<std::size_t>(3) * d * d), bin = wv.vec(3 * d),
                           wout = wv.vec(static_cast<std::size_t>(d) * d), bout = wv.vec(d);
  const nw::AttentionWeights w{win.data(), bin.data(), wout.data(), bout.data()};
  const std::size_t attn_n = static_cast<std::size_t>(s.batch) * s.n_heads * s.seq * s.seq;
  std::vector<float> out(static_cast<std::size_t>(rows) * d, -7.f), rout(out.size(), -7.f),
      attn(attn_n, -7.f), rattn(attn_n, -7.f), work(nw::multi_head_attention_workspace_floats(s));
  nw::multi_head_attention(out.data(), attn.data(), x.data(), mp, w, s, work.data());
  nw::ref::multi_head_attention(rout.data(), rattn.data(), x.data(), mp, w, s);
  const bool finite = !xv.raw && !wv.raw;
  for (int b = 0; b < s.batch; ++b)
    for (int h = 0; h < s.n_heads; ++h)
      check_distribution_rows(
          attn.data() + (static_cast<std::size_t>(b) * s.n_heads + h) * s.seq * s.seq,
          mp ? mp + static_cast<std::size_t>(b) * s.seq : nullptr, s.seq, s.seq, finite,
          "attention");
  if (!finite) return;
  FUZZ_CHECK(all_finite(out.data(), out.size()),
             "attention (b %d, s %d, d %d, h %d): non-finite output", s.batch, s.seq, d, s.n_heads);

  // An a-posteriori bound on float error: every q/k/v entry is at most R in size (the sum of
  // |x||w| + |b| over its dot product), so a logit carries error <= delta; softmax turns that
  // into <= ~2 delta per weight, and the context and output projection add their own dot errors.
  double R = 0, Wo = 0, Bo = 0;
  for (int i = 0; i < rows; ++i)
    for (int f = 0; f < 3 * d; ++f) {
      double mag = std::fabs(bin[f]);
      for (int t = 0; t < d; ++t)
        mag += std::fabs(static_cast<double>(x[static_cast<std::size_t>(i) * d + t]) *
                         win[static_cast<std::size_t>(f) * d + t]);
      R = std::max(R, mag);
    }
  for (int f = 0; f < d; ++f) {
    double row = 0;
    for (int t = 0; t < d; ++t) row += std::fabs(wout[static_cast<std::size_t>(f) * d + t]);
    Wo = std::max(Wo, row);
    Bo = std::max(Bo, static_cast<double>(std::fabs(bout[f])));
  }
  const double q_err = (d + 2) * kU * R;  // per q/k/v entry
  const double delta = (2 * hd * R * q_err + (hd + 2) * kU * hd * R * R) / std::sqrt(hd);
  if (delta > 1e-2) return;  // ill-conditioned: logits too large for float to pin the weights
  const double p_tol = 3 * delta + 1e-6;
  double worst = 0;
  for (std::size_t i = 0; i < attn_n; ++i)
    worst = std::max(worst, std::fabs(static_cast<double>(attn[i]) - rattn[i]));
  FUZZ_CHECK(worst <= p_tol,
             "attention weights (b %d, s %d, d %d, h %d): SIMD vs ref maxdiff %g > %g", s.batch,
             s.seq, d, s.n_heads, worst, p_tol);
  const double ctx_err = s.seq * p_tol * R + (s.seq + 2) * kU * R + q_err;
  const double out_tol = ctx_err * Wo + (d + 2) * kU * (R * Wo + Bo) + 1e-30;
  double oworst = 0;
  for (std::size_t i = 0; i < out.size(); ++i)
    oworst = std::max(oworst, std::fabs(static_cast<double>(out[i]) - rout[i]));
  FUZZ_CHECK(oworst <= out_tol,
             "attention output (b %d, s %d, d %d, h %d): SIMD vs ref maxdiff %g > %g", s.batch,
             s.seq, d, s.n_heads, oworst, out_tol);
}

// ---- encoder -----------------------------------------------------------------------------

// A small encoder configuration (the bytes are read in this order by both encoder targets).
nw::EncoderConfig config_of(FuzzedDataProvider& fdp) {
  nw::EncoderConfig c;
  c.n_heads = fdp.ConsumeIntegralInRange(1, 4);
  c.d_model = c.n_heads * fdp.ConsumeIntegralInRange(1, 32 / c.n_heads);
  c.d_ff = fdp.ConsumeIntegralInRange(1, 64);
  c.n_layers = fdp.ConsumeIntegralInRange(1, 2);
  c.norm_first = fdp.ConsumeBool();
  c.final_norm = fdp.ConsumeBool();
  c.activation = fdp.ConsumeBool() ? nw::Activation::gelu : nw::Activation::relu;
  c.eps = eps_of(fdp);
  return c;
}

void fuzz_encoder(FuzzedDataProvider& fdp) {
  const nw::EncoderConfig c = config_of(fdp);
  const int batch = fdp.ConsumeIntegralInRange(0, 3), seq = fdp.ConsumeIntegralInRange(0, 16);
  const bool with_mask = fdp.ConsumeBool(), want_attn = fdp.ConsumeBool();
  FUZZ_CHECK(nw::validate(c).ok(), "%s", nw::validate(c).message().c_str());
  nw::Encoder enc(c, fdp.ConsumeIntegral<std::uint32_t>());  // PyTorch's default init, seeded
  const int rows = batch * seq;
  const std::vector<std::uint8_t> mask = mask_of(fdp, static_cast<std::size_t>(rows));
  const std::uint8_t* mp = with_mask ? mask.data() : nullptr;
  Values xv = Values::make(fdp, false);
  if (!xv.raw) xv.scale = std::min(xv.scale, 10.f);
  const std::vector<float> x = xv.vec(static_cast<std::size_t>(rows) * c.d_model);
  const std::size_t attn_n = static_cast<std::size_t>(c.n_layers) * batch * c.n_heads * seq * seq;
  std::vector<float> out(x.size(), -7.f), rout(x.size(), -7.f), attn(attn_n, -7.f),
      rattn(attn_n, -7.f);
  // Twice, the second time smaller, in the same workspace (a caller reuses the larger one).
  std::vector<float> work(nw::encoder_forward_workspace_floats(c, batch, seq));
  enc.forward(out.data(), want_attn ? attn.data() : nullptr, x.data(), mp, batch, seq, work.data());
  if (rows > 0) {
    std::vector<float> one(static_cast<std::size_t>(c.d_model));
    enc.forward(one.data(), nullptr, x.data(), mp, 1, 1, work.data());
  }
  std::vector<const float*> params;
  for (const auto& p : enc.parameters()) params.push_back(p.data());
  nw::ref::encoder_forward(rout.data(), rattn.data(), x.data(), mp, c, params, batch, seq);
  if (xv.raw) return;
  FUZZ_CHECK(all_finite(out.data(), out.size()), "encoder (b %d, s %d, d %d): non-finite output",
             batch, seq, c.d_model);
  if (want_attn)
    for (int l = 0; l < c.n_layers; ++l)
      for (int b = 0; b < batch; ++b)
        for (int h = 0; h < c.n_heads; ++h)
          check_distribution_rows(
              attn.data() + ((static_cast<std::size_t>(l) * batch + b) * c.n_heads + h) * seq * seq,
              mp ? mp + static_cast<std::size_t>(b) * seq : nullptr, seq, seq, true,
              "encoder attention");
  // PyTorch-initialised weights and |x| <= 10 keep every layer well conditioned.
  double worst = 0;
  for (std::size_t i = 0; i < out.size(); ++i)
    worst = std::max(worst, std::fabs(static_cast<double>(out[i]) - rout[i]));
  FUZZ_CHECK(
      worst <= 1e-3,
      "encoder (b %d, s %d, d %d, h %d, ff %d, %d layers, %s, eps %g): SIMD vs ref maxdiff %g",
      batch, seq, c.d_model, c.n_heads, c.d_ff, c.n_layers, c.norm_first ? "pre-LN" : "post-LN",
      c.eps, worst);
}

void fuzz_layer_norm(FuzzedDataProvider& fdp) { fuzz_norm(fdp, 0); }
void fuzz_rms_norm(FuzzedDataProvider& fdp) { fuzz_norm(fdp, 1); }
void fuzz_batch_norm(FuzzedDataProvider& fdp) { fuzz_norm(fdp, 2); }

// ---- element-wise: activations and the residual add --------------------------------------

// a == b, or both NaN (the same float operations on the same inputs).
bool same(float a, float b) { return a == b || (std::isnan(a) && std::isnan(b)); }

void fuzz_activation(FuzzedDataProvider& fdp) {
  const int n = fdp.ConsumeIntegralInRange(0, 300);
  const bool gelu = fdp.ConsumeBool();
  Values vals = Values::make(fdp, false);
  const std::vector<float> x = vals.vec(n);
  std::vector<float> a = x, r = x;
  if (gelu) {
    nw::gelu(a.data(), a.size());
    nw::ref::gelu(r.data(), r.size());
  } else {
    nw::relu(a.data(), a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      FUZZ_CHECK(same(a[i], x[i] > 0.f ? x[i] : 0.f), "relu(%g) = %g", x[i], a[i]);
    return;
  }
  if (vals.raw) return;
  FUZZ_CHECK(all_finite(a.data(), a.size()), "gelu (%d): non-finite output", n);
  const double diff = worst_rel_diff(a.data(), r.data(), a.size());
  FUZZ_CHECK(diff <= 1e-5, "gelu (%d): SIMD vs ref rel diff %g", n, diff);
}

// out = a + b (out aliasing either), then da += dy, db += dy: one float addition each, exact.
void fuzz_residual_add(FuzzedDataProvider& fdp) {
  const int n = fdp.ConsumeIntegralInRange(0, 300);
  const int alias = fdp.ConsumeIntegralInRange(0, 2);  // 0 none, 1 out = a, 2 out = b
  const int grads = fdp.ConsumeIntegralInRange(0, 3);  // bit 0: da, bit 1: db
  Values vals = Values::make(fdp, true);
  const std::vector<float> a = vals.vec(n), b = vals.vec(n), dy = vals.vec(n), s = vals.vec(n);
  std::vector<float> out(n, -7.f), ca = a, cb = b;
  float* o = alias == 1 ? ca.data() : alias == 2 ? cb.data() : out.data();
  nw::residual_add(o, ca.data(), cb.data(), n);
  for (int i = 0; i < n; ++i)
    FUZZ_CHECK(same(o[i], a[i] + b[i]), "residual_add %d: %g + %g gave %g", i, a[i], b[i], o[i]);
  std::vector<float> da = s, db = s;
  nw::residual_add_backward(grads & 1 ? da.data() : nullptr, grads & 2 ? db.data() : nullptr,
                            dy.data(), n);
  for (int i = 0; i < n; ++i) {
    FUZZ_CHECK(same(da[i], grads & 1 ? s[i] + dy[i] : s[i]), "residual_add_backward da[%d] = %g", i,
               da[i]);
    FUZZ_CHECK(same(db[i], grads & 2 ? s[i] + dy[i] : s[i]), "residual_add_backward db[%d] = %g", i,
               db[i]);
  }
}

// ---- backward kernels --------------------------------------------------------------------
// Each adds into its gradient outputs, which start from fuzzed values s; the SIMD result must be
// within an a-posteriori float error bound of the ref (float64 sums, one rounding):
// |fast - ref| <= c * (terms + 2) * u * sum |products| + 4 u (|s| + |ref|), with s counted in
// every term where the kernel adds into its output term by term.

double add_tol(float s, float r) {
  return 4 * kU * (std::fabs(static_cast<double>(s)) + std::fabs(static_cast<double>(r))) + 1e-30;
}

void fuzz_linear_backward(FuzzedDataProvider& fdp) {
  const int m = fdp.ConsumeIntegralInRange(0, 16), n = fdp.ConsumeIntegralInRange(0, 64);
  const int k =
      fdp.ConsumeBool() ? fdp.ConsumeIntegralInRange(0, 64) : fdp.ConsumeIntegralInRange(0, 300);
  const int which = fdp.ConsumeIntegralInRange(0, 7);  // bits: dx, dW, db
  Values vals = Values::make(fdp, false), sv = Values::make(fdp, false);
  const std::size_t nx = static_cast<std::size_t>(m) * k, nw_ = static_cast<std::size_t>(n) * k;
  const std::vector<float> x = vals.vec(nx), w = vals.vec(nw_),
                           dy = vals.vec(static_cast<std::size_t>(m) * n);
  const std::vector<float> sx = sv.vec(nx), sw = sv.vec(nw_), sb = sv.vec(n);
  std::vector<float> dx = sx, dw = sw, db = sb, rx = sx, rw = sw, rb = sb;
  std::vector<float> work(nw::linear_backward_workspace_floats(m, n, k));
  const auto pick = [which](int bit, std::vector<float>& v) {
    return which & bit ? v.data() : nullptr;
  };
  nw::linear_backward(pick(1, dx), pick(2, dw), pick(4, db), dy.data(), x.data(), w.data(), m, n, k,
                      work.data());
  nw::ref::linear_backward<float>(pick(1, rx), pick(2, rw), pick(4, rb), dy.data(), x.data(),
                                  w.data(), m, n, k);
  if (vals.raw || sv.raw) return;
  const auto at = [](int r, int c, int cols) { return static_cast<std::size_t>(r) * cols + c; };
  for (int i = 0; which & 1 && i < m; ++i)
    for (int t = 0; t < k; ++t) {
      double mag = 0;
      for (int j = 0; j < n; ++j)
        mag += std::fabs(static_cast<double>(dy[at(i, j, n)]) * w[at(j, t, k)]);
      const std::size_t o = at(i, t, k);
      const double tol = 2.0 * (n + 2) * kU * mag + add_tol(sx[o], rx[o]);
      FUZZ_CHECK(std::fabs(static_cast<double>(dx[o]) - rx[o]) <= tol,
                 "linear_backward (%d x %d x %d) dx[%d][%d]: %g vs ref %g (tol %g)", m, n, k, i, t,
                 dx[o], rx[o], tol);
    }
  for (int j = 0; which & 2 && j < n; ++j)
    for (int t = 0; t < k; ++t) {
      double mag = 0;
      for (int i = 0; i < m; ++i)
        mag += std::fabs(static_cast<double>(dy[at(i, j, n)]) * x[at(i, t, k)]);
      const std::size_t o = at(j, t, k);
      const double tol = 2.0 * (m + 2) * kU * mag + add_tol(sw[o], rw[o]);
      FUZZ_CHECK(std::fabs(static_cast<double>(dw[o]) - rw[o]) <= tol,
                 "linear_backward (%d x %d x %d) dW[%d][%d]: %g vs ref %g (tol %g)", m, n, k, j, t,
                 dw[o], rw[o], tol);
    }
  for (int j = 0; which & 4 && j < n; ++j) {
    double mag = 0;
    for (int i = 0; i < m; ++i) mag += std::fabs(dy[at(i, j, n)]);
    const double tol = 2.0 * (m + 2) * kU * (mag + std::fabs(sb[j])) + add_tol(sb[j], rb[j]);
    FUZZ_CHECK(std::fabs(static_cast<double>(db[j]) - rb[j]) <= tol,
               "linear_backward db[%d]: %.9g vs ref %.9g (tol %g)", j, db[j], rb[j], tol);
  }
}

// LayerNorm (kind 0) or RMSNorm (kind 1) backward from the forward's own statistics.
void fuzz_norm_backward(FuzzedDataProvider& fdp, int kind) {
  const int rows = fdp.ConsumeIntegralInRange(0, 16), dim = fdp.ConsumeIntegralInRange(0, 64);
  const float eps = eps_of(fdp);
  const bool with_gamma = fdp.ConsumeBool();
  const int which = fdp.ConsumeIntegralInRange(0, 7);  // bits: dx, dgamma, dbeta
  Values xv = Values::make(fdp, kind == 0), gv = Values::make(fdp, false),
         sv = Values::make(fdp, false);
  const std::size_t n = static_cast<std::size_t>(rows) * dim;
  const std::vector<float> x = xv.vec(n), dy = gv.vec(n), gamma = gv.vec(with_gamma ? dim : 0);
  const std::vector<float> sx = sv.vec(n), sg = sv.vec(dim), sb = sv.vec(dim);
  const float* g = with_gamma ? gamma.data() : nullptr;
  std::vector<float> y(n), s1(rows), s2(rows);
  if (kind == 0)
    nw::layer_norm(y.data(), s1.data(), s2.data(), x.data(), g, nullptr, rows, dim, eps);
  else
    nw::rms_norm(y.data(), s1.data(), x.data(), g, rows, dim, eps);
  std::vector<float> dx = sx, dg = sg, db = sb, rx = sx, rg = sg, rb = sb;
  const auto pick = [which](int bit, std::vector<float>& v) {
    return which & bit ? v.data() : nullptr;
  };
  if (kind == 0) {
    nw::layer_norm_backward(pick(1, dx), pick(2, dg), pick(4, db), dy.data(), x.data(), g,
                            s1.data(), s2.data(), rows, dim, eps);
    nw::ref::layer_norm_backward<float>(pick(1, rx), pick(2, rg), pick(4, rb), dy.data(), x.data(),
                                        g, s1.data(), s2.data(), rows, dim, eps);
  } else {
    nw::rms_norm_backward(pick(1, dx), pick(2, dg), dy.data(), x.data(), g, s1.data(), rows, dim,
                          eps);
    nw::ref::rms_norm_backward<float>(pick(1, rx), pick(2, rg), dy.data(), x.data(), g, s1.data(),
                                      rows, dim, eps);
  }
  const char* name = kind == 0 ? "layer_norm_backward" : "rms_norm_backward";
  if (xv.raw || gv.raw || sv.raw || dim == 0) return;
  // Per row: r = 1/sqrt(stat + eps), xh = (x - mean) r, g = dy gamma. dx = r (g - mean g - xh
  // mean(g xh)).
  std::vector<double> colsum_gx(dim, 0.0), colsum_dy(dim, 0.0);
  for (int i = 0; i < rows; ++i) {
    const double stat = kind == 0 ? s2[i] : static_cast<double>(s1[i]) * s1[i];
    const double rr = 1.0 / std::sqrt(stat + eps), mean = kind == 0 ? s1[i] : 0.0;
    double G = 0, X = 0, GX = 0;
    for (int j = 0; j < dim; ++j) {
      const std::size_t o = static_cast<std::size_t>(i) * dim + j;
      const double xh = (x[o] - mean) * rr, gg = static_cast<double>(dy[o]) * (g ? g[j] : 1.f);
      G = std::max(G, std::fabs(gg));
      X = std::max(X, std::fabs(xh));
      GX = std::max(GX, std::fabs(gg * xh));
      colsum_gx[j] += std::fabs(dy[o] * xh);
      colsum_dy[j] += std::fabs(dy[o]);
    }
    for (int j = 0; which & 1 && j < dim; ++j) {
      const std::size_t o = static_cast<std::size_t>(i) * dim + j;
      const double tol = 16.0 * (dim + 8) * kU * rr * (G + X * GX) + add_tol(sx[o], rx[o]);
      FUZZ_CHECK(std::fabs(static_cast<double>(dx[o]) - rx[o]) <= tol,
                 "%s (%d x %d, eps %g) dx[%d][%d]: %g vs ref %g (tol %g)", name, rows, dim, eps, i,
                 j, dx[o], rx[o], tol);
    }
  }
  for (int j = 0; j < dim; ++j) {
    if (which & 2) {
      const double tol =
          8.0 * (rows + 8) * kU * (colsum_gx[j] + std::fabs(sg[j])) + add_tol(sg[j], rg[j]);
      FUZZ_CHECK(std::fabs(static_cast<double>(dg[j]) - rg[j]) <= tol,
                 "%s dgamma[%d]: %g vs ref %g (tol %g)", name, j, dg[j], rg[j], tol);
    }
    if (kind == 0 && which & 4) {
      const double tol =
          4.0 * (rows + 2) * kU * (colsum_dy[j] + std::fabs(sb[j])) + add_tol(sb[j], rb[j]);
      FUZZ_CHECK(std::fabs(static_cast<double>(db[j]) - rb[j]) <= tol, "%s dbeta[%d]: %g vs ref %g",
                 name, j, db[j], rb[j]);
    }
  }
}

void fuzz_layer_norm_backward(FuzzedDataProvider& fdp) { fuzz_norm_backward(fdp, 0); }
void fuzz_rms_norm_backward(FuzzedDataProvider& fdp) { fuzz_norm_backward(fdp, 1); }

// dx += y (dy - sum_j y_j dy_j), y a (masked) softmax output: masked keys (y = 0) get nothing.
void fuzz_softmax_backward(FuzzedDataProvider& fdp) {
  const int rows = fdp.ConsumeIntegralInRange(0, 16), n = fdp.ConsumeIntegralInRange(0, 64);
  const std::vector<std::uint8_t> mask = mask_of(fdp, n);
  Values xv = Values::make(fdp, true), gv = Values::make(fdp, false), sv = Values::make(fdp, false);
  const std::size_t total = static_cast<std::size_t>(rows) * n;
  const std::vector<float> x = xv.vec(total), dy = gv.vec(total), s = sv.vec(total);
  std::vector<float> y(total);
  nw::softmax(y.data(), x.data(), mask.data(), rows, n);
  std::vector<float> dx = s, rx = s;
  nw::softmax_backward(dx.data(), dy.data(), y.data(), rows, n);
  nw::ref::softmax_backward(rx.data(), dy.data(), y.data(), rows, n);
  if (xv.raw || gv.raw || sv.raw) return;
  for (int r = 0; r < rows; ++r) {
    double D = 0;
    for (int j = 0; j < n; ++j)
      D = std::max(D, static_cast<double>(std::fabs(dy[static_cast<std::size_t>(r) * n + j])));
    for (int j = 0; j < n; ++j) {
      const std::size_t o = static_cast<std::size_t>(r) * n + j;
      if (y[o] == 0.f)
        FUZZ_CHECK(dx[o] == s[o], "softmax_backward row %d: key %d has y = 0 but dx changed", r, j);
      const double tol = 8.0 * (n + 4) * kU * y[o] * (std::fabs(dy[o]) + D) + add_tol(s[o], rx[o]);
      FUZZ_CHECK(std::fabs(static_cast<double>(dx[o]) - rx[o]) <= tol,
                 "softmax_backward (%d x %d) dx[%d][%d]: %g vs ref %g (tol %g)", rows, n, r, j,
                 dx[o], rx[o], tol);
    }
  }
}

void fuzz_attention_core_backward(FuzzedDataProvider& fdp) {
  nw::AttentionShape s;
  s.batch = fdp.ConsumeIntegralInRange(0, 3);
  s.seq = fdp.ConsumeIntegralInRange(0, 16);
  s.n_heads = fdp.ConsumeIntegralInRange(1, 4);
  s.d_model = s.n_heads * fdp.ConsumeIntegralInRange(1, 64 / s.n_heads);
  const int d = s.d_model, n = s.seq, rows = s.batch * s.seq, hd = d / s.n_heads;
  const bool with_mask = fdp.ConsumeBool();
  const std::vector<std::uint8_t> mask = mask_of(fdp, static_cast<std::size_t>(rows));
  const std::uint8_t* mp = with_mask ? mask.data() : nullptr;
  Values qv = Values::make(fdp, false), gv = Values::make(fdp, false),
         sv = Values::make(fdp, false);
  const std::size_t nq = static_cast<std::size_t>(rows) * 3 * d;
  const std::vector<float> qkv = qv.vec(nq), dctx = gv.vec(static_cast<std::size_t>(rows) * d),
                           start = sv.vec(nq);
  std::vector<float> ctx(static_cast<std::size_t>(rows) * d),
      attn(static_cast<std::size_t>(s.batch) * s.n_heads * n * n),
      fw(nw::attention_core_workspace_floats(s)),
      bw(nw::attention_core_backward_workspace_floats(s));
  nw::attention_core(ctx.data(), attn.data(), qkv.data(), mp, s, fw.data());
  std::vector<float> dq = start, rq = start;
  nw::attention_core_backward(dq.data(), dctx.data(), qkv.data(), attn.data(), s, bw.data());
  // Keys no query attends (padding, or a fully padded sequence) get no gradient: exactly, for any
  // input.
  for (int b = 0; b < s.batch; ++b)
    for (int j = 0; j < n; ++j) {
      bool attended = false;
      for (int h = 0; h < s.n_heads; ++h)
        for (int i = 0; i < n; ++i)
          attended = attended ||
                     attn[((static_cast<std::size_t>(b) * s.n_heads + h) * n + i) * n + j] != 0.f;
      if (attended) continue;
      const std::size_t o = (static_cast<std::size_t>(b) * n + j) * 3 * d;
      FUZZ_CHECK(
          std::memcmp(dq.data() + o + d, start.data() + o + d, 2 * d * sizeof(float)) == 0,
          "attention_core_backward: key %d of sequence %d has zero weight but got a gradient", j,
          b);
    }
  nw::ref::attention_core_backward(rq.data(), dctx.data(), qkv.data(), attn.data(), s);
  if (qv.raw || gv.raw || sv.raw) return;
  // A-posteriori bounds with Q, K, V, G the largest |entries|: |dP| <= D = hd G V, each dS row
  // sums to at most 2 D scale in magnitude (sum_j P_ij = 1) and each dS column to n times that.
  double Qm = 0, Km = 0, Vm = 0, Gm = 0;
  for (int r = 0; r < rows; ++r)
    for (int t = 0; t < d; ++t) {
      const std::size_t o = static_cast<std::size_t>(r) * 3 * d + t;
      Qm = std::max(Qm, static_cast<double>(std::fabs(qkv[o])));
      Km = std::max(Km, static_cast<double>(std::fabs(qkv[o + d])));
      Vm = std::max(Vm, static_cast<double>(std::fabs(qkv[o + 2 * d])));
      Gm = std::max(Gm, static_cast<double>(std::fabs(dctx[static_cast<std::size_t>(r) * d + t])));
    }
  const double scale = 1.0 / std::sqrt(static_cast<double>(hd)), D = hd * Gm * Vm;
  const double per_ds = scale * D * kU * (8.0 * (hd + n + 12));
  const double tol_q = per_ds * Km, tol_k = n * per_ds * Qm, tol_v = 8.0 * (n + 2) * kU * n * Gm;
  for (std::size_t o = 0; o < nq; ++o) {
    const int part = static_cast<int>((o % (3 * static_cast<std::size_t>(d))) / d);
    const double tol = (part == 0   ? tol_q
                        : part == 1 ? tol_k
                                    : tol_v) +
                       4.0 * (n + 2) * kU * std::fabs(start[o]) + add_tol(start[o], rq[o]);
    FUZZ_CHECK(std::fabs(static_cast<double>(dq[o]) - rq[o]) <= tol,
               "attention_core_backward (b %d, s %d, d %d, h %d) d%c at %zu: %g vs ref %g (tol %g)",
               s.batch, n, d, s.n_heads, "qkv"[part], o, dq[o], rq[o], tol);
  }
}

void fuzz_activation_backward(FuzzedDataProvider& fdp) {
  const int n = fdp.ConsumeIntegralInRange(0, 300);
  Values vals = Values::make(fdp, false), sv = Values::make(fdp, false);
  const std::vector<float> x = vals.vec(n), dy = vals.vec(n), s = sv.vec(n);
  std::vector<float> y = x;
  nw::relu(y.data(), y.size());
  std::vector<float> dr = s, dg = s, rg = s;
  nw::relu_backward(dr.data(), dy.data(), y.data(), n);
  for (int i = 0; i < n; ++i)
    FUZZ_CHECK(same(dr[i], y[i] > 0.f ? s[i] + dy[i] : s[i]),
               "relu_backward %d: y %g, dy %g, dx %g -> %g", i, y[i], dy[i], s[i], dr[i]);
  nw::gelu_backward(dg.data(), dy.data(), x.data(), n);
  nw::ref::gelu_backward(rg.data(), dy.data(), x.data(), n);
  if (vals.raw || sv.raw) return;
  for (int i = 0; i < n; ++i) {
    const double tol = 1e-5 * std::fabs(dy[i]) + add_tol(s[i], rg[i]);
    FUZZ_CHECK(std::fabs(static_cast<double>(dg[i]) - rg[i]) <= tol,
               "gelu_backward at x = %g, dy = %g: %g vs ref %g", x[i], dy[i], dg[i], rg[i]);
  }
}

// ---- embedding, loss, optimizer ----------------------------------------------------------

// n ids in [0, count), or reaching one step outside it on either side: a refusal writes nothing.
std::vector<std::int32_t> ids_of(FuzzedDataProvider& fdp, int n, int count) {
  const int lo = fdp.ConsumeBool() ? -1 : 0;
  const int hi = fdp.ConsumeBool() ? count : count - 1;
  std::vector<std::int32_t> ids(n);
  for (auto& t : ids) t = fdp.ConsumeIntegralInRange(lo, hi);
  return ids;
}

void fuzz_embedding(FuzzedDataProvider& fdp) {
  const int rows = fdp.ConsumeIntegralInRange(0, 16), vocab = fdp.ConsumeIntegralInRange(1, 16),
            dim = fdp.ConsumeIntegralInRange(0, 64);
  const std::vector<std::int32_t> tokens = ids_of(fdp, rows, vocab);
  Values vals = Values::make(fdp, true);
  const std::vector<float> table = vals.vec(static_cast<std::size_t>(vocab) * dim),
                           dout = vals.vec(static_cast<std::size_t>(rows) * dim);
  std::vector<float> out(static_cast<std::size_t>(rows) * dim, -7.f), dt = table;
  bool valid = true;
  for (int t : tokens) valid = valid && t >= 0 && t < vocab;
  const nw::Status fwd = nw::embedding(out.data(), table.data(), tokens.data(), rows, vocab, dim);
  const nw::Status bwd =
      nw::embedding_backward(dt.data(), dout.data(), tokens.data(), rows, vocab, dim);
  FUZZ_CHECK(fwd.ok() == valid && bwd.ok() == valid, "embedding: tokens %s but status %s",
             valid ? "valid" : "invalid", fwd.message().c_str());
  if (!valid) {
    FUZZ_CHECK(!fwd.message().empty() && fwd.message() == bwd.message(),
               "embedding: refusal without a message");
    for (float v : out) FUZZ_CHECK(v == -7.f, "embedding wrote before refusing");
    FUZZ_CHECK(dt.empty() || std::memcmp(dt.data(), table.data(), dt.size() * 4) == 0,
               "embedding_backward wrote before refusing");
    return;
  }
  std::vector<float> rout(out.size()), rt = table;
  nw::ref::embedding(rout.data(), table.data(), tokens.data(), rows, dim);
  nw::ref::embedding_backward(rt.data(), dout.data(), tokens.data(), rows, dim);
  for (std::size_t i = 0; i < out.size(); ++i)
    FUZZ_CHECK(same(out[i], rout[i]), "embedding gather differs at %zu", i);
  for (std::size_t i = 0; i < dt.size(); ++i)
    FUZZ_CHECK(same(dt[i], rt[i]), "embedding_backward differs at %zu: %g vs %g", i, dt[i], rt[i]);
}

void fuzz_cross_entropy(FuzzedDataProvider& fdp) {
  const int rows = fdp.ConsumeIntegralInRange(0, 16), classes = fdp.ConsumeIntegralInRange(1, 64);
  std::vector<std::int32_t> targets = ids_of(fdp, rows, classes);
  for (auto& t : targets)
    if (fdp.ConsumeIntegralInRange(0, 3) == 0) t = -100;  // ignore_index
  Values zv = Values::make(fdp, true), sv = Values::make(fdp, false);
  const float dloss = sv.next();
  const std::vector<float> z = zv.vec(static_cast<std::size_t>(rows) * classes),
                           s = sv.vec(z.size());
  bool valid = true;
  int kept = 0;
  for (int t : targets) {
    valid = valid && (t == -100 || (t >= 0 && t < classes));
    kept += t != -100;
  }
  float loss = -7.f;
  std::vector<float> dz = s;
  const nw::Status fwd = nw::cross_entropy(&loss, z.data(), targets.data(), rows, classes);
  const nw::Status bwd =
      nw::cross_entropy_backward(dz.data(), z.data(), targets.data(), dloss, rows, classes);
  FUZZ_CHECK(fwd.ok() == valid && bwd.ok() == valid, "cross_entropy: targets %s but status %s",
             valid ? "valid" : "invalid", fwd.message().c_str());
  if (!valid) {
    FUZZ_CHECK(!fwd.message().empty(), "cross_entropy: refusal without a message");
    FUZZ_CHECK(loss == -7.f, "cross_entropy wrote the loss before refusing");
    FUZZ_CHECK(dz.empty() || std::memcmp(dz.data(), s.data(), dz.size() * 4) == 0,
               "cross_entropy_backward wrote before refusing");
    return;
  }
  float rloss = 0.f;  // ref: float64 sums, rounded once
  std::vector<float> rz = s;
  nw::ref::cross_entropy(&rloss, z.data(), targets.data(), rows, classes);
  nw::ref::cross_entropy_backward(rz.data(), z.data(), targets.data(), static_cast<double>(dloss),
                                  rows, classes);
  if (zv.raw || sv.raw) return;
  if (kept == 0) {
    FUZZ_CHECK(loss == 0.f, "cross_entropy with every row ignored gave %g", loss);
    FUZZ_CHECK(dz.empty() || std::memcmp(dz.data(), s.data(), dz.size() * 4) == 0,
               "cross_entropy_backward with every row ignored added a gradient");
    return;
  }
  const double ltol = 8.0 * (classes + 8) * kU * (1.0 + std::fabs(rloss));
  FUZZ_CHECK(std::fabs(loss - rloss) <= ltol, "cross_entropy (%d x %d): %.9g vs ref %.9g", rows,
             classes, loss, rloss);
  const double scale = std::fabs(static_cast<double>(dloss)) / kept;
  for (std::size_t i = 0; i < dz.size(); ++i) {
    const double tol = 8.0 * (classes + 8) * kU * scale + add_tol(s[i], rz[i]);
    FUZZ_CHECK(std::fabs(static_cast<double>(dz[i]) - rz[i]) <= tol,
               "cross_entropy_backward at %zu: %g vs ref %g (tol %g)", i, dz[i], rz[i], tol);
  }
}

void fuzz_adamw_step(FuzzedDataProvider& fdp) {
  const int n = fdp.ConsumeIntegralInRange(0, 300);
  nw::AdamW hp;
  constexpr double kLr[] = {1e-4, 1e-3, 1e-2, 0.1}, kBeta1[] = {0.9, 0.5, 0.0, 0.99},
                   kBeta2[] = {0.999, 0.98, 0.9, 0.0};
  hp.lr = kLr[fdp.ConsumeIntegralInRange(0, 3)];
  hp.beta1 = kBeta1[fdp.ConsumeIntegralInRange(0, 3)];
  hp.beta2 = kBeta2[fdp.ConsumeIntegralInRange(0, 3)];
  hp.eps = fdp.ConsumeBool() ? 1e-8 : 1e-6;
  hp.weight_decay = fdp.ConsumeBool() ? 1e-2 : 0.0;
  const int step = fdp.ConsumeIntegralInRange(1, 1000);
  Values vals = Values::make(fdp, false);
  const float grad_scale =
      fdp.ConsumeBool() ? 1.f : static_cast<float>(fdp.ConsumeIntegralInRange(1, 1000)) / 1000.f;
  const std::vector<float> p0 = vals.vec(n), m0 = vals.vec(n), g = vals.vec(n);
  std::vector<float> v0 = vals.vec(n);
  for (float& v : v0) v = v * v;
  std::vector<float> p = p0, m = m0, v = v0, rp = p0, rm = m0, rv = v0;
  nw::adamw_step(p.data(), m.data(), v.data(), g.data(), hp, step, grad_scale, n);
  nw::ref::adamw_step(rp.data(), rm.data(), rv.data(), g.data(), hp, step, grad_scale, n);
  if (vals.raw) return;
  const double bc1 = 1.0 - std::pow(hp.beta1, step), bc2 = 1.0 - std::pow(hp.beta2, step);
  const double step_size = hp.lr / bc1, decay = 1.0 - hp.lr * hp.weight_decay;
  for (int i = 0; i < n; ++i) {
    const double gs = static_cast<double>(g[i]) * grad_scale;
    const double em =
        8 * kU * (std::fabs(hp.beta1 * m0[i]) + std::fabs((1 - hp.beta1) * gs)) + 1e-30;
    const double ev = 8 * kU * (hp.beta2 * v0[i] + (1 - hp.beta2) * gs * gs) + 1e-30;
    FUZZ_CHECK(std::fabs(static_cast<double>(m[i]) - rm[i]) <= em,
               "adamw_step exp_avg[%d]: %g vs ref %g", i, m[i], rm[i]);
    FUZZ_CHECK(std::fabs(static_cast<double>(v[i]) - rv[i]) <= ev,
               "adamw_step exp_avg_sq[%d]: %g vs ref %g", i, v[i], rv[i]);
    const double den = std::sqrt(static_cast<double>(rv[i])) / std::sqrt(bc2) + hp.eps;
    const double upd = step_size * std::fabs(static_cast<double>(rm[i])) / den;
    const double tol = 4 * kU * (std::fabs(p0[i] * decay) + std::fabs(rp[i])) +
                       step_size * em / den + 16 * kU * upd + 1e-30;
    FUZZ_CHECK(std::fabs(static_cast<double>(p[i]) - rp[i]) <= tol,
               "adamw_step param[%d] (step %d, lr %g): %.9g vs ref %.9g (tol %g)", i, step, hp.lr,
               p[i], rp[i], tol);
  }
  // The global norm for clipping: float32 blocks summed in float64.
  double sq = 0;
  for (int i = 0; i < n; ++i) sq += static_cast<double>(g[i]) * g[i];
  const double got = nw::squared_norm(g.data(), n);
  FUZZ_CHECK(std::fabs(got - sq) <= 2.0 * (256 + 2) * kU * sq + 1e-30,
             "squared_norm (%d): %.9g vs %.9g", n, got, sq);
}

// ---- training: the forward that keeps activations, and the backward ----------------------

// Memory safety (workspace and saved activations of exactly the reported sizes), the training
// forward equal bit for bit to Encoder::forward, and finite gradients for bounded inputs.
void fuzz_encoder_train(FuzzedDataProvider& fdp) {
  const nw::EncoderConfig c = config_of(fdp);
  const int batch = fdp.ConsumeIntegralInRange(0, 3), seq = fdp.ConsumeIntegralInRange(0, 16);
  const bool with_mask = fdp.ConsumeBool(), with_dx = fdp.ConsumeBool();
  FUZZ_CHECK(nw::validate(c).ok(), "%s", nw::validate(c).message().c_str());
  nw::Encoder enc(c, fdp.ConsumeIntegral<std::uint32_t>());
  std::vector<float> params;
  for (const auto& p : enc.parameters()) params.insert(params.end(), p.begin(), p.end());
  FUZZ_CHECK(params.size() == nw::parameter_count(c), "parameter_count %zu, parameters hold %zu",
             nw::parameter_count(c), params.size());
  const int rows = batch * seq;
  const std::vector<std::uint8_t> mask = mask_of(fdp, static_cast<std::size_t>(rows));
  const std::uint8_t* mp = with_mask ? mask.data() : nullptr;
  Values xv = Values::make(fdp, false);
  if (!xv.raw) xv.scale = std::min(xv.scale, 10.f);
  const std::vector<float> x = xv.vec(static_cast<std::size_t>(rows) * c.d_model),
                           dout = xv.vec(x.size());
  std::vector<float> out(x.size(), -7.f), train_out(x.size(), -7.f),
      fwork(nw::encoder_forward_workspace_floats(c, batch, seq)),
      saved(nw::encoder_saved_floats(c, batch, seq)),
      work(nw::encoder_train_workspace_floats(c, batch, seq)), dx(with_dx ? x.size() : 0, 0.f),
      dp(params.size(), 0.f);
  enc.forward(out.data(), nullptr, x.data(), mp, batch, seq, fwork.data());
  nw::encoder_forward_train(train_out.data(), saved.data(), x.data(), mp, params.data(), c, batch,
                            seq, work.data());
  for (std::size_t i = 0; i < out.size(); ++i)
    FUZZ_CHECK(same(out[i], train_out[i]),
               "encoder_forward_train differs from Encoder::forward at %zu: %g vs %g", i,
               train_out[i], out[i]);
  nw::encoder_backward(with_dx ? dx.data() : nullptr, dp.data(), dout.data(), saved.data(),
                       params.data(), c, batch, seq, work.data());
  if (xv.raw) return;
  FUZZ_CHECK(all_finite(dp.data(), dp.size()) && all_finite(dx.data(), dx.size()),
             "encoder_backward (b %d, s %d, d %d, h %d, ff %d, %d layers, %s): non-finite gradient",
             batch, seq, c.d_model, c.n_heads, c.d_ff, c.n_layers,
             c.norm_first ? "pre-LN" : "post-LN");
}
// The trainer as JavaScript drives it: one block of token_trainer_floats (ASan sees an overrun),
// tokens and targets that may lie outside their ranges (refused before anything changes), any
// learning rate (a step whose loss or gradient norm is not finite puts back the last weights whose
// loss was finite: those before the last step that went on), and evaluate() over any number of
// sequences in chunks of batch.
void fuzz_token_trainer(FuzzedDataProvider& fdp) {
  nw::TrainerShape s;
  s.encoder = config_of(fdp);
  s.vocab = fdp.ConsumeIntegralInRange(1, 8);
  s.classes = fdp.ConsumeIntegralInRange(1, 6);
  s.batch = fdp.ConsumeIntegralInRange(1, 3);
  s.seq = fdp.ConsumeIntegralInRange(1, 8);
  FUZZ_CHECK(nw::validate(s).ok(), "%s", nw::validate(s).message().c_str());
  nw::TokenTrainer t(s, fdp.ConsumeIntegral<std::uint32_t>());
  const auto parameters = [&] {
    std::vector<float> p(t.parameter_count());
    t.get_parameters(p.data());
    return p;
  };
  const auto same_bits = [](const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
  };
  constexpr double kLr[] = {1e-3, 1e-1, 1e3, 1e38};
  std::vector<float> last_good = parameters();
  for (int round = 0, rounds = fdp.ConsumeIntegralInRange(1, 3); round < rounds; ++round) {
    const int n = fdp.ConsumeIntegralInRange(1, 5);  // sequences for evaluate()
    const std::size_t rows = static_cast<std::size_t>(n) * s.seq;
    std::vector<std::int32_t> tokens(rows), targets(rows);
    bool valid = true;
    for (std::size_t r = 0; r < rows; ++r) {
      tokens[r] =
          fdp.ConsumeIntegralInRange(-1, s.vocab - (fdp.ConsumeIntegralInRange(0, 15) != 0));
      const int pick = fdp.ConsumeIntegralInRange(0, 15);
      targets[r] = pick == 0  ? nw::kIgnoreIndex - 1
                   : pick < 4 ? nw::kIgnoreIndex
                              : (pick - 4) % (s.classes + 1);
      valid = valid && tokens[r] >= 0 && tokens[r] < s.vocab &&
              (targets[r] == nw::kIgnoreIndex || (targets[r] >= 0 && targets[r] < s.classes));
    }
    const std::vector<std::uint8_t> mask = mask_of(fdp, rows);
    const std::uint8_t* mp = fdp.ConsumeBool() ? mask.data() : nullptr;
    // The step reads the first batch sequences; evaluate() all n.
    bool step_valid = true;
    const std::size_t batch_rows = std::min(rows, static_cast<std::size_t>(s.batch) * s.seq);
    for (std::size_t r = 0; r < batch_rows; ++r)
      step_valid = step_valid && tokens[r] >= 0 && tokens[r] < s.vocab &&
                   (targets[r] == nw::kIgnoreIndex || (targets[r] >= 0 && targets[r] < s.classes));
    if (n >= s.batch) {
      nw::AdamW hp;
      hp.lr = kLr[fdp.ConsumeIntegralInRange(0, 3)];
      const std::vector<float> before = parameters();
      nw::StepReport report;
      const nw::Status status =
          t.step(report, tokens.data(), targets.data(), mp, hp, fdp.ConsumeBool() ? 1.0 : 0.0);
      FUZZ_CHECK(status.ok() == step_valid, "step: %s for %s input",
                 status.ok() ? "accepted" : status.message().c_str(),
                 step_valid ? "valid" : "invalid");
      if (!status.ok()) {
        FUZZ_CHECK(same_bits(parameters(), before), "step refused but changed the weights");
      } else if (report.stopped) {
        FUZZ_CHECK(same_bits(parameters(), last_good),
                   "step stopped but did not put back the last weights whose loss was finite");
      } else {
        FUZZ_CHECK(std::isfinite(report.loss) && std::isfinite(report.grad_norm),
                   "step went on with loss %g, gradient norm %g", report.loss, report.grad_norm);
        last_good = before;
      }
    }
    std::vector<float> logits(rows * s.classes, -7.f),
        attn(nw::token_trainer_attention_floats(s), -7.f);
    double loss = -1.0;
    const bool with_targets = fdp.ConsumeBool();
    const nw::Status status = t.evaluate(loss, logits.data(), attn.data(), tokens.data(),
                                         with_targets ? targets.data() : nullptr, mp, n);
    bool tokens_ok = true;
    for (std::int32_t tok : tokens) tokens_ok = tokens_ok && tok >= 0 && tok < s.vocab;
    FUZZ_CHECK(status.ok() == (with_targets ? valid : tokens_ok), "evaluate: %s",
               status.ok() ? "accepted an invalid input" : status.message().c_str());
    if (status.ok() && !with_targets)
      FUZZ_CHECK(loss == 0.0, "evaluate without targets: loss %g", loss);
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider fdp(data, size);
  const nw::OpInfo* op = nw::fuzz_op(fdp.ConsumeIntegral<std::uint8_t>());
  if (!op) return -1;  // names no op: libFuzzer keeps it out of the corpus
  switch (op->op) {
#define NW_FUZZ_OP(id, name, module, transport, bindings, api, parity, kernels) \
  case nw::Op::name:                                                            \
    fuzz_##name(fdp);                                                           \
    break;
    NORMWAVE_OPS(NW_FUZZ_OP)
#undef NW_FUZZ_OP
  }
  return 0;
}
