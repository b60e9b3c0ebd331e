// libFuzzer target: every kernel entry point with shapes and values taken from the input.
// Sizes are bounded (dims <= 64, rows <= 16, seq <= 16, linear depth <= 300 to cross the
// 256-deep block); zero sizes are allowed everywhere (an empty batch is a no-op).
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
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/norms.hpp"
#include "normwave/positional_encoding.hpp"
#include "normwave/softmax.hpp"

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
  for (auto& b : m) b = fdp.ConsumeIntegralInRange(0, 3) < density ? fdp.ConsumeIntegralInRange(1, 255) : 0;
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
  FUZZ_CHECK(diff <= tol, "%s (%d x %d, eps %g): SIMD vs ref rel diff %g > %g", name, rows, dim, eps, diff, tol);
  const double sdiff = worst_rel_diff(s1.data(), r1.data(), stats);
  FUZZ_CHECK(sdiff <= 1e-5, "%s statistics: SIMD vs ref rel diff %g", name, sdiff);
}

// ---- positional encoding -----------------------------------------------------------------

void fuzz_pe(FuzzedDataProvider& fdp) {
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
  std::vector<float> pe(n, 7.f), ref(n, 7.f);
  nw::positional_encoding(pe.data(), seq, d, base);
  for (std::size_t i = 0; i < n; ++i)
    FUZZ_CHECK(pe[i] >= -1.f && pe[i] <= 1.f, "PE(%zu, %zu) = %g with base %.17g, d_model %d",
               i / d, i % d, pe[i], base, d);
  if (raw) return;
  nw::ref::positional_encoding(ref.data(), seq, d, base);
  double worst = 0;
  for (std::size_t i = 0; i < n; ++i) worst = std::max(worst, std::fabs(static_cast<double>(pe[i]) - ref[i]));
  FUZZ_CHECK(worst <= 1e-6, "PE (%d x %d, base %.17g): SIMD vs ref maxdiff %g", seq, d, base, worst);
}

// ---- linear and activations --------------------------------------------------------------

void fuzz_linear(FuzzedDataProvider& fdp) {
  const int m = fdp.ConsumeIntegralInRange(0, 16), n = fdp.ConsumeIntegralInRange(0, 64);
  const int k = fdp.ConsumeBool() ? fdp.ConsumeIntegralInRange(0, 64) : fdp.ConsumeIntegralInRange(0, 300);
  const bool with_bias = fdp.ConsumeBool();
  Values vals = Values::make(fdp, false);
  const std::vector<float> x = vals.vec(static_cast<std::size_t>(m) * k),
                           w = vals.vec(static_cast<std::size_t>(n) * k), b = vals.vec(with_bias ? n : 0);
  const float* bp = with_bias ? b.data() : nullptr;
  std::vector<float> y(static_cast<std::size_t>(m) * n, -7.f), ry(y.size(), -7.f), scratch;
  nw::linear(y.data(), x.data(), w.data(), bp, m, n, k, scratch);
  nw::ref::linear(ry.data(), x.data(), w.data(), bp, m, n, k);
  const int act = fdp.ConsumeIntegralInRange(0, 2);  // none, relu, gelu
  std::vector<float> a = y, ra = y;
  if (act == 1) { nw::relu(a.data(), a.size()); nw::ref::relu(ra.data(), ra.size()); }
  if (act == 2) { nw::gelu(a.data(), a.size()); nw::ref::gelu(ra.data(), ra.size()); }
  if (vals.raw) return;
  FUZZ_CHECK(all_finite(y.data(), y.size()), "linear (%d x %d x %d): non-finite output", m, n, k);
  // Each output is a k-term dot product: error <= ~k u sum |x_i w_i| (+ |b|).
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double mag = with_bias ? std::fabs(b[j]) : 0.0;
      for (int t = 0; t < k; ++t)
        mag += std::fabs(static_cast<double>(x[static_cast<std::size_t>(i) * k + t]) * w[static_cast<std::size_t>(j) * k + t]);
      const std::size_t o = static_cast<std::size_t>(i) * n + j;
      const double err = std::fabs(static_cast<double>(y[o]) - ry[o]), tol = 2.0 * (k + 2) * kU * mag + 1e-30;
      FUZZ_CHECK(err <= tol, "linear (%d x %d x %d) y[%d][%d]: SIMD %g vs ref %g (tol %g)", m, n, k, i, j, y[o], ry[o], tol);
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
        FUZZ_CHECK(row[j] == 0.f && !std::signbit(row[j]), "%s row %d: masked key %d has weight %g", what, r, j, row[j]);
      if (finite) FUZZ_CHECK(row[j] >= 0.f && row[j] <= 1.f, "%s row %d: weight %d = %g", what, r, j, row[j]);
      sum += row[j];
    }
    if (finite && !all_masked && n > 0)
      FUZZ_CHECK(std::fabs(sum - 1.0) <= 1e-5, "%s row %d of %d keys sums to %.9g", what, r, n, sum);
  }
}

void fuzz_softmax(FuzzedDataProvider& fdp) {
  const int rows = fdp.ConsumeIntegralInRange(0, 16), n = fdp.ConsumeIntegralInRange(0, 64);
  const bool with_mask = fdp.ConsumeBool(), in_place = fdp.ConsumeBool();
  const std::vector<std::uint8_t> mask = mask_of(fdp, n);
  const std::uint8_t* mp = with_mask ? mask.data() : nullptr;
  Values vals = Values::make(fdp, true);
  if (!vals.raw) vals.scale *= 10.f;  // logits up to 1e4 apart
  std::vector<float> x = vals.vec(static_cast<std::size_t>(rows) * n), y(x.size(), -7.f), ry(x.size(), -7.f);
  const std::vector<float> x0 = x;
  if (in_place) {
    nw::softmax(x.data(), x.data(), mp, rows, n);
    y = x;
  } else {
    nw::softmax(y.data(), x.data(), mp, rows, n);
    FUZZ_CHECK(x.empty() || std::memcmp(x.data(), x0.data(), x.size() * 4) == 0, "softmax modified its input");
  }
  nw::ref::softmax(ry.data(), x0.data(), mp, rows, n);
  check_distribution_rows(y.data(), mp, rows, n, !vals.raw, "softmax");
  if (vals.raw) return;
  double worst = 0;
  for (std::size_t i = 0; i < y.size(); ++i) worst = std::max(worst, std::fabs(static_cast<double>(y[i]) - ry[i]));
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
      attn(attn_n, -7.f), rattn(attn_n, -7.f);
  nw::multi_head_attention(out.data(), attn.data(), x.data(), mp, w, s);
  nw::ref::multi_head_attention(rout.data(), rattn.data(), x.data(), mp, w, s);
  const bool finite = !xv.raw && !wv.raw;
  for (int b = 0; b < s.batch; ++b)
    for (int h = 0; h < s.n_heads; ++h)
      check_distribution_rows(attn.data() + (static_cast<std::size_t>(b) * s.n_heads + h) * s.seq * s.seq,
                              mp ? mp + static_cast<std::size_t>(b) * s.seq : nullptr, s.seq, s.seq,
                              finite, "attention");
  if (!finite) return;
  FUZZ_CHECK(all_finite(out.data(), out.size()), "attention (b %d, s %d, d %d, h %d): non-finite output",
             s.batch, s.seq, d, s.n_heads);

  // An a-posteriori bound on float error: every q/k/v entry is at most R in size (the sum of
  // |x||w| + |b| over its dot product), so a logit carries error <= delta; softmax turns that
  // into <= ~2 delta per weight, and the context and output projection add their own dot errors.
  double R = 0, Wo = 0, Bo = 0;
  for (int i = 0; i < rows; ++i)
    for (int f = 0; f < 3 * d; ++f) {
      double mag = std::fabs(bin[f]);
      for (int t = 0; t < d; ++t)
        mag += std::fabs(static_cast<double>(x[static_cast<std::size_t>(i) * d + t]) * win[static_cast<std::size_t>(f) * d + t]);
      R = std::max(R, mag);
    }
  for (int f = 0; f < d; ++f) {
    double row = 0;
    for (int t = 0; t < d; ++t) row += std::fabs(wout[static_cast<std::size_t>(f) * d + t]);
    Wo = std::max(Wo, row);
    Bo = std::max(Bo, static_cast<double>(std::fabs(bout[f])));
  }
  const double q_err = (d + 2) * kU * R;                                    // per q/k/v entry
  const double delta = (2 * hd * R * q_err + (hd + 2) * kU * hd * R * R) / std::sqrt(hd);
  if (delta > 1e-2) return;  // ill-conditioned: logits too large for float to pin the weights
  const double p_tol = 3 * delta + 1e-6;
  double worst = 0;
  for (std::size_t i = 0; i < attn_n; ++i) worst = std::max(worst, std::fabs(static_cast<double>(attn[i]) - rattn[i]));
  FUZZ_CHECK(worst <= p_tol, "attention weights (b %d, s %d, d %d, h %d): SIMD vs ref maxdiff %g > %g",
             s.batch, s.seq, d, s.n_heads, worst, p_tol);
  const double ctx_err = s.seq * p_tol * R + (s.seq + 2) * kU * R + q_err;
  const double out_tol = ctx_err * Wo + (d + 2) * kU * (R * Wo + Bo) + 1e-30;
  double oworst = 0;
  for (std::size_t i = 0; i < out.size(); ++i) oworst = std::max(oworst, std::fabs(static_cast<double>(out[i]) - rout[i]));
  FUZZ_CHECK(oworst <= out_tol, "attention output (b %d, s %d, d %d, h %d): SIMD vs ref maxdiff %g > %g",
             s.batch, s.seq, d, s.n_heads, oworst, out_tol);
}

// ---- encoder -----------------------------------------------------------------------------

void fuzz_encoder(FuzzedDataProvider& fdp) {
  nw::EncoderConfig c;
  c.n_heads = fdp.ConsumeIntegralInRange(1, 4);
  c.d_model = c.n_heads * fdp.ConsumeIntegralInRange(1, 32 / c.n_heads);
  c.d_ff = fdp.ConsumeIntegralInRange(1, 64);
  c.n_layers = fdp.ConsumeIntegralInRange(1, 2);
  c.norm_first = fdp.ConsumeBool();
  c.final_norm = fdp.ConsumeBool();
  c.activation = fdp.ConsumeBool() ? nw::Activation::gelu : nw::Activation::relu;
  c.eps = eps_of(fdp);
  const int batch = fdp.ConsumeIntegralInRange(0, 3), seq = fdp.ConsumeIntegralInRange(0, 16);
  const bool with_mask = fdp.ConsumeBool(), want_attn = fdp.ConsumeBool();
  FUZZ_CHECK(nw::validate(c).empty(), "%s", nw::validate(c).c_str());
  nw::Encoder enc(c, fdp.ConsumeIntegral<std::uint32_t>());  // PyTorch's default init, seeded
  const int rows = batch * seq;
  const std::vector<std::uint8_t> mask = mask_of(fdp, static_cast<std::size_t>(rows));
  const std::uint8_t* mp = with_mask ? mask.data() : nullptr;
  Values xv = Values::make(fdp, false);
  if (!xv.raw) xv.scale = std::min(xv.scale, 10.f);
  const std::vector<float> x = xv.vec(static_cast<std::size_t>(rows) * c.d_model);
  const std::size_t attn_n = static_cast<std::size_t>(c.n_layers) * batch * c.n_heads * seq * seq;
  std::vector<float> out(x.size(), -7.f), rout(x.size(), -7.f), attn(attn_n, -7.f), rattn(attn_n, -7.f);
  // Twice, the second time smaller: the work buffers are reused, never shrunk.
  enc.forward(out.data(), want_attn ? attn.data() : nullptr, x.data(), mp, batch, seq);
  if (rows > 0) {
    std::vector<float> one(static_cast<std::size_t>(c.d_model));
    enc.forward(one.data(), nullptr, x.data(), mp, 1, 1);
  }
  std::vector<const float*> params;
  for (const auto& p : enc.parameters()) params.push_back(p.data());
  nw::ref::encoder_forward(rout.data(), rattn.data(), x.data(), mp, c, params, batch, seq);
  if (xv.raw) return;
  FUZZ_CHECK(all_finite(out.data(), out.size()), "encoder (b %d, s %d, d %d): non-finite output", batch, seq, c.d_model);
  if (want_attn)
    for (int l = 0; l < c.n_layers; ++l)
      for (int b = 0; b < batch; ++b)
        for (int h = 0; h < c.n_heads; ++h)
          check_distribution_rows(attn.data() + ((static_cast<std::size_t>(l) * batch + b) * c.n_heads + h) * seq * seq,
                                  mp ? mp + static_cast<std::size_t>(b) * seq : nullptr, seq, seq, true, "encoder attention");
  // PyTorch-initialised weights and |x| <= 10 keep every layer well conditioned.
  double worst = 0;
  for (std::size_t i = 0; i < out.size(); ++i) worst = std::max(worst, std::fabs(static_cast<double>(out[i]) - rout[i]));
  FUZZ_CHECK(worst <= 1e-3, "encoder (b %d, s %d, d %d, h %d, ff %d, %d layers, %s, eps %g): SIMD vs ref maxdiff %g",
             batch, seq, c.d_model, c.n_heads, c.d_ff, c.n_layers, c.norm_first ? "pre-LN" : "post-LN", c.eps, worst);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider fdp(data, size);
  switch (fdp.ConsumeIntegralInRange(0, 7)) {
    case 0: fuzz_norm(fdp, 0); break;
    case 1: fuzz_norm(fdp, 1); break;
    case 2: fuzz_norm(fdp, 2); break;
    case 3: fuzz_pe(fdp); break;
    case 4: fuzz_linear(fdp); break;
    case 5: fuzz_softmax(fdp); break;
    case 6: fuzz_attention(fdp); break;
    default: fuzz_encoder(fdp); break;
  }
  return 0;
}
