// Row softmax with max subtraction and an optional key mask.
//
// x, out: (rows, n). key_mask: (n) bytes or null, nonzero = masked key; the same mask
// applies to every row. Masked entries get exactly 0. A row whose keys are all
// masked becomes all zeros — PyTorch returns NaN there (softmax of all -inf); we
// return zeros so a fully padded sequence never poisons later layers.
// out may alias x.
#pragma once

#include <cstdint>

namespace normwave {

void softmax(float* out, const float* x, const std::uint8_t* key_mask, int rows, int n);

// Backward, from the forward's output y (rows, n) and the gradient dy of y:
//   dx += y * (dy - sum_j y_j dy_j)                       (adds into dx; see linear.hpp)
// Masked keys have y = 0, so they get exactly 0; a fully masked row (all y = 0) gets zeros,
// never NaN. Needs no workspace.
void softmax_backward(float* dx, const float* dy, const float* y, int rows, int n);

namespace ref {
void softmax(float* out, const float* x, const std::uint8_t* key_mask, int rows, int n);
// Templates over the storage type (float and double; see linear.hpp).
template <class T>
void softmax(T* out, const T* x, const std::uint8_t* key_mask, int rows, int n);
template <class T>
void softmax_backward(T* dx, const T* dy, const T* y, int rows, int n);
}  // namespace ref

}  // namespace normwave
