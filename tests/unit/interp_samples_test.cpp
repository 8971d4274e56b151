// SPDX-License-Identifier: MIT
// Standard sample positions and the centroid rule.
#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "interp/sample_pattern.h"

namespace tmu::interp {
namespace {

// Vulkan's standard sample locations ("Multisampling", standard sample locations table), in [0, 1) of the pixel.
const std::vector<std::pair<double, double>> kVulkan2{{0.75, 0.75}, {0.25, 0.25}};
const std::vector<std::pair<double, double>> kVulkan4{{0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}};
const std::vector<std::pair<double, double>> kVulkan8{{0.5625, 0.3125}, {0.4375, 0.6875}, {0.8125, 0.5625},
                                                      {0.3125, 0.1875}, {0.1875, 0.8125}, {0.0625, 0.4375},
                                                      {0.6875, 0.9375}, {0.9375, 0.0625}};

TEST(SamplePattern, MatchesVulkanStandardLocations) {
  for (const auto& [n, table] : {std::pair{SampleCount::X1, std::vector<std::pair<double, double>>{{0.5, 0.5}}},
                                 std::pair{SampleCount::X2, kVulkan2}, std::pair{SampleCount::X4, kVulkan4},
                                 std::pair{SampleCount::X8, kVulkan8}}) {
    const auto pattern = standard_sample_pattern(n);
    ASSERT_EQ(pattern.size(), table.size());
    std::set<std::pair<int, int>> distinct;
    for (std::size_t s = 0; s < pattern.size(); ++s) {
      EXPECT_EQ(0.5 + pattern[s].dx / 16.0, table[s].first) << sample_count(n) << "x sample " << s;
      EXPECT_EQ(0.5 + pattern[s].dy / 16.0, table[s].second) << sample_count(n) << "x sample " << s;
      EXPECT_GE(pattern[s].dx, -8);
      EXPECT_LE(pattern[s].dx, 7);
      EXPECT_GE(pattern[s].dy, -8);
      EXPECT_LE(pattern[s].dy, 7);
      distinct.insert({pattern[s].dx, pattern[s].dy});
    }
    EXPECT_EQ(distinct.size(), pattern.size());
  }
}

TEST(SamplePattern, CountsAndMasks) {
  EXPECT_EQ(full_mask(SampleCount::X1), 0x1);
  EXPECT_EQ(full_mask(SampleCount::X4), 0xf);
  EXPECT_EQ(full_mask(SampleCount::X8), 0xff);
  EXPECT_EQ(sample_count_from(8), SampleCount::X8);
  EXPECT_FALSE(sample_count_from(3).has_value());
  EXPECT_FALSE(sample_count_from(16).has_value());
  EXPECT_FALSE(sample_count_from(0).has_value());
}

TEST(Centroid, FirstCoveredSampleUnlessAllOrNone) {
  const auto p8 = standard_sample_pattern(SampleCount::X8);
  for (unsigned s = 0; s < 8; ++s) {
    EXPECT_EQ(centroid_offset(SampleCount::X8, static_cast<SampleMask>(1u << s)), p8[s]);
    // Any mask whose lowest set bit is s (and that is not full) gives sample s.
    const auto m = static_cast<SampleMask>((0xffu << s) & 0x7fu);
    if (m != 0 && m != 0xff && (m & (1u << s))) {
      EXPECT_EQ(centroid_offset(SampleCount::X8, m), p8[s]);
    }
  }
  EXPECT_EQ(centroid_offset(SampleCount::X8, 0xff), (SampleOffset{0, 0}));
  EXPECT_EQ(centroid_offset(SampleCount::X8, 0x00), (SampleOffset{0, 0}));
  EXPECT_EQ(centroid_offset(SampleCount::X4, 0b1100), (SampleOffset{-6, 2}));  // sample 2
  EXPECT_EQ(centroid_offset(SampleCount::X4, 0xf0), (SampleOffset{0, 0}));     // bits past the count: none covered
  EXPECT_EQ(centroid_offset(SampleCount::X2, 0b10), (SampleOffset{-4, -4}));
  EXPECT_EQ(centroid_offset(SampleCount::X1, 0b1), (SampleOffset{0, 0}));
}

}  // namespace
}  // namespace tmu::interp
