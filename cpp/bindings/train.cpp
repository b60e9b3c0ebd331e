// Training entry points for web/api/encoder.js (keepActivations, backward) and web/api/train.js
// (the token-model trainer). Same rules as embind.cpp: raw addresses and element counts in,
// errors back as strings, nothing throws; web/api/ checks every argument first. A second
// EMSCRIPTEN_BINDINGS block in its own file, so the training code links beside embind.cpp's.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "normwave/embedding.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/loss.hpp"
#include "normwave/norms.hpp"
#include "normwave/optim.hpp"
#include "normwave/positional_encoding.hpp"
#include "normwave/sizes.hpp"

using emscripten::val;

namespace {

using addr = std::uintptr_t;
float* f32(addr a) { return a ? reinterpret_cast<float*>(a) : nullptr; }
const std::uint8_t* u8(addr a) { return a ? reinterpret_cast<const std::uint8_t*>(a) : nullptr; }
const std::int32_t* i32(addr a) { return reinterpret_cast<const std::int32_t*>(a); }

using normwave::EncoderConfig;  // embind.cpp registers it as a value object (JS: { dModel, … })

// The training sizes of one configuration and batch, in floats: { saved, workspace, attention:
// [offset of layer l's attention probabilities inside saved] }.
val encoder_train_sizes(const EncoderConfig& c, int batch, int seq) {
  val out = val::object();
  out.set("saved", static_cast<double>(normwave::encoder_saved_floats(c, batch, seq)));
  out.set("workspace",
          static_cast<double>(normwave::encoder_train_workspace_floats(c, batch, seq)));
  val attn = val::array();
  for (int l = 0; l < c.n_layers; ++l)
    attn.call<void>(
        "push", static_cast<double>(normwave::encoder_saved_attention_offset(c, batch, seq, l)));
  out.set("attention", attn);
  return out;
}

// Flat parameters and gradients in state_dict order (encoder.hpp).
void encoder_forward_train(addr out, addr saved, addr x, addr mask, addr params,
                           const EncoderConfig& c, int batch, int seq, addr workspace) {
  normwave::encoder_forward_train(f32(out), f32(saved), f32(x), u8(mask), f32(params), c, batch,
                                  seq, f32(workspace));
}

void encoder_backward(addr dx, addr dparams, addr dout, addr saved, addr params,
                      const EncoderConfig& c, int batch, int seq, addr workspace) {
  normwave::encoder_backward(f32(dx), f32(dparams), f32(dout), f32(saved), f32(params), c, batch,
                             seq, f32(workspace));
}

// Single-op backwards (each ADDS into its outputs; web/api/train.js zeroes them first).
void layer_norm_backward(addr dx, addr dgamma, addr dbeta, addr dy, addr x, addr gamma, addr mean,
                         addr var, int rows, int dim, float eps) {
  normwave::layer_norm_backward(f32(dx), f32(dgamma), f32(dbeta), f32(dy), f32(x), f32(gamma),
                                f32(mean), f32(var), rows, dim, eps);
}

double linear_backward_workspace_floats(int m, int n, int k) {
  return static_cast<double>(normwave::linear_backward_workspace_floats(m, n, k));
}

void linear_backward(addr dx, addr dw, addr db, addr dy, addr x, addr w, int m, int n, int k,
                     addr workspace) {
  normwave::linear_backward(f32(dx), f32(dw), f32(db), f32(dy), f32(x), f32(w), m, n, k,
                            f32(workspace));
}

// ReLU takes its output y, GELU its input x (`at`).
void activation_backward(addr dx, addr dy, addr at, int n, normwave::Activation kind) {
  if (kind == normwave::Activation::gelu)
    normwave::gelu_backward(f32(dx), f32(dy), f32(at), static_cast<std::size_t>(n));
  else
    normwave::relu_backward(f32(dx), f32(dy), f32(at), static_cast<std::size_t>(n));
}

// The one workspace of a TokenTrainer: the encoder's training workspace, the head's backward
// GEMM, and the PE table's scratch (used once, when it is built).
std::size_t trainer_workspace_floats(const EncoderConfig& c, int classes, int batch, int seq) {
  using namespace normwave::sizes;
  const std::size_t R = mul(count(batch), count(seq));
  const int rows = R > INT32_MAX ? INT32_MAX : static_cast<int>(R);
  return std::max({normwave::encoder_train_workspace_floats(c, batch, seq),
                   normwave::linear_backward_workspace_floats(rows, classes, c.d_model),
                   normwave::positional_encoding_workspace_floats(seq, c.d_model)});
}

// Floats a TokenTrainer of this shape allocates (every buffer of its constructor), saturating
// like every size (wasm32's size_t has 32 bits): web/api/train.js checks it before constructing.
std::size_t token_trainer_floats(const EncoderConfig& c, int vocab, int classes, int batch,
                                 int seq) {
  using namespace normwave::sizes;
  const std::size_t d = count(c.d_model), C = count(classes), R = mul(count(batch), count(seq));
  const std::size_t params = add(mul(count(vocab), d), normwave::parameter_count(c), mul(C, d), C);
  const std::size_t rd = mul(R, d);
  return add(mul(5, params),                                 // weights, last good, grads, moments
             mul(count(seq), d),                             // the PE table
             mul(4, rd), mul(2, R, C),                       // x, h, dh, dx; logits, dlogits
             normwave::packed_size(classes, c.d_model),      // the head, packed
             normwave::encoder_saved_floats(c, batch, seq),  // the encoder's activations
             trainer_workspace_floats(c, classes, batch, seq));
}

double token_trainer_floats_js(const EncoderConfig& c, int vocab, int classes, int batch, int seq) {
  return static_cast<double>(token_trainer_floats(c, vocab, classes, batch, seq));
}

// A classifier over token sequences, trained in one call per step (scripts/train_tiny.py's model):
//   x = embedding.weight[token] + PE[pos];  h = encoder(x, mask);  logits = h · head.weightᵀ +
//   head.bias loss = cross_entropy(logits, targets, ignore_index = -100)
// Parameters are one flat array: embedding.weight (vocab, d), the encoder's (state_dict order),
// head.weight (classes, d), head.bias (classes). Buffers are sized once for (batch, seq);
// evaluate() takes any number of sequences, in chunks of batch.
class TokenTrainer {
 public:
  TokenTrainer(const EncoderConfig& cfg, int vocab, int classes, int batch, int seq, unsigned seed)
      : cfg_(cfg), vocab_(vocab), classes_(classes), batch_(batch), seq_(seq), rows_(batch * seq) {
    const std::size_t d = cfg.d_model, rd = static_cast<std::size_t>(rows_) * d;
    enc_ = static_cast<std::size_t>(vocab) * d;
    head_w_ = enc_ + normwave::parameter_count(cfg_);
    head_b_ = head_w_ + static_cast<std::size_t>(classes) * d;
    total_ = head_b_ + classes;
    params_.assign(total_, 0.f);
    good_.assign(total_, 0.f);
    grads_.assign(total_, 0.f);
    m_.assign(total_, 0.f);
    v_.assign(total_, 0.f);
    pe_.resize(static_cast<std::size_t>(seq) * d);
    x_.resize(rd);
    h_.resize(rd);
    dh_.resize(rd);
    dx_.resize(rd);
    logits_.resize(static_cast<std::size_t>(rows_) * classes);
    dlogits_.resize(logits_.size());
    head_packed_.resize(normwave::packed_size(classes, cfg.d_model));
    saved_.resize(normwave::encoder_saved_floats(cfg_, batch, seq));
    work_.resize(trainer_workspace_floats(cfg_, classes, batch, seq));
    normwave::positional_encoding(pe_.data(), seq, cfg.d_model, 10000.0, work_.data());
    randomize(seed);
  }

  int parameter_count() const { return static_cast<int>(total_); }
  int encoder_offset() const { return static_cast<int>(enc_); }

  // torch's defaults: Embedding N(0, 1), the encoder's (init_parameters), Linear U(±1/sqrt(d)).
  void randomize(unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.f, 1.f);
    for (std::size_t i = 0; i < enc_; ++i) params_[i] = normal(rng);
    std::vector<std::vector<float>> enc;
    normwave::init_parameters(enc, cfg_, seed);
    std::size_t at = enc_;
    for (const auto& p : enc)
      at = std::copy(p.begin(), p.end(), params_.begin() + at) - params_.begin();
    const float bound = 1.f / std::sqrt(static_cast<float>(cfg_.d_model));
    std::uniform_real_distribution<float> head(-bound, bound);
    for (std::size_t i = head_w_; i < total_; ++i) params_[i] = head(rng);
    restart();
  }

  // Optimizer state back to step 0 (moments zero); the weights stay.
  void restart() {
    std::fill(m_.begin(), m_.end(), 0.f);
    std::fill(v_.begin(), v_.end(), 0.f);
    step_ = 0;
    good_ = params_;
  }

  void set_parameters(addr flat) {
    std::copy(f32(flat), f32(flat) + total_, params_.begin());
    restart();
  }
  void get_parameters(addr flat) const { std::copy(params_.begin(), params_.end(), f32(flat)); }

  // One step: forward, loss, backward, global gradient norm, AdamW with the norm clipped to
  // clip_norm (<= 0: no clipping). A loss or gradient norm that is not finite stops before the
  // update and puts back the weights of the last step whose loss was finite (the optimizer state
  // of that step is not kept: resume after a restart).
  // Returns { loss, gradNorm, step } or { error }.
  val step(addr tokens, addr targets, addr mask, double lr, double beta1, double beta2, double eps,
           double weight_decay, double clip_norm) {
    val out = val::object();
    float loss = 0.f;
    std::string error = forward(&loss, tokens, targets, mask, rows_, batch_);
    if (error.empty() && !std::isfinite(loss)) error = "loss";
    if (error.empty()) error = backward(tokens, targets);
    double norm = 0.0;
    if (error.empty()) {
      norm = std::sqrt(normwave::squared_norm(grads_.data(), total_));
      if (!std::isfinite(norm)) error = "gradient";
    }
    if (error == "loss" || error == "gradient") {
      params_ = good_;
      out.set("nonFinite", error);
      out.set("loss", static_cast<double>(loss));
      return out;
    }
    if (!error.empty()) {
      out.set("error", error);
      return out;
    }
    good_ = params_;
    const float scale =
        clip_norm > 0 ? static_cast<float>(std::min(1.0, clip_norm / (norm + 1e-6))) : 1.f;
    normwave::AdamW hp{lr, beta1, beta2, eps, weight_decay};
    normwave::adamw_step(params_.data(), m_.data(), v_.data(), grads_.data(), hp, ++step_, scale,
                         total_);
    out.set("loss", static_cast<double>(loss));
    out.set("gradNorm", norm);
    out.set("step", step_);
    return out;
  }

  // The loss and gradients of one batch without updating (grads into `grads`: total floats).
  val gradients(addr grads, addr tokens, addr targets, addr mask) {
    val out = val::object();
    float loss = 0.f;
    std::string error = forward(&loss, tokens, targets, mask, rows_, batch_);
    if (error.empty()) error = backward(tokens, targets);
    if (!error.empty()) {
      out.set("error", error);
      return out;
    }
    std::copy(grads_.begin(), grads_.end(), f32(grads));
    out.set("loss", static_cast<double>(loss));
    return out;
  }

  // n sequences in chunks of batch: logits (n * seq, classes) at `logits`, the attention maps of
  // the first sequence (n_layers, heads, seq, seq) at `attn` (or null). Targets may be null (no
  // loss). Returns { loss } (mean over the kept positions) or { error }.
  val evaluate(addr logits, addr attn, addr tokens, addr targets, addr mask, int n) {
    val out = val::object();
    double loss_sum = 0.0;
    std::size_t kept = 0;
    const int C = classes_;
    for (int start = 0; start < n; start += batch_) {
      const int b = std::min(batch_, n - start);
      const std::size_t r0 = static_cast<std::size_t>(start) * seq_;
      const int rows = b * seq_;
      float loss = 0.f;
      const addr tk = tokens + r0 * sizeof(std::int32_t);
      const addr tg = targets ? targets + r0 * sizeof(std::int32_t) : 0;
      const std::string error =
          forward(tg ? &loss : nullptr, tk, tg, mask ? mask + r0 : 0, rows, b);
      if (!error.empty()) {
        out.set("error", error);
        return out;
      }
      std::copy(logits_.begin(), logits_.begin() + static_cast<std::size_t>(rows) * C,
                f32(logits) + r0 * C);
      if (tg) {
        std::size_t k = 0;
        for (int r = 0; r < rows; ++r) k += i32(tg)[r] != kIgnore;
        loss_sum += static_cast<double>(loss) * k;
        kept += k;
      }
      if (start == 0 && attn) copy_attention(f32(attn), b);
    }
    out.set("loss", kept ? loss_sum / kept : 0.0);
    return out;
  }

 private:
  static constexpr int kIgnore = -100;

  // Forward over `rows` = b * seq rows of the buffers; the activations stay for backward().
  std::string forward(float* loss, addr tokens, addr targets, addr mask, int rows, int b) {
    const int d = cfg_.d_model, C = classes_;
    normwave::Status e =
        normwave::embedding(x_.data(), params_.data(), i32(tokens), rows, vocab_, d);
    if (!e.ok()) return "tokens: " + e.message();
    for (int s = 0; s < b; ++s) {
      float* xb = x_.data() + static_cast<std::size_t>(s) * seq_ * d;
      normwave::residual_add(xb, xb, pe_.data(), pe_.size());
    }
    normwave::encoder_forward_train(h_.data(), saved_.data(), x_.data(), u8(mask),
                                    params_.data() + enc_, cfg_, b, seq_, work_.data());
    normwave::pack_weight(head_packed_.data(), params_.data() + head_w_, C, d);
    normwave::linear_packed(logits_.data(), h_.data(), head_packed_.data(),
                            params_.data() + head_b_, rows, C, d);
    if (!loss) return {};
    e = normwave::cross_entropy(loss, logits_.data(), i32(targets), rows, C, kIgnore);
    return e.ok() ? std::string() : "targets: " + e.message();
  }

  std::string backward(addr tokens, addr targets) {
    const int d = cfg_.d_model, C = classes_;
    std::fill(grads_.begin(), grads_.end(), 0.f);
    std::fill(dlogits_.begin(), dlogits_.end(), 0.f);
    std::fill(dh_.begin(), dh_.end(), 0.f);
    std::fill(dx_.begin(), dx_.end(), 0.f);
    normwave::Status e = normwave::cross_entropy_backward(dlogits_.data(), logits_.data(),
                                                          i32(targets), 1.f, rows_, C, kIgnore);
    if (!e.ok()) return "targets: " + e.message();
    normwave::linear_backward(dh_.data(), grads_.data() + head_w_, grads_.data() + head_b_,
                              dlogits_.data(), h_.data(), params_.data() + head_w_, rows_, C, d,
                              work_.data());
    normwave::encoder_backward(dx_.data(), grads_.data() + enc_, dh_.data(), saved_.data(),
                               params_.data() + enc_, cfg_, batch_, seq_, work_.data());
    e = normwave::embedding_backward(grads_.data(), dx_.data(), i32(tokens), rows_, vocab_, d);
    return e.ok() ? std::string() : "tokens: " + e.message();
  }

  // Layer l's maps of sequence 0 from the saved activations of the last forward (b sequences).
  void copy_attention(float* attn, int b) const {
    const std::size_t per_seq = static_cast<std::size_t>(cfg_.n_heads) * seq_ * seq_;
    for (int l = 0; l < cfg_.n_layers; ++l) {
      const float* src = saved_.data() + normwave::encoder_saved_attention_offset(cfg_, b, seq_, l);
      std::copy(src, src + per_seq, attn + l * per_seq);
    }
  }

  normwave::EncoderConfig cfg_;
  int vocab_, classes_, batch_, seq_, rows_, step_ = 0;
  std::size_t enc_ = 0, head_w_ = 0, head_b_ = 0, total_ = 0;
  std::vector<float> params_, good_, grads_, m_, v_;
  std::vector<float> pe_, x_, h_, dh_, dx_, logits_, dlogits_, head_packed_, saved_, work_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(normwave_train) {
  using emscripten::function;
  function("encoderTrainSizes", &encoder_train_sizes);
  function("tokenTrainerFloats", &token_trainer_floats_js);
  function("encoderForwardTrain", &encoder_forward_train);
  function("encoderBackward", &encoder_backward);
  function("layerNormBackward", &layer_norm_backward);
  function("linearBackwardWorkspaceFloats", &linear_backward_workspace_floats);
  function("linearBackward", &linear_backward);
  function("activationBackward", &activation_backward);
  emscripten::class_<TokenTrainer>("TokenTrainer")
      .constructor<const EncoderConfig&, int, int, int, int, unsigned>()
      .function("parameterCount", &TokenTrainer::parameter_count)
      .function("encoderOffset", &TokenTrainer::encoder_offset)
      .function("randomize", &TokenTrainer::randomize)
      .function("restart", &TokenTrainer::restart)
      .function("setParameters", &TokenTrainer::set_parameters)
      .function("getParameters", &TokenTrainer::get_parameters)
      .function("step", &TokenTrainer::step)
      .function("gradients", &TokenTrainer::gradients)
      .function("evaluate", &TokenTrainer::evaluate);
}
