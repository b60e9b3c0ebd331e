#include "normwave/encoder.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "normwave/attention.hpp"
#include "normwave/linear.hpp"
#include "normwave/norms.hpp"
#include "simd.hpp"

namespace normwave {

namespace {

// Offsets of one layer's parameters in parameter_specs() order.
enum LayerParam {
  kInProjW, kInProjB, kOutProjW, kOutProjB, kLin1W, kLin1B, kLin2W, kLin2B,
  kNorm1W, kNorm1B, kNorm2W, kNorm2B, kPerLayer
};
// Packed linear weights per layer.
enum PackedParam { kPackedIn, kPackedOut, kPacked1, kPacked2, kPackedPerLayer };

// Sizes past these are refused: they would not fit wasm32 memory anyway, and keeping products
// of two of them below 2^31 lets the kernels use int sizes.
constexpr int kMaxWidth = 1 << 15;
constexpr int kMaxLayers = 1024;

void add_inplace(float* y, const float* x, std::size_t n) {
  using simd::fbatch;
  std::size_t i = 0;
  for (; i + simd::kWidth <= n; i += simd::kWidth)
    simd::store(y + i, simd::load(y + i) + simd::load(x + i));
  for (; i < n; ++i) y[i] += x[i];
}

}  // namespace

std::string validate(const EncoderConfig& c) {
  const auto range = [](const char* name, int v, int hi) -> std::string {
    if (v < 1 || v > hi)
      return std::string(name) + " must be an integer in [1, " + std::to_string(hi) + "], got " +
             std::to_string(v);
    return {};
  };
  for (const std::string& e : {range("dModel", c.d_model, kMaxWidth), range("nHeads", c.n_heads, kMaxWidth),
                               range("dFF", c.d_ff, kMaxWidth), range("nLayers", c.n_layers, kMaxLayers)})
    if (!e.empty()) return e;
  if (c.d_model % c.n_heads != 0)
    return "dModel (" + std::to_string(c.d_model) + ") must be divisible by nHeads (" +
           std::to_string(c.n_heads) + ")";
  if (!(c.eps > 0.f) || !std::isfinite(c.eps))
    return "eps must be a positive finite number, got " + std::to_string(c.eps);
  return {};
}

std::vector<ParamSpec> parameter_specs(const EncoderConfig& c) {
  const int d = c.d_model, f = c.d_ff;
  std::vector<ParamSpec> specs;
  const auto add = [&specs](std::string name, std::vector<int> shape) {
    std::size_t n = 1;
    for (int s : shape) n *= static_cast<std::size_t>(s);
    specs.push_back({std::move(name), std::move(shape), n});
  };
  for (int l = 0; l < c.n_layers; ++l) {
    const std::string p = "layers." + std::to_string(l) + ".";
    add(p + "self_attn.in_proj_weight", {3 * d, d});
    add(p + "self_attn.in_proj_bias", {3 * d});
    add(p + "self_attn.out_proj.weight", {d, d});
    add(p + "self_attn.out_proj.bias", {d});
    add(p + "linear1.weight", {f, d});
    add(p + "linear1.bias", {f});
    add(p + "linear2.weight", {d, f});
    add(p + "linear2.bias", {d});
    add(p + "norm1.weight", {d});
    add(p + "norm1.bias", {d});
    add(p + "norm2.weight", {d});
    add(p + "norm2.bias", {d});
  }
  if (c.final_norm) {
    add("norm.weight", {d});
    add("norm.bias", {d});
  }
  return specs;
}

void init_parameters(std::vector<std::vector<float>>& params, const EncoderConfig& c,
                     std::uint32_t seed) {
  const std::vector<ParamSpec> specs = parameter_specs(c);
  std::mt19937 rng(seed);
  const auto uniform = [&rng](std::vector<float>& v, double bound) {
    std::uniform_real_distribution<float> u(static_cast<float>(-bound), static_cast<float>(bound));
    for (float& x : v) x = u(rng);
  };
  params.resize(specs.size());
  const double d = c.d_model, f = c.d_ff;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    std::vector<float>& v = params[i];
    v.assign(specs[i].numel, 0.f);
    const std::size_t slot = i < static_cast<std::size_t>(c.n_layers) * kPerLayer ? i % kPerLayer : kNorm1W + (i % 2);
    switch (slot) {
      case kInProjW: uniform(v, std::sqrt(6.0 / (d + 3 * d))); break;  // xavier_uniform_
      case kOutProjW: case kLin1W: case kLin1B: uniform(v, 1.0 / std::sqrt(d)); break;
      case kLin2W: case kLin2B: uniform(v, 1.0 / std::sqrt(f)); break;
      case kNorm1W: case kNorm2W: std::fill(v.begin(), v.end(), 1.f); break;
      default: break;  // attention biases and LayerNorm biases start at zero
    }
  }
}

Encoder::Encoder(const EncoderConfig& cfg, std::uint32_t seed)
    : cfg_(cfg), specs_(parameter_specs(cfg)) {
  randomize(seed);
}

void Encoder::randomize(std::uint32_t seed) {
  init_parameters(params_, cfg_, seed);
  repack();
}

void Encoder::set_parameters(const std::vector<const float*>& values) {
  for (std::size_t i = 0; i < specs_.size(); ++i)
    std::copy(values[i], values[i] + specs_[i].numel, params_[i].begin());
  repack();
}

void Encoder::repack() {
  const int d = cfg_.d_model, f = cfg_.d_ff;
  packed_.resize(static_cast<std::size_t>(cfg_.n_layers) * kPackedPerLayer);
  for (int l = 0; l < cfg_.n_layers; ++l) {
    const auto pack = [&](int slot, int param, int n, int k) {
      std::vector<float>& dst = packed_[static_cast<std::size_t>(l) * kPackedPerLayer + slot];
      dst.resize(packed_size(n, k));
      pack_weight(dst.data(), params_[static_cast<std::size_t>(l) * kPerLayer + param].data(), n, k);
    };
    pack(kPackedIn, kInProjW, 3 * d, d);
    pack(kPackedOut, kOutProjW, d, d);
    pack(kPacked1, kLin1W, f, d);
    pack(kPacked2, kLin2W, d, f);
  }
}

// x, out: (batch, seq, d). The residual stream lives in `cur`; every buffer is carved from work_.
void Encoder::forward(float* out, float* attn, const float* x, const std::uint8_t* mask, int batch,
                      int seq) {
  const int d = cfg_.d_model, f = cfg_.d_ff, rows = batch * seq;
  const std::size_t rd = static_cast<std::size_t>(rows) * d;
  const std::size_t need = 4 * rd + 3 * rd + static_cast<std::size_t>(rows) * f +
                           static_cast<std::size_t>(seq) * seq;
  if (work_.size() < need) work_.resize(need);
  float* cur = work_.data();
  float* normed = cur + rd;
  float* ctx = normed + rd;
  float* proj = ctx + rd;
  float* qkv = proj + rd;
  float* hidden = qkv + 3 * rd;
  float* scores = hidden + static_cast<std::size_t>(rows) * f;

  const AttentionShape shape{batch, seq, d, cfg_.n_heads};
  const std::size_t attn_per_layer = static_cast<std::size_t>(batch) * cfg_.n_heads * seq * seq;
  std::copy(x, x + rd, cur);
  for (int l = 0; l < cfg_.n_layers; ++l) {
    const auto P = [&](int slot) { return params_[static_cast<std::size_t>(l) * kPerLayer + slot].data(); };
    const auto W = [&](int slot) { return packed_[static_cast<std::size_t>(l) * kPackedPerLayer + slot].data(); };
    float* layer_attn = attn ? attn + l * attn_per_layer : nullptr;

    // Self-attention sub-block.
    const float* sa_in = cur;
    if (cfg_.norm_first) {
      layer_norm(normed, nullptr, nullptr, cur, P(kNorm1W), P(kNorm1B), rows, d, cfg_.eps);
      sa_in = normed;
    }
    linear_packed(qkv, sa_in, W(kPackedIn), P(kInProjB), rows, 3 * d, d);
    attention_core(ctx, layer_attn, qkv, mask, shape, scores);
    linear_packed(proj, ctx, W(kPackedOut), P(kOutProjB), rows, d, d);
    add_inplace(cur, proj, rd);
    if (!cfg_.norm_first) layer_norm(cur, nullptr, nullptr, cur, P(kNorm1W), P(kNorm1B), rows, d, cfg_.eps);

    // Feed-forward sub-block.
    const float* ff_in = cur;
    if (cfg_.norm_first) {
      layer_norm(normed, nullptr, nullptr, cur, P(kNorm2W), P(kNorm2B), rows, d, cfg_.eps);
      ff_in = normed;
    }
    linear_packed(hidden, ff_in, W(kPacked1), P(kLin1B), rows, f, d);
    if (cfg_.activation == Activation::gelu)
      gelu(hidden, static_cast<std::size_t>(rows) * f);
    else
      relu(hidden, static_cast<std::size_t>(rows) * f);
    linear_packed(proj, hidden, W(kPacked2), P(kLin2B), rows, d, f);
    add_inplace(cur, proj, rd);
    if (!cfg_.norm_first) layer_norm(cur, nullptr, nullptr, cur, P(kNorm2W), P(kNorm2B), rows, d, cfg_.eps);
  }
  if (cfg_.final_norm) {
    const std::size_t base = static_cast<std::size_t>(cfg_.n_layers) * kPerLayer;
    layer_norm(out, nullptr, nullptr, cur, params_[base].data(), params_[base + 1].data(), rows, d, cfg_.eps);
  } else {
    std::copy(cur, cur + rd, out);
  }
}

namespace ref {

void encoder_forward(float* out, float* attn, const float* x, const std::uint8_t* mask,
                     const EncoderConfig& c, const std::vector<const float*>& params, int batch,
                     int seq) {
  const int d = c.d_model, f = c.d_ff, rows = batch * seq;
  const std::size_t rd = static_cast<std::size_t>(rows) * d;
  std::vector<float> cur(x, x + rd), normed(rd), ctx(rd), proj(rd), qkv(3 * rd),
      hidden(static_cast<std::size_t>(rows) * f);
  const AttentionShape shape{batch, seq, d, c.n_heads};
  const std::size_t attn_per_layer = static_cast<std::size_t>(batch) * c.n_heads * seq * seq;
  for (int l = 0; l < c.n_layers; ++l) {
    const auto P = [&](int slot) { return params[static_cast<std::size_t>(l) * kPerLayer + slot]; };
    const auto sub_in = [&](int norm_w, int norm_b) {
      if (!c.norm_first) return cur.data();
      layer_norm(normed.data(), nullptr, nullptr, cur.data(), P(norm_w), P(norm_b), rows, d, c.eps);
      return normed.data();
    };
    const auto residual = [&](int norm_w, int norm_b) {
      for (std::size_t i = 0; i < rd; ++i) cur[i] += proj[i];
      if (!c.norm_first)
        layer_norm(cur.data(), nullptr, nullptr, cur.data(), P(norm_w), P(norm_b), rows, d, c.eps);
    };
    linear(qkv.data(), sub_in(kNorm1W, kNorm1B), P(kInProjW), P(kInProjB), rows, 3 * d, d);
    attention_core(ctx.data(), attn ? attn + l * attn_per_layer : nullptr, qkv.data(), mask, shape);
    linear(proj.data(), ctx.data(), P(kOutProjW), P(kOutProjB), rows, d, d);
    residual(kNorm1W, kNorm1B);

    linear(hidden.data(), sub_in(kNorm2W, kNorm2B), P(kLin1W), P(kLin1B), rows, f, d);
    if (c.activation == Activation::gelu)
      gelu(hidden.data(), hidden.size());
    else
      relu(hidden.data(), hidden.size());
    linear(proj.data(), hidden.data(), P(kLin2W), P(kLin2B), rows, d, f);
    residual(kNorm2W, kNorm2B);
  }
  if (c.final_norm) {
    const std::size_t base = static_cast<std::size_t>(c.n_layers) * kPerLayer;
    layer_norm(out, nullptr, nullptr, cur.data(), params[base], params[base + 1], rows, d, c.eps);
  } else {
    std::copy(cur.begin(), cur.end(), out);
  }
}

}  // namespace ref
}  // namespace normwave
