// Loading an Encoder's parameters from a parsed .safetensors file, by state_dict name.
#pragma once

#include <cstddef>
#include <string>

#include "normwave/encoder.hpp"
#include "normwave/safetensors.hpp"

namespace normwave {

// Copies every parameter_specs() tensor named `prefix + spec.name` from file into enc, converting
// F16/BF16 to float. All or nothing: on any problem enc keeps its previous weights and the
// Status's message names the tensor and the shapes involved. strict also refuses tensors the
// encoder does not know (as torch's load_state_dict(strict=True) does).
Status load_parameters(Encoder& enc, const safetensors::File& file, const std::string& prefix = "",
                       bool strict = true);

// An upper bound on what parsing a file with a header of header_size bytes and then
// load_parameters(enc, …) allocate together (the parsed File lives through the load):
// safetensors::parse_work_bytes plus a staged float copy of every parameter (the load is all
// or nothing) and two pointers per parameter.
std::size_t load_work_bytes(const Encoder& enc, std::size_t header_size);

}  // namespace normwave
