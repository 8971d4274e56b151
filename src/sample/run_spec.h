// SPDX-License-Identifier: MIT
// Running a `tmu sample` spec: the texture and sampler are bound as the IR interpreter's texture and sampler 0
// (header and sampler pools in GPU memory, texels in the header's memory layout), every request runs as a
// one-instruction IR shader through the interpreter (request_shader.h), and the results are printed as JSON
// with exact values: NIR's result from the shader's output, and the texture-unit request and registers it made.
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

struct RequestOutcome {
  texunit::Request request;    // what the interpreter sent the texture unit (the instruction and its operands)
  texunit::Response response;  // the unit's registers
  // NIR's result per lane (the instruction's components; lanes past the request's are zero).
  unsigned components = 0;
  std::array<std::array<uint32_t, 4>, texunit::kWarpSize> result{};
};

struct Outcome {
  texunit::TextureHeader header;         // as written to the header pool (with its address)
  std::array<uint32_t, 8> tic{}, tsc{};  // the descriptors' words
  std::vector<RequestOutcome> requests;  // one per request
};

Result<Outcome> run_spec(const Spec& spec, const std::filesystem::path& base_dir,
                         const texunit::Policy& policy = texunit::Policy::nvidia());

// The results as JSON text (docs/texunit.md, "tmu sample"): deterministic, one line per lane.
std::string results_json(const Spec& spec, const Outcome& outcome);

// "0x1.8p-1", "-0x0p+0", "inf", "nan": the float with these bits, exactly.
std::string hex_float(uint32_t bits);

}  // namespace tmu::sample
