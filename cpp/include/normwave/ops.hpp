// The op table: every kernel family of normwave, listed once. Its rows drive
//   - the bindings of both wasm modules: cpp/bindings/raw.cpp, embind.cpp and train.cpp register
//     each row's `bindings` (NW_BINDING refuses at compile time a name its row does not list), and
//     embind.cpp exports the table itself (Module.ops(): the public nw.ops and, beside it, what
//     web/api/index.js derives: heap.raw's list of direct exports and the training methods of a
//     forward-only instance);
//   - the fuzz target: tests/fuzz/fuzz_kernels.cpp runs fuzz_<name> for the row whose id is the
//     input's last byte, and tests/fuzz/make_corpus.mjs writes corpus/fuzz_kernels/<name>-*.bin;
//   - the tests: tests/cpp/test_ops.cpp (ids, the committed fuzz seeds), tests/js/ops.test.mjs
//     (both built modules register exactly the rows' bindings, every header function is in some
//     row), tests/js/contributing.test.mjs (CONTRIBUTING.md names every file a row is wired
//     through);
//   - web/lib/parity.js, whose live PyTorch checks are keyed by the `parity` column.
// Ids are stable: a fuzz input keeps running the same op however the table grows (libFuzzer's
// regression seeds depend on it). Append a new row with the next id; never renumber or reuse one.
// Like ggml's op enum, the count is pinned by a static_assert, so adding a row means visiting
// CONTRIBUTING.md's "add a kernel" checklist.
//
// NORMWAVE_OPS(X) calls X(id, name, module, transport, bindings, api, parity, kernels) per row:
//   id         stable fuzz id, 0 .. kOpCount - 1 in order
//   name       the op (a C++ identifier)
//   module     which wasm module carries it: forward (normwave_wasm, and normwave_train, which
//              holds the forward library), training (normwave_train only), or native (neither:
//              the kernel is built and tested, natively and in wasm, but no module links it)
//   transport  how JavaScript reaches it: raw (direct exports, Module._<binding>, for hot small
//              calls: Embind's invoker costs more than a 1x8 LayerNorm), embind (Embind functions
//              and classes), or none (only inside another row's binding, or not at all)
//   bindings   the names the module registers for the row, space-separated, "" for transport none;
//              the first is nw.ops' `binding`. A workspace size is <first>WorkspaceFloats.
//   api        the public methods (nw.<method>) built on the row, space-separated; a forward-only
//              instance gives each of a training row's methods a stub that says how to load the
//              training module
//   parity     the key web/lib/parity.js checks against a PyTorch fixture, "" for none
//   kernels    the public functions and classes of cpp/include/normwave/ the row covers,
//              space-separated (each *_workspace_floats belongs to its kernel)
#pragma once

#include <cstddef>
#include <cstdint>

// clang-format off
#define NORMWAVE_OPS(X)                                                                            \
  X(0,  layer_norm,              forward,  raw,    "nw_layer_norm",                                 \
    "layerNorm layerNormWithStats layerNormStats", "layerNorm",   "layer_norm")                    \
  X(1,  rms_norm,                forward,  raw,    "nw_rms_norm",                                   \
    "rmsNorm rmsNormWithStats",     "rmsNorm",            "rms_norm")                               \
  X(2,  batch_norm,              forward,  raw,    "nw_batch_norm",                                 \
    "batchNorm batchNormWithStats", "batchNorm",          "batch_norm")                             \
  X(3,  positional_encoding,     forward,  embind, "positionalEncoding positionalEncodingWorkspaceFloats", \
    "positionalEncoding",           "positionalEncoding", "positional_encoding")                    \
  X(4,  linear,                  forward,  embind, "linear linearWorkspaceFloats",                  \
    "linear",                       "",                   "linear linear_packed")                   \
  X(5,  softmax,                 forward,  embind, "softmax",                                       \
    "softmax",                      "",                   "softmax")                                \
  X(6,  attention,               forward,  none,   "",                                              \
    "",                             "",                   "attention_core multi_head_attention")    \
  X(7,  encoder,                 forward,  embind,                                                  \
    "Encoder EncoderWorkspaceFloats encoderAttentionFloats encoderHeapBytes validateEncoder "       \
    "parameterSpecs parameterCount encoderWeightFloats",                                           \
    "createEncoder encoderParameters", "encoder",         "Encoder")                                \
  X(8,  activation,              forward,  embind, "activation",                                    \
    "activation",                   "",                   "relu gelu")                              \
  X(9,  residual_add,            forward,  none,   "",                                              \
    "",                             "",                   "residual_add residual_add_backward")     \
  X(10, linear_backward,         training, embind, "linearBackward linearBackwardWorkspaceFloats",  \
    "linearBackward",               "",                   "linear_backward")                        \
  X(11, layer_norm_backward,     training, embind, "layerNormBackward",                             \
    "layerNormBackward",            "",                   "layer_norm_backward")                    \
  X(12, rms_norm_backward,       native,   none,   "",                                              \
    "",                             "",                   "rms_norm_backward")                      \
  X(13, softmax_backward,        native,   none,   "",                                              \
    "",                             "",                   "softmax_backward")                       \
  X(14, attention_core_backward, training, none,   "",                                              \
    "",                             "",                   "attention_core_backward")                \
  X(15, activation_backward,     training, embind, "activationBackward",                            \
    "activationBackward",           "",                   "relu_backward gelu_backward")            \
  X(16, embedding,               training, none,   "",                                              \
    "",                             "",                   "embedding embedding_backward")           \
  X(17, cross_entropy,           training, none,   "",                                              \
    "",                             "",                   "cross_entropy cross_entropy_backward")   \
  X(18, adamw_step,              training, none,   "",                                              \
    "",                             "",                   "adamw_step squared_norm")                \
  X(19, encoder_train,           training, embind, "encoderForwardTrain encoderBackward encoderTrainSizes", \
    "",                             "",                   "encoder_forward_train encoder_backward") \
  X(20, token_trainer,           training, embind, "TokenTrainer tokenTrainerFacts trainerParameterSpecs", \
    "createTokenTrainer learningRate", "",                "TokenTrainer")
// clang-format on

namespace normwave {

enum class Op : std::uint8_t {
#define NORMWAVE_OP_ENUM(id, name, module, transport, bindings, api, parity, kernels) name = id,
  NORMWAVE_OPS(NORMWAVE_OP_ENUM)
#undef NORMWAVE_OP_ENUM
};

enum class Module : std::uint8_t { forward, training, native };
enum class Transport : std::uint8_t { raw, embind, none };

struct OpInfo {
  Op op;
  const char* name;
  Module module;
  const char* module_name;
  Transport transport;
  const char* transport_name;
  const char* bindings;
  const char* api;
  const char* parity;
  const char* kernels;
};

inline constexpr OpInfo kOps[] = {
#define NORMWAVE_OP_INFO(id, name, module, transport, bindings, api, parity, kernels) \
  {Op::name, #name, Module::module, #module, Transport::transport, #transport,        \
   bindings, api,   parity,         kernels},
    NORMWAVE_OPS(NORMWAVE_OP_INFO)
#undef NORMWAVE_OP_INFO
};
inline constexpr std::size_t kOpCount = sizeof(kOps) / sizeof(kOps[0]);

// Adding an op? Follow CONTRIBUTING.md's "add a kernel" list, then update this count.
static_assert(kOpCount == 21, "the op table changed: see CONTRIBUTING.md, 'add a kernel'");

constexpr bool ids_are_positions() {
  for (std::size_t i = 0; i < kOpCount; ++i)
    if (static_cast<std::size_t>(kOps[i].op) != i) return false;
  return true;
}
static_assert(ids_are_positions(), "op ids must be 0, 1, 2, ... in table order");

constexpr const OpInfo& op_info(Op op) { return kOps[static_cast<std::size_t>(op)]; }

// Whether `word` is one of the space-separated words of `list` (a row's bindings or api).
constexpr bool lists(const char* list, const char* word) {
  for (const char* at = list; *at;) {
    const char* w = word;
    while (*w && *at == *w) ++at, ++w;
    if (!*w && (*at == ' ' || !*at)) return true;
    while (*at && *at != ' ') ++at;
    while (*at == ' ') ++at;
  }
  return false;
}

// Each row lists bindings exactly when JavaScript reaches it through them.
constexpr bool bindings_match_transport() {
  for (const OpInfo& o : kOps)
    if ((o.transport == Transport::none) != (o.bindings[0] == '\0')) return false;
  return true;
}
static_assert(bindings_match_transport(),
              "a row with transport none lists no bindings, any other some");

// The op a fuzz input runs: the row whose id is `byte` (FuzzedDataProvider reads integers from
// the end, so this is the input's last byte), or null for a byte that names no op — never
// another op, so an input cannot change target when the table grows.
constexpr const OpInfo* fuzz_op(std::uint8_t byte) {
  return byte < kOpCount ? &kOps[byte] : nullptr;
}

}  // namespace normwave
