// A bounds-checked reader for the .safetensors format.
//   https://huggingface.co/docs/safetensors  — 8-byte little-endian header length N,
//   N bytes of JSON {"name": {"dtype": "F32", "shape": [..], "data_offsets": [begin, end]}, ...,
//   "__metadata__": {"k": "v"}}, then the data; offsets are relative to the data start.
// The rules are those of the format's reference reader (huggingface/safetensors, tensor.rs):
// N ≤ 100,000,000; sorted by offset, the tensors tile the data section from byte 0 to its end,
// with no overlap, gap or trailing byte; each byte range is exactly shape × dtype size. Names
// and metadata keys are unique. On top of those, a shape has at most kMaxDims dimensions.
// The bytes are untrusted: parse() never reads outside [bytes, bytes + size), and its memory is
// bounded by parse_work_bytes(N), known before the header is read (see parse()).
// Errors follow the library's convention: a message that says what is wrong, empty on success.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "normwave/sizes.hpp"
#include "normwave/status.hpp"

namespace normwave::safetensors {

// The reference reader refuses longer headers (MAX_HEADER_SIZE in tensor.rs).
constexpr std::uint64_t kMaxHeaderBytes = 100'000'000;
// NumPy's NPY_MAXDIMS (since NumPy 2.0): no array NumPy can hold, and so no file written from
// one, has more. torch allows more in principle; nothing in this library uses more than 2.
// The cap keeps one tensor's shape at 512 bytes whatever the header says.
constexpr std::size_t kMaxDims = 64;

enum class DType { f32, f16, bf16, other };

struct TensorInfo {
  std::string_view name;        // points into File::strings (or the caller's own storage)
  std::string_view dtype_name;  // as written in the file, e.g. "F32", "I64" (static storage)
  DType dtype;
  std::vector<std::int64_t> shape;
  std::size_t numel;
  std::size_t begin, end;  // byte offsets into the data section
};

struct File {
  std::vector<TensorInfo> tensors;                                      // in header order
  std::vector<std::pair<std::string_view, std::string_view>> metadata;  // in header order
  const std::uint8_t* data = nullptr;  // start of the data section (inside the caller's bytes)
  std::size_t data_size = 0;
  std::unique_ptr<char[]> strings;  // every decoded name, key and value; the views point here
  // Indices into tensors, sorted by name (parse fills it): find() searches it when it covers
  // every tensor, and scans tensors otherwise (a File put together by hand).
  std::vector<std::uint32_t> by_name;

  File() = default;
  File(File&&) = default;
  File& operator=(File&&) = default;
  File(const File&) = delete;  // a copy's views would point into the original's strings
  File& operator=(const File&) = delete;

  // The first tensor called name, or nullptr.
  const TensorInfo* find(std::string_view name) const;
};

// Parses the header of bytes[0, size). On success `out.data` points into bytes, which must
// outlive `out`; otherwise the Status's message says what is wrong and the sizes involved
// (e.g. "header length 4096 runs past the end of the 100-byte file") and `out` is untouched.
// Memory: a first pass validates the whole header and counts what it holds without allocating;
// the second allocates exactly that. Its peak, messages included, is at most
// parse_work_bytes(N) for the header length N, whatever the N bytes are.
Status parse(File& out, const std::uint8_t* bytes, std::size_t size);

// The checks parse() makes on the 8-byte header length alone (a caller can refuse a file
// before copying it anywhere): the same refusal parse() would give, or ok.
Status check_header_length(std::uint64_t header_size, std::size_t file_size);

// An upper bound on the bytes parse() allocates (allocator overhead included, see
// kAllocOverhead) for any header of header_size bytes. Linear in header_size; 0 when
// header_size is over kMaxHeaderBytes (parse() refuses it before allocating).
std::size_t parse_work_bytes(std::size_t header_size);

// Bytes an allocator may spend on one block beyond what was asked for (sizes.hpp).
using normwave::kAllocOverhead;
// What the strings of one refusal may take: a message quotes at most two names (≤ 725 bytes
// each once escaped) beside some numbers, and concatenation may hold a few partial copies.
constexpr std::size_t kMessageBytes = 16384;

// Converts one tensor to float32 (F32 copied, F16 and BF16 widened). out holds t.numel floats.
// Refuses any other dtype (the message names the tensor and its dtype).
Status to_float32(float* out, const File& file, const TensorInfo& t);

// s as a JSON-style quoted string for a message: quotes and backslashes escaped, control
// characters as \u00XX, cut after 120 bytes (at a UTF-8 boundary) with "...". head + tail are
// quoted as one string (a prefix and a name) without building the concatenation.
std::string quote(std::string_view head, std::string_view tail = {});

}  // namespace normwave::safetensors
