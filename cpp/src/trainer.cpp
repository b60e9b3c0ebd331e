#include "normwave/trainer.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>

#include "normwave/embedding.hpp"
#include "normwave/linear.hpp"
#include "normwave/loss.hpp"
#include "normwave/positional_encoding.hpp"
#include "normwave/sizes.hpp"

namespace normwave {

namespace {

constexpr int kMaxVocab = 1 << 20, kMaxClasses = 1 << 20, kMaxBatch = 1 << 16, kMaxSeq = 1 << 16;
constexpr double kPeBase = 10000.0;  // the sinusoidal table of "Attention Is All You Need"

// Where each buffer of a trainer starts in its one block, in floats, each rounded up to 16
// floats (64 bytes; the PE workspace inside `work` is read as doubles). Saturating: the block's
// size is what token_trainer_floats reports, at any shape.
struct TrainerLayout {
  std::size_t params, good, grads, m, v, pe, x, h, dh, dx, logits, dlogits, head_packed, saved,
      work, total;
};

// The one workspace: the encoder's training workspace, the head's backward GEMM, and the PE
// table's scratch (used once, when it is built).
std::size_t trainer_workspace_floats(const TrainerShape& s) {
  const std::size_t R = sizes::mul(sizes::count(s.batch), sizes::count(s.seq));
  const int rows = R > INT32_MAX ? INT32_MAX : static_cast<int>(R);
  return std::max({encoder_train_workspace_floats(s.encoder, s.batch, s.seq),
                   linear_backward_workspace_floats(rows, s.classes, s.encoder.d_model),
                   positional_encoding_workspace_floats(s.seq, s.encoder.d_model)});
}

TrainerLayout trainer_layout(const TrainerShape& s) {
  using sizes::mul;
  const std::size_t d = sizes::count(s.encoder.d_model), C = sizes::count(s.classes);
  const std::size_t R = mul(sizes::count(s.batch), sizes::count(s.seq)), rd = mul(R, d);
  const std::size_t params = trainer_parameter_count(s);
  TrainerLayout L{};
  std::size_t o = 0;
  const auto take = [&o](std::size_t n) {
    const std::size_t at = o;
    o = sizes::add(o, sizes::mul(sizes::add(n, 15) / 16, 16));
    return at;
  };
  L.params = take(params);
  L.good = take(params);
  L.grads = take(params);
  L.m = take(params);
  L.v = take(params);
  L.pe = take(mul(sizes::count(s.seq), d));
  L.x = take(rd);
  L.h = take(rd);
  L.dh = take(rd);
  L.dx = take(rd);
  L.logits = take(mul(R, C));
  L.dlogits = take(mul(R, C));
  L.head_packed = take(packed_size(s.classes, s.encoder.d_model));
  L.saved = take(encoder_saved_floats(s.encoder, s.batch, s.seq));
  L.work = take(trainer_workspace_floats(s));
  L.total = o;
  return L;
}

std::string range(const char* name, int v, int hi) {
  return std::string(name) + " must be an integer in [1, " + std::to_string(hi) + "], got " +
         std::to_string(v);
}

}  // namespace

Status validate(const TrainerShape& s) {
  if (Status e = validate(s.encoder); !e.ok()) return e;
  if (s.vocab < 1 || s.vocab > kMaxVocab) return Status::error(range("vocab", s.vocab, kMaxVocab));
  if (s.classes < 1 || s.classes > kMaxClasses)
    return Status::error(range("classes", s.classes, kMaxClasses));
  if (s.batch < 1 || s.batch > kMaxBatch) return Status::error(range("batch", s.batch, kMaxBatch));
  if (s.seq < 1 || s.seq > kMaxSeq) return Status::error(range("seqLen", s.seq, kMaxSeq));
  return {};
}

std::vector<ParamSpec> trainer_parameter_specs(const TrainerShape& s) {
  const int d = s.encoder.d_model;
  const auto numel = [](int a, int b) { return static_cast<std::size_t>(a) * b; };
  std::vector<ParamSpec> specs{{"embedding.weight", {s.vocab, d}, numel(s.vocab, d)}};
  for (ParamSpec& p : parameter_specs(s.encoder)) {
    p.name.insert(0, "encoder.");
    specs.push_back(std::move(p));
  }
  specs.push_back({"head.weight", {s.classes, d}, numel(s.classes, d)});
  specs.push_back({"head.bias", {s.classes}, numel(s.classes, 1)});
  return specs;
}

std::size_t trainer_parameter_count(const TrainerShape& s) {
  const std::size_t d = sizes::count(s.encoder.d_model), C = sizes::count(s.classes);
  return sizes::add(sizes::mul(sizes::count(s.vocab), d), parameter_count(s.encoder),
                    sizes::mul(C, d), C);
}

std::size_t token_trainer_floats(const TrainerShape& s) { return trainer_layout(s).total; }

std::size_t token_trainer_heap_bytes(const TrainerShape& s) {
  return sizes::add(sizeof(TokenTrainer), kAllocOverhead,
                    sizes::mul(token_trainer_floats(s), sizeof(float)), kAllocOverhead);
}

std::size_t token_trainer_attention_floats(const TrainerShape& s) {
  return sizes::mul(sizes::count(s.encoder.n_layers),
                    encoder_attention_floats(s.encoder, 1, s.seq));
}

TokenTrainer::TokenTrainer(const TrainerShape& shape, std::uint32_t seed)
    : shape_(shape), rows_(shape.batch * shape.seq) {
  const std::size_t d = shape.encoder.d_model;
  encoder_offset_ = static_cast<std::size_t>(shape.vocab) * d;
  head_weight_offset_ = encoder_offset_ + normwave::parameter_count(shape.encoder);
  head_bias_offset_ = head_weight_offset_ + static_cast<std::size_t>(shape.classes) * d;
  total_ = head_bias_offset_ + shape.classes;
  const TrainerLayout L = trainer_layout(shape);
  block_.assign(L.total, 0.f);
  float* b = block_.data();
  params_ = b + L.params;
  good_ = b + L.good;
  grads_ = b + L.grads;
  m_ = b + L.m;
  v_ = b + L.v;
  pe_ = b + L.pe;
  x_ = b + L.x;
  h_ = b + L.h;
  dh_ = b + L.dh;
  dx_ = b + L.dx;
  logits_ = b + L.logits;
  dlogits_ = b + L.dlogits;
  head_packed_ = b + L.head_packed;
  saved_ = b + L.saved;
  work_ = b + L.work;
  positional_encoding(pe_, shape.seq, shape.encoder.d_model, kPeBase, work_);
  randomize(seed);
}

void TokenTrainer::randomize(std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.f, 1.f);
  for (std::size_t i = 0; i < encoder_offset_; ++i) params_[i] = normal(rng);
  init_parameters(params_ + encoder_offset_, shape_.encoder, seed);
  const float bound = 1.f / std::sqrt(static_cast<float>(shape_.encoder.d_model));
  std::uniform_real_distribution<float> head(-bound, bound);
  for (std::size_t i = head_weight_offset_; i < total_; ++i) params_[i] = head(rng);
  restart();
}

void TokenTrainer::restart() {
  std::fill(m_, m_ + total_, 0.f);
  std::fill(v_, v_ + total_, 0.f);
  step_ = 0;
  std::copy(params_, params_ + total_, good_);
}

void TokenTrainer::set_parameters(const float* flat) {
  std::copy(flat, flat + total_, params_);
  restart();
}

void TokenTrainer::get_parameters(float* flat) const { std::copy(params_, params_ + total_, flat); }

Status TokenTrainer::step(StepReport& report, const std::int32_t* tokens,
                          const std::int32_t* targets, const std::uint8_t* mask, const AdamW& hp,
                          double clip_norm) {
  report = StepReport{};
  report.grad_norm = std::numeric_limits<double>::quiet_NaN();
  report.step = step_;
  if (Status e = forward(&report.loss, tokens, targets, mask, shape_.batch); !e.ok()) return e;
  if (std::isfinite(report.loss)) {
    if (Status e = backward(tokens, targets); !e.ok()) return e;
    report.grad_norm = std::sqrt(squared_norm(grads_, total_));
  }
  if (!std::isfinite(report.loss) || !std::isfinite(report.grad_norm)) {
    std::copy(good_, good_ + total_, params_);
    report.stopped = true;
    return {};
  }
  std::copy(params_, params_ + total_, good_);
  const double norm = report.grad_norm;
  const float scale =
      clip_norm > 0 ? static_cast<float>(std::min(1.0, clip_norm / (norm + 1e-6))) : 1.f;
  adamw_step(params_, m_, v_, grads_, hp, ++step_, scale, total_);
  report.step = step_;
  return {};
}

Status TokenTrainer::gradients(float* grads, float& loss, const std::int32_t* tokens,
                               const std::int32_t* targets, const std::uint8_t* mask) {
  if (Status e = forward(&loss, tokens, targets, mask, shape_.batch); !e.ok()) return e;
  if (Status e = backward(tokens, targets); !e.ok()) return e;
  std::copy(grads_, grads_ + total_, grads);
  return {};
}

Status TokenTrainer::evaluate(double& loss, float* logits, float* attn, const std::int32_t* tokens,
                              const std::int32_t* targets, const std::uint8_t* mask, int n) {
  double loss_sum = 0.0;
  std::size_t kept = 0;
  const int C = shape_.classes;
  for (int start = 0; start < n; start += shape_.batch) {
    const int b = std::min(shape_.batch, n - start);
    const std::size_t r0 = static_cast<std::size_t>(start) * shape_.seq;
    const int rows = b * shape_.seq;
    const std::int32_t* tg = targets ? targets + r0 : nullptr;
    float chunk_loss = 0.f;
    if (Status e =
            forward(tg ? &chunk_loss : nullptr, tokens + r0, tg, mask ? mask + r0 : nullptr, b);
        !e.ok())
      return e;
    std::copy(logits_, logits_ + static_cast<std::size_t>(rows) * C, logits + r0 * C);
    if (tg) {
      const auto k = static_cast<std::size_t>(
          std::count_if(tg, tg + rows, [](std::int32_t t) { return t != kIgnoreIndex; }));
      loss_sum += static_cast<double>(chunk_loss) * k;
      kept += k;
    }
    if (start == 0 && attn) copy_attention(attn, b);
  }
  loss = kept ? loss_sum / kept : 0.0;
  return {};
}

// Forward over `sequences` <= batch sequences; the activations stay for backward().
Status TokenTrainer::forward(float* loss, const std::int32_t* tokens, const std::int32_t* targets,
                             const std::uint8_t* mask, int sequences) {
  const int d = shape_.encoder.d_model, C = shape_.classes, rows = sequences * shape_.seq;
  if (Status e = embedding(x_, params_, tokens, rows, shape_.vocab, d); !e.ok())
    return Status::error("tokens: " + e.message());
  const std::size_t per_seq = static_cast<std::size_t>(shape_.seq) * d;
  for (int s = 0; s < sequences; ++s)
    residual_add(x_ + s * per_seq, x_ + s * per_seq, pe_, per_seq);
  encoder_forward_train(h_, saved_, x_, mask, params_ + encoder_offset_, shape_.encoder, sequences,
                        shape_.seq, work_);
  pack_weight(head_packed_, params_ + head_weight_offset_, C, d);
  linear_packed(logits_, h_, head_packed_, params_ + head_bias_offset_, rows, C, d);
  if (!loss) return {};
  if (Status e = cross_entropy(loss, logits_, targets, rows, C, kIgnoreIndex); !e.ok())
    return Status::error("targets: " + e.message());
  return {};
}

// The gradients of the last forward (over batch sequences) into grads_, zeroed first.
Status TokenTrainer::backward(const std::int32_t* tokens, const std::int32_t* targets) {
  const int d = shape_.encoder.d_model, C = shape_.classes;
  const std::size_t rd = static_cast<std::size_t>(rows_) * d;
  std::fill(grads_, grads_ + total_, 0.f);
  std::fill(dlogits_, dlogits_ + static_cast<std::size_t>(rows_) * C, 0.f);
  std::fill(dh_, dh_ + rd, 0.f);
  std::fill(dx_, dx_ + rd, 0.f);
  if (Status e = cross_entropy_backward(dlogits_, logits_, targets, 1.f, rows_, C, kIgnoreIndex);
      !e.ok())
    return Status::error("targets: " + e.message());
  linear_backward(dh_, grads_ + head_weight_offset_, grads_ + head_bias_offset_, dlogits_, h_,
                  params_ + head_weight_offset_, rows_, C, d, work_);
  encoder_backward(dx_, grads_ + encoder_offset_, dh_, saved_, params_ + encoder_offset_,
                   shape_.encoder, shape_.batch, shape_.seq, work_);
  if (Status e = embedding_backward(grads_, dx_, tokens, rows_, shape_.vocab, d); !e.ok())
    return Status::error("tokens: " + e.message());
  return {};
}

// Layer l's maps of sequence 0 from the saved activations of the last forward.
void TokenTrainer::copy_attention(float* attn, int sequences) const {
  const EncoderConfig& c = shape_.encoder;
  const std::size_t per_seq = encoder_attention_floats(c, 1, shape_.seq);
  for (int l = 0; l < c.n_layers; ++l) {
    const float* src = saved_ + encoder_saved_attention_offset(c, sequences, shape_.seq, l);
    std::copy(src, src + per_seq, attn + l * per_seq);
  }
}

}  // namespace normwave
