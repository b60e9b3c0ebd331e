// What the binding files (embind.cpp, train.cpp, raw.cpp) share: wasm addresses as pointers,
// the op-table check of every registered name, and the parameter list as JavaScript sees it.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <vector>

#include "normwave/encoder.hpp"
#include "normwave/ops.hpp"

namespace normwave::bind {

// A wasm-memory address as JavaScript passes it (0 = absent), and the pointers it stands for.
using addr = std::uintptr_t;
inline float* f32(addr a) { return a ? reinterpret_cast<float*>(a) : nullptr; }
inline const std::uint8_t* u8(addr a) {
  return a ? reinterpret_cast<const std::uint8_t*>(a) : nullptr;
}
inline const std::int32_t* i32(addr a) {
  return a ? reinterpret_cast<const std::int32_t*>(a) : nullptr;
}

// [{ name, shape, numel }] in the order of specs.
inline emscripten::val specs_to_js(const std::vector<ParamSpec>& specs) {
  using emscripten::val;
  val out = val::array();
  for (const auto& spec : specs) {
    val shape = val::array();
    for (int s : spec.shape) shape.call<void>("push", s);
    val info = val::object();
    info.set("name", spec.name);
    info.set("shape", shape);
    info.set("numel", static_cast<double>(spec.numel));
    out.call<void>("push", info);
  }
  return out;
}

}  // namespace normwave::bind

// Refuses to compile unless op's row of the op table lists `name` among its bindings.
#define NW_CHECK_BINDING(op, name)                                         \
  static_assert(::normwave::lists(::normwave::op_info(op).bindings, name), \
                name " is not among the bindings of its row in cpp/include/normwave/ops.hpp")

// `name`, checked as NW_CHECK_BINDING does: register every kernel binding through it,
//   emscripten::function(NW_BINDING(Op::linear, "linear"), &linear);
#define NW_BINDING(op, name) ([] { NW_CHECK_BINDING(op, name); }(), name)
