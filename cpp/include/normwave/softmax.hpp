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

namespace ref {
void softmax(float* out, const float* x, const std::uint8_t* key_mask, int rows, int n);
}  // namespace ref

}  // namespace normwave
