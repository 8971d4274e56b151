// SPDX-License-Identifier: MIT
// Running a `tmu sample` spec: the texture is built in a TextureSet (header and sampler pools in GPU memory, texels
// in the header's memory layout), every request goes through the texture unit, and the results are printed as
// JSON with exact values (hex floats and register bits).
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "common/result.h"
#include "sample/spec.h"
#include "texunit/policy.h"
#include "texunit/request.h"

namespace tmu::sample {

struct Outcome {
  texunit::TextureHeader header;       // as written to the header pool (with its address)
  std::array<uint32_t, 8> tic{}, tsc{};  // the descriptors' words
  std::vector<texunit::Response> responses;  // one per request
};

Result<Outcome> run_spec(const Spec& spec, const std::filesystem::path& base_dir,
                         const texunit::Policy& policy = texunit::Policy::nvidia());

// The results as JSON text (docs/texunit.md, "tmu sample"): deterministic, one line per lane.
std::string results_json(const Spec& spec, const Outcome& outcome);

// "0x1.8p-1", "-0x0p+0", "inf", "nan": the float with these bits, exactly.
std::string hex_float(uint32_t bits);

}  // namespace tmu::sample
