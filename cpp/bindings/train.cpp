// The training module's bindings, beside embind.cpp's (normwave_train = the forward module plus
// this file): the rows of the op table with module training, for web/api/encoder.js
// (keepActivations, backward) and web/api/train.js (single-op backwards, the token trainer).
// Same rules as embind.cpp: wasm addresses and element counts in, configurations as value
// objects, a refusal as the Status message ("" on success), nothing throws; web/api/ checks every
// argument first. The trainer itself is normwave::TokenTrainer (normwave/trainer.hpp).
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>

#include "bind.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/loss.hpp"
#include "normwave/norms.hpp"
#include "normwave/optim.hpp"
#include "normwave/trainer.hpp"

using emscripten::val;
using normwave::EncoderConfig;
using normwave::Op;
using normwave::TokenTrainer;
using normwave::TrainerShape;
using normwave::bind::addr;
using normwave::bind::f32;
using normwave::bind::i32;
using normwave::bind::u8;

namespace {

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

void linear_backward(addr dx, addr dw, addr db, addr dy, addr x, addr w, int m, int n, int k,
                     addr workspace) {
  normwave::linear_backward(f32(dx), f32(dw), f32(db), f32(dy), f32(x), f32(w), m, n, k,
                            f32(workspace));
}

// ReLU takes its output y, GELU its input x (`at`). An Activation that is neither enumerator (a
// forged enum value) is refused, as embind.cpp's activation() refuses it.
std::string activation_backward(addr dx, addr dy, addr at, int n, normwave::Activation kind) {
  const auto count = static_cast<std::size_t>(n);
  switch (kind) {
    case normwave::Activation::relu:
      normwave::relu_backward(f32(dx), f32(dy), f32(at), count);
      return {};
    case normwave::Activation::gelu:
      normwave::gelu_backward(f32(dx), f32(dy), f32(at), count);
      return {};
  }
  return "unknown activation code " + std::to_string(static_cast<int>(kind));
}

// What JavaScript lays out for a trainer of this shape, with the verdict on the shape: the
// Status message of validate() ("" when usable), and sizes C++ computes (saturating).
struct TrainerFacts {
  std::string error;
  std::size_t parameters = 0;  // floats of the flat parameters
  std::size_t floats = 0;      // floats the trainer holds (token_trainer_floats)
  std::size_t heap_bytes = 0;  // bytes constructing it allocates
  std::size_t attention = 0;   // floats of evaluate()'s attention maps
  int ignore_index = normwave::kIgnoreIndex;
};

TrainerFacts token_trainer_facts(const TrainerShape& shape) {
  TrainerFacts f;
  f.error = normwave::validate(shape).message();
  f.parameters = normwave::trainer_parameter_count(shape);
  f.floats = normwave::token_trainer_floats(shape);
  f.heap_bytes = normwave::token_trainer_heap_bytes(shape);
  f.attention = normwave::token_trainer_attention_floats(shape);
  return f;
}

val trainer_parameter_specs(const TrainerShape& shape) {
  return normwave::bind::specs_to_js(normwave::trainer_parameter_specs(shape));
}

// A trainer call's outcome: the Status message ("" on success) and its numbers.
struct TrainerOutcome {
  std::string error;
  double loss = 0.0;
  double grad_norm = 0.0;
  int step = 0;
  bool stopped = false;
};

TrainerOutcome step(TokenTrainer& t, addr tokens, addr targets, addr mask,
                    const normwave::AdamW& hp, double clip_norm) {
  normwave::StepReport r;
  TrainerOutcome out;
  out.error = t.step(r, i32(tokens), i32(targets), u8(mask), hp, clip_norm).message();
  out.loss = r.loss;
  out.grad_norm = r.grad_norm;
  out.step = r.step;
  out.stopped = r.stopped;
  return out;
}

TrainerOutcome gradients(TokenTrainer& t, addr grads, addr tokens, addr targets, addr mask) {
  float loss = 0.f;
  TrainerOutcome out;
  out.error = t.gradients(f32(grads), loss, i32(tokens), i32(targets), u8(mask)).message();
  out.loss = loss;
  return out;
}

TrainerOutcome evaluate(TokenTrainer& t, addr logits, addr attn, addr tokens, addr targets,
                        addr mask, int n) {
  TrainerOutcome out;
  out.error = t.evaluate(out.loss, f32(logits), f32(attn), i32(tokens), i32(targets), u8(mask), n)
                  .message();
  return out;
}

void set_parameters(TokenTrainer& t, addr flat) { t.set_parameters(f32(flat)); }
void get_parameters(const TokenTrainer& t, addr flat) { t.get_parameters(f32(flat)); }

}  // namespace

EMSCRIPTEN_BINDINGS(normwave_train) {
  using emscripten::function;
  using emscripten::value_object;
  function(NW_BINDING(Op::encoder_train, "encoderTrainSizes"), &encoder_train_sizes);
  function(NW_BINDING(Op::encoder_train, "encoderForwardTrain"), &encoder_forward_train);
  function(NW_BINDING(Op::encoder_train, "encoderBackward"), &encoder_backward);
  function(NW_BINDING(Op::layer_norm_backward, "layerNormBackward"), &layer_norm_backward);
  function(NW_BINDING(Op::linear_backward, "linearBackwardWorkspaceFloats"),
           &normwave::linear_backward_workspace_floats);
  function(NW_BINDING(Op::linear_backward, "linearBackward"), &linear_backward);
  function(NW_BINDING(Op::activation_backward, "activationBackward"), &activation_backward);

  value_object<TrainerShape>("TrainerShape")
      .field("encoder", &TrainerShape::encoder)
      .field("vocab", &TrainerShape::vocab)
      .field("classes", &TrainerShape::classes)
      .field("batch", &TrainerShape::batch)
      .field("seqLen", &TrainerShape::seq);
  value_object<normwave::AdamW>("AdamW")
      .field("lr", &normwave::AdamW::lr)
      .field("beta1", &normwave::AdamW::beta1)
      .field("beta2", &normwave::AdamW::beta2)
      .field("eps", &normwave::AdamW::eps)
      .field("weightDecay", &normwave::AdamW::weight_decay);
  value_object<TrainerFacts>("TrainerFacts")
      .field("error", &TrainerFacts::error)
      .field("parameters", &TrainerFacts::parameters)
      .field("floats", &TrainerFacts::floats)
      .field("heapBytes", &TrainerFacts::heap_bytes)
      .field("attention", &TrainerFacts::attention)
      .field("ignoreIndex", &TrainerFacts::ignore_index);
  value_object<TrainerOutcome>("TrainerOutcome")
      .field("error", &TrainerOutcome::error)
      .field("loss", &TrainerOutcome::loss)
      .field("gradNorm", &TrainerOutcome::grad_norm)
      .field("step", &TrainerOutcome::step)
      .field("stopped", &TrainerOutcome::stopped);
  function(NW_BINDING(Op::token_trainer, "tokenTrainerFacts"), &token_trainer_facts);
  function(NW_BINDING(Op::token_trainer, "trainerParameterSpecs"), &trainer_parameter_specs);
  emscripten::class_<TokenTrainer>(NW_BINDING(Op::token_trainer, "TokenTrainer"))
      .constructor<const TrainerShape&, unsigned>()
      .function("randomize", &TokenTrainer::randomize)
      .function("restart", &TokenTrainer::restart)
      .function("setParameters", &set_parameters)
      .function("getParameters", &get_parameters)
      .function("step", &step)
      .function("gradients", &gradients)
      .function("evaluate", &evaluate);
}
