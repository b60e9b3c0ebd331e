// The only file that knows Emscripten. Raw entry points over wasm-memory addresses (element
// counts, never bytes, except for the .safetensors byte buffer); web/api/ checks every argument,
// owns every allocation and turns these into the public JS API. Nothing here throws: errors come
// back as strings, so the module stays usable after any bad input.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "normwave/attention.hpp"
#include "normwave/encoder.hpp"
#include "normwave/linear.hpp"
#include "normwave/norms.hpp"
#include "normwave/positional_encoding.hpp"
#include "normwave/safetensors.hpp"
#include "normwave/softmax.hpp"
#include "normwave/weights.hpp"

using emscripten::val;

namespace {

using addr = std::uintptr_t;

template <typename T>
T* at(addr a) {
  return reinterpret_cast<T*>(a);
}
float* f32(addr a) { return a ? at<float>(a) : nullptr; }

addr alloc(std::size_t bytes) { return reinterpret_cast<addr>(std::malloc(bytes)); }
void dealloc(addr a) { std::free(at<void>(a)); }

void positional_encoding(addr out, int seq_len, int d_model, double base) {
  normwave::positional_encoding(f32(out), seq_len, d_model, base);
}

void layer_norm(addr out, addr mean, addr var, addr x, addr gamma, addr beta, int rows, int dim, float eps) {
  normwave::layer_norm(f32(out), f32(mean), f32(var), f32(x), f32(gamma), f32(beta), rows, dim, eps);
}

void rms_norm(addr out, addr rms, addr x, addr gamma, int rows, int dim, float eps) {
  normwave::rms_norm(f32(out), f32(rms), f32(x), f32(gamma), rows, dim, eps);
}

void batch_norm(addr out, addr mean, addr var, addr x, addr gamma, addr beta, int rows, int dim, float eps) {
  normwave::batch_norm(f32(out), f32(mean), f32(var), f32(x), f32(gamma), f32(beta), rows, dim, eps);
}

void linear(addr y, addr x, addr w, addr b, int m, int n, int k) {
  static std::vector<float> scratch;
  normwave::linear(f32(y), f32(x), f32(w), f32(b), m, n, k, scratch);
}

void activation(addr x, int n, int kind) {
  if (kind == 1)
    normwave::gelu(f32(x), static_cast<std::size_t>(n));
  else
    normwave::relu(f32(x), static_cast<std::size_t>(n));
}

void softmax(addr out, addr x, addr mask, int rows, int n) {
  normwave::softmax(f32(out), f32(x), mask ? at<std::uint8_t>(mask) : nullptr, rows, n);
}

normwave::EncoderConfig make_config(int d_model, int n_heads, int d_ff, int n_layers, bool norm_first,
                                    int activation, float eps, bool final_norm) {
  normwave::EncoderConfig c;
  c.d_model = d_model;
  c.n_heads = n_heads;
  c.d_ff = d_ff;
  c.n_layers = n_layers;
  c.norm_first = norm_first;
  c.activation = activation == 1 ? normwave::Activation::gelu : normwave::Activation::relu;
  c.eps = eps;
  c.final_norm = final_norm;
  return c;
}

std::string validate_encoder(int d_model, int n_heads, int d_ff, int n_layers, bool norm_first,
                             int activation, float eps, bool final_norm) {
  return normwave::validate(
      make_config(d_model, n_heads, d_ff, n_layers, norm_first, activation, eps, final_norm));
}

// Parameter names, shapes and sizes in state_dict order, without allocating any weights.
val parameter_specs(int d_model, int n_heads, int d_ff, int n_layers, bool norm_first, int activation,
                    float eps, bool final_norm) {
  val specs = val::array();
  for (const auto& spec : normwave::parameter_specs(
           make_config(d_model, n_heads, d_ff, n_layers, norm_first, activation, eps, final_norm))) {
    val shape = val::array();
    for (int s : spec.shape) shape.call<void>("push", s);
    val info = val::object();
    info.set("name", spec.name);
    info.set("shape", shape);
    info.set("numel", static_cast<double>(spec.numel));
    specs.call<void>("push", info);
  }
  return specs;
}

// What parse() would say about a file of file_size bytes whose first 8 bytes hold the header
// length hi·2³² + lo, before the file is copied anywhere: "" or the refusal.
std::string safetensors_check_header(double file_size, unsigned lo, unsigned hi) {
  const std::size_t size = file_size >= 0 && file_size < 4294967296.0 ? static_cast<std::size_t>(file_size) : SIZE_MAX;
  return normwave::safetensors::check_header_length(static_cast<std::uint64_t>(hi) << 32 | lo, size);
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

// Safetensors header as a JS object, for callers that want to look before loading.
val inspect_safetensors(addr bytes, std::size_t size) {
  normwave::safetensors::File file;
  val result = val::object();
  const std::string error = normwave::safetensors::parse(file, at<std::uint8_t>(bytes), size);
  if (!error.empty()) {
    result.set("error", error);
    return result;
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
  return result;
}

// Every tensor of a .safetensors file converted to float32, one after another at out (as many
// floats as their element counts add up to): one parse for the whole file. An error, or "".
std::string read_safetensors(addr bytes, std::size_t size, addr out) {
  normwave::safetensors::File file;
  std::string error = normwave::safetensors::parse(file, at<std::uint8_t>(bytes), size);
  if (!error.empty()) return error;
  float* dst = f32(out);
  for (const auto& t : file.tensors) {
    error = normwave::safetensors::to_float32(dst, file, t);
    if (!error.empty()) return error;
    dst += t.numel;
  }
  return {};
}

// One encoder and its configuration; JS owns it through web/api/encoder.js.
class EncoderHandle {
 public:
  EncoderHandle(int d_model, int n_heads, int d_ff, int n_layers, bool norm_first, int activation,
                float eps, bool final_norm, unsigned seed)
      : enc_(make_config(d_model, n_heads, d_ff, n_layers, norm_first, activation, eps, final_norm), seed) {}

  // flat: every parameter concatenated in spec order.
  void set_parameters(addr flat) {
    std::vector<const float*> values;
    const float* p = f32(flat);
    for (const auto& spec : enc_.specs()) {
      values.push_back(p);
      p += spec.numel;
    }
    enc_.set_parameters(values);
  }
  void get_parameters(addr flat) const {
    float* p = f32(flat);
    for (const auto& v : enc_.parameters()) p = std::copy(v.begin(), v.end(), p);
  }
  void randomize(unsigned seed) { enc_.randomize(seed); }
  std::string load_safetensors(addr bytes, std::size_t size, std::string prefix, bool strict) {
    normwave::safetensors::File file;
    const std::string error = normwave::safetensors::parse(file, at<std::uint8_t>(bytes), size);
    if (!error.empty()) return error;
    return normwave::load_parameters(enc_, file, prefix, strict);
  }
  // Bytes of wasm heap loadSafetensors may allocate for a header of header_size bytes and a
  // prefix of prefix_bytes UTF-8 bytes (which Embind copies twice: wire buffer, std::string).
  double load_work_bytes(double header_size, double prefix_bytes) const {
    const auto n = static_cast<std::size_t>(std::min(header_size, 1e9));
    const auto p = static_cast<std::size_t>(std::min(prefix_bytes, 1e9));
    if (!normwave::safetensors::parse_work_bytes(n)) return 0.0;
    return static_cast<double>(normwave::load_work_bytes(enc_, n) + 2 * block(p + sizeof(std::size_t) + 1));
  }
  void forward(addr out, addr attn, addr x, addr mask, int batch, int seq) {
    enc_.forward(f32(out), f32(attn), f32(x), mask ? at<std::uint8_t>(mask) : nullptr, batch, seq);
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
  function("version", &version);
  function("memoryStats", &memory_stats);
  function("alloc", &alloc);
  function("dealloc", &dealloc);
  function("positionalEncoding", &positional_encoding);
  function("layerNorm", &layer_norm);
  function("rmsNorm", &rms_norm);
  function("batchNorm", &batch_norm);
  function("linear", &linear);
  function("activation", &activation);
  function("softmax", &softmax);
  function("validateEncoder", &validate_encoder);
  function("parameterSpecs", &parameter_specs);
  function("safetensorsCheckHeader", &safetensors_check_header);
  function("safetensorsWorkBytes", &safetensors_work_bytes);
  function("inspectSafetensors", &inspect_safetensors);
  function("readSafetensors", &read_safetensors);
  emscripten::class_<EncoderHandle>("Encoder")
      .constructor<int, int, int, int, bool, int, float, bool, unsigned>()
      .function("setParameters", &EncoderHandle::set_parameters)
      .function("getParameters", &EncoderHandle::get_parameters)
      .function("randomize", &EncoderHandle::randomize)
      .function("loadSafetensors", &EncoderHandle::load_safetensors)
      .function("loadWorkBytes", &EncoderHandle::load_work_bytes)
      .function("forward", &EncoderHandle::forward);
}
