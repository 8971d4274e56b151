#!/usr/bin/env bash
# Builds tmu and runs its main job: `tmu render`, which draws the embedded scene (a flagstone floor receding to
# the horizon, sampled with 16x anisotropic trilinear filtering by a SASS fragment program on the warp executor)
# into tmu-render.png. Arguments go to `tmu render` (see `tmu render --help`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/release --target tmu
build/release/tools/tmu render "$@"
