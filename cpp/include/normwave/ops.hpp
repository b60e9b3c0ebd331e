// The op table: every kernel family of normwave, listed once. Its rows drive
//   - the Embind bindings: cpp/bindings/embind.cpp registers each kernel under its row's
//     `binding` name and exports the table itself (Module.ops(), the public nw.ops);
//   - the fuzz target: tests/fuzz/fuzz_kernels.cpp runs fuzz_<name> for the row whose id is the
//     input's last byte, and tests/fuzz/make_corpus.mjs writes corpus/fuzz_kernels/<name>-*.bin;
//   - the tests: tests/cpp/test_ops.cpp (ids, the committed fuzz seeds), tests/js/ops.test.mjs
//     (bindings, parity checks, every header function in some row);
//   - web/lib/parity.js, whose live PyTorch checks are keyed by the `parity` column.
// Ids are stable: a fuzz input keeps running the same op however the table grows (libFuzzer's
// regression seeds depend on it). Append a new row with the next id; never renumber or reuse one.
// Like ggml's op enum, the count is pinned by a static_assert, so adding a row means visiting
// CONTRIBUTING.md's "add a kernel" checklist.
//
// NORMWAVE_OPS(X) calls X(id, name, binding, parity, kernels) once per row:
//   id       stable fuzz id, 0 .. kOpCount - 1 in order
//   name     the op (a C++ identifier)
//   binding  the name web/api/ calls in the Embind module, "" while JS does not call it
//   parity   the key web/lib/parity.js checks against a PyTorch fixture, "" for none
//   kernels  the public functions of cpp/include/normwave/ the row covers, space-separated
//            (each *_workspace_floats belongs to its kernel)
#pragma once

#include <cstddef>
#include <cstdint>

// clang-format off
#define NORMWAVE_OPS(X)                                                                                \
  X(0,  layer_norm,              "layerNorm",          "layerNorm",          "layer_norm")             \
  X(1,  rms_norm,                "rmsNorm",            "rmsNorm",            "rms_norm")               \
  X(2,  batch_norm,              "batchNorm",          "batchNorm",          "batch_norm")             \
  X(3,  positional_encoding,     "positionalEncoding", "positionalEncoding", "positional_encoding")    \
  X(4,  linear,                  "linear",             "",                   "linear linear_packed")   \
  X(5,  softmax,                 "softmax",            "",                   "softmax")                \
  X(6,  attention,               "",                   "",                   "attention_core multi_head_attention") \
  X(7,  encoder,                 "Encoder",            "encoder",            "Encoder")                \
  X(8,  activation,              "activation",         "",                   "relu gelu")              \
  X(9,  residual_add,            "",                   "",                   "residual_add residual_add_backward") \
  X(10, linear_backward,         "",                   "",                   "linear_backward")        \
  X(11, layer_norm_backward,     "",                   "",                   "layer_norm_backward")    \
  X(12, rms_norm_backward,       "",                   "",                   "rms_norm_backward")      \
  X(13, softmax_backward,        "",                   "",                   "softmax_backward")       \
  X(14, attention_core_backward, "",                   "",                   "attention_core_backward") \
  X(15, activation_backward,     "",                   "",                   "relu_backward gelu_backward") \
  X(16, embedding,               "",                   "",                   "embedding embedding_backward") \
  X(17, cross_entropy,           "",                   "",                   "cross_entropy cross_entropy_backward") \
  X(18, adamw_step,              "",                   "",                   "adamw_step squared_norm") \
  X(19, encoder_train,           "",                   "",                   "encoder_forward_train encoder_backward")
// clang-format on

namespace normwave {

enum class Op : std::uint8_t {
#define NORMWAVE_OP_ENUM(id, name, binding, parity, kernels) name = id,
  NORMWAVE_OPS(NORMWAVE_OP_ENUM)
#undef NORMWAVE_OP_ENUM
};

struct OpInfo {
  Op op;
  const char* name;
  const char* binding;
  const char* parity;
  const char* kernels;
};

inline constexpr OpInfo kOps[] = {
#define NORMWAVE_OP_INFO(id, name, binding, parity, kernels) \
  {Op::name, #name, binding, parity, kernels},
    NORMWAVE_OPS(NORMWAVE_OP_INFO)
#undef NORMWAVE_OP_INFO
};
inline constexpr std::size_t kOpCount = sizeof(kOps) / sizeof(kOps[0]);

// Adding an op? Follow CONTRIBUTING.md's "add a kernel" list, then update this count.
static_assert(kOpCount == 20, "the op table changed: see CONTRIBUTING.md, 'add a kernel'");

constexpr bool ids_are_positions() {
  for (std::size_t i = 0; i < kOpCount; ++i)
    if (static_cast<std::size_t>(kOps[i].op) != i) return false;
  return true;
}
static_assert(ids_are_positions(), "op ids must be 0, 1, 2, ... in table order");

constexpr const OpInfo& op_info(Op op) { return kOps[static_cast<std::size_t>(op)]; }

// The op a fuzz input runs: the row whose id is `byte` (FuzzedDataProvider reads integers from
// the end, so this is the input's last byte), or null for a byte that names no op — never
// another op, so an input cannot change target when the table grows.
constexpr const OpInfo* fuzz_op(std::uint8_t byte) {
  return byte < kOpCount ? &kOps[byte] : nullptr;
}

}  // namespace normwave
