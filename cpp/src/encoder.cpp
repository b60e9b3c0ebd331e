#include "normwave/encoder.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "normwave/attention.hpp"
#include "normwave/linear.hpp"
#include "normwave/norms.hpp"
#include "normwave/sizes.hpp"
#include "simd.hpp"

namespace normwave {

namespace {

// Offsets of one layer's parameters in parameter_specs() order.
enum LayerParam {
  kInProjW,
  kInProjB,
  kOutProjW,
  kOutProjB,
  kLin1W,
  kLin1B,
  kLin2W,
  kLin2B,
  kNorm1W,
  kNorm1B,
  kNorm2W,
  kNorm2B,
  kPerLayer
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

// Offsets of one layer's parameters in the flat layout (parameter_specs order), and the
// floats per layer (index kPerLayer). Arithmetic only: the training kernels do not allocate.
struct LayerOffsets {
  std::size_t at[kPerLayer + 1];
};
LayerOffsets layer_offsets(const EncoderConfig& c) {
  const std::size_t d = c.d_model, f = c.d_ff;
  const std::size_t sizes[kPerLayer] = {3 * d * d, 3 * d, d * d, d, f * d, f, d * f, d, d, d, d, d};
  LayerOffsets o{};
  for (int i = 0; i < kPerLayer; ++i) o.at[i + 1] = o.at[i] + sizes[i];
  return o;
}

// Where encoder_forward_train keeps each activation (encoder.hpp lists them), in floats from
// the start of `saved`. Slots a configuration does not use are empty.
struct SavedLayout {
  // Offsets inside one layer's block.
  std::size_t in, mid, qkv, attn, ctx, res1, ffin, act, res2, mean1, var1, mean2, var2;
  std::size_t layer;                   // floats per layer
  std::size_t fin, fin_mean, fin_var;  // the final LayerNorm's input and statistics
  std::size_t total;
  float* at(float* saved, int l, std::size_t slot) const { return saved + l * layer + slot; }
  const float* at(const float* saved, int l, std::size_t slot) const {
    return saved + l * layer + slot;
  }
};

// Every size saturates (sizes.hpp): at batch * n_heads * seq^2 = 2^32 a wrapping product would be
// 0 in wasm32 and the layout would fit in a buffer far too small for the forward's writes.
[[gnu::noinline]] SavedLayout saved_layout(const EncoderConfig& c, int batch, int seq) {
  const std::size_t R = sizes::mul(sizes::count(batch), sizes::count(seq));
  const std::size_t d = sizes::count(c.d_model), f = sizes::count(c.d_ff);
  const std::size_t rd = sizes::mul(R, d);
  SavedLayout L{};
  std::size_t o = 0;
  const auto take = [&o](std::size_t n) {
    const std::size_t at = o;
    o = sizes::add(o, n);
    return at;
  };
  L.in = take(rd);
  if (c.norm_first) L.mid = take(rd);  // LN1(x), attention's input
  L.qkv = take(sizes::mul(3, rd));
  L.attn = take(sizes::mul(sizes::count(batch), sizes::count(c.n_heads), sizes::count(seq),
                           sizes::count(seq)));
  L.ctx = take(rd);
  L.res1 = take(rd);
  if (c.norm_first) {
    L.ffin = take(rd);  // LN2(x1)
  } else {
    L.mid = take(rd);  // LN1(x + SA(x)), the FFN's input
    L.ffin = L.mid;
  }
  L.act = take(sizes::mul(R, f));
  L.res2 = c.norm_first ? 0 : take(rd);
  L.mean1 = take(R);
  L.var1 = take(R);
  L.mean2 = take(R);
  L.var2 = take(R);
  L.layer = o;
  o = sizes::mul(L.layer, sizes::count(c.n_layers));
  if (c.final_norm) {
    L.fin = take(rd);
    L.fin_mean = take(R);
    L.fin_var = take(R);
  }
  L.total = o;
  return L;
}

// An element count as the int a kernel's size argument takes, clamped (only the size functions
// see counts this large: every call that would use them is refused first).
int clamp_int(std::size_t n) { return n > INT32_MAX ? INT32_MAX : static_cast<int>(n); }

// Sizes of the training workspace's parts.
struct TrainWork {
  std::size_t packed, gemm, attn_fwd, attn_bwd;
};
TrainWork train_work(const EncoderConfig& c, int batch, int seq) {
  const int d = c.d_model, f = c.d_ff;
  const int R = clamp_int(sizes::mul(sizes::count(batch), sizes::count(seq)));
  const int d3 = clamp_int(sizes::mul(3, sizes::count(d)));
  const AttentionShape shape{batch, seq, d, c.n_heads};
  TrainWork w{};
  w.packed =
      std::max({packed_size(d3, d), packed_size(d, d), packed_size(f, d), packed_size(d, f)});
  w.gemm = std::max(
      {linear_backward_workspace_floats(R, d3, d), linear_backward_workspace_floats(R, d, d),
       linear_backward_workspace_floats(R, f, d), linear_backward_workspace_floats(R, d, f)});
  w.attn_fwd = attention_core_workspace_floats(shape);
  w.attn_bwd = attention_core_backward_workspace_floats(shape);
  return w;
}

void zero(float* p, std::size_t n) { std::fill(p, p + n, 0.f); }

}  // namespace

Status validate(const EncoderConfig& c) {
  const auto range = [](const char* name, int v, int hi) -> std::string {
    if (v < 1 || v > hi)
      return std::string(name) + " must be an integer in [1, " + std::to_string(hi) + "], got " +
             std::to_string(v);
    return {};
  };
  for (const std::string& e :
       {range("dModel", c.d_model, kMaxWidth), range("nHeads", c.n_heads, kMaxWidth),
        range("dFF", c.d_ff, kMaxWidth), range("nLayers", c.n_layers, kMaxLayers)})
    if (!e.empty()) return Status::error(e);
  if (c.d_model % c.n_heads != 0)
    return Status::error("dModel (" + std::to_string(c.d_model) +
                         ") must be divisible by nHeads (" + std::to_string(c.n_heads) + ")");
  if (!(c.eps > 0.f) || !std::isfinite(c.eps))
    return Status::error("eps must be a positive finite number, got " + std::to_string(c.eps));
  if (c.activation != Activation::relu && c.activation != Activation::gelu)
    return Status::error("activation must be relu or gelu, got the code " +
                         std::to_string(static_cast<int>(c.activation)));
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
  // Sizes from the layer offsets, not parameter_specs(): re-drawing an encoder's weights
  // allocates nothing (its vectors already have their sizes).
  const LayerOffsets po = layer_offsets(c);
  const std::size_t count =
      static_cast<std::size_t>(c.n_layers) * kPerLayer + (c.final_norm ? 2 : 0);
  std::mt19937 rng(seed);
  const auto uniform = [&rng](std::vector<float>& v, double bound) {
    std::uniform_real_distribution<float> u(static_cast<float>(-bound), static_cast<float>(bound));
    for (float& x : v) x = u(rng);
  };
  params.resize(count);
  const double d = c.d_model, f = c.d_ff;
  for (std::size_t i = 0; i < count; ++i) {
    std::vector<float>& v = params[i];
    const bool in_layer = i < static_cast<std::size_t>(c.n_layers) * kPerLayer;
    const std::size_t slot = in_layer ? i % kPerLayer : kNorm1W + (i % 2);
    v.assign(in_layer ? po.at[slot + 1] - po.at[slot] : static_cast<std::size_t>(c.d_model), 0.f);
    switch (slot) {
      case kInProjW:
        uniform(v, std::sqrt(6.0 / (d + 3 * d)));
        break;  // xavier_uniform_
      case kOutProjW:
      case kLin1W:
      case kLin1B:
        uniform(v, 1.0 / std::sqrt(d));
        break;
      case kLin2W:
      case kLin2B:
        uniform(v, 1.0 / std::sqrt(f));
        break;
      case kNorm1W:
      case kNorm2W:
        std::fill(v.begin(), v.end(), 1.f);
        break;
      default:
        break;  // attention biases and LayerNorm biases start at zero
    }
  }
}

std::size_t encoder_weight_floats(const EncoderConfig& c) {
  const std::size_t per_layer =
      sizes::add(packed_size(3 * c.d_model, c.d_model), packed_size(c.d_model, c.d_model),
                 packed_size(c.d_ff, c.d_model), packed_size(c.d_model, c.d_ff));
  return sizes::add(parameter_count(c), sizes::mul(sizes::count(c.n_layers), per_layer));
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

void Encoder::set_parameters(const float* flat) {
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    std::copy(flat, flat + specs_[i].numel, params_[i].begin());
    flat += specs_[i].numel;
  }
  repack();
}

void Encoder::repack() {
  const int d = cfg_.d_model, f = cfg_.d_ff;
  packed_.resize(static_cast<std::size_t>(cfg_.n_layers) * kPackedPerLayer);
  for (int l = 0; l < cfg_.n_layers; ++l) {
    const auto pack = [&](int slot, int param, int n, int k) {
      std::vector<float>& dst = packed_[static_cast<std::size_t>(l) * kPackedPerLayer + slot];
      dst.resize(packed_size(n, k));
      pack_weight(dst.data(), params_[static_cast<std::size_t>(l) * kPerLayer + param].data(), n,
                  k);
    };
    pack(kPackedIn, kInProjW, 3 * d, d);
    pack(kPackedOut, kOutProjW, d, d);
    pack(kPacked1, kLin1W, f, d);
    pack(kPacked2, kLin2W, d, f);
  }
}

std::size_t encoder_forward_workspace_floats(const EncoderConfig& c, int batch, int seq) {
  if (batch <= 0 || seq <= 0) return 0;
  const std::size_t R = sizes::mul(sizes::count(batch), sizes::count(seq));
  const std::size_t rd = sizes::mul(R, sizes::count(c.d_model)),
                    rf = sizes::mul(R, sizes::count(c.d_ff));
  return sizes::add(sizes::mul(rd, c.norm_first ? 7 : 6), rf,
                    attention_core_workspace_floats({batch, seq, c.d_model, c.n_heads}));
}

// x, out: (batch, seq, d). The residual stream lives in `cur`; every buffer is carved from the
// workspace: cur, ctx, proj (R d each), qkv (3 R d), hidden (R f), normed (R d, Pre-LN only),
// then attention_core's workspace.
void Encoder::forward(float* out, float* attn, const float* x, const std::uint8_t* mask, int batch,
                      int seq, float* workspace, float* states) {
  if (batch <= 0 || seq <= 0) return;
  const int d = cfg_.d_model, f = cfg_.d_ff, rows = batch * seq;
  const std::size_t rd = static_cast<std::size_t>(rows) * d;
  float* cur = workspace;
  float* ctx = cur + rd;
  float* proj = ctx + rd;
  float* qkv = proj + rd;
  float* hidden = qkv + 3 * rd;
  float* normed = hidden + static_cast<std::size_t>(rows) * f;
  float* attn_work = normed + (cfg_.norm_first ? rd : 0);

  const AttentionShape shape{batch, seq, d, cfg_.n_heads};
  const std::size_t attn_per_layer = static_cast<std::size_t>(batch) * cfg_.n_heads * seq * seq;
  std::copy(x, x + rd, cur);
  for (int l = 0; l < cfg_.n_layers; ++l) {
    const auto P = [&](int slot) {
      return params_[static_cast<std::size_t>(l) * kPerLayer + slot].data();
    };
    const auto W = [&](int slot) {
      return packed_[static_cast<std::size_t>(l) * kPackedPerLayer + slot].data();
    };
    float* layer_attn = attn ? attn + l * attn_per_layer : nullptr;

    // Self-attention sub-block.
    const float* sa_in = cur;
    if (cfg_.norm_first) {
      layer_norm(normed, nullptr, nullptr, cur, P(kNorm1W), P(kNorm1B), rows, d, cfg_.eps);
      sa_in = normed;
    }
    linear_packed(qkv, sa_in, W(kPackedIn), P(kInProjB), rows, 3 * d, d);
    attention_core(ctx, layer_attn, qkv, mask, shape, attn_work);
    linear_packed(proj, ctx, W(kPackedOut), P(kOutProjB), rows, d, d);
    add_inplace(cur, proj, rd);
    if (!cfg_.norm_first)
      layer_norm(cur, nullptr, nullptr, cur, P(kNorm1W), P(kNorm1B), rows, d, cfg_.eps);

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
    if (!cfg_.norm_first)
      layer_norm(cur, nullptr, nullptr, cur, P(kNorm2W), P(kNorm2B), rows, d, cfg_.eps);
    if (states) std::copy(cur, cur + rd, states + l * rd);
  }
  if (cfg_.final_norm) {
    const std::size_t base = static_cast<std::size_t>(cfg_.n_layers) * kPerLayer;
    layer_norm(out, nullptr, nullptr, cur, params_[base].data(), params_[base + 1].data(), rows, d,
               cfg_.eps);
  } else {
    std::copy(cur, cur + rd, out);
  }
}

// ---- Training ------------------------------------------------------------------------------

std::size_t parameter_count(const EncoderConfig& c) {
  // Saturating (not layer_offsets): JS asks for the count of any config validate() accepts,
  // and 1024 layers of width 32768 overflow wasm32's size_t.
  const std::size_t d = sizes::count(c.d_model), f = sizes::count(c.d_ff);
  const std::size_t per_layer =
      sizes::add(sizes::mul(4, d, d), sizes::mul(2, d, f), sizes::mul(9, d), f);
  return sizes::add(sizes::mul(sizes::count(c.n_layers), per_layer),
                    c.final_norm ? sizes::mul(2, d) : 0);
}

std::size_t encoder_saved_floats(const EncoderConfig& c, int batch, int seq) {
  return saved_layout(c, batch, seq).total;
}

std::size_t encoder_saved_attention_offset(const EncoderConfig& c, int batch, int seq, int layer) {
  const SavedLayout L = saved_layout(c, batch, seq);
  return sizes::add(sizes::mul(sizes::count(layer), L.layer), L.attn);
}

// Forward: proj (R d), GELU's output (R f, GELU only), one packed weight and attention's
// workspace. Backward: g, t, dctx (R d each), dqkv (3 R d), two (R f) buffers, the GEMM packing
// block and attention's row. The two calls share one workspace, sized for the larger.
std::size_t encoder_train_workspace_floats(const EncoderConfig& c, int batch, int seq) {
  const std::size_t R = sizes::mul(sizes::count(batch), sizes::count(seq));
  const std::size_t rd = sizes::mul(R, sizes::count(c.d_model));
  const std::size_t rf = sizes::mul(R, sizes::count(c.d_ff));
  const TrainWork w = train_work(c, batch, seq);
  const std::size_t fwd =
      sizes::add(rd, c.activation == Activation::gelu ? rf : 0, w.packed, w.attn_fwd);
  const std::size_t bwd = sizes::add(sizes::mul(6, rd), sizes::mul(2, rf), w.gemm, w.attn_bwd);
  return std::max(fwd, bwd);
}

// The same sequence of operations as Encoder::forward, writing each kept activation into its
// saved slot instead of a scratch buffer, and the LayerNorm statistics beside them.
void encoder_forward_train(float* out, float* saved, const float* x, const std::uint8_t* mask,
                           const float* params, const EncoderConfig& c, int batch, int seq,
                           float* workspace) {
  const int d = c.d_model, f = c.d_ff, R = batch * seq;
  const std::size_t rd = static_cast<std::size_t>(R) * d, rf = static_cast<std::size_t>(R) * f;
  const SavedLayout L = saved_layout(c, batch, seq);
  const LayerOffsets po = layer_offsets(c);
  const TrainWork tw = train_work(c, batch, seq);
  const bool gelu_act = c.activation == Activation::gelu;
  float* proj = workspace;
  float* act_out = proj + rd;  // GELU's output (ReLU works in place)
  float* packed = act_out + (gelu_act ? rf : 0);
  float* attn_work = packed + tw.packed;
  const AttentionShape shape{batch, seq, d, c.n_heads};

  std::copy(x, x + rd, L.at(saved, 0, L.in));
  for (int l = 0; l < c.n_layers; ++l) {
    const float* lp = params + l * po.at[kPerLayer];
    const auto P = [&](int slot) { return lp + po.at[slot]; };
    const auto S = [&](std::size_t slot) { return L.at(saved, l, slot); };
    const auto linear_fwd = [&](float* y, const float* xin, int slot_w, int slot_b, int n, int k) {
      pack_weight(packed, P(slot_w), n, k);
      linear_packed(y, xin, packed, P(slot_b), R, n, k);
    };
    float* next = l + 1 < c.n_layers ? L.at(saved, l + 1, L.in)
                  : c.final_norm     ? saved + L.fin
                                     : out;
    const float* in = S(L.in);

    // Self-attention sub-block.
    const float* sa_in = in;
    if (c.norm_first) {
      layer_norm(S(L.mid), S(L.mean1), S(L.var1), in, P(kNorm1W), P(kNorm1B), R, d, c.eps);
      sa_in = S(L.mid);
    }
    linear_fwd(S(L.qkv), sa_in, kInProjW, kInProjB, 3 * d, d);
    attention_core(S(L.ctx), S(L.attn), S(L.qkv), mask, shape, attn_work);
    linear_fwd(proj, S(L.ctx), kOutProjW, kOutProjB, d, d);
    residual_add(S(L.res1), in, proj, rd);
    if (!c.norm_first)
      layer_norm(S(L.mid), S(L.mean1), S(L.var1), S(L.res1), P(kNorm1W), P(kNorm1B), R, d, c.eps);

    // Feed-forward sub-block.
    if (c.norm_first)
      layer_norm(S(L.ffin), S(L.mean2), S(L.var2), S(L.res1), P(kNorm2W), P(kNorm2B), R, d, c.eps);
    linear_fwd(S(L.act), S(L.ffin), kLin1W, kLin1B, f, d);
    const float* a = S(L.act);
    if (gelu_act) {
      std::copy(S(L.act), S(L.act) + rf, act_out);
      gelu(act_out, rf);
      a = act_out;
    } else {
      relu(S(L.act), rf);
    }
    linear_fwd(proj, a, kLin2W, kLin2B, d, f);
    if (c.norm_first) {
      residual_add(next, S(L.res1), proj, rd);
    } else {
      residual_add(S(L.res2), S(L.mid), proj, rd);
      layer_norm(next, S(L.mean2), S(L.var2), S(L.res2), P(kNorm2W), P(kNorm2B), R, d, c.eps);
    }
  }
  if (c.final_norm) {
    const float* fp = params + c.n_layers * po.at[kPerLayer];
    layer_norm(out, saved + L.fin_mean, saved + L.fin_var, saved + L.fin, fp, fp + d, R, d, c.eps);
  }
}

// Layer by layer from the top, g holding the gradient of the residual stream (the layer's
// output, then its input). Each linear's dx lands in a zeroed buffer or is added to g directly.
void encoder_backward(float* dx, float* dparams, const float* dout, const float* saved,
                      const float* params, const EncoderConfig& c, int batch, int seq,
                      float* workspace) {
  const int d = c.d_model, f = c.d_ff, R = batch * seq;
  const std::size_t rd = static_cast<std::size_t>(R) * d, rf = static_cast<std::size_t>(R) * f;
  const SavedLayout L = saved_layout(c, batch, seq);
  const LayerOffsets po = layer_offsets(c);
  const TrainWork tw = train_work(c, batch, seq);
  const bool gelu_act = c.activation == Activation::gelu;
  float* g = workspace;
  float* t = g + rd;
  float* dctx = t + rd;
  float* dqkv = dctx + rd;
  float* buf_a = dqkv + 3 * rd;  // GELU's output, then the gradient of the FFN hidden's input
  float* dact = buf_a + rf;      // gradient of the activation's output
  float* gemm_work = dact + rf;
  float* attn_work = gemm_work + tw.gemm;
  const AttentionShape shape{batch, seq, d, c.n_heads};

  if (c.final_norm) {
    const std::size_t fo = c.n_layers * po.at[kPerLayer];
    zero(g, rd);
    layer_norm_backward(g, dparams + fo, dparams + fo + d, dout, saved + L.fin, params + fo,
                        saved + L.fin_mean, saved + L.fin_var, R, d, c.eps);
  } else {
    std::copy(dout, dout + rd, g);
  }
  for (int l = c.n_layers - 1; l >= 0; --l) {
    const float* lp = params + l * po.at[kPerLayer];
    float* lg = dparams + l * po.at[kPerLayer];
    const auto P = [&](int slot) { return lp + po.at[slot]; };
    const auto G = [&](int slot) { return lg + po.at[slot]; };
    const auto S = [&](std::size_t slot) { return L.at(saved, l, slot); };

    // Feed-forward sub-block. Post-LN first undoes LN2: t = d(h + FFN(h)).
    const float* dffn = g;  // gradient of FFN's output
    if (!c.norm_first) {
      zero(t, rd);
      layer_norm_backward(t, G(kNorm2W), G(kNorm2B), g, S(L.res2), P(kNorm2W), S(L.mean2),
                          S(L.var2), R, d, c.eps);
      dffn = t;
    }
    const float* a = S(L.act);
    if (gelu_act) {
      std::copy(S(L.act), S(L.act) + rf, buf_a);
      gelu(buf_a, rf);
      a = buf_a;
    }
    zero(dact, rf);
    linear_backward(dact, G(kLin2W), G(kLin2B), dffn, a, P(kLin2W), R, d, f, gemm_work);
    zero(buf_a, rf);
    if (gelu_act)
      gelu_backward(buf_a, dact, S(L.act), rf);
    else
      relu_backward(buf_a, dact, S(L.act), rf);
    if (c.norm_first) {
      // x2 = x1 + FFN(LN2 x1): g (= dx2) flows on to x1, and through LN2.
      zero(t, rd);
      linear_backward(t, G(kLin1W), G(kLin1B), buf_a, S(L.ffin), P(kLin1W), R, f, d, gemm_work);
      layer_norm_backward(g, G(kNorm2W), G(kNorm2B), t, S(L.res1), P(kNorm2W), S(L.mean2),
                          S(L.var2), R, d, c.eps);
    } else {
      // s2 = h + FFN(h): t (= ds2) is dh so far; add the FFN's path, then undo LN1 into g.
      linear_backward(t, G(kLin1W), G(kLin1B), buf_a, S(L.ffin), P(kLin1W), R, f, d, gemm_work);
      zero(g, rd);
      layer_norm_backward(g, G(kNorm1W), G(kNorm1B), t, S(L.res1), P(kNorm1W), S(L.mean1),
                          S(L.var1), R, d, c.eps);
    }

    // Self-attention sub-block: g is the gradient of x + SA(...), so of SA's output too.
    zero(dctx, rd);
    linear_backward(dctx, G(kOutProjW), G(kOutProjB), g, S(L.ctx), P(kOutProjW), R, d, d,
                    gemm_work);
    zero(dqkv, 3 * rd);
    attention_core_backward(dqkv, dctx, S(L.qkv), S(L.attn), shape, attn_work);
    if (c.norm_first) {
      zero(t, rd);
      linear_backward(t, G(kInProjW), G(kInProjB), dqkv, S(L.mid), P(kInProjW), R, 3 * d, d,
                      gemm_work);
      layer_norm_backward(g, G(kNorm1W), G(kNorm1B), t, S(L.in), P(kNorm1W), S(L.mean1), S(L.var1),
                          R, d, c.eps);
    } else {
      linear_backward(g, G(kInProjW), G(kInProjB), dqkv, S(L.in), P(kInProjW), R, 3 * d, d,
                      gemm_work);
    }
  }
  if (dx) residual_add(dx, dx, g, rd);
}

namespace ref {

void encoder_forward(float* out, float* attn, const float* x, const std::uint8_t* mask,
                     const EncoderConfig& c, const std::vector<const float*>& params, int batch,
                     int seq) {
  encoder_forward<float>(out, attn, x, mask, c, params, batch, seq);
}

template <class T>
void encoder_forward(T* out, T* attn, const T* x, const std::uint8_t* mask, const EncoderConfig& c,
                     const std::vector<const T*>& params, int batch, int seq) {
  const int d = c.d_model, f = c.d_ff, rows = batch * seq;
  const std::size_t rd = static_cast<std::size_t>(rows) * d;
  std::vector<T> cur(x, x + rd), normed(rd), ctx(rd), proj(rd), qkv(3 * rd),
      hidden(static_cast<std::size_t>(rows) * f);
  const AttentionShape shape{batch, seq, d, c.n_heads};
  const std::size_t attn_per_layer = static_cast<std::size_t>(batch) * c.n_heads * seq * seq;
  for (int l = 0; l < c.n_layers; ++l) {
    const auto P = [&](int slot) { return params[static_cast<std::size_t>(l) * kPerLayer + slot]; };
    const auto sub_in = [&](int norm_w, int norm_b) {
      if (!c.norm_first) return cur.data();
      layer_norm<T>(normed.data(), nullptr, nullptr, cur.data(), P(norm_w), P(norm_b), rows, d,
                    c.eps);
      return normed.data();
    };
    const auto residual = [&](int norm_w, int norm_b) {
      for (std::size_t i = 0; i < rd; ++i) cur[i] += proj[i];
      if (!c.norm_first)
        layer_norm<T>(cur.data(), nullptr, nullptr, cur.data(), P(norm_w), P(norm_b), rows, d,
                      c.eps);
    };
    linear<T>(qkv.data(), sub_in(kNorm1W, kNorm1B), P(kInProjW), P(kInProjB), rows, 3 * d, d);
    attention_core<T>(ctx.data(), attn ? attn + l * attn_per_layer : nullptr, qkv.data(), mask,
                      shape);
    linear<T>(proj.data(), ctx.data(), P(kOutProjW), P(kOutProjB), rows, d, d);
    residual(kNorm1W, kNorm1B);

    linear<T>(hidden.data(), sub_in(kNorm2W, kNorm2B), P(kLin1W), P(kLin1B), rows, f, d);
    if (c.activation == Activation::gelu)
      gelu<T>(hidden.data(), hidden.size());
    else
      relu<T>(hidden.data(), hidden.size());
    linear<T>(proj.data(), hidden.data(), P(kLin2W), P(kLin2B), rows, d, f);
    residual(kNorm2W, kNorm2B);
  }
  if (c.final_norm) {
    const std::size_t base = static_cast<std::size_t>(c.n_layers) * kPerLayer;
    layer_norm<T>(out, nullptr, nullptr, cur.data(), params[base], params[base + 1], rows, d,
                  c.eps);
  } else {
    std::copy(cur.begin(), cur.end(), out);
  }
}

// Forward with every intermediate kept in its own vector, then the chain rule backwards with
// the ref kernels, each gradient buffer fresh (zero) before the kernels add into it.
template <class T>
void encoder_backward(T* dx, const std::vector<T*>& dparams, const T* dout, const T* x,
                      const std::uint8_t* mask, const EncoderConfig& c,
                      const std::vector<const T*>& params, int batch, int seq) {
  const int d = c.d_model, f = c.d_ff, R = batch * seq, nl = c.n_layers;
  const std::size_t rd = static_cast<std::size_t>(R) * d, rf = static_cast<std::size_t>(R) * f;
  const bool pre = c.norm_first, gelu_act = c.activation == Activation::gelu;
  const AttentionShape shape{batch, seq, d, c.n_heads};
  using Vec = std::vector<T>;
  struct Layer {
    Vec in, n1, qkv, attn, ctx, res1, h1, n2, z, a, res2, m1, v1, m2, v2;
  };
  std::vector<Layer> ls(nl);
  Vec cur(x, x + rd), fin_mean(R), fin_var(R);
  for (int l = 0; l < nl; ++l) {
    Layer& s = ls[l];
    const auto P = [&](int slot) { return params[static_cast<std::size_t>(l) * kPerLayer + slot]; };
    s.in = cur;
    s.m1.resize(R);
    s.v1.resize(R);
    s.m2.resize(R);
    s.v2.resize(R);
    s.qkv.resize(3 * rd);
    s.attn.resize(static_cast<std::size_t>(batch) * c.n_heads * seq * seq);
    s.ctx.resize(rd);
    s.res1.resize(rd);
    s.z.resize(rf);
    s.a.resize(rf);
    Vec proj(rd);
    const T* sa_in = s.in.data();
    if (pre) {
      s.n1.resize(rd);
      layer_norm<T>(s.n1.data(), s.m1.data(), s.v1.data(), s.in.data(), P(kNorm1W), P(kNorm1B), R,
                    d, c.eps);
      sa_in = s.n1.data();
    }
    linear<T>(s.qkv.data(), sa_in, P(kInProjW), P(kInProjB), R, 3 * d, d);
    attention_core<T>(s.ctx.data(), s.attn.data(), s.qkv.data(), mask, shape);
    linear<T>(proj.data(), s.ctx.data(), P(kOutProjW), P(kOutProjB), R, d, d);
    for (std::size_t i = 0; i < rd; ++i) s.res1[i] = s.in[i] + proj[i];
    const T* ff_in;
    if (pre) {
      s.n2.resize(rd);
      layer_norm<T>(s.n2.data(), s.m2.data(), s.v2.data(), s.res1.data(), P(kNorm2W), P(kNorm2B), R,
                    d, c.eps);
      ff_in = s.n2.data();
    } else {
      s.h1.resize(rd);
      layer_norm<T>(s.h1.data(), s.m1.data(), s.v1.data(), s.res1.data(), P(kNorm1W), P(kNorm1B), R,
                    d, c.eps);
      ff_in = s.h1.data();
    }
    linear<T>(s.z.data(), ff_in, P(kLin1W), P(kLin1B), R, f, d);
    s.a = s.z;
    if (gelu_act)
      gelu<T>(s.a.data(), rf);
    else
      relu<T>(s.a.data(), rf);
    linear<T>(proj.data(), s.a.data(), P(kLin2W), P(kLin2B), R, d, f);
    if (pre) {
      for (std::size_t i = 0; i < rd; ++i) cur[i] = s.res1[i] + proj[i];
    } else {
      s.res2.resize(rd);
      for (std::size_t i = 0; i < rd; ++i) s.res2[i] = s.h1[i] + proj[i];
      layer_norm<T>(cur.data(), s.m2.data(), s.v2.data(), s.res2.data(), P(kNorm2W), P(kNorm2B), R,
                    d, c.eps);
    }
  }
  const std::size_t fbase = static_cast<std::size_t>(nl) * kPerLayer;
  Vec g(dout, dout + rd);
  if (c.final_norm) {
    Vec fin = cur, out(rd);
    layer_norm<T>(out.data(), fin_mean.data(), fin_var.data(), fin.data(), params[fbase],
                  params[fbase + 1], R, d, c.eps);
    std::fill(g.begin(), g.end(), T(0));
    layer_norm_backward<T>(g.data(), dparams[fbase], dparams[fbase + 1], dout, fin.data(),
                           params[fbase], fin_mean.data(), fin_var.data(), R, d, c.eps);
  }
  for (int l = nl - 1; l >= 0; --l) {
    Layer& s = ls[l];
    const auto P = [&](int slot) { return params[static_cast<std::size_t>(l) * kPerLayer + slot]; };
    const auto G = [&](int slot) {
      return dparams[static_cast<std::size_t>(l) * kPerLayer + slot];
    };
    // Output side of the FFN sub-block: dres (gradient of the sum res + FFN(.)).
    Vec dres = g;
    if (!pre) {
      std::fill(dres.begin(), dres.end(), T(0));
      layer_norm_backward<T>(dres.data(), G(kNorm2W), G(kNorm2B), g.data(), s.res2.data(),
                             P(kNorm2W), s.m2.data(), s.v2.data(), R, d, c.eps);
    }
    Vec da(rf), dz(rf), dffin(rd);
    linear_backward<T>(da.data(), G(kLin2W), G(kLin2B), dres.data(), s.a.data(), P(kLin2W), R, d,
                       f);
    if (gelu_act)
      gelu_backward<T>(dz.data(), da.data(), s.z.data(), rf);
    else
      relu_backward<T>(dz.data(), da.data(), s.a.data(), rf);
    linear_backward<T>(dffin.data(), G(kLin1W), G(kLin1B), dz.data(),
                       pre ? s.n2.data() : s.h1.data(), P(kLin1W), R, f, d);
    Vec dres1(rd, T(0));  // gradient of res1 = in + SA(.)
    if (pre) {
      dres1 = dres;  // the residual path
      layer_norm_backward<T>(dres1.data(), G(kNorm2W), G(kNorm2B), dffin.data(), s.res1.data(),
                             P(kNorm2W), s.m2.data(), s.v2.data(), R, d, c.eps);
    } else {
      Vec dh1 = dres;  // the residual path into h1, plus the FFN's
      for (std::size_t i = 0; i < rd; ++i) dh1[i] += dffin[i];
      layer_norm_backward<T>(dres1.data(), G(kNorm1W), G(kNorm1B), dh1.data(), s.res1.data(),
                             P(kNorm1W), s.m1.data(), s.v1.data(), R, d, c.eps);
    }
    Vec dctx(rd), dqkv(3 * rd), dsa_in(rd);
    linear_backward<T>(dctx.data(), G(kOutProjW), G(kOutProjB), dres1.data(), s.ctx.data(),
                       P(kOutProjW), R, d, d);
    attention_core_backward<T>(dqkv.data(), dctx.data(), s.qkv.data(), s.attn.data(), shape);
    linear_backward<T>(dsa_in.data(), G(kInProjW), G(kInProjB), dqkv.data(),
                       pre ? s.n1.data() : s.in.data(), P(kInProjW), R, 3 * d, d);
    g = dres1;  // the residual path to the layer's input
    if (pre)
      layer_norm_backward<T>(g.data(), G(kNorm1W), G(kNorm1B), dsa_in.data(), s.in.data(),
                             P(kNorm1W), s.m1.data(), s.v1.data(), R, d, c.eps);
    else
      for (std::size_t i = 0; i < rd; ++i) g[i] += dsa_in[i];
  }
  if (dx)
    for (std::size_t i = 0; i < rd; ++i) dx[i] += g[i];
}

template void encoder_forward<float>(float*, float*, const float*, const std::uint8_t*,
                                     const EncoderConfig&, const std::vector<const float*>&, int,
                                     int);
template void encoder_forward<double>(double*, double*, const double*, const std::uint8_t*,
                                      const EncoderConfig&, const std::vector<const double*>&, int,
                                      int);
template void encoder_backward<float>(float*, const std::vector<float*>&, const float*,
                                      const float*, const std::uint8_t*, const EncoderConfig&,
                                      const std::vector<const float*>&, int, int);
template void encoder_backward<double>(double*, const std::vector<double*>&, const double*,
                                       const double*, const std::uint8_t*, const EncoderConfig&,
                                       const std::vector<const double*>&, int, int);

}  // namespace ref
}  // namespace normwave
