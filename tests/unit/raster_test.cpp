// SPDX-License-Identifier: MIT
// Triangle setup and quad rasterization: fixed point, winding, the top-left rule (two triangles sharing an edge
// cover every sample once), helper lanes, multisample coverage, and perspective-correct IPA against the analytic
// value.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <set>
#include <random>
#include <tuple>
#include <vector>

#include "interp/fp32.h"
#include "interp/ipa.h"
#include "raster/rasterizer.h"
#include "raster/setup.h"

namespace tmu::raster {
namespace {

using interp::PixelImap;
using interp::SampleCount;
using interp::sample_count;

// Identity viewport: window = ndc, so a vertex with w = 1 sits at its clip x, y.
RasterState target(uint32_t w, uint32_t h, SampleCount n = SampleCount::X1) {
  RasterState st;
  st.width = w;
  st.height = h;
  st.samples = n;
  return st;
}

Triangle window_triangle(float x0, float y0, float x1, float y1, float x2, float y2) {
  Triangle t;
  t.position = {ClipPosition{x0, y0, 0, 1}, ClipPosition{x1, y1, 0, 1}, ClipPosition{x2, y2, 0, 1}};
  return t;
}

SetupTriangle must_setup(const Triangle& t, const RasterState& st) {
  auto s = setup(t, st);
  EXPECT_TRUE(s.ok()) << s.error();
  return s.ok() ? *s : SetupTriangle{};
}

// Covered pixels as a set of (x, y).
std::set<std::pair<int, int>> covered_pixels(const SetupTriangle& s, const RasterState& st) {
  std::set<std::pair<int, int>> out;
  for (const QuadFragment& q : rasterize(s, st))
    for (unsigned l = 0; l < 4; ++l)
      if (q.covered & (1u << l)) out.insert({q.lane_x(l), q.lane_y(l)});
  return out;
}

TEST(Setup, ViewportAndSnapping) {
  RasterState st = target(64, 32);
  st.viewport = Viewport::from_rect(0, 0, 64, 32);
  Triangle t;
  // ndc (0.25, -0.25) -> window (32 + 8, 16 - 4).
  t.position = {ClipPosition{0.5f, -0.5f, 0.0f, 2.0f}, ClipPosition{-1, -1, 0, 1}, ClipPosition{1, 1, 1, 1}};
  const SetupTriangle s = must_setup(t, st);
  EXPECT_EQ(s.window[0].x, 40 * 256);
  EXPECT_EQ(s.window[0].y, 12 * 256);
  EXPECT_EQ(s.window[1].x, 0);
  EXPECT_EQ(s.window[2].y, 32 * 256);
  // Round to nearest, ties to even, of 1/256 units.
  EXPECT_EQ(snap(0.5 / 256), 0);
  EXPECT_EQ(snap(1.5 / 256), 2);
  EXPECT_EQ(snap(-0.5 / 256), 0);
  EXPECT_EQ(snap(0.4 / 256), 0);
  EXPECT_EQ(snap(0.6 / 256), 1);
  EXPECT_EQ(snap(-2.75), -704);
}

TEST(Setup, BadInputIsNamed) {
  const RasterState st = target(16, 16);
  Triangle t = window_triangle(0, 0, 4, 0, 0, 4);
  t.position[1].w = -0.5f;
  auto r = setup(t, st);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("vertex 1"), std::string::npos) << r.error();
  t.position[1].w = 1.0f;
  t.position[2].x = NAN;
  r = setup(t, st);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("vertex 2"), std::string::npos) << r.error();
  t.position[2].x = 40000.0f;
  r = setup(t, st);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("16.8"), std::string::npos) << r.error();
  t.position[2].x = 0.0f;
  EXPECT_FALSE(setup(t, target(0, 16)).ok());
  EXPECT_FALSE(setup(t, target(16, kMaxTargetSize + 1)).ok());
  t.attributes = {VertexAttribute::floats(0x82, PixelImap::Perspective, 0, 0, 0)};
  r = setup(t, st);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("attribute 0 (a[0x082])"), std::string::npos) << r.error();
  t.attributes = {VertexAttribute::floats(0x7c, PixelImap::Perspective, 0, 0, 0)};
  r = setup(t, st);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("Position.W"), std::string::npos) << r.error();
  t.attributes = {VertexAttribute::floats(0x80, PixelImap::Perspective, 0, 0, 0),
                  VertexAttribute::floats(0x80, PixelImap::ScreenLinear, 0, 0, 0)};
  r = setup(t, st);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("attribute 1"), std::string::npos) << r.error();
}

TEST(Setup, WindingFrontFaceAndCulling) {
  RasterState st = target(16, 16);
  // (0,0) -> (4,0) -> (0,4) runs clockwise on a y-down screen.
  const Triangle cw = window_triangle(0, 0, 4, 0, 0, 4);
  const Triangle ccw = window_triangle(0, 0, 0, 4, 4, 0);
  EXPECT_FALSE(must_setup(cw, st).front_face);  // front = counter-clockwise by default
  EXPECT_TRUE(must_setup(ccw, st).front_face);
  EXPECT_TRUE(must_setup(ccw, st).tram.front_face);
  st.front = Winding::Clockwise;
  EXPECT_TRUE(must_setup(cw, st).front_face);
  st.cull = CullMode::Front;
  EXPECT_FALSE(must_setup(cw, st).visible);
  EXPECT_TRUE(must_setup(ccw, st).visible);
  st.cull = CullMode::Back;
  EXPECT_TRUE(must_setup(cw, st).visible);
  EXPECT_FALSE(must_setup(ccw, st).visible);
  EXPECT_TRUE(rasterize(must_setup(ccw, st), st).empty());
  st.cull = CullMode::None;
  EXPECT_TRUE(must_setup(cw, st).visible);
  EXPECT_TRUE(must_setup(ccw, st).visible);
  // Zero area.
  EXPECT_FALSE(must_setup(window_triangle(0, 0, 2, 2, 4, 4), st).visible);
}

// The right triangle (0,0) (4,0) (0,4): centres with x + y < 4 are inside; the four centres on the hypotenuse
// (x + y = 4) lie on a right edge and are out. 6 pixels in three quads.
TEST(Rasterize, SmallTriangleQuadsAndHelpersByHand) {
  const RasterState st = target(16, 16);
  for (const Triangle& t : {window_triangle(0, 0, 4, 0, 0, 4), window_triangle(0, 0, 0, 4, 4, 0)}) {
    const auto quads = rasterize(must_setup(t, st), st);
    ASSERT_EQ(quads.size(), 3u);
    EXPECT_EQ(std::tie(quads[0].x, quads[0].y, quads[0].covered, quads[0].helper), std::make_tuple(0, 0, 0xf, 0x0));
    EXPECT_EQ(std::tie(quads[1].x, quads[1].y, quads[1].covered, quads[1].helper), std::make_tuple(2, 0, 0x1, 0xe));
    EXPECT_EQ(std::tie(quads[2].x, quads[2].y, quads[2].covered, quads[2].helper), std::make_tuple(0, 2, 0x1, 0xe));
    EXPECT_EQ(quads[1].samples[0], 1);
    EXPECT_EQ(quads[1].samples[1], 0);
    EXPECT_EQ(quads[1].position(3).x, 3);
    EXPECT_EQ(quads[1].position(3).y, 1);
    EXPECT_EQ(quads[1].position(3).coverage, 0);
  }
  // The other half of the 4x4 square: the hypotenuse is now a left edge, its centres are in: 10 pixels.
  const auto other = covered_pixels(must_setup(window_triangle(4, 0, 4, 4, 0, 4), st), st);
  EXPECT_EQ(other.size(), 10u);
  EXPECT_TRUE(other.count({0, 3}));
  EXPECT_TRUE(other.count({3, 0}));
  EXPECT_FALSE(other.count({1, 1}));
}

TEST(Rasterize, TopEdgeInBottomEdgeOut) {
  const RasterState st = target(16, 16);
  // Horizontal edges through the centres of row 1 (y = 1.5): as a top edge the row is in, as a bottom edge out.
  const auto below = covered_pixels(must_setup(window_triangle(0, 1.5f, 8, 1.5f, 0, 9.5f), st), st);
  EXPECT_TRUE(below.count({0, 1}));
  EXPECT_TRUE(below.count({6, 1}));
  EXPECT_FALSE(below.count({0, 0}));
  const auto above = covered_pixels(must_setup(window_triangle(0, 1.5f, 8, 1.5f, 0, -6.5f), st), st);
  EXPECT_FALSE(above.count({0, 1}));
  EXPECT_TRUE(above.count({0, 0}));
}

TEST(Rasterize, RenderTargetEdgeLanesAreHelpers) {
  const RasterState st = target(3, 3);
  const auto quads = rasterize(must_setup(window_triangle(-10, -10, 30, -10, -10, 30), st), st);
  ASSERT_EQ(quads.size(), 4u);
  // The quad at (2, 0): lanes at x = 3 are outside the 3-pixel-wide target.
  EXPECT_EQ(quads[1].x, 2);
  EXPECT_EQ(quads[1].covered, 0b0101);
  EXPECT_EQ(quads[1].helper, 0b1010);
  EXPECT_EQ(quads[3].covered, 0b0001);
}

TEST(Rasterize, MultisampleCoverageHalfPixel) {
  RasterState st = target(16, 16, SampleCount::X4);
  // A left edge at x = 10.5 through pixel 10's centre: 4x samples at dx = -2, 6, -6, 2 sixteenths -> samples 1
  // and 3 are right of it.
  const SetupTriangle s = must_setup(window_triangle(10.5f, -20, 30, 40, 10.5f, 40), st);
  EXPECT_EQ(pixel_coverage(s, 10, 5, SampleCount::X4), 0b1010);
  EXPECT_EQ(pixel_coverage(s, 9, 5, SampleCount::X4), 0);
  EXPECT_EQ(pixel_coverage(s, 11, 5, SampleCount::X4), 0xf);
  // One sample: the centre is on a left edge, so the pixel is covered.
  EXPECT_EQ(pixel_coverage(s, 10, 5, SampleCount::X1), 1);
  // The quad holding pixel 10 reports the per-sample mask in its lane.
  bool found = false;
  for (const QuadFragment& q : rasterize(s, st))
    if (q.x == 10 && q.y == 4) {
      found = true;
      EXPECT_EQ(q.samples[0], 0b1010);
      EXPECT_EQ(q.samples[1], 0xf);
      EXPECT_EQ(q.covered, 0xf);
    }
  EXPECT_TRUE(found);
}

// Exact orientation of sample (sx, sy) against a directed edge, in 1/256 units: > 0 left of it on screen.
int64_t side(const FixedPoint& a, const FixedPoint& b, int64_t sx, int64_t sy) {
  return (int64_t{b.x} - a.x) * (sy - a.y) - (int64_t{b.y} - a.y) * (sx - a.x);
}

Triangle fixed_triangle(const FixedPoint& a, const FixedPoint& b, const FixedPoint& c) {
  const auto f = [](int32_t v) { return static_cast<float>(v) / 256.0f; };
  return window_triangle(f(a.x), f(a.y), f(b.x), f(b.y), f(c.x), f(c.y));
}

// A convex quadrilateral split along a diagonal: every sample strictly inside the quadrilateral (diagonal
// included) is covered by exactly one of the two triangles, none outside. Half the cases put vertices on pixel
// centres so the diagonal runs through many samples.
TEST(Rasterize, SharedEdgeCoversEachSampleOnceRandomized) {
  std::mt19937 rng(20240601);
  for (const SampleCount n : {SampleCount::X1, SampleCount::X4}) {
    const RasterState st = target(24, 24, n);
    const auto pattern = interp::standard_sample_pattern(n);
    int quads_tested = 0, diagonal_samples = 0;
    while (quads_tested < 300) {
      const bool grid = rng() % 2 == 0;
      std::uniform_int_distribution<int32_t> coord(-2 * 256, 26 * 256), cell(-2, 25);
      std::array<FixedPoint, 4> q;
      // Grid cases: vertices on sample k of a pixel, so a diagonal with integer steps runs through sample k of
      // the pixels it crosses.
      const interp::SampleOffset o = pattern[rng() % pattern.size()];
      for (auto& v : q)
        v = grid ? FixedPoint{cell(rng) * 256 + 128 + o.dx * 16, cell(rng) * 256 + 128 + o.dy * 16}
                 : FixedPoint{coord(rng), coord(rng)};
      // Strictly convex, clockwise on screen.
      bool cw = true, ccw = true;
      for (std::size_t i = 0; i < 4; ++i) {
        const int64_t s = side(q[i], q[(i + 1) % 4], q[(i + 2) % 4].x, q[(i + 2) % 4].y);
        cw = cw && s > 0;
        ccw = ccw && s < 0;
      }
      if (!cw && !ccw) continue;
      ++quads_tested;
      const std::size_t d = rng() % 2;  // diagonal 0-2 or 1-3
      const auto& [a, b, c, e] = std::tie(q[d], q[d + 1], q[(d + 2) % 4], q[(d + 3) % 4]);
      const SetupTriangle t1 = must_setup(fixed_triangle(a, b, c), st);
      const SetupTriangle t2 = must_setup(fixed_triangle(a, c, e), st);
      std::map<std::pair<int, int>, interp::SampleMask> cover1, cover2;
      for (const QuadFragment& f : rasterize(t1, st))
        for (unsigned l = 0; l < 4; ++l) cover1[{f.lane_x(l), f.lane_y(l)}] = f.samples[l];
      for (const QuadFragment& f : rasterize(t2, st))
        for (unsigned l = 0; l < 4; ++l) cover2[{f.lane_x(l), f.lane_y(l)}] = f.samples[l];
      for (int py = 0; py < 24; ++py) {
        for (int px = 0; px < 24; ++px) {
          const interp::SampleMask m1 = cover1.count({px, py}) ? cover1[{px, py}] : 0;
          const interp::SampleMask m2 = cover2.count({px, py}) ? cover2[{px, py}] : 0;
          ASSERT_EQ(m1 & m2, 0) << "sample covered twice at pixel " << px << "," << py;
          for (std::size_t s = 0; s < pattern.size(); ++s) {
            const int64_t sx = px * 256 + 128 + pattern[s].dx * 16, sy = py * 256 + 128 + pattern[s].dy * 16;
            int inside = 0, on = 0;
            for (std::size_t i = 0; i < 4; ++i) {
              const int64_t e_side = side(q[i], q[(i + 1) % 4], sx, sy) * (cw ? 1 : -1);
              inside += e_side > 0;
              on += e_side == 0;
            }
            const bool hit = ((m1 | m2) >> s) & 1;
            if (inside == 4) {
              EXPECT_TRUE(hit) << "sample " << s << " of pixel " << px << "," << py << " inside but uncovered";
              diagonal_samples += side(a, c, sx, sy) == 0;
            } else if (inside + on < 4) {
              EXPECT_FALSE(hit) << "sample " << s << " of pixel " << px << "," << py << " outside but covered";
            }
          }
        }
      }
    }
    EXPECT_GT(diagonal_samples, 100) << sample_count(n) << "x";  // the test did exercise the shared edge
  }
}

// A fan of triangles around a vertex on a pixel centre: every centre inside the polygon, the shared vertex and
// the spokes included, is covered exactly once.
TEST(Rasterize, FanAroundACentreCoversEachPixelOnce) {
  const RasterState st = target(32, 32);
  const FixedPoint centre{16 * 256 + 128, 16 * 256 + 128};
  std::vector<FixedPoint> ring;
  for (int i = 0; i < 12; ++i) {
    const double a = i * 2 * std::numbers::pi / 12;
    ring.push_back(FixedPoint{centre.x + static_cast<int32_t>(std::lround(std::cos(a) * 10)) * 256,
                              centre.y + static_cast<int32_t>(std::lround(std::sin(a) * 10)) * 256});
  }
  std::map<std::pair<int, int>, int> count;
  for (std::size_t i = 0; i < ring.size(); ++i)
    for (const auto& p : covered_pixels(must_setup(fixed_triangle(centre, ring[i], ring[(i + 1) % ring.size()]), st), st))
      ++count[p];
  EXPECT_EQ((count[{16, 16}]), 1);  // the shared vertex
  for (const auto& [p, c] : count) EXPECT_EQ(c, 1) << p.first << "," << p.second;
  // Every centre within distance 8 (well inside the 10-pixel 12-gon) is covered.
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x)
      if ((x - 16) * (x - 16) + (y - 16) * (y - 16) <= 64) {
        EXPECT_EQ((count[{x, y}]), 1) << x << "," << y;
      }
}

TEST(Rasterize, TileOrderIsDeterministic) {
  const RasterState st = target(64, 64);
  const SetupTriangle s = must_setup(window_triangle(1, 1, 60, 5, 7, 62), st);
  const auto a = rasterize(s, st);
  const auto b = rasterize(s, st);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ((std::tie(a[i].x, a[i].y)), (std::tie(b[i].x, b[i].y)));
  const auto key = [](const QuadFragment& q) { return std::make_tuple(q.y / 16, q.x / 16, q.y, q.x); };
  for (std::size_t i = 1; i < a.size(); ++i) EXPECT_LT(key(a[i - 1]), key(a[i])) << i;
  // 16x16 tiles: the first tile's quads all come before any quad of the second tile.
  EXPECT_EQ(a.front().x, 0);
  EXPECT_EQ(a.front().y, 0);
}

// Perspective: window vertices (0,0), (8,0), (0,8) with w = 1, 2, 4 (identity viewport: clip = window * w);
// u = (0, 1, 0), v = (0, 0, 1) perspective, s = (0, 1, 0) screen-linear.
struct PerspectiveFixture : ::testing::Test {
  RasterState st = target(16, 16);
  Triangle tri;
  SetupTriangle s;
  interp::IpaContext ctx;
  void SetUp() override {
    tri.position = {ClipPosition{0, 0, 0, 1}, ClipPosition{16, 0, 1, 2}, ClipPosition{0, 32, 2, 4}};
    tri.attributes = {VertexAttribute::floats(0x80, PixelImap::Perspective, 0, 1, 0),
                      VertexAttribute::floats(0x84, PixelImap::Perspective, 0, 0, 1),
                      VertexAttribute::floats(0x88, PixelImap::ScreenLinear, 0, 1, 0),
                      VertexAttribute{0x8c, PixelImap::Constant, {7u, 8u, 9u}}};
    tri.primitive_id = 42;
    s = must_setup(tri, st);
    ctx = interp::IpaContext{&s.tram, SampleCount::X1, interp::PlaneRounding::FmaChain};
  }
  // The seed's sequence: IPA.PASS a[0x7c]; MUFU.RCP (exact reciprocal here); IPA.MUL.
  float perspective(uint32_t address, int px, int py) {
    const interp::IpaOp pass{interp::IpaMode::Pass, interp::SampleMode::Center, false, false, 0x7c};
    interp::IpaLane lane;
    lane.pixel = {px, py, 1};
    const float inv_w = interp::float_of(interp::ipa(pass, ctx, lane));
    lane.rb = interp::bits_of(1.0f / inv_w);
    const interp::IpaOp mul{interp::IpaMode::Mul, interp::SampleMode::Center, false, false, address};
    return interp::float_of(interp::ipa(mul, ctx, lane));
  }
  uint32_t read(interp::IpaMode mode, uint32_t address, int px, int py) {
    interp::IpaLane lane;
    lane.pixel = {px, py, 1};
    return interp::ipa(interp::IpaOp{mode, interp::SampleMode::Center, false, false, address}, ctx, lane);
  }
};

TEST_F(PerspectiveFixture, HandComputedPoints) {
  // Pixel (1,1), centre (1.5, 1.5): screen barycentrics (0.625, 0.1875, 0.1875); sum b_i/w_i = 49/64;
  // u = (0.1875/2) / (49/64) = 6/49, v = (0.1875/4) / (49/64) = 3/49.
  EXPECT_EQ(interp::float_of(read(interp::IpaMode::Pass, 0x7c, 1, 1)), 0.765625f);  // exact: 49/64
  EXPECT_NEAR(perspective(0x80, 1, 1), 6.0 / 49, 2e-7);
  EXPECT_NEAR(perspective(0x84, 1, 1), 3.0 / 49, 2e-7);
  // Pixel (3,2), centre (3.5, 2.5): barycentrics (0.25, 0.4375, 0.3125); sum = 35/64; u = 2/5, v = 1/7.
  EXPECT_EQ(interp::float_of(read(interp::IpaMode::Pass, 0x7c, 3, 2)), 0.546875f);
  EXPECT_NEAR(perspective(0x80, 3, 2), 0.4, 2e-7);
  EXPECT_NEAR(perspective(0x84, 3, 2), 1.0 / 7, 2e-7);
  // Screen-linear s is the barycentric itself: 0.4375 at (3.5, 2.5), read with .PASS (or .SC).
  EXPECT_EQ(interp::float_of(read(interp::IpaMode::Pass, 0x88, 3, 2)), 0.4375f);
  EXPECT_EQ(interp::float_of(read(interp::IpaMode::SC, 0x88, 3, 2)), 0.4375f);
  // Position x, y: the sample location; z: window depth z/w (0, 0.5, 0.5) screen-linear: 0.375 at (3.5, 2.5).
  EXPECT_EQ(interp::float_of(read(interp::IpaMode::Pass, 0x70, 3, 2)), 3.5f);
  EXPECT_EQ(interp::float_of(read(interp::IpaMode::Pass, 0x74, 3, 2)), 2.5f);
  EXPECT_EQ(interp::float_of(read(interp::IpaMode::Pass, 0x78, 3, 2)), 0.375f);
  // Flat attribute from the first vertex; primitive id; front face (clockwise on screen, front = CCW: back).
  EXPECT_EQ(read(interp::IpaMode::Constant, 0x8c, 3, 2), 7u);
  EXPECT_EQ(read(interp::IpaMode::Constant, 0x60, 3, 2), 42u);
  EXPECT_EQ(read(interp::IpaMode::Pass, 0x3fc, 3, 2), 0u);
}

TEST_F(PerspectiveFixture, ProvokingVertexLast) {
  st.provoking = ProvokingVertex::Last;
  s = must_setup(tri, st);
  ctx.tram = &s.tram;
  EXPECT_EQ(read(interp::IpaMode::Constant, 0x8c, 3, 2), 9u);
}

// Every covered pixel: the IPA sequence against the analytic perspective-correct value from barycentrics.
TEST_F(PerspectiveFixture, EveryCoveredPixelMatchesTheAnalyticValue) {
  int pixels = 0;
  for (const QuadFragment& q : rasterize(s, st)) {
    for (unsigned l = 0; l < 4; ++l) {
      const double x = q.lane_x(l) + 0.5, y = q.lane_y(l) + 0.5;
      const double b1 = x / 8, b2 = y / 8, b0 = 1 - b1 - b2;
      const double inv_w = b0 + b1 / 2 + b2 / 4;
      // Helper lanes run too (outside the triangle the planes extrapolate); compare all four.
      EXPECT_NEAR(perspective(0x80, q.lane_x(l), q.lane_y(l)), (b1 / 2) / inv_w, 1e-6) << x << "," << y;
      EXPECT_NEAR(perspective(0x84, q.lane_x(l), q.lane_y(l)), (b2 / 4) / inv_w, 1e-6) << x << "," << y;
      pixels += (q.covered >> l) & 1;
    }
  }
  EXPECT_EQ(pixels, 28);  // centres with x + y < 8: 1 + 2 + ... + 7
}

}  // namespace
}  // namespace tmu::raster
