// Multi-head self-attention like torch.nn.MultiheadAttention (batch_first, self-attention).
//   https://pytorch.org/docs/stable/generated/torch.nn.MultiheadAttention.html
//
// Weights in torch layout: in_proj_weight (3d, d) packing [W_q; W_k; W_v], in_proj_bias (3d),
// out_proj.weight (d, d), out_proj.bias (d). Head h uses features [h*hd, (h+1)*hd), hd = d / heads.
//   A_h = softmax(Q_h K_hᵀ / sqrt(hd) with padded keys masked),  out = concat_h(A_h V_h) · W_oᵀ + b_o
// key_padding_mask: (batch, seq) bytes or null, nonzero = <PAD> key (torch's True). A query whose
// keys are all padding gets an all-zero attention row (torch: NaN), so its context is 0 and its
// output is out_proj.bias.
#pragma once

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
// attn: (batch, heads, seq, seq) or null; scores: seq*seq floats of scratch.
void attention_core(float* ctx, float* attn, const float* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s, float* scores);

// Whole block, x and out: (batch, seq, d). Convenience path that packs the weights per call.
void multi_head_attention(float* out, float* attn, const float* x,
                          const std::uint8_t* key_padding_mask, const AttentionWeights& w,
                          AttentionShape s);

namespace ref {
void attention_core(float* ctx, float* attn, const float* qkv, const std::uint8_t* key_padding_mask,
                    AttentionShape s);
void multi_head_attention(float* out, float* attn, const float* x,
                          const std::uint8_t* key_padding_mask, const AttentionWeights& w,
                          AttentionShape s);
}  // namespace ref

}  // namespace normwave
