// Direct wasm exports for the hot elementwise entry points: plain C functions on wasm-memory
// addresses, called from web/api/norms.js through heap.raw (Module._nw_<op>). They are the rows
// of the op table with transport raw, named as the rows list them. Embind is the binding layer
// for everything else (embind.cpp); these skip its invoker, which costs more than the whole 1x8
// LayerNorm (scripts/bench/call-cost.mjs measures both). Outputs first, sizes last, element
// counts only, null = absent. Nothing here checks: web/api/ has checked every argument and taken
// every address.
#include <emscripten/emscripten.h>

#include "bind.hpp"
#include "normwave/norms.hpp"

using normwave::Op;

extern "C" {

EMSCRIPTEN_KEEPALIVE void nw_layer_norm(float* out, float* mean, float* var, const float* x,
                                        const float* gamma, const float* beta, int rows, int dim,
                                        float eps) {
  normwave::layer_norm(out, mean, var, x, gamma, beta, rows, dim, eps);
}

EMSCRIPTEN_KEEPALIVE void nw_rms_norm(float* out, float* rms, const float* x, const float* gamma,
                                      int rows, int dim, float eps) {
  normwave::rms_norm(out, rms, x, gamma, rows, dim, eps);
}

EMSCRIPTEN_KEEPALIVE void nw_batch_norm(float* out, float* mean, float* var, const float* x,
                                        const float* gamma, const float* beta, int rows, int dim,
                                        float eps) {
  normwave::batch_norm(out, mean, var, x, gamma, beta, rows, dim, eps);
}

}  // extern "C"

// Each export above is named as its row lists it.
NW_CHECK_BINDING(Op::layer_norm, "nw_layer_norm");
NW_CHECK_BINDING(Op::rms_norm, "nw_rms_norm");
NW_CHECK_BINDING(Op::batch_norm, "nw_batch_norm");
