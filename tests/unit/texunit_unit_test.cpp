// SPDX-License-Identifier: MIT
// The texture unit end to end on small in-memory textures, with results worked out by hand.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <vector>

#include "texunit/srgb.h"
#include "texunit/texture_unit.h"

namespace tmu::texunit {
namespace {

// Texels of every level and layer in plain arrays; R, G, B, A floats.
class ArrayTexture : public TextureAccess {
 public:
  ArrayTexture(uint32_t w, uint32_t h, unsigned levels, unsigned layers) : layers_(layers) {
    for (unsigned l = 0; l < levels; ++l) {
      Extent e{std::max(1u, w >> l), std::max(1u, h >> l), 1};
      extents_.push_back(e);
      data_.emplace_back(static_cast<std::size_t>(e.width) * e.height * layers, Texel{});
    }
  }
  void set(unsigned level, unsigned layer, uint32_t x, uint32_t y, float r, float g = 0, float b = 0, float a = 1) {
    data_[level][index(level, layer, x, y)] = Texel::from_floats(r, g, b, a);
  }
  void fill(unsigned level, float r) {
    for (unsigned layer = 0; layer < layers_; ++layer)
      for (uint32_t y = 0; y < extents_[level].height; ++y)
        for (uint32_t x = 0; x < extents_[level].width; ++x) set(level, layer, x, y, r);
  }
  Extent extent(unsigned level) const override { return extents_[level]; }
  unsigned levels() const override { return static_cast<unsigned>(extents_.size()); }
  unsigned layers() const override { return layers_; }
  Texel read(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t, bool& resident) const override {
    resident = !(level == 0 && x == 3 && y == 3 && unmapped_corner);
    return data_[level][index(level, layer, x, y)];
  }
  bool unmapped_corner = false;

 private:
  std::size_t index(unsigned level, unsigned layer, uint32_t x, uint32_t y) const {
    const Extent& e = extents_[level];
    return (static_cast<std::size_t>(layer) * e.height + y) * e.width + x;
  }
  std::vector<Extent> extents_;
  std::vector<std::vector<Texel>> data_;
  unsigned layers_;
};

class Fixture : public Bindings {
 public:
  Fixture(uint32_t w, uint32_t h, unsigned levels, unsigned layers = 1, TextureType type = TextureType::Tex2D)
      : tex_(w, h, levels, layers) {
    TextureHeader hd;
    hd.components = 0x01;  // R32_G32_B32_A32
    hd.types = {DataType::Float, DataType::Float, DataType::Float, DataType::Float};
    hd.swizzle = {Source::R, Source::G, Source::B, Source::A};
    hd.type = type;
    hd.width = w;
    hd.height = h;
    hd.depth = layers;
    hd.max_mip_level = static_cast<uint8_t>(levels - 1);
    hd.view_max_level = static_cast<uint8_t>(levels - 1);
    bound_.emplace(BoundTexture{hd, *FormatPlan::make(hd.format()), &tex_, nullptr});
    sampler_.address = {AddressMode::ClampToEdge, AddressMode::ClampToEdge, AddressMode::ClampToEdge};
    sampler_.mag = MagFilter::Point;
    sampler_.min = MinFilter::Point;
    sampler_.mip = MipFilter::None;
    sampler_.max_lod_clamp = 0xfff;
  }
  const BoundTexture* texture(uint32_t i) const override { return i == 5 ? &*bound_ : nullptr; }
  const Sampler* sampler(uint32_t i) const override { return i == 2 ? &sampler_ : nullptr; }

  ArrayTexture tex_;
  std::optional<BoundTexture> bound_;
  Sampler sampler_;
};

constexpr uint32_t kHandle = 2u << 20 | 5u;

uint32_t fb(float f) { return std::bit_cast<uint32_t>(f); }
float bf(uint32_t b) { return std::bit_cast<float>(b); }

// A request where every lane samples (u, v) at lane-specific offsets; returns lane 0's R.
Request make_request(TexOp op, float u, float v) {
  Request r;
  r.op = op;
  for (auto& l : r.lanes) {
    l.handle = kHandle;
    l.coord = {fb(u), fb(v), 0};
  }
  return r;
}

TEST(TextureUnit, PointAndBilinear) {
  Fixture f(4, 4, 1);
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) f.tex_.set(0, 0, x, y, float(x + 10 * y));
  TextureUnit unit(f);
  Response out;
  unit.run(make_request(TexOp::Sample, 0.625f, 0.375f), out);  // texel (2.5, 1.5): texel 2,1 -> 12
  EXPECT_EQ(bf(out.value[0][0]), 12.0f);
  EXPECT_EQ(out.written, 0xffffffffu);
  EXPECT_EQ(out.resident, 0xffffffffu);
  f.sampler_.mag = MagFilter::Linear;
  // (0.5, 0.5) is texel space (2, 2): the four texels (1,1) 11, (2,1) 12, (1,2) 21, (2,2) 22 with weights 1/2.
  unit.run(make_request(TexOp::Sample, 0.5f, 0.5f), out);
  EXPECT_EQ(bf(out.value[0][0]), 16.5f);
  // (0.3, 0.5): x = 1.2 -> 1.2*256 = 307.2 -> 307 - 128 = 179 = 0.69921875: texels 0 and 1 of rows 1, 2.
  unit.run(make_request(TexOp::Sample, 0.3f, 0.5f), out);
  const float w = 179.0f / 256;
  const float row1 = 10 + w * (11 - 10), row2 = 20 + w * (21 - 20);
  EXPECT_EQ(bf(out.value[0][0]), row1 + 0.5f * (row2 - row1));
  // Unmapped sparse tile: Ps is cleared and the texel reads as the tile's contents (zero here).
  f.tex_.unmapped_corner = true;
  unit.run(make_request(TexOp::Sample, 0.99f, 0.99f), out);
  EXPECT_EQ(out.resident, 0u);
}

TEST(TextureUnit, AddressModesAndBorder) {
  Fixture f(4, 4, 1);
  f.tex_.fill(0, 1.0f);
  f.tex_.set(0, 0, 0, 0, 7.0f);
  f.sampler_.address = {AddressMode::Wrap, AddressMode::Wrap, AddressMode::Wrap};
  TextureUnit unit(f);
  Response out;
  unit.run(make_request(TexOp::Sample, 1.1f, 2.1f), out);  // wraps to (0.1, 0.1) -> texel (0, 0)
  EXPECT_EQ(bf(out.value[0][0]), 7.0f);
  f.sampler_.address = {AddressMode::Border, AddressMode::Border, AddressMode::Border};
  f.sampler_.border = {fb(0.25f), fb(0.5f), fb(0.75f), fb(1.0f)};
  unit.run(make_request(TexOp::Sample, -0.1f, 0.5f), out);
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{fb(0.25f), fb(0.5f), fb(0.75f), fb(1.0f)}));
}

TEST(TextureUnit, LodModesAndMipmaps) {
  Fixture f(8, 8, 4);  // levels 8x8, 4x4, 2x2, 1x1 filled with 0, 1, 2, 3
  for (unsigned l = 0; l < 4; ++l) f.tex_.fill(l, float(l));
  f.sampler_.mip = MipFilter::Linear;
  TextureUnit unit(f);
  Response out;
  Request r = make_request(TexOp::Sample, 0.5f, 0.5f);
  r.lod = LodMode::Lod;
  for (auto& l : r.lanes) l.lod = fb(1.25f);
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 1.25f);  // levels 1 and 2 blended 3:1
  // Implicit LOD: quad lanes one texel apart at level 0 (1/8) along x, and two texels (2/8) along y: rho = 2.
  r = make_request(TexOp::Sample, 0.5f, 0.5f);
  for (unsigned q = 0; q < 8; ++q) {
    r.lanes[4 * q + 1].coord[0] = fb(0.5f + 1 / 8.0f);
    r.lanes[4 * q + 2].coord[1] = fb(0.5f + 2 / 8.0f);
    r.lanes[4 * q + 3].coord = {fb(0.5f + 1 / 8.0f), fb(0.5f + 2 / 8.0f), 0};
  }
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 1.0f);
  // A divergent quad (lane 3 not in the current thread mask) falls back to LOD 0 (seed 000) ...
  r.ctm = 0xfffffff7;
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 0.0f);
  EXPECT_EQ(bf(out.value[4][0]), 1.0f);  // other quads are whole
  // ... unless .NDV says it is not.
  r.ndv = true;
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 1.0f);
  // Sampler MIN_LOD_CLAMP (u4.8) 2.0.
  r.ndv = false;
  r.ctm = 0xffffffff;
  f.sampler_.min_lod_clamp = 0x200;
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 2.0f);
  // .LZ ignores everything: the view's first level.
  r.lod = LodMode::Zero;
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 0.0f);
}

TEST(TextureUnit, DepthCompareFiltersResults) {
  Fixture f(2, 2, 1);
  f.tex_.set(0, 0, 0, 0, 0.2f);
  f.tex_.set(0, 0, 1, 0, 0.4f);
  f.tex_.set(0, 0, 0, 1, 0.6f);
  f.tex_.set(0, 0, 1, 1, 0.8f);
  f.sampler_.mag = MagFilter::Linear;
  f.sampler_.compare = CompareFunc::LessEqual;
  TextureUnit unit(f);
  Request r = make_request(TexOp::Sample, 0.5f, 0.5f);
  r.depth_compare = true;
  for (auto& l : r.lanes) l.dref = fb(0.5f);
  Response out;
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 0.5f);  // 0.5 <= d passes for 0.6 and 0.8: half the footprint (PCF)
}

TEST(TextureUnit, GatherOrder) {
  Fixture f(2, 2, 1);
  f.tex_.set(0, 0, 0, 0, 1, 10);
  f.tex_.set(0, 0, 1, 0, 2, 20);
  f.tex_.set(0, 0, 0, 1, 3, 30);
  f.tex_.set(0, 0, 1, 1, 4, 40);
  TextureUnit unit(f);
  Request r = make_request(TexOp::Gather, 0.5f, 0.5f);
  r.component = Component::G;
  Response out;
  unit.run(r, out);
  // (i0, j1), (i1, j1), (i1, j0), (i0, j0) = (0,1), (1,1), (1,0), (0,0).
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{fb(30), fb(40), fb(20), fb(10)}));
}

TEST(TextureUnit, FetchQueryAndInvalidHandles) {
  Fixture f(4, 4, 2, 3, TextureType::Array2D);
  f.tex_.set(0, 2, 3, 1, 9.0f);
  f.tex_.fill(1, 5.0f);
  TextureUnit unit(f);
  Request r;
  r.op = TexOp::Fetch;
  r.dim = Dim::Array2D;
  for (auto& l : r.lanes) {
    l.handle = 5;  // TLD needs no sampler
    l.coord = {3, 1, 0};
    l.layer = 2;
  }
  Response out;
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 9.0f);
  r.lanes[0].coord = {4, 1, 0};  // out of range: zeros
  r.lanes[1].layer = 3;          // no such layer: zeros
  unit.run(r, out);
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{}));
  EXPECT_EQ(out.value[1], (std::array<uint32_t, 4>{}));
  r.edge_clamp = true;  // .CL clamps both (seed 001)
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 9.0f);
  EXPECT_EQ(bf(out.value[1][0]), 9.0f);
  r.edge_clamp = false;
  r.lod = LodMode::Lod;
  r.lanes[2].lod = 1;
  r.lanes[2].coord = {1, 1, 0};  // level 1 is 2x2
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[2][0]), 5.0f);
  r.dim = Dim::Tex3D;  // three coordinates on a 2D array texture: zeros
  unit.run(r, out);
  EXPECT_EQ(out.value[2], (std::array<uint32_t, 4>{}));
  // The black border of an out-of-range TLD goes through the header's swizzle (seed 001: BORDER addressing with
  // border colour 0): X = ONE_FLOAT, Y = R, Z = ZERO, W = ONE_INT read (1.0f, 0, 0, 1) outside, and inside the
  // texel (3, 1) of layer 2 (R = 9) reads (1.0f, 9.0f, 0, 1).
  f.bound_->header.swizzle = {Source::OneFloat, Source::R, Source::Zero, Source::OneInt};
  f.bound_->format = *FormatPlan::make(f.bound_->header.format());
  r.dim = Dim::Array2D;
  r.lod = LodMode::Zero;
  r.lanes[0].coord = {4, 1, 0};
  r.lanes[1].coord = {3, 1, 0};
  r.lanes[1].layer = 5;
  r.lanes[2].coord = {3, 1, 0};
  r.lanes[2].layer = 2;
  unit.run(r, out);
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{fb(1.0f), 0, 0, 1}));
  EXPECT_EQ(out.value[1], (std::array<uint32_t, 4>{fb(1.0f), 0, 0, 1}));
  EXPECT_EQ(out.value[2], (std::array<uint32_t, 4>{fb(1.0f), fb(9.0f), 0, 1}));

  Request q;
  q.op = TexOp::Query;
  q.query = Query::Dimension;
  for (auto& l : q.lanes) l.handle = 5;
  q.lanes[1].lod = 1;
  unit.run(q, out);
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{4, 4, 3, 2}));
  EXPECT_EQ(out.value[1], (std::array<uint32_t, 4>{2, 2, 3, 2}));

  for (auto& l : q.lanes) l.handle = 6;  // header 6 is not bound: an invalid texture returns zeros
  unit.run(q, out);
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{}));
}

// Seamless cube maps: NEAREST clamps to the face (Vulkan "Wrapping Operation"), gathers cross the seam. The
// direction (1, -1, 0.2) ties x and y; z-before-y-before-x picks -Y (face 3), where s = (x / 1 + 1) / 2 = 1.0
// and t = (-z + 1) / 2 = 0.4. Texel (x, y) of face f holds 10 f + 2 y + x.
TEST(TextureUnit, SeamlessCubeNearestClampsGatherCrossesSeam) {
  Fixture f(2, 2, 1, 6, TextureType::Cube);
  for (unsigned face = 0; face < 6; ++face)
    for (uint32_t y = 0; y < 2; ++y)
      for (uint32_t x = 0; x < 2; ++x) f.tex_.set(0, face, x, y, float(10 * face + 2 * y + x));
  f.sampler_.cube_interface = 2;  // AUTO_SPAN_SEAM
  TextureUnit unit(f);
  Request r = make_request(TexOp::Sample, 1.0f, -1.0f);
  r.dim = Dim::Cube;
  for (auto& l : r.lanes) l.coord[2] = fb(0.2f);
  Response out;
  // Texel space (2.0, 0.8): NEAREST clamps i = 2 to 1 on the same face: (1, 0) of -Y = 31.
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 31.0f);
  // Gather: i0 = 1, i1 = 2 (off the face), j0 = 0, j1 = 1. (1, 1) and (1, 0) of -Y are 33 and 31. Texel i = 2
  // is the direction (1.5, -1, -0.5 for j = 1 / +0.5 for j = 0) from -Y's centre rule: +X face, s = (-z / 1.5 + 1)
  // / 2 = 2/3 or 1/3 -> column 1 or 0, t = (1 / 1.5 + 1) / 2 = 5/6 -> row 1: +X texels (1, 1) = 3, (0, 1) = 2.
  r.op = TexOp::Gather;
  r.lod = LodMode::Zero;
  unit.run(r, out);
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{fb(33), fb(3), fb(2), fb(31)}));
}

// A seamless cube footprint's corner tap: of its weight, the two texels on the neighbouring faces take
// round(w / 3) each and the face's own corner texel the rest (filter.cpp, split_corner; tests/hw cube-seamless).
// The direction (1, 1, 1) ties all three axes; z first picks +Z, at s = 1, t = 0: texel space (2, 0), footprint
// columns 1 and 2 and rows -1 and 0, each tap 64 of 256. Row -1 lies on +Y, column 2 on +X, and tap (2, -1) is the
// corner: 21 to its +Y texel (tap (1, -1)'s), 21 to its +X texel, 22 to +Z's own (1, 0). With +Y all 1 and the
// rest 0, R = (64 + 21) / 256; the average of the three texels would give (64 + 64 / 3) / 256.
TEST(TextureUnit, SeamlessCubeCornerSplitsItsWeight) {
  Fixture f(2, 2, 1, 6, TextureType::Cube);
  f.tex_.fill(0, 0.0f);
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 2; ++x) f.tex_.set(0, 2, x, y, 1.0f, 0.0f, 0.0f, 0.0f);
  f.sampler_.cube_interface = 2;  // AUTO_SPAN_SEAM
  f.sampler_.mag = MagFilter::Linear;
  f.sampler_.min = MinFilter::Linear;
  TextureUnit unit(f, Policy::nvidia());
  Request r = make_request(TexOp::Sample, 1.0f, 1.0f);
  r.dim = Dim::Cube;
  r.lod = LodMode::Zero;
  for (auto& l : r.lanes) l.coord[2] = fb(1.0f);
  Response out;
  unit.run(r, out);
  EXPECT_EQ(out.value[0][0], fb(85.0f / 256));
}

TEST(TextureUnit, SeamlessCubeWithNonSquareFacesStaysOnTheFace) {
  // A cube header whose faces are 2x1 (found by fuzz_texunit: the seam search recursed forever). Faces are square
  // on real textures; such a header gets no seams: the footprint clamps to the face like a non-seamless cube.
  Fixture f(2, 1, 1, 6, TextureType::Cube);
  for (unsigned face = 0; face < 6; ++face)
    for (uint32_t x = 0; x < 2; ++x) f.tex_.set(0, face, x, 0, float(10 * face + x));
  f.sampler_.cube_interface = 2;  // AUTO_SPAN_SEAM
  f.sampler_.mag = MagFilter::Linear;
  f.sampler_.min = MinFilter::Linear;
  TextureUnit unit(f);
  Request r = make_request(TexOp::Gather, 1.0f, -1.0f);
  r.dim = Dim::Cube;
  r.lod = LodMode::Zero;
  for (auto& l : r.lanes) l.coord[2] = fb(0.2f);
  Response out;
  unit.run(r, out);
  // -Y (face 3) at texel space (2.0, 0.4): columns 1 and 2 -> 1, 1 (clamped); rows -1 and 0 -> 0, 0.
  EXPECT_EQ(out.value[0], (std::array<uint32_t, 4>{fb(31), fb(31), fb(31), fb(31)}));
}

TEST(TextureUnit, QueryLodFixedPoint) {
  Fixture f(8, 8, 4);
  TextureUnit unit(f);
  Request r = make_request(TexOp::QueryLod, 0.5f, 0.5f);
  for (unsigned q = 0; q < 8; ++q) {
    r.lanes[4 * q + 1].coord[0] = fb(0.5f + 3 / 8.0f);  // rho 3 = 1.5 * 2: 1 + table[128] / 256 = 406/256
    r.lanes[4 * q + 3].coord[0] = fb(0.5f + 3 / 8.0f);
  }
  f.sampler_.max_lod_clamp = 0x100;  // clamp to 1.0
  Response out;
  unit.run(r, out);
  EXPECT_EQ(out.value[0][0], 406u);  // relative, unclamped, s8.8 (exact log2 would truncate to 405)
  EXPECT_EQ(out.value[0][1], 256u);  // clamped, u8.8
}

// NaN and infinite texels under linear filtering (R32F and R16F, the GPU's arithmetic and the float-exact one):
// the taps with weight decide alone. A NaN among them, or +Inf with -Inf, reads the GPU's NaN 0x7fffffff; an
// infinity reads itself, also when it has all the weight; a tap without weight counts for nothing.
TEST(TextureUnit, NonFiniteTexelsInLinearFiltering) {
  constexpr float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();  // 0x7fc00000
  for (const uint32_t layout : {0x01u, 0x03u}) {             // R32_G32_B32_A32, R16_G16_B16_A16 (FLOAT)
    for (const Policy& policy : {Policy::nvidia(), Policy::float_exact()}) {
      SCOPED_TRACE(testing::Message() << "layout " << layout << (policy == Policy::nvidia() ? " nvidia" : " exact"));
      Fixture f(4, 4, 1);
      f.bound_->header.components = layout;
      f.bound_.emplace(BoundTexture{f.bound_->header, *FormatPlan::make(f.bound_->header.format()), &f.tex_, nullptr});
      f.tex_.fill(0, 2.0f);
      f.sampler_.mag = MagFilter::Linear;
      TextureUnit unit(f, policy);
      Response out;
      auto r_at = [&](float u, float v) {
        unit.run(make_request(TexOp::Sample, u, v), out);
        return out.value[0][0];
      };
      // R of texel (1, 1) +Inf, G NaN. At its centre (texel space 1.5, 1.5: footprint (1..2, 1..2) with weights
      // 1, 0, 0, 0) the tap has all the weight: +Inf (a lerp gives Inf + 0 * (2 - Inf) = NaN), and NaN -> 0x7fffffff.
      f.tex_.set(0, 0, 1, 1, inf, nan, 2.0f, 2.0f);
      EXPECT_EQ(r_at(0.375f, 0.375f), fb(inf));
      EXPECT_EQ(out.value[0][1], 0x7fffffffu);
      EXPECT_EQ(out.value[0][2], fb(2.0f));
      // Between texels (1, 1) and (2, 2) (texel space 2, 2): a quarter of the weight each.
      EXPECT_EQ(r_at(0.5f, 0.5f), fb(inf));
      EXPECT_EQ(out.value[0][1], 0x7fffffffu);
      // At the centre of texel (0, 0) the footprint (0..1, 0..1) holds texel (1, 1) without weight: texel (0, 0)'s
      // R 2 and G 0.
      EXPECT_EQ(r_at(0.125f, 0.125f), fb(2.0f));
      EXPECT_EQ(out.value[0][1], fb(0.0f));
      // -Inf at (2, 1) beside +Inf at (1, 1): both with weight, NaN; -Inf alone keeps its sign.
      f.tex_.set(0, 0, 2, 1, -inf, 2.0f, 2.0f, 2.0f);
      EXPECT_EQ(r_at(0.5f, 0.375f), 0x7fffffffu);
      EXPECT_EQ(r_at(0.625f, 0.375f), fb(-inf));
      // Point sampling reads the texel's own bits.
      f.sampler_.mag = MagFilter::Point;
      r_at(0.375f, 0.375f);
      EXPECT_EQ(out.value[0][1], fb(nan));
    }
  }
  // Two levels blended (LOD 0.5: half and half): +Inf on both stays +Inf (a lerp gives Inf + 0.5 (Inf - Inf) =
  // NaN), +Inf on one with 1 on the other +Inf, NaN on one 0x7fffffff.
  for (const Policy& policy : {Policy::nvidia(), Policy::float_exact()}) {
    Fixture f(2, 2, 2);
    f.tex_.fill(0, inf);
    f.tex_.fill(1, inf);
    f.tex_.set(0, 0, 0, 0, inf, inf, nan, 1.0f);
    f.tex_.set(1, 0, 0, 0, inf, 1.0f, 1.0f, 1.0f);
    f.sampler_.mip = MipFilter::Linear;
    TextureUnit unit(f, policy);
    Request r = make_request(TexOp::Sample, 0.25f, 0.25f);
    r.lod = LodMode::Lod;
    for (auto& l : r.lanes) l.lod = fb(0.5f);
    Response out;
    unit.run(r, out);
    EXPECT_EQ(out.value[0][0], fb(inf));
    EXPECT_EQ(out.value[0][1], fb(inf));
    EXPECT_EQ(out.value[0][2], 0x7fffffffu);
    EXPECT_EQ(out.value[0][3], fb(1.0f));
  }
}

// Float texels take the same 8-bit tap weights as UNORM ones (filter.cpp, split_weights): T = 256 splits along u,
// then each column along v. A 4x4 R32G32B32A32_FLOAT texture, lookup at texel space (2.0, 2.04296875): u = 1.5
// texels past the first centre (wu = 128/256), v = 1.54296875 (wv = 139/256, footprint rows 1 and 2). u1 = 128,
// u0 = 128; w11 = round(139 * 128 / 256) = round(69.5) = 70 (half up), w01 = 69.5 rounded half down = 69; so
// w00 = 59, w10 = 58, w01 = 69, w11 = 70. Texel (1, 1) = 1, the rest 0: R = 59/256 = 0.23046875, where the
// product of the axis weights would give 128 * 117 / 65536 = 0.228515625. Texel (2, 2) = 1 alone: 70/256.
TEST(TextureUnit, FloatTapsShareEightBitWeights) {
  Fixture f(4, 4, 1);
  f.tex_.fill(0, 0.0f);
  f.sampler_.mag = MagFilter::Linear;
  TextureUnit unit(f, Policy::nvidia());
  Response out;
  const float u = 2.0f / 4, v = 2.04296875f / 4;
  f.tex_.set(0, 0, 1, 1, 1.0f, 0.0f, 0.0f, 0.0f);
  unit.run(make_request(TexOp::Sample, u, v), out);
  EXPECT_EQ(out.value[0][0], fb(59.0f / 256));
  f.tex_.set(0, 0, 1, 1, 0.0f, 0.0f, 0.0f, 0.0f);
  f.tex_.set(0, 0, 2, 2, 1.0f, 0.0f, 0.0f, 0.0f);
  unit.run(make_request(TexOp::Sample, u, v), out);
  EXPECT_EQ(out.value[0][0], fb(70.0f / 256));
  // FLOAT32 taps are aligned to the largest one's exponent with 27 fractional bits, truncated towards zero.
  // Texel (1, 1) = 1 (weight 59), the other three 3 * 2^-28 (weights 58 + 69 + 70 = 197): aligned, 3 * 2^-28
  // becomes 2^-27, and the sum 59 + 197 * 2^-27, over 256, is 59/256 + 0.38 of its last place (2^-26): R = 59/256.
  // With 28 bits (or none) the small taps keep 3 * 2^-28, 0.58 of the last place, and R would round up.
  f.tex_.fill(0, 0x1.8p-27f);
  f.tex_.set(0, 0, 1, 1, 1.0f, 0.0f, 0.0f, 0.0f);
  unit.run(make_request(TexOp::Sample, u, v), out);
  EXPECT_EQ(out.value[0][0], fb(59.0f / 256));
  // A zero from taps that are all -0 is -0.
  f.tex_.fill(0, -0.0f);
  unit.run(make_request(TexOp::Sample, u, v), out);
  EXPECT_EQ(out.value[0][0], fb(-0.0f));
}

// Linear sRGB filtering aligns the taps below the exponent of the largest tap's code group (srgb.h,
// srgb_filter_exponent), not below the value's own exponent. Texel (1, 1) is code 249 (decoded 0.9453125), texel
// (1, 2) code 13 (0.0040283203125); the lookup sits on column 1's centre, 185/256 of the way to row 2: weights 71
// and 185. Code 249's group (248..255) ends at code 255 (1.0), so the taps keep 7 fractional bits below 2^0:
// 121 and 0 (units of 2^-7), and R = fp16(71 * 121 / 2^15) = fp16(0.2621765) = 1074 / 4096 (an H100's answer to
// the same lookup, tests/hw format-linear). Aligned below the value's exponent (2^-1) they would be 242 and 1:
// fp16(17367 / 65536) = 1085 / 4096. Code 247's group (240..247) ends below 1.0: 238 and 1 units of 2^-8,
// fp16(17083 / 65536) = fp16(0.2606659) = 1068 / 4096.
TEST(TextureUnit, SrgbTapsAlignToTheirCodeGroup) {
  Fixture f(4, 4, 1);
  f.bound_->header.components = 0x08;  // A8B8G8R8
  f.bound_->header.types = {DataType::Unorm, DataType::Unorm, DataType::Unorm, DataType::Unorm};
  f.bound_->header.srgb = true;
  f.bound_.emplace(BoundTexture{f.bound_->header, *FormatPlan::make(f.bound_->header.format()), &f.tex_, nullptr});
  f.sampler_.srgb_conversion = true;
  f.sampler_.mag = MagFilter::Linear;
  f.tex_.fill(0, 0.0f);
  f.tex_.set(0, 0, 1, 2, srgb8_to_linear(13));
  TextureUnit unit(f, Policy::nvidia());
  Response out;
  const float u = 1.5f / 4, v = (1.5f + 185.0f / 256) / 4;
  f.tex_.set(0, 0, 1, 1, srgb8_to_linear(249));
  unit.run(make_request(TexOp::Sample, u, v), out);
  EXPECT_EQ(out.value[0][0], fb(1074.0f / 4096));
  f.tex_.set(0, 0, 1, 1, srgb8_to_linear(247));
  unit.run(make_request(TexOp::Sample, u, v), out);
  EXPECT_EQ(out.value[0][0], fb(1068.0f / 4096));
}

// SNORM8 filters as a sum of codes times the 8-bit weights, returned as a 16-bit SNORM value (filter.cpp,
// snorm8_of_sum). The lookup above (weights 59, 58, 69, 70) with texel (1, 1) = code 100, the rest 0: T = 5900,
// n = round(5900 * 32767 / (256 * 127)) = round(5946.27) = 5946, R = 5946 / 32767 (not 5900 / 32512). A gather
// returns each texel so: code 100 is n = round(100 * 32767 / 127) = round(25800.79) = 25801; point sampling
// returns 100 / 127.
TEST(TextureUnit, Snorm8FiltersToSixteenBitValues) {
  Fixture f(4, 4, 1);
  f.bound_->header.components = 0x08;  // A8B8G8R8
  f.bound_->header.types = {DataType::Snorm, DataType::Snorm, DataType::Snorm, DataType::Snorm};
  f.bound_.emplace(BoundTexture{f.bound_->header, *FormatPlan::make(f.bound_->header.format()), &f.tex_, nullptr});
  f.tex_.fill(0, 0.0f);
  f.tex_.set(0, 0, 1, 1, 100.0f / 127, 0.0f, 0.0f, 0.0f);
  f.sampler_.mag = MagFilter::Linear;
  TextureUnit unit(f, Policy::nvidia());
  Response out;
  unit.run(make_request(TexOp::Sample, 2.0f / 4, 2.04296875f / 4), out);
  EXPECT_EQ(out.value[0][0], fb(static_cast<float>(5946.0 / 32767)));
  unit.run(make_request(TexOp::Gather, 1.5f / 4, 1.5f / 4), out);  // footprint texels (1..2, 1..2)
  EXPECT_EQ(out.value[0][3], fb(static_cast<float>(25801.0 / 32767)));  // (i0, j0): texel (1, 1)
  EXPECT_EQ(out.value[0][1], fb(0.0f));
  f.sampler_.mag = MagFilter::Point;
  unit.run(make_request(TexOp::Sample, 1.5f / 4, 1.5f / 4), out);
  EXPECT_EQ(out.value[0][0], fb(100.0f / 127));
}

// R of a lookup at (u, v) with explicit LOD 0.5 (LINEAR, mip LINEAR) on a 4x4 float texture with two levels,
// all 0 but texel (x, y) of level 0, which is 1.
uint32_t one_texel_at_lod_half(uint32_t x, uint32_t y, float u, float v) {
  Fixture f(4, 4, 2);
  f.tex_.fill(0, 0.0f);
  f.tex_.fill(1, 0.0f);
  f.tex_.set(0, 0, x, y, 1.0f, 0.0f, 0.0f, 0.0f);
  f.sampler_.mag = MagFilter::Linear;
  f.sampler_.min = MinFilter::Linear;
  f.sampler_.mip = MipFilter::Linear;
  TextureUnit unit(f, Policy::nvidia());
  Request r = make_request(TexOp::Sample, u, v);
  r.lod = LodMode::Lod;
  for (auto& l : r.lanes) l.lod = fb(0.5f);
  Response out;
  unit.run(r, out);
  return out.value[0][0];
}

// Two levels of a float texture sum their taps as one, each level's weights split from its share (256 - f and f)
// as UNORM levels do, not two results blended. LOD 0.5 (f = 128), the lookup above: level 0 at (1.5, 1.54296875)
// past the first centre, T = 128: u1 = u0 = 64, w11 = round(139 * 64 / 256) = 35, w01 = round(34.75) = 35, so
// texel (1, 1) weighs 64 - 35 = 29. Level 1 (2x2) all 0: R = 29/256, where blending the levels' results would give
// (59/256) / 2 = 29.5/256.
TEST(TextureUnit, FloatLevelsSumTheirTapsAsOne) {
  EXPECT_EQ(one_texel_at_lod_half(1, 1, 2.0f / 4, 2.04296875f / 4), fb(29.0f / 256));
}

// CLAMP_TO_EDGE clamps the texel-space coordinate to [0.5, n - 0.5] before the weights (addressing.h,
// prepare_coordinate). Lookup (0.9375, (1.5 + 85/256) / 4) at LOD 0.5: each level's taps share 128. Level 0 (4x4):
// x = 3.75 is clamped to 3.5 (u fraction 0, not 64), y - 0.5 = 1 + 85/256: column 3 splits 128 along v into
// row 2 down(85 * 128 / 256) = 42 (42.5, half down) and row 1 86. Clamping only the texel index instead would
// split along u first (32 and 96) and give rows 1 and 2 85 and 43. Level 1 (2x2) is all 0, texel (3, 1) of
// level 0 is 1: R = 86/256.
TEST(TextureUnit, ClampToEdgeClampsTheCoordinate) {
  EXPECT_EQ(one_texel_at_lod_half(3, 1, 0.9375f, (1.5f + 85.0f / 256) / 4), fb(86.0f / 256));
}

// Anisotropic filtering when magnifying (lod.h, anisotropic_taps): a footprint 1.5 x 0.25 texels, maximum ratio
// 16, is two bilinear taps 2/3 texel apart along u, averaged. Texel column i holds i * i (every row alike); the
// lookup is at texel (8.25, 8.5). Taps at u = 8.25 -+ 1/3: 7.9167 and 8.5833, with 8 sub-texel bits (nearest,
// ties up) 2027/256 and 2197/256: columns 7 and 8 with weight 107/256 -> 49 + 107/256 * 15 = 55.26953125, and
// columns 8 and 9 with weight 21/256 -> 64 + 21/256 * 17 = 65.39453125; the average is 60.33203125.
TEST(TextureUnit, AnisotropicTapsWhenMagnifying) {
  Fixture f(16, 16, 1);
  for (uint32_t y = 0; y < 16; ++y)
    for (uint32_t x = 0; x < 16; ++x) f.tex_.set(0, 0, x, y, float(x * x));
  f.sampler_.mag = MagFilter::Linear;
  f.sampler_.min = MinFilter::Aniso;
  f.sampler_.max_anisotropy = 7;  // 16:1
  TextureUnit unit(f);
  Request r = make_request(TexOp::Gradient, 8.25f / 16, 8.5f / 16);
  for (auto& l : r.lanes) l.gradients = {fb(1.5f / 16), 0, 0, fb(0.25f / 16), 0, 0};  // ds/dx, ds/dy, dt/dx, dt/dy
  Response out;
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 60.33203125f);
  // The taps step from the lookup's position on the 1/256 sub-texel grid: at u = 8.25 + 1/1024 texels that is
  // still 8.25, the same two taps (from 8.2509765625 itself the second would be 2070/256, weight 22/256).
  for (auto& l : r.lanes) l.coord[0] = fb(8449.0f / 16384);
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 60.33203125f);
  for (auto& l : r.lanes) l.coord[0] = fb(8.25f / 16);
  // Ratio 1 (isotropic): one bilinear tap at 8.25 -> columns 7 and 8, weight 3/4: 49 + 0.75 * 15.
  f.sampler_.max_anisotropy = 0;
  unit.run(r, out);
  EXPECT_EQ(bf(out.value[0][0]), 60.25f);
}

// Non-finite, far-out and denormal inputs as an H100 takes them (gpu-tex seed 5151): normalized coordinates are
// held within +-2^24, infinities included; denormal coordinates read as zero; a TXD gradient component that is NaN
// reads as 0, an infinite one as the largest finite float.
TEST(TextureUnit, NonFiniteCoordinatesAndGradients) {
  constexpr float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  {
    Fixture f(3, 1, 1);  // texels 0, 1, 2; point sampling
    for (uint32_t x = 0; x < 3; ++x) f.tex_.set(0, 0, x, 0, float(x));
    f.sampler_.address = {AddressMode::Wrap, AddressMode::Wrap, AddressMode::Wrap};
    TextureUnit unit(f);
    Response out;
    auto at = [&](float u) {
      unit.run(make_request(TexOp::Sample, u, 0.5f), out);
      return bf(out.value[0][0]);
    };
    // 2^24 * 3 is a multiple of 3: texel 0 for +-Inf and +-1e9 (held at +-2^24; pinned to 2^30 texels instead,
    // they would read 2^30 mod 3 = 1).
    EXPECT_EQ(at(inf), 0.0f);
    EXPECT_EQ(at(-inf), 0.0f);
    EXPECT_EQ(at(1e9f), 0.0f);
    EXPECT_EQ(at(-1e9f), 0.0f);
    // Below 2^24 nothing changes: 2^22 * 3 = 12582912, texel 12582912 mod 3 = 0; (2^22 + 1/2) * 3 = 12582913.5:
    // texel 1.
    EXPECT_EQ(at(4194304.0f), 0.0f);
    EXPECT_EQ(at(4194304.5f), 1.0f);
    f.sampler_.address = {AddressMode::Mirror, AddressMode::Mirror, AddressMode::Mirror};
    EXPECT_EQ(at(-inf), 0.0f);  // -2^24 * 3 mod 6 = 0
    f.sampler_.address = {AddressMode::ClampToEdge, AddressMode::ClampToEdge, AddressMode::ClampToEdge};
    EXPECT_EQ(at(inf), 2.0f);
    EXPECT_EQ(at(-inf), 0.0f);
    // A denormal reads as zero: -2^-149 is texel 0 (truncated to 2^-22 it would be texel -1: the border, or with
    // wrap the last texel).
    f.sampler_.address = {AddressMode::Border, AddressMode::Border, AddressMode::Border};
    f.sampler_.border = {fb(9.0f), 0, 0, 0};
    EXPECT_EQ(at(bf(0x80000001u)), 0.0f);
    EXPECT_EQ(at(-0x1p-22f), 9.0f);
    f.sampler_.address = {AddressMode::Wrap, AddressMode::Wrap, AddressMode::Wrap};
    EXPECT_EQ(at(bf(0x807fffffu)), 0.0f);
    EXPECT_EQ(at(-0x1p-22f), 2.0f);
  }
  Fixture f(8, 8, 4);  // levels 8x8, 4x4, 2x2, 1x1 filled with 0, 1, 2, 3
  for (unsigned l = 0; l < 4; ++l) f.tex_.fill(l, float(l));
  f.sampler_.mip = MipFilter::Point;
  TextureUnit unit(f);
  Response out;
  auto txd = [&](float dsdx, float dsdy, float dtdx, float dtdy) {
    Request r = make_request(TexOp::Gradient, 0.5f, 0.5f);
    for (auto& l : r.lanes) l.gradients = {fb(dsdx), fb(dsdy), fb(dtdx), fb(dtdy), 0, 0};
    unit.run(r, out);
    return bf(out.value[0][0]);
  };
  EXPECT_EQ(txd(0.25f, 0, 0, 0.25f), 1.0f);  // 2 texels: lambda 1
  // An infinite component: past every level, the last one; with a zero beside it (Inf * 0) as well.
  EXPECT_EQ(txd(inf, 0, 0, 0), 3.0f);
  EXPECT_EQ(txd(0, -inf, 0, 0.25f), 3.0f);
  // A NaN component reads as 0: ds/dx NaN leaves dt/dy's 2 texels, lambda 1; all NaN: magnified, level 0.
  EXPECT_EQ(txd(nan, 0, 0, 0.25f), 1.0f);
  EXPECT_EQ(txd(nan, nan, nan, nan), 0.0f);
}

}  // namespace
}  // namespace tmu::texunit
