// normwave's one error convention, for every C++ function and binding.
//
//   - A function that can refuse its input returns a Status. ok() on success; otherwise message()
//     names the argument and the sizes involved ("dModel (10) must be divisible by nHeads (3)",
//     as onnxruntime's LayerNorm check names norm_size, the scale size and the bias size).
//   - A refusal happens before any output is written: all or nothing.
//   - Nothing throws and nothing aborts (no exceptions in the wasm build, no abort("fatal error")):
//     the module stays usable after any bad input.
//   - Kernels whose only preconditions are the shapes of the caller's buffers return void; the
//     caller checks those shapes first (web/api/ does, before any wasm address is taken).
//   - Across Embind (cpp/bindings/embind.cpp) a binding that can fail returns message() as a
//     string, "" on success, and web/api/ throws RangeError(`${fn}: ${message}`).
#pragma once

#include <string>
#include <utility>

namespace normwave {

class [[nodiscard]] Status {
 public:
  Status() = default;  // success
  // A refusal; message must not be empty (an empty one would read as success).
  static Status error(std::string message) { return Status(std::move(message)); }

  bool ok() const noexcept { return message_.empty(); }
  const std::string& message() const noexcept { return message_; }

 private:
  explicit Status(std::string message) : message_(std::move(message)) {}
  std::string message_;
};

}  // namespace normwave
