#include "normwave/embedding.hpp"

#include <algorithm>
#include <cstddef>
#include <string>

#include "simd.hpp"

namespace normwave {

namespace {

// ok() when every token is in [0, vocab).
Status check_tokens(const std::int32_t* tokens, int rows, int vocab) {
  for (int r = 0; r < rows; ++r)
    if (tokens[r] < 0 || tokens[r] >= vocab)
      return Status::error("token " + std::to_string(tokens[r]) + " at position " +
                           std::to_string(r) + " is outside the vocabulary [0, " +
                           std::to_string(vocab) + ")");
  return {};
}

}  // namespace

Status embedding(float* out, const float* table, const std::int32_t* tokens, int rows, int vocab,
                 int dim) {
  Status status = check_tokens(tokens, rows, vocab);
  if (!status.ok()) return status;
  for (int r = 0; r < rows; ++r) {
    const float* src = table + static_cast<std::size_t>(tokens[r]) * dim;
    std::copy(src, src + dim, out + static_cast<std::size_t>(r) * dim);
  }
  return {};
}

Status embedding_backward(float* dtable, const float* dout, const std::int32_t* tokens, int rows,
                          int vocab, int dim) {
  Status status = check_tokens(tokens, rows, vocab);
  if (!status.ok()) return status;
  for (int r = 0; r < rows; ++r)
    simd::axpy(dtable + static_cast<std::size_t>(tokens[r]) * dim, 1.f,
               dout + static_cast<std::size_t>(r) * dim, dim);
  return {};
}

namespace ref {

template <class T>
void embedding(T* out, const T* table, const std::int32_t* tokens, int rows, int dim) {
  for (int r = 0; r < rows; ++r)
    for (int i = 0; i < dim; ++i)
      out[static_cast<std::size_t>(r) * dim + i] =
          table[static_cast<std::size_t>(tokens[r]) * dim + i];
}

template <class T>
void embedding_backward(T* dtable, const T* dout, const std::int32_t* tokens, int rows, int dim) {
  for (int r = 0; r < rows; ++r)
    for (int i = 0; i < dim; ++i)
      dtable[static_cast<std::size_t>(tokens[r]) * dim + i] +=
          dout[static_cast<std::size_t>(r) * dim + i];
}

template void embedding<float>(float*, const float*, const std::int32_t*, int, int);
template void embedding<double>(double*, const double*, const std::int32_t*, int, int);
template void embedding_backward<float>(float*, const float*, const std::int32_t*, int, int);
template void embedding_backward<double>(double*, const double*, const std::int32_t*, int, int);

}  // namespace ref
}  // namespace normwave
