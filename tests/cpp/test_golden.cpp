// Golden tests: both the fast path and the ref:: path of every kernel against fixtures that
// scripts/gen_golden.py computed with PyTorch 1.13 (float64 reference rounded to float32).
// See tests/golden/README.md for the cases.
#include <cstdint>
#include <cstdio>
#include <normwave/attention.hpp>
#include <normwave/encoder.hpp>
#include <normwave/norms.hpp>
#include <normwave/positional_encoding.hpp>
#include <string>
#include <vector>

#include "golden.hpp"
#include "util.hpp"

namespace {

using golden::Fixture;
using golden::max_abs_diff;

constexpr double kTolPe = 1e-5;
constexpr double kTolNorm = 1e-5;
constexpr double kTolOutput = 2e-4;  // attention and encoder outputs
constexpr double kTolAttnWeights = 1e-5;

std::string dims(const std::vector<std::int64_t>& shape) {
  std::string s;
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? "x" : "") + std::to_string(shape[i]);
  return s;
}

// MESSAGE the worst difference, then CHECK it against the tolerance.
void report(const std::string& what, const std::vector<float>& got, const std::vector<float>& want,
            double tol) {
  const double d = max_abs_diff(got, want);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2e", d);
  MESSAGE(what << " maxdiff = " << buf);
  CHECK_MESSAGE(d <= tol, what << ": maxdiff " << buf << ", tolerance " << tol << " (sizes "
                               << got.size() << " vs " << want.size() << ")");
}

void require_shape(const Fixture& f, const std::string& t, std::vector<std::int64_t> want) {
  const auto got = f.shape(t);
  REQUIRE_MESSAGE(got == want, f.name() << ": tensor \"" << t << "\" has shape " << dims(got)
                                        << ", expected " << dims(want));
}

}  // namespace

TEST_CASE("golden: positional encoding vs PyTorch float64") {
  for (const std::string file : {"pe_d16_base10000.safetensors", "pe_d7_base10000.safetensors",
                                 "pe_d16_base100.safetensors"}) {
    CAPTURE(file);
    Fixture f(file);
    const int d = f.meta_int("d_model");
    const int seq = f.meta_int("seq_len");
    const int tail_start = f.meta_int("tail_start");
    const int tail_rows = f.meta_int("tail_rows");
    const double base = f.meta_double("base");
    require_shape(f, "pe", {seq, d});
    require_shape(f, "pe_tail", {tail_rows, d});
    const auto want = f.tensor("pe");
    const auto want_tail = f.tensor("pe_tail");
    const std::string label = "PE (d=" + std::to_string(d) + ", base=" + f.meta("base") + ")";

    std::vector<float> got(static_cast<std::size_t>(seq) * d);
    nwtest::positional_encoding(got.data(), seq, d, base);
    report(label + " pos 0.." + std::to_string(seq - 1) + " fast", got, want, kTolPe);
    normwave::ref::positional_encoding(got.data(), seq, d, base);
    report(label + " pos 0.." + std::to_string(seq - 1) + " ref", got, want, kTolPe);

    const int n = tail_start + tail_rows;
    const std::string tail_label =
        label + " pos " + std::to_string(tail_start) + ".." + std::to_string(n - 1);
    std::vector<float> full(static_cast<std::size_t>(n) * d);
    nwtest::positional_encoding(full.data(), n, d, base);
    std::vector<float> tail(full.begin() + static_cast<std::ptrdiff_t>(tail_start) * d, full.end());
    report(tail_label + " fast", tail, want_tail, kTolPe);
    normwave::ref::positional_encoding(full.data(), n, d, base);
    tail.assign(full.begin() + static_cast<std::ptrdiff_t>(tail_start) * d, full.end());
    report(tail_label + " ref", tail, want_tail, kTolPe);
  }
}

TEST_CASE("golden: LayerNorm vs torch.nn.functional.layer_norm") {
  for (const std::string file : {"layernorm_5x37.safetensors", "layernorm_3x64.safetensors"}) {
    CAPTURE(file);
    Fixture f(file);
    const int rows = f.meta_int("rows");
    const int dim = f.meta_int("dim");
    const float eps = static_cast<float>(f.meta_double("eps"));
    require_shape(f, "x", {rows, dim});
    require_shape(f, "gamma", {dim});
    require_shape(f, "beta", {dim});
    require_shape(f, "out", {rows, dim});
    require_shape(f, "mean", {rows});
    require_shape(f, "var", {rows});
    const auto x = f.tensor("x"), gamma = f.tensor("gamma"), beta = f.tensor("beta");
    const auto want = f.tensor("out"), want_mean = f.tensor("mean"), want_var = f.tensor("var");
    const std::string label = "LayerNorm (" + dims(f.shape("x")) + ")";

    std::vector<float> out(x.size()), mean(rows), var(rows);
    normwave::layer_norm(out.data(), mean.data(), var.data(), x.data(), gamma.data(), beta.data(),
                         rows, dim, eps);
    report(label + " fast", out, want, kTolNorm);
    report(label + " fast mean", mean, want_mean, kTolNorm);
    report(label + " fast var", var, want_var, kTolNorm);
    std::vector<float> out2(x.size());
    normwave::layer_norm(out2.data(), nullptr, nullptr, x.data(), gamma.data(), beta.data(), rows,
                         dim, eps);
    report(label + " fast (no stats)", out2, want, kTolNorm);

    normwave::ref::layer_norm(out.data(), mean.data(), var.data(), x.data(), gamma.data(),
                              beta.data(), rows, dim, eps);
    report(label + " ref", out, want, kTolNorm);
    report(label + " ref mean", mean, want_mean, kTolNorm);
    report(label + " ref var", var, want_var, kTolNorm);
  }
}

TEST_CASE("golden: RMSNorm vs float64 x / sqrt(mean(x^2) + eps) * gamma") {
  for (const std::string file : {"rmsnorm_4x33.safetensors", "rmsnorm_2x64.safetensors"}) {
    CAPTURE(file);
    Fixture f(file);
    const int rows = f.meta_int("rows");
    const int dim = f.meta_int("dim");
    const float eps = static_cast<float>(f.meta_double("eps"));
    require_shape(f, "x", {rows, dim});
    require_shape(f, "gamma", {dim});
    require_shape(f, "out", {rows, dim});
    require_shape(f, "rms", {rows});
    const auto x = f.tensor("x"), gamma = f.tensor("gamma");
    const auto want = f.tensor("out"), want_rms = f.tensor("rms");
    const std::string label = "RMSNorm (" + dims(f.shape("x")) + ")";

    std::vector<float> out(x.size()), rms(rows);
    normwave::rms_norm(out.data(), rms.data(), x.data(), gamma.data(), rows, dim, eps);
    report(label + " fast", out, want, kTolNorm);
    report(label + " fast rms", rms, want_rms, kTolNorm);
    std::vector<float> out2(x.size());
    normwave::rms_norm(out2.data(), nullptr, x.data(), gamma.data(), rows, dim, eps);
    report(label + " fast (no stats)", out2, want, kTolNorm);

    normwave::ref::rms_norm(out.data(), rms.data(), x.data(), gamma.data(), rows, dim, eps);
    report(label + " ref", out, want, kTolNorm);
    report(label + " ref rms", rms, want_rms, kTolNorm);
  }
}

TEST_CASE("golden: BatchNorm vs torch.nn.functional.batch_norm (training)") {
  Fixture f("batchnorm_6x13.safetensors");
  const int rows = f.meta_int("rows");
  const int dim = f.meta_int("dim");
  const float eps = static_cast<float>(f.meta_double("eps"));
  require_shape(f, "x", {rows, dim});
  require_shape(f, "gamma", {dim});
  require_shape(f, "beta", {dim});
  require_shape(f, "out", {rows, dim});
  require_shape(f, "mean", {dim});
  require_shape(f, "var", {dim});
  const auto x = f.tensor("x"), gamma = f.tensor("gamma"), beta = f.tensor("beta");
  const auto want = f.tensor("out"), want_mean = f.tensor("mean"), want_var = f.tensor("var");
  const std::string label = "BatchNorm (" + dims(f.shape("x")) + ")";

  std::vector<float> out(x.size()), mean(dim), var(dim);
  normwave::batch_norm(out.data(), mean.data(), var.data(), x.data(), gamma.data(), beta.data(),
                       rows, dim, eps);
  report(label + " fast", out, want, kTolNorm);
  report(label + " fast mean", mean, want_mean, kTolNorm);
  report(label + " fast var", var, want_var, kTolNorm);
  std::vector<float> out2(x.size());
  normwave::batch_norm(out2.data(), nullptr, nullptr, x.data(), gamma.data(), beta.data(), rows,
                       dim, eps);
  report(label + " fast (no stats)", out2, want, kTolNorm);

  normwave::ref::batch_norm(out.data(), mean.data(), var.data(), x.data(), gamma.data(),
                            beta.data(), rows, dim, eps);
  report(label + " ref", out, want, kTolNorm);
  report(label + " ref mean", mean, want_mean, kTolNorm);
  report(label + " ref var", var, want_var, kTolNorm);
}

TEST_CASE("golden: multi-head attention vs torch.nn.MultiheadAttention") {
  Fixture f("attention_b2_s5_d16_h4.safetensors");
  normwave::AttentionShape s{};
  s.batch = f.meta_int("batch");
  s.seq = f.meta_int("seq");
  s.d_model = f.meta_int("d_model");
  s.n_heads = f.meta_int("n_heads");
  const std::int64_t b = s.batch, n = s.seq, d = s.d_model, h = s.n_heads;
  require_shape(f, "in_proj_weight", {3 * d, d});
  require_shape(f, "in_proj_bias", {3 * d});
  require_shape(f, "out_proj.weight", {d, d});
  require_shape(f, "out_proj.bias", {d});
  require_shape(f, "x", {b, n, d});
  require_shape(f, "mask", {b, n});
  require_shape(f, "output", {b, n, d});
  require_shape(f, "attn", {b, h, n, n});
  const auto wi = f.tensor("in_proj_weight"), bi = f.tensor("in_proj_bias");
  const auto wo = f.tensor("out_proj.weight"), bo = f.tensor("out_proj.bias");
  const auto x = f.tensor("x"), want = f.tensor("output"), want_attn = f.tensor("attn");
  const auto mask = f.mask("mask");
  const normwave::AttentionWeights w{wi.data(), bi.data(), wo.data(), bo.data()};
  const std::string label = "Attention (b=" + std::to_string(b) + ", s=" + std::to_string(n) +
                            ", d=" + std::to_string(d) + ", h=" + std::to_string(h) + ", padded)";

  std::vector<float> out(want.size()), attn(want_attn.size());
  nwtest::multi_head_attention(out.data(), attn.data(), x.data(), mask.data(), w, s);
  report(label + " fast output", out, want, kTolOutput);
  report(label + " fast weights", attn, want_attn, kTolAttnWeights);
  std::vector<float> out2(want.size());
  nwtest::multi_head_attention(out2.data(), nullptr, x.data(), mask.data(), w, s);
  report(label + " fast output (no weights)", out2, want, kTolOutput);

  normwave::ref::multi_head_attention(out.data(), attn.data(), x.data(), mask.data(), w, s);
  report(label + " ref output", out, want, kTolOutput);
  report(label + " ref weights", attn, want_attn, kTolAttnWeights);
}

TEST_CASE("golden: Transformer encoder vs torch.nn.TransformerEncoder") {
  for (const std::string file :
       {"encoder_a_postln_relu_1l.safetensors", "encoder_b_preln_gelu_1l.safetensors",
        "encoder_c_postln_gelu_2l_norm.safetensors",
        "encoder_d_preln_relu_2l_norm_pad.safetensors"}) {
    CAPTURE(file);
    Fixture f(file);
    normwave::EncoderConfig cfg;
    cfg.d_model = f.meta_int("d_model");
    cfg.n_heads = f.meta_int("n_heads");
    cfg.d_ff = f.meta_int("d_ff");
    cfg.n_layers = f.meta_int("n_layers");
    cfg.norm_first = f.meta_bool("norm_first");
    const std::string act = f.meta("activation");
    REQUIRE_MESSAGE((act == "relu" || act == "gelu"), file << ": activation " << act);
    cfg.activation = act == "relu" ? normwave::Activation::relu : normwave::Activation::gelu;
    cfg.eps = static_cast<float>(f.meta_double("eps"));
    cfg.final_norm = f.meta_bool("final_norm");
    const int batch = f.meta_int("batch");
    const int seq = f.meta_int("seq");
    const std::string verr = normwave::validate(cfg).message();
    REQUIRE_MESSAGE(verr.empty(), file << ": validate: " << verr);

    const std::int64_t d = cfg.d_model, L = cfg.n_layers, H = cfg.n_heads;
    require_shape(f, "x", {batch, seq, d});
    require_shape(f, "mask", {batch, seq});
    require_shape(f, "output", {batch, seq, d});

    // Parameters in parameter_specs order, by state_dict name.
    const auto specs = normwave::parameter_specs(cfg);
    std::size_t n_state = 0;
    for (const auto& t : f.file().tensors)
      if (t.name != "x" && t.name != "mask" && t.name != "output" &&
          t.name.rfind("attention.", 0) != 0)
        ++n_state;
    CHECK_MESSAGE(specs.size() == n_state, file << ": parameter_specs has " << specs.size()
                                                << " entries, the state_dict " << n_state);
    std::vector<std::vector<float>> values;
    std::vector<const float*> ptrs;
    values.reserve(specs.size());
    for (const auto& spec : specs) {
      CAPTURE(spec.name);
      REQUIRE_MESSAGE(f.has(spec.name), file << ": no state_dict tensor " << spec.name);
      values.push_back(f.tensor(spec.name));
      const auto shape = f.shape(spec.name);
      CHECK(spec.numel == values.back().size());
      CHECK(std::vector<std::int64_t>(spec.shape.begin(), spec.shape.end()) == shape);
      REQUIRE(values.back().size() >= spec.numel);  // never hand the kernel a short buffer
      ptrs.push_back(values.back().data());
    }

    const auto x = f.tensor("x"), want = f.tensor("output");
    const auto mask = f.mask("mask");
    bool any_pad = false;
    for (auto m : mask) any_pad = any_pad || m != 0;
    std::vector<float> want_attn;
    for (int l = 0; l < cfg.n_layers; ++l) {
      const std::string name = "attention." + std::to_string(l);
      require_shape(f, name, {batch, H, seq, seq});
      const auto a = f.tensor(name);
      want_attn.insert(want_attn.end(), a.begin(), a.end());
    }
    REQUIRE(want_attn.size() == static_cast<std::size_t>(L * batch * H * seq * seq));

    const std::string label =
        "Encoder " + std::string(file).substr(0, std::string(file).find('.')) + " (" +
        std::to_string(cfg.n_layers) + "L " + (cfg.norm_first ? "Pre-LN " : "Post-LN ") + act +
        (cfg.final_norm ? " +norm" : "") + ", b=" + std::to_string(batch) +
        ", s=" + std::to_string(seq) + (any_pad ? ", padded" : "") + ")";

    normwave::Encoder enc(cfg);
    enc.set_parameters(ptrs);
    REQUIRE(enc.parameters().size() == values.size());
    for (std::size_t i = 0; i < values.size(); ++i)
      CHECK_MESSAGE(enc.parameters()[i] == values[i],
                    "set_parameters round trip: " << specs[i].name);

    std::vector<float> out(want.size()), attn(want_attn.size());
    nwtest::forward(enc, out.data(), attn.data(), x.data(), mask.data(), batch, seq);
    report(label + " fast output", out, want, kTolOutput);
    report(label + " fast attention", attn, want_attn, kTolAttnWeights);

    // Same Encoder again (reused work buffers), in place (out aliases x), without weights.
    std::vector<float> inplace = x;
    nwtest::forward(enc, inplace.data(), nullptr, inplace.data(), mask.data(), batch, seq);
    report(label + " fast output (in place)", inplace, want, kTolOutput);
    if (!any_pad) {
      std::vector<float> nomask(want.size());
      nwtest::forward(enc, nomask.data(), nullptr, x.data(), nullptr, batch, seq);
      report(label + " fast output (null mask)", nomask, want, kTolOutput);
    }

    std::vector<float> rout(want.size()), rattn(want_attn.size());
    normwave::ref::encoder_forward(rout.data(), rattn.data(), x.data(), mask.data(), cfg, ptrs,
                                   batch, seq);
    report(label + " ref output", rout, want, kTolOutput);
    report(label + " ref attention", rattn, want_attn, kTolAttnWeights);
  }
}
