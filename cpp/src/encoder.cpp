#include "normwave/encoder.hpp"

#include <algorithm>
#include <cmath>
#include <random>

#include "normwave/attention.hpp"
#include "normwave/linear.hpp"
#include "normwave/norms.hpp"
#include "normwave/sizes.hpp"

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

// One layer's parameters in state_dict order (LayerParam): the name after "layers.<l>." and
// the shape, one letter a dimension: 't' = 3 d_model, 'd' = d_model, 'f' = d_ff.
struct LayerParamInfo {
  const char* name;
  const char* shape;
};
constexpr LayerParamInfo kLayerParams[kPerLayer] = {{"self_attn.in_proj_weight", "td"},
                                                    {"self_attn.in_proj_bias", "t"},
                                                    {"self_attn.out_proj.weight", "dd"},
                                                    {"self_attn.out_proj.bias", "d"},
                                                    {"linear1.weight", "fd"},
                                                    {"linear1.bias", "f"},
                                                    {"linear2.weight", "df"},
                                                    {"linear2.bias", "d"},
                                                    {"norm1.weight", "d"},
                                                    {"norm1.bias", "d"},
                                                    {"norm2.weight", "d"},
                                                    {"norm2.bias", "d"}};

int dim_of(char letter, const EncoderConfig& c) {
  return letter == 't' ? 3 * c.d_model : letter == 'f' ? c.d_ff : c.d_model;
}

// Offsets of one layer's parameters in the flat layout (parameter_specs order), and the
// floats per layer (index kPerLayer). Arithmetic only: the training kernels do not allocate.
struct LayerOffsets {
  std::size_t at[kPerLayer + 1];
};
LayerOffsets layer_offsets(const EncoderConfig& c) {
  LayerOffsets o{};
  for (int i = 0; i < kPerLayer; ++i) {
    std::size_t n = 1;
    for (const char* letter = kLayerParams[i].shape; *letter; ++letter)
      n *= static_cast<std::size_t>(dim_of(*letter, c));
    o.at[i + 1] = o.at[i] + n;
  }
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

// The parameters a forward reads: an Encoder's (one vector per tensor, and the linear weights
// packed once) or the training kernels' flat array (packed into scratch as each linear runs).
struct ParamsView {
  const EncoderConfig& c;
  const std::vector<std::vector<float>>* tensors;  // null: flat
  const std::vector<std::vector<float>>* packed;   // kPackedPerLayer per layer, or null
  const float* flat;                               // parameter_count(c) floats, or null
};

// One layer's weights: the torch-layout tensors, and each linear weight packed (null: pack it).
struct LayerWeights {
  const float* p[kPerLayer];
  const float* packed[kPackedPerLayer];
};

LayerWeights layer_weights(const ParamsView& v, const LayerOffsets& po, int l) {
  LayerWeights w{};
  for (int slot = 0; slot < kPerLayer; ++slot)
    w.p[slot] = v.tensors ? (*v.tensors)[static_cast<std::size_t>(l) * kPerLayer + slot].data()
                          : v.flat + l * po.at[kPerLayer] + po.at[slot];
  for (int slot = 0; v.packed && slot < kPackedPerLayer; ++slot)
    w.packed[slot] = (*v.packed)[static_cast<std::size_t>(l) * kPackedPerLayer + slot].data();
  return w;
}

// The final LayerNorm's weight and bias.
const float* final_norm_param(const ParamsView& v, const LayerOffsets& po, int which) {
  const std::size_t base = static_cast<std::size_t>(v.c.n_layers) * kPerLayer;
  return v.tensors ? (*v.tensors)[base + which].data()
                   : v.flat + v.c.n_layers * po.at[kPerLayer] + which * v.c.d_model;
}

// Where one layer reads its input and writes each activation (encoder.hpp names them). The plain
// forward points several at one buffer, the residual stream, updated in place; the training
// forward gives each its slot in `saved`, which keeps what the backward needs.
struct LayerIo {
  const float* in;
  float *mid, *qkv, *attn, *ctx, *res1, *ffin, *act, *act_out, *res2, *out;
  float *mean1, *var1, *mean2, *var2;  // LayerNorm statistics, or null
};

// Scratch both forwards use beside the activations.
struct ForwardScratch {
  float* proj;       // (R d): the projections before each residual add
  float* packing;    // a packed weight, when the weights come flat
  float* attn_work;  // attention_core's workspace
};

// One encoder layer (encoder.hpp's equations) on R = batch * seq rows.
void encoder_layer(const EncoderConfig& c, const LayerWeights& w, const LayerIo& io,
                   const std::uint8_t* mask, const AttentionShape& shape,
                   const ForwardScratch& scratch) {
  const int d = c.d_model, f = c.d_ff, R = shape.batch * shape.seq;
  const std::size_t rd = static_cast<std::size_t>(R) * d, rf = static_cast<std::size_t>(R) * f;
  const auto linear_fwd = [&](float* y, const float* xin, int slot_w, int slot_packed, int slot_b,
                              int n, int k) {
    const float* packed = w.packed[slot_packed];
    if (!packed) {
      pack_weight(scratch.packing, w.p[slot_w], n, k);
      packed = scratch.packing;
    }
    linear_packed(y, xin, packed, w.p[slot_b], R, n, k);
  };

  // Self-attention sub-block.
  const float* sa_in = io.in;
  if (c.norm_first) {
    layer_norm(io.mid, io.mean1, io.var1, io.in, w.p[kNorm1W], w.p[kNorm1B], R, d, c.eps);
    sa_in = io.mid;
  }
  linear_fwd(io.qkv, sa_in, kInProjW, kPackedIn, kInProjB, 3 * d, d);
  attention_core(io.ctx, io.attn, io.qkv, mask, shape, scratch.attn_work);
  linear_fwd(scratch.proj, io.ctx, kOutProjW, kPackedOut, kOutProjB, d, d);
  residual_add(io.res1, io.in, scratch.proj, rd);

  // Feed-forward sub-block: its input is LN2(x1) (Pre-LN) or h = LN1(x + SA(x)) (Post-LN).
  if (c.norm_first)
    layer_norm(io.ffin, io.mean2, io.var2, io.res1, w.p[kNorm2W], w.p[kNorm2B], R, d, c.eps);
  else
    layer_norm(io.mid, io.mean1, io.var1, io.res1, w.p[kNorm1W], w.p[kNorm1B], R, d, c.eps);
  linear_fwd(io.act, io.ffin, kLin1W, kPacked1, kLin1B, f, d);
  if (c.activation == Activation::gelu) {
    if (io.act_out != io.act) std::copy(io.act, io.act + rf, io.act_out);
    gelu(io.act_out, rf);
  } else {
    relu(io.act, rf);
  }
  linear_fwd(scratch.proj, c.activation == Activation::gelu ? io.act_out : io.act, kLin2W, kPacked2,
             kLin2B, d, f);
  if (c.norm_first) {
    residual_add(io.out, io.res1, scratch.proj, rd);
  } else {
    residual_add(io.res2, io.mid, scratch.proj, rd);
    layer_norm(io.out, io.mean2, io.var2, io.res2, w.p[kNorm2W], w.p[kNorm2B], R, d, c.eps);
  }
}

// The final LayerNorm's input (or the last layer's output, without one) and its statistics.
struct FinalNorm {
  const float* in;
  float *mean, *var;
};

// The plain forward's layers, in place on the residual stream `cur`, every buffer carved from
// the workspace (encoder_forward_workspace_floats): cur, ctx, proj (R d each), qkv (3 R d),
// hidden (R f), normed (R d, Pre-LN only), then attention_core's workspace.
struct PlainForward {
  float *cur, *ctx, *qkv, *hidden, *normed;
  ForwardScratch scratch;
  PlainForward(const EncoderConfig& c, int batch, int seq, float* workspace) {
    const std::size_t rows = static_cast<std::size_t>(batch) * seq;
    const std::size_t rd = rows * c.d_model, rf = rows * c.d_ff;
    cur = workspace;
    ctx = cur + rd;
    scratch.proj = ctx + rd;
    qkv = scratch.proj + rd;
    hidden = qkv + 3 * rd;
    normed = hidden + rf;
    scratch.packing = nullptr;
    scratch.attn_work = normed + (c.norm_first ? rd : 0);
  }
  float* input() const { return cur; }
  LayerIo io(const EncoderConfig& c, int, float*, float* attn) const {
    float* mid = c.norm_first ? normed : cur;
    return {cur,    mid,    qkv, attn, ctx,     cur,     c.norm_first ? normed : mid,
            hidden, hidden, cur, cur,  nullptr, nullptr, nullptr,
            nullptr};
  }
  FinalNorm final_norm(const EncoderConfig&, float*) const { return {cur, nullptr, nullptr}; }
};

// The training forward's layers: each activation in its slot of `saved` (SavedLayout), the
// workspace (encoder_train_workspace_floats) holding proj (R d), GELU's output (R f, GELU only),
// one packed weight and attention's workspace.
struct KeptForward {
  const SavedLayout L;
  float* saved;
  float* act_out;
  ForwardScratch scratch;
  KeptForward(const EncoderConfig& c, int batch, int seq, float* saved_, float* workspace)
      : L(saved_layout(c, batch, seq)), saved(saved_) {
    const std::size_t rows = static_cast<std::size_t>(batch) * seq;
    scratch.proj = workspace;
    act_out = scratch.proj + rows * c.d_model;
    scratch.packing = act_out + (c.activation == Activation::gelu ? rows * c.d_ff : 0);
    scratch.attn_work = scratch.packing + train_work(c, batch, seq).packed;
  }
  float* input() const { return L.at(saved, 0, L.in); }
  LayerIo io(const EncoderConfig& c, int l, float* out, float*) const {
    const auto S = [&](std::size_t slot) { return L.at(saved, l, slot); };
    float* next = l + 1 < c.n_layers ? L.at(saved, l + 1, L.in)
                  : c.final_norm     ? saved + L.fin
                                     : out;
    return {S(L.in),   S(L.mid),   S(L.qkv),
            S(L.attn), S(L.ctx),   S(L.res1),
            S(L.ffin), S(L.act),   c.activation == Activation::gelu ? act_out : S(L.act),
            S(L.res2), next,       S(L.mean1),
            S(L.var1), S(L.mean2), S(L.var2)};
  }
  FinalNorm final_norm(const EncoderConfig& c, float* out) const {
    if (!c.final_norm) return {out, nullptr, nullptr};
    return {saved + L.fin, saved + L.fin_mean, saved + L.fin_var};
  }
};

// The encoder's forward over every layer, for both callers: Plan is PlainForward
// (Encoder::forward: attention maps and hidden states optional) or KeptForward (the training
// forward, which keeps every activation the backward needs). The same encoder_layer() runs both,
// so their outputs are bit-identical (tests/fuzz/fuzz_kernels.cpp checks it).
template <class Plan>
void run_forward(const Plan& plan, float* out, float* attn, float* states, const float* x,
                 const std::uint8_t* mask, const ParamsView& params, int batch, int seq) {
  const EncoderConfig& c = params.c;
  const int d = c.d_model, R = batch * seq;
  const std::size_t rd = static_cast<std::size_t>(R) * d;
  const AttentionShape shape{batch, seq, d, c.n_heads};
  const LayerOffsets po = layer_offsets(c);
  const std::size_t attn_per_layer = static_cast<std::size_t>(batch) * c.n_heads * seq * seq;
  std::copy(x, x + rd, plan.input());
  for (int l = 0; l < c.n_layers; ++l) {
    const LayerIo io = plan.io(c, l, out, attn ? attn + l * attn_per_layer : nullptr);
    encoder_layer(c, layer_weights(params, po, l), io, mask, shape, plan.scratch);
    if (states) std::copy(io.out, io.out + rd, states + l * rd);
  }
  const FinalNorm fin = plan.final_norm(c, out);
  if (c.final_norm)
    layer_norm(out, fin.mean, fin.var, fin.in, final_norm_param(params, po, 0),
               final_norm_param(params, po, 1), R, d, c.eps);
  else if (fin.in != out)
    std::copy(fin.in, fin.in + rd, out);
}
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
  std::vector<ParamSpec> specs;
  specs.reserve(static_cast<std::size_t>(c.n_layers) * kPerLayer + (c.final_norm ? 2 : 0));
  const auto add = [&](std::string name, const char* shape) {
    ParamSpec spec{std::move(name), {}, 1};
    for (const char* letter = shape; *letter; ++letter) {
      spec.shape.push_back(dim_of(*letter, c));
      spec.numel *= static_cast<std::size_t>(spec.shape.back());
    }
    specs.push_back(std::move(spec));
  };
  for (int l = 0; l < c.n_layers; ++l)
    for (const LayerParamInfo& p : kLayerParams)
      add("layers." + std::to_string(l) + "." + p.name, p.shape);
  if (c.final_norm) {
    add("norm.weight", "d");
    add("norm.bias", "d");
  }
  return specs;
}

namespace {
// PyTorch's default initialisation of every parameter, in spec order, from one seeded generator:
// dest(ctx, i, n) gives where parameter i's n floats go. (A function pointer, not a template: the
// two callers share one copy of the code.)
void draw_parameters(const EncoderConfig& c, std::uint32_t seed,
                     float* (*dest)(void* ctx, std::size_t i, std::size_t n), void* ctx) {
  // Sizes from the layer offsets, not parameter_specs(): re-drawing an encoder's weights
  // allocates nothing (its vectors already have their sizes).
  const LayerOffsets po = layer_offsets(c);
  const std::size_t count =
      static_cast<std::size_t>(c.n_layers) * kPerLayer + (c.final_norm ? 2 : 0);
  std::mt19937 rng(seed);
  const double d = c.d_model, f = c.d_ff;
  for (std::size_t i = 0; i < count; ++i) {
    const bool in_layer = i < static_cast<std::size_t>(c.n_layers) * kPerLayer;
    const std::size_t slot = in_layer ? i % kPerLayer : kNorm1W + (i % 2);
    const std::size_t n =
        in_layer ? po.at[slot + 1] - po.at[slot] : static_cast<std::size_t>(c.d_model);
    float* v = dest(ctx, i, n);
    const auto uniform = [&](double bound) {
      std::uniform_real_distribution<float> u(static_cast<float>(-bound),
                                              static_cast<float>(bound));
      for (std::size_t j = 0; j < n; ++j) v[j] = u(rng);
    };
    switch (slot) {
      case kInProjW:
        uniform(std::sqrt(6.0 / (d + 3 * d)));
        break;  // xavier_uniform_
      case kOutProjW:
      case kLin1W:
      case kLin1B:
        uniform(1.0 / std::sqrt(d));
        break;
      case kLin2W:
      case kLin2B:
        uniform(1.0 / std::sqrt(f));
        break;
      case kNorm1W:
      case kNorm2W:
        std::fill(v, v + n, 1.f);
        break;
      default:
        std::fill(v, v + n, 0.f);  // attention biases and LayerNorm biases start at zero
        break;
    }
  }
}
}  // namespace

void init_parameters(std::vector<std::vector<float>>& params, const EncoderConfig& c,
                     std::uint32_t seed) {
  params.resize(static_cast<std::size_t>(c.n_layers) * kPerLayer + (c.final_norm ? 2 : 0));
  draw_parameters(
      c, seed,
      [](void* ctx, std::size_t i, std::size_t n) {
        auto& tensors = *static_cast<std::vector<std::vector<float>>*>(ctx);
        tensors[i].resize(n);
        return tensors[i].data();
      },
      &params);
}

void init_parameters(float* flat, const EncoderConfig& c, std::uint32_t seed) {
  draw_parameters(
      c, seed,
      [](void* ctx, std::size_t, std::size_t n) {
        float*& at = *static_cast<float**>(ctx);
        at += n;
        return at - n;
      },
      &flat);
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

std::size_t encoder_attention_floats(const EncoderConfig& c, int batch, int seq) {
  return sizes::mul(sizes::count(batch), sizes::count(c.n_heads), sizes::count(seq),
                    sizes::count(seq));
}

std::size_t encoder_heap_bytes(const EncoderConfig& c) {
  // Per tensor: its floats' block, its handle in params_ and its ParamSpec, and the spec's name
  // (< 48 bytes: "layers.1023.self_attn.out_proj.weight" has 37) and shape, each built as a
  // temporary first. Per packed weight: its floats' block and its handle. Then the three vectors'
  // own blocks and the Encoder.
  constexpr std::size_t kTensor = kAllocOverhead + sizeof(std::vector<float>) + sizeof(ParamSpec) +
                                  2 * (48 + 2 * sizeof(int) + 2 * kAllocOverhead);
  constexpr std::size_t kPacked = kAllocOverhead + sizeof(std::vector<float>);
  constexpr std::size_t kFixed = sizeof(Encoder) + 4 * kAllocOverhead;
  const std::size_t layers = sizes::count(c.n_layers);
  const std::size_t tensors = sizes::add(sizes::mul(layers, kPerLayer), c.final_norm ? 2 : 0);
  return sizes::add(sizes::mul(encoder_weight_floats(c), sizeof(float)),
                    sizes::mul(tensors, kTensor), sizes::mul(layers, kPackedPerLayer * kPacked),
                    kFixed);
}

void Encoder::forward(float* out, float* attn, const float* x, const std::uint8_t* mask, int batch,
                      int seq, float* workspace, float* states) {
  if (batch <= 0 || seq <= 0) return;
  const PlainForward plan(cfg_, batch, seq, workspace);
  run_forward(plan, out, attn, states, x, mask, ParamsView{cfg_, &params_, &packed_, nullptr},
              batch, seq);
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

void encoder_forward_train(float* out, float* saved, const float* x, const std::uint8_t* mask,
                           const float* params, const EncoderConfig& c, int batch, int seq,
                           float* workspace) {
  if (batch <= 0 || seq <= 0) return;
  const KeptForward plan(c, batch, seq, saved, workspace);
  run_forward(plan, out, nullptr, nullptr, x, mask, ParamsView{c, nullptr, nullptr, params}, batch,
              seq);
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

namespace {

// One layer's activations, as the backward below needs them (the fast path's SavedLayout, one
// vector each): n1 = LN1(x) and n2 = LN2(x1) (Pre-LN), h1 = LN1(x + SA(x)) and res2 = h1 +
// FFN(h1) (Post-LN), z the FFN hidden before the activation and a after it.
template <class T>
struct KeptLayer {
  std::vector<T> in, n1, qkv, attn, ctx, res1, h1, n2, z, a, res2, m1, v1, m2, v2;
};
template <class T>
struct Kept {
  std::vector<KeptLayer<T>> layers;
  std::vector<T> fin, fin_mean, fin_var;  // the final LayerNorm's input and statistics
};

// The forward with obvious loops, every activation kept in `kept`; attn as Encoder::forward.
template <class T>
void forward_kept(T* out, T* attn, const T* x, const std::uint8_t* mask, const EncoderConfig& c,
                  const std::vector<const T*>& params, int batch, int seq, Kept<T>& kept) {
  const int d = c.d_model, f = c.d_ff, R = batch * seq;
  const std::size_t rd = static_cast<std::size_t>(R) * d, rf = static_cast<std::size_t>(R) * f;
  const bool pre = c.norm_first;
  const AttentionShape shape{batch, seq, d, c.n_heads};
  const std::size_t attn_per_layer = static_cast<std::size_t>(batch) * c.n_heads * seq * seq;
  std::vector<T> cur(x, x + rd), proj(rd);
  kept.layers.resize(c.n_layers);
  for (int l = 0; l < c.n_layers; ++l) {
    KeptLayer<T>& s = kept.layers[l];
    const auto P = [&](int slot) { return params[static_cast<std::size_t>(l) * kPerLayer + slot]; };
    s.in = cur;
    for (std::vector<T>* v : {&s.m1, &s.v1, &s.m2, &s.v2}) v->resize(R);
    s.qkv.resize(3 * rd);
    s.attn.resize(attn_per_layer);
    s.ctx.resize(rd);
    s.res1.resize(rd);
    s.z.resize(rf);
    const T* sa_in = s.in.data();
    if (pre) {
      s.n1.resize(rd);
      layer_norm<T>(s.n1.data(), s.m1.data(), s.v1.data(), s.in.data(), P(kNorm1W), P(kNorm1B), R,
                    d, c.eps);
      sa_in = s.n1.data();
    }
    linear<T>(s.qkv.data(), sa_in, P(kInProjW), P(kInProjB), R, 3 * d, d);
    attention_core<T>(s.ctx.data(), s.attn.data(), s.qkv.data(), mask, shape);
    if (attn) std::copy(s.attn.begin(), s.attn.end(), attn + l * attn_per_layer);
    linear<T>(proj.data(), s.ctx.data(), P(kOutProjW), P(kOutProjB), R, d, d);
    for (std::size_t i = 0; i < rd; ++i) s.res1[i] = s.in[i] + proj[i];
    std::vector<T>& ff_in = pre ? s.n2 : s.h1;
    ff_in.resize(rd);
    layer_norm<T>(ff_in.data(), pre ? s.m2.data() : s.m1.data(), pre ? s.v2.data() : s.v1.data(),
                  s.res1.data(), P(pre ? kNorm2W : kNorm1W), P(pre ? kNorm2B : kNorm1B), R, d,
                  c.eps);
    linear<T>(s.z.data(), ff_in.data(), P(kLin1W), P(kLin1B), R, f, d);
    s.a = s.z;
    if (c.activation == Activation::gelu)
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
  if (c.final_norm) {
    const std::size_t base = static_cast<std::size_t>(c.n_layers) * kPerLayer;
    kept.fin = cur;
    kept.fin_mean.resize(R);
    kept.fin_var.resize(R);
    layer_norm<T>(out, kept.fin_mean.data(), kept.fin_var.data(), kept.fin.data(), params[base],
                  params[base + 1], R, d, c.eps);
  } else {
    std::copy(cur.begin(), cur.end(), out);
  }
}

}  // namespace

void encoder_forward(float* out, float* attn, const float* x, const std::uint8_t* mask,
                     const EncoderConfig& c, const std::vector<const float*>& params, int batch,
                     int seq) {
  encoder_forward<float>(out, attn, x, mask, c, params, batch, seq);
}

template <class T>
void encoder_forward(T* out, T* attn, const T* x, const std::uint8_t* mask, const EncoderConfig& c,
                     const std::vector<const T*>& params, int batch, int seq) {
  Kept<T> kept;
  forward_kept(out, attn, x, mask, c, params, batch, seq, kept);
}

// The forward keeping every intermediate, then the chain rule backwards with the ref kernels,
// each gradient buffer fresh (zero) before the kernels add into it.
template <class T>
void encoder_backward(T* dx, const std::vector<T*>& dparams, const T* dout, const T* x,
                      const std::uint8_t* mask, const EncoderConfig& c,
                      const std::vector<const T*>& params, int batch, int seq) {
  const int d = c.d_model, f = c.d_ff, R = batch * seq, nl = c.n_layers;
  const std::size_t rd = static_cast<std::size_t>(R) * d, rf = static_cast<std::size_t>(R) * f;
  const bool pre = c.norm_first, gelu_act = c.activation == Activation::gelu;
  const AttentionShape shape{batch, seq, d, c.n_heads};
  using Vec = std::vector<T>;
  Kept<T> kept;
  Vec out(rd);
  forward_kept(out.data(), static_cast<T*>(nullptr), x, mask, c, params, batch, seq, kept);
  const std::size_t fbase = static_cast<std::size_t>(nl) * kPerLayer;
  Vec g(dout, dout + rd);
  if (c.final_norm) {
    std::fill(g.begin(), g.end(), T(0));
    layer_norm_backward<T>(g.data(), dparams[fbase], dparams[fbase + 1], dout, kept.fin.data(),
                           params[fbase], kept.fin_mean.data(), kept.fin_var.data(), R, d, c.eps);
  }
  for (int l = nl - 1; l >= 0; --l) {
    const KeptLayer<T>& s = kept.layers[l];
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
