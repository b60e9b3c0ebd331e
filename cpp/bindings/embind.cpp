// The Embind bindings of the forward module: with raw.cpp (direct exports of the hot norms) and
// train.cpp (the training module's entry points), the only C++ that knows Emscripten. Entry
// points over wasm-memory addresses (element counts, never bytes, except for the .safetensors byte
// buffer); web/api/ checks every argument, owns every allocation and turns these into the public
// JS API.
//
// - Every kernel binding is registered under a name its row of the op table lists
//   (normwave/ops.hpp, NW_BINDING), each workspace size as `<binding>WorkspaceFloats`, and the
//   table itself as ops(). Kernels allocate nothing: JS asks for the workspace size and passes
//   a block of that many floats from its scratch.
// - Errors follow normwave/status.hpp: a binding that can fail returns the Status message as a
//   string, "" on success, and nothing here throws, so the module stays usable after any bad
//   input. A binding that also produces a value (inspectSafetensors) fills an object the caller
//   passes and returns the message the same way.
// - The encoder's configuration crosses as one EncoderConfig object (value_object) with the
//   activation as the Activation enum, not as positional arguments.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "bind.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/ops.hpp"
#include "normwave/positional_encoding.hpp"
#include "normwave/safetensors.hpp"
#include "normwave/softmax.hpp"
#include "normwave/status.hpp"
#include "normwave/weights.hpp"

using emscripten::val;
using normwave::Op;

namespace {

using normwave::bind::addr;
using normwave::bind::f32;
using normwave::bind::u8;

template <typename T>
T* at(addr a) {
  return reinterpret_cast<T*>(a);
}

addr alloc(std::size_t bytes) { return reinterpret_cast<addr>(std::malloc(bytes)); }
void dealloc(addr a) { std::free(at<void>(a)); }

// ---- Kernels (bound by op in EMSCRIPTEN_BINDINGS below) --------------------------------------

void positional_encoding(addr out, int seq_len, int d_model, double base, addr workspace) {
  normwave::positional_encoding(f32(out), seq_len, d_model, base, f32(workspace));
}

void linear(addr y, addr x, addr w, addr b, int m, int n, int k, addr workspace) {
  normwave::linear(f32(y), f32(x), f32(w), f32(b), m, n, k, f32(workspace));
}

// In place over n floats. An Activation that is neither enumerator (a forged enum value) is
// refused, never silently taken for one of them.
std::string activation(addr x, int n, normwave::Activation kind) {
  const auto count = static_cast<std::size_t>(n);
  switch (kind) {
    case normwave::Activation::relu:
      normwave::relu(f32(x), count);
      return {};
    case normwave::Activation::gelu:
      normwave::gelu(f32(x), count);
      return {};
  }
  return "unknown activation code " + std::to_string(static_cast<int>(kind));
}

void softmax(addr out, addr x, addr mask, int rows, int n) {
  normwave::softmax(f32(out), f32(x), u8(mask), rows, n);
}

// ---- The op table, for web/api/ (nw.ops, heap.raw, the training split) ---------------------
// The space-separated columns (bindings, api, kernels) go as the strings they are; web/api/ops.js
// splits them.

val op_table() {
  val rows = val::array();
  for (const normwave::OpInfo& o : normwave::kOps) {
    val row = val::object();
    row.set("id", static_cast<int>(o.op));
    row.set("name", std::string(o.name));
    row.set("module", std::string(o.module_name));
    row.set("transport", std::string(o.transport_name));
    row.set("bindings", std::string(o.bindings));
    row.set("api", std::string(o.api));
    row.set("parity", o.parity[0] ? val(std::string(o.parity)) : val::null());
    row.set("kernels", std::string(o.kernels));
    rows.call<void>("push", row);
  }
  return rows;
}

// ---- The encoder ------------------------------------------------------------------------------

std::string validate_encoder(const normwave::EncoderConfig& config) {
  return normwave::validate(config).message();
}

// Parameter names, shapes and sizes in state_dict order, without allocating any weights.
val parameter_specs(const normwave::EncoderConfig& config) {
  return normwave::bind::specs_to_js(normwave::parameter_specs(config));
}

// What parse() would say about a file of file_size bytes whose first 8 bytes hold the header
// length hi·2³² + lo, before the file is copied anywhere: "" or the refusal.
std::string safetensors_check_header(double file_size, unsigned lo, unsigned hi) {
  const std::size_t size =
      file_size >= 0 && file_size < 4294967296.0 ? static_cast<std::size_t>(file_size) : SIZE_MAX;
  return normwave::safetensors::check_header_length(static_cast<std::uint64_t>(hi) << 32 | lo, size)
      .message();
}

std::size_t block(std::size_t bytes) { return bytes + normwave::safetensors::kAllocOverhead; }

// Bytes of wasm heap inspectSafetensors (and readSafetensors, which parses the same way and
// inspects first) may allocate for a header of header_size bytes: the parse, and the two
// copies of one string at a time that Embind makes on its way to JS (a std::string and its
// wire buffer), each at most the header's size.
double safetensors_work_bytes(double header_size) {
  const auto n = static_cast<std::size_t>(std::min(header_size, 1e9));
  const std::size_t parse = normwave::safetensors::parse_work_bytes(n);
  return parse ? static_cast<double>(parse + 2 * block(n + sizeof(std::size_t) + 1)) : 0.0;
}

// Safetensors header into result.tensors and result.metadata, for callers that want to look
// before loading. The refusal, or "" (result untouched on a refusal).
std::string inspect_safetensors(addr bytes, std::size_t size, val result) {
  normwave::safetensors::File file;
  if (normwave::Status status = normwave::safetensors::parse(file, at<std::uint8_t>(bytes), size);
      !status.ok()) {
    return status.message();
  }
  val tensors = val::array();
  for (const auto& t : file.tensors) {
    val info = val::object();
    info.set("name", std::string(t.name));
    info.set("dtype", std::string(t.dtype_name));
    val shape = val::array();
    for (auto s : t.shape) shape.call<void>("push", static_cast<double>(s));
    info.set("shape", shape);
    tensors.call<void>("push", info);
  }
  // The keys are the file's: without a prototype, "__proto__" is a key like any other (on a
  // plain object it would be dropped by the setter) and "constructor" shadows nothing.
  val metadata = val::global("Object").call<val>("create", val::null());
  for (const auto& [k, v] : file.metadata) metadata.set(std::string(k), std::string(v));
  result.set("tensors", tensors);
  result.set("metadata", metadata);
  return {};
}

// Every tensor of a .safetensors file converted to float32, one after another at out (as many
// floats as their element counts add up to): one parse for the whole file. An error, or "".
std::string read_safetensors(addr bytes, std::size_t size, addr out) {
  normwave::safetensors::File file;
  float* dst = f32(out);
  normwave::Status status = normwave::safetensors::parse(file, at<std::uint8_t>(bytes), size);
  for (std::size_t i = 0; status.ok() && i < file.tensors.size(); ++i) {
    status = normwave::safetensors::to_float32(dst, file, file.tensors[i]);
    dst += file.tensors[i].numel;
  }
  return status.message();
}

// One encoder and its configuration; JS owns it through web/api/encoder.js. Precondition for the
// constructor: validateEncoder(config) returned "".
class EncoderHandle {
 public:
  EncoderHandle(const normwave::EncoderConfig& config, unsigned seed) : enc_(config, seed) {}

  // flat: every parameter concatenated in spec order.
  void set_parameters(addr flat) { enc_.set_parameters(f32(flat)); }
  void get_parameters(addr flat) const {
    float* p = f32(flat);
    for (const auto& v : enc_.parameters()) p = std::copy(v.begin(), v.end(), p);
  }
  void randomize(unsigned seed) { enc_.randomize(seed); }
  std::string load_safetensors(addr bytes, std::size_t size, std::string prefix, bool strict) {
    normwave::safetensors::File file;
    normwave::Status status = normwave::safetensors::parse(file, at<std::uint8_t>(bytes), size);
    if (status.ok()) status = normwave::load_parameters(enc_, file, prefix, strict);
    return status.message();
  }
  // Bytes of wasm heap loadSafetensors may allocate for a header of header_size bytes and a
  // prefix of prefix_bytes UTF-8 bytes (which Embind copies twice: wire buffer, std::string).
  double load_work_bytes(double header_size, double prefix_bytes) const {
    const auto n = static_cast<std::size_t>(std::min(header_size, 1e9));
    const auto p = static_cast<std::size_t>(std::min(prefix_bytes, 1e9));
    if (!normwave::safetensors::parse_work_bytes(n)) return 0.0;
    return static_cast<double>(normwave::load_work_bytes(enc_, n) +
                               2 * block(p + sizeof(std::size_t) + 1));
  }
  void forward(addr out, addr attn, addr x, addr mask, int batch, int seq, addr workspace,
               addr states) {
    enc_.forward(f32(out), f32(attn), f32(x), u8(mask), batch, seq, f32(workspace), f32(states));
  }

 private:
  normwave::Encoder enc_;
};

std::string version() { return NORMWAVE_VERSION; }

// Bytes of wasm heap in use by malloc (for leak checks), and the memory's current size.
val memory_stats() {
  const struct mallinfo mi = mallinfo();
  val stats = val::object();
  stats.set("heapUsed", static_cast<double>(mi.uordblks));
  stats.set("memoryBytes", static_cast<double>(__builtin_wasm_memory_size(0)) * 65536.0);
  return stats;
}

}  // namespace

EMSCRIPTEN_BINDINGS(normwave) {
  using emscripten::function;
  using normwave::EncoderConfig;
  function("version", &version);
  function("simdLanes", &normwave::simd_lanes);
  function("memoryStats", &memory_stats);
  function("alloc", &alloc);
  function("dealloc", &dealloc);
  function("ops", &op_table);

  function(NW_BINDING(Op::positional_encoding, "positionalEncoding"), &positional_encoding);
  function(NW_BINDING(Op::positional_encoding, "positionalEncodingWorkspaceFloats"),
           &normwave::positional_encoding_workspace_floats);
  function(NW_BINDING(Op::linear, "linear"), &linear);
  function(NW_BINDING(Op::linear, "linearWorkspaceFloats"), &normwave::linear_workspace_floats);
  function(NW_BINDING(Op::activation, "activation"), &activation);
  function(NW_BINDING(Op::softmax, "softmax"), &softmax);

  emscripten::enum_<normwave::Activation>("Activation")
      .value("relu", normwave::Activation::relu)
      .value("gelu", normwave::Activation::gelu);
  emscripten::value_object<EncoderConfig>("EncoderConfig")
      .field("dModel", &EncoderConfig::d_model)
      .field("nHeads", &EncoderConfig::n_heads)
      .field("dFF", &EncoderConfig::d_ff)
      .field("nLayers", &EncoderConfig::n_layers)
      .field("normFirst", &EncoderConfig::norm_first)
      .field("activation", &EncoderConfig::activation)
      .field("eps", &EncoderConfig::eps)
      .field("finalNorm", &EncoderConfig::final_norm);
  function(NW_BINDING(Op::encoder, "validateEncoder"), &validate_encoder);
  function(NW_BINDING(Op::encoder, "parameterSpecs"), &parameter_specs);
  function(NW_BINDING(Op::encoder, "parameterCount"), &normwave::parameter_count);
  function(NW_BINDING(Op::encoder, "encoderWeightFloats"), &normwave::encoder_weight_floats);
  function(NW_BINDING(Op::encoder, "encoderHeapBytes"), &normwave::encoder_heap_bytes);
  function(NW_BINDING(Op::encoder, "EncoderWorkspaceFloats"),
           &normwave::encoder_forward_workspace_floats);  // of forward()
  function(NW_BINDING(Op::encoder, "encoderAttentionFloats"), &normwave::encoder_attention_floats);
  emscripten::class_<EncoderHandle>(NW_BINDING(Op::encoder, "Encoder"))
      .constructor<const EncoderConfig&, unsigned>()
      .function("setParameters", &EncoderHandle::set_parameters)
      .function("getParameters", &EncoderHandle::get_parameters)
      .function("randomize", &EncoderHandle::randomize)
      .function("loadSafetensors", &EncoderHandle::load_safetensors)
      .function("loadWorkBytes", &EncoderHandle::load_work_bytes)
      .function("forward", &EncoderHandle::forward);

  function("safetensorsCheckHeader", &safetensors_check_header);
  function("safetensorsWorkBytes", &safetensors_work_bytes);
  function("inspectSafetensors", &inspect_safetensors);
  function("readSafetensors", &read_safetensors);
}
