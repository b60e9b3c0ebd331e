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

// Empty when cfg is usable; otherwise a message naming the field and the sizes involved.
std::string validate(const EncoderConfig& cfg);

struct ParamSpec {
  std::string name;         // e.g. "layers.0.self_attn.in_proj_weight"
  std::vector<int> shape;   // e.g. {3 * d_model, d_model}
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

class Encoder {
 public:
  // Precondition: validate(cfg) is empty. Starts with init_parameters(seed).
  explicit Encoder(const EncoderConfig& cfg, std::uint32_t seed = 0);

  const EncoderConfig& config() const { return cfg_; }
  const std::vector<ParamSpec>& specs() const { return specs_; }
  // Torch-layout values, one per spec.
  const std::vector<std::vector<float>>& parameters() const { return params_; }

  // Replaces every parameter: values[i] points at specs()[i].numel floats. All or nothing.
  void set_parameters(const std::vector<const float*>& values);
  void randomize(std::uint32_t seed);

  // x, out: (batch, seq, d_model); mask: (batch, seq) or null, nonzero = <PAD>;
  // attn: (n_layers, batch, n_heads, seq, seq) or null. out may alias x.
  // Work buffers grow to the largest batch*seq seen and are reused.
  void forward(float* out, float* attn, const float* x, const std::uint8_t* mask, int batch,
               int seq);

 private:
  void repack();

  EncoderConfig cfg_;
  std::vector<ParamSpec> specs_;
  std::vector<std::vector<float>> params_;
  std::vector<std::vector<float>> packed_;  // packed linear weights, 4 per layer
  std::vector<float> work_;
};

namespace ref {
// params: one pointer per parameter_specs(cfg) entry. Same shapes as Encoder::forward.
void encoder_forward(float* out, float* attn, const float* x, const std::uint8_t* mask,
                     const EncoderConfig& cfg, const std::vector<const float*>& params, int batch,
                     int seq);
}  // namespace ref

}  // namespace normwave
