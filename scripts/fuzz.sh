#!/usr/bin/env bash
# Build the libFuzzer targets (build/fuzz: clang-14, -fsanitize=fuzzer,address,undefined) and run
# each one for a bounded time, all at once (libFuzzer is single-threaded; 2 cores share 4 targets).
#   FUZZ_SECONDS=300   seconds per target (npm run fuzz: 300; npm test: 20)
#   FUZZ_TARGETS="safetensors kernels"   a subset of: safetensors load_parameters kernels sizes
# Seeds: tests/fuzz/corpus/<target>/ (committed, read only). New coverage goes to
# build/fuzz/corpus/<target>/, logs to build/fuzz/logs/, and any crash to build/fuzz/artifacts/
# (reproduce with: build/fuzz/fuzz_<target> <file>). Exits non-zero if any target fails.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${FUZZ_SECONDS:-300}
targets=(${FUZZ_TARGETS:-safetensors load_parameters kernels sizes})
dir=build/fuzz

command -v clang++-14 >/dev/null || { echo "fuzz: clang++-14 not found — run scripts/setup.sh" >&2; exit 1; }
if [[ ! -f $dir/build.ninja ]]; then
  CXX=clang++-14 cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DNORMWAVE_FUZZ=ON -DNORMWAVE_TESTS=OFF
fi
cmake --build "$dir"

mkdir -p "$dir/logs" "$dir/artifacts"
pids=()
for t in "${targets[@]}"; do
  mkdir -p "$dir/corpus/$t"
  "$dir/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$dir/artifacts/$t-" "$dir/corpus/$t" "tests/fuzz/corpus/fuzz_$t" \
    >"$dir/logs/$t.log" 2>&1 &
  pids+=($!)
done

failed=0
printf '\n%-16s %12s %8s %10s %8s  %s\n' target executions exec/s 'new units' 'rss MB' result
for i in "${!targets[@]}"; do
  t=${targets[$i]}
  rc=0
  wait "${pids[$i]}" || rc=$?
  log=$dir/logs/$t.log
  field() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
  result=ok
  (( rc == 0 )) || { result="FAILED (exit $rc)"; failed=1; }
  printf '%-16s %12s %8s %10s %8s  %s\n' "$t" "$(field number_of_executed_units)" \
    "$(field average_exec_per_sec)" "$(field new_units_added)" "$(field peak_rss_mb)" "$result"
done
if (( failed )); then
  for t in "${targets[@]}"; do
    log=$dir/logs/$t.log
    if grep -qE 'ERROR|invariant failed|runtime error' "$log"; then
      printf '\n--- %s (%s)\n' "$t" "$log"
      grep -E -A12 'invariant failed|runtime error|ERROR: ' "$log" | head -40
      grep -E 'Test unit written to' "$log" || true
    fi
  done
  exit 1
fi
echo "fuzz: ${#targets[@]} target(s), ${seconds} s each, no crash"
