// Element counts that saturate at SIZE_MAX instead of wrapping. wasm32's size_t has 32 bits: a
// shape too large for memory must report a size no allocation can satisfy (web/api/ then refuses
// the call), never a small one the kernel would overrun. Used by every *_workspace_floats.
#pragma once

#include <cstddef>
#include <cstdint>

namespace normwave {

// Bytes an allocator may spend on one block beyond what was asked for: its header, rounding,
// alignment padding, and a remainder too small to split off. 64 covers those we build with (glibc
// x86-64: ≤ 54; dlmalloc, the wasm test binary's: ≤ 34; emmalloc, the module's, with 16-byte
// alignment: ≤ 49). Every bound of the library on the bytes it allocates adds it once per
// allocation.
constexpr std::size_t kAllocOverhead = 64;

}  // namespace normwave

namespace normwave::sizes {

constexpr std::size_t add(std::size_t a, std::size_t b) {
  std::size_t r = 0;
  return __builtin_add_overflow(a, b, &r) ? SIZE_MAX : r;
}

constexpr std::size_t mul(std::size_t a, std::size_t b) {
  std::size_t r = 0;
  return __builtin_mul_overflow(a, b, &r) ? SIZE_MAX : r;
}

template <class... Rest>
constexpr std::size_t mul(std::size_t a, std::size_t b, Rest... rest) {
  return mul(mul(a, b), rest...);
}

template <class... Rest>
constexpr std::size_t add(std::size_t a, std::size_t b, Rest... rest) {
  return add(add(a, b), rest...);
}

// A non-negative int size as a count (negative sizes count as 0).
constexpr std::size_t count(int n) { return n > 0 ? static_cast<std::size_t>(n) : 0; }

}  // namespace normwave::sizes
