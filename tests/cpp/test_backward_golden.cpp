// Gradients against PyTorch autograd (float64 references from scripts/gen_golden.py; see
// tests/golden/README.md): every parameter of 2-layer encoders (Post-LN and Pre-LN, ReLU and
// GELU, with padding), one full training step of the tiny sort model, and AdamW steps.
// The measure is max |ours - torch| / max |torch| per tensor; the bar is 1e-4.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <normwave/encoder.hpp>
#include <normwave/optim.hpp>
#include <string>
#include <vector>

#include "golden.hpp"
#include "grad_check.hpp"
#include "token_model.hpp"

namespace nw = normwave;
using golden::Fixture;
using gradcheck::rel_diff;

namespace {

constexpr double kTolGrad = 1e-4;

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1e", v);
  return buf;
}

// The parameter group a state_dict name belongs to, for the parity table.
std::string group_of(const std::string& name) {
  for (const char* g :
       {"embedding", "in_proj", "out_proj", "linear1", "linear2", "norm1", "norm2", "head"})
    if (name.find(g) != std::string::npos) return g;
  if (name.find("norm.") != std::string::npos) return "final norm";
  return name;
}

// Worst rel per group, in first-seen order, as one line.
struct Table {
  std::vector<std::string> order;
  std::map<std::string, double> worst;
  void add(const std::string& group, double v) {
    if (!worst.count(group)) order.push_back(group);
    worst[group] = std::max(worst[group], v);
  }
  std::string line() const {
    std::string s;
    for (const auto& g : order) s += (s.empty() ? "" : ", ") + g + " " + fmt(worst.at(g));
    return s;
  }
};

std::vector<std::int32_t> ints(const std::vector<float>& v) {
  std::vector<std::int32_t> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = static_cast<std::int32_t>(std::lround(v[i]));
  return out;
}

}  // namespace

TEST_CASE("golden: encoder gradients vs PyTorch autograd, per parameter") {
  for (const std::string file : {"grad_encoder_postln_relu_2l_pad.safetensors",
                                 "grad_encoder_postln_gelu_2l_norm_pad.safetensors",
                                 "grad_encoder_preln_relu_2l_norm_pad.safetensors",
                                 "grad_encoder_preln_gelu_2l_pad.safetensors"}) {
    CAPTURE(file);
    Fixture f(file);
    nw::EncoderConfig c;
    c.d_model = f.meta_int("d_model");
    c.n_heads = f.meta_int("n_heads");
    c.d_ff = f.meta_int("d_ff");
    c.n_layers = f.meta_int("n_layers");
    c.norm_first = f.meta_bool("norm_first");
    c.activation = f.meta("activation") == "gelu" ? nw::Activation::gelu : nw::Activation::relu;
    c.final_norm = f.meta_bool("final_norm");
    c.eps = static_cast<float>(f.meta_double("eps"));
    REQUIRE(nw::validate(c).ok());
    const int batch = f.meta_int("batch"), seq = f.meta_int("seq");
    const auto specs = nw::parameter_specs(c);
    std::vector<float> params;
    for (const auto& s : specs) {
      const auto t = f.tensor(s.name);
      REQUIRE(t.size() == s.numel);
      params.insert(params.end(), t.begin(), t.end());
    }
    const auto x = f.tensor("x"), dout = f.tensor("grad_output");
    const auto mask = f.mask("mask");

    // fast: the training forward, then the backward
    std::vector<float> out(x.size()), saved(nw::encoder_saved_floats(c, batch, seq)),
        work(nw::encoder_train_workspace_floats(c, batch, seq)), dx(x.size(), 0.f),
        dp(params.size(), 0.f);
    nw::encoder_forward_train(out.data(), saved.data(), x.data(), mask.data(), params.data(), c,
                              batch, seq, work.data());
    nw::encoder_backward(dx.data(), dp.data(), dout.data(), saved.data(), params.data(), c, batch,
                         seq, work.data());
    CHECK(golden::max_abs_diff(out, f.tensor("output")) <= 2e-4);

    // ref
    std::vector<float> rdx(x.size(), 0.f), rdp(params.size(), 0.f);
    nw::ref::encoder_backward(
        rdx.data(), tokenmodel::encoder_pointers<float*>(c, rdp.data()), dout.data(), x.data(),
        mask.data(), c, tokenmodel::encoder_pointers<const float*>(c, params.data()), batch, seq);

    Table fast, ref;
    const auto want_dx = f.tensor("grad.x");
    fast.add("x", rel_diff(dx, want_dx));
    ref.add("x", rel_diff(rdx, want_dx));
    std::size_t at = 0;
    for (const auto& s : specs) {
      const auto want = f.tensor("grad." + s.name);
      const double a = rel_diff(dp.data() + at, want.data(), s.numel),
                   b = rel_diff(rdp.data() + at, want.data(), s.numel);
      CHECK_MESSAGE(a <= kTolGrad, file << " fast grad." << s.name << ": " << fmt(a));
      CHECK_MESSAGE(b <= kTolGrad, file << " ref grad." << s.name << ": " << fmt(b));
      fast.add(group_of(s.name), a);
      ref.add(group_of(s.name), b);
      at += s.numel;
    }
    CHECK(fast.worst["x"] <= kTolGrad);
    CHECK(ref.worst["x"] <= kTolGrad);
    MESSAGE("torch parity " << file << " (worst rel per group)\n  fast: " << fast.line()
                            << "\n  ref:  " << ref.line());
  }
}

TEST_CASE("golden: one training step of the tiny sort model vs PyTorch autograd") {
  Fixture f("grad_tiny_sort_step.safetensors");
  nw::EncoderConfig c;
  c.d_model = f.meta_int("d_model");
  c.n_heads = f.meta_int("n_heads");
  c.d_ff = f.meta_int("d_ff");
  c.n_layers = f.meta_int("n_layers");
  c.norm_first = f.meta_bool("norm_first");
  c.activation = f.meta("activation") == "gelu" ? nw::Activation::gelu : nw::Activation::relu;
  c.final_norm = f.meta_bool("final_norm");
  c.eps = static_cast<float>(f.meta_double("eps"));
  const tokenmodel::Spec spec{c, f.meta_int("vocab"), f.meta_int("classes")};
  const int batch = f.meta_int("batch"), seq = f.meta_int("seq"), pad = f.meta_int("pad_token");
  REQUIRE(f.meta_int("ignore_index") == nw::kIgnoreIndex);
  const auto tokens = ints(f.tensor("tokens")), targets = ints(f.tensor("targets"));
  std::vector<std::uint8_t> mask(tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) mask[i] = tokens[i] == pad;

  nw::TokenTrainer model(tokenmodel::shape(spec, batch, seq), 0);
  std::vector<float> params(model.parameter_count()), grads(params.size());
  for (const auto& p : tokenmodel::named_parameters(spec)) {
    const auto t = f.tensor(p.name);
    REQUIRE(t.size() == p.numel);
    std::copy(t.begin(), t.end(), params.begin() + p.offset);
  }
  model.set_parameters(params.data());
  float loss = 0.f;
  const nw::Status status =
      model.gradients(grads.data(), loss, tokens.data(), targets.data(), mask.data());
  REQUIRE(status.ok());
  const double want_loss = f.tensor("loss")[0];
  const double loss_rel = std::fabs(loss - want_loss) / want_loss;
  CHECK(loss_rel <= 1e-5);

  Table table;
  for (const auto& p : tokenmodel::named_parameters(spec)) {
    const auto want = f.tensor("grad." + p.name);
    const double d = rel_diff(grads.data() + p.offset, want.data(), p.numel);
    CHECK_MESSAGE(d <= kTolGrad, "grad." << p.name << ": " << fmt(d));
    table.add(group_of(p.name), d);
  }
  MESSAGE("torch parity tiny sort step (batch " << batch << ", seq " << seq << ", loss " << loss
                                                << " vs " << want_loss << ", rel " << fmt(loss_rel)
                                                << ")\n  fast: " << table.line());
}

TEST_CASE("golden: AdamW steps vs torch.optim.AdamW") {
  for (const std::string file : {"adamw_n37_tiny.safetensors", "adamw_n64_default.safetensors"}) {
    CAPTURE(file);
    Fixture f(file);
    nw::AdamW hp;
    hp.lr = f.meta_double("lr");
    hp.beta1 = f.meta_double("beta1");
    hp.beta2 = f.meta_double("beta2");
    hp.eps = f.meta_double("eps");
    hp.weight_decay = f.meta_double("weight_decay");
    const int n = f.meta_int("n"), steps = f.meta_int("steps");
    const std::vector<float> p0 = f.tensor("param");
    std::vector<float> p = p0, m(n, 0.f), v(n, 0.f);
    Table table;
    for (int t = 1; t <= steps; ++t) {
      const std::string s = std::to_string(t);
      nw::adamw_step(p.data(), m.data(), v.data(), f.tensor("grad." + s).data(), hp, t, 1.f, n);
      const auto want = f.tensor("param." + s);
      // The change since the start (~lr per step) is what the update computes, but a float32
      // parameter near 1 holds it only to ~1e-7 absolute: 1e-4 of a 1e-3 step. So the change
      // gets a looser bar than the values.
      std::vector<float> moved(n), want_moved(n);
      for (int i = 0; i < n; ++i) {
        moved[i] = p[i] - p0[i];
        want_moved[i] = want[i] - p0[i];
      }
      const double values = rel_diff(p, want), change = rel_diff(moved, want_moved),
                   m1 = rel_diff(m, f.tensor("exp_avg." + s)),
                   m2 = rel_diff(v, f.tensor("exp_avg_sq." + s));
      CHECK_MESSAGE(values <= 1e-6, "step " << t << " param: " << fmt(values));
      CHECK_MESSAGE(change <= 5e-4, "step " << t << " param change: " << fmt(change));
      CHECK_MESSAGE(m1 <= kTolGrad, "step " << t << " exp_avg: " << fmt(m1));
      CHECK_MESSAGE(m2 <= kTolGrad, "step " << t << " exp_avg_sq: " << fmt(m2));
      table.add("param", values);
      table.add("param change", change);
      table.add("exp_avg", m1);
      table.add("exp_avg_sq", m2);
    }
    MESSAGE("torch parity " << file << ", " << steps << " steps (worst rel): " << table.line());
  }
}
