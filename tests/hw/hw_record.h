// SPDX-License-Identifier: MIT
// A recording of the hardware check (tests/hw/README.md): each case's category, its request (texture, sampler,
// queries, in the GL oracle's wire format) and the GPU's response, after a "device" line naming the GPU. The
// recordings in tests/hw/recorded/ are gzip'd; reading takes plain or gzip'd files. Judging runs the same
// requests on tmu's texture unit and tallies agreement per category.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "common/result.h"
#include "gl_oracle_wire.h"
#include "hw_cases.h"
#include "texunit/policy.h"

namespace tmu::test::hw {

inline constexpr std::string_view kRecordMagic = "tmu-hw-record 1";

struct RecordedCase {
  std::string category;
  gl::Request request;
  std::vector<gl::QueryResult> gpu;  // empty with `error` set when the GPU side refused the request
  std::string error;
};

struct Recording {
  std::string device;   // tmu_cuda_oracle's "ready" line: GPU, driver, runtime, options
  std::vector<RecordedCase> cases;
};

// Pairs the cases with tmu_cuda_oracle's output (its "ready" line, then one response per request).
Result<std::string> write_recording(const std::vector<HwCase>& cases, const std::string& oracle_output);
Result<Recording> read_recording(const std::string& path);

// How tmu's answer compares with the GPU's, per category.
struct Tally {
  int queries = 0;
  int exact = 0;          // every pixel's every component bit for bit (NaNs: any NaN matches any NaN)
  int within_2e16 = 0;    // largest component difference <= 2^-16 (and not exact)
  int within_2e8 = 0;     // <= 2^-8
  int beyond = 0;         // > 2^-8, or integer results that differ
  double max_diff = 0;
  std::string worst;      // the query with the largest difference, described
};

struct NamedPolicy {
  std::string name;
  texunit::Policy policy;
};
// tmu's NVIDIA policy and the variants of each named choice (policy.h), to see which the GPU bears out.
std::vector<NamedPolicy> policy_variants();

// tmu's answer to every query of a recorded case, with the texture as CUDA described it (cuda_view) and texel
// fetches as TLD.CL (edge clamp): PTX integer-coordinate lookups compile to TLD.LL.CL (ptxas).
std::vector<Result<gl::QueryResult>> tmu_answers(const RecordedCase& c, const texunit::Policy& policy);

// Tallies per category for one policy (tmu_answers against the GPU's).
std::map<std::string, Tally> judge(const Recording& r, const texunit::Policy& policy);

std::string describe_query(const gl::Query& q);

// The texture as CUDA's driver describes it to the hardware: what texture_desc() in cuda_oracle_main.cpp
// cannot say in a gl::Texture (the swizzle of formats with fewer than four components).
gl::Texture cuda_view(gl::Texture t);

}  // namespace tmu::test::hw
