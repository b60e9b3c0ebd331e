// Sinusoidal positional encoding (Vaswani et al. 2017, §3.5).
//
// Convention: interleaved, as in the paper and the seed article's code —
//   PE(pos, 2i)   = sin(pos / base^(2i/d_model))
//   PE(pos, 2i+1) = cos(pos / base^(2i/d_model))
// An odd d_model is defined: its last dim (an even index) is a sin.
// (tensor2tensor concatenates [sin | cos] instead; we do not.)
#pragma once

#include <cstddef>

namespace normwave {

// out is (seq_len, d_model), row-major. Max abs error <= 1e-6 against float64
// sin/cos for every pos < 65,536. workspace: positional_encoding_workspace_floats(seq_len,
// d_model) floats, 8-byte aligned (float64 and float32 sin/cos tables; any malloc'd block is).
std::size_t positional_encoding_workspace_floats(int seq_len, int d_model);
void positional_encoding(float* out, int seq_len, int d_model, double base, float* workspace);

namespace ref {
// Plain float64 std::sin/std::cos per element, rounded to float.
void positional_encoding(float* out, int seq_len, int d_model, double base = 10000.0);
}  // namespace ref

}  // namespace normwave
