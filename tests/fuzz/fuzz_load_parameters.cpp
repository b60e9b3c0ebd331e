// libFuzzer target: normwave::load_parameters (the state-dict loader behind enc.loadSafetensors).
// Input: 2 bytes that pick a small encoder config, then the .safetensors file.
//   byte 0: bits 0-1 n_heads - 1, bits 2-3 head_dim - 1, bits 4-6 d_ff from kDFF, bit 7 strict
//   byte 1: bit 0 two layers, 1 norm_first, 2 final_norm, 3 gelu, 4 prefix "encoder.",
//           bits 5-7 the forward pass run after a successful load (batch, seq, padding)
// Invariants: parse + load allocate at most load_work_bytes(enc, header length); a refusal says
// why and leaves every parameter as it was (all or nothing); a load
// copies exactly what to_float32 reads for each name; strict refuses unknown tensors; the loaded
// encoder runs, and its output is finite when every weight is finite and modest.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "alloc_meter.hpp"
#include "fuzz_check.hpp"
#include "normwave/encoder.hpp"
#include "normwave/safetensors.hpp"
#include "normwave/weights.hpp"

namespace st = normwave::safetensors;

namespace {
constexpr int kDFF[] = {1, 2, 3, 4, 7, 8, 16, 32};

bool same_bits(const std::vector<float>& a, const float* b) {
  return a.empty() || std::memcmp(a.data(), b, a.size() * sizeof(float)) == 0;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::uint8_t b0 = data[0], b1 = data[1];
  normwave::EncoderConfig cfg;
  cfg.n_heads = 1 + (b0 & 3);
  cfg.d_model = cfg.n_heads * (1 + ((b0 >> 2) & 3));
  cfg.d_ff = kDFF[(b0 >> 4) & 7];
  cfg.n_layers = 1 + (b1 & 1);
  cfg.norm_first = b1 & 2;
  cfg.final_norm = b1 & 4;
  cfg.activation = b1 & 8 ? normwave::Activation::gelu : normwave::Activation::relu;
  const bool strict = b0 & 0x80;
  const std::string prefix = b1 & 16 ? "encoder." : "";
  FUZZ_CHECK(normwave::validate(cfg).ok(), "config: %s", normwave::validate(cfg).message().c_str());

  normwave::Encoder enc(cfg, 7);
  const std::vector<std::vector<float>> before = enc.parameters();

  // A copy the size of the file, so ASan sees any read past its end.
  const std::vector<std::uint8_t> bytes(data + 2, data + size);
  st::File file;
  std::string error;
  std::size_t peak;
  bool parsed;
  {
    alloc_meter::Meter meter;
    error = st::parse(file, bytes.data(), bytes.size()).message();
    parsed = error.empty();
    if (parsed) error = normwave::load_parameters(enc, file, prefix, strict).message();
    peak = meter.peak();
  }
  std::uint64_t header = 0;
  for (std::size_t i = bytes.size() < 8 ? 0 : 8; i-- > 0;) header = header << 8 | bytes[i];
  if (header <= st::kMaxHeaderBytes) {
    const std::size_t bound = normwave::load_work_bytes(enc, header);
    FUZZ_CHECK(peak <= bound,
               "parse + load of a %llu-byte header peaked at %zu bytes, over its bound %zu",
               static_cast<unsigned long long>(header), peak, bound);
  }
  if (!parsed) return 0;
  const auto& specs = enc.specs();
  const auto& params = enc.parameters();
  if (!error.empty()) {
    for (std::size_t i = 0; i < specs.size(); ++i)
      FUZZ_CHECK(params[i] == before[i] || same_bits(before[i], params[i].data()),
                 "a refused load (%s) changed %s", error.c_str(), specs[i].name.c_str());
    return 0;
  }

  std::vector<float> want;
  bool modest = true;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const st::TensorInfo* t = file.find(prefix + specs[i].name);
    FUZZ_CHECK(t != nullptr, "loaded without a tensor named %s%s", prefix.c_str(),
               specs[i].name.c_str());
    FUZZ_CHECK(t->numel == specs[i].numel && params[i].size() == specs[i].numel,
               "%s: %zu elements in the file, %zu expected", specs[i].name.c_str(), t->numel,
               specs[i].numel);
    want.assign(t->numel, 0.f);
    error = st::to_float32(want.data(), file, *t).message();
    FUZZ_CHECK(error.empty(), "%s", error.c_str());
    FUZZ_CHECK(same_bits(want, params[i].data()), "%s was not copied exactly",
               specs[i].name.c_str());
    for (float v : params[i]) modest = modest && std::fabs(v) <= 100.f;
  }
  if (strict) {
    for (const st::TensorInfo& t : file.tensors) {
      bool known = false;
      for (const auto& s : specs) known = known || t.name == prefix + s.name;
      FUZZ_CHECK(known, "strict load accepted an unknown tensor %s", st::quote(t.name).c_str());
    }
  }

  const int batch = 1 + ((b1 >> 5) & 1), seq = 1 + ((b1 >> 6) & 3);
  const std::size_t n = static_cast<std::size_t>(batch) * seq * cfg.d_model;
  std::vector<float> x(n), out(n),
      attn(static_cast<std::size_t>(cfg.n_layers) * batch * cfg.n_heads * seq * seq);
  for (std::size_t i = 0; i < n; ++i) x[i] = std::sin(0.7f * static_cast<float>(i));
  std::vector<std::uint8_t> mask(static_cast<std::size_t>(batch) * seq, 0);
  mask.back() = seq > 1;  // the last key of the last sequence is <PAD>
  std::vector<float> work(normwave::encoder_forward_workspace_floats(cfg, batch, seq));
  enc.forward(out.data(), attn.data(), x.data(), mask.data(), batch, seq, work.data());
  if (modest)
    FUZZ_CHECK(nwfuzz::all_finite(out.data(), n), "non-finite output from weights within +-100");
  return 0;
}
