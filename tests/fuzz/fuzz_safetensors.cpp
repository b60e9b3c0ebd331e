// libFuzzer target: safetensors::parse on arbitrary bytes, then to_float32 on every tensor.
// Invariants: a refusal always says why; an accepted header's tensors all lie inside the data
// section with byte lengths that match shape x dtype; F32/F16/BF16 convert (F32 and BF16 bit for
// bit, F16 exactly, against binary16's definition), other dtypes are refused with a message.
// ASan/UBSan catch any read outside the input (libFuzzer hands it over in an allocation of
// exactly `size` bytes).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_check.hpp"
#include "normwave/safetensors.hpp"

namespace st = normwave::safetensors;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  st::File file;
  std::string error = st::parse(file, data, size);
  if (!error.empty()) {
    FUZZ_CHECK(!error.empty(), "parse refused a %zu-byte input without a message", size);
    return 0;
  }
  FUZZ_CHECK(size >= 8 && file.data_size <= size - 8, "data section of %zu bytes in a %zu-byte file",
             file.data_size, size);
  FUZZ_CHECK(file.data == data + (size - file.data_size), "data section does not end the file");
  std::vector<float> out;
  for (const st::TensorInfo& t : file.tensors) {
    FUZZ_CHECK(t.begin <= t.end && t.end <= file.data_size, "tensor %s at [%zu, %zu) of %zu bytes",
               st::quote(t.name).c_str(), t.begin, t.end, file.data_size);
    std::size_t numel = 1;
    for (std::int64_t s : t.shape) {
      FUZZ_CHECK(s >= 0, "negative dimension in %s", st::quote(t.name).c_str());
      numel *= static_cast<std::size_t>(s);  // cannot overflow: the byte length fits the file
    }
    FUZZ_CHECK(numel == t.numel, "tensor %s: numel %zu, shape product %zu", st::quote(t.name).c_str(), t.numel, numel);
    FUZZ_CHECK(file.find(t.name) == &t, "find(%s) is not the tensor itself (duplicate names?)",
               st::quote(t.name).c_str());

    out.assign(t.numel, -1.f);
    error = st::to_float32(out.data(), file, t);
    const bool ok = error.empty();
    const bool loadable = t.dtype != st::DType::other;
    FUZZ_CHECK(ok == loadable, "to_float32 on %s (%s) returned %d: %s", st::quote(t.name).c_str(),
               std::string(t.dtype_name).c_str(), ok, error.c_str());
    if (!ok) {
      FUZZ_CHECK(!error.empty(), "to_float32 refused %s without a message", st::quote(t.name).c_str());
      continue;
    }
    const std::size_t elem = t.dtype == st::DType::f32 ? 4 : 2;
    FUZZ_CHECK(t.end - t.begin == t.numel * elem, "tensor %s: %zu bytes for %zu elements",
               st::quote(t.name).c_str(), t.end - t.begin, t.numel);
    if (t.dtype == st::DType::f32 && t.numel > 0)
      FUZZ_CHECK(std::memcmp(out.data(), file.data + t.begin, t.numel * 4) == 0,
                 "F32 tensor %s did not convert bit for bit", st::quote(t.name).c_str());
    if (t.dtype == st::DType::bf16) {
      for (std::size_t i = 0; i < t.numel; ++i) {
        std::uint32_t bits;
        std::memcpy(&bits, &out[i], 4);
        const std::uint8_t* p = file.data + t.begin + 2 * i;
        FUZZ_CHECK(bits == (static_cast<std::uint32_t>(p[0] | (p[1] << 8)) << 16),
                   "BF16 element %zu of %s", i, st::quote(t.name).c_str());
      }
    }
    if (t.dtype == st::DType::f16) {
      for (std::size_t i = 0; i < t.numel; ++i) {
        const std::uint8_t* p = file.data + t.begin + 2 * i;
        const unsigned h = static_cast<unsigned>(p[0] | (p[1] << 8));
        const unsigned e = (h >> 10) & 0x1Fu, m = h & 0x3FFu;
        // binary16 by its definition: subnormal m * 2^-24, normal (1024 + m) * 2^(e - 25).
        const double mag = e == 0x1F ? (m ? NAN : INFINITY)
                         : e == 0    ? std::ldexp(m, -24)
                                     : std::ldexp(1024.0 + m, static_cast<int>(e) - 25);
        const double want = (h & 0x8000u) ? -mag : mag;
        FUZZ_CHECK(std::isnan(want) ? std::isnan(out[i]) : out[i] == want && std::signbit(out[i]) == std::signbit(want),
                   "F16 0x%04x of %s converted to %g, expected %g", h, st::quote(t.name).c_str(), out[i], want);
      }
    }
  }
  return 0;
}
