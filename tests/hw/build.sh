#!/usr/bin/env bash
# Builds tmu_cuda_oracle (tests/hw/README.md) with nvcc and the host C++ compiler: the CUDA file as C++17 (what
# every nvcc accepts), the host side as C++20. Needs only the CUDA toolkit, no tmu build.
#   tests/hw/build.sh OUTPUT_BINARY [nvcc arch flags, default: -arch=native]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:?usage: build.sh OUTPUT_BINARY [nvcc flags]}
shift
arch=("$@")
[ ${#arch[@]} -gt 0 ] || arch=(-arch=native)
NVCC=${NVCC:-nvcc}
CXX=${CXX:-g++}
obj=$(mktemp -d)
trap 'rm -rf "$obj"' EXIT
inc=(-I"$root/src" -I"$root/tests/support" -I"$here")
for f in tests/hw/cuda_oracle_main.cpp tests/support/gl_oracle_wire.cpp tests/support/gl_oracle_types.cpp; do
  "$CXX" -std=c++20 -O2 -Wall -Wextra "${inc[@]}" -c "$root/$f" -o "$obj/$(basename "$f").o"
done
"$NVCC" ${NVCC_FLAGS:-} -std=c++17 -O2 "${arch[@]}" "${inc[@]}" -c "$here/cuda_sampler.cu" -o "$obj/cuda_sampler.o"
"$NVCC" ${NVCC_FLAGS:-} "${arch[@]}" "$obj"/*.o -o "$out"
