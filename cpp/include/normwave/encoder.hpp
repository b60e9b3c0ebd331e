// Transformer encoder like torch.nn.TransformerEncoder of torch.nn.TransformerEncoderLayer
// (batch_first=True, dropout off).
//   https://pytorch.org/docs/stable/generated/torch.nn.TransformerEncoderLayer.html
//   Post-LN (norm_first = false):  x = LN1(x + SA(x));   x = LN2(x + FFN(x))
//   Pre-LN  (norm_first = true):   x = x + SA(LN1(x));   x = x + FFN(LN2(x))
//   FFN(x) = linear2(act(linear1(x))), act = ReLU or exact GELU; optional final LayerNorm.
// Parameter names and shapes are those of TransformerEncoder(...).state_dict().
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "normwave/status.hpp"

namespace normwave {

enum class Activation { relu, gelu };

struct EncoderConfig {
  int d_model = 0;
  int n_heads = 0;
  int d_ff = 0;
  int n_layers = 1;
  bool norm_first = false;
  Activation activation = Activation::relu;
  float eps = 1e-5f;
  bool final_norm = false;
};

// ok() when cfg is usable; otherwise the message names the field and the sizes involved.
Status validate(const EncoderConfig& cfg);

struct ParamSpec {
  std::string name;        // e.g. "layers.0.self_attn.in_proj_weight"
  std::vector<int> shape;  // e.g. {3 * d_model, d_model}
  std::size_t numel;
};

// In state_dict() order: per layer self_attn.in_proj_weight, self_attn.in_proj_bias,
// self_attn.out_proj.weight, self_attn.out_proj.bias, linear1.weight, linear1.bias,
// linear2.weight, linear2.bias, norm1.weight, norm1.bias, norm2.weight, norm2.bias;
// then norm.weight, norm.bias when final_norm.
std::vector<ParamSpec> parameter_specs(const EncoderConfig& cfg);

// Fills params (one vector per spec) with PyTorch's default initialisation schemes
// (xavier-uniform in_proj, U(±1/sqrt(fan_in)) linears, zero attention biases,
// LayerNorm 1/0), drawn from a seeded generator.
void init_parameters(std::vector<std::vector<float>>& params, const EncoderConfig& cfg,
                     std::uint32_t seed);
// The same values into one flat array of parameter_count(cfg) floats, in spec order.
void init_parameters(float* flat, const EncoderConfig& cfg, std::uint32_t seed);

// Floats an Encoder holds for cfg: its parameters and the packed copies of its linear weights.
// Like every size below, saturates at SIZE_MAX rather than wrapping (wasm32's size_t is 32 bits).
std::size_t encoder_weight_floats(const EncoderConfig& cfg);

// Floats of workspace Encoder::forward takes for (batch, seq): the residual stream, attention's
// q/k/v and context, the FFN hidden, LN1's output (Pre-LN) and attention_core's workspace.
std::size_t encoder_forward_workspace_floats(const EncoderConfig& cfg, int batch, int seq);

// Floats of one layer's attention maps for (batch, seq): batch * n_heads * seq * seq.
std::size_t encoder_attention_floats(const EncoderConfig& cfg, int batch, int seq);

// Bytes constructing an Encoder of cfg allocates at most, the object itself included, each
// allocation counted with kAllocOverhead (sizes.hpp): encoder_weight_floats(cfg) floats and the
// parameter names and shapes.
std::size_t encoder_heap_bytes(const EncoderConfig& cfg);

class Encoder {
 public:
  // Precondition: validate(cfg).ok(). Starts with init_parameters(seed). The only allocations
  // of an Encoder are here (encoder_heap_bytes(cfg) bytes at most).
  explicit Encoder(const EncoderConfig& cfg, std::uint32_t seed = 0);

  const EncoderConfig& config() const { return cfg_; }
  const std::vector<ParamSpec>& specs() const { return specs_; }
  // Torch-layout values, one per spec.
  const std::vector<std::vector<float>>& parameters() const { return params_; }

  // Replaces every parameter: values[i] points at specs()[i].numel floats. All or nothing.
  void set_parameters(const std::vector<const float*>& values);
  // The same from parameter_count(config()) floats, every parameter in spec order.
  void set_parameters(const float* flat);
  void randomize(std::uint32_t seed);

  // x, out: (batch, seq, d_model); mask: (batch, seq) or null, nonzero = <PAD>;
  // attn: (n_layers, batch, n_heads, seq, seq) or null, encoder_attention_floats per layer.
  // out may alias x.
  // workspace: encoder_forward_workspace_floats(config(), batch, seq) floats. Allocates nothing.
  // states: (n_layers, batch, seq, d_model) or null: each layer's output, before the final norm
  // (HuggingFace's hidden_states without the input).
  void forward(float* out, float* attn, const float* x, const std::uint8_t* mask, int batch,
               int seq, float* workspace, float* states = nullptr);

 private:
  void repack();

  EncoderConfig cfg_;
  std::vector<ParamSpec> specs_;
  std::vector<std::vector<float>> params_;
  std::vector<std::vector<float>> packed_;  // packed linear weights, 4 per layer
};

// ---- Training: a forward that keeps its activations, and the backward that reuses them ------
// Parameters and gradients are flat: every parameter_specs(cfg) tensor in that order (the
// state_dict order), each in its torch layout, concatenated: parameter_count(cfg) floats.
// encoder_backward ADDS into dx and dparams (see linear.hpp): zero dparams before a step.
//
// What the forward keeps (`saved`, encoder_saved_floats(cfg, batch, seq) floats), with
// R = batch * seq rows, d = d_model, f = d_ff, H = n_heads, S = seq, per layer:
//   Post-LN: layer input x (R d), qkv (3 R d), attention probabilities (batch H S S), context
//            (R d), x + SA(x) (R d), h = LN1(x + SA(x)) (R d), FFN hidden (R f), h + FFN(h) (R d),
//            LN1 and LN2 mean and variance (4 R):                     R (8d + f + 4) + batch H S^2
//   Pre-LN:  layer input x (R d), LN1(x) (R d), qkv (3 R d), attention probabilities (batch H S S),
//            context (R d), x1 = x + SA(LN1 x) (R d), LN2(x1) (R d), FFN hidden (R f),
//            LN1 and LN2 mean and variance (4 R):                     R (8d + f + 4) + batch H S^2
//   The FFN hidden is ReLU's output, or GELU's input (GELU's output is recomputed in the backward).
//   With final_norm, also the final LayerNorm's input and its mean and variance: R (d + 2).
// The tiny sort model (d 64, 4 heads, d_ff 128, 2 Pre-LN layers, final norm, batch 256, seq 8):
//   2 * (2048 * 644 + 65,536) + 2048 * 66 = 2,904,064 floats = 11,616,256 bytes (11.1 MiB).
//
// workspace: encoder_train_workspace_floats(cfg, batch, seq) floats, for either call.
// Neither call allocates. mask: (batch, seq) or null, nonzero = <PAD> (as Encoder::forward);
// the backward reads the mask from the saved attention probabilities. out may alias x.
std::size_t parameter_count(const EncoderConfig& cfg);
std::size_t encoder_saved_floats(const EncoderConfig& cfg, int batch, int seq);
std::size_t encoder_train_workspace_floats(const EncoderConfig& cfg, int batch, int seq);
// Where layer l's attention probabilities (batch, n_heads, seq, seq) sit inside `saved`, in floats.
std::size_t encoder_saved_attention_offset(const EncoderConfig& cfg, int batch, int seq, int layer);
void encoder_forward_train(float* out, float* saved, const float* x, const std::uint8_t* mask,
                           const float* params, const EncoderConfig& cfg, int batch, int seq,
                           float* workspace);
// dout: gradient of out (batch, seq, d); dx: gradient of x or null; dparams: parameter_count
// floats. saved and params must be those of the forward (params unchanged since).
void encoder_backward(float* dx, float* dparams, const float* dout, const float* saved,
                      const float* params, const EncoderConfig& cfg, int batch, int seq,
                      float* workspace);

namespace ref {
// params: one pointer per parameter_specs(cfg) entry. Same shapes as Encoder::forward.
void encoder_forward(float* out, float* attn, const float* x, const std::uint8_t* mask,
                     const EncoderConfig& cfg, const std::vector<const float*>& params, int batch,
                     int seq);
// Templates over the storage type (float and double; see linear.hpp).
template <class T>
void encoder_forward(T* out, T* attn, const T* x, const std::uint8_t* mask,
                     const EncoderConfig& cfg, const std::vector<const T*>& params, int batch,
                     int seq);
// Runs its own forward (allocating), then the backward from ref kernels: adds the gradients of
// sum(out * dout) into dx (or null) and into dparams (one pointer per parameter_specs entry).
template <class T>
void encoder_backward(T* dx, const std::vector<T*>& dparams, const T* dout, const T* x,
                      const std::uint8_t* mask, const EncoderConfig& cfg,
                      const std::vector<const T*>& params, int batch, int seq);
}  // namespace ref

}  // namespace normwave
