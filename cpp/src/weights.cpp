#include "normwave/weights.hpp"

#include <cstddef>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
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
  // Names are matched through hash tables: a file may hold millions of tensors and an encoder
  // thousands of parameters, and a scan per parameter took O(tensors x parameters) — seconds to
  // minutes for a hostile file. The first tensor of a name wins, as in File::find.
  std::unordered_map<std::string_view, const safetensors::TensorInfo*> by_name;
  by_name.reserve(file.tensors.size());
  for (const safetensors::TensorInfo& t : file.tensors) by_name.emplace(t.name, &t);
  std::vector<std::vector<float>> staged(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const ParamSpec& spec = specs[i];
    const auto found = by_name.find(prefix + spec.name);
    const safetensors::TensorInfo* t = found == by_name.end() ? nullptr : found->second;
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
    std::unordered_set<std::string_view> names;
    for (const ParamSpec& spec : specs) names.insert(spec.name);
    for (const safetensors::TensorInfo& t : file.tensors) {
      const std::string_view name = t.name;
      const bool known = name.substr(0, prefix.size()) == prefix && names.count(name.substr(prefix.size())) != 0;
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
