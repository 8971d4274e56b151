// SPDX-License-Identifier: MIT
// Where llvmpipe and softpipe disagree (texture-unit-facts.md 4.3, docs/gl-oracle.md), with both answers
// computed by hand. tmu's texture unit picks a side (or a policy) on each; its differential tests expect the
// difference on the other driver.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "gl_oracle.h"
#include "gl_oracle_test_util.h"

namespace tmu::test::gltest {
namespace {

class GlKnownDifference : public ::testing::Test {
 protected:
  // Runs the queries on llvmpipe (default path) and softpipe.
  void both(const gl::Texture& t, const gl::Sampler& s, const std::vector<gl::Query>& q) {
    for (Driver d : {Driver::llvmpipe, Driver::softpipe}) {
      auto o = GlOracle::shared(d);
      ASSERT_TRUE(o) << o.error();
      (d == Driver::llvmpipe ? lp : sp) = run(**o, t, s, q);
    }
  }
  void SetUp() override { TMU_SKIP_WITHOUT_GL_ORACLE(); }
  std::vector<gl::QueryResult> lp, sp;
};

// Cube face ties |x| = |y| (= |z|): llvmpipe prefers z over y over x, softpipe x over y over z.
TEST_F(GlKnownDifference, CubeFaceTieBreak) {
  const auto t = rgba32f(Target::cube, 2, 2, 1, 1, 1, texel_id);  // blue = 16 * face
  both(t, {},
       {gl::txl({1, 1, 0}, 0), gl::txl({1, 1, 1}, 0), gl::txl({-1, 1, -1}, 0), gl::txl({0, -1, 1}, 0)});
  const float lp_face[] = {2, 4, 5, 4}, sp_face[] = {0, 0, 1, 3};  // +Y +Z -Z +Z vs +X +X -X -Y
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(lp[i].f(2), 16 * lp_face[i]) << "llvmpipe, query " << i;
    EXPECT_EQ(sp[i].f(2), 16 * sp_face[i]) << "softpipe, query " << i;
  }
}

// Array layer from a float coordinate: llvmpipe rounds to nearest even, softpipe floor(z + 0.5).
TEST_F(GlKnownDifference, ArrayLayerRounding) {
  const auto t = rgba32f(Target::tex2d_array, 2, 2, 1, 4, 1, texel_id);  // blue = 16 * layer
  both(t, {},
       {gl::txl({0.5f, 0.5f, 0.5f}, 0), gl::txl({0.5f, 0.5f, 1.5f}, 0), gl::txl({0.5f, 0.5f, 2.5f}, 0),
        gl::txl({0.5f, 0.5f, 1.4999999f}, 0), gl::txl({0.5f, 0.5f, -0.7f}, 0),
        gl::txl({0.5f, 0.5f, 9.0f}, 0)});
  const float lp_layer[] = {0, 2, 2, 1, 0, 3},
              sp_layer[] = {1, 2, 3, 1, 0, 3};  // both clamp to [0, layers-1]
  for (std::size_t i = 0; i < 6; ++i) {
    EXPECT_EQ(lp[i].f(2), 16 * lp_layer[i]) << "llvmpipe, query " << i;
    EXPECT_EQ(sp[i].f(2), 16 * sp_layer[i]) << "softpipe, query " << i;
  }
}

// NEAREST_MIPMAP_NEAREST at LOD k + 0.5: llvmpipe rounds to nearest even, softpipe floor(lod + 0.5).
TEST_F(GlKnownDifference, NearestMipAtHalfLod) {
  gl::Sampler s;
  s.mip = gl::MipFilter::nearest;
  both(level_ids(), s,
       {gl::txl({0.3f, 0.3f}, 0.5f), gl::txl({0.3f, 0.3f}, 1.5f), gl::txl({0.3f, 0.3f}, 2.5f)});
  const float lp_level[] = {0, 2, 2}, sp_level[] = {1, 2, 3};
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(lp[i].f(0), lp_level[i]) << "llvmpipe, query " << i;
    EXPECT_EQ(sp[i].f(0), sp_level[i]) << "softpipe, query " << i;
  }
}

// Depth compare with LINEAR filtering: llvmpipe compares each texel and filters the results (PCF), softpipe
// filters the depths and compares once (0 or 1). Texels 0.25 and 0.75, ref 0.5, LEQUAL: texel 0 fails, 1
// passes.
TEST_F(GlKnownDifference, ShadowPcfVersusBinary) {
  gl::Texture t;
  t.format = Format::depth32f;
  t.width = 2;
  t.levels = {gl::bytes_of(std::vector<float>{0.25f, 0.75f})};
  gl::Sampler s;
  s.min = s.mag = gl::Filter::linear;
  s.wrap_s = gl::Wrap::clamp_to_edge;
  s.compare = true;
  s.func = gl::CompareFunc::lequal;
  // u = 0.375: x = 0.25, weight 1/4 on texel 1 -> PCF 0.25; filtered depth 0.375 < 0.5 -> 0.
  // u = 0.625: weight 3/4 -> PCF 0.75; filtered depth 0.625 >= 0.5 -> 1.
  both(t, s, {gl::txl({0.375f, 0.5f}, 0).with_ref(0.5f), gl::txl({0.625f, 0.5f}, 0).with_ref(0.5f)});
  EXPECT_FLOAT_EQ(lp[0].f(0), 0.25f);
  EXPECT_FLOAT_EQ(lp[1].f(0), 0.75f);
  EXPECT_EQ(sp[0].f(0), 0.0f);
  EXPECT_EQ(sp[1].f(0), 1.0f);
}

// texelFetch outside the level: llvmpipe returns 0 (as Maxwell's TLD does), softpipe clamps to the edge.
TEST_F(GlKnownDifference, TexelFetchOutOfRange) {
  const auto t = rgba32f(Target::tex2d, 4, 4, 1, 1, 2, texel_id);
  both(t, {},
       {gl::txf({4, 0}, 0), gl::txf({-1, 2}, 0), gl::txf({1, 1}, 2), gl::txf({0, 0}, 0).with_offset(-1, 0)});
  for (std::size_t i = 0; i < 4; ++i)
    EXPECT_EQ(floats(lp[i]), (Vec4{0, 0, 0, 0})) << "llvmpipe, query " << i;
  EXPECT_EQ(floats(sp[0]), texel_id(0, 0, 3, 0, 0));
  EXPECT_EQ(floats(sp[1]), texel_id(0, 0, 0, 2, 0));
  EXPECT_EQ(floats(sp[3]), texel_id(0, 0, 0, 0, 0));
}

// Integer border colours outside the format's range: llvmpipe clamps them to the format (255 for RGBA8UI),
// softpipe returns them as given.
TEST_F(GlKnownDifference, IntegerBorderOutOfRange) {
  gl::Texture t;
  t.format = Format::rgba8ui;
  t.levels = {gl::bytes_of(std::vector<uint8_t>{1, 2, 3, 4})};
  gl::Sampler s;
  s.wrap_s = s.wrap_t = gl::Wrap::clamp_to_border;
  s.border_int = {static_cast<int32_t>(0xfffffff0u), 256, 2, 3};
  both(t, s, {gl::txl({1.5f, 0.5f}, 0)});
  EXPECT_EQ(lp[0].pixel[0].bits, (std::array<uint32_t, 4>{255, 255, 2, 3}));
  EXPECT_EQ(sp[0].pixel[0].bits, (std::array<uint32_t, 4>{0xfffffff0u, 256, 2, 3}));
}

// SNORM -128 (the one value below -1): llvmpipe clamps it to -1 as GL requires; softpipe returns -128/127.
TEST_F(GlKnownDifference, SnormMinusOne) {
  gl::Texture t;
  t.format = Format::rgba8_snorm;
  t.levels = {gl::bytes_of(std::vector<int8_t>{-128, 0, 0, 0})};
  both(t, {}, {gl::txf({0, 0}, 0)});
  EXPECT_EQ(lp[0].f(0), -1.0f);
  EXPECT_FLOAT_EQ(sp[0].f(0), -128.0f / 127.0f);
}

// LOD of a 45-degree rotated footprint of 4 texels per pixel (log2 4 = 2): llvmpipe measures the derivative
// vectors' length (about 2), softpipe the largest absolute component, 4/sqrt(2), so 1.5.
TEST_F(GlKnownDifference, LodOfRotatedFootprint) {
  gl::Sampler s;
  s.min = gl::Filter::linear;
  s.mip = gl::MipFilter::linear;
  const float k = 4.0f / 64 / std::sqrt(2.0f);
  both(level_ids(), s, {gl::lod(gl::make_quad({0.3f, 0.3f, 0, 0}, {k, k, 0, 0}, {-k, k, 0, 0}))});
  EXPECT_NEAR(lp[0].f(1), 2.0f, 0.05f);
  EXPECT_NEAR(sp[0].f(1), 1.5f, 0.01f);
}

// llvmpipe's AoS fast path (8-bit formats, linear min and mag filters) quantizes: bilinear weights to 8 bits,
// v = rne(256 x) (x the texel-space coordinate), texel v >> 8, weight (v & 255) / 256, and the result to
// unorm8. GALLIVM_PERF=no_aos_sampling (llvmpipe's SoA path) and softpipe filter in float. Texels 0 and 255
// (0.0, 1.0).
TEST_F(GlKnownDifference, LlvmpipeAosEightBitWeights) {
  gl::Texture t;
  t.width = 2;
  t.levels = {gl::bytes_of(std::vector<uint8_t>{0, 0, 0, 0, 255, 255, 255, 255})};
  gl::Sampler s;
  s.min = s.mag = gl::Filter::linear;
  s.wrap_s = gl::Wrap::clamp_to_edge;
  // x = 2u - 0.5 for u = (x + 0.5) / 2: dyadic fractions keep both exact in fp32.
  const float fracs[] = {409.0f / 4096, 1229.0f / 4096, 2253.0f / 4096, 1.0f / 512, 3.0f / 512};
  std::vector<gl::Query> q;
  for (float f : fracs)
    q.push_back(gl::txl({(f + 0.5f) / 2, 0.5f}, 0));
  both(t, s, q);
  auto soa = GlOracle::shared(Driver::llvmpipe, "no_aos_sampling");
  ASSERT_TRUE(soa) << soa.error();
  const auto float_path = run(**soa, t, s, q);
  for (std::size_t i = 0; i < std::size(fracs); ++i) {
    const double f = static_cast<double>(fracs[i]);
    const double w =
        static_cast<double>(std::lrint(256 * f)) / 256;  // round half to even: 1/512 -> 0, 3/512 -> 2/256
    EXPECT_EQ(lp[i].f(0), static_cast<float>(std::floor(255 * w + 0.5)) * (1.0f / 255)) << "AoS, x = " << f;
    EXPECT_EQ(float_path[i].f(0), fracs[i]) << "SoA, x = " << f;
    EXPECT_EQ(sp[i].f(0), fracs[i]) << "softpipe, x = " << f;
  }
}

// sRGB decode: softpipe computes it in float (within 4e-8 of the exact curve), llvmpipe (AoS and SoA) with an
// approximation that is up to 1.2e-3 off (8-bit value 128: 0.21664 instead of 0.21586).
TEST_F(GlKnownDifference, SrgbDecodePrecision) {
  gl::Texture t;
  t.format = Format::srgb8_alpha8;
  t.levels = {gl::bytes_of(std::vector<uint8_t>{128, 64, 200, 255})};
  both(t, {}, {gl::txf({0, 0}, 0)});
  const double want[] = {std::pow((128 / 255.0 + 0.055) / 1.055, 2.4),
                         std::pow((64 / 255.0 + 0.055) / 1.055, 2.4),
                         std::pow((200 / 255.0 + 0.055) / 1.055, 2.4)};
  for (int c = 0; c < 3; ++c) {
    EXPECT_NEAR(sp[0].f(c), want[c], 4e-8) << "component " << c;
    EXPECT_NEAR(lp[0].f(c), want[c], 1.2e-3) << "component " << c;
  }
  EXPECT_GT(std::abs(lp[0].f(0) - want[0]), 5e-4);
}

}  // namespace
}  // namespace tmu::test::gltest
