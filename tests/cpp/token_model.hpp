// The tiny sort model's training step composed from the library's kernels (scripts/train_tiny.py):
//   x = embedding.weight[token] + PE[pos];  h = encoder(x, mask);  logits = h · head.weightᵀ +
//   head.bias loss = cross_entropy(logits, targets, ignore_index = -100)   (targets -100 at <PAD>)
// Parameters are one flat array in train_tiny's state_dict order: embedding.weight (vocab, d),
// the encoder's parameters (parameter_specs order), head.weight (classes, d), head.bias (classes).
// FastModel runs the fast kernels on buffers sized once; ref_loss / ref_gradients run the ref
// kernels in float or double (the float64 finite-difference checks use the latter).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <normwave/embedding.hpp>
#include <normwave/encoder.hpp>
#include <normwave/linear.hpp>
#include <normwave/loss.hpp>
#include <normwave/optim.hpp>
#include <normwave/positional_encoding.hpp>
#include <string>
#include <vector>

namespace tokenmodel {

constexpr int kIgnore = -100;

struct Spec {
  normwave::EncoderConfig cfg;
  int vocab;
  int classes;
};

struct Offsets {
  std::size_t emb, enc, head_w, head_b, total;
};
inline Offsets offsets(const Spec& s) {
  Offsets o{};
  const std::size_t d = s.cfg.d_model;
  o.emb = 0;
  o.enc = o.emb + static_cast<std::size_t>(s.vocab) * d;
  o.head_w = o.enc + normwave::parameter_count(s.cfg);
  o.head_b = o.head_w + static_cast<std::size_t>(s.classes) * d;
  o.total = o.head_b + s.classes;
  return o;
}

// Pointers to each encoder parameter inside a flat array (parameter_specs order).
template <class P>
std::vector<P> encoder_pointers(const normwave::EncoderConfig& cfg, P base) {
  std::vector<P> out;
  for (const auto& spec : normwave::parameter_specs(cfg)) {
    out.push_back(base);
    base += spec.numel;
  }
  return out;
}

// Names and ranges of every parameter in the flat layout (for per-tensor reports).
struct Named {
  std::string name;
  std::size_t offset, numel;
};
inline std::vector<Named> named_parameters(const Spec& s) {
  const Offsets o = offsets(s);
  const std::size_t d = s.cfg.d_model;
  std::vector<Named> out{{"embedding.weight", o.emb, static_cast<std::size_t>(s.vocab) * d}};
  std::size_t at = o.enc;
  for (const auto& spec : normwave::parameter_specs(s.cfg)) {
    out.push_back({"encoder." + spec.name, at, spec.numel});
    at += spec.numel;
  }
  out.push_back({"head.weight", o.head_w, static_cast<std::size_t>(s.classes) * d});
  out.push_back({"head.bias", o.head_b, static_cast<std::size_t>(s.classes)});
  return out;
}

// ---- ref --------------------------------------------------------------------------------------

template <class T>
struct RefForward {
  std::vector<T> x, h, logits;
  double loss = 0.0;
};

template <class T>
RefForward<T> ref_forward(const Spec& s, const std::vector<T>& params,
                          const std::vector<std::int32_t>& tokens,
                          const std::vector<std::int32_t>& targets,
                          const std::vector<std::uint8_t>& mask, const std::vector<T>& pe,
                          int batch, int seq) {
  const Offsets o = offsets(s);
  const int d = s.cfg.d_model, R = batch * seq;
  RefForward<T> f;
  f.x.resize(static_cast<std::size_t>(R) * d);
  f.h.resize(f.x.size());
  f.logits.resize(static_cast<std::size_t>(R) * s.classes);
  normwave::ref::embedding<T>(f.x.data(), params.data() + o.emb, tokens.data(), R, d);
  for (int r = 0; r < R; ++r)
    for (int i = 0; i < d; ++i)
      f.x[static_cast<std::size_t>(r) * d + i] += pe[static_cast<std::size_t>(r % seq) * d + i];
  normwave::ref::encoder_forward<T>(f.h.data(), nullptr, f.x.data(), mask.data(), s.cfg,
                                    encoder_pointers<const T*>(s.cfg, params.data() + o.enc), batch,
                                    seq);
  normwave::ref::linear<T>(f.logits.data(), f.h.data(), params.data() + o.head_w,
                           params.data() + o.head_b, R, s.classes, d);
  T loss = 0;
  normwave::ref::cross_entropy<T>(&loss, f.logits.data(), targets.data(), R, s.classes, kIgnore);
  f.loss = loss;
  return f;
}

// Adds the gradient of the loss into grad (o.total values).
template <class T>
double ref_gradients(std::vector<T>& grad, const Spec& s, const std::vector<T>& params,
                     const std::vector<std::int32_t>& tokens,
                     const std::vector<std::int32_t>& targets,
                     const std::vector<std::uint8_t>& mask, const std::vector<T>& pe, int batch,
                     int seq) {
  const Offsets o = offsets(s);
  const int d = s.cfg.d_model, R = batch * seq;
  const RefForward<T> f = ref_forward(s, params, tokens, targets, mask, pe, batch, seq);
  std::vector<T> dlogits(f.logits.size()), dh(f.h.size()), dx(f.x.size());
  normwave::ref::cross_entropy_backward<T>(dlogits.data(), f.logits.data(), targets.data(), 1.0, R,
                                           s.classes, kIgnore);
  normwave::ref::linear_backward<T>(dh.data(), grad.data() + o.head_w, grad.data() + o.head_b,
                                    dlogits.data(), f.h.data(), params.data() + o.head_w, R,
                                    s.classes, d);
  normwave::ref::encoder_backward<T>(
      dx.data(), encoder_pointers<T*>(s.cfg, grad.data() + o.enc), dh.data(), f.x.data(),
      mask.data(), s.cfg, encoder_pointers<const T*>(s.cfg, params.data() + o.enc), batch, seq);
  normwave::ref::embedding_backward<T>(grad.data() + o.emb, dx.data(), tokens.data(), R, d);
  return f.loss;
}

// ---- fast -------------------------------------------------------------------------------------

class FastModel {
 public:
  FastModel(const Spec& s, int batch, int seq)
      : spec_(s), off_(offsets(s)), batch_(batch), seq_(seq), rows_(batch * seq) {
    const std::size_t d = s.cfg.d_model, rd = static_cast<std::size_t>(rows_) * d;
    params.assign(off_.total, 0.f);
    grads.assign(off_.total, 0.f);
    exp_avg.assign(off_.total, 0.f);
    exp_avg_sq.assign(off_.total, 0.f);
    pe_.resize(static_cast<std::size_t>(seq) * d);
    {
      std::vector<float> work(normwave::positional_encoding_workspace_floats(seq, s.cfg.d_model));
      normwave::positional_encoding(pe_.data(), seq, s.cfg.d_model, 10000.0, work.data());
    }
    x_.resize(rd);
    h_.resize(rd);
    dh_.resize(rd);
    dx_.resize(rd);
    logits_.resize(static_cast<std::size_t>(rows_) * s.classes);
    dlogits_.resize(logits_.size());
    head_packed_.resize(normwave::packed_size(s.classes, s.cfg.d_model));
    saved_.resize(normwave::encoder_saved_floats(s.cfg, batch, seq));
    work_.resize(
        std::max(normwave::encoder_train_workspace_floats(s.cfg, batch, seq),
                 normwave::linear_backward_workspace_floats(rows_, s.classes, s.cfg.d_model)));
  }

  std::vector<float> params, grads, exp_avg, exp_avg_sq;

  // Forward (keeping activations) and loss; the logits stay for gradients().
  float forward(const std::int32_t* tokens, const std::int32_t* targets, const std::uint8_t* mask) {
    const int d = spec_.cfg.d_model, C = spec_.classes;
    check(normwave::embedding(x_.data(), params.data() + off_.emb, tokens, rows_, spec_.vocab, d));
    for (int b = 0; b < batch_; ++b) {
      float* xb = x_.data() + static_cast<std::size_t>(b) * seq_ * d;
      normwave::residual_add(xb, xb, pe_.data(), pe_.size());
    }
    normwave::encoder_forward_train(h_.data(), saved_.data(), x_.data(), mask,
                                    params.data() + off_.enc, spec_.cfg, batch_, seq_,
                                    work_.data());
    normwave::pack_weight(head_packed_.data(), params.data() + off_.head_w, C, d);
    normwave::linear_packed(logits_.data(), h_.data(), head_packed_.data(),
                            params.data() + off_.head_b, rows_, C, d);
    float loss = 0.f;
    check(normwave::cross_entropy(&loss, logits_.data(), targets, rows_, C, kIgnore));
    return loss;
  }

  // Zeroes grads, then fills them from the last forward.
  void gradients(const std::int32_t* tokens, const std::int32_t* targets) {
    const int d = spec_.cfg.d_model, C = spec_.classes;
    std::fill(grads.begin(), grads.end(), 0.f);
    std::fill(dlogits_.begin(), dlogits_.end(), 0.f);
    std::fill(dh_.begin(), dh_.end(), 0.f);
    std::fill(dx_.begin(), dx_.end(), 0.f);
    check(normwave::cross_entropy_backward(dlogits_.data(), logits_.data(), targets, 1.f, rows_, C,
                                           kIgnore));
    normwave::linear_backward(dh_.data(), grads.data() + off_.head_w, grads.data() + off_.head_b,
                              dlogits_.data(), h_.data(), params.data() + off_.head_w, rows_, C, d,
                              work_.data());
    normwave::encoder_backward(dx_.data(), grads.data() + off_.enc, dh_.data(), saved_.data(),
                               params.data() + off_.enc, spec_.cfg, batch_, seq_, work_.data());
    check(normwave::embedding_backward(grads.data() + off_.emb, dx_.data(), tokens, rows_,
                                       spec_.vocab, d));
  }

  void adamw(const normwave::AdamW& hp, int step, float grad_scale = 1.f) {
    normwave::adamw_step(params.data(), exp_avg.data(), exp_avg_sq.data(), grads.data(), hp, step,
                         grad_scale, params.size());
  }

  const std::vector<float>& logits() const { return logits_; }
  std::string error;  // the first kernel error seen (empty when none)

 private:
  void check(const normwave::Status& status) {
    if (error.empty()) error = status.message();
  }
  Spec spec_;
  Offsets off_;
  int batch_, seq_, rows_;
  std::vector<float> pe_, x_, h_, dh_, dx_, logits_, dlogits_, head_packed_, saved_, work_;
};

}  // namespace tokenmodel
