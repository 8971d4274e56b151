#!/usr/bin/env bash
# The GPU half of the hardware check (tests/hw/README.md), for a machine with an NVIDIA GPU and the CUDA toolkit:
# builds tmu_cuda_oracle and answers REQUESTS twice, with CUDA's trilinear optimization off (off.txt) and on
# (on.txt), into OUTDIR with the tool versions, the build log and the oracle's SASS.
#   tests/hw/run_on_gpu.sh REQUESTS OUTDIR
set -uo pipefail
requests=${1:?usage: run_on_gpu.sh REQUESTS OUTDIR}
out=${2:?usage: run_on_gpu.sh REQUESTS OUTDIR}
cd "$(dirname "$0")/../.."
export PATH=$PATH:/usr/local/cuda/bin
{ nvidia-smi -L; nvidia-smi --query-gpu=driver_version --format=csv,noheader; nvcc --version | tail -2; "${CXX:-g++}" --version | head -1; } 2>&1 | tee "$out/versions.txt"
oracle=/tmp/tmu_cuda_oracle
if ! tests/hw/build.sh "$oracle" -arch=native > "$out/build.log" 2>&1; then
  echo "-arch=native failed; trying sm_90" | tee -a "$out/build.log"
  tests/hw/build.sh "$oracle" -arch=sm_90 >> "$out/build.log" 2>&1 || { cat "$out/build.log"; exit 1; }
fi
cuobjdump -sass "$oracle" | gzip > "$out/sass.txt.gz"
for mode in off on; do
  flag=; [ "$mode" = on ] && flag=--trilinear-optimization
  start=$SECONDS
  timeout 240 "$oracle" $flag < "$requests" > "$out/$mode.txt" 2> "$out/$mode.err"
  echo "$mode: exit $?, $((SECONDS - start)) s, $(grep -c '^ok' "$out/$mode.txt") answered, $(grep -c '^error' "$out/$mode.txt") refused"
  grep '^error' "$out/$mode.txt" | sort | uniq -c | head -20
done
head -1 "$out/off.txt"
