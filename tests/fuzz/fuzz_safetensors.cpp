// libFuzzer target: safetensors::parse on arbitrary bytes, then to_float32 on every tensor.
// Invariants: a refusal always says why; parse allocates at most parse_work_bytes(header length)
// and frees it all; an accepted header has at most 64 dimensions per shape and its tensors,
// sorted by offset, tile the data section (from 0, no overlap, no gap, nothing after), each with
// a byte length of shape x dtype; F32/F16/BF16 convert (F32 and BF16 bit for bit, F16 exactly,
// against binary16's definition), other dtypes are refused with a message.
// ASan/UBSan catch any read outside the input (libFuzzer hands it over in an allocation of
// exactly `size` bytes).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "alloc_meter.hpp"
#include "fuzz_check.hpp"
#include "normwave/safetensors.hpp"

namespace st = normwave::safetensors;

namespace {

// parse() on its own, metered: it stays inside parse_work_bytes and frees everything. Whether it
// refused the input.
bool parse_refuses_within_bound(const std::uint8_t* data, std::size_t size) {
  std::uint64_t header = 0;
  for (std::size_t i = size < 8 ? 0 : 8; i-- > 0;) header = header << 8 | data[i];
  std::size_t peak, live;
  bool refused;
  {
    alloc_meter::Meter meter;
    {
      st::File probe;
      refused = !st::parse(probe, data, size).ok();
    }
    peak = meter.peak();
    live = meter.live();
  }
  const std::size_t bound =
      header <= st::kMaxHeaderBytes ? st::parse_work_bytes(header) : st::kMessageBytes;
  FUZZ_CHECK(peak <= bound, "parse of a %llu-byte header peaked at %zu bytes, over its bound %zu",
             static_cast<unsigned long long>(header), peak, bound);
  FUZZ_CHECK(live == 0, "parse kept %zu bytes after its File was gone", live);
  return refused;
}

// The tensors of an accepted file, sorted by offset, tile its data section, which ends the file.
void check_tiling(const st::File& file, const std::uint8_t* data, std::size_t size) {
  std::vector<const st::TensorInfo*> by_offset;
  for (const st::TensorInfo& t : file.tensors) by_offset.push_back(&t);
  std::sort(by_offset.begin(), by_offset.end(),
            [](const st::TensorInfo* a, const st::TensorInfo* b) {
              return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
            });
  std::size_t covered = 0;
  for (const st::TensorInfo* t : by_offset) {
    FUZZ_CHECK(t->begin == covered, "tensor %s starts at %zu, the tensors before it end at %zu",
               st::quote(t->name).c_str(), t->begin, covered);
    covered = t->end;
  }
  FUZZ_CHECK(covered == file.data_size, "the tensors cover %zu of %zu data bytes", covered,
             file.data_size);
  FUZZ_CHECK(size >= 8 && file.data_size <= size - 8,
             "data section of %zu bytes in a %zu-byte file", file.data_size, size);
  FUZZ_CHECK(file.data == data + (size - file.data_size), "data section does not end the file");
}

// A converted tensor against its bytes: F32 and BF16 bit for bit, F16 by binary16's definition.
void check_conversion(const st::File& file, const st::TensorInfo& t,
                      const std::vector<float>& out) {
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
                         : e == 0  ? std::ldexp(m, -24)
                                   : std::ldexp(1024.0 + m, static_cast<int>(e) - 25);
      const double want = (h & 0x8000u) ? -mag : mag;
      FUZZ_CHECK(std::isnan(want) ? std::isnan(out[i])
                                  : out[i] == want && std::signbit(out[i]) == std::signbit(want),
                 "F16 0x%04x of %s converted to %g, expected %g", h, st::quote(t.name).c_str(),
                 out[i], want);
    }
  }
}

// One tensor of an accepted file: its place and shape, and to_float32 of it.
void check_tensor(const st::File& file, const st::TensorInfo& t, std::vector<float>& out) {
  FUZZ_CHECK(t.begin <= t.end && t.end <= file.data_size, "tensor %s at [%zu, %zu) of %zu bytes",
             st::quote(t.name).c_str(), t.begin, t.end, file.data_size);
  FUZZ_CHECK(t.shape.size() <= st::kMaxDims, "tensor %s has %zu dimensions",
             st::quote(t.name).c_str(), t.shape.size());
  std::size_t numel = 1;
  for (std::int64_t s : t.shape) {
    FUZZ_CHECK(s >= 0, "negative dimension in %s", st::quote(t.name).c_str());
    numel *= static_cast<std::size_t>(s);  // cannot overflow: the byte length fits the file
  }
  FUZZ_CHECK(numel == t.numel, "tensor %s: numel %zu, shape product %zu", st::quote(t.name).c_str(),
             t.numel, numel);
  FUZZ_CHECK(file.find(t.name) == &t, "find(%s) is not the tensor itself (duplicate names?)",
             st::quote(t.name).c_str());

  out.assign(t.numel, -1.f);
  const std::string error = st::to_float32(out.data(), file, t).message();
  const bool ok = error.empty();
  const bool loadable = t.dtype != st::DType::other;
  FUZZ_CHECK(ok == loadable, "to_float32 on %s (%s) returned %d: %s", st::quote(t.name).c_str(),
             std::string(t.dtype_name).c_str(), ok, error.c_str());
  if (!ok) {
    FUZZ_CHECK(!error.empty(), "to_float32 refused %s without a message",
               st::quote(t.name).c_str());
    return;
  }
  const std::size_t elem = t.dtype == st::DType::f32 ? 4 : 2;
  FUZZ_CHECK(t.end - t.begin == t.numel * elem, "tensor %s: %zu bytes for %zu elements",
             st::quote(t.name).c_str(), t.end - t.begin, t.numel);
  check_conversion(file, t, out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const bool refused = parse_refuses_within_bound(data, size);
  st::File file;
  const std::string error = st::parse(file, data, size).message();
  FUZZ_CHECK(error.empty() != refused, "two parses of the same bytes disagree");
  if (!error.empty()) return 0;
  check_tiling(file, data, size);
  std::vector<float> out;
  for (const st::TensorInfo& t : file.tensors) check_tensor(file, t, out);
  return 0;
}
