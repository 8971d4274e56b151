#!/usr/bin/env bash
# Builds tmu and runs every test: unit tests, oracle differential tests (nvdisasm, ptxas), a sanitizer
# (AddressSanitizer + UndefinedBehaviorSanitizer) build of the tests, and short libFuzzer runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --oracles

export TMU_REQUIRE_ORACLES=1
jobs=$(nproc)

echo "== release build (GCC) and tests"
# CI builds without debug information: the code is the same, and -g costs a fifth of the compile time.
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" \
  >/dev/null
cmake --build build/release
ctest --test-dir build/release --output-on-failure -j"$jobs"

# One clang build serves the sanitizers and the fuzzers: everything is compiled with AddressSanitizer and
# UndefinedBehaviorSanitizer, the libraries also with libFuzzer's coverage (TMU_FUZZ); the tests run there, then
# the fuzz targets.
# Unoptimised (-O0) to keep the instrumented build short. The oracle tests check a sample of what the release stage
# checked in full (the same oracles): fewer random words and no refused ones per form, a quarter of the whole-space
# sweep, every fourth corpus entry (tests/support/oracle.h).
# hw.gputex is left to the release stage: it judges the texture unit's numbers on 18k recorded GPU lookups
# against statistical floors (no sampling keeps those), which the unoptimised build takes minutes to compute.
echo "== AddressSanitizer + UndefinedBehaviorSanitizer build (clang) and tests"
cmake -S . -B build/check -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O0 -gline-tables-only" \
  -DCMAKE_CXX_COMPILER=clang++ -DTMU_FUZZ=ON -DTMU_BENCH=OFF >/dev/null
cmake --build build/check
TMU_ORACLE_WORDS=64 TMU_ORACLE_REJECTS=0 TMU_SWEEP_WORDS=2500 TMU_CORPUS_STRIDE=4 \
  ctest --test-dir build/check --output-on-failure -j"$jobs" \
  -E '^hw\.gputex'

echo "== libFuzzer"
# The cubin fuzzer starts from real ptxas output.
mkdir -p build/check/corpus/fuzz_cubin
for ptx in tests/fuzz/seeds/cubin/*.ptx; do
  "${TMU_CACHE:-$HOME/.cache/tmu}/cuda-11.8/bin/ptxas" -arch=sm_52 "$ptx" -o "build/check/corpus/fuzz_cubin/$(basename "$ptx" .ptx).cubin"
done
for f in build/check/tests/fuzz/fuzz_*; do
  [ -x "$f" ] || continue
  name=$(basename "$f")
  corpus="build/check/corpus/$name"
  mkdir -p "$corpus"
  echo "-- $name (${TMU_FUZZ_SECONDS:-20} s)"
  seeds=tests/fuzz/seeds/"${name#fuzz_}"
  log="build/check/$name.log"
  rm -f build/check/"$name"-*
  if ! "$f" -max_total_time="${TMU_FUZZ_SECONDS:-20}" -timeout=10 -rss_limit_mb=4096 \
      -artifact_prefix="build/check/$name-" "$corpus" "$seeds" >"$log" 2>&1; then
    # A finding: print the report and the input (base64), so a CI log alone is enough to reproduce it.
    echo "!! $name found a failure:"
    grep -v -E '^#[0-9]+' "$log" | tail -80
    for a in build/check/"$name"-*; do
      [ -f "$a" ] || continue
      echo "-- input $a (base64; decode it and run: $f FILE)"
      base64 -w 120 "$a"
    done
    exit 1
  fi
  tail -2 "$log"
done
echo "== all tests passed"
