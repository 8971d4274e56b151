// SPDX-License-Identifier: MIT
// The requests of the hardware check (tests/hw/README.md): probes of the precision questions (filter weights,
// coordinate precision, LOD and its fraction, mip rounding, LOD clamps and bias), every format CUDA arrays
// hold, address modes and borders, cube maps, arrays, 3D, gathers, offsets, texel fetches and anisotropic
// filtering, as GL-oracle requests (gl_oracle_types.h) that tmu_cuda_oracle runs on a GPU and
// texunit_gl_bridge.h runs on tmu. Deterministic: the same cases on every machine and compiler.
#pragma once

#include <string>
#include <vector>

#include "gl_oracle_types.h"

namespace tmu::test::hw {

struct HwCase {
  std::string category;  // what the case probes (the tallies are per category)
  gl::Texture texture;
  gl::Sampler sampler;
  std::vector<gl::Query> queries;
};

std::vector<HwCase> hw_cases();

}  // namespace tmu::test::hw
