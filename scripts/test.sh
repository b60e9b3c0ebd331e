#!/usr/bin/env bash
# Run every normwave suite in order, stopping at the first failure:
#   setup (with the consumer apps' installs) -> format (the whole tree, scripts/format.mjs) -> build -> ctest (native) -> ctest under ASan + UBSan (build/asan) -> a short libFuzzer
#   run of each target (build/fuzz) -> ctest (wasm) -> node --test tests/js -> node --test tests/browser
# The sanitizer builds (clang-14) are made here, not in build.sh, so `npm start` stays fast.
#   FUZZ_SECONDS=20  seconds per fuzz target (npm run fuzz runs them longer)
#   NW_BROWSER_JOBS=2  browser test files run at once
# Concurrency is explicit (a container may report the host's cores while it is given two), every
# test has a time limit (a hang fails by name) and so does every node stage (40 min at most).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
export LC_NUMERIC=C

timings=()
now() { date +%s%N; }

suite() {  # suite NAME COMMAND...
  local name=$1; shift
  printf '\n=== test: %s — %s\n' "$name" "$*"
  local t0 rc=0
  t0=$(now)
  "$@" || rc=$?
  local secs
  secs=$(printf '%.1f' "$(( ($(now) - t0) / 1000000 ))e-3")
  local line
  line=$(printf '%-14s %6s s' "$name" "$secs")
  if (( rc != 0 )); then
    timings+=("$line  FAILED (exit $rc)")
    printf '\n=== test: FAILED: %s (exit %d) after %s s\n' "$name" "$rc" "$secs"
    summary
    exit "$rc"
  fi
  timings+=("$line  ok")
  printf '=== test: %s ok in %s s\n' "$name" "$secs"
}

summary() {
  printf '\n=== test: timings\n'
  printf '  %s\n' "${timings[@]}"
}

has_tests() { compgen -G "$1/*.test.mjs" >/dev/null; }

# The doctest suite built with clang-14 -fsanitize=address,undefined: any report fails it.
asan() {
  if [[ ! -f build/asan/build.ninja ]]; then
    CXX=clang++-14 cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNORMWAVE_SANITIZE=ON
  fi
  cmake --build build/asan && ctest --test-dir build/asan --output-on-failure
}

suite setup   bash scripts/setup.sh --consumers
suite format  node scripts/format.mjs
suite build   bash scripts/build.sh
if [[ ${NW_SKIP_NATIVE:-0} != 1 ]]; then
  suite ctest-native ctest --test-dir build/native --output-on-failure
  suite asan-ubsan asan
  suite fuzz env FUZZ_SECONDS="${FUZZ_SECONDS:-20}" bash scripts/fuzz.sh
fi
suite ctest-wasm ctest --test-dir build/wasm --output-on-failure
if has_tests tests/js; then
  suite node-js timeout -k 30 1200 node --test --test-concurrency=2 --test-timeout=300000 tests/js/
else
  echo "=== test: node-js skipped (no tests/js/*.test.mjs)"
fi
if has_tests tests/browser; then
  suite browser timeout -k 30 2400 node --test --test-concurrency="${NW_BROWSER_JOBS:-2}" --test-timeout=240000 tests/browser/
else
  echo "=== test: browser skipped (no tests/browser/*.test.mjs)"
fi

summary
echo "=== test: all suites passed"
