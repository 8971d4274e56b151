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
    if (c.perf[0]) continue;
    auto o = GlOracle::shared(c.driver, c.perf);
    auto r = run(**o, t, s, q);
    for (std::size_t i = 0; i < q.size(); ++i) {
      auto x = tm->run(q[i], texunit::Policy::nvidia());
      std::printf("%s %-13s q%zu mesa (%g %g %g %g) tmu (%g %g %g %g)\n", what, c.label, i, r[i].f(0), r[i].f(1), r[i].f(2), r[i].f(3), x->f(0), x->f(1), x->f(2), x->f(3));
    }
  }
}
TEST(Probe, All) {
  TMU_SKIP_WITHOUT_GL_ORACLE();
  {
    auto t = rgba32f(Target::tex1d_array, 2, 1, 1, 1, 2, texel_id);
    gl::Sampler s; s.wrap_s = gl::Wrap::mirror_clamp_to_edge;
    probe("1darr", t, s, {gl::txl({0.04f, 0}, 0), gl::txl({0.74f, 0}, 0), gl::txl({0.74f, 0}, 1.7f)});
    s.wrap_s = gl::Wrap::clamp_to_edge;
    probe("1darr-cl", t, s, {gl::txl({0.04f, 0}, 0), gl::txl({0.74f, 0}, 0), gl::txl({0.74f, 0}, 1.7f)});
    t = rgba32f(Target::tex1d_array, 2, 1, 1, 3, 2, texel_id);
    probe("1darr3", t, s, {gl::txl({0.04f, 0}, 0), gl::txl({0.74f, 1}, 0), gl::txl({0.74f, 2}, 1.7f)});
  }
  {
    auto t = rgba32f(Target::tex2d_array, 16, 16, 1, 1, 3, texel_id);
    t.base_level = 1;
    gl::Sampler s; s.wrap_s = s.wrap_t = gl::Wrap::mirrored_repeat; s.mip = gl::MipFilter::linear;
    probe("g2da", t, s, {gl::tg4({0.875f, 0.3f, 0}, 0), gl::tg4({0.875f, -1.382f, 0}, 1), gl::tg4({0.875f, 0.3f, -2}, 1)});
    s.mip = gl::MipFilter::none;
    probe("g2da-nomip", t, s, {gl::tg4({0.875f, 0.3f, 0}, 0), gl::tg4({0.875f, -1.382f, 0}, 1), gl::tg4({0.875f, 0.3f, -2}, 1)});
  }
}
}
}
