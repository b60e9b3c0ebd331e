// Multi-head self-attention like torch.nn.MultiheadAttention (batch_first, self-attention).
//   https://pytorch.org/docs/stable/generated/torch.nn.MultiheadAttention.html
//
// Weights in torch layout: in_proj_weight (3d, d) packing [W_q; W_k; W_v], in_proj_bias (3d),
// out_proj.weight (d, d), out_proj.bias (d). Head h uses features [h*hd, (h+1)*hd), hd = d / heads.
//   A_h = softmax(Q_h K_hᵀ / sqrt(hd) with padded keys masked),  out = concat_h(A_h V_h) · W_oᵀ +
//   b_o
// key_padding_mask: (batch, seq) bytes or null, nonzero = <PAD> key (torch's True). A query whose
// keys are all padding gets an all-zero attention row (torch: NaN), so its context is 0 and its
// output is out_proj.bias.
#pragma once

#include <cstddef>
#include <cstdint>

namespace normwave {

struct AttentionShape {
  int batch;
  int seq;
  int d_model;
  int n_heads;
};

// Torch-layout (unpacked) weights.
struct AttentionWeights {
  const float* in_proj_weight;   // (3d, d)
  const float* in_proj_bias;     // (3d)
  const float* out_proj_weight;  // (d, d)
  const float* out_proj_bias;    // (d)
};

// The part between the projections.
// qkv: (batch*seq, 3d), rows [q | k | v]; ctx: (batch*seq, d), heads concatenated;
// attn: (batch, heads, seq, seq) or null;
// workspace: attention_core_workspace_floats(s) floats (one head's scores, Q and context, and
// K and V packed as GEMM weights).
std::size_t attention_core_workspace_floats(AttentionShape s);
void attention_core(float* ctx, float* attn, const float* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s, float* workspace);
// Backward of attention_core, from the forward's qkv and attention probabilities attn
// (batch, heads, seq, seq) — the mask is already in attn: padded keys have weight 0 and get zero
// gradient, and a fully padded row (all zeros) gives zeros, never NaN. Per head, with
// S = Q Kᵀ / sqrt(hd), P = softmax(S), ctx = P V and G = dctx:
//   dV += Pᵀ G,   dS = P * (G Vᵀ - rowsum(P * G Vᵀ)),   dQ += dS K / sqrt(hd),   dK += dSᵀ Q /
//   sqrt(hd)
// dqkv (batch*seq, 3d) is laid out like qkv and is added into (see linear.hpp);
// dctx: (batch*seq, d); workspace: attention_core_backward_workspace_floats(s) floats.
std::size_t attention_core_backward_workspace_floats(AttentionShape s);
void attention_core_backward(float* dqkv, const float* dctx, const float* qkv, const float* attn,
                             AttentionShape s, float* workspace);

// Whole block, x and out: (batch, seq, d). Packs the weights per call, into the workspace:
// multi_head_attention_workspace_floats(s) floats.
std::size_t multi_head_attention_workspace_floats(AttentionShape s);
void multi_head_attention(float* out, float* attn, const float* x,
                          const std::uint8_t* key_padding_mask, const AttentionWeights& w,
                          AttentionShape s, float* workspace);

namespace ref {
void attention_core(float* ctx, float* attn, const float* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s);
// Templates over the storage type (float and double; see linear.hpp).
template <class T>
void attention_core(T* ctx, T* attn, const T* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s);
template <class T>
void attention_core_backward(T* dqkv, const T* dctx, const T* qkv, const T* attn, AttentionShape s);
void multi_head_attention(float* out, float* attn, const float* x,
                          const std::uint8_t* key_padding_mask, const AttentionWeights& w,
                          AttentionShape s);
}  // namespace ref

}  // namespace normwave
