// The training half of normwave, imported on demand by loadNormwave({ training: true }): the
// training API (api/train.js). normwave_train.wasm (the forward library plus
// cpp/bindings/train.cpp) runs under the same Emscripten glue as normwave_wasm.wasm:
// scripts/build-web.mjs renames its imports to that glue's names (scripts/align-wasm-imports.mjs).
export { trainMethods } from './api/train.js';
