#include "normwave/attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "normwave/linear.hpp"
#include "normwave/softmax.hpp"
#include "simd.hpp"

namespace normwave {

using simd::fbatch;
using simd::kWidth;

namespace {

float dot(const float* a, const float* b, int n) {
  fbatch acc(0.f);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) acc += simd::load(a + i) * simd::load(b + i);
  float total = simd::sum(acc);
  for (; i < n; ++i) total += a[i] * b[i];
  return total;
}

// y[0..n) += a * x[0..n)
void axpy(float* y, float a, const float* x, int n) {
  const fbatch av(a);
  int i = 0;
  for (; i + kWidth <= n; i += kWidth) simd::store(y + i, simd::load(y + i) + av * simd::load(x + i));
  for (; i < n; ++i) y[i] += a * x[i];
}

}  // namespace

// Head by head: scores (seq, seq) = Q_h K_hᵀ / sqrt(hd), masked softmax, then ctx_h = P V_h.
void attention_core(float* ctx, float* attn, const float* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s, float* scores) {
  const int d = s.d_model, hd = d / s.n_heads, ld = 3 * d;
  const float scale = 1.f / std::sqrt(static_cast<float>(hd));
  for (int b = 0; b < s.batch; ++b) {
    const float* base = qkv + static_cast<std::size_t>(b) * s.seq * ld;
    const std::uint8_t* mask = key_padding_mask ? key_padding_mask + static_cast<std::size_t>(b) * s.seq : nullptr;
    for (int h = 0; h < s.n_heads; ++h) {
      const float* q = base + h * hd;
      const float* k = base + d + h * hd;
      const float* v = base + 2 * d + h * hd;
      for (int i = 0; i < s.seq; ++i)
        for (int j = 0; j < s.seq; ++j)
          scores[static_cast<std::size_t>(i) * s.seq + j] =
              dot(q + static_cast<std::size_t>(i) * ld, k + static_cast<std::size_t>(j) * ld, hd) * scale;
      softmax(scores, scores, mask, s.seq, s.seq);
      if (attn) {
        float* a = attn + (static_cast<std::size_t>(b) * s.n_heads + h) * s.seq * s.seq;
        std::copy(scores, scores + static_cast<std::size_t>(s.seq) * s.seq, a);
      }
      for (int i = 0; i < s.seq; ++i) {
        float* c = ctx + (static_cast<std::size_t>(b) * s.seq + i) * d + h * hd;
        std::fill(c, c + hd, 0.f);
        const float* p = scores + static_cast<std::size_t>(i) * s.seq;
        for (int j = 0; j < s.seq; ++j)
          if (p[j] != 0.f) axpy(c, p[j], v + static_cast<std::size_t>(j) * ld, hd);
      }
    }
  }
}

void multi_head_attention(float* out, float* attn, const float* x,
                          const std::uint8_t* key_padding_mask, const AttentionWeights& w,
                          AttentionShape s) {
  const int rows = s.batch * s.seq, d = s.d_model;
  std::vector<float> packed, qkv(static_cast<std::size_t>(rows) * 3 * d),
      ctx(static_cast<std::size_t>(rows) * d), scores(static_cast<std::size_t>(s.seq) * s.seq);
  linear(qkv.data(), x, w.in_proj_weight, w.in_proj_bias, rows, 3 * d, d, packed);
  attention_core(ctx.data(), attn, qkv.data(), key_padding_mask, s, scores.data());
  linear(out, ctx.data(), w.out_proj_weight, w.out_proj_bias, rows, d, d, packed);
}

namespace ref {

void attention_core(float* ctx, float* attn, const float* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s) {
  const int d = s.d_model, hd = d / s.n_heads, ld = 3 * d;
  std::vector<float> logits(s.seq), probs(s.seq);
  for (int b = 0; b < s.batch; ++b) {
    const float* base = qkv + static_cast<std::size_t>(b) * s.seq * ld;
    const std::uint8_t* mask = key_padding_mask ? key_padding_mask + static_cast<std::size_t>(b) * s.seq : nullptr;
    for (int h = 0; h < s.n_heads; ++h) {
      for (int i = 0; i < s.seq; ++i) {
        for (int j = 0; j < s.seq; ++j) {
          double acc = 0.0;
          for (int t = 0; t < hd; ++t)
            acc += static_cast<double>(base[static_cast<std::size_t>(i) * ld + h * hd + t]) *
                   base[static_cast<std::size_t>(j) * ld + d + h * hd + t];
          logits[j] = static_cast<float>(acc / std::sqrt(static_cast<double>(hd)));
        }
        softmax(probs.data(), logits.data(), mask, 1, s.seq);
        if (attn)
          std::copy(probs.begin(), probs.end(),
                    attn + ((static_cast<std::size_t>(b) * s.n_heads + h) * s.seq + i) * s.seq);
        for (int t = 0; t < hd; ++t) {
          double acc = 0.0;
          for (int j = 0; j < s.seq; ++j)
            acc += static_cast<double>(probs[j]) * base[static_cast<std::size_t>(j) * ld + 2 * d + h * hd + t];
          ctx[(static_cast<std::size_t>(b) * s.seq + i) * d + h * hd + t] = static_cast<float>(acc);
        }
      }
    }
  }
}

void multi_head_attention(float* out, float* attn, const float* x,
                          const std::uint8_t* key_padding_mask, const AttentionWeights& w,
                          AttentionShape s) {
  const int rows = s.batch * s.seq, d = s.d_model;
  std::vector<float> qkv(static_cast<std::size_t>(rows) * 3 * d), ctx(static_cast<std::size_t>(rows) * d);
  linear(qkv.data(), x, w.in_proj_weight, w.in_proj_bias, rows, 3 * d, d);
  attention_core(ctx.data(), attn, qkv.data(), key_padding_mask, s);
  linear(out, ctx.data(), w.out_proj_weight, w.out_proj_bias, rows, d, d);
}

}  // namespace ref
}  // namespace normwave
