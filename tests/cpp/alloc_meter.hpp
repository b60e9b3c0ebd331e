// Counts the memory operator new hands out while a Meter is alive, for tests that check a
// function stays inside the bound it reports. Each block is charged as the library's bounds
// charge it: the bytes asked for plus safetensors::kAllocOverhead (whether the real allocator
// adds at most that much is checked on its own, in test_safetensors.cpp, through mallinfo).
// The replacement operator new lives in alloc_meter.cpp and serves the whole test binary.
#pragma once

#include <cstddef>

namespace alloc_meter {

class Meter {
 public:
  Meter();
  ~Meter();
  Meter(const Meter&) = delete;
  Meter& operator=(const Meter&) = delete;

  std::size_t peak() const;    // most bytes live at once, counted from the Meter's start
  std::size_t live() const;    // bytes live now that were allocated since the start
  std::size_t blocks() const;  // allocations since the start
};

}  // namespace alloc_meter
