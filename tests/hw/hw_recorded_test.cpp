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
//              remains (kWeightUnit, kSnorm8Tie below),
//   known      a difference listed in docs/texunit.md ("Measured on a GPU") that no model bounds yet, held to the
//              difference it showed so that it cannot grow unnoticed.
// Every kind but exact also keeps `min_exact` exact answers (the agreement reached; a change that loses exact
// answers fails). A category in the recording but not in the table fails, so new probes get a verdict. The queries
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

struct Expectation {
  enum Kind { exact, lod, model, known } kind;
  int min_exact = 0;
  double bound = 0;  // model, known: the largest difference the LOD model leaves
  const char* why = "";
};

// One unit of one 8-bit tap weight moved to another tap (or lambda's 8-bit fraction one unit apart between two
// levels): the result moves by at most 1/256 of two texels' difference, plus the 16-bit result's last place.
constexpr double kWeightUnit = 1.0 / 256 + 0x1p-16;
// SNORM8 near a rounding tie of n = round(T 32767 / (256 127)) (filter.cpp, snorm8_of_sum): one unit of n, plus
// the fp32 rounding of the two results.
constexpr double kSnorm8Tie = 1.0 / 32767 + 0x1p-23;

const std::map<std::string, Expectation>& expectations() {
  static const std::map<std::string, Expectation> e = {
      // The precision model itself (policy.h): sub-texel rounding, 2^-22 coordinates, NEAREST's floor, the LOD
      // table and its clamps, NVIDIA's sRGB table, formats, gathers, texel fetches (TLD.CL).
      {"weights", {Expectation::exact}},
      {"weights-wide", {Expectation::exact}},
      {"coord-precision", {Expectation::exact}},
      {"format-point", {Expectation::exact}},
      {"srgb-table", {Expectation::exact}},
      {"gather", {Expectation::exact}},
      {"offset-gather", {Expectation::exact}},
      {"fetch", {Expectation::exact}},
      {"lod-isotropic", {Expectation::exact}},
      {"lod-explicit", {Expectation::exact}},
      {"lod-clamp-bias", {Expectation::exact}},
      {"mip-nearest", {Expectation::exact}},
      {"aniso-taps", {Expectation::exact}},
      {"cube-coord", {Expectation::exact}},
      {"cube", {Expectation::exact}},
      {"cube-seamless", {Expectation::exact}},
      {"cube-edge", {Expectation::exact}},
      {"wrap", {Expectation::exact}},
      {"mip-vs-flat-flat", {Expectation::exact}},
      {"mip-vs-flat-2x2", {Expectation::exact}},
      {"mip-vs-flat-mipped-point", {Expectation::exact}},
      {"mip-vs-flat-mipped", {Expectation::exact}},
      {"mip-footprint-clamp_to_edge", {Expectation::exact}},
      {"mip-footprint-repeat", {Expectation::exact}},
      {"mip-footprint-mirrored_repeat", {Expectation::exact}},
      {"tri-blend-1d", {Expectation::exact}},
      {"tri-blend-2d", {Expectation::exact}},
      {"tri-blend-4x4", {Expectation::exact}},
      {"tri-3d", {Expectation::exact}},
      {"tri-3d-mip", {Expectation::exact}},
      {"border-conversion", {Expectation::exact}},
      // UNORM8 / UNORM16 filtering in 16-bit fixed point, FLOAT16, FLOAT32 and sRGB as aligned sums
      // (Policy::unorm_fixed_point).
      {"filter-unorm8", {Expectation::exact}},
      {"filter-unorm16", {Expectation::exact}},
      {"filter-fp16", {Expectation::exact}},
      {"filter-srgb", {Expectation::exact}},
      {"filter-fp32", {Expectation::exact}},
      {"filter-2d", {Expectation::exact}},
      {"filter-mip", {Expectation::exact}},
      // The LOD model: every lookup whose LOD comes from gradients, exact or exact with lambda 1/256 or 2/256 away
      // (the fitted rho and table log2; cube-map sweeps: face-space differences unfolded across edges, as the
      // 2D rho).
      {"lod-shape", {Expectation::lod, 239}},
      {"lod-vector", {Expectation::lod, 542}},
      {"lod-vector-3d", {Expectation::lod, 39}},
      {"aniso-lod", {Expectation::lod, 217}},
      {"trilinear", {Expectation::lod, 82}},
      {"offset", {Expectation::lod, 62}},
      {"target-1d", {Expectation::lod, 59}},
      {"target-1d_array", {Expectation::lod, 61}},
      {"target-2d_array", {Expectation::lod, 58}},
      {"target-3d", {Expectation::lod, 54}},
      {"cube-lod-sweep", {Expectation::lod, 606}},
      // One 8-bit weight unit: sampler LOD biases that s5.8 does not hold (the driver's rounding: lambda 1/256
      // apart, so the blend one unit).
      {"lod-bias-precision", {Expectation::model, 17, kWeightUnit, "the driver's rounding of an s5.8 bias"}},
      // SNORM8 near a rounding tie (the rest of these categories is exact).
      {"filter-snorm8", {Expectation::model, 416, kSnorm8Tie, "SNORM8 n one unit below near a rounding tie"}},
      {"format-linear", {Expectation::model, 423, kSnorm8Tie, "SNORM8 n one unit below near a rounding tie"}},
      {"border", {Expectation::model, 119, kSnorm8Tie, "SNORM8 n one unit below near a rounding tie"}},
      // Known differences (docs/texunit.md).
      {"border-value", {Expectation::known, 180, 0.008, "CUDA's 8-bit sRGB border code for 0.4999 (188, tmu's bridge 187)"}},
      {"aniso", {Expectation::known, 42, 0.036, "anisotropic taps' stride and weights (docs/texunit.md)"}},
      // Cube-map LOD from random gradients that leave the face (with the derivative of the face coordinates: up to
      // 0.5, 1.7 and 0.3 apart).
      {"cube-lod", {Expectation::known, 38, 0.2, "cube-map LOD from gradients that leave the face"}},
      {"lod-vector-cube", {Expectation::known, 38, 0.41, "cube-map LOD from gradients that leave the face"}},
      {"target-cube_array", {Expectation::known, 54, 0.11, "cube-map LOD from gradients that leave the face"}},
  };
  return e;
}

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
