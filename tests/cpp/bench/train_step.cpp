// Times one training step of the tiny sort model (scripts/train_tiny.py: d 64, 4 heads, d_ff 128,
// 2 Pre-LN layers, final norm, batch 256, seq 8) on normwave::TokenTrainer: forward keeping the
// activations, loss, backward, clipping and AdamW (step()), and the forward and backward alone
// (gradients()). Its twin test is "golden: one training step of the tiny sort model vs PyTorch
// autograd" (the same normwave::TokenTrainer).
//   native: cmake --build build/native --target train_step_bench && build/native/train_step_bench
//   [steps] wasm:   cmake --build build/wasm --target train_step_bench && node
//   build/wasm/train_step_bench.js [steps]
// GFLOP/s counts the matrix products only (2 flops per multiply-add), as the bench tables do.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <normwave/encoder.hpp>
#include <normwave/loss.hpp>
#include <normwave/trainer.hpp>
#include <random>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Multiply-adds x 2 of every matrix product in a step: per linear (m, n, k) the forward 2mnk and
// the backward 4mnk; per attention head the forward's two (S, S, hd) products and the backward's
// four.
double step_flops(const normwave::TrainerShape& s) {
  const int batch = s.batch, seq = s.seq;
  const double R = static_cast<double>(batch) * seq, d = s.encoder.d_model, f = s.encoder.d_ff,
               hd = d / s.encoder.n_heads;
  const double linears = 3 * d * d + d * d + f * d + d * f;  // n * k per token
  const double attn =
      2.0 * seq * hd * batch * seq * s.encoder.n_heads / 1.0;  // S * S * hd * B * H, times 2
  const double layer = 6 * R * linears + 3 * attn * 2;
  return s.encoder.n_layers * layer + 6 * R * s.classes * d;
}

}  // namespace

int main(int argc, char** argv) {
  const int steps = argc > 1 ? std::max(1, std::atoi(argv[1])) : 20;
  normwave::EncoderConfig cfg;
  cfg.d_model = 64;
  cfg.n_heads = 4;
  cfg.d_ff = 128;
  cfg.n_layers = 2;
  cfg.norm_first = true;
  cfg.activation = normwave::Activation::relu;
  cfg.final_norm = true;
  const int batch = 256, seq = 8, pad = 10;
  const normwave::TrainerShape shape{cfg, 11, 10, batch, seq};
  normwave::TokenTrainer trainer(shape, 2);
  std::vector<float> grads(trainer.parameter_count());

  // Sequences of 3..8 digits padded to 8; targets are the sorted digits, kIgnoreIndex at <PAD>.
  std::mt19937 rng(1);
  std::vector<std::int32_t> tokens(batch * seq), targets(batch * seq);
  std::vector<std::uint8_t> mask(batch * seq);
  std::uniform_int_distribution<int> len(3, seq), digit(0, 9);
  for (int b = 0; b < batch; ++b) {
    const int n = len(rng);
    std::vector<int> row(n);
    for (int& v : row) v = digit(rng);
    std::vector<int> sorted = row;
    std::sort(sorted.begin(), sorted.end());
    for (int p = 0; p < seq; ++p) {
      tokens[b * seq + p] = p < n ? row[p] : pad;
      targets[b * seq + p] = p < n ? sorted[p] : normwave::kIgnoreIndex;
      mask[b * seq + p] = p >= n;
    }
  }

  normwave::AdamW hp;
  hp.lr = 2e-3;
  hp.beta2 = 0.98;
  double t_step = 0, t_grad = 0, best_step = 1e30, best_grad = 1e30;
  float first_loss = 0.f, loss = 0.f;
  const int warmup = 3;
  for (int step = 1; step <= warmup + steps; ++step) {
    auto t0 = Clock::now();
    float grad_loss = 0.f;
    normwave::Status status =
        trainer.gradients(grads.data(), grad_loss, tokens.data(), targets.data(), mask.data());
    const double g = ms_since(t0);
    normwave::StepReport report;
    t0 = Clock::now();
    if (status.ok())
      status = trainer.step(report, tokens.data(), targets.data(), mask.data(), hp, 1.0);
    const double a = ms_since(t0);
    if (!status.ok() || report.stopped) {
      std::fprintf(
          stderr, "train_step_bench: %s\n",
          status.ok() ? "the loss or gradient norm is not finite" : status.message().c_str());
      return 1;
    }
    loss = report.loss;
    if (step == 1) first_loss = loss;
    if (step > warmup) {
      t_step += a;
      t_grad += g;
      best_step = std::min(best_step, a);
      best_grad = std::min(best_grad, g);
    }
  }
  const double flops = step_flops(shape), mean = t_step / steps;
  std::printf(
      "tiny sort training step (batch %d, seq %d, %zu parameters, %.3f GFLOP/step), %d steps after "
      "%d warm-up:\n",
      batch, seq, trainer.parameter_count(), flops * 1e-9, steps, warmup);
  std::printf("  mean %.2f ms/step, best %.2f (forward and backward alone: mean %.2f, best %.2f)\n",
              mean, best_step, t_grad / steps, best_grad);
  std::printf("  %.1f GFLOP/s mean, %.1f GFLOP/s best; loss %.4f at step 1, %.4f at step %d\n",
              flops / mean * 1e-6, flops / best_step * 1e-6, first_loss, loss, warmup + steps);
  return 0;
}
