#!/usr/bin/env bash
# Build normwave: native (build/native, for the doctest suite), WebAssembly (build/wasm), then
# assemble dist/ (what the npm package ships and the page serves).
#   NW_SKIP_NATIVE=1  skip the native build
# Each build dir is configured once (when it has no build.ninja); after that Ninja re-runs CMake
# itself whenever CMakeLists.txt changes.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Debian's emcc needs acorn & co. from /usr/share/nodejs when it links with -O2/-O3.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

step() { printf '\n== build: %s\n' "$*"; }

if [[ ${NW_SKIP_NATIVE:-0} != 1 ]]; then
  step native
  if [[ ! -f build/native/build.ninja ]]; then
    cmake -S . -B build/native -G Ninja -DCMAKE_BUILD_TYPE=Release
  fi
  cmake --build build/native
else
  step "native skipped (NW_SKIP_NATIVE=1)"
fi

step wasm
if [[ ! -f build/wasm/build.ninja ]]; then
  emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/bin/node
fi
cmake --build build/wasm

step dist
esbuild=node_modules/.bin/esbuild
[[ -x $esbuild ]] || { echo "build: $esbuild not found — run scripts/setup.sh (npm ci) first" >&2; exit 1; }
# One esbuild run with code splitting for the library, the figures, the article and embed.html,
# plus the one-file build; types, assets, sizes (scripts/build-web.mjs says what goes where).
node scripts/build-web.mjs
cp web/head.js dist/
# The article in Korean (dist/index.html) and English (dist/en/index.html), pre-rendered, with its
# share image; each figure's page with its picture drawn by Chromium (figure/<id>/, en/figure/<id>/);
# then .br/.gz beside every compressible file (scripts/serve.mjs sends them).
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/prerender.mjs
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/figure-pages.mjs
node scripts/compress.mjs dist
