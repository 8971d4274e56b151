// SPDX-License-Identifier: MIT
// Reading float immediates: nvdisasm's own texts give back their bits; other decimal numbers round to nearest.
#include <gtest/gtest.h>

#include "isa/sm50/float_text.h"

namespace tmu::isa::sm50 {
namespace {

TEST(FloatText, DecimalsRoundToNearest) {
  EXPECT_EQ(parse_f32_text("0.1"), 0x3dcccccdu);           // 0.1 lies between 0x3dcccccc and ..cd, nearer ..cd
  EXPECT_EQ(parse_f32_text("0.10000000149011611938"), 0x3dcccccdu);
  EXPECT_EQ(parse_f32_text("-2"), 0xc0000000u);
  EXPECT_EQ(parse_f32_text("1e39"), std::nullopt);         // beyond the largest float
  EXPECT_EQ(parse_f16_text("0.1"), 0x2e66u);               // 0.0999755859375
  EXPECT_EQ(parse_f16_text("65504"), 0x7bffu);
  EXPECT_EQ(parse_f16_text("65520"), std::nullopt);        // halfway to 65536, which rounds up past the largest half
  EXPECT_EQ(parse_f16_text("5.9604644775390625e-08"), 0x0001u);  // the smallest subnormal
  EXPECT_EQ(parse_f16_text("2.98e-08"), 0x0000u);          // just under half of it
  EXPECT_EQ(parse_f64_text("0.1"), 0x3fb999999999999aull);
  EXPECT_EQ(parse_f32_text("+INF "), 0x7f800000u);
  EXPECT_EQ(parse_f32_text("-0.0 "), 0x80000000u);
  EXPECT_EQ(parse_f32_text("x1"), std::nullopt);
}

}  // namespace
}  // namespace tmu::isa::sm50
