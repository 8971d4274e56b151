#!/usr/bin/env bash
# Builds tmu and runs its main job.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/release --target tmu
build/release/tools/tmu demo "$@"
