// SPDX-License-Identifier: MIT
// tmu's texture unit (NVIDIA policy) against what an NVIDIA GPU answered to the same requests: the recording in
// tests/hw/recorded/ (tests/hw/README.md says how it was made and how to make another). The recording is the
// oracle here, so this test needs no GPU and runs everywhere.
//
// Each category of the recording is held to one of:
//   exact      every query bit for bit (NaNs: any NaN),
//   lod        every query exact, or exact once lambda moves by 1/256 or 2/256 (the LOD model: Rho::FourVectors
//              and the table log2 are fitted, not exact; judge(..., explain_lod) tries each step per query),
//   model      the LOD model, and every query it does not explain within the bound of a stated model of what
//              remains (kSnorm8Tie: hw_record.h),
//   known      a difference listed in docs/texunit.md ("Measured on a GPU") that no model bounds yet, held to the
//              difference it showed so that it cannot grow unnoticed.
// Every kind but exact also keeps `min_exact` exact answers (the agreement reached; a change that loses exact
// answers fails). A category in the recording but not in the table (hw_record.cpp, expectations) fails, so new
// probes get a verdict. The queries
// of each category alternate between a fit half and a check half (hw_record.h, Tally::half); the test prints
// both, and rules are found on the fit half (tests/hw/README.md).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>

#include "hw_record.h"

namespace tmu::test::hw {
namespace {

const char* kRecording = TMU_HW_RECORDED "/h100-sm90.txt.gz";

class Recorded : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto r = read_recording(kRecording);
    ASSERT_TRUE(r) << r.error();
    recording_ = new Recording(std::move(*r));
  }
  static void TearDownTestSuite() {
    delete recording_;
    recording_ = nullptr;
  }
  static Recording* recording_;
};
Recording* Recorded::recording_ = nullptr;

bool one_dimensional_fetch(const RecordedCase& c) {
  return c.category == "fetch" && c.request.texture.target == gl::Target::tex1d;
}

TEST_F(Recorded, EveryCaseWasAnswered) {
  ASSERT_NE(recording_, nullptr);
  EXPECT_NE(recording_->device.find("NVIDIA"), std::string::npos) << recording_->device;
  for (const RecordedCase& c : recording_->cases) EXPECT_FALSE(c.gpu.empty()) << c.category << ": " << c.error;
}

// CUDA's driver describes 1D arrays so that TLD (PTX's integer-coordinate tex.level.1d) reads zeros even
// inside the texture, which tmu's rule for a coordinate description unlike the header (seed 001) also gives;
// the bridge's 1D header differs from the driver's. The recording must show zeros there.
TEST_F(Recorded, OneDimensionalFetchesReadZerosThroughCuda) {
  ASSERT_NE(recording_, nullptr);
  int n = 0;
  for (const RecordedCase& c : recording_->cases) {
    if (!one_dimensional_fetch(c)) continue;
    for (const gl::QueryResult& r : c.gpu) {
      EXPECT_EQ(r[0].bits, (std::array<uint32_t, 4>{}));
      ++n;
    }
  }
  EXPECT_GT(n, 0);
}

TEST_F(Recorded, NvidiaPolicyAgreesWithTheGpu) {
  ASSERT_NE(recording_, nullptr);
  Recording rec = *recording_;
  std::erase_if(rec.cases, one_dimensional_fetch);
  const auto tallies = judge(rec, texunit::Policy::nvidia(), true);
  int queries = 0, exact = 0, explained = 0;
  int half_queries[2] = {}, half_exact[2] = {};
  for (const auto& [category, t] : tallies) {
    queries += t.queries;
    exact += t.exact;
    explained += t.lod_explained;
    for (int h = 0; h < 2; ++h) half_queries[h] += t.half[h].queries, half_exact[h] += t.half[h].exact;
    const auto it = expectations().find(category);
    if (it == expectations().end()) {
      ADD_FAILURE() << "category " << category << " has no expectation";
      continue;
    }
    const Expectation& e = it->second;
    const std::string what = fmt::format("{}: {} of {} exact (fit {}/{}, check {}/{}), {} more with the LOD model; largest "
                                         "difference it leaves {:.3g}: {}", category, t.exact, t.queries, t.half[0].exact,
                                         t.half[0].queries, t.half[1].exact, t.half[1].queries, t.lod_explained,
                                         t.max_unexplained, t.worst_unexplained);
    switch (e.kind) {
      case Expectation::exact: EXPECT_EQ(t.exact, t.queries) << what; break;
      case Expectation::lod: EXPECT_EQ(t.exact + t.lod_explained, t.queries) << what; break;
      case Expectation::model:
      case Expectation::known: EXPECT_LE(t.max_unexplained, e.bound) << what << " (" << e.why << ")"; break;
    }
    EXPECT_GE(t.exact, e.min_exact) << what;
  }
  std::printf("[ hw ] fit half %d of %d exact, check half %d of %d; %d more within the LOD model\n", half_exact[0],
              half_queries[0], half_exact[1], half_queries[1], explained);
  std::printf("[ hw ] %s: tmu (nvidia policy) exact on %d of %d queries\n", recording_->device.c_str(), exact, queries);
}

}  // namespace
}  // namespace tmu::test::hw
