// The encoder's training forward and backward: the fast path against the ref path, the ref path
// against float64 central differences (the encoder alone, and the whole token model: embedding +
// PE + encoder + head + cross-entropy), the forward's output against Encoder::forward, and the
// workspace and saved sizes the header states.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "grad_check.hpp"
#include "normwave/attention.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "token_model.hpp"
#include "util.hpp"

namespace nw = normwave;
using gradcheck::rel_diff;
using nwtest::randn;

namespace {

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2e", v);
  return buf;
}

nw::EncoderConfig config(bool norm_first, nw::Activation act, bool final_norm, int d = 8,
                         int heads = 2, int d_ff = 12, int layers = 2) {
  nw::EncoderConfig c;
  c.d_model = d;
  c.n_heads = heads;
  c.d_ff = d_ff;
  c.n_layers = layers;
  c.norm_first = norm_first;
  c.activation = act;
  c.final_norm = final_norm;
  return c;
}

std::string describe(const nw::EncoderConfig& c) {
  return std::string(c.norm_first ? "Pre-LN" : "Post-LN") +
         (c.activation == nw::Activation::gelu ? " GELU" : " ReLU") +
         (c.final_norm ? " +final norm" : "");
}

std::vector<nw::EncoderConfig> all_configs() {
  std::vector<nw::EncoderConfig> out;
  for (bool pre : {false, true})
    for (auto act : {nw::Activation::relu, nw::Activation::gelu})
      for (bool fin : {false, true}) out.push_back(config(pre, act, fin));
  return out;
}

// Random parameters with LayerNorm weights near 1 and nonzero biases everywhere.
std::vector<float> random_params(const nw::EncoderConfig& c, unsigned seed) {
  std::vector<float> p = randn(nw::parameter_count(c), seed, 0.f, 0.3f);
  std::size_t at = 0;
  for (const auto& spec : nw::parameter_specs(c)) {
    if (spec.name.find("norm") != std::string::npos &&
        spec.name.find("weight") != std::string::npos)
      for (std::size_t i = 0; i < spec.numel; ++i) p[at + i] += 1.f;
    at += spec.numel;
  }
  return p;
}

// Sequence 1 ends in two <PAD>; sequence 2 (when there are three) is all <PAD>.
std::vector<std::uint8_t> padding(int batch, int seq) {
  std::vector<std::uint8_t> m(static_cast<std::size_t>(batch) * seq, 0);
  if (batch > 1) m[seq + seq - 1] = m[seq + seq - 2] = 1;
  if (batch > 2)
    for (int j = 0; j < seq; ++j) m[2 * seq + j] = 1;
  return m;
}

struct FastRun {
  std::vector<float> out, dx, dparams;
};
FastRun fast_run(const nw::EncoderConfig& c, const std::vector<float>& params,
                 const std::vector<float>& x, const std::vector<float>& dout,
                 const std::vector<std::uint8_t>& mask, int batch, int seq) {
  FastRun r;
  std::vector<float> saved(nw::encoder_saved_floats(c, batch, seq)),
      work(nw::encoder_train_workspace_floats(c, batch, seq));
  r.out.resize(x.size());
  r.dx.assign(x.size(), 0.f);
  r.dparams.assign(params.size(), 0.f);
  nw::encoder_forward_train(r.out.data(), saved.data(), x.data(), mask.data(), params.data(), c,
                            batch, seq, work.data());
  nw::encoder_backward(r.dx.data(), r.dparams.data(), dout.data(), saved.data(), params.data(), c,
                       batch, seq, work.data());
  return r;
}

}  // namespace

TEST_CASE("encoder_forward_train gives Encoder::forward's output bit for bit") {
  const int batch = 3, seq = 5;
  for (const auto& c : all_configs()) {
    CAPTURE(describe(c));
    nw::Encoder enc(c, 7);
    std::vector<float> params;
    for (const auto& p : enc.parameters()) params.insert(params.end(), p.begin(), p.end());
    const auto x = randn(static_cast<std::size_t>(batch) * seq * c.d_model, 8);
    const auto mask = padding(batch, seq);
    std::vector<float> a(x.size()), b(x.size()), saved(nw::encoder_saved_floats(c, batch, seq)),
        work(nw::encoder_train_workspace_floats(c, batch, seq));
    nwtest::forward(enc, a.data(), nullptr, x.data(), mask.data(), batch, seq);
    nw::encoder_forward_train(b.data(), saved.data(), x.data(), mask.data(), params.data(), c,
                              batch, seq, work.data());
    CHECK(a == b);
  }
}

TEST_CASE("encoder backward matches ref, with padding and a fully padded sequence") {
  const int batch = 3, seq = 5;
  for (const auto& c : all_configs()) {
    const auto params = random_params(c, 11);
    const auto x = randn(static_cast<std::size_t>(batch) * seq * c.d_model, 12);
    const auto dout = randn(x.size(), 13);
    const auto mask = padding(batch, seq);
    const FastRun f = fast_run(c, params, x, dout, mask, batch, seq);

    std::vector<float> dx(x.size(), 0.f), dp(params.size(), 0.f);
    nw::ref::encoder_backward(
        dx.data(), tokenmodel::encoder_pointers<float*>(c, dp.data()), dout.data(), x.data(),
        mask.data(), c, tokenmodel::encoder_pointers<const float*>(c, params.data()), batch, seq);
    double worst = rel_diff(f.dx, dx);
    CHECK_MESSAGE(worst <= 1e-5, describe(c) << " dx: " << fmt(worst));
    std::size_t at = 0;
    for (const auto& spec : nw::parameter_specs(c)) {
      const double d = rel_diff(f.dparams.data() + at, dp.data() + at, spec.numel);
      CHECK_MESSAGE(d <= 1e-5, describe(c) << " " << spec.name << ": " << fmt(d));
      worst = std::max(worst, d);
      at += spec.numel;
    }
    for (float v : f.dx) REQUIRE(std::isfinite(v));
    for (float v : f.dparams) REQUIRE(std::isfinite(v));
    MESSAGE("encoder backward fast vs ref, " << describe(c) << ": worst rel " << fmt(worst));
  }
}

TEST_CASE("ref encoder backward agrees with float64 central differences") {
  const int batch = 3, seq = 4;
  for (const auto& c : all_configs()) {
    std::vector<double> params = gradcheck::to_double(random_params(c, 21));
    std::vector<double> x =
        gradcheck::randn64(static_cast<std::size_t>(batch) * seq * c.d_model, 22);
    const std::vector<double> dout = gradcheck::randn64(x.size(), 23);
    const auto mask = padding(batch, seq);
    std::vector<double> dx(x.size()), dp(params.size()), out(x.size());
    nw::ref::encoder_backward(
        dx.data(), tokenmodel::encoder_pointers<double*>(c, dp.data()), dout.data(), x.data(),
        mask.data(), c, tokenmodel::encoder_pointers<const double*>(c, params.data()), batch, seq);
    const auto loss = [&] {
      nw::ref::encoder_forward(out.data(), static_cast<double*>(nullptr), x.data(), mask.data(), c,
                               tokenmodel::encoder_pointers<const double*>(c, params.data()), batch,
                               seq);
      return gradcheck::dot(out, dout);
    };
    const double ex = gradcheck::fd_rel_error(x, dx, loss);
    const double ep = gradcheck::fd_rel_error(params, dp, loss);
    MESSAGE("finite differences (float64) encoder " << describe(c) << ": dx " << fmt(ex) << ", all "
                                                    << params.size() << " parameters " << fmt(ep));
    CHECK(ex <= 1e-6);
    CHECK(ep <= 1e-6);
  }
}

namespace {
// A token model small enough for central differences over every parameter: vocab 6 (5 = <PAD>),
// 5 classes, d 8, 2 heads, d_ff 12, 2 layers; 3 sequences of 4 with 0, 1 and 3 <PAD>.
struct SmallTask {
  tokenmodel::Spec spec;
  int batch = 3, seq = 4;
  std::vector<std::int32_t> tokens{1, 4, 0, 2, 3, 3, 1, 5, 2, 5, 5, 5};
  std::vector<std::int32_t> targets;
  std::vector<std::uint8_t> mask;
  explicit SmallTask(const nw::EncoderConfig& c) : spec{c, 6, 5} {
    for (std::int32_t t : tokens) {
      mask.push_back(t == 5);
      targets.push_back(t == 5 ? nw::kIgnoreIndex : (t + 1) % 5);
    }
  }
  template <class T>
  std::vector<T> pe() const {
    std::vector<float> f(static_cast<std::size_t>(seq) * spec.cfg.d_model);
    nw::ref::positional_encoding(f.data(), seq, spec.cfg.d_model);
    return std::vector<T>(f.begin(), f.end());
  }
  std::vector<float> params(unsigned seed) const {
    const tokenmodel::Offsets o = tokenmodel::offsets(spec);
    std::vector<float> p = randn(o.total, seed, 0.f, 0.5f);
    const auto enc = random_params(spec.cfg, seed + 1);
    std::copy(enc.begin(), enc.end(), p.begin() + o.enc);
    return p;
  }
};
}  // namespace

TEST_CASE(
    "the token model (embedding + PE + encoder + head + cross-entropy) agrees with float64 central "
    "differences") {
  for (const auto& c :
       {config(true, nw::Activation::relu, true), config(false, nw::Activation::gelu, false)}) {
    const SmallTask task(c);
    std::vector<double> params = gradcheck::to_double(task.params(31));
    const auto pe = task.pe<double>();
    std::vector<double> grad(params.size(), 0.0);
    tokenmodel::ref_gradients(grad, task.spec, params, task.tokens, task.targets, task.mask, pe,
                              task.batch, task.seq);
    const auto loss = [&] {
      return tokenmodel::ref_forward(task.spec, params, task.tokens, task.targets, task.mask, pe,
                                     task.batch, task.seq)
          .loss;
    };
    double worst = 0.0;
    std::string worst_name;
    for (const auto& p : tokenmodel::named_parameters(task.spec)) {
      std::vector<double> v(params.begin() + p.offset, params.begin() + p.offset + p.numel);
      std::vector<double> g(grad.begin() + p.offset, grad.begin() + p.offset + p.numel);
      const auto tensor_loss = [&] {
        std::copy(v.begin(), v.end(), params.begin() + p.offset);
        return loss();
      };
      const double e = gradcheck::fd_rel_error(v, g, tensor_loss);
      std::copy(v.begin(), v.end(), params.begin() + p.offset);
      CHECK_MESSAGE(e <= 1e-6, describe(c) << " " << p.name << ": " << fmt(e));
      if (e > worst) {
        worst = e;
        worst_name = p.name;
      }
    }
    MESSAGE("finite differences (float64) token model, "
            << describe(c) << ": worst rel over every parameter " << fmt(worst) << " ("
            << worst_name << ")");
  }
}

TEST_CASE("the trainer's gradients (normwave::TokenTrainer) match the ref model's") {
  for (const auto& c :
       {config(true, nw::Activation::relu, true), config(false, nw::Activation::gelu, true)}) {
    const SmallTask task(c);
    nw::TokenTrainer fast(tokenmodel::shape(task.spec, task.batch, task.seq), 0);
    const std::vector<float> params = task.params(41);
    REQUIRE(params.size() == fast.parameter_count());
    fast.set_parameters(params.data());
    std::vector<float> grads(params.size());
    float loss = 0.f;
    const nw::Status status = fast.gradients(grads.data(), loss, task.tokens.data(),
                                             task.targets.data(), task.mask.data());
    REQUIRE(status.ok());
    std::vector<float> grad(params.size(), 0.f);
    const double ref_loss =
        tokenmodel::ref_gradients(grad, task.spec, params, task.tokens, task.targets, task.mask,
                                  task.pe<float>(), task.batch, task.seq);
    CHECK(loss == doctest::Approx(ref_loss).epsilon(1e-5));
    for (const auto& p : tokenmodel::named_parameters(task.spec)) {
      const double d = rel_diff(grads.data() + p.offset, grad.data() + p.offset, p.numel);
      CHECK_MESSAGE(d <= 2e-5, describe(c) << " " << p.name << ": " << fmt(d));
    }
  }
}

TEST_CASE("encoder backward adds into dx and dparams") {
  const auto c = config(true, nw::Activation::gelu, true);
  const int batch = 2, seq = 3;
  const auto params = random_params(c, 51);
  const auto x = randn(static_cast<std::size_t>(batch) * seq * c.d_model, 52),
             dout = randn(x.size(), 53);
  std::vector<float> out(x.size()), saved(nw::encoder_saved_floats(c, batch, seq)),
      work(nw::encoder_train_workspace_floats(c, batch, seq)), dx(x.size(), 0.f),
      dp(params.size(), 0.f);
  nw::encoder_forward_train(out.data(), saved.data(), x.data(), nullptr, params.data(), c, batch,
                            seq, work.data());
  nw::encoder_backward(dx.data(), dp.data(), dout.data(), saved.data(), params.data(), c, batch,
                       seq, work.data());
  auto dx2 = dx, dp2 = dp;
  nw::encoder_backward(dx2.data(), dp2.data(), dout.data(), saved.data(), params.data(), c, batch,
                       seq, work.data());
  for (float& v : dx) v *= 2.f;
  for (float& v : dp) v *= 2.f;
  CHECK(rel_diff(dx2, dx) <= 1e-6);
  CHECK(rel_diff(dp2, dp) <= 1e-6);
}

TEST_CASE("saved activations: the tiny sort model keeps 2,904,064 floats, as encoder.hpp says") {
  nw::EncoderConfig c = config(true, nw::Activation::relu, true, 64, 4, 128, 2);
  CHECK(nw::encoder_saved_floats(c, 256, 8) == 2904064u);
  const std::size_t R = 2048, per_layer = R * (8 * 64 + 128 + 4) + 256 * 4 * 64;
  c.norm_first = false;
  c.final_norm = false;
  CHECK(nw::encoder_saved_floats(c, 256, 8) == 2 * per_layer);  // Post-LN keeps as many
  CHECK(nw::parameter_count(c) == 2 * 33472u);
}

// Buffers of exactly the reported size (ASan catches a kernel that writes past them), filled
// with a sentinel: the last float must be touched, so the size is not padded either.
TEST_CASE("workspace sizes are what the kernels touch, for random shapes") {
  std::mt19937 rng(61);
  const auto pick = [&rng](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  const float sentinel = 1234.5f;
  for (int trial = 0; trial < 12; ++trial) {
    const int m = pick(1, 300), n = pick(1, 70), k = pick(1, 70);
    CAPTURE(m);
    CAPTURE(n);
    CAPTURE(k);
    const auto x = randn(static_cast<std::size_t>(m) * k, 1),
               w = randn(static_cast<std::size_t>(n) * k, 2),
               dy = randn(static_cast<std::size_t>(m) * n, 3);
    std::vector<float> dx(x.size()), dw(w.size()), db(n),
        ws(nw::linear_backward_workspace_floats(m, n, k), sentinel);
    nw::linear_backward(dx.data(), dw.data(), db.data(), dy.data(), x.data(), w.data(), m, n, k,
                        ws.data());
    CHECK(ws.back() != sentinel);

    const nw::AttentionShape s{pick(1, 3), pick(1, 9), 0, pick(1, 3)};
    const nw::AttentionShape shape{s.batch, s.seq, s.n_heads * pick(1, 9), s.n_heads};
    CAPTURE(shape.seq);
    CAPTURE(shape.d_model);
    const std::size_t rows = static_cast<std::size_t>(shape.batch) * shape.seq;
    const auto qkv = randn(rows * 3 * shape.d_model, 4), dctx = randn(rows * shape.d_model, 5);
    std::vector<float> ctx(rows * shape.d_model),
        attn(static_cast<std::size_t>(shape.batch) * shape.n_heads * shape.seq * shape.seq),
        dqkv(qkv.size()), fw(nw::attention_core_workspace_floats(shape), sentinel),
        bw(nw::attention_core_backward_workspace_floats(shape), sentinel);
    nw::attention_core(ctx.data(), attn.data(), qkv.data(), nullptr, shape, fw.data());
    nw::attention_core_backward(dqkv.data(), dctx.data(), qkv.data(), attn.data(), shape,
                                bw.data());
    CHECK(fw.back() != sentinel);
    CHECK(bw.back() != sentinel);

    const auto c = config(pick(0, 1) == 1, pick(0, 1) ? nw::Activation::gelu : nw::Activation::relu,
                          pick(0, 1) == 1, shape.d_model, shape.n_heads, pick(1, 40), pick(1, 3));
    CAPTURE(describe(c));
    const auto params = random_params(c, 6);
    const auto ex = randn(rows * c.d_model, 7);
    std::vector<float> out(ex.size()), dex(ex.size()), dp(params.size()),
        saved(nw::encoder_saved_floats(c, shape.batch, shape.seq), sentinel),
        work(nw::encoder_train_workspace_floats(c, shape.batch, shape.seq), sentinel);
    nw::encoder_forward_train(out.data(), saved.data(), ex.data(), nullptr, params.data(), c,
                              shape.batch, shape.seq, work.data());
    nw::encoder_backward(dex.data(), dp.data(), ex.data(), saved.data(), params.data(), c,
                         shape.batch, shape.seq, work.data());
    CHECK(saved.back() != sentinel);
    CHECK(work.back() != sentinel);
  }
}
