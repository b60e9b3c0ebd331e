// The size functions at any shape: an encoder configuration that validate() accepts and any
// batch and sequence length, including products far past wasm32's 32-bit size_t (the seeds sit
// at 2^16 x 2^16). Each reported size must be at least the largest single buffer it covers,
// computed here in 128 bits, or saturate at SIZE_MAX — never a wrapped, smaller value a kernel
// would overrun. Under UBSan a signed overflow inside a size function fails the run too.
//
// Input: little-endian int32s, in order: batch, seq, d_model, n_heads, d_ff, n_layers, flags
// (bit 0 norm_first, bit 1 final_norm, bit 2 GELU), m, n, k (the linear sizes; m and n are also
// a token trainer's vocab and classes); missing bytes read as 0.
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fuzz_check.hpp"
#include "normwave/attention.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/positional_encoding.hpp"
#include "normwave/trainer.hpp"

namespace nw = normwave;

namespace {

using u128 = unsigned __int128;

std::int32_t word(const std::uint8_t* data, std::size_t size, int i) {
  std::uint8_t b[4] = {0, 0, 0, 0};
  for (int j = 0; j < 4; ++j) {
    const std::size_t at = static_cast<std::size_t>(i) * 4 + j;
    if (at < size) b[j] = data[at];
  }
  std::int32_t v;
  std::memcpy(&v, b, 4);
  return v;
}

u128 u(int v) { return v > 0 ? static_cast<u128>(v) : 0; }

// `got` covers `need` floats: at least that many, or saturated.
bool covers(std::size_t got, u128 need) {
  return got == SIZE_MAX || static_cast<u128>(got) >= need;
}

double d(u128 v) { return static_cast<double>(v); }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const int batch = word(data, size, 0), seq = word(data, size, 1);
  nw::EncoderConfig c;
  c.d_model = word(data, size, 2);
  c.n_heads = word(data, size, 3);
  c.d_ff = word(data, size, 4);
  c.n_layers = word(data, size, 5);
  const std::int32_t flags = word(data, size, 6);
  c.norm_first = flags & 1;
  c.final_norm = flags & 2;
  c.activation = flags & 4 ? nw::Activation::gelu : nw::Activation::relu;
  const int m = word(data, size, 7), n = word(data, size, 8), k = word(data, size, 9);

  // Shapes of one linear layer: any ints (the JS side checks them as counts first).
  const std::size_t lin = nw::linear_workspace_floats(m, n, k);
  const std::size_t lin_back = nw::linear_backward_workspace_floats(m, n, k);
  const std::size_t packed = nw::packed_size(n, k);
  FUZZ_CHECK(covers(packed, u(n) * u(k)), "packed_size(%d, %d) = %zu", n, k, packed);
  (void)lin;
  (void)lin_back;
  const std::size_t pe = nw::positional_encoding_workspace_floats(seq, c.d_model);
  FUZZ_CHECK(seq <= 0 || c.d_model <= 0 || covers(pe, u(c.d_model)),
             "positional_encoding_workspace_floats(%d, %d) = %zu", seq, c.d_model, pe);

  if (!nw::validate(c).ok()) return 0;
  const u128 R = u(batch) * u(seq), D = u(c.d_model), F = u(c.d_ff), H = u(c.n_heads),
             L = u(c.n_layers), S = u(seq), B = u(batch);
  const nw::AttentionShape shape{batch, seq, c.d_model, c.n_heads};

  const std::size_t attn = nw::attention_core_workspace_floats(shape);
  FUZZ_CHECK(batch <= 0 || covers(attn, S * S), "attention_core_workspace_floats(b %d, s %d) = %zu",
             batch, seq, attn);
  const std::size_t mha = nw::multi_head_attention_workspace_floats(shape);
  FUZZ_CHECK(batch <= 0 || seq <= 0 || covers(mha, 3 * R * D),
             "multi_head_attention_workspace_floats(b %d, s %d, d %d) = %zu", batch, seq, c.d_model,
             mha);

  const std::size_t params = nw::parameter_count(c);
  FUZZ_CHECK(covers(params, L * (4 * D * D + 2 * D * F)),
             "parameter_count(d %d, ff %d, %d layers) = %zu", c.d_model, c.d_ff, c.n_layers,
             params);
  const std::size_t weights = nw::encoder_weight_floats(c);
  FUZZ_CHECK(covers(weights, L * (4 * D * D + 2 * D * F)), "encoder_weight_floats = %zu", weights);
  const std::size_t heap = nw::encoder_heap_bytes(c);
  FUZZ_CHECK(heap == SIZE_MAX ||
                 (weights != SIZE_MAX && static_cast<u128>(heap) >= static_cast<u128>(weights) * 4),
             "encoder_heap_bytes = %zu below encoder_weight_floats = %zu floats", heap, weights);

  if (batch <= 0 || seq <= 0) return 0;
  const std::size_t fwd = nw::encoder_forward_workspace_floats(c, batch, seq);
  FUZZ_CHECK(covers(fwd, 6 * R * D + R * F),
             "encoder_forward_workspace_floats(b %d, s %d) = %zu (need %g)", batch, seq, fwd,
             d(6 * R * D + R * F));
  // Per layer: R (8d + f + 4) floats and batch * H * S^2 attention probabilities.
  const u128 saved_need = L * (R * (8 * D + F + 4) + B * H * S * S);
  const std::size_t saved = nw::encoder_saved_floats(c, batch, seq);
  FUZZ_CHECK(covers(saved, saved_need),
             "encoder_saved_floats(b %d, s %d, h %d, %d layers) = %zu (need %g)", batch, seq,
             c.n_heads, c.n_layers, saved, d(saved_need));
  for (int l : {0, c.n_layers - 1}) {
    const std::size_t at = nw::encoder_saved_attention_offset(c, batch, seq, l);
    // Layer l's probabilities start after l whole layers and end inside the block.
    FUZZ_CHECK(
        saved == SIZE_MAX || static_cast<u128>(at) + B * H * S * S <= static_cast<u128>(saved),
        "encoder_saved_attention_offset(layer %d) = %zu past encoder_saved_floats = %zu", l, at,
        saved);
  }
  const std::size_t train = nw::encoder_train_workspace_floats(c, batch, seq);
  FUZZ_CHECK(covers(train, 6 * R * D + 2 * R * F),
             "encoder_train_workspace_floats(b %d, s %d) = %zu (need %g)", batch, seq, train,
             d(6 * R * D + 2 * R * F));
  const std::size_t maps = nw::encoder_attention_floats(c, batch, seq);
  FUZZ_CHECK(covers(maps, B * H * S * S), "encoder_attention_floats(b %d, s %d, h %d) = %zu", batch,
             seq, c.n_heads, maps);

  // A token trainer with vocab m and classes n: five copies of its parameters, the activations of
  // one batch (x, h, dh, dx; logits and their gradient) and the encoder's saved activations.
  const nw::TrainerShape ts{c, m, n, batch, seq};
  if (!nw::validate(ts).ok()) return 0;
  const u128 V = u(m), C = u(n), P = V * D + u128(params) + C * D + C;
  const u128 trainer_need = 5 * P + 4 * R * D + 2 * R * C + saved_need;
  const std::size_t trainer = nw::token_trainer_floats(ts);
  FUZZ_CHECK(covers(trainer, trainer_need),
             "token_trainer_floats(vocab %d, classes %d, b %d, s %d) = %zu (need %g)", m, n, batch,
             seq, trainer, d(trainer_need));
  FUZZ_CHECK(covers(nw::trainer_parameter_count(ts), P), "trainer_parameter_count = %zu",
             nw::trainer_parameter_count(ts));
  const std::size_t trainer_heap = nw::token_trainer_heap_bytes(ts);
  FUZZ_CHECK(trainer_heap == SIZE_MAX ||
                 (trainer != SIZE_MAX && static_cast<u128>(trainer_heap) >= u128(trainer) * 4),
             "token_trainer_heap_bytes = %zu below token_trainer_floats = %zu floats", trainer_heap,
             trainer);
  FUZZ_CHECK(covers(nw::token_trainer_attention_floats(ts), L * H * S * S),
             "token_trainer_attention_floats = %zu", nw::token_trainer_attention_floats(ts));
  return 0;
}
