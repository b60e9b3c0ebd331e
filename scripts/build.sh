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
for f in build/wasm/normwave_wasm.mjs build/wasm/normwave_wasm.wasm \
         web/normwave.js web/normwave.single.js web/normwave.d.ts web/index.html web/page.js web/elements/index.js; do
  [[ -f $f ]] || { echo "build: missing $f" >&2; exit 1; }
done

# The JS sources import the Emscripten glue by a sibling path ('./normwave_wasm.mjs'), so bundle
# from a staging copy of web/ that has the glue next to it.
rm -rf build/web-stage
mkdir -p build/web-stage
cp -r web/. build/web-stage/
cp build/wasm/normwave_wasm.mjs build/wasm/normwave_wasm.wasm build/web-stage/
# The one-file build carries the .wasm gzipped (web/normwave.single.js inflates it with
# DecompressionStream): base64 of raw wasm gzips ~20 % worse than the wasm itself.
node -e "const z = require('zlib'), fs = require('fs'); fs.writeFileSync(process.argv[2], z.gzipSync(fs.readFileSync(process.argv[1]), { level: 9 }))" \
  build/wasm/normwave_wasm.wasm build/web-stage/normwave_wasm.wasm.gz
# The npm package says "sideEffects": false (true of the library), but the element modules
# register custom elements when imported: give the staged sources their own package scope.
echo '{ "private": true, "sideEffects": true }' > build/web-stage/package.json
node scripts/extract-kernel-source.mjs build/web-stage/lib/kernel-source.generated.js

rm -rf dist
mkdir -p dist
esbuild=node_modules/.bin/esbuild
[[ -x $esbuild ]] || { echo "build: $esbuild not found — run scripts/setup.sh (npm ci) first" >&2; exit 1; }
esbuild_flags=(--bundle --format=esm --platform=neutral --target=es2020 '--external:node:*' --log-level=warning)
# The library: readable, as an npm package ships it.
"$esbuild" build/web-stage/normwave.js "${esbuild_flags[@]}" --outfile=dist/normwave.mjs
# The one-file build inlines the .wasm bytes (esbuild's binary loader) and hands them to the
# same glue, so nothing is fetched: no data: URL request for a strict CSP to refuse.
# Minified: it is the one-script drop-in, with a size budget (80 KB gzipped).
"$esbuild" build/web-stage/normwave.single.js "${esbuild_flags[@]}" --loader:.gz=binary --minify --outfile=dist/normwave.single.mjs
# The figures for blogs (one script tag; the .wasm beside it) and the article page: minified.
"$esbuild" build/web-stage/elements/index.js "${esbuild_flags[@]}" --minify --main-fields=module,main --outfile=dist/normwave-elements.mjs
# The article: page.js and one entry per figure (dist/figures/nw-<name>.mjs, plus figures/index.mjs
# for all of them) in one run with code splitting, so the figures of a page share one library
# instance. Shared chunks sit in dist/ itself, where the wasm, models and fixtures resolve from
# import.meta.url; their names carry a content hash (served with a year's cache).
figure_entries=()
for f in build/web-stage/elements/nw-*.js; do
  name=$(basename "$f" .js)
  figure_entries+=("figures/$name=$f")
done
"$esbuild" "page=build/web-stage/page.js" "figures/index=build/web-stage/elements/index.js" "${figure_entries[@]}" \
  "${esbuild_flags[@]}" --minify --main-fields=module,main --splitting --outdir=dist \
  '--out-extension:.js=.mjs' '--chunk-names=[name]-[hash]'

cp build/wasm/normwave_wasm.wasm dist/
cp web/normwave.d.ts dist/normwave.d.ts
cp web/*.html web/page.css dist/
# PyTorch reference tensors, for the figures' live parity badges.
mkdir -p dist/golden
cp tests/golden/*.safetensors dist/golden/
# The tiny trained encoder of <nw-attention> (scripts/train_tiny.py).
mkdir -p dist/models
cp web/models/*.safetensors dist/models/
# KaTeX's stylesheet and fonts, served from our own origin.
mkdir -p dist/katex
cp node_modules/katex/dist/katex.min.css dist/katex/
cp -r node_modules/katex/dist/fonts dist/katex/
cp web/head.js dist/
# The article in Korean (dist/index.html) and English (dist/en/index.html), pre-rendered, with its
# share image; then .br/.gz beside every compressible file.
node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON scripts/prerender.mjs
node scripts/compress.mjs dist

echo
printf '%-28s %10s %10s\n' 'dist/' 'bytes' 'gzip -9'
for f in dist/* dist/en/* dist/figures/*; do
  [[ -f $f ]] || continue
  [[ $f == *.html || $f == *.mjs || $f == *.wasm || $f == *.css ]] || continue
  printf '%-28s %10d %10d\n' "${f#dist/}" "$(stat -c %s "$f")" "$(gzip -9c "$f" | wc -c)"
done
