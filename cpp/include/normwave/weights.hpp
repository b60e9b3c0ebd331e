// Loading an Encoder's parameters from a parsed .safetensors file, by state_dict name.
#pragma once

#include <string>

#include "normwave/encoder.hpp"
#include "normwave/safetensors.hpp"

namespace normwave {

// Copies every parameter_specs() tensor named `prefix + spec.name` from file into enc, converting
// F16/BF16 to float. All or nothing: on any problem enc keeps its previous weights and the
// returned message names the tensor and the shapes involved. strict also refuses tensors the
// encoder does not know (as torch's load_state_dict(strict=True) does). Empty on success.
std::string load_parameters(Encoder& enc, const safetensors::File& file, const std::string& prefix = "",
                            bool strict = true);

}  // namespace normwave
