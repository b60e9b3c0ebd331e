// Times one training step of the tiny sort model (scripts/train_tiny.py: d 64, 4 heads, d_ff 128,
// 2 Pre-LN layers, final norm, batch 256, seq 8) on the fast kernels: forward keeping the
// activations, loss, backward, AdamW. Its twin test is "golden: one training step of the tiny
// sort model vs PyTorch autograd" (the same tokenmodel::FastModel).
//   native: cmake --build build/native --target train_step_bench && build/native/train_step_bench
//   [steps] wasm:   cmake --build build/wasm --target train_step_bench && node
//   build/wasm/train_step_bench.js [steps]
// GFLOP/s counts the matrix products only (2 flops per multiply-add), as the bench tables do.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <normwave/encoder.hpp>
#include <normwave/linear.hpp>
#include <random>
#include <vector>

#include "../token_model.hpp"

namespace {

using Clock = std::chrono::steady_clock;
double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// Multiply-adds x 2 of every matrix product in a step: per linear (m, n, k) the forward 2mnk and
// the backward 4mnk; per attention head the forward's two (S, S, hd) products and the backward's
// four.
double step_flops(const tokenmodel::Spec& s, int batch, int seq) {
  const double R = static_cast<double>(batch) * seq, d = s.cfg.d_model, f = s.cfg.d_ff,
               hd = d / s.cfg.n_heads;
  const double linears = 3 * d * d + d * d + f * d + d * f;  // n * k per token
  const double attn =
      2.0 * seq * hd * batch * seq * s.cfg.n_heads / 1.0;  // S * S * hd * B * H, times 2
  const double layer = 6 * R * linears + 3 * attn * 2;
  return s.cfg.n_layers * layer + 6 * R * s.classes * d;
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
  const tokenmodel::Spec spec{cfg, 11, 10};
  const int batch = 256, seq = 8, pad = 10;

  tokenmodel::FastModel model(spec, batch, seq);
  const tokenmodel::Offsets o = tokenmodel::offsets(spec);
  std::mt19937 rng(1);
  std::normal_distribution<float> normal(0.f, 1.f);
  std::uniform_real_distribution<float> head(-0.125f, 0.125f);
  for (std::size_t i = o.emb; i < o.enc; ++i) model.params[i] = normal(rng);
  std::vector<std::vector<float>> enc;
  normwave::init_parameters(enc, cfg, 2);
  std::size_t at = o.enc;
  for (const auto& t : enc)
    at = std::copy(t.begin(), t.end(), model.params.begin() + at) - model.params.begin();
  for (std::size_t i = o.head_w; i < o.total; ++i) model.params[i] = head(rng);

  // Sequences of 3..8 digits padded to 8; targets are the sorted digits, -100 at <PAD>.
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
      targets[b * seq + p] = p < n ? sorted[p] : tokenmodel::kIgnore;
      mask[b * seq + p] = p >= n;
    }
  }

  normwave::AdamW hp;
  hp.lr = 2e-3;
  hp.beta2 = 0.98;
  double t_fwd = 0, t_bwd = 0, t_opt = 0, best = 1e30, best_fwd = 1e30, best_bwd = 1e30,
         best_opt = 1e30;
  float first_loss = 0.f, loss = 0.f;
  const int warmup = 3;
  for (int step = 1; step <= warmup + steps; ++step) {
    const auto t0 = Clock::now();
    loss = model.forward(tokens.data(), targets.data(), mask.data());
    const double a = ms_since(t0);
    model.gradients(tokens.data(), targets.data());
    const double b = ms_since(t0);
    model.adamw(hp, step);
    const double c = ms_since(t0);
    if (step == 1) first_loss = loss;
    if (step > warmup) {
      t_fwd += a;
      t_bwd += b - a;
      t_opt += c - b;
      best = std::min(best, c);
      best_fwd = std::min(best_fwd, a);
      best_bwd = std::min(best_bwd, b - a);
      best_opt = std::min(best_opt, c - b);
    }
  }
  if (!model.error.empty()) {
    std::fprintf(stderr, "train_step_bench: %s\n", model.error.c_str());
    return 1;
  }
  const double flops = step_flops(spec, batch, seq), mean = (t_fwd + t_bwd + t_opt) / steps;
  std::printf(
      "tiny sort training step (batch %d, seq %d, %zu parameters, %.3f GFLOP/step), %d steps after "
      "%d warm-up:\n",
      batch, seq, model.params.size(), flops * 1e-9, steps, warmup);
  std::printf("  mean %.2f ms/step (forward %.2f, backward %.2f, AdamW %.2f)\n", mean,
              t_fwd / steps, t_bwd / steps, t_opt / steps);
  std::printf("  best %.2f ms/step (fastest phases: forward %.2f, backward %.2f, AdamW %.2f)\n",
              best, best_fwd, best_bwd, best_opt);
  std::printf("  %.1f GFLOP/s mean, %.1f GFLOP/s best; loss %.4f at step 1, %.4f at step %d\n",
              flops / mean * 1e-6, flops / best * 1e-6, first_loss, loss, warmup + steps);
  return 0;
}
