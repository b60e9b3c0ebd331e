#include "normwave/attention.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "normwave/linear.hpp"
#include "normwave/sizes.hpp"
#include "normwave/softmax.hpp"
#include "simd.hpp"

namespace normwave {

namespace {

// The packed-weight layout of linear.hpp, packed[(j / P) * k * P + kk * P + (j % P)] = W[j, kk],
// filled from strided sources so attention can run linear_packed on Q/K/V column slices in place.
// W[j, kk] = w[j * ldw + kk]: K_h as the weight of Q_h · K_hᵀ.
void pack_rows(float* packed, const float* w, std::size_t ldw, int n, int k) {
  const int P = panel_width();
  for (int p = 0; p * P < n; ++p) {
    float* dst = packed + static_cast<std::size_t>(p) * k * P;
    for (int c = 0; c < P; ++c) {
      const int j = p * P + c;
      for (int kk = 0; kk < k; ++kk) dst[kk * P + c] = j < n ? w[j * ldw + kk] : 0.f;
    }
  }
}

// W[j, kk] = w[kk * ldw + j]: V_h as the weight of P · V_h (W = V_hᵀ), read row by row.
void pack_cols(float* packed, const float* w, std::size_t ldw, int n, int k) {
  const int P = panel_width();
  for (int p = 0; p * P < n; ++p) {
    float* dst = packed + static_cast<std::size_t>(p) * k * P;
    const int cols = std::min(P, n - p * P);
    for (int kk = 0; kk < k; ++kk) {
      const float* src = w + kk * ldw + p * P;
      int c = 0;
      for (; c < cols; ++c) dst[kk * P + c] = src[c];
      for (; c < P; ++c) dst[kk * P + c] = 0.f;
    }
  }
}

}  // namespace

// Head by head, each product a small GEMM on the register-blocked linear_packed kernel:
//   S = (Q_h / sqrt(hd)) K_hᵀ  (seq, seq),  P = masked softmax(S),  ctx_h = P V_h  (seq, hd).
// Q_h is copied (scaled) to a contiguous block, K_h and V_h are packed as weights (seq * hd floats
// each, a small cost next to the seq^2 * hd products). Workspace: Q_h and ctx_h (seq * hd each),
// K_h and V_h packed, then the scores (seq * seq).
std::size_t attention_core_workspace_floats(AttentionShape s) {
  if (s.seq <= 0 || s.batch <= 0 || s.n_heads <= 0) return 0;
  const int hd = s.d_model / s.n_heads, n = s.seq;
  return sizes::add(sizes::mul(2, sizes::count(n), sizes::count(hd)), packed_size(n, hd),
                    packed_size(hd, n), sizes::mul(sizes::count(n), sizes::count(n)));
}

void attention_core(float* ctx, float* attn, const float* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s, float* workspace) {
  // Empty batches or sequences: qkv may be null, and null + offset is UB (fuzz_kernels).
  if (s.seq <= 0 || s.batch <= 0) return;
  const int d = s.d_model, hd = d / s.n_heads, n = s.seq;
  const std::size_t ld = 3 * static_cast<std::size_t>(d);
  const float scale = 1.f / std::sqrt(static_cast<float>(hd));
  const std::size_t q_size = static_cast<std::size_t>(n) * hd;
  const std::size_t k_size = packed_size(n, hd);
  float* qh = workspace;
  float* ch = qh + q_size;
  float* pk = ch + q_size;
  float* pv = pk + k_size;
  float* scores = pv + packed_size(hd, n);
  for (int b = 0; b < s.batch; ++b) {
    const float* base = qkv + static_cast<std::size_t>(b) * n * ld;
    const std::uint8_t* mask =
        key_padding_mask ? key_padding_mask + static_cast<std::size_t>(b) * n : nullptr;
    for (int h = 0; h < s.n_heads; ++h) {
      const float* q = base + h * hd;
      const float* k = base + d + h * hd;
      const float* v = base + 2 * d + h * hd;
      for (int i = 0; i < n; ++i)
        for (int t = 0; t < hd; ++t)
          qh[static_cast<std::size_t>(i) * hd + t] = q[i * ld + t] * scale;
      pack_rows(pk, k, ld, n, hd);
      linear_packed(scores, qh, pk, nullptr, n, n, hd);
      softmax(scores, scores, mask, n, n);
      if (attn) {
        float* a = attn + (static_cast<std::size_t>(b) * s.n_heads + h) * n * n;
        std::copy(scores, scores + static_cast<std::size_t>(n) * n, a);
      }
      pack_cols(pv, v, ld, hd, n);
      linear_packed(ch, scores, pv, nullptr, n, hd, n);
      for (int i = 0; i < n; ++i)
        std::copy(ch + static_cast<std::size_t>(i) * hd, ch + static_cast<std::size_t>(i + 1) * hd,
                  ctx + (static_cast<std::size_t>(b) * n + i) * d + h * hd);
    }
  }
}

std::size_t attention_core_backward_workspace_floats(AttentionShape s) {
  return s.seq > 0 ? static_cast<std::size_t>(s.seq) : 0;
}

// Row by row of each head: dS_i (seq floats, the workspace) from G_i Vᵀ, then the three
// gradients as axpy's over the head's hd features. Keys with P_ij = 0 (padding, underflow)
// contribute exactly nothing and are skipped.
void attention_core_backward(float* dqkv, const float* dctx, const float* qkv, const float* attn,
                             AttentionShape s, float* workspace) {
  if (s.seq <= 0) return;
  const int d = s.d_model, hd = d / s.n_heads, n = s.seq;
  const std::size_t ld = 3 * static_cast<std::size_t>(d);
  const float scale = 1.f / std::sqrt(static_cast<float>(hd));
  float* ds = workspace;
  for (int b = 0; b < s.batch; ++b) {
    const float* base = qkv + static_cast<std::size_t>(b) * n * ld;
    float* dbase = dqkv + static_cast<std::size_t>(b) * n * ld;
    for (int h = 0; h < s.n_heads; ++h) {
      const float* P = attn + (static_cast<std::size_t>(b) * s.n_heads + h) * n * n;
      const auto q = [&](int i) { return base + i * ld + h * hd; };
      const auto k = [&](int j) { return base + j * ld + d + h * hd; };
      const auto v = [&](int j) { return base + j * ld + 2 * d + h * hd; };
      const auto dq = [&](int i) { return dbase + i * ld + h * hd; };
      const auto dk = [&](int j) { return dbase + j * ld + d + h * hd; };
      const auto dv = [&](int j) { return dbase + j * ld + 2 * d + h * hd; };
      for (int i = 0; i < n; ++i) {
        const float* Pi = P + static_cast<std::size_t>(i) * n;
        const float* g = dctx + (static_cast<std::size_t>(b) * n + i) * d + h * hd;
        float rowdot = 0.f;
        for (int j = 0; j < n; ++j) {
          ds[j] = Pi[j] != 0.f ? simd::dot(g, v(j), hd) : 0.f;  // dP_ij = G_i · V_j
          rowdot += Pi[j] * ds[j];
        }
        for (int j = 0; j < n; ++j) {
          if (Pi[j] == 0.f) continue;
          const float dsij = Pi[j] * (ds[j] - rowdot) * scale;
          simd::axpy(dq(i), dsij, k(j), hd);
          simd::axpy(dk(j), dsij, q(i), hd);
          simd::axpy(dv(j), Pi[j], g, hd);
        }
      }
    }
  }
}

// Workspace: qkv (rows, 3d), ctx (rows, d), then one packed weight at a time (in_proj, then
// out_proj) and attention_core's workspace, which are never needed together.
std::size_t multi_head_attention_workspace_floats(AttentionShape s) {
  if (s.seq <= 0 || s.batch <= 0) return 0;
  const std::size_t rows = sizes::mul(sizes::count(s.batch), sizes::count(s.seq)),
                    d = sizes::count(s.d_model);
  return sizes::add(sizes::mul(rows, 4, d), std::max(packed_size(3 * s.d_model, s.d_model),
                                                     attention_core_workspace_floats(s)));
}

void multi_head_attention(float* out, float* attn, const float* x,
                          const std::uint8_t* key_padding_mask, const AttentionWeights& w,
                          AttentionShape s, float* workspace) {
  if (s.seq <= 0 || s.batch <= 0) return;
  const int rows = s.batch * s.seq, d = s.d_model;
  float* qkv = workspace;
  float* ctx = qkv + static_cast<std::size_t>(rows) * 3 * d;
  float* work = ctx + static_cast<std::size_t>(rows) * d;
  linear(qkv, x, w.in_proj_weight, w.in_proj_bias, rows, 3 * d, d, work);
  attention_core(ctx, attn, qkv, key_padding_mask, s, work);
  linear(out, ctx, w.out_proj_weight, w.out_proj_bias, rows, d, d, work);
}

namespace ref {

void attention_core(float* ctx, float* attn, const float* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s) {
  attention_core<float>(ctx, attn, qkv, key_padding_mask, s);
}

template <class T>
void attention_core(T* ctx, T* attn, const T* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s) {
  const int d = s.d_model, hd = d / s.n_heads, ld = 3 * d;
  std::vector<T> logits(s.seq), probs(s.seq);
  for (int b = 0; b < s.batch; ++b) {
    const T* base = qkv + static_cast<std::size_t>(b) * s.seq * ld;
    const std::uint8_t* mask =
        key_padding_mask ? key_padding_mask + static_cast<std::size_t>(b) * s.seq : nullptr;
    for (int h = 0; h < s.n_heads; ++h) {
      for (int i = 0; i < s.seq; ++i) {
        for (int j = 0; j < s.seq; ++j) {
          double acc = 0.0;
          for (int t = 0; t < hd; ++t)
            acc += static_cast<double>(base[static_cast<std::size_t>(i) * ld + h * hd + t]) *
                   base[static_cast<std::size_t>(j) * ld + d + h * hd + t];
          logits[j] = static_cast<T>(acc / std::sqrt(static_cast<double>(hd)));
        }
        softmax(probs.data(), logits.data(), mask, 1, s.seq);
        if (attn)
          std::copy(probs.begin(), probs.end(),
                    attn + ((static_cast<std::size_t>(b) * s.n_heads + h) * s.seq + i) * s.seq);
        for (int t = 0; t < hd; ++t) {
          double acc = 0.0;
          for (int j = 0; j < s.seq; ++j)
            acc += static_cast<double>(probs[j]) *
                   base[static_cast<std::size_t>(j) * ld + 2 * d + h * hd + t];
          ctx[(static_cast<std::size_t>(b) * s.seq + i) * d + h * hd + t] = static_cast<T>(acc);
        }
      }
    }
  }
}

template <class T>
void attention_core_backward(T* dqkv, const T* dctx, const T* qkv, const T* attn,
                             AttentionShape s) {
  const int d = s.d_model, hd = d / s.n_heads, n = s.seq;
  const std::size_t ld = 3 * static_cast<std::size_t>(d);
  const double scale = 1.0 / std::sqrt(static_cast<double>(hd));
  std::vector<double> dp(n);
  for (int b = 0; b < s.batch; ++b) {
    const std::size_t row0 = static_cast<std::size_t>(b) * n;
    for (int h = 0; h < s.n_heads; ++h) {
      const T* P = attn + (static_cast<std::size_t>(b) * s.n_heads + h) * n * n;
      const auto Q = [&](int i, int t) {
        return static_cast<double>(qkv[(row0 + i) * ld + h * hd + t]);
      };
      const auto K = [&](int j, int t) {
        return static_cast<double>(qkv[(row0 + j) * ld + d + h * hd + t]);
      };
      const auto V = [&](int j, int t) {
        return static_cast<double>(qkv[(row0 + j) * ld + 2 * d + h * hd + t]);
      };
      const auto G = [&](int i, int t) {
        return static_cast<double>(dctx[(row0 + i) * d + h * hd + t]);
      };
      for (int i = 0; i < n; ++i) {
        double rowdot = 0.0;
        for (int j = 0; j < n; ++j) {
          dp[j] = 0.0;
          for (int t = 0; t < hd; ++t) dp[j] += G(i, t) * V(j, t);
          rowdot += P[i * n + j] * dp[j];
        }
        for (int j = 0; j < n; ++j) {
          const double pij = P[i * n + j];
          const double dsij = pij * (dp[j] - rowdot) * scale;
          for (int t = 0; t < hd; ++t) {
            dqkv[(row0 + i) * ld + h * hd + t] += static_cast<T>(dsij * K(j, t));
            dqkv[(row0 + j) * ld + d + h * hd + t] += static_cast<T>(dsij * Q(i, t));
            dqkv[(row0 + j) * ld + 2 * d + h * hd + t] += static_cast<T>(pij * G(i, t));
          }
        }
      }
    }
  }
}

template void attention_core<float>(float*, float*, const float*, const std::uint8_t*,
                                    AttentionShape);
template void attention_core<double>(double*, double*, const double*, const std::uint8_t*,
                                     AttentionShape);
template void attention_core_backward<float>(float*, const float*, const float*, const float*,
                                             AttentionShape);
template void attention_core_backward<double>(double*, const double*, const double*, const double*,
                                              AttentionShape);

void multi_head_attention(float* out, float* attn, const float* x,
                          const std::uint8_t* key_padding_mask, const AttentionWeights& w,
                          AttentionShape s) {
  const int rows = s.batch * s.seq, d = s.d_model;
  std::vector<float> qkv(static_cast<std::size_t>(rows) * 3 * d),
      ctx(static_cast<std::size_t>(rows) * d);
  linear(qkv.data(), x, w.in_proj_weight, w.in_proj_bias, rows, 3 * d, d);
  attention_core(ctx.data(), attn, qkv.data(), key_padding_mask, s);
  linear(out, ctx.data(), w.out_proj_weight, w.out_proj_bias, rows, d, d);
}

}  // namespace ref
}  // namespace normwave
