#!/usr/bin/env bash
# Builds tmu and runs every test: unit tests, oracle differential tests (nvdisasm, ptxas), a sanitizer
# (AddressSanitizer + UndefinedBehaviorSanitizer) build of the tests, and short libFuzzer runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --oracles

export TMU_REQUIRE_ORACLES=1
jobs=$(nproc)

echo "== release build and tests"
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/release
ctest --test-dir build/release --output-on-failure -j"$jobs"

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build and tests"
cmake -S . -B build/asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DTMU_SANITIZE=ON -DTMU_BENCH=OFF >/dev/null
cmake --build build/asan
TMU_ORACLE_WORDS=150 TMU_ORACLE_REJECTS=2 ctest --test-dir build/asan --output-on-failure -j"$jobs"

echo "== libFuzzer (clang)"
cmake -S . -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DTMU_FUZZ=ON -DTMU_TESTS=OFF -DTMU_BENCH=OFF >/dev/null
cmake --build build/fuzz
# The cubin fuzzer starts from real ptxas output.
mkdir -p build/fuzz/corpus/fuzz_cubin
for ptx in tests/fuzz/seeds/cubin/*.ptx; do
  "${TMU_CACHE:-$HOME/.cache/tmu}/cuda-11.8/bin/ptxas" -arch=sm_52 "$ptx" -o "build/fuzz/corpus/fuzz_cubin/$(basename "$ptx" .ptx).cubin"
done
for f in build/fuzz/tests/fuzz/fuzz_*; do
  [ -x "$f" ] || continue
  name=$(basename "$f")
  corpus="build/fuzz/corpus/$name"
  mkdir -p "$corpus"
  echo "-- $name (${TMU_FUZZ_SECONDS:-30} s)"
  seeds=tests/fuzz/seeds/"${name#fuzz_}"
  log="build/fuzz/$name.log"
  rm -f build/fuzz/"$name"-*
  if ! "$f" -max_total_time="${TMU_FUZZ_SECONDS:-30}" -timeout=10 -rss_limit_mb=4096 \
      -artifact_prefix="build/fuzz/$name-" "$corpus" "$seeds" >"$log" 2>&1; then
    # A finding: print the report and the input (base64), so a CI log alone is enough to reproduce it.
    echo "!! $name found a failure:"
    grep -v -E '^#[0-9]+' "$log" | tail -80
    for a in build/fuzz/"$name"-*; do
      [ -f "$a" ] || continue
      echo "-- input $a (base64; decode it and run: $f FILE)"
      base64 -w 120 "$a"
    done
    exit 1
  fi
  tail -2 "$log"
done
echo "== all tests passed"
