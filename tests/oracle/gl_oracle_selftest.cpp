// SPDX-License-Identifier: MIT
// Self-tests of the GL oracle (docs/gl-oracle.md) on llvmpipe and softpipe. Every expectation is computed by
// hand from the GL rules, not taken from the oracle's output: nearest and texel-centre bilinear samples
// return exact texels, sizes and level counts, fetches, wrap and border, gather order, mip selection. Where
// the drivers disagree: gl_oracle_known_differences_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>
#include <vector>

#include "gl_oracle.h"
#include "gl_oracle_test_util.h"

namespace tmu::test::gltest {
namespace {

class GlOracleDriver : public ::testing::TestWithParam<Config> {};
std::string config_name(const ::testing::TestParamInfo<Config>& i) {
  return i.param.label;
}
#define REQUIRE_ORACLE(var) TMU_REQUIRE_GL_ORACLE(var, GetParam().driver, GetParam().perf)

TEST_P(GlOracleDriver, StartsTheDriverAskedFor) {
  REQUIRE_ORACLE(gl);
  EXPECT_NE(gl.renderer().find(gl::name(GetParam().driver)), std::string::npos) << gl.renderer();
  // llvmpipe offers GL 4.5 core, softpipe 3.3 core.
  EXPECT_TRUE(gl.gl_version().starts_with(GetParam().driver == Driver::llvmpipe ? "4.5" : "3.3"))
      << gl.gl_version();
}

TEST_P(GlOracleDriver, NearestHitsExactTexels) {
  REQUIRE_ORACLE(gl);
  const auto t = rgba32f(Target::tex2d, 8, 4, 1, 1, 1, texel_id);
  std::vector<gl::Query> q;
  std::vector<Vec4> want;
  // Texel (x, y) covers [x/8, (x+1)/8) x [y/4, (y+1)/4): sample its centre and points near its corners.
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 8; ++x)
      for (float fx : {0.5f, 0.01f, 0.99f})
        for (float fy : {0.5f, 0.02f, 0.98f}) {
          q.push_back(gl::txl({(static_cast<float>(x) + fx) / 8, (static_cast<float>(y) + fy) / 4}, 0.0f));
          want.push_back(texel_id(0, 0, x, y, 0));
        }
  const auto r = run(gl, t, {}, q);
  for (std::size_t i = 0; i < q.size(); ++i)
    EXPECT_EQ(floats(r[i]), want[i]) << "query " << i << " at " << q[i].coord[0][0] << ","
                                     << q[i].coord[0][1];
}

TEST_P(GlOracleDriver, BilinearAtTexelCentresReturnsTheTexel) {
  REQUIRE_ORACLE(gl);
  const auto t = rgba32f(Target::tex2d, 4, 4, 1, 1, 1, texel_id);
  gl::Sampler s;
  s.min = s.mag = gl::Filter::linear;
  std::vector<gl::Query> q;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      q.push_back(gl::txl({(fl(x) + 0.5f) / 4, (fl(y) + 0.5f) / 4}, 0.0f));
  const auto r = run(gl, t, s, q);
  for (int i = 0; i < 16; ++i)
    EXPECT_EQ(floats(r[static_cast<std::size_t>(i)]), texel_id(0, 0, i % 4, i / 4, 0)) << i;
  // Half way between texels (0,0) and (1,0): the mean, exact in fp32.
  const auto mid = run(gl, t, s, {gl::txl({0.25f, 0.125f}, 0.0f)});
  EXPECT_EQ(floats(mid[0]), (Vec4{0.75f, 0.5f, 0.0f, 0.0f}));
}

// Sizes and level counts of every target, with each level's data.
TEST_P(GlOracleDriver, TextureSizeAndLevelsOfEveryTarget) {
  REQUIRE_ORACLE(gl);
  struct Case {
    Target target;
    int w, h, d, layers, levels;
  };
  const Case cases[] = {{Target::tex1d, 16, 1, 1, 1, 5},      {Target::tex2d, 16, 8, 1, 1, 4},
                        {Target::tex3d, 8, 4, 2, 1, 2},       {Target::cube, 8, 8, 1, 1, 4},
                        {Target::tex1d_array, 8, 1, 1, 3, 4}, {Target::tex2d_array, 8, 4, 1, 5, 3},
                        {Target::cube_array, 4, 4, 1, 2, 3}};
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(gl::name(c.target)));
    const auto t = rgba32f(c.target, c.w, c.h, c.d, c.layers, c.levels, texel_id);
    std::vector<gl::Query> q{gl::query_levels()};
    for (int l = 0; l < c.levels; ++l)
      q.push_back(gl::txs(l));
    const auto r = run(gl, t, {}, q);
    EXPECT_EQ(r[0].i(0), c.levels);
    for (int l = 0; l < c.levels; ++l) {
      const auto& z = r[static_cast<std::size_t>(l) + 1];
      const int w = std::max(1, c.w >> l), h = std::max(1, c.h >> l), d = std::max(1, c.d >> l);
      // textureSize: 1D (w), 1D array (w, layers), 2D and cube (w, h), 3D (w, h, d), 2D and cube arrays
      // (w, h, layers) — cube arrays count cubes, not faces.
      gl::IVec4 want{w, 0, 0, 0};
      switch (c.target) {
        case Target::tex1d:
          break;
        case Target::tex1d_array:
          want[1] = c.layers;
          break;
        case Target::tex2d:
        case Target::cube:
          want[1] = h;
          break;
        case Target::tex3d:
          want[1] = h, want[2] = d;
          break;
        case Target::tex2d_array:
        case Target::cube_array:
          want[1] = h, want[2] = c.layers;
          break;
      }
      EXPECT_EQ((gl::IVec4{z.i(0), z.i(1), z.i(2), z.i(3)}), want) << "level " << l;
    }
  }
}

// Nearest samples and fetches on every target hit the texel (and level, layer, face) they address.
TEST_P(GlOracleDriver, EveryTargetAddressesItsTexels) {
  REQUIRE_ORACLE(gl);
  // 1D: texel 5 of 8 at level 0; texel 1 of 2 at level 2.
  auto t = rgba32f(Target::tex1d, 8, 1, 1, 1, 3, texel_id);
  gl::Sampler s;
  s.mip = gl::MipFilter::nearest;
  auto r =
      run(gl, t, s, {gl::txl({5.5f / 8}, 0.0f), gl::txl({0.75f}, 2.0f), gl::txf({5}, 0), gl::txf({1}, 2)});
  EXPECT_EQ(floats(r[0]), texel_id(0, 0, 5, 0, 0));
  EXPECT_EQ(floats(r[1]), texel_id(2, 0, 1, 0, 0));
  EXPECT_EQ(floats(r[2]), texel_id(0, 0, 5, 0, 0));
  EXPECT_EQ(floats(r[3]), texel_id(2, 0, 1, 0, 0));
  // 1D array: layer 2, texel 3.
  t = rgba32f(Target::tex1d_array, 4, 1, 1, 3, 1, texel_id);
  r = run(gl, t, {}, {gl::txl({3.5f / 4, 2.0f}, 0.0f), gl::txf({3, 2}, 0)});
  EXPECT_EQ(floats(r[0]), texel_id(0, 2, 3, 0, 0));
  EXPECT_EQ(floats(r[1]), texel_id(0, 2, 3, 0, 0));
  // 3D: texel (3, 1, 2) of 4x4x4.
  t = rgba32f(Target::tex3d, 4, 4, 4, 1, 1, texel_id);
  r = run(gl, t, {}, {gl::txl({3.5f / 4, 1.5f / 4, 2.5f / 4}, 0.0f), gl::txf({3, 1, 2}, 0)});
  EXPECT_EQ(floats(r[0]), texel_id(0, 0, 3, 1, 2));
  EXPECT_EQ(floats(r[1]), texel_id(0, 0, 3, 1, 2));
  // 2D array: layer 3 of 4, texel (1, 2), level 1.
  t = rgba32f(Target::tex2d_array, 4, 8, 1, 4, 2, texel_id);
  r = run(gl, t, s, {gl::txl({1.5f / 2, 2.5f / 4, 3.0f}, 1.0f), gl::txf({1, 2, 3}, 1)});
  EXPECT_EQ(floats(r[0]), texel_id(1, 3, 1, 2, 0));
  EXPECT_EQ(floats(r[1]), texel_id(1, 3, 1, 2, 0));
  // Cube: texel (x, y) of face +Z is at direction (2s-1, -(2t-1), 1) (GL's face table: +Z has sc = rx,
  // tc = -ry); the major axis picks the face.
  t = rgba32f(Target::cube, 4, 4, 1, 1, 1, texel_id);
  r = run(gl, t, {},
          {gl::txl({2 * 2.5f / 4 - 1, -(2 * 0.5f / 4 - 1), 1.0f}, 0.0f), gl::txl({-1, 0.1f, 0.2f}, 0.0f),
           gl::txl({0.1f, -1, 0.2f}, 0.0f)});
  EXPECT_EQ(floats(r[0]), texel_id(0, 4, 2, 0, 0));
  EXPECT_EQ(floats(r[1])[2], 16.0f * 1);  // face -X
  EXPECT_EQ(floats(r[2])[2], 16.0f * 3);  // face -Y
  // Cube array: cube 1, face -Z (slice 6 + 5).
  t = rgba32f(Target::cube_array, 2, 2, 1, 2, 1, texel_id);
  r = run(gl, t, {}, {gl::txl({0.1f, 0.2f, -1, 1.0f}, 0.0f)});
  EXPECT_EQ(floats(r[0])[2], 16.0f * 11);
}

// Integer and unit-offset fetches; constant offsets move fetches and samples by whole texels.
TEST_P(GlOracleDriver, FetchesAndConstantOffsets) {
  REQUIRE_ORACLE(gl);
  const auto t = rgba32f(Target::tex2d, 8, 8, 1, 1, 1, texel_id);
  auto r = run(gl, t, {},
               {gl::txf({2, 3}, 0), gl::txf({2, 3}, 0).with_offset(-1, 2),
                gl::txl({2.5f / 8, 3.5f / 8}, 0).with_offset(3, -2),
                gl::txd({2.5f / 8, 3.5f / 8}, {}, {}).with_offset(1, 1),
                gl::tex(Vec4{2.5f / 8, 3.5f / 8}).with_offset(-2, 0)});
  EXPECT_EQ(floats(r[0]), texel_id(0, 0, 2, 3, 0));
  EXPECT_EQ(floats(r[1]), texel_id(0, 0, 1, 5, 0));
  EXPECT_EQ(floats(r[2]), texel_id(0, 0, 5, 1, 0));
  EXPECT_EQ(floats(r[3]), texel_id(0, 0, 3, 4, 0));
  EXPECT_EQ(floats(r[4]), texel_id(0, 0, 0, 3, 0));
}

// Wrap modes with nearest filtering on a 4-texel 1D texture (texel x holds x + 0.25 in red): the texel is
// floor(u * 4) after wrapping u (GL 4.6, 8.14.2).
TEST_P(GlOracleDriver, WrapModes) {
  REQUIRE_ORACLE(gl);
  const auto t = rgba32f(Target::tex1d, 4, 1, 1, 1, 1, texel_id);
  const float us[] = {1.1f, -0.1f, -0.9f, -1.5f, 1.5f, 2.3f};
  struct Case {
    gl::Wrap wrap;
    float want[6];  // red per u; -1 = border
  };
  const Case cases[] = {
      {gl::Wrap::repeat, {0, 3, 0, 2, 2, 1}},
      {gl::Wrap::mirrored_repeat, {3, 0, 3, 2, 2, 1}},
      {gl::Wrap::clamp_to_edge, {3, 0, 0, 0, 3, 3}},
      {gl::Wrap::clamp_to_border, {-1, -1, -1, -1, -1, -1}},
      {gl::Wrap::mirror_clamp_to_edge, {3, 0, 3, 3, 3, 3}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(gl::name(c.wrap)));
    gl::Sampler s;
    s.wrap_s = c.wrap;
    s.border = {-0.75f, 2.0f, 3.0f, 4.0f};
    std::vector<gl::Query> q;
    for (float u : us)
      q.push_back(gl::txl({u}, 0.0f));
    const auto r = run(gl, t, s, q);
    for (std::size_t i = 0; i < 6; ++i) {
      const float want = c.want[i] < 0 ? -0.75f : c.want[i] + 0.25f;
      EXPECT_EQ(r[i].f(0), want) << "u = " << us[i];
    }
  }
}

// Linear filtering against a float border colour: half border, half edge texel, exact in fp32.
TEST_P(GlOracleDriver, LinearBlendsTheBorderColour) {
  REQUIRE_ORACLE(gl);
  const auto t = rgba32f(Target::tex2d, 4, 4, 1, 1, 1, texel_id);
  gl::Sampler s;
  s.min = s.mag = gl::Filter::linear;
  s.wrap_s = gl::Wrap::clamp_to_border;
  s.wrap_t = gl::Wrap::clamp_to_edge;
  s.border = {10.0f, 20.0f, 30.0f, 40.0f};
  // u = 0: x = -0.5 blends border (i = -1) and texel 0 by 1/2 each; v at texel row 1's centre.
  const auto r = run(gl, t, s, {gl::txl({0.0f, 1.5f / 4}, 0.0f)});
  EXPECT_EQ(floats(r[0]), (Vec4{(10.0f + 0.25f) / 2, (20.0f + 1.5f) / 2, 15.0f, 20.0f}));
}

// Integer formats: exact fetches, and integer border colours.
TEST_P(GlOracleDriver, IntegerTexelsAndBorders) {
  REQUIRE_ORACLE(gl);
  gl::Texture t;
  t.format = Format::rgba32i;
  t.width = 2;
  const std::vector<int32_t> texels{-7, 1 << 30, INT32_MIN, 5, 0, -1, 2, 3};
  t.levels = {gl::bytes_of(texels)};
  gl::Sampler s;
  s.wrap_s = s.wrap_t = gl::Wrap::clamp_to_border;
  s.border_int = {-5, 7, INT32_MAX, -1};
  auto r = run(gl, t, s, {gl::txf({0, 0}, 0), gl::txl({0.75f, 0.5f}, 0), gl::txl({-0.5f, 0.5f}, 0)});
  EXPECT_EQ((gl::IVec4{r[0].i(0), r[0].i(1), r[0].i(2), r[0].i(3)}), (gl::IVec4{-7, 1 << 30, INT32_MIN, 5}));
  EXPECT_EQ((gl::IVec4{r[1].i(0), r[1].i(1), r[1].i(2), r[1].i(3)}), (gl::IVec4{0, -1, 2, 3}));
  EXPECT_EQ((gl::IVec4{r[2].i(0), r[2].i(1), r[2].i(2), r[2].i(3)}), (gl::IVec4{-5, 7, INT32_MAX, -1}));
  t.format = Format::rgba8ui;
  t.levels = {gl::bytes_of(std::vector<uint8_t>{0, 255, 128, 7, 1, 2, 3, 4})};
  s.border_int = {200, 1, 2, 3};  // within the format's range: see GlKnownDifference.IntegerBorderOutOfRange
  r = run(gl, t, s, {gl::txf({0, 0}, 0), gl::txl({1.5f, 0.5f}, 0)});
  EXPECT_EQ(r[0].pixel[0].bits, (std::array<uint32_t, 4>{0, 255, 128, 7}));
  EXPECT_EQ(r[1].pixel[0].bits, (std::array<uint32_t, 4>{200, 1, 2, 3}));
}

// Level selection where both drivers agree: integral LODs from explicit LOD, implicit quad derivatives, bias,
// explicit gradients, and the sampler's clamps and bias. A quad whose coordinates step by k/64 per pixel on a
// 64-texel texture has rho = k texels per pixel, LOD log2(k).
TEST_P(GlOracleDriver, MipSelectionAtIntegralLods) {
  REQUIRE_ORACLE(gl);
  const auto t = level_ids();
  gl::Sampler s;
  s.mip = gl::MipFilter::nearest;
  const Vec4 c{0.3f, 0.4f, 0, 0};
  auto quad = [&c](float k) { return gl::make_quad(c, {k / 64, 0, 0, 0}, {0, k / 64, 0, 0}); };
  const auto r = run(gl, t, s,
                     {gl::txl(c, 0.0f), gl::txl(c, 1.0f), gl::txl(c, 3.0f), gl::txl(c, 9.0f),
                      gl::tex(quad(4)), gl::tex(quad(16)), gl::txb(quad(4), -1.0f), gl::txb(quad(4), 2.0f),
                      gl::txd(c, {8.0f / 64, 0, 0}, {0, 8.0f / 64, 0}),
                      gl::txd(c, {0, 1.0f / 64, 0}, {0.5f / 64, 0, 0}), gl::tex(quad(0.5f))});
  const float want[] = {0, 1, 3, 6, 2, 4, 1, 4, 3, 0, 0};
  for (std::size_t i = 0; i < std::size(want); ++i)
    for (int p = 0; p < 4; ++p)
      EXPECT_EQ(r[i][p].f(0), want[i]) << "query " << i << " pixel " << p;
  // Sampler state: min LOD 2, max LOD 4, bias +1 (the bias also applies to textureLod).
  s.min_lod = 2.0f;
  s.max_lod = 4.0f;
  const auto clamped = run(gl, t, s, {gl::txl(c, 0.0f), gl::txl(c, 6.0f)});
  EXPECT_EQ(clamped[0].f(0), 2.0f);
  EXPECT_EQ(clamped[1].f(0), 4.0f);
  s.min_lod = -1000.0f;
  s.max_lod = 1000.0f;
  s.lod_bias = 1.0f;
  const auto biased = run(gl, t, s, {gl::txl(c, 1.0f), gl::tex(quad(4))});
  EXPECT_EQ(biased[0].f(0), 2.0f);
  EXPECT_EQ(biased[1].f(0), 3.0f);
  // Base and max level: level 2..3 only; LOD 0 is level 2.
  auto view = t;
  view.base_level = 2;
  view.max_level = 3;
  s.lod_bias = 0.0f;
  const auto v = run(gl, view, s, {gl::txl(c, 0.0f), gl::txl(c, 5.0f), gl::txs(0), gl::query_levels()});
  EXPECT_EQ(v[0].f(0), 2.0f);
  EXPECT_EQ(v[1].f(0), 3.0f);
  EXPECT_EQ(v[2].i(0), 16);
  EXPECT_EQ(v[3].i(0), 2);
}

// Trilinear filtering between float levels at a quarter: exact (1.25) on every driver for RGBA32F.
TEST_P(GlOracleDriver, TrilinearBlendsFloatLevels) {
  REQUIRE_ORACLE(gl);
  gl::Sampler s;
  s.min = s.mag = gl::Filter::linear;
  s.mip = gl::MipFilter::linear;
  const auto r = run(gl, level_ids(), s, {gl::txl({0.3f, 0.4f}, 1.25f), gl::txl({0.3f, 0.4f}, 2.5f)});
  EXPECT_EQ(r[0].f(0), 1.25f);
  EXPECT_EQ(r[1].f(0), 2.5f);
}

// textureQueryLod of an axis-aligned quad: rho = 4 texels per pixel, LOD 2 (both drivers' log2 are exact at
// powers of two up to their approximation error); x is the level accessed.
TEST_P(GlOracleDriver, QueryLodOfAxisAlignedFootprint) {
  REQUIRE_ORACLE(gl);
  gl::Sampler s;
  s.min = gl::Filter::linear;
  s.mip = gl::MipFilter::linear;
  const Vec4 c{0.3f, 0.4f, 0, 0};
  const auto r = run(gl, level_ids(), s,
                     {gl::lod(gl::make_quad(c, {4.0f / 64, 0, 0, 0}, {0, 4.0f / 64, 0, 0})),
                      gl::lod(gl::make_quad(c, {0, 0, 0, 0}, {0, 16.0f / 64, 0, 0}))});
  EXPECT_NEAR(r[0].f(1), 2.0f, 0.05f);
  EXPECT_NEAR(r[0].f(0), 2.0f, 0.05f);
  EXPECT_NEAR(r[1].f(1), 4.0f, 0.05f);
}

// textureGather: the 2x2 footprint in GL order (i0,j1), (i1,j1), (i1,j0), (i0,j0); component select; a
// constant offset; per-texel offsets (GLSL 4.60 8.9.4: texel k is texel (i0,j0) of the footprint moved by
// offsets[k]).
TEST_P(GlOracleDriver, GatherOrderComponentsAndOffsets) {
  REQUIRE_ORACLE(gl);
  // Channel c of texel (x, y) holds 100c + 4y + x.
  const auto t = rgba32f(Target::tex2d, 4, 4, 1, 1, 1, [](int, int, int x, int y, int) {
    const float v = static_cast<float>(4 * y + x);
    return Vec4{v, 100 + v, 200 + v, 300 + v};
  });
  const Vec4 c{0.5f, 0.5f, 0, 0};  // the corner shared by texels (1,1), (2,1), (1,2), (2,2)
  const auto r = run(gl, t, {},
                     {gl::tg4(c), gl::tg4(c, 1), gl::tg4(c, 3), gl::tg4(c).with_offset(1, -1),
                      gl::tg4(c, 2).with_offsets({{{0, 0}, {1, 0}, {0, 1}, {1, 1}}})});
  EXPECT_EQ(floats(r[0]), (Vec4{9, 10, 6, 5}));
  EXPECT_EQ(floats(r[1]), (Vec4{109, 110, 106, 105}));
  EXPECT_EQ(floats(r[2]), (Vec4{309, 310, 306, 305}));
  EXPECT_EQ(floats(r[3]), (Vec4{6, 7, 3, 2}));
  EXPECT_EQ(floats(r[4]), (Vec4{205, 206, 209, 210}));
}

TEST_P(GlOracleDriver, ShadowGatherComparesEachTexel) {
  REQUIRE_ORACLE(gl);
  gl::Texture t;
  t.format = Format::depth32f;
  t.width = t.height = 2;
  t.levels = {gl::bytes_of(std::vector<float>{0.1f, 0.6f, 0.4f, 0.9f})};
  gl::Sampler s;
  s.compare = true;
  s.func = gl::CompareFunc::lequal;  // passes when ref <= texel
  const auto r = run(gl, t, s, {gl::tg4({0.5f, 0.5f}).with_ref(0.5f), gl::tg4({0.5f, 0.5f}).with_ref(0.05f)});
  EXPECT_EQ(floats(r[0]), (Vec4{0, 1, 1, 0}));  // texels (0,1)=0.4, (1,1)=0.9, (1,0)=0.6, (0,0)=0.1
  EXPECT_EQ(floats(r[1]), (Vec4{1, 1, 1, 1}));
}

// Depth compare with nearest filtering: 1 or 0 by the function; the depth formats' values as fetched.
TEST_P(GlOracleDriver, DepthCompareAndDepthFormats) {
  REQUIRE_ORACLE(gl);
  gl::Texture t;
  t.format = Format::depth32f;
  t.width = 2;
  t.levels = {gl::bytes_of(std::vector<float>{0.25f, 0.75f})};
  gl::Sampler s;
  s.compare = true;
  for (auto [func, at0, at1] : {std::tuple{gl::CompareFunc::lequal, 0.0f, 1.0f},
                                {gl::CompareFunc::greater, 1.0f, 0.0f},
                                {gl::CompareFunc::always, 1.0f, 1.0f},
                                {gl::CompareFunc::never, 0.0f, 0.0f}}) {
    s.func = func;
    const auto r =
        run(gl, t, s, {gl::txl({0.25f, 0.5f}, 0).with_ref(0.5f), gl::txl({0.75f, 0.5f}, 0).with_ref(0.5f)});
    EXPECT_EQ(r[0].f(0), at0) << gl::name(func);
    EXPECT_EQ(r[1].f(0), at1) << gl::name(func);
  }
  // Fetched depth: (d, 0, 0, 1); unorm depths as d / (2^n - 1).
  const auto r32 = run(gl, t, {}, {gl::txf({1, 0}, 0)});
  EXPECT_EQ(floats(r32[0]), (Vec4{0.75f, 0, 0, 1}));
  t.format = Format::depth16;
  t.levels = {gl::bytes_of(std::vector<uint16_t>{0x8000, 0xffff})};
  const auto r16 = run(gl, t, {}, {gl::txf({0, 0}, 0), gl::txf({1, 0}, 0)});
  EXPECT_NEAR(r16[0].f(0), 32768.0 / 65535.0, 1e-7);
  EXPECT_EQ(r16[1].f(0), 1.0f);
  t.format = Format::depth24;
  t.levels = {gl::bytes_of(std::vector<uint32_t>{0x800000, 0xffffff})};
  const auto r24 = run(gl, t, {}, {gl::txf({0, 0}, 0), gl::txf({1, 0}, 0)});
  EXPECT_NEAR(r24[0].f(0), 8388608.0 / 16777215.0, 1e-7);
  EXPECT_EQ(r24[1].f(0), 1.0f);
}

// Every colour format's texels as fetched, against the GL conversion rules (unorm c/(2^n-1), snorm
// max(c/(2^(n-1)-1), -1), sRGB decode, half floats, missing components as 0 and alpha 1).
TEST_P(GlOracleDriver, ColourFormatsConvertAsGlSays) {
  REQUIRE_ORACLE(gl);
  auto one = [&gl](Format f, std::vector<std::byte> texel) {
    gl::Texture t;
    t.format = f;
    t.levels = {std::move(texel)};
    return run(gl, t, {}, {gl::txf({0, 0}, 0)})[0];
  };
  auto near4 = [](const gl::QueryResult& r, Vec4 want, double tol) {
    for (int i = 0; i < 4; ++i)
      EXPECT_NEAR(r.f(i), want[static_cast<std::size_t>(i)], tol) << "component " << i;
  };
  near4(one(Format::rgba8, gl::bytes_of(std::vector<uint8_t>{0, 51, 255, 128})), {0, 0.2f, 1, 128.0f / 255},
        1e-7);
  // sRGB: 0 and 1 exact, alpha linear (the decode's precision differs: GlKnownDifference.SrgbDecode).
  near4(one(Format::srgb8_alpha8, gl::bytes_of(std::vector<uint8_t>{0, 255, 255, 128})),
        {0, 1, 1, 128.0f / 255}, 1e-7);
  // binary16 1.0, -2.0, 0x3555 (0.333251953125), 65504
  EXPECT_EQ(floats(one(Format::rgba16f, gl::bytes_of(std::vector<uint16_t>{0x3c00, 0xc000, 0x3555, 0x7bff}))),
            (Vec4{1, -2, 0.333251953125f, 65504}));
  EXPECT_EQ(floats(one(Format::r32f, gl::bytes_of(std::vector<float>{-3.5f}))), (Vec4{-3.5f, 0, 0, 1}));
  near4(one(Format::rg8, gl::bytes_of(std::vector<uint8_t>{255, 102})), {1, 0.4f, 0, 1}, 1e-7);
  near4(one(Format::r8, gl::bytes_of(std::vector<uint8_t>{153})), {0.6f, 0, 0, 1}, 1e-7);
  near4(one(Format::rgba16, gl::bytes_of(std::vector<uint16_t>{0, 65535, 32768, 13107})),
        {0, 1, 32768.0f / 65535, 0.2f}, 1e-7);
  // (-128 is GlKnownDifference.SnormMinusOne.)
  near4(one(Format::rgba8_snorm, gl::bytes_of(std::vector<int8_t>{0, -127, 127, 64})),
        {0, -1, 1, 64.0f / 127}, 1e-7);
  const auto i8 = one(Format::rgba8i, gl::bytes_of(std::vector<int8_t>{-128, -1, 127, 0}));
  EXPECT_EQ((gl::IVec4{i8.i(0), i8.i(1), i8.i(2), i8.i(3)}), (gl::IVec4{-128, -1, 127, 0}));
  const auto u32 = one(Format::rgba32ui, gl::bytes_of(std::vector<uint32_t>{0xffffffffu, 0, 0x80000000u, 1}));
  EXPECT_EQ(u32.pixel[0].bits, (std::array<uint32_t, 4>{0xffffffffu, 0, 0x80000000u, 1}));
}

// Requests do not influence each other: a request of 1024 queries after one of 256 (another framebuffer
// height, the same cached program) still finds its parameters. Trilinear between float levels 0 and 1 returns
// the LOD's fraction exactly.
TEST_P(GlOracleDriver, RequestsAreIndependent) {
  REQUIRE_ORACLE(gl);
  gl::Sampler s;
  s.min = gl::Filter::linear;
  s.mip = gl::MipFilter::linear;
  const auto t = rgba32f(Target::tex2d, 2, 2, 1, 1, 2, [](int l, int, int, int, int) {
    return Vec4{static_cast<float>(l), 0, 0, 0};
  });
  for (int n : {256, 1024, 3, 5000}) {
    std::vector<gl::Query> q;
    for (int i = 0; i < n; ++i)
      q.push_back(gl::txl({0.5f, 0.5f}, static_cast<float>(i % 1024) / 1024));
    const auto r = run(gl, t, s, q);
    int wrong = 0;
    for (int i = 0; i < n; ++i)
      wrong += r[static_cast<std::size_t>(i)].f(0) != static_cast<float>(i % 1024) / 1024;
    EXPECT_EQ(wrong, 0) << n << " queries";
  }
}

// Seamless cube filtering: just inside face +X next to its edge with +Z, LINEAR blends the edge texel with
// the adjacent texel of +Z; without seamless filtering the face clamps to its own edge. Faces hold their
// index (+X 0, +Z 4). Direction (1, 0, 0.999): s = (1 - 0.999) / 2, x = 2s - 0.5 = -0.499, so +Z weighs
// 0.499.
TEST_P(GlOracleDriver, SeamlessCubeFiltersAcrossTheEdge) {
  REQUIRE_ORACLE(gl);
  const auto t = rgba32f(Target::cube, 2, 2, 1, 1, 1, [](int, int face, int, int, int) {
    return Vec4{static_cast<float>(face), 0, 0, 1};
  });
  gl::Sampler s;
  s.min = s.mag = gl::Filter::linear;
  s.wrap_s = s.wrap_t = gl::Wrap::clamp_to_edge;
  const auto clamped = run(gl, t, s, {gl::txl({1, 0, 0.999f}, 0)});
  s.seamless_cube = true;
  const auto seamless = run(gl, t, s, {gl::txl({1, 0, 0.999f}, 0)});
  EXPECT_EQ(clamped[0].f(0), 0.0f);
  EXPECT_NEAR(seamless[0].f(0), 4 * 0.499, 1e-3);
}

INSTANTIATE_TEST_SUITE_P(Drivers, GlOracleDriver, ::testing::ValuesIn(kConfigs), config_name);

}  // namespace
}  // namespace tmu::test::gltest
