// SPDX-License-Identifier: MIT
// Multisampled textures (TLD.MS): the sample grid of every MULTI_SAMPLE_COUNT mode, where each sample lies in
// it, and fetches through the texture unit from block-linear sample images in GPU memory. Expected values are
// worked out by hand from the rules in texunit/multisample.h and seed 001, not taken from tmu's output.
#include <gtest/gtest.h>

#include <vector>

#include "texunit/multisample.h"
#include "texunit/texture_set.h"

namespace tmu::texunit {
namespace {

// ---- The sample grid and sample positions ----------------------------------------------------------------

TEST(Multisample, GridOfEveryMode) {
  // MODE_1X1, 2X1, 2X2, 4X2, 4X2_D3D, 2X1_D3D, 4X4, (undefined), 2X2_VC_4, 2X2_VC_12, 4X2_VC_8, 4X2_VC_24,
  // 2X1_CENTER, 2X2_CENTER, 4X2_CENTER, 4X4_REGULAR: the grid is in the name.
  const uint32_t want[16][2] = {{1, 1}, {2, 1}, {2, 2}, {4, 2}, {4, 2}, {2, 1}, {4, 4}, {0, 0},
                                {2, 2}, {2, 2}, {4, 2}, {4, 2}, {2, 1}, {2, 2}, {4, 2}, {4, 4}};
  for (unsigned m = 0; m < 16; ++m) {
    const auto g = sample_grid_of_mode(m);
    if (m == 7) {
      EXPECT_FALSE(g);
      continue;
    }
    ASSERT_TRUE(g) << m;
    EXPECT_EQ(g->x, want[m][0]) << m;
    EXPECT_EQ(g->y, want[m][1]) << m;
  }
  // 1D buffers ignore the field; the undefined mode reads as one sample.
  TextureHeader h;
  h.multisample = 2;
  h.version = HeaderVersion::Buffer1D;
  EXPECT_EQ(sample_grid(h).count(), 1u);
  h.version = HeaderVersion::BlockLinear;
  EXPECT_EQ(sample_grid(h).count(), 4u);
  h.multisample = 7;
  EXPECT_EQ(sample_grid(h).count(), 1u);
}

// Samples per pixel -> the plain mode (clb097tex.h: MODE_1X1 0, MODE_2X1 1, MODE_2X2 2, MODE_4X2 3, MODE_4X4 6).
TEST(Multisample, PlainModeForSamples) {
  EXPECT_EQ(plain_mode_for_samples(1), std::optional<uint8_t>(0));
  EXPECT_EQ(plain_mode_for_samples(2), std::optional<uint8_t>(1));
  EXPECT_EQ(plain_mode_for_samples(4), std::optional<uint8_t>(2));
  EXPECT_EQ(plain_mode_for_samples(8), std::optional<uint8_t>(3));
  EXPECT_EQ(plain_mode_for_samples(16), std::optional<uint8_t>(6));
  EXPECT_EQ(plain_mode_for_samples(3), std::nullopt);
  EXPECT_EQ(plain_mode_for_samples(32), std::nullopt);
}

TEST(Multisample, SamplePositions) {
  // Samples 0..7: nouveau's table of sample-grid offsets; 8..15: the 4x4 model (bit 3 adds 2 to y).
  const SamplePosition want[16] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 0}, {3, 0}, {2, 1}, {3, 1},
                                   {0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 2}, {3, 2}, {2, 3}, {3, 3}};
  for (uint32_t s = 0; s < 16; ++s) {
    EXPECT_EQ(sample_position(s).x, want[s].x) << s;
    EXPECT_EQ(sample_position(s).y, want[s].y) << s;
  }
}

TEST(Multisample, SamplesCoverEveryGridOnce) {
  for (unsigned m = 0; m < 16; ++m) {
    const auto g = sample_grid_of_mode(m);
    if (!g) continue;
    std::vector<bool> seen(g->count(), false);
    for (uint32_t s = 0; s < g->count(); ++s) {
      const SamplePosition p = sample_position(s);
      ASSERT_LT(p.x, g->x) << "mode " << m << " sample " << s;
      ASSERT_LT(p.y, g->y) << "mode " << m << " sample " << s;
      EXPECT_FALSE(seen[p.y * g->x + p.x]) << "mode " << m << " sample " << s;
      seen[p.y * g->x + p.x] = true;
    }
  }
}

// ---- Fetches through the texture unit ----------------------------------------------------------------------

// An A8B8G8R8 UINT texture whose sample-image texel (X, Y) of layer L holds R = X + 16 Y, G = L, B = 7, A = 9:
// every sample of every pixel distinct. Returns its handle (sampler 0).
uint32_t add_ms_texture(TextureSet& set, uint8_t mode, uint32_t w, uint32_t h, uint32_t layers = 1,
                        TextureType type = TextureType::Tex2D) {
  TextureHeader hd;
  hd.components = 0x08;
  hd.types = {DataType::Uint, DataType::Uint, DataType::Uint, DataType::Uint};
  hd.swizzle = {Source::R, Source::G, Source::B, Source::A};
  hd.type = type;
  hd.width = w;
  hd.height = h;
  hd.depth = layers;
  hd.multisample = mode;
  auto t = set.add_texture(hd);
  EXPECT_TRUE(t) << t.error();
  const SurfaceLayout& l = set.layout(*t);
  const LevelLayout& lv = l.level(0);
  for (uint32_t layer = 0; layer < l.layers(); ++layer) {
    std::vector<std::byte> texels(uint64_t{lv.width} * lv.height * 4);
    for (uint32_t y = 0; y < lv.height; ++y)
      for (uint32_t x = 0; x < lv.width; ++x) {
        const uint64_t i = (uint64_t{y} * lv.width + x) * 4;
        texels[i] = static_cast<std::byte>(x + 16 * y);
        texels[i + 1] = static_cast<std::byte>(layer);
        texels[i + 2] = std::byte{7};
        texels[i + 3] = std::byte{9};
      }
    EXPECT_TRUE(set.write_level(*t, 0, layer, texels));
  }
  Sampler s;
  s.max_lod_clamp = 0xfff;
  auto smp = set.add_sampler(s);
  EXPECT_TRUE(smp);
  return TextureSet::handle(*t, *smp);
}

// TLD.LZ.MS: every lane the same pixel and layer, lane i sample i.
Request ms_fetch(uint32_t handle, int32_t x, int32_t y, uint16_t layer = 0, Dim dim = Dim::Tex2D) {
  Request r;
  r.op = TexOp::Fetch;
  r.lod = LodMode::Zero;
  r.dim = dim;
  r.multisample = true;
  for (uint32_t i = 0; i < kWarpSize; ++i) {
    Lane& l = r.lanes[i];
    l.handle = handle;
    l.coord = {static_cast<uint32_t>(x), static_cast<uint32_t>(y), 0};
    l.layer = layer;
    l.sample = i;
  }
  return r;
}

using Rgba = std::array<uint32_t, 4>;
constexpr Rgba kZero{0, 0, 0, 0};  // TLD's border, (0, 0, 0, 0) through an R, G, B, A swizzle

TEST(MultisampleFetch, TwoByTwoSamplesEverySampleIndex) {
  TextureSet set;
  const uint32_t handle = add_ms_texture(set, 2, 2, 2);  // MODE_2X2: a 4x4 sample image
  TextureUnit unit(set.bindings());
  Response out;
  // Pixel (1, 0) owns sample-image texels x 2..3, y 0..1. Sample 0 (0,0) -> (2,0): R 2; sample 1 (1,0) -> (3,0):
  // R 3; sample 2 (0,1) -> (2,1): R 18; sample 3 (1,1) -> (3,1): R 19. Samples 4.. are past the 4 samples: zeros.
  unit.run(ms_fetch(handle, 1, 0), out);
  EXPECT_EQ(out.value[0], (Rgba{2, 0, 7, 9}));
  EXPECT_EQ(out.value[1], (Rgba{3, 0, 7, 9}));
  EXPECT_EQ(out.value[2], (Rgba{18, 0, 7, 9}));
  EXPECT_EQ(out.value[3], (Rgba{19, 0, 7, 9}));
  for (unsigned i = 4; i < kWarpSize; ++i) EXPECT_EQ(out.value[i], kZero) << i;
  EXPECT_EQ(out.written, 0xffffffffu);
  // Pixel (1, 1): texels x 2..3, y 2..3: R 34, 35, 50, 51.
  unit.run(ms_fetch(handle, 1, 1), out);
  EXPECT_EQ(out.value[0][0], 34u);
  EXPECT_EQ(out.value[1][0], 35u);
  EXPECT_EQ(out.value[2][0], 50u);
  EXPECT_EQ(out.value[3][0], 51u);
  // A sample index far past the count (the full u32 register) reads zeros too.
  Request r = ms_fetch(handle, 0, 0);
  r.lanes[0].sample = 0xffffffffu;
  r.lanes[1].sample = 0x80000001u;
  unit.run(r, out);
  EXPECT_EQ(out.value[0], kZero);
  EXPECT_EQ(out.value[1], kZero);
  EXPECT_EQ(out.value[2], (Rgba{16, 0, 7, 9}));  // sample 2 of pixel (0, 0): texel (0, 1)
}

TEST(MultisampleFetch, EveryGridThroughMemory) {
  // One pixel at (1, 1) of a 2x2-pixel texture, for each plain mode: sample s is texel (gx + px, gy + py).
  struct Case {
    uint8_t mode;
    uint32_t gx, gy;
  };
  const Case cases[] = {{0, 1, 1}, {1, 2, 1}, {2, 2, 2}, {3, 4, 2}, {6, 4, 4}};
  const SamplePosition pos[16] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 0}, {3, 0}, {2, 1}, {3, 1},
                                  {0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 2}, {3, 2}, {2, 3}, {3, 3}};
  for (const Case& c : cases) {
    TextureSet set;
    const uint32_t handle = add_ms_texture(set, c.mode, 2, 2);
    TextureUnit unit(set.bindings());
    Response out;
    unit.run(ms_fetch(handle, 1, 1), out);
    for (uint32_t s = 0; s < kWarpSize; ++s) {
      if (s >= c.gx * c.gy) {
        EXPECT_EQ(out.value[s], kZero) << "mode " << unsigned{c.mode} << " sample " << s;
        continue;
      }
      const uint32_t x = c.gx + pos[s].x, y = c.gy + pos[s].y;
      EXPECT_EQ(out.value[s], (Rgba{x + 16 * y, 0, 7, 9})) << "mode " << unsigned{c.mode} << " sample " << s;
    }
  }
}

TEST(MultisampleFetch, ArrayLayers) {
  TextureSet set;
  const uint32_t handle = add_ms_texture(set, 2, 1, 1, 3, TextureType::Array2D);  // 2x2 samples, 3 layers
  TextureUnit unit(set.bindings());
  Response out;
  // Layer 2, sample 3 -> texel (1, 1): R 17, G 2 (the layer).
  unit.run(ms_fetch(handle, 0, 0, 2, Dim::Array2D), out);
  EXPECT_EQ(out.value[3], (Rgba{17, 2, 7, 9}));
  EXPECT_EQ(out.value[1], (Rgba{1, 2, 7, 9}));
  // Layer 3 is past the 3 layers: the zero border; .CL clamps it to layer 2 (seed 001).
  Request r = ms_fetch(handle, 0, 0, 3, Dim::Array2D);
  unit.run(r, out);
  EXPECT_EQ(out.value[3], kZero);
  r.edge_clamp = true;
  unit.run(r, out);
  EXPECT_EQ(out.value[3], (Rgba{17, 2, 7, 9}));
}

TEST(MultisampleFetch, EdgesAndMismatches) {
  TextureSet set;
  const uint32_t ms = add_ms_texture(set, 2, 2, 2);     // 2x2 samples
  const uint32_t single = add_ms_texture(set, 0, 2, 2);  // one sample
  TextureUnit unit(set.bindings());
  Response out;
  // Pixel x = 2 is past the 2 pixels: the zero border for every sample, in range or not.
  Request r = ms_fetch(ms, 2, 0);
  unit.run(r, out);
  EXPECT_EQ(out.value[0], kZero);
  EXPECT_EQ(out.value[3], kZero);
  // .CL clamps the pixel, as without .MS (x 2 -> 1, y -5 -> 0); the sample index is never clamped.
  r = ms_fetch(ms, 2, -5);
  r.edge_clamp = true;
  unit.run(r, out);
  EXPECT_EQ(out.value[3], (Rgba{19, 0, 7, 9}));  // pixel (1, 0), sample 3 -> texel (3, 1)
  EXPECT_EQ(out.value[4], kZero);
  // Without .MS a multisampled texture reads sample 0 (the Rb sample operand is absent).
  r = ms_fetch(ms, 1, 1);
  r.multisample = false;
  unit.run(r, out);
  EXPECT_EQ(out.value[5], (Rgba{34, 0, 7, 9}));  // texel (2, 2)
  // .MS on a single-sampled texture: sample 0 is the texel, other indices are past the one sample.
  unit.run(ms_fetch(single, 1, 1), out);
  EXPECT_EQ(out.value[0], (Rgba{17, 0, 7, 9}));
  EXPECT_EQ(out.value[1], kZero);
  // .MS is defined for 2D and ARRAY_2D only (seed 001): a 1D or 3D description returns zeros.
  unit.run(ms_fetch(ms, 0, 0, 0, Dim::Tex1D), out);
  EXPECT_EQ(out.value[0], kZero);
  // .LL with a level past the one level: zeros, as without .MS.
  r = ms_fetch(ms, 0, 0);
  r.lod = LodMode::Lod;
  for (auto& l : r.lanes) l.lod = 1;
  unit.run(r, out);
  EXPECT_EQ(out.value[0], kZero);
  for (auto& l : r.lanes) l.lod = 0;
  unit.run(r, out);
  EXPECT_EQ(out.value[1], (Rgba{1, 0, 7, 9}));
}

TEST(MultisampleFetch, QuerySamplesAgreesWithTheGrid) {
  // TXQ TEX_HEADER_TEXTURE_TYPE: the sample count in Z, the grid's x * y.
  const struct {
    uint8_t mode;
    uint32_t samples;
  } cases[] = {{0, 1}, {1, 2}, {2, 4}, {3, 8}, {6, 16}, {13, 4}};
  for (const auto& c : cases) {
    TextureSet set;
    const uint32_t handle = add_ms_texture(set, c.mode, 2, 2);
    TextureUnit unit(set.bindings());
    Request r;
    r.op = TexOp::Query;
    r.query = Query::TextureType;
    for (auto& l : r.lanes) l.handle = handle;
    Response out;
    unit.run(r, out);
    EXPECT_EQ(out.value[0][2], c.samples) << unsigned{c.mode};
    // TXQ DIMENSION reports pixels, not samples.
    r.query = Query::Dimension;
    unit.run(r, out);
    EXPECT_EQ(out.value[0][0], 2u);
    EXPECT_EQ(out.value[0][1], 2u);
  }
}

}  // namespace
}  // namespace tmu::texunit
