#include "normwave/weights.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace normwave {

namespace st = safetensors;

namespace {

template <typename T>
std::string shape_string(const std::vector<T>& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

// s compared with the concatenation head + tail, without building it: <0, 0 or >0.
int compare_joined(std::string_view s, std::string_view head, std::string_view tail) {
  const std::size_t k = std::min(s.size(), head.size());
  if (const int c = s.substr(0, k).compare(head.substr(0, k))) return c;
  if (s.size() < head.size()) return -1;
  return s.substr(head.size()).compare(tail);
}

constexpr std::size_t block(std::size_t bytes) { return bytes ? bytes + st::kAllocOverhead : 0; }

}  // namespace

std::size_t load_work_bytes(const Encoder& enc, std::size_t header_size) {
  const std::size_t n_specs = enc.specs().size();
  std::size_t staged = block(n_specs * sizeof(std::vector<float>));
  for (const ParamSpec& spec : enc.specs()) staged += block(spec.numel * sizeof(float));
  // The parse, the staged copy, `values`, a `matched` bit per tensor (a tensor entry takes at
  // least 49 header bytes: safetensors.cpp, parse_work_bytes), a message.
  const std::size_t most_tensors = header_size / 49 + 1;
  return st::parse_work_bytes(header_size) + staged + block(n_specs * sizeof(void*)) +
         block(most_tensors / 8 + 8) + st::kMessageBytes;
}

Status load_parameters(Encoder& enc, const st::File& file, const std::string& prefix, bool strict) {
  const std::vector<ParamSpec>& specs = enc.specs();
  // Names are matched by binary search in the parse's name index, comparing against prefix + name
  // without building it: a file may hold millions of tensors and an encoder thousands of
  // parameters, and a scan per parameter takes O(tensors x parameters), seconds to minutes for a
  // hostile file. A File put together by hand (without the index) is scanned.
  const std::vector<st::TensorInfo>& tensors = file.tensors;
  const auto lookup = [&](const std::string& name) -> const st::TensorInfo* {
    if (file.by_name.size() == tensors.size()) {
      const auto it = std::lower_bound(file.by_name.begin(), file.by_name.end(), name,
                                       [&](std::uint32_t k, const std::string& key) {
                                         return compare_joined(tensors[k].name, prefix, key) < 0;
                                       });
      return it != file.by_name.end() && compare_joined(tensors[*it].name, prefix, name) == 0
                 ? &tensors[*it]
                 : nullptr;
    }
    for (const st::TensorInfo& t : tensors) {
      if (compare_joined(t.name, prefix, name) == 0) return &t;
    }
    return nullptr;
  };
  std::vector<bool> matched(tensors.size());
  std::vector<std::vector<float>> staged(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const ParamSpec& spec = specs[i];
    const st::TensorInfo* t = lookup(spec.name);
    if (!t)
      return Status::error("weights are missing " + st::quote(prefix, spec.name) +
                           " (expected shape " + shape_string(spec.shape) + ")");
    bool same = t->shape.size() == spec.shape.size();
    for (std::size_t k = 0; same && k < spec.shape.size(); ++k) same = t->shape[k] == spec.shape[k];
    if (!same) {
      return Status::error("tensor " + st::quote(t->name) + " has shape " + shape_string(t->shape) +
                           " but this encoder expects " + shape_string(spec.shape));
    }
    staged[i].resize(spec.numel);
    if (Status status = st::to_float32(staged[i].data(), file, *t); !status.ok()) return status;
    matched[static_cast<std::size_t>(t - tensors.data())] = true;
  }
  if (strict) {
    for (std::size_t k = 0; k < tensors.size(); ++k) {
      if (!matched[k]) {
        return Status::error(
            "unexpected tensor " + st::quote(tensors[k].name) + " for an encoder with " +
            std::to_string(enc.config().n_layers) + " layer(s)" +
            (enc.config().final_norm ? " and a final norm" : " and no final norm"));
      }
    }
  }
  std::vector<const float*> values(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) values[i] = staged[i].data();
  enc.set_parameters(values);
  return {};
}

}  // namespace normwave
