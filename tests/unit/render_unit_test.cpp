// SPDX-License-Identifier: MIT
// tmu render on scenes whose every pixel is known by hand: a full-window quad showing a 2x2 texture, each pixel
// covered exactly once across the shared diagonal, an MSAA edge resolved to the covered fraction, and errors.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>

#include "render/programs.h"
#include "render/options.h"
#include "render/renderer.h"
#include "render/scene_file.h"
#include "render/texture_gen.h"

namespace tmu::render {
namespace {

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

// A window-filling quad in clip space (w = 1) whose generic attribute 0 is (u, v) = (0, 0) at the top left and
// (1, 1) at the bottom right; OpenGL's clip y points up. One draw of the textured program with `texture` (default:
// two_by_two) and a point-sampling, clamping sampler.
Scene quad(uint32_t w, uint32_t h, float x1 = 1.0f, const MipChain& texture = two_by_two()) {
  Scene s;
  s.width = w;
  s.height = h;
  s.clear = {0.0f, 0.0f, 0.0f, 1.0f};
  SceneTexture t;
  t.name = "tex";
  t.texture = rgba8_texture(texture);
  t.sampler.address = {texunit::AddressMode::ClampToEdge, texunit::AddressMode::ClampToEdge,
                       texunit::AddressMode::ClampToEdge};
  t.sampler.max_lod_clamp = 0xfff;  // point filtering, no mips (the Sampler's defaults)
  s.textures.push_back(t);
  Draw d;
  d.program.text = std::string(kTexturedProgram);
  d.textures = {0};
  auto v = [](float x, float y, float u, float tv) {
    Vertex vx;
    vx.position = {x, y, 0.0f, 1.0f};
    vx.attributes.push_back({u, tv, 0.0f, 1.0f});
    return vx;
  };
  const float u1 = (x1 + 1.0f) / 2.0f;
  d.vertices = {v(-1, 1, 0, 0), v(x1, 1, u1, 0), v(x1, -1, u1, 1), v(-1, -1, 0, 1)};
  d.triangles = {{0, 1, 2}, {0, 2, 3}};
  s.draws.push_back(d);
  return s;
}

TEST(Render, QuadShowsEachTexelOnItsQuarter) {
  RenderStats stats;
  auto img = render(quad(8, 8), {}, stats);
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
  s.draws[0].program.text = "MOV R0, c[0x2][0x0];\nMOV R1, c[0x2][0x4];\nMOV R2, c[0x2][0x8];\nMOV R3, c[0x2][0x8];\nEXIT;";
  const uint32_t words[] = {0x3e800000u, 0x3f000000u, 0x3f800000u};
  const auto bytes = std::as_bytes(std::span(words));
  s.draws[0].program.constants = {{2u, {bytes.begin(), bytes.end()}}};
  RenderStats stats;
  auto img = render(s, {}, stats);
  ASSERT_TRUE(img) << img.error();
  for (uint32_t i = 0; i < 16; ++i) {
    EXPECT_EQ(img->rgba[4 * i], 64);
    EXPECT_EQ(img->rgba[4 * i + 1], 128);
    EXPECT_EQ(img->rgba[4 * i + 2], 255);
  }
  s.draws[0].program.constants = {{0u, {std::byte{1}, std::byte{0}, std::byte{0}, std::byte{0}}}};  // bank 0 is the renderer's
  EXPECT_FALSE(render(s, {}, stats));
}

TEST(Render, MsaaResolvesTheCoveredFraction) {
  // A quad ending at window x = 3.5 (ndc -0.125) on an 8x8 window, 4 samples. Column 3's samples sit at x = 3.5 +
  // (-2, 6, -6, 2)/16 (the standard 4x pattern): two are left of 3.5, so the white texture covers half of each
  // pixel there: (2 * 1.0 + 2 * 0.0) / 4 = 0.5 -> 128 (rounded half away from zero). Columns 0..2 are white, 4..7
  // the clear colour.
  MipChain white;
  white.width = white.height = 1;
  white.levels.push_back({255, 255, 255, 255});
  Scene s = quad(8, 8, -0.125f, white);
  s.samples = 4;
  RenderStats stats;
  auto img = render(s, {}, stats);
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
  auto a = render(s, {}, stats);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error(), "3 samples per pixel: choose 1, 2, 4 or 8");
  s = quad(8, 8);
  s.draws[0].program.text = "IPA.PASS R4, a[0x7c] ;\nFROB R0 ;\n";
  auto b = render(s, {}, stats);
  ASSERT_FALSE(b);
  EXPECT_EQ(b.error().rfind("fragment program:2:1: ", 0), 0u) << b.error();
  s = quad(8, 8);
  s.draws[0].triangles.push_back({0, 1, 9});
  auto c = render(s, {}, stats);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().find("triangle 2 names vertex 9"), std::string::npos) << c.error();
}

// Warps run on several threads, each with a copy of the machine; their results are taken in warp order, so the
// image, the statistics and an error are the same whatever the thread count (scenes of every filter, MSAA, and
// more warps than one batch of results holds).
TEST(Render, ThreadsDoNotChangeTheImage) {
  auto same = [](const Scene& s, const char* what) {
    RenderStats one_stats;
    RenderOptions one;
    one.threads = 1;
    auto a = render(s, one, one_stats);
    ASSERT_TRUE(a) << a.error();
    for (unsigned t : {2u, 3u, 8u}) {
      RenderStats stats;
      RenderOptions many;
      many.threads = t;
      auto b = render(s, many, stats);
      ASSERT_TRUE(b) << b.error();
      EXPECT_EQ(a->rgba, b->rgba) << what << ", " << t << " threads";
      EXPECT_EQ(one_stats.warps, stats.warps) << what;
      EXPECT_EQ(one_stats.fragments, stats.fragments) << what;
      EXPECT_EQ(one_stats.warp_instructions, stats.warp_instructions) << what;
    }
  };
  sample::Texels stones;
  stones.source = sample::TexelSource::Flagstones;
  for (const char* filter : {"nearest", "bilinear", "trilinear", "aniso"}) {
    Scene s = default_scene(96, 60);
    s.textures[0].texture = rgba8_texture(64, 64, stones);
    ASSERT_FALSE(apply_filter(filter, 16, s.textures[0].sampler));
    same(s, filter);
  }
  Scene msaa = default_scene(64, 40);
  msaa.samples = 4;
  same(msaa, "4 samples");
  same(quad(512, 300), "4800 warps");  // more than one batch

  // An error: the first failing warp in warp order, whichever thread ran it.
  Scene bad = quad(64, 64);
  bad.draws[0].program.text = "loop: BRA loop ;\nEXIT ;\n";
  std::string first;
  for (unsigned t : {1u, 4u}) {
    RenderStats stats;
    RenderOptions o;
    o.threads = t;
    o.instruction_budget = 50;
    auto r = render(bad, o, stats);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("(draw 0, triangle 0, quad at pixel "), std::string::npos) << r.error();
    if (first.empty()) first = r.error();
    EXPECT_EQ(r.error(), first);
  }
}

// The colour conversion against its definition, std::lround(f * 255) after the clamp: every float of [0, 1] with
// a stride, the neighbours of every rounding boundary (k + 1/2) / 255, and the special values.
TEST(Render, ColourChannelsRoundAsLround) {
  auto want = [](float f) -> unsigned {
    if (!(f > 0.0f)) return 0;
    if (f >= 1.0f) return 255;
    return static_cast<unsigned>(std::lround(f * 255.0f));
  };
  std::size_t checked = 0;
  auto check = [&](float f) {
    ++checked;
    ASSERT_EQ(to_unorm8(f), want(f)) << fmt::format("{:a} ({:#010x})", f, std::bit_cast<uint32_t>(f));
  };
  for (uint32_t b = 0; b <= 0x3f800000u; b += 61) check(std::bit_cast<float>(b));
  for (int k = 0; k < 255; ++k) {
    float f = (static_cast<float>(k) + 0.5f) / 255.0f;
    for (int i = 0; i < 64; ++i) f = std::nextafter(f, 0.0f);
    for (int i = 0; i < 128; ++i, f = std::nextafter(f, 1.0f)) check(f);
  }
  for (uint32_t b : {0x80000000u, 0xbf800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7f800001u,
                     0x3f800001u, 0x4f000000u, 0x00000001u, 0x807fffffu})
    check(std::bit_cast<float>(b));
  EXPECT_GT(checked, 17'000'000u);
}

// The executor's warp-wide fast handlers and its reference handlers draw the same images with the same statistics
// and hazard reports: every scene of scenes/ (small frames) and the default scene with each filter.
TEST(Render, FastExecutorDrawsWhatTheReferenceDraws) {
  auto same = [](const Scene& s, const std::string& what) {
    RenderStats fast_stats, ref_stats;
    RenderOptions fast, ref;
    fast.threads = ref.threads = 1;
    ref.reference_executor = true;
    auto a = render(s, ref, ref_stats);
    ASSERT_TRUE(a) << what << ": " << a.error();
    auto b = render(s, fast, fast_stats);
    ASSERT_TRUE(b) << what << ": " << b.error();
    EXPECT_EQ(a->rgba, b->rgba) << what;
    EXPECT_EQ(ref_stats.warp_instructions, fast_stats.warp_instructions) << what;
    EXPECT_EQ(ref_stats.fragments, fast_stats.fragments) << what;
    EXPECT_EQ(ref_stats.hazards.size(), fast_stats.hazards.size()) << what;
  };
  for (const char* name : {"default", "cube", "array", "msaa", "shadow", "depth"}) {
    const std::filesystem::path path = std::filesystem::path(TMU_SCENES) / (std::string(name) + ".json");
    std::ifstream in(path);
    ASSERT_TRUE(in) << path;
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto scene = read_scene(text, path.parent_path());
    ASSERT_TRUE(scene) << name << ": " << scene.error();
    scene->width = 96;
    scene->height = 64;
    same(*scene, name);
  }
  for (const char* filter : {"nearest", "bilinear", "trilinear", "aniso"}) {
    Scene s = default_scene(128, 80);
    ASSERT_FALSE(apply_filter(filter, 16, s.textures[0].sampler));
    same(s, std::string("default scene, ") + filter);
  }
  // A program of ALU forms the fast handlers cover, with a hazard on purpose (R5 read before MUFU's barrier is
  // waited on): the report is the same both ways.
  Scene alu = quad(64, 48);
  alu.draws[0].program.text = R"(
        IPA.PASS R4, a[0x7c] &wr=0 ?stall=1 ;
        MUFU.RCP R5, R4 &req={0} &wr=1 ?stall=1 ;
        IPA R0, a[0x80], R5 ?stall=1 ;
        IPA R1, a[0x84], R5 &req={1} ?stall=1 ;
        FFMA R2, R0, R1, -R0 ?stall=6 ;
        FMUL R3, R1, 0.5 ?stall=6 ;
        IADD32I R6, RZ, 0x3f800000 ?stall=6 ;
        ISETP.GT.AND P0, PT, R0, R6, PT ?stall=6 ;
        @P0 MOV R2, R6 ?stall=6 ;
        LOP.XOR R3, R3, R2 ?stall=6 ;
        FADD.SAT R3, R3, -R1 ?stall=6 ;
        EXIT ?stall=5 ;
)";
  same(alu, "ALU program");
  RenderStats stats;
  RenderOptions one;
  auto img = render(alu, one, stats);
  ASSERT_TRUE(img) << img.error();
  EXPECT_FALSE(stats.hazards.empty());  // IPA R0 reads R5 before MUFU's barrier 1 is waited on
}

// --mip-view paints level n with `tmu sample`'s "levels" colour n (common/level_palette.h): red, green, blue,
// yellow, magenta, cyan, white, black, then the same at half intensity (0.5 -> 128). A window-filling quad of
// 512 >> n pixels shows a 512x512 texture at LOD n exactly; with nearest filtering every pixel is level n's colour.
TEST(Render, MipViewColoursAreTheLevelsPalette) {
  const std::array<std::array<uint8_t, 4>, 10> expected{{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255},
                                                          {255, 255, 0, 255}, {255, 0, 255, 255}, {0, 255, 255, 255},
                                                          {255, 255, 255, 255}, {0, 0, 0, 255}, {128, 0, 0, 255},
                                                          {0, 128, 0, 255}}};
  for (unsigned level = 0; level < 10; ++level) {
    const uint32_t side = 512u >> level;
    Scene s = quad(side, side);
    s.textures[0].texture = rgba8_texture(512, 512, {});
    show_levels(s.textures[0].texture);
    s.textures[0].sampler.mip = texunit::MipFilter::Point;
    RenderStats stats;
    auto img = render(s, {}, stats);
    ASSERT_TRUE(img) << img.error();
    for (std::size_t i = 0; i < img->rgba.size(); i += 4)
      ASSERT_EQ((std::array<uint8_t, 4>{img->rgba[i], img->rgba[i + 1], img->rgba[i + 2], img->rgba[i + 3]}),
                expected[level])
          << "level " << level << " pixel " << i / 4;
  }
}

// A scene file's draw constants reach the program (c[0x2][0x0..0xc] = 0.25, 0.5, 1.0, 1.0 -> 64, 128, 255, 255).
TEST(Render, SceneFileConstantsReachTheProgram) {
  auto scene = read_scene(R"({"width": 4, "height": 4, "clear": [0, 0, 0, 0],
    "programs": {"c": {"sass": ["MOV R0, c[0x2][0x0] ;", "MOV R1, c[0x2][0x4] ;", "MOV R2, c[0x2][0x8] ;",
                                "MOV R3, c[0x2][0xc] ;", "EXIT ;"]}},
    "draws": [{"program": "c", "constants": [{"bank": 2, "f32": [0.25, 0.5, 1.0, 1.0]}],
               "vertices": [{"position": [-1, -1, 0]}, {"position": [3, -1, 0]}, {"position": [-1, 3, 0]}],
               "triangles": [[0, 1, 2]]}]})", {});
  ASSERT_TRUE(scene) << scene.error();
  RenderStats stats;
  auto img = render(*scene, {}, stats);
  ASSERT_TRUE(img) << img.error();
  for (std::size_t i = 0; i < img->rgba.size(); i += 4)
    EXPECT_EQ((std::array<uint8_t, 4>{img->rgba[i], img->rgba[i + 1], img->rgba[i + 2], img->rgba[i + 3]}),
              (std::array<uint8_t, 4>{64, 128, 255, 255}));
  // Bank 0's first words hold the draw's texture handles; a scene may not write them.
  auto bad = read_scene(R"({"textures": {"t": {"texture": {"width": 1, "height": 1}}},
    "programs": {"p": {"builtin": "textured"}},
    "draws": [{"program": "p", "textures": ["t"], "constants": [{"bank": 0, "u32": [1]}],
               "vertices": [{"position": [0, 0, 0]}, {"position": [1, 0, 0]}, {"position": [0, 1, 0]}],
               "triangles": [[0, 1, 2]]}]})", {});
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "draws[0].constants[0]: bank 0 words 0..0 hold the draw's texture handles; start at offset 0x4");
}

// The near plane clips (z >= -w): the triangle A (-1, -1, 0, 1), B (1, -1, 0, 1), C (0, 3, -4, 1) keeps the part
// with z >= -1, the trapezoid from y = -1 (x in [-1, 1]) to y = 0 (x in [-0.75, 0.75]), which on an 8x8 window
// covers rows 4..7 only. Row 4's centres (ndc y = -0.125, half-width 0.78125: window x 0.875 to 7.125) and row 5's
// (y = -0.375, half-width 0.84375: x 0.625 to 7.375) are pixels 1..6; rows 6 (x 0.375 to 7.625) and 7 all eight.
// Unclipped, the triangle would reach y = 3 and cover the top rows too.
TEST(Render, TrianglesAreClippedAtTheNearPlane) {
  Scene s;
  s.width = s.height = 8;
  s.clear = {0.0f, 0.0f, 0.0f, 1.0f};
  Draw d;
  d.program.text = std::string(kColourProgram);
  for (const std::array<float, 4>& p : {std::array<float, 4>{-1, -1, 0, 1}, {1, -1, 0, 1}, {0, 3, -4, 1}}) {
    Vertex v;
    v.position = p;
    v.attributes = {{1.0f, 1.0f, 1.0f, 1.0f}};
    d.vertices.push_back(v);
  }
  d.triangles = {{0, 1, 2}};
  s.draws.push_back(d);
  RenderStats stats;
  auto img = render(s, {}, stats);
  ASSERT_TRUE(img) << img.error();
  auto lit = [&](uint32_t x, uint32_t y) { return img->rgba[(y * 8 + x) * 4] == 255; };
  for (uint32_t y = 0; y < 8; ++y)
    for (uint32_t x = 0; x < 8; ++x) {
      const bool expect = y >= 6 || (y >= 4 && x >= 1 && x <= 6);
      EXPECT_EQ(lit(x, y), expect) << x << "," << y;
    }
}

// The depth test: three window-covering triangles at clip z 0.5, -0.5 and 0 (window depths 0.75, 0.25, 0.5) in red,
// blue, green, drawn in that order. With "less" the nearest, blue, stays everywhere; with "greater" (depths
// cleared to 1, which nothing exceeds) nothing is written; without a test the last, green, covers the rest.
TEST(Render, DepthTestKeepsTheNearestSample) {
  auto scene = [](const char* test) {
    std::string draws;
    const std::pair<const char*, const char*> layers[] = {{"0.5", "[1, 0, 0, 1]"}, {"-0.5", "[0, 0, 1, 1]"}, {"0", "[0, 1, 0, 1]"}};
    for (const auto& [z, c] : layers)
      draws += fmt::format(R"({}{{"program": "p", "vertices": [{{"position": [-1, -1, {}], "attributes": [{}]}},
        {{"position": [3, -1, {}], "attributes": [{}]}}, {{"position": [-1, 3, {}], "attributes": [{}]}}],
        "triangles": [[0, 1, 2]]}})", draws.empty() ? "" : ",", z, c, z, c, z, c);
    auto s = read_scene(fmt::format(R"({{"width": 4, "height": 4, "samples": 4, "clear": [0, 0, 0, 1], {}
      "programs": {{"p": {{"builtin": "colour"}}}}, "draws": [{}]}})", test, draws), {});
    std::set<std::array<uint8_t, 4>> colours;
    if (!s) {
      ADD_FAILURE() << s.error();
      return colours;
    }
    RenderStats stats;
    auto img = render(*s, {}, stats);
    if (!img) {
      ADD_FAILURE() << img.error();
      return colours;
    }
    for (std::size_t i = 0; i < img->rgba.size(); i += 4)
      colours.insert({img->rgba[i], img->rgba[i + 1], img->rgba[i + 2], img->rgba[i + 3]});
    return colours;
  };
  using C = std::set<std::array<uint8_t, 4>>;
  EXPECT_EQ(scene(R"("depth_test": "less",)"), (C{{0, 0, 255, 255}}));
  EXPECT_EQ(scene(R"("depth_test": "greater",)"), (C{{0, 0, 0, 255}}));
  EXPECT_EQ(scene(""), (C{{0, 255, 0, 255}}));
}

// The built-in default scene is scenes/default.json, read as every scene file is.
// What tmu render's options and Python's render() change (src/render/options.h): values checked before anything is
// changed, filter and anisotropy defaulting to each other, the texture replacing the scene's one texture.
TEST(Render, OverridesReplaceTheScenesValues) {
  using texunit::MinFilter;
  Scene s = default_scene(64, 40);
  auto apply = [&](SceneOverrides o) {
    auto e = apply_overrides(s, std::move(o), "--");
    return e ? fmt::format("{}{}", e->usage ? "usage: " : "", e->message) : std::string("ok");
  };
  EXPECT_EQ(apply({.width = 0}), "usage: --width: 0 is not in 1..4096");
  EXPECT_EQ(apply({.height = 4097}), "usage: --height: 4097 is not in 1..4096");
  EXPECT_EQ(apply({.samples = 3}), "usage: --msaa: 3 is not 1, 2, 4 or 8");
  EXPECT_EQ(s.width, 64u);  // nothing changed by a refused value
  EXPECT_EQ(apply({.width = 4096, .height = 4096, .samples = 8}),
            "4096x4096 at 8 samples per pixel is 134217728 samples; tmu render holds every sample in memory and "
            "takes at most 67108864 (4096x4096 at 4 samples)");
  EXPECT_EQ(apply({.width = 32, .height = 16, .samples = 2}), "ok");
  EXPECT_EQ(s.width, 32u);
  EXPECT_EQ(s.height, 16u);
  EXPECT_EQ(s.samples, 2u);
  EXPECT_EQ(apply({.filter = "foo"}), "usage: --filter: unknown filter 'foo' (nearest, bilinear, trilinear, aniso)");
  EXPECT_EQ(apply({.anisotropy = 3}), "usage: --aniso: anisotropy 3 is not one Maxwell has (1, 2, 4, 6, 8, 10, 12, 16)");
  // Only the anisotropy: the aniso filter with it. Only the filter: anisotropy 16 (ratio code 7).
  EXPECT_EQ(apply({.anisotropy = 4}), "ok");
  EXPECT_EQ(s.textures[0].sampler.min, MinFilter::Aniso);
  EXPECT_EQ(s.textures[0].sampler.max_anisotropy, 2);
  EXPECT_EQ(apply({.filter = "bilinear"}), "ok");
  EXPECT_EQ(s.textures[0].sampler.min, MinFilter::Linear);
  EXPECT_EQ(s.textures[0].sampler.max_anisotropy, 7);
  // The texture: its side, its texel count, its bytes; then it replaces level 0 (a 2x1 texture has two levels).
  using Texture = SceneOverrides::Texture;
  EXPECT_EQ(apply({.texture = Texture{"t.png", 16385, 1, {}}}),
            "t.png: 16385x1: textures take sides up to 16384 (a mipmapped 2D texture on SM 5.x)");
  EXPECT_EQ(apply({.texture = Texture{"t.png", 8192, 4096, {}}}),
            "t.png: 8192x4096 is 33554432 texels; a texture takes at most 16777216");
  EXPECT_EQ(apply({.texture = Texture{"t.png", 2, 1, std::vector<uint8_t>(7)}}),
            "t.png: 2x1 RGBA8 texels take 8 bytes, not 7");
  EXPECT_EQ(apply({.texture = Texture{"t.png", 2, 1, std::vector<uint8_t>(8, 0x40)}}), "ok");
  EXPECT_EQ(s.textures[0].texture.header.width, 2u);
  EXPECT_EQ(s.textures[0].texture.header.height, 1u);
  EXPECT_EQ(s.textures[0].texture.header.max_mip_level, 1);
  Scene two = s;
  two.textures.push_back(two.textures[0]);
  auto e = apply_overrides(two, {.texture = Texture{"t.png", 1, 1, std::vector<uint8_t>(4)}}, "--");
  ASSERT_TRUE(e);
  EXPECT_FALSE(e->usage);
  EXPECT_EQ(e->message, "t.png: replaces the scene's one texture; the scene has 2");
}

TEST(Render, DefaultSceneIsTheSceneFile) {
  const Scene s = default_scene(64, 40);
  ASSERT_EQ(s.draws.size(), 1u);
  ASSERT_EQ(s.textures.size(), 1u);
  EXPECT_EQ(s.textures[0].texture.header.width, 512u);
  EXPECT_EQ(s.textures[0].texture.texels.source, sample::TexelSource::Flagstones);
  EXPECT_EQ(s.textures[0].sampler.min, texunit::MinFilter::Aniso);
  EXPECT_EQ(s.textures[0].sampler.max_anisotropy, 7);  // 16:1
  EXPECT_EQ(s.draws[0].program.text, kTexturedProgram);
  ASSERT_TRUE(s.camera);
  EXPECT_EQ(s.camera->pitch, 8.0f);
}

}  // namespace
}  // namespace tmu::render
