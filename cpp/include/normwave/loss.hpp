// Cross-entropy over classes with ignored positions, like torch.nn.functional.cross_entropy(
// logits, target, ignore_index=-100, reduction='mean').
//   https://pytorch.org/docs/stable/generated/torch.nn.functional.cross_entropy.html
//   loss = (1/N) sum over kept rows r of (logsumexp(z_r) - z_r[t_r]),  N = rows whose t_r !=
//   ignore_index dlogits[r] += dloss/N * (softmax(z_r) - onehot(t_r)),  nothing for ignored rows
// logits, dlogits: (rows, classes); targets: (rows), each ignore_index or in [0, classes).
// When every row is ignored (N = 0) the loss is 0 and no gradient is added (torch: NaN).
// Both return a Status (status.hpp); a target out of range is refused before anything is
// written, with a message naming its row. Neither needs a workspace.
#pragma once
#include <cstdint>

#include "normwave/status.hpp"

namespace normwave {

// The target that marks a position without a loss: torch's ignore_index default.
inline constexpr int kIgnoreIndex = -100;

Status cross_entropy(float* loss, const float* logits, const std::int32_t* targets, int rows,
                     int classes, int ignore_index = kIgnoreIndex);
// Adds into dlogits (see linear.hpp); dloss is the gradient of the loss (1 for plain training).
Status cross_entropy_backward(float* dlogits, const float* logits, const std::int32_t* targets,
                              float dloss, int rows, int classes, int ignore_index = kIgnoreIndex);

namespace ref {
// Templates over the storage type (float and double; see linear.hpp). Targets must be valid.
template <class T>
void cross_entropy(T* loss, const T* logits, const std::int32_t* targets, int rows, int classes,
                   int ignore_index = kIgnoreIndex);
template <class T>
void cross_entropy_backward(T* dlogits, const T* logits, const std::int32_t* targets, double dloss,
                            int rows, int classes, int ignore_index = kIgnoreIndex);
}  // namespace ref
}  // namespace normwave
