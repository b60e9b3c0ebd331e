// Direct wasm exports for the hot elementwise entry points: plain C functions on wasm-memory
// addresses, called from web/api/norms.js as Module._nw_<op>. Embind stays the
// binding layer for everything else (embind.cpp); these skip its invoker, which costs more than
// the whole 1x8 LayerNorm (scripts/bench/call-cost.mjs measures both). Same arguments as the
// Embind functions of the same op: outputs first, sizes last, element counts only, null = absent.
// Nothing here checks: web/api/ has checked every argument and taken every address.
#include <emscripten/emscripten.h>

#include "normwave/norms.hpp"

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
