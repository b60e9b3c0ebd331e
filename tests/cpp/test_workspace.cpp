// Every *_workspace_floats in cpp/include/normwave/ against the kernel it sizes:
// for random shapes the kernel runs in a heap block of exactly the reported size, so under ASan
// (build/asan) any write or read past it fails the test, and the block is filled with a sentinel
// whose last float must be overwritten, so the size is not padded either. Empty shapes report 0
// and run with a null workspace. tests/js/ops.test.mjs checks that this file names every
// workspace function the headers declare.
#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "normwave/attention.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/positional_encoding.hpp"
#include "util.hpp"

namespace nw = normwave;
using nwtest::randn;

namespace {

constexpr float kSentinel = 1234.5f;

// A heap block of exactly n floats (nothing rounds it up, unlike a vector's capacity may).
struct Block {
  explicit Block(std::size_t n) : size(n), data(n ? new float[n] : nullptr) {
    for (std::size_t i = 0; i < n; ++i) data[i] = kSentinel;
  }
  bool last_touched() const { return size == 0 || data[size - 1] != kSentinel; }
  std::size_t size;
  std::unique_ptr<float[]> data;
};

struct Rng {
  std::mt19937 gen{19};
  int operator()(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(gen); }
};

std::vector<std::uint8_t> some_padding(int batch, int seq) {
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(batch) * seq, 0);
  if (seq > 1) mask.back() = 1;
  return mask;
}

nw::EncoderConfig random_config(Rng& pick) {
  nw::EncoderConfig c;
  c.n_heads = pick(1, 4);
  c.d_model = c.n_heads * pick(1, 12);
  c.d_ff = pick(1, 40);
  c.n_layers = pick(1, 2);
  c.norm_first = pick(0, 1) == 1;
  c.final_norm = pick(0, 1) == 1;
  c.activation = pick(0, 1) ? nw::Activation::gelu : nw::Activation::relu;
  return c;
}

}  // namespace

TEST_CASE("positional_encoding_workspace_floats: the kernel touches exactly that many floats") {
  Rng pick;
  for (int trial = 0; trial < 24; ++trial) {
    CAPTURE(trial);
    const int seq = pick(1, 40), d = pick(1, 70);
    CAPTURE(seq);
    CAPTURE(d);
    std::vector<float> out(static_cast<std::size_t>(seq) * d);
    Block work(nw::positional_encoding_workspace_floats(seq, d));
    nw::positional_encoding(out.data(), seq, d, 10000.0, work.data.get());
    CHECK(work.last_touched());
    std::vector<float> ref(out.size());
    nw::ref::positional_encoding(ref.data(), seq, d);
    CHECK(nwtest::max_abs_diff(out, ref) <= 1e-6);
  }
}

TEST_CASE("linear_workspace_floats: the kernel touches exactly that many floats") {
  Rng pick;
  for (int trial = 0; trial < 24; ++trial) {
    CAPTURE(trial);
    const int m = pick(1, 20), n = pick(1, 70), k = pick(1, 300);
    CAPTURE(m);
    CAPTURE(n);
    CAPTURE(k);
    const auto x = randn(static_cast<std::size_t>(m) * k, 1),
               w = randn(static_cast<std::size_t>(n) * k, 2);
    std::vector<float> y(static_cast<std::size_t>(m) * n);
    Block work(nw::linear_workspace_floats(m, n, k));
    nw::linear(y.data(), x.data(), w.data(), nullptr, m, n, k, work.data.get());
    CHECK(work.last_touched());
  }
}

TEST_CASE(
    "attention_core_workspace_floats and multi_head_attention_workspace_floats: the kernel touches "
    "exactly that many floats") {
  Rng pick;
  for (int trial = 0; trial < 24; ++trial) {
    CAPTURE(trial);
    const int heads = pick(1, 3);
    const nw::AttentionShape s{pick(1, 3), pick(1, 20), heads * pick(1, 9), heads};
    CAPTURE(s.batch);
    CAPTURE(s.seq);
    CAPTURE(s.d_model);
    const std::size_t rows = static_cast<std::size_t>(s.batch) * s.seq, d = s.d_model;
    const auto qkv = randn(rows * 3 * d, 3), x = randn(rows * d, 4), win = randn(3 * d * d, 5),
               bin = randn(3 * d, 6), wout = randn(d * d, 7), bout = randn(d, 8);
    const auto mask = some_padding(s.batch, s.seq);
    std::vector<float> ctx(rows * d),
        attn(static_cast<std::size_t>(s.batch) * s.n_heads * s.seq * s.seq);
    Block work(nw::attention_core_workspace_floats(s));
    nw::attention_core(ctx.data(), attn.data(), qkv.data(), mask.data(), s, work.data.get());
    CHECK(work.last_touched());
    std::vector<float> out(rows * d);
    Block mha(nw::multi_head_attention_workspace_floats(s));
    nw::multi_head_attention(out.data(), attn.data(), x.data(), mask.data(),
                             {win.data(), bin.data(), wout.data(), bout.data()}, s, mha.data.get());
    CHECK(mha.last_touched());
  }
}

TEST_CASE("encoder_forward_workspace_floats: the kernel touches exactly that many floats") {
  Rng pick;
  for (int trial = 0; trial < 24; ++trial) {
    CAPTURE(trial);
    const nw::EncoderConfig c = random_config(pick);
    const int batch = pick(1, 3), seq = pick(1, 12);
    CAPTURE(c.d_model);
    CAPTURE(c.n_heads);
    CAPTURE(c.d_ff);
    CAPTURE(c.norm_first);
    CAPTURE(batch);
    CAPTURE(seq);
    nw::Encoder enc(c, 9);
    const auto x = randn(static_cast<std::size_t>(batch) * seq * c.d_model, 10);
    const auto mask = some_padding(batch, seq);
    std::vector<float> out(x.size()),
        attn(static_cast<std::size_t>(c.n_layers) * batch * c.n_heads * seq * seq);
    Block work(nw::encoder_forward_workspace_floats(c, batch, seq));
    enc.forward(out.data(), attn.data(), x.data(), mask.data(), batch, seq, work.data.get());
    CHECK(work.last_touched());
    // A smaller call in the same block (a caller keeps the largest workspace it has needed).
    enc.forward(out.data(), nullptr, x.data(), nullptr, 1, 1, work.data.get());
  }
}

TEST_CASE(
    "linear_backward_workspace_floats and attention_core_backward_workspace_floats: the kernel "
    "touches exactly that many floats") {
  Rng pick;
  for (int trial = 0; trial < 24; ++trial) {
    CAPTURE(trial);
    const int m = pick(1, 300), n = pick(1, 70), k = pick(1, 70);
    const auto x = randn(static_cast<std::size_t>(m) * k, 11),
               w = randn(static_cast<std::size_t>(n) * k, 12),
               dy = randn(static_cast<std::size_t>(m) * n, 13);
    std::vector<float> dx(x.size()), dw(w.size()), db(n);
    Block work(nw::linear_backward_workspace_floats(m, n, k));
    nw::linear_backward(dx.data(), dw.data(), db.data(), dy.data(), x.data(), w.data(), m, n, k,
                        work.data.get());
    CHECK(work.last_touched());

    const int heads = pick(1, 3);
    const nw::AttentionShape s{pick(1, 3), pick(1, 20), heads * pick(1, 9), heads};
    const std::size_t rows = static_cast<std::size_t>(s.batch) * s.seq, d = s.d_model;
    const auto qkv = randn(rows * 3 * d, 14), dctx = randn(rows * d, 15);
    std::vector<float> ctx(rows * d),
        attn(static_cast<std::size_t>(s.batch) * s.n_heads * s.seq * s.seq), dqkv(qkv.size());
    nwtest::attention_core(ctx.data(), attn.data(), qkv.data(), nullptr, s);
    Block back(nw::attention_core_backward_workspace_floats(s));
    nw::attention_core_backward(dqkv.data(), dctx.data(), qkv.data(), attn.data(), s,
                                back.data.get());
    CHECK(back.last_touched());
  }
}

TEST_CASE("encoder_train_workspace_floats: the kernel touches exactly that many floats") {
  Rng pick;
  for (int trial = 0; trial < 24; ++trial) {
    CAPTURE(trial);
    const nw::EncoderConfig c = random_config(pick);
    const int batch = pick(1, 3), seq = pick(1, 8);
    nw::Encoder enc(c, 16);
    std::vector<float> params;
    for (const auto& p : enc.parameters()) params.insert(params.end(), p.begin(), p.end());
    const auto x = randn(static_cast<std::size_t>(batch) * seq * c.d_model, 17);
    std::vector<float> out(x.size()), dx(x.size()), dp(params.size());
    Block saved(nw::encoder_saved_floats(c, batch, seq)),
        work(nw::encoder_train_workspace_floats(c, batch, seq));
    nw::encoder_forward_train(out.data(), saved.data.get(), x.data(), nullptr, params.data(), c,
                              batch, seq, work.data.get());
    nw::encoder_backward(dx.data(), dp.data(), x.data(), saved.data.get(), params.data(), c, batch,
                         seq, work.data.get());
    CHECK(saved.last_touched());
    CHECK(work.last_touched());
  }
}

TEST_CASE("workspace sizes: empty shapes report 0 and run with no workspace") {
  CHECK(nw::positional_encoding_workspace_floats(0, 8) == 0);
  CHECK(nw::positional_encoding_workspace_floats(5, 0) == 0);
  nw::positional_encoding(nullptr, 0, 8, 10000.0, nullptr);
  CHECK(nw::linear_workspace_floats(0, 4, 4) == 0);
  nw::linear(nullptr, nullptr, nullptr, nullptr, 0, 4, 4, nullptr);
  const nw::AttentionShape empty{2, 0, 8, 2};
  CHECK(nw::attention_core_workspace_floats(empty) == 0);
  CHECK(nw::multi_head_attention_workspace_floats(empty) == 0);
  nw::attention_core(nullptr, nullptr, nullptr, nullptr, empty, nullptr);
  nw::EncoderConfig c;
  c.d_model = 8;
  c.n_heads = 2;
  c.d_ff = 4;
  CHECK(nw::encoder_forward_workspace_floats(c, 0, 5) == 0);
  nw::Encoder enc(c);
  enc.forward(nullptr, nullptr, nullptr, nullptr, 0, 5, nullptr);
}

TEST_CASE("workspace sizes saturate rather than wrap (wasm32's size_t has 32 bits)") {
  // Shapes whose workspaces cannot exist: the size must be at least the true one, never a small
  // wrapped value a kernel would overrun. (Natively size_t has 64 bits and none of these wrap.)
  const double most = static_cast<double>(SIZE_MAX);
  const double pe = static_cast<double>(nw::positional_encoding_workspace_floats(1, 1 << 29));
  CHECK((pe >= 18.0 * (1 << 29) || pe == most));
  const double attn = static_cast<double>(nw::attention_core_workspace_floats({1, 1 << 26, 1, 1}));
  CHECK((attn >= static_cast<double>(1 << 26) * (1 << 26) || attn == most));
  nw::EncoderConfig c;
  c.d_model = 32768;
  c.n_heads = 1;
  c.d_ff = 32768;
  c.n_layers = 1024;
  const double params = static_cast<double>(nw::parameter_count(c));
  CHECK((params >= 1024.0 * 6 * 32768 * 32768 || params == most));
}

TEST_CASE("training sizes at batch * n_heads * seq^2 = 2^32 saturate rather than wrap to 0") {
  // encoder_saved_floats holds batch * n_heads * seq * seq attention probabilities per layer;
  // at (1, 1, 65536) that product is 2^32, which a wrapping wasm32 size_t turns into 0.
  const double most = static_cast<double>(SIZE_MAX);
  nw::EncoderConfig c;
  c.d_model = 1;
  c.n_heads = 1;
  c.d_ff = 1;
  c.n_layers = 1;
  const double probs = 65536.0 * 65536.0;
  for (const bool pre : {false, true}) {
    for (const bool final_norm : {false, true}) {
      CAPTURE(pre);
      CAPTURE(final_norm);
      c.norm_first = pre;
      c.final_norm = final_norm;
      const double saved = static_cast<double>(nw::encoder_saved_floats(c, 1, 65536));
      CHECK((saved >= probs || saved == most));
      const double offset = static_cast<double>(nw::encoder_saved_attention_offset(c, 1, 65536, 0));
      CHECK(offset < probs);  // layer 0's probabilities start inside the block
      const double work = static_cast<double>(nw::encoder_train_workspace_floats(c, 1, 65536));
      CHECK(work >= 65536.0);
    }
  }
  // 2^16 x 2^16 rows of the FFN hidden: R * d_ff = 2^32 * 64.
  c.d_ff = 64;
  const double work = static_cast<double>(nw::encoder_train_workspace_floats(c, 65536, 65536));
  CHECK((work >= 2.0 * 65536.0 * 65536.0 * 64.0 || work == most));
  const double saved = static_cast<double>(nw::encoder_saved_floats(c, 65536, 65536));
  CHECK((saved >= 65536.0 * 65536.0 * 65536.0 || saved == most));
  // Many layers of a block that fits: n_layers * layer must not wrap either.
  c.d_model = 64;
  c.n_heads = 4;
  c.n_layers = 1024;
  const double deep = static_cast<double>(nw::encoder_saved_floats(c, 64, 1024));
  CHECK((deep >= 1024.0 * 64 * 4 * 1024 * 1024 || deep == most));
}
