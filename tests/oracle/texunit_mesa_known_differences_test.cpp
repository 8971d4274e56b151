// SPDX-License-Identifier: MIT
// probe (temporary)
#include <gtest/gtest.h>
#include <cstdio>
#include "gl_oracle.h"
#include "gl_oracle_test_util.h"
#include "texunit_gl_bridge.h"

namespace tmu::test::gltest {
namespace {
void probe(const char* what, const gl::Texture& t, const gl::Sampler& s, const std::vector<gl::Query>& q) {
  auto tm = TmuGlTexture::make(t, s);
  ASSERT_TRUE(tm) << tm.error();
  for (const Config& c : kConfigs) {
    auto o = GlOracle::shared(c.driver, c.perf);
    ASSERT_TRUE(o) << o.error();
    auto r = run(**o, t, s, q);
    for (std::size_t i = 0; i < q.size(); ++i) {
      auto x = tm->run(q[i], texunit::Policy::nvidia());
      ASSERT_TRUE(x) << x.error();
      std::printf("%s %-13s q%zu mesa (%.9g %.9g %.9g %.9g) tmu (%.9g %.9g %.9g %.9g)\n", what, c.label, i, r[i].f(0), r[i].f(1), r[i].f(2), r[i].f(3), x->f(0), x->f(1), x->f(2), x->f(3));
    }
  }
}
TEST(Probe, All) {
  TMU_SKIP_WITHOUT_GL_ORACLE();
  {
    gl::Sampler s; s.min = gl::Filter::linear; s.mag = gl::Filter::linear;
    const float k = 4.0f / 64;
    auto quad = gl::make_quad({0.3f, 0.3f, 0, 0}, {k, 0, 0, 0}, {0, k, 0, 0});
    auto quad2 = gl::make_quad({0.3f, 0.3f, 0, 0}, {k/8, 0, 0, 0}, {0, k/8, 0, 0});
    auto quad3 = gl::make_quad({0.3f, 0.3f, 0, 0}, {k*64, 0, 0, 0}, {0, k*64, 0, 0});
    for (auto mip : {gl::MipFilter::none, gl::MipFilter::nearest, gl::MipFilter::linear}) {
      s.mip = mip;
      probe("lod-mip", level_ids(), s, {gl::lod(quad), gl::lod(quad2), gl::lod(quad3)});
    }
    s.mip = gl::MipFilter::linear; s.min_lod = 0.5f; s.max_lod = 1.25f; s.lod_bias = 0.75f;
    probe("lod-clamp", level_ids(), s, {gl::lod(quad), gl::lod(quad2), gl::lod(quad3)});
    auto t = level_ids(); t.base_level = 1; t.max_level = 3; s = {}; s.mip = gl::MipFilter::linear;
    probe("lod-base", t, s, {gl::lod(quad), gl::lod(quad2), gl::lod(quad3)});
  }
  {
    gl::Texture t; t.format = Format::srgb8_alpha8; t.levels = {gl::bytes_of(std::vector<uint8_t>{1, 2, 3, 4})};
    gl::Sampler s; s.wrap_s = s.wrap_t = gl::Wrap::clamp_to_border; s.border = {0.3f, 0.5f, 0.0031f, 0.7f};
    probe("srgb-border", t, s, {gl::txl({1.5f, 0.5f}, 0)});
    t.format = Format::depth16; t.levels = {gl::bytes_of(std::vector<uint16_t>{1, 12345})}; t.width = 2;
    probe("d16-border", t, s, {gl::txl({1.5f, 0.5f}, 0), gl::txf({0,0},0), gl::txf({1,0},0)});
    t.format = Format::depth24; t.levels = {gl::bytes_of(std::vector<uint32_t>{1, 12345678})}; t.width = 2;
    probe("d24", t, s, {gl::txf({0,0},0), gl::txf({1,0},0)});
    t.format = Format::rgba16; t.width = 1; t.levels = {gl::bytes_of(std::vector<uint16_t>{1, 3, 12345, 65534})};
    probe("rgba16", t, s, {gl::txf({0,0},0)});
    t.format = Format::rgba8_snorm; t.levels = {gl::bytes_of(std::vector<int8_t>{1, 3, -45, 126})};
    probe("snorm", t, s, {gl::txf({0,0},0)});
    t.format = Format::r11g11b10f; t.levels = {gl::bytes_of(std::vector<uint32_t>{0x12345678u})};
    probe("r11", t, s, {gl::txf({0,0},0)});
    t.format = Format::rgb9e5; t.levels = {gl::bytes_of(std::vector<uint32_t>{0x92345678u})};
    probe("e5", t, s, {gl::txf({0,0},0)});
  }
  {
    auto t = rgba32f(Target::cube, 2, 2, 1, 1, 1, texel_id);
    gl::Sampler s; s.min = s.mag = gl::Filter::linear; s.seamless_cube = true;
    probe("cube-corner", t, s, {gl::txl({1, 1, 1}, 0), gl::txl({1, 0.99f, 0.98f}, 0), gl::txl({1, 0.9f, 0.0f}, 0)});
  }
}
}
}
