// Test helper: loads a PyTorch-generated fixture from tests/golden/ (see scripts/gen_golden.py
// and tests/golden/README.md) through normwave::safetensors. A missing or unreadable fixture,
// tensor or metadata key fails the test case loudly, naming the file; it never passes silently.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <normwave/safetensors.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "util.hpp"

#ifndef NORMWAVE_GOLDEN_DIR
#error "NORMWAVE_GOLDEN_DIR must be defined (path of tests/golden)"
#endif

namespace golden {

// FAIL throws when exceptions are on; the throw covers a build with them reported off.
[[noreturn]] inline void fail(const std::string& msg) {
  FAIL(msg);
  throw std::runtime_error(msg);
}

class Fixture {
 public:
  explicit Fixture(const std::string& name)
      : name_(name), path_(std::string(NORMWAVE_GOLDEN_DIR) + "/" + name) {
    std::ifstream in(path_, std::ios::binary);
    if (!in)
      fail("golden fixture missing or unreadable: " + path_ +
           " (regenerate with /usr/bin/python3 scripts/gen_golden.py)");
    bytes_.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) fail("error reading golden fixture " + path_);
    const std::string error =
        normwave::safetensors::parse(file_, bytes_.data(), bytes_.size()).message();
    if (!error.empty()) fail("cannot parse golden fixture " + path_ + ": " + error);
  }
  // file_.data points into bytes_: no copies (a move keeps the vector's buffer).
  Fixture(const Fixture&) = delete;
  Fixture& operator=(const Fixture&) = delete;

  const std::string& name() const { return name_; }
  const normwave::safetensors::File& file() const { return file_; }

  bool has(const std::string& tensor_name) const { return file_.find(tensor_name) != nullptr; }

  const normwave::safetensors::TensorInfo& info(const std::string& tensor_name) const {
    const auto* t = file_.find(tensor_name);
    if (t == nullptr) fail(name_ + ": no tensor \"" + tensor_name + "\"");
    return *t;
  }

  std::vector<float> tensor(const std::string& tensor_name) const {
    const auto& t = info(tensor_name);
    std::vector<float> out(t.numel);
    const std::string error = normwave::safetensors::to_float32(out.data(), file_, t).message();
    if (!error.empty()) fail(name_ + ": tensor \"" + tensor_name + "\": " + error);
    return out;
  }

  std::vector<std::int64_t> shape(const std::string& tensor_name) const {
    return info(tensor_name).shape;
  }

  std::string meta(const std::string& key) const {
    for (const auto& kv : file_.metadata)
      if (kv.first == key) return std::string(kv.second);
    fail(name_ + ": no metadata key \"" + key + "\"");
  }
  int meta_int(const std::string& key) const {
    const std::string v = meta(key);
    try {
      std::size_t used = 0;
      const int r = std::stoi(v, &used);
      if (used == v.size()) return r;
    } catch (const std::exception&) {
    }
    fail(name_ + ": metadata \"" + key + "\" = \"" + v + "\" is not an integer");
  }
  double meta_double(const std::string& key) const {
    const std::string v = meta(key);
    try {
      std::size_t used = 0;
      const double r = std::stod(v, &used);
      if (used == v.size()) return r;
    } catch (const std::exception&) {
    }
    fail(name_ + ": metadata \"" + key + "\" = \"" + v + "\" is not a number");
  }
  bool meta_bool(const std::string& key) const {
    const std::string v = meta(key);
    if (v == "true") return true;
    if (v == "false") return false;
    fail(name_ + ": metadata \"" + key + "\" = \"" + v + "\" is not true/false");
  }

  // An F32 0/1 mask as bytes, nonzero = padded.
  std::vector<std::uint8_t> mask(const std::string& tensor_name) const {
    const std::vector<float> m = tensor(tensor_name);
    std::vector<std::uint8_t> out(m.size());
    for (std::size_t i = 0; i < m.size(); ++i) out[i] = m[i] != 0.0f ? 1 : 0;
    return out;
  }

 private:
  std::string name_;
  std::string path_;
  std::vector<std::uint8_t> bytes_;
  normwave::safetensors::File file_;
};

using nwtest::max_abs_diff;  // tests/cpp/util.hpp

}  // namespace golden
