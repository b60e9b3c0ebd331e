// A token classifier trained with AdamW in one call per step: scripts/train_tiny.py's model.
//   x = embedding.weight[token] + PE[pos];  h = encoder(x, mask);  logits = h · head.weightᵀ +
//   head.bias;  loss = cross_entropy(logits, targets, ignore_index = kIgnoreIndex)  (loss.hpp)
// PE is the sinusoidal table of positional_encoding.hpp (base 10000); the mask is the encoder's
// key padding mask. The parameters are one flat array in train_tiny.py's state_dict order
// (trainer_parameter_specs): embedding.weight (vocab, d), encoder.<parameter_specs names>,
// head.weight (classes, d), head.bias (classes).
// Every buffer is sized once for (batch, seq) and allocated once, by the constructor, as one
// block of token_trainer_floats(shape) floats; nothing else allocates. evaluate() takes any
// number of sequences, in chunks of batch.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "normwave/encoder.hpp"
#include "normwave/optim.hpp"
#include "normwave/status.hpp"

namespace normwave {

struct TrainerShape {
  EncoderConfig encoder;
  int vocab = 0;    // token ids lie in [0, vocab)
  int classes = 0;  // targets lie in [0, classes), or are kIgnoreIndex
  int batch = 0;    // sequences per step
  int seq = 0;      // tokens per sequence
};

// ok() when shape is usable: validate(shape.encoder), vocab and classes in [1, 2^20], batch and
// seq in [1, 2^16]; otherwise the message names the field and its value.
Status validate(const TrainerShape& shape);

// The parameters in their flat order, named as train_tiny.py's state_dict.
std::vector<ParamSpec> trainer_parameter_specs(const TrainerShape& shape);
// Floats of the flat parameters. Like every size below, saturates at SIZE_MAX.
std::size_t trainer_parameter_count(const TrainerShape& shape);
// Floats the constructor allocates, in one block: five copies of the parameters (weights, the
// last good weights, gradients, two moments), the PE table, the activations of one batch, the
// packed head, the encoder's saved activations and the one workspace.
std::size_t token_trainer_floats(const TrainerShape& shape);
// Bytes constructing a TokenTrainer allocates, the object itself included, each allocation
// counted with kAllocOverhead (sizes.hpp).
std::size_t token_trainer_heap_bytes(const TrainerShape& shape);
// Floats of the attention maps evaluate() writes: (n_layers, n_heads, seq, seq), one sequence.
std::size_t token_trainer_attention_floats(const TrainerShape& shape);

// One step's outcome.
struct StepReport {
  float loss = 0.f;        // mean cross-entropy over the kept positions
  double grad_norm = 0.0;  // the global gradient norm before clipping (NaN when not reached)
  int step = 0;            // optimizer steps taken, this one included
  bool stopped = false;    // the loss or the gradient norm was not finite: nothing was updated
};

class TokenTrainer {
 public:
  // Precondition: validate(shape).ok(). Draws the weights as randomize(seed) does.
  TokenTrainer(const TrainerShape& shape, std::uint32_t seed);
  TokenTrainer(const TokenTrainer&) = delete;
  TokenTrainer& operator=(const TokenTrainer&) = delete;

  const TrainerShape& shape() const { return shape_; }
  std::size_t parameter_count() const { return total_; }

  // torch's defaults: Embedding N(0, 1), the encoder's (init_parameters), Linear U(±1/sqrt(d));
  // then restart().
  void randomize(std::uint32_t seed);
  // The optimizer back to step 0 (moments zero); the weights stay.
  void restart();
  // parameter_count() floats in the flat order; set_parameters() restarts the optimizer.
  void set_parameters(const float* flat);
  void get_parameters(float* flat) const;

  // One step on batch sequences: forward, loss, backward, the global gradient norm, AdamW with the
  // norm clipped to clip_norm (<= 0: no clipping). tokens, targets, mask: (batch, seq); mask may
  // be null (nonzero = <PAD> key). A loss or gradient norm that is not finite stops before the
  // update and puts back the weights of the last step whose loss was finite (report.stopped; the
  // optimizer state of that step is not kept: restart() before going on). A token or target out
  // of range is refused before anything changes.
  Status step(StepReport& report, const std::int32_t* tokens, const std::int32_t* targets,
              const std::uint8_t* mask, const AdamW& hp, double clip_norm);
  // The loss and the gradients of one batch (grads: parameter_count() floats), no update.
  Status gradients(float* grads, float& loss, const std::int32_t* tokens,
                   const std::int32_t* targets, const std::uint8_t* mask);
  // n sequences in chunks of batch: logits (n * seq, classes) at `logits`, the attention maps of
  // the first sequence (token_trainer_attention_floats) at `attn` (or null). targets may be null
  // (no loss); loss: the mean over the kept positions of all n sequences (0 when none is kept).
  Status evaluate(double& loss, float* logits, float* attn, const std::int32_t* tokens,
                  const std::int32_t* targets, const std::uint8_t* mask, int n);

 private:
  Status forward(float* loss, const std::int32_t* tokens, const std::int32_t* targets,
                 const std::uint8_t* mask, int sequences);
  Status backward(const std::int32_t* tokens, const std::int32_t* targets);
  void copy_attention(float* attn, int sequences) const;

  TrainerShape shape_;
  int rows_;  // batch * seq
  int step_ = 0;
  // Where each part of the flat parameters starts, in floats.
  std::size_t encoder_offset_, head_weight_offset_, head_bias_offset_, total_;
  std::vector<float> block_;  // token_trainer_floats(shape) floats, carved up below
  float *params_, *good_, *grads_, *m_, *v_;
  float *pe_, *x_, *h_, *dh_, *dx_, *logits_, *dlogits_, *head_packed_, *saved_, *work_;
};

}  // namespace normwave
