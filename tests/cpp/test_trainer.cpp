// normwave::TokenTrainer (normwave/trainer.hpp) on its own: what it allocates against what it
// reports, its refusals, the stop on a loss that is not finite, and evaluate()'s chunks. Its
// gradients against the ref model and PyTorch are in test_backward_encoder.cpp and
// test_backward_golden.cpp; the Encoder's construction against encoder_heap_bytes is here too.
#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "alloc_meter.hpp"
#include "normwave/encoder.hpp"
#include "normwave/loss.hpp"
#include "normwave/sizes.hpp"
#include "normwave/trainer.hpp"
#include "util.hpp"

namespace nw = normwave;

namespace {

nw::TrainerShape shape_of(bool norm_first, nw::Activation act, bool final_norm, int batch, int seq,
                          int classes = 5) {
  nw::TrainerShape s;
  s.encoder.d_model = 8;
  s.encoder.n_heads = 2;
  s.encoder.d_ff = 12;
  s.encoder.n_layers = 2;
  s.encoder.norm_first = norm_first;
  s.encoder.activation = act;
  s.encoder.final_norm = final_norm;
  s.vocab = 6;
  s.classes = classes;
  s.batch = batch;
  s.seq = seq;
  return s;
}

std::vector<nw::TrainerShape> shapes() {
  return {shape_of(false, nw::Activation::relu, false, 3, 4),
          shape_of(true, nw::Activation::gelu, true, 2, 5),
          shape_of(true, nw::Activation::relu, false, 1, 1, 1),
          shape_of(false, nw::Activation::gelu, true, 4, 17, 3)};
}

// Tokens in [0, vocab) and targets in [0, classes), every third one ignored.
struct Batch {
  std::vector<std::int32_t> tokens, targets;
  Batch(const nw::TrainerShape& s, int sequences) {
    const int rows = sequences * s.seq;
    for (int r = 0; r < rows; ++r) {
      tokens.push_back((r * 7 + 3) % s.vocab);
      targets.push_back(r % 3 == 2 ? nw::kIgnoreIndex : (r * 5 + 1) % s.classes);
    }
    targets[0] = 0;  // at least one kept position
  }
};

std::vector<float> parameters(const nw::TokenTrainer& t) {
  std::vector<float> p(t.parameter_count());
  t.get_parameters(p.data());
  return p;
}

}  // namespace

TEST_CASE("a TokenTrainer allocates what it reports: itself and token_trainer_floats, one block") {
  for (const nw::TrainerShape& s : shapes()) {
    CAPTURE(s.batch);
    CAPTURE(s.seq);
    REQUIRE(nw::validate(s).ok());
    const Batch b(s, s.batch);
    alloc_meter::Meter meter;
    auto* trainer = new nw::TokenTrainer(s, 3);
    CHECK(meter.blocks() == 2);
    CHECK(meter.live() == nw::token_trainer_heap_bytes(s));
    CHECK(meter.peak() == nw::token_trainer_heap_bytes(s));
    CHECK(nw::token_trainer_heap_bytes(s) == sizeof(nw::TokenTrainer) +
                                                 nw::token_trainer_floats(s) * sizeof(float) +
                                                 2 * nw::kAllocOverhead);
    CHECK(trainer->parameter_count() == nw::trainer_parameter_count(s));
    // Training allocates nothing more.
    nw::StepReport report;
    CHECK(trainer->step(report, b.tokens.data(), b.targets.data(), nullptr, nw::AdamW{}, 1.0).ok());
    CHECK(meter.blocks() == 2);
    delete trainer;
    CHECK(meter.live() == 0);
  }
}

TEST_CASE("constructing an Encoder allocates at most encoder_heap_bytes") {
  for (int layers : {1, 2, 11}) {
    for (bool final_norm : {false, true}) {
      nw::EncoderConfig c;
      c.d_model = 16;
      c.n_heads = 4;
      c.d_ff = 24;
      c.n_layers = layers;
      c.final_norm = final_norm;
      CAPTURE(layers);
      alloc_meter::Meter meter;
      auto* enc = new nw::Encoder(c, 1);
      const std::size_t bound = nw::encoder_heap_bytes(c);
      CHECK(meter.peak() <= bound);
      // The bound is the weights and a little per tensor, not a blanket margin.
      CHECK(bound - meter.peak() <= (layers * 16 + 4) * 256);
      MESSAGE(layers << " layer(s): peak " << meter.peak() << " of " << bound << " bytes");
      delete enc;
    }
  }
}

TEST_CASE("token_trainer_floats saturates instead of wrapping") {
  nw::TrainerShape s = shape_of(true, nw::Activation::relu, true, 1 << 16, 1 << 16);
  s.encoder.n_heads = 1 << 15;
  s.encoder.d_model = 1 << 15;
  s.encoder.n_layers = 1024;
  CHECK(nw::token_trainer_floats(s) == SIZE_MAX);
  CHECK(nw::token_trainer_heap_bytes(s) == SIZE_MAX);
  CHECK(nw::token_trainer_attention_floats(s) == std::size_t{1} << 57);
}

TEST_CASE("validate(TrainerShape) names the field and its value") {
  const nw::TrainerShape good = shape_of(true, nw::Activation::relu, false, 2, 4);
  CHECK(nw::validate(good).ok());
  const auto message = [&](auto change) {
    nw::TrainerShape s = good;
    change(s);
    return nw::validate(s).message();
  };
  CHECK(message([](nw::TrainerShape& s) { s.vocab = 0; }) ==
        "vocab must be an integer in [1, 1048576], got 0");
  CHECK(message([](nw::TrainerShape& s) { s.classes = (1 << 20) + 1; }) ==
        "classes must be an integer in [1, 1048576], got 1048577");
  CHECK(message([](nw::TrainerShape& s) { s.batch = -1; }) ==
        "batch must be an integer in [1, 65536], got -1");
  CHECK(message([](nw::TrainerShape& s) { s.seq = 65537; }) ==
        "seqLen must be an integer in [1, 65536], got 65537");
  CHECK(message([](nw::TrainerShape& s) { s.encoder.n_heads = 3; }) ==
        "dModel (8) must be divisible by nHeads (3)");
}

TEST_CASE("a step with a token outside the vocabulary is refused before anything changes") {
  const nw::TrainerShape s = shape_of(true, nw::Activation::relu, true, 2, 4);
  nw::TokenTrainer t(s, 1);
  Batch b(s, s.batch);
  nw::StepReport report;
  REQUIRE(t.step(report, b.tokens.data(), b.targets.data(), nullptr, nw::AdamW{}, 1.0).ok());
  const std::vector<float> before = parameters(t);
  b.tokens[3] = s.vocab;
  const nw::Status status =
      t.step(report, b.tokens.data(), b.targets.data(), nullptr, nw::AdamW{}, 1.0);
  CHECK(status.message() == "tokens: token 6 at position 3 is outside the vocabulary [0, 6)");
  CHECK(parameters(t) == before);
  b.tokens[3] = 0;
  b.targets[5] = s.classes;
  float loss = 0.f;
  std::vector<float> grads(t.parameter_count());
  CHECK(t.gradients(grads.data(), loss, b.tokens.data(), b.targets.data(), nullptr).message() ==
        "targets: target 5 at row 5 is neither a class in [0, 5) nor ignore_index -100");
  b.targets[5] = 0;
  REQUIRE(t.step(report, b.tokens.data(), b.targets.data(), nullptr, nw::AdamW{}, 1.0).ok());
  CHECK(report.step == 2);  // the refused step did not count
}

TEST_CASE(
    "a loss that is not finite stops the step and puts back the last weights whose loss was "
    "finite") {
  const nw::TrainerShape s = shape_of(false, nw::Activation::gelu, false, 2, 3);
  nw::TokenTrainer t(s, 4);
  const Batch b(s, s.batch);
  const std::vector<float> first = parameters(t);
  nw::AdamW blow_up;
  blow_up.lr = 1e38;  // one step moves every weight by ~1e38: the next logits overflow
  nw::StepReport report;
  REQUIRE(t.step(report, b.tokens.data(), b.targets.data(), nullptr, blow_up, 0.0).ok());
  CHECK(std::isfinite(report.loss));
  CHECK(!report.stopped);
  CHECK(report.step == 1);
  CHECK(parameters(t) != first);
  REQUIRE(t.step(report, b.tokens.data(), b.targets.data(), nullptr, blow_up, 0.0).ok());
  CHECK(report.stopped);
  CHECK(!std::isfinite(report.loss));
  CHECK(std::isnan(report.grad_norm));
  CHECK(report.step == 1);
  CHECK(parameters(t) == first);
}

TEST_CASE(
    "evaluate() in chunks of batch gives the logits and loss of one pass over every sequence") {
  const nw::TrainerShape small = shape_of(true, nw::Activation::relu, true, 2, 4);
  nw::TrainerShape whole = small;
  whole.batch = 5;
  nw::TokenTrainer a(small, 9), b(whole, 9);
  CHECK(parameters(a) == parameters(b));
  const Batch batch(small, 5);
  std::vector<float> la(5 * 4 * small.classes), lb(la.size()),
      attn_a(nw::token_trainer_attention_floats(small)), attn_b(attn_a.size());
  double loss_a = 0, loss_b = 0;
  REQUIRE(a.evaluate(loss_a, la.data(), attn_a.data(), batch.tokens.data(), batch.targets.data(),
                     nullptr, 5)
              .ok());
  REQUIRE(b.evaluate(loss_b, lb.data(), attn_b.data(), batch.tokens.data(), batch.targets.data(),
                     nullptr, 5)
              .ok());
  CHECK(nwtest::max_abs_diff(la, lb) <= 1e-6);
  CHECK(nwtest::max_abs_diff(attn_a, attn_b) <= 1e-6);
  CHECK(loss_a == doctest::Approx(loss_b).epsilon(1e-6));
  double none = -1;
  REQUIRE(a.evaluate(none, la.data(), nullptr, batch.tokens.data(), nullptr, nullptr, 5).ok());
  CHECK(none == 0.0);
}

TEST_CASE(
    "randomize(seed) draws the encoder's part as init_parameters does; restart keeps the weights") {
  const nw::TrainerShape s = shape_of(true, nw::Activation::relu, true, 2, 4);
  nw::TokenTrainer t(s, 11);
  std::vector<std::vector<float>> enc;
  nw::init_parameters(enc, s.encoder, 11);
  const std::vector<float> p = parameters(t);
  std::size_t at = static_cast<std::size_t>(s.vocab) * s.encoder.d_model;
  for (const auto& tensor : enc)
    for (float v : tensor) CHECK(p[at++] == v);
  t.restart();
  CHECK(parameters(t) == p);
  t.randomize(12);
  CHECK(parameters(t) != p);
  t.randomize(11);
  CHECK(parameters(t) == p);
  const auto specs = nw::trainer_parameter_specs(s);
  CHECK(specs.front().name == "embedding.weight");
  CHECK(specs[1].name == "encoder.layers.0.self_attn.in_proj_weight");
  CHECK(specs.back().name == "head.bias");
  std::size_t total = 0;
  for (const auto& spec : specs) total += spec.numel;
  CHECK(total == t.parameter_count());
}
