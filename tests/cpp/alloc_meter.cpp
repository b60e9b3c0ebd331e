// Replacement operator new/delete for the test binary: a 16-byte header before each block
// records its size and which Meter (if any) was running when it was allocated, so frees of
// blocks from before a Meter do not count against it. Aligned new/delete are left to the library
// (they never reach these: both libstdc++ and libc++ free aligned blocks with free()).
#include "alloc_meter.hpp"

#include <cstdlib>
#include <new>

#include "normwave/safetensors.hpp"

namespace {

constexpr std::size_t kHeader = 16;  // keeps the block aligned for max_align_t
struct State {
  std::size_t meter = 0;  // the running Meter's number, 0 when none runs
  std::size_t last = 0;   // the latest Meter's number
  std::size_t live = 0, peak = 0, blocks = 0;
};
State state;

std::size_t charge(std::size_t n) { return n + normwave::safetensors::kAllocOverhead; }

void* allocate(std::size_t n) noexcept {
  auto* p = static_cast<std::size_t*>(std::malloc(n + kHeader));
  if (!p) return nullptr;
  p[0] = n;
  p[1] = state.meter;
  if (state.meter) {
    state.live += charge(n);
    ++state.blocks;
    if (state.live > state.peak) state.peak = state.live;
  }
  return reinterpret_cast<char*>(p) + kHeader;
}

void release(void* q) noexcept {
  if (!q) return;
  auto* p = reinterpret_cast<std::size_t*>(static_cast<char*>(q) - kHeader);
  if (state.meter && p[1] == state.meter) state.live -= charge(p[0]);
  std::free(p);
}

}  // namespace

namespace alloc_meter {

Meter::Meter() {
  ++state.last;
  state = State{state.last, state.last, 0, 0, 0};
}
Meter::~Meter() { state.meter = 0; }
std::size_t Meter::peak() const { return state.peak; }
std::size_t Meter::live() const { return state.live; }
std::size_t Meter::blocks() const { return state.blocks; }

}  // namespace alloc_meter

void* operator new(std::size_t n) {
  if (void* p = allocate(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  if (void* p = allocate(n)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return allocate(n); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return allocate(n); }
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
