#!/usr/bin/env bash
# normwave toolchain check. Installs what is missing (Debian packages with apt-get when run as
# root, npm devDependencies with npm), and says "setup: all tools present" when nothing was needed.
# Idempotent; a no-op run takes well under a second. Downloads nothing except via apt-get and npm.
#   --bench      also Debian's PyTorch and ONNX (npm run bench)
#   --consumers  also the apps and tools the consumer tests build with (npm test): each folder
#                tests/consumers/<name>/ with a package.json and its lockfile is installed with
#                `npm ci` into build/consumers/<name>/ (Next.js, Astro, Vite 5–7, TypeScript 5,
#                React's types), apart from the root install; again only when its lockfile changes
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bench=0 consumers=0
for arg in "$@"; do
  case $arg in
    --bench) bench=1 ;;
    --consumers) consumers=1 ;;
    *) echo "setup: unknown option $arg (--bench, --consumers)" >&2; exit 2 ;;
  esac
done

missing=()   # Debian packages to install
need() {     # need PACKAGE CHECK...  — queue PACKAGE unless every check passes
  local pkg=$1; shift
  local check
  for check in "$@"; do
    case $check in
      /*) compgen -G "$check" >/dev/null || { missing+=("$pkg"); return; } ;;  # a path or a glob
      *)  command -v "$check" >/dev/null 2>&1 || { missing+=("$pkg"); return; } ;;
    esac
  done
}

need emscripten   emcc em++ emcmake
need libxsimd-dev /usr/include/xsimd /usr/lib/x86_64-linux-gnu/cmake/xsimd
need doctest-dev  /usr/include/doctest
need cmake        cmake ctest
need ninja-build  ninja
need wabt         wasm-objdump
# clang-14 comes with emscripten; its libFuzzer and ASan/UBSan runtimes (tests/fuzz, the
# sanitizer suite) are in libclang-rt-14-dev.
need clang-14     clang++-14
need libclang-rt-14-dev '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' \
                        '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.asan-x86_64.a'
need binaryen     wasm-opt
need chromium     /usr/bin/chromium
# Hangul glyphs for the Korean page in headless Chromium screenshots (not needed to pass tests).
need fonts-nanum  /usr/share/fonts/truetype/nanum
# Java for the Closure Compiler (scripts/closure/) that shrinks the wasm modules' glue at link.
need default-jre-headless java
# `setup.sh --bench` (npm run bench): Debian's PyTorch and ONNX, for the onnxruntime-web peer's
# models (scripts/bench/make_onnx.py). The tests do not need them.
if (( bench )); then
  need python3-torch /usr/lib/python3/dist-packages/torch
  need python3-onnx  /usr/lib/python3/dist-packages/onnx
fi

# Node.js is not installed from here: Debian 12's own nodejs is 18, too old for this project.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "setup: node (>= 20) and npm are required but not found on PATH" >&2
  exit 1
fi
node_version=$(node --version)          # v20.20.2
node_major=${node_version#v}; node_major=${node_major%%.*}
if (( node_major < 20 )); then
  echo "setup: node >= 20 is required, found $node_version ($(command -v node))" >&2
  exit 1
fi

did=0
if (( ${#missing[@]} )); then
  apt_install=(apt-get install -y --no-install-recommends "${missing[@]}")
  if (( EUID == 0 )); then
    echo "setup: installing Debian packages: ${missing[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive "${apt_install[@]}"
    did=1
  else
    echo "setup: missing Debian packages: ${missing[*]}" >&2
    echo "setup: run as root:  apt-get update && DEBIAN_FRONTEND=noninteractive ${apt_install[*]}" >&2
    exit 1
  fi
fi

# npm devDependencies (package.json). npm writes node_modules/.package-lock.json on
# every install, so it is the stamp to compare the lockfile against.
stamp=node_modules/.package-lock.json
if [[ ! -d node_modules || ! -e $stamp || package.json -nt $stamp || ( -e package-lock.json && package-lock.json -nt $stamp ) ]]; then
  if [[ -e package-lock.json ]]; then
    echo "setup: npm ci"
    npm ci --no-audit --no-fund
  else
    echo "setup: npm install (no package-lock.json)"
    npm install --no-audit --no-fund
  fi
  touch "$stamp"
  did=1
fi

# The Closure Compiler for emcc --closure 1 (its Java flavour: --omit=optional skips the native
# builds), in a package of its own so the root install stays as it is.
closure=scripts/closure
if [[ ! -e $closure/node_modules/.package-lock.json || $closure/package-lock.json -nt $closure/node_modules/.package-lock.json ]]; then
  echo "setup: npm ci in $closure"
  npm ci --prefix "$closure" --omit=optional --no-audit --no-fund
  touch "$closure/node_modules/.package-lock.json"
  did=1
fi

if (( consumers )); then
  for lock in tests/consumers/*/package-lock.json; do
    src=$(dirname "$lock")
    dest=build/consumers/$(basename "$src")
    stamp=$dest/node_modules/.package-lock.json
    if [[ ! -e $stamp || $lock -nt $stamp || $src/package.json -nt $stamp ]]; then
      echo "setup: npm ci in $dest ($src)"
      mkdir -p "$dest"
      cp "$src/package.json" "$lock" "$dest/"
      (cd "$dest" && npm ci --no-audit --no-fund)
      touch "$stamp"
      did=1
    fi
  done
fi

if (( did )); then
  echo "setup: done"
else
  echo "setup: all tools present"
fi
