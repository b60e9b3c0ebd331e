#include "normwave/weights.hpp"

#include <cstddef>
#include <vector>

namespace normwave {

namespace {
template <typename T>
std::string shape_string(const std::vector<T>& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}
}  // namespace

std::string load_parameters(Encoder& enc, const safetensors::File& file, const std::string& prefix,
                            bool strict) {
  const std::vector<ParamSpec>& specs = enc.specs();
  std::vector<std::vector<float>> staged(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const ParamSpec& spec = specs[i];
    const safetensors::TensorInfo* t = file.find(prefix + spec.name);
    if (!t)
      return "weights are missing \"" + prefix + spec.name + "\" (expected shape " +
             shape_string(spec.shape) + ")";
    bool same = t->shape.size() == spec.shape.size();
    for (std::size_t k = 0; same && k < spec.shape.size(); ++k) same = t->shape[k] == spec.shape[k];
    if (!same)
      return "\"" + t->name + "\" has shape " + shape_string(t->shape) + " but this encoder expects " +
             shape_string(spec.shape);
    staged[i].resize(spec.numel);
    std::string error;
    if (!safetensors::to_float32(staged[i].data(), error, file, *t)) return error;
  }
  if (strict) {
    for (const safetensors::TensorInfo& t : file.tensors) {
      bool known = false;
      for (const ParamSpec& spec : specs) known = known || t.name == prefix + spec.name;
      if (!known)
        return "unexpected tensor \"" + t.name + "\" for an encoder with " +
               std::to_string(enc.config().n_layers) + " layer(s)" +
               (enc.config().final_norm ? " and a final norm" : " and no final norm");
    }
  }
  std::vector<const float*> values;
  for (const auto& v : staged) values.push_back(v.data());
  enc.set_parameters(values);
  return {};
}

}  // namespace normwave
