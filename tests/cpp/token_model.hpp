// The reference twin of normwave::TokenTrainer (normwave/trainer.hpp), the tiny sort model of
// scripts/train_tiny.py composed from the ref kernels, in float or double (the float64
// finite-difference checks use the latter):
//   x = embedding.weight[token] + PE[pos];  h = encoder(x, mask);  logits = h · head.weightᵀ +
//   head.bias;  loss = cross_entropy(logits, targets, ignore_index = kIgnoreIndex)
// Parameters are one flat array in the trainer's order (trainer_parameter_specs): embedding.weight
// (vocab, d), the encoder's parameters (parameter_specs order), head.weight (classes, d),
// head.bias (classes).
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
#include <normwave/trainer.hpp>
#include <string>
#include <vector>

namespace tokenmodel {

struct Spec {
  normwave::EncoderConfig cfg;
  int vocab;
  int classes;
};

// The trainer's shape for this model and (batch, seq).
inline normwave::TrainerShape shape(const Spec& s, int batch, int seq) {
  return {s.cfg, s.vocab, s.classes, batch, seq};
}

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

// Names and ranges of every parameter in the flat layout (for per-tensor reports), as the
// trainer names them.
struct Named {
  std::string name;
  std::size_t offset, numel;
};
inline std::vector<Named> named_parameters(const Spec& s) {
  std::vector<Named> out;
  std::size_t at = 0;
  for (const auto& spec : normwave::trainer_parameter_specs(shape(s, 1, 1))) {
    out.push_back({spec.name, at, spec.numel});
    at += spec.numel;
  }
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
  normwave::ref::cross_entropy<T>(&loss, f.logits.data(), targets.data(), R, s.classes,
                                  normwave::kIgnoreIndex);
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
                                           s.classes, normwave::kIgnoreIndex);
  normwave::ref::linear_backward<T>(dh.data(), grad.data() + o.head_w, grad.data() + o.head_b,
                                    dlogits.data(), f.h.data(), params.data() + o.head_w, R,
                                    s.classes, d);
  normwave::ref::encoder_backward<T>(
      dx.data(), encoder_pointers<T*>(s.cfg, grad.data() + o.enc), dh.data(), f.x.data(),
      mask.data(), s.cfg, encoder_pointers<const T*>(s.cfg, params.data() + o.enc), batch, seq);
  normwave::ref::embedding_backward<T>(grad.data() + o.emb, dx.data(), tokens.data(), R, d);
  return f.loss;
}

}  // namespace tokenmodel
