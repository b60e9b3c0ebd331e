// A bounds-checked reader for the .safetensors format.
//   https://huggingface.co/docs/safetensors  — 8-byte little-endian header length N,
//   N bytes of JSON {"name": {"dtype": "F32", "shape": [..], "data_offsets": [begin, end]}, ...,
//   "__metadata__": {"k": "v"}}, then the data; offsets are relative to the data start.
// The bytes are untrusted: every length and offset is checked before it is used, and
// parse() never reads outside [bytes, bytes + size).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace normwave::safetensors {

enum class DType { f32, f16, bf16, other };

struct TensorInfo {
  std::string name;
  std::string dtype_name;        // as written in the file, e.g. "F32", "I64"
  DType dtype;
  std::vector<std::int64_t> shape;
  std::size_t numel;
  std::size_t begin, end;         // byte offsets into the data section
};

struct File {
  std::vector<TensorInfo> tensors;  // in header order
  std::vector<std::pair<std::string, std::string>> metadata;
  const std::uint8_t* data = nullptr;  // start of the data section (inside the caller's bytes)
  std::size_t data_size = 0;

  const TensorInfo* find(const std::string& name) const;
};

// Parses the header of bytes[0, size). On failure returns false and sets error to a message
// that says what is wrong and the sizes involved (e.g. "header length 4096 runs past the end
// of the 100-byte file"). On success `out.data` points into bytes, which must outlive `out`.
bool parse(File& out, std::string& error, const std::uint8_t* bytes, std::size_t size);

// Converts one tensor to float32 (F32 copied, F16 and BF16 widened). out holds t.numel floats.
// Returns false for any other dtype (error names the tensor and its dtype).
bool to_float32(float* out, std::string& error, const File& file, const TensorInfo& t);

}  // namespace normwave::safetensors
