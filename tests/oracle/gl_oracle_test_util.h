// SPDX-License-Identifier: MIT
// Helpers shared by the GL oracle's self-tests: textures with recognizable texels, running queries, the
// driver configurations.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <vector>

#include "gl_oracle.h"

namespace tmu::test::gltest {

using gl::Driver;
using gl::Format;
using gl::Target;
using gl::Vec4;

// RGBA32F texture whose texel value is computed by `f(level, layer_or_face, x, y, z)`.
template <typename F>
inline gl::Texture rgba32f(Target target, int w, int h, int d, int layers, int levels, F f) {
  gl::Texture t;
  t.target = target;
  t.format = Format::rgba32f;
  t.width = w, t.height = h, t.depth = d, t.layers = layers;
  const int slices = gl::faces(target) * (gl::is_layered(target) ? layers : 1);
  for (int l = 0; l < levels; ++l) {
    std::vector<float> v;
    const int lw = std::max(1, w >> l), lh = std::max(1, h >> l), ld = std::max(1, d >> l);
    const int rows = target == Target::tex1d_array ? 1 : lh;  // a 1D array's "rows" are its layers
    for (int s = 0; s < slices; ++s)
      for (int z = 0; z < ld; ++z)
        for (int y = 0; y < rows; ++y)
          for (int x = 0; x < lw; ++x) {
            const Vec4 c = f(l, s, x, y, z);
            v.insert(v.end(), c.begin(), c.end());
          }
    t.levels.push_back(gl::bytes_of(v));
  }
  return t;
}

inline float fl(int v) {
  return static_cast<float>(v);
}

// A recognizable texel value: exact in fp32 and distinct per level, slice and position.
inline Vec4 texel_id(int level, int slice, int x, int y, int z) {
  return {static_cast<float>(x) + 0.25f, static_cast<float>(y) + 0.5f, static_cast<float>(z + 16 * slice),
          static_cast<float>(level)};
}

// Runs the queries; a failed request fails the test and gives zero results.
inline std::vector<gl::QueryResult> run(GlOracle& o, const gl::Texture& t, const gl::Sampler& s,
                                        const std::vector<gl::Query>& q) {
  auto r = o.sample(t, s, q);
  EXPECT_TRUE(r) << r.error();
  return r ? *r : std::vector<gl::QueryResult>(q.size());
}

inline Vec4 floats(const gl::QueryResult& r) {
  return {r.f(0), r.f(1), r.f(2), r.f(3)};
}

// A 64x64 texture with 7 levels whose texels hold their level number (in red), for mip selection.
inline gl::Texture level_ids(Target target = Target::tex2d, int size = 64, int levels = 7) {
  return rgba32f(target, size, size, 1, 1, levels, [](int l, int, int, int, int) {
    return Vec4{static_cast<float>(l), 0, 0, 1};
  });
}

// A driver and its GALLIVM_PERF setting: llvmpipe as it is (AoS fast path for 8-bit formats), llvmpipe with
// the float SoA path forced, softpipe.
struct Config {
  Driver driver;
  const char* perf;
  const char* label;
};
inline const Config kConfigs[] = {{Driver::llvmpipe, "", "llvmpipe"},
                                  {Driver::llvmpipe, "no_aos_sampling", "llvmpipe_soa"},
                                  {Driver::softpipe, "", "softpipe"}};

inline void PrintTo(const Config& c, std::ostream* os) {
  *os << c.label;
}

}  // namespace tmu::test::gltest
