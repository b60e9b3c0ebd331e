// Sinusoidal positional encoding (Vaswani et al. 2017, §3.5).
//
// Convention: interleaved, as in the paper and the seed article's code —
//   PE(pos, 2i)   = sin(pos / base^(2i/d_model))
//   PE(pos, 2i+1) = cos(pos / base^(2i/d_model))
// An odd d_model is defined: its last dim (an even index) is a sin.
// (tensor2tensor concatenates [sin | cos] instead; we do not.)
#pragma once

namespace normwave {

// out is (seq_len, d_model), row-major. Max abs error <= 1e-6 against float64
// sin/cos for every pos < 65,536.
void positional_encoding(float* out, int seq_len, int d_model, double base = 10000.0);

namespace ref {
// Plain float64 std::sin/std::cos per element, rounded to float.
void positional_encoding(float* out, int seq_len, int d_model, double base = 10000.0);
}  // namespace ref

}  // namespace normwave
