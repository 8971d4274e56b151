// SPDX-License-Identifier: MIT
// tmu render on scenes whose every pixel is known by hand: a full-window quad showing a 2x2 texture, each pixel
// covered exactly once across the shared diagonal, an MSAA edge resolved to the covered fraction, and errors.
#include <gtest/gtest.h>

#include "render/programs.h"
#include "render/renderer.h"

namespace tmu::render {
namespace {

// A window-filling quad in clip space (w = 1) whose generic attribute 0 is (u, v) = (0, 0) at the top left and
// (1, 1) at the bottom right; OpenGL's clip y points up.
Scene quad(uint32_t w, uint32_t h, float x1 = 1.0f) {
  Scene s;
  s.width = w;
  s.height = h;
  s.clear = {0.0f, 0.0f, 0.0f, 1.0f};
  s.fragment_program = std::string(kTexturedProgram);
  auto v = [](float x, float y, float u, float t) {
    Vertex vx;
    vx.position = {x, y, 0.0f, 1.0f};
    vx.attributes.push_back({u, t, 0.0f, 1.0f});
    return vx;
  };
  const float u1 = (x1 + 1.0f) / 2.0f;
  s.vertices = {v(-1, 1, 0, 0), v(x1, 1, u1, 0), v(x1, -1, u1, 1), v(-1, -1, 0, 1)};
  s.triangles = {{0, 1, 2}, {0, 2, 3}};
  s.sampler.address = {texunit::AddressMode::ClampToEdge, texunit::AddressMode::ClampToEdge,
                       texunit::AddressMode::ClampToEdge};
  s.sampler.max_lod_clamp = 0xfff;  // point filtering, no mips (the Sampler's defaults)
  return s;
}

// Texel (x, y) of the 2x2 texture: red 60 + 100x, green 40 + 120y, blue 7, alpha 255.
MipChain two_by_two() {
  MipChain m;
  m.width = m.height = 2;
  std::vector<uint8_t> t;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x)
      for (uint8_t c : {static_cast<uint8_t>(60 + 100 * x), static_cast<uint8_t>(40 + 120 * y), uint8_t{7}, uint8_t{255}})
        t.push_back(c);
  m.levels.push_back(t);
  return m;
}

TEST(Render, QuadShowsEachTexelOnItsQuarter) {
  RenderStats stats;
  auto img = render(quad(8, 8), two_by_two(), {}, stats);
  ASSERT_TRUE(img) << img.error();
  // Pixel (x, y): centre u = (x + 0.5) / 8 -> texel x / 4 (nearest), likewise v.
  for (uint32_t y = 0; y < 8; ++y)
    for (uint32_t x = 0; x < 8; ++x) {
      const uint8_t* p = &img->rgba[(y * 8 + x) * 4];
      EXPECT_EQ(p[0], 60 + 100 * (x / 4)) << x << "," << y;
      EXPECT_EQ(p[1], 40 + 120 * (y / 4)) << x << "," << y;
      EXPECT_EQ(p[2], 7);
      EXPECT_EQ(p[3], 255);
    }
  // 64 pixels, 64 fragments: the shared diagonal gives each of its pixels to exactly one triangle.
  EXPECT_EQ(stats.fragments, 64u);
  EXPECT_TRUE(stats.hazards.empty());
}

TEST(Render, ProgramsReadTheirConstantBanks) {
  // The colour comes from constant bank 2 (where ptxas puts its literals): 0.25, 0.5, 1.0, 1.0 -> 64, 128, 255, 255
  // after the framebuffer's rounding (0.25 * 255 = 63.75 -> 64, 0.5 * 255 = 127.5 -> 128).
  Scene s = quad(4, 4);
  s.fragment_program = "MOV R0, c[0x2][0x0];\nMOV R1, c[0x2][0x4];\nMOV R2, c[0x2][0x8];\nMOV R3, c[0x2][0x8];\nEXIT;";
  const uint32_t words[] = {0x3e800000u, 0x3f000000u, 0x3f800000u};
  const auto bytes = std::as_bytes(std::span(words));
  s.fragment_constants = {{2u, {bytes.begin(), bytes.end()}}};
  RenderStats stats;
  auto img = render(s, two_by_two(), {}, stats);
  ASSERT_TRUE(img) << img.error();
  for (uint32_t i = 0; i < 16; ++i) {
    EXPECT_EQ(img->rgba[4 * i], 64);
    EXPECT_EQ(img->rgba[4 * i + 1], 128);
    EXPECT_EQ(img->rgba[4 * i + 2], 255);
  }
  s.fragment_constants = {{0u, {std::byte{1}, std::byte{0}, std::byte{0}, std::byte{0}}}};  // bank 0 is the renderer's
  EXPECT_FALSE(render(s, two_by_two(), {}, stats));
}

TEST(Render, MsaaResolvesTheCoveredFraction) {
  // A quad ending at window x = 3.5 (ndc -0.125) on an 8x8 window, 4 samples. Column 3's samples sit at x = 3.5 +
  // (-2, 6, -6, 2)/16 (the standard 4x pattern): two are left of 3.5, so the white texture covers half of each
  // pixel there: (2 * 1.0 + 2 * 0.0) / 4 = 0.5 -> 128 (rounded half away from zero). Columns 0..2 are white, 4..7
  // the clear colour.
  Scene s = quad(8, 8, -0.125f);
  s.samples = 4;
  MipChain white;
  white.width = white.height = 1;
  white.levels.push_back({255, 255, 255, 255});
  RenderStats stats;
  auto img = render(s, white, {}, stats);
  ASSERT_TRUE(img) << img.error();
  for (uint32_t y = 0; y < 8; ++y) {
    EXPECT_EQ(img->rgba[(y * 8 + 2) * 4], 255) << y;
    EXPECT_EQ(img->rgba[(y * 8 + 3) * 4], 128) << y;
    EXPECT_EQ(img->rgba[(y * 8 + 4) * 4], 0) << y;
  }
}

TEST(Render, BadScenesAreErrors) {
  RenderStats stats;
  Scene s = quad(8, 8);
  s.samples = 3;
  auto a = render(s, two_by_two(), {}, stats);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error(), "3 samples per pixel: choose 1, 2, 4 or 8");
  s = quad(8, 8);
  s.fragment_program = "IPA.PASS R4, a[0x7c] ;\nFROB R0 ;\n";
  auto b = render(s, two_by_two(), {}, stats);
  ASSERT_FALSE(b);
  EXPECT_EQ(b.error().rfind("fragment program:2:1: ", 0), 0u) << b.error();
  s = quad(8, 8);
  s.triangles.push_back({0, 1, 9});
  auto c = render(s, two_by_two(), {}, stats);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().find("triangle 2 names vertex 9"), std::string::npos) << c.error();
}

// Warps run on several threads, each with a copy of the machine; their results are taken in warp order, so the
// image, the statistics and an error are the same whatever the thread count (scenes of every filter, MSAA, and
// more warps than one batch of results holds).
TEST(Render, ThreadsDoNotChangeTheImage) {
  auto same = [](const Scene& s, const MipChain& tex, const char* what) {
    RenderStats one_stats;
    RenderOptions one;
    one.threads = 1;
    auto a = render(s, tex, one, one_stats);
    ASSERT_TRUE(a) << a.error();
    for (unsigned t : {2u, 3u, 8u}) {
      RenderStats stats;
      RenderOptions many;
      many.threads = t;
      auto b = render(s, tex, many, stats);
      ASSERT_TRUE(b) << b.error();
      EXPECT_EQ(a->rgba, b->rgba) << what << ", " << t << " threads";
      EXPECT_EQ(one_stats.warps, stats.warps) << what;
      EXPECT_EQ(one_stats.fragments, stats.fragments) << what;
      EXPECT_EQ(one_stats.warp_instructions, stats.warp_instructions) << what;
    }
  };
  const MipChain stones = flagstones(64);
  for (const char* filter : {"nearest", "bilinear", "trilinear", "aniso"}) {
    Scene s = default_scene(96, 60);
    s.sampler = default_sampler();
    if (std::string_view(filter) != "aniso") {
      s.sampler.max_anisotropy = 0;
      s.sampler.min = std::string_view(filter) == "nearest" ? texunit::MinFilter::Point : texunit::MinFilter::Linear;
      s.sampler.mag = std::string_view(filter) == "nearest" ? texunit::MagFilter::Point : texunit::MagFilter::Linear;
      s.sampler.mip = std::string_view(filter) == "trilinear" ? texunit::MipFilter::Linear : texunit::MipFilter::Point;
    }
    same(s, stones, filter);
  }
  Scene msaa = default_scene(64, 40);
  msaa.samples = 4;
  same(msaa, stones, "4 samples");
  same(quad(512, 300), two_by_two(), "4800 warps");  // more than one batch

  // An error: the first failing warp in warp order, whichever thread ran it.
  Scene bad = quad(64, 64);
  bad.fragment_program = "loop: BRA loop ;\nEXIT ;\n";
  std::string first;
  for (unsigned t : {1u, 4u}) {
    RenderStats stats;
    RenderOptions o;
    o.threads = t;
    o.instruction_budget = 50;
    auto r = render(bad, two_by_two(), o, stats);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("(triangle 0, quad at pixel "), std::string::npos) << r.error();
    if (first.empty()) first = r.error();
    EXPECT_EQ(r.error(), first);
  }
}

// --mip-view paints level n with `tmu sample`'s "levels" colour n (common/level_palette.h): red, green, blue,
// yellow, magenta, cyan, white, black, then the same at half intensity (0.5 -> 128).
TEST(Render, MipViewColoursAreTheLevelsPalette) {
  const MipChain view = level_colours(flagstones(512));
  ASSERT_EQ(view.levels.size(), 10u);
  const std::array<std::array<uint8_t, 4>, 10> expected{{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                                                          {255, 255, 0, 255}, {255, 0, 255, 255}, {0, 255, 255, 255},
                                                          {255, 255, 255, 255}, {0, 0, 0, 255}, {128, 0, 0, 255},
                                                          {0, 128, 0, 255}}};
  for (std::size_t l = 0; l < view.levels.size(); ++l)
    for (std::size_t i = 0; i < view.levels[l].size(); i += 4)
      ASSERT_EQ((std::array<uint8_t, 4>{view.levels[l][i], view.levels[l][i + 1], view.levels[l][i + 2],
                                        view.levels[l][i + 3]}),
                expected[l])
          << "level " << l << " byte " << i;
}

}  // namespace
}  // namespace tmu::render
