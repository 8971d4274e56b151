// SPDX-License-Identifier: MIT
// Measurements of the GL oracle's drivers (the numbers in docs/gl-oracle.md). Disabled by default: they print
// tables rather than check. Run them with
//   ./build/tests/tmu_oracle_tests --gtest_also_run_disabled_tests --gtest_filter='GlOracleMeasure.*'
#include <gtest/gtest.h>

#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "gl_oracle.h"
#include "gl_oracle_test_util.h"

namespace tmu::test::gltest {
namespace {

GlOracle* oracle(const Config& c) {
  auto o = GlOracle::shared(c.driver, c.perf);
  EXPECT_TRUE(o) << o.error();
  return o ? *o : nullptr;
}

// A 256x1 8-bit texture holding 0..255 in every channel.
gl::Texture ramp8(Format f) {
  gl::Texture t;
  t.format = f;
  t.width = 256;
  std::vector<uint8_t> v;
  for (int i = 0; i < 256; ++i)
    v.insert(v.end(), 4, static_cast<uint8_t>(i));
  t.levels = {gl::bytes_of(v)};
  return t;
}

// unorm8 and sRGB decode of all 256 values by fetch, nearest sample and linear sample at the texel centre.
TEST(GlOracleMeasure, DISABLED_Conversions) {
  TMU_SKIP_WITHOUT_GL_ORACLE();
  for (const Config& c : kConfigs) {
    GlOracle* o = oracle(c);
    if (!o) continue;
    for (Format f : {Format::rgba8, Format::srgb8_alpha8}) {
      const auto t = ramp8(f);
      for (int mode = 0; mode < 3; ++mode) {
        gl::Sampler s;
        if (mode == 2) s.min = s.mag = gl::Filter::linear;
        std::vector<gl::Query> q;
        for (int i = 0; i < 256; ++i)
          q.push_back(mode == 0 ? gl::txf({i, 0}, 0)
                                : gl::txl({(static_cast<float>(i) + 0.5f) / 256, 0.5f}, 0));
        const auto r = run(*o, t, s, q);
        double max_err = 0;
        int not_exact = 0, not_mul = 0;
        for (int i = 0; i < 256; ++i) {
          const double x = i / 255.0;
          const double want = f == Format::rgba8 ? x
                              : x <= 0.04045     ? x / 12.92
                                                 : std::pow((x + 0.055) / 1.055, 2.4);
          const float got = r[static_cast<std::size_t>(i)].f(0);
          max_err = std::max(max_err, std::abs(got - want));
          not_exact += got != static_cast<float>(want);
          not_mul += got != static_cast<float>(i) * (1.0f / 255.0f);  // the multiply-by-reciprocal model
        }
        std::printf(
            "%-13s %-13s %-14s max |err| %.3g, %3d of 256 not correctly rounded, %3d not c*(1.0f/255)\n",
            c.label, std::string(gl::name(f)).c_str(),
            mode == 0   ? "texelFetch"
            : mode == 1 ? "nearest"
                        : "linear@centre",
            max_err, not_exact, not_mul);
      }
    }
  }
}

// Bilinear weights on RGBA8 (0 -> 255 across two texels) and RGBA32F: 4096 fractions.
TEST(GlOracleMeasure, DISABLED_BilinearWeights) {
  TMU_SKIP_WITHOUT_GL_ORACLE();
  for (const Config& c : kConfigs) {
    GlOracle* o = oracle(c);
    if (!o) continue;
    for (Format f : {Format::rgba8, Format::rgba32f}) {
      gl::Texture t;
      t.format = f;
      t.width = 2;
      t.levels = {f == Format::rgba8 ? gl::bytes_of(std::vector<uint8_t>{0, 0, 0, 0, 255, 255, 255, 255})
                                     : gl::bytes_of(std::vector<float>{0, 0, 0, 0, 1, 1, 1, 1})};
      gl::Sampler s;
      s.min = s.mag = gl::Filter::linear;
      s.wrap_s = gl::Wrap::clamp_to_edge;
      std::vector<gl::Query> q;
      std::vector<double> frac;
      for (int i = 0; i < 4096; ++i) {
        const float u = (0.5f + static_cast<float>(i) / 4096) / 2;  // exact: x = 2u - 0.5 = i/4096
        q.push_back(gl::txl({u, 0.5f}, 0));
        frac.push_back(i / 4096.0);
      }
      const auto r = run(*o, t, s, q);
      // Model "8-bit weight": v = rne(256 x) with x = u * size - 0.5 (texel space); texel v >> 8, weight
      // (v & 255) / 256; result v0 + round((v1 - v0) * weight) as unorm8.
      int model8 = 0, exact = 0;
      double max_err = 0;
      for (std::size_t i = 0; i < q.size(); ++i) {
        const double got = r[i].f(0);
        const long v = std::lrint(256 * frac[i]);  // frac = x here, as texel 0 starts at 0
        const double w8 = (v >> 8) ? 1.0 : static_cast<double>(v & 255) / 256;
        model8 += std::abs(got - std::floor(255 * w8 + 0.5) / 255) < 1e-6;
        exact += std::abs(got - frac[i]) < 1e-6;
        max_err = std::max(max_err, std::abs(got - frac[i]));
      }
      std::printf(
          "%-13s %-8s 4096 fractions: %4d match 8-bit-weight model, %4d float-exact, max |err| %.3g\n",
          c.label, std::string(gl::name(f)).c_str(), model8, exact, max_err);
    }
  }
}

// Trilinear blend fraction on RGBA8 between a level of 0 and a level of 255.
TEST(GlOracleMeasure, DISABLED_TrilinearFraction) {
  TMU_SKIP_WITHOUT_GL_ORACLE();
  for (const Config& c : kConfigs) {
    GlOracle* o = oracle(c);
    if (!o) continue;
    gl::Texture t;
    t.width = t.height = 2;
    t.levels = {gl::bytes_of(std::vector<uint8_t>(16, 0)), gl::bytes_of(std::vector<uint8_t>(4, 255))};
    gl::Sampler s;
    s.min = s.mag = gl::Filter::linear;  // llvmpipe takes its AoS path only when both filters are linear
    s.mip = gl::MipFilter::linear;
    std::vector<gl::Query> q;
    for (int i = 0; i < 1024; ++i)
      q.push_back(gl::txl({0.5f, 0.5f}, static_cast<float>(i) / 1024));
    const auto r = run(*o, t, s, q);
    int first = -1;
    std::vector<float> distinct;
    for (std::size_t i = 0; i < q.size(); ++i) {
      if (first < 0 && r[i].f(0) != 0) first = static_cast<int>(i);
      if (distinct.empty() || distinct.back() != r[i].f(0)) distinct.push_back(r[i].f(0));
    }
    std::printf(
        "%-13s RGBA8 trilinear: first nonzero at lambda %d/1024, %zu distinct values over [0,1), "
        "f(0.3)=%.6f\n",
        c.label, first, distinct.size(), static_cast<double>(r[307].f(0)));
  }
}

// LOD error against log2 of the exact footprint, over rho = 2^(k/64), k = 0..511, axis-aligned and rotated 45
// deg.
TEST(GlOracleMeasure, DISABLED_LodPrecision) {
  TMU_SKIP_WITHOUT_GL_ORACLE();
  for (const Config& c : kConfigs) {
    GlOracle* o = oracle(c);
    if (!o) continue;
    gl::Texture t;
    t.width = t.height = 1024;
    for (int l = 0; l <= 10; ++l)
      t.levels.push_back(std::vector<std::byte>(t.level_texels(l) * 4));
    gl::Sampler s;
    s.min = gl::Filter::linear;
    s.mip = gl::MipFilter::linear;
    for (bool rotated : {false, true}) {
      std::vector<gl::Query> q;
      for (int k = 0; k < 512; ++k) {
        const float rho = std::exp2(static_cast<float>(k) / 64) / 1024;
        const float a = rotated ? rho / std::sqrt(2.0f) : rho, b = rotated ? a : 0;
        q.push_back(gl::lod(gl::make_quad({0.3f, 0.3f, 0, 0}, {a, b, 0, 0}, {-b, a, 0, 0})));
      }
      const auto r = run(*o, t, s, q);
      double max_err = 0, sum = 0;
      for (int k = 0; k < 512; ++k) {
        const double err = r[static_cast<std::size_t>(k)].f(1) - k / 64.0;
        max_err = std::max(max_err, std::abs(err));
        sum += err;
      }
      std::printf("%-13s textureQueryLod %-8s mean err %+.4f, max |err| %.4f\n", c.label,
                  rotated ? "45 deg" : "aligned", sum / 512, max_err);
    }
  }
}

// Throughput of the whole round trip: 65536 bilinear txl queries on a 256x256 RGBA8 texture.
TEST(GlOracleMeasure, DISABLED_Throughput) {
  TMU_SKIP_WITHOUT_GL_ORACLE();
  for (const Config& c : kConfigs) {
    GlOracle* o = oracle(c);
    if (!o) continue;
    gl::Texture t;
    t.width = t.height = 256;
    t.levels = {std::vector<std::byte>(256 * 256 * 4, std::byte{7})};
    gl::Sampler s;
    s.min = s.mag = gl::Filter::linear;
    std::vector<gl::Query> q;
    for (int i = 0; i < 65536; ++i)
      q.push_back(gl::txl({static_cast<float>(i % 256) / 256.0f, static_cast<float>(i / 256) / 256.0f}, 0));
    run(*o, t, s, {q.front()});  // compile the shader first
    const auto start = std::chrono::steady_clock::now();
    run(*o, t, s, q);
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("%-13s 65536 txl queries in %.3f s (%.0f queries/s)\n", c.label, sec, 65536 / sec);
  }
}

// Which op runs on which target and driver: "+" runs, "-" the driver rejects it (a shader that does not
// compile), "." GLSL has no such lookup (the oracle refuses it). Upper row per target: plain; lower: depth
// compare.
TEST(GlOracleMeasure, DISABLED_Capabilities) {
  TMU_SKIP_WITHOUT_GL_ORACLE();
  const Target targets[] = {Target::tex1d,       Target::tex2d,       Target::tex3d,     Target::cube,
                            Target::tex1d_array, Target::tex2d_array, Target::cube_array};
  const gl::Op ops[] = {gl::Op::tex, gl::Op::txb, gl::Op::txl, gl::Op::txd,         gl::Op::txf,
                        gl::Op::tg4, gl::Op::lod, gl::Op::txs, gl::Op::query_levels};
  for (const Config& c : {kConfigs[0], kConfigs[2]}) {
    GlOracle* o = oracle(c);
    if (!o) continue;
    std::printf("%s:%13s tex txb txl txd txf tg4 lod txs lvl | +offset: tex txb txl txd txf tg4\n", c.label,
                "");
    for (Target tg : targets)
      for (bool shadow : {false, true}) {
        gl::Texture t;
        t.target = tg;
        t.format = shadow ? Format::depth32f : Format::rgba32f;
        t.width = t.height = 2;
        t.layers = 2;
        t.levels = {std::vector<std::byte>(t.level_texels(0) * gl::texel_bytes(t.format))};
        gl::Sampler s;
        s.compare = shadow;
        std::string line;
        for (int with_offset = 0; with_offset < 2; ++with_offset)
          for (gl::Op op : ops) {
            if (with_offset && (op == gl::Op::lod || op == gl::Op::txs || op == gl::Op::query_levels))
              continue;
            gl::Query q = gl::tex(gl::Vec4{0.5f, 0.5f, 0.5f, 0.5f});
            q.op = op;
            if (with_offset) q.with_offset(1, 0, 0);
            auto r = o->sample(t, s, {q});
            const bool refused = !r && r.error().find("does not compile") == std::string::npos;
            line += r ? "   +" : refused ? "   ." : "   -";
            if (op == gl::Op::query_levels) line += " |         ";
          }
        std::printf("%-12s %-6s %s\n", std::string(gl::name(tg)).c_str(), shadow ? "shadow" : "",
                    line.c_str());
      }
  }
}

}  // namespace
}  // namespace tmu::test::gltest
