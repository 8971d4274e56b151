// SPDX-License-Identifier: MIT
// probe (temporary)
#include <gtest/gtest.h>
#include <cstdio>
#include "gl_oracle.h"
#include "gl_oracle_test_util.h"
#include "texunit_gl_bridge.h"

namespace tmu::test::gltest {
namespace {
TEST(Probe, Case17) {
  TMU_SKIP_WITHOUT_GL_ORACLE();
  gl::Texture t; t.target = Target::cube; t.format = Format::rgba8ui; t.width = t.height = 7;
  for (int l = 0; l < 3; ++l) { std::vector<uint8_t> v(t.level_texels(l) * 4); for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<uint8_t>(i * 7 + static_cast<std::size_t>(l) * 50); t.levels.push_back(gl::bytes_of(v)); }
  t.base_level = 1;
  gl::Sampler s; s.wrap_s = s.wrap_t = gl::Wrap::clamp_to_edge;
  std::vector<gl::Query> q = {gl::txl({0.572017431f, -0.0319232866f, -0.466748029f}, 0), gl::txl({1, 0, 0}, 0), gl::txl({0, 0, -1}, 0)};
  auto tm = TmuGlTexture::make(t, s);
  auto o = GlOracle::shared(Driver::llvmpipe);
  auto r = run(**o, t, s, q);
  for (std::size_t i = 0; i < q.size(); ++i) { auto x = tm->run(q[i], texunit::Policy::nvidia()); std::printf("q%zu mesa %u %u %u %u tmu %u %u %u %u\n", i, r[i].pixel[0].u(0), r[i].pixel[0].u(1), r[i].pixel[0].u(2), r[i].pixel[0].u(3), x->pixel[0].u(0), x->pixel[0].u(1), x->pixel[0].u(2), x->pixel[0].u(3)); }
  t.base_level = 0;
  auto tm0 = TmuGlTexture::make(t, s);
  r = run(**o, t, s, q);
  for (std::size_t i = 0; i < q.size(); ++i) { auto x = tm0->run(q[i], texunit::Policy::nvidia()); std::printf("base0 q%zu mesa %u %u %u %u tmu %u %u %u %u\n", i, r[i].pixel[0].u(0), r[i].pixel[0].u(1), r[i].pixel[0].u(2), r[i].pixel[0].u(3), x->pixel[0].u(0), x->pixel[0].u(1), x->pixel[0].u(2), x->pixel[0].u(3)); }
}
}
}
