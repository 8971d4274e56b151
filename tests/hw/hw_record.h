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

// How tmu's answer compares with the GPU's, per category. Each category's queries alternate between two halves in
// recording order (even: fit, odd: check): rules are found on the fit half, and the check half says how they
// hold on queries no choice was made on (tests/hw/README.md, "Fit and check halves").
struct Tally {
  int queries = 0;
  int exact = 0;          // every pixel's every component bit for bit (NaNs: any NaN matches any NaN)
  int within_2e16 = 0;    // largest component difference <= 2^-16 (and not exact)
  int within_2e8 = 0;     // <= 2^-8
  int beyond = 0;         // > 2^-8, or integer results that differ
  double max_diff = 0;
  std::string worst;      // the query with the largest difference, described
  // With judge(..., explain_lod): the queries that are not exact but are with lambda 1/256 or 2/256 away from tmu's
  // (kLodModelSteps: the fitted rho's error), and the largest difference among the queries that are neither.
  int lod_explained = 0;
  double max_unexplained = 0;
  std::string worst_unexplained;
  struct Half {
    int queries = 0, exact = 0, lod_explained = 0;
  };
  Half half[2];  // fit, check
};

// The LOD model's steps: a query whose GPU answer tmu gives with the sampler's LOD bias moved by one of these
// (in 1/256) is explained by a lambda that differs by as much.
inline constexpr int kLodModelSteps[] = {-1, 1, -2, 2};

struct NamedPolicy {
  std::string name;
  texunit::Policy policy;
};
// tmu's NVIDIA policy and the variants of each named choice (policy.h), to see which the GPU bears out.
std::vector<NamedPolicy> policy_variants();

// tmu's answer to every query of a recorded case, with the texture and sampler as CUDA described them (cuda_view,
// cuda_sampler) and texel
// fetches as TLD.CL (edge clamp): PTX integer-coordinate lookups compile to TLD.LL.CL (ptxas).
std::vector<Result<gl::QueryResult>> tmu_answers(const RecordedCase& c, const texunit::Policy& policy);

// Tallies per category for one policy (tmu_answers against the GPU's); with explain_lod, also which queries
// that are not exact the LOD model explains (Tally::lod_explained).
std::map<std::string, Tally> judge(const Recording& r, const texunit::Policy& policy, bool explain_lod = false);

// What each category of the recording is held to (hw_recorded_test.cpp says how; the PTX end-to-end test holds
// the categories that are exact here to every lookup exact through its kernels).
struct Expectation {
  enum Kind { exact, lod, model, known } kind;
  int min_exact = 0;
  double bound = 0;  // model, known: the largest difference the LOD model leaves
  const char* why = "";
};
// SNORM8 near a rounding tie of n = round(T 32767 / (256 127)) (filter.cpp, snorm8_of_sum): one unit of n, plus
// the fp32 rounding of the two results.
inline constexpr double kSnorm8Tie = 1.0 / 32767 + 0x1p-23;
const std::map<std::string, Expectation>& expectations();

std::string describe_query(const gl::Query& q);

// The texture as CUDA's driver describes it to the hardware: what texture_desc() in cuda_oracle_main.cpp
// cannot say in a gl::Texture (the swizzle of formats with fewer than four components).
gl::Texture cuda_view(gl::Texture t);
// The sampler as CUDA's driver describes it to the hardware: its LOD bias and clamps in 1/256, truncated towards
// zero (tests/hw lod-bias-precision).
gl::Sampler cuda_sampler(gl::Sampler s);

}  // namespace tmu::test::hw
