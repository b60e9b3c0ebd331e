// Token embedding: a row gather from a table, like torch.nn.Embedding (no padding_idx, no scale).
//   https://pytorch.org/docs/stable/generated/torch.nn.Embedding.html
//   out[r] = table[tokens[r]]                  table: (vocab, dim) torch layout, out: (rows, dim)
//   backward: dtable[tokens[r]] += dout[r]     a scatter-add (rows sharing a token add up)
// Both return a Status (status.hpp); a token outside [0, vocab) is refused before anything is
// written, with a message naming its position and value. Neither needs a workspace.
#pragma once
#include <cstdint>

#include "normwave/status.hpp"

namespace normwave {

Status embedding(float* out, const float* table, const std::int32_t* tokens, int rows, int vocab,
                 int dim);
// Adds into dtable (see linear.hpp).
Status embedding_backward(float* dtable, const float* dout, const std::int32_t* tokens, int rows,
                          int vocab, int dim);

namespace ref {
// Templates over the storage type (float and double; see linear.hpp). Tokens must be in range.
template <class T>
void embedding(T* out, const T* table, const std::int32_t* tokens, int rows, int dim);
template <class T>
void embedding_backward(T* dtable, const T* dout, const std::int32_t* tokens, int rows, int dim);
}  // namespace ref
}  // namespace normwave
