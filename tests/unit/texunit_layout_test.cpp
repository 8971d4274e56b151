// SPDX-License-Identifier: MIT
// Texture memory and layout: GOB swizzle, block-linear / pitch / 1D buffer addresses computed by hand (see
// docs/texture-memory.md for the rules), round trips through every texture type, fault and residency
// reporting.
#include <gtest/gtest.h>

#include <array>
#include <numeric>
#include <set>
#include <vector>

#include "texunit/surface_layout.h"

namespace tmu::texunit {
namespace {

constexpr uint32_t kR8 = 0x1d, kR16 = 0x1b, kR32 = 0x0f, kRGBA8 = 0x08, kRGB32 = 0x02, kDXT1 = 0x24;

TextureHeader header(TextureType type, uint32_t components, uint32_t w, uint32_t h, uint32_t d,
                     uint8_t max_mip = 0, uint8_t gobs_y_log2 = 0, uint8_t gobs_z_log2 = 0, uint64_t address = 0x10000) {
  TextureHeader t{};
  t.components = components;
  t.version = HeaderVersion::BlockLinear;
  t.type = type;
  t.width = w;
  t.height = h;
  t.depth = d;
  t.max_mip_level = max_mip;
  t.block_height_log2 = gobs_y_log2;
  t.block_depth_log2 = gobs_z_log2;
  t.address = address;
  return t;
}

SurfaceLayout make(const TextureHeader& h, GobLayout gob = GobLayout::Tegra) {
  auto s = SurfaceLayout::make(h, gob);
  EXPECT_TRUE(s) << s.error();
  return *s;
}

uint64_t addr(const SurfaceLayout& s, uint32_t level, uint32_t layer, uint32_t x, uint32_t y, uint32_t z = 0) {
  return s.locate(TexelCoord{x, y, z, layer, level}).address;
}

// ---- GOB swizzle ----

TEST(GobSwizzle, TegraPairs) {
  // Offset bits: x5 y2 y1 x4 y0 x3 x2 x1 x0.
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 0, 0), 0u);
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 15, 0), 15u);
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 0, 1), 0x10u);
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 16, 0), 0x20u);
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 0, 2), 0x40u);
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 0, 4), 0x80u);
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 32, 0), 0x100u);
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 20, 5), 4u + 0x10 + 0x20 + 0x80);         // 180
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 48, 3), 0x10u + 0x20 + 0x40 + 0x100);     // 368
  EXPECT_EQ(gob_offset(GobLayout::Tegra, 63, 7), 511u);
}

TEST(GobSwizzle, DesktopPairs) {
  // NVK CopyGOBFermi: (x 0, row 2) is the first line, (x 0, row 0) the third, (x 16, row 0) the fifth ...
  EXPECT_EQ(gob_offset(GobLayout::Desktop, 0, 2), 0u);
  EXPECT_EQ(gob_offset(GobLayout::Desktop, 0, 0), 0x20u);
  EXPECT_EQ(gob_offset(GobLayout::Desktop, 16, 0), 0x40u);
  EXPECT_EQ(gob_offset(GobLayout::Desktop, 0, 4), 0xe0u);
  EXPECT_EQ(gob_offset(GobLayout::Desktop, 0, 6), 0xc0u);
  EXPECT_EQ(gob_offset(GobLayout::Desktop, 16, 7), 0xb0u);
  EXPECT_EQ(gob_offset(GobLayout::Desktop, 33, 6), 0x100u + 0xc0 + 1);
}

TEST(GobSwizzle, BothArePermutationsOf16ByteRuns) {
  for (GobLayout g : {GobLayout::Tegra, GobLayout::Desktop}) {
    std::set<uint32_t> seen;
    for (uint32_t y = 0; y < 8; ++y)
      for (uint32_t x = 0; x < 64; ++x) {
        const uint32_t o = gob_offset(g, x, y);
        EXPECT_LT(o, 512u);
        seen.insert(o);
        if (x % 16) {
          EXPECT_EQ(o, gob_offset(g, x - 1, y) + 1);  // 16-byte runs stay contiguous
        }
      }
    EXPECT_EQ(seen.size(), 512u);
  }
}

// ---- Block linear ----

// 2D array, 4 bytes per texel, 40 x 20, 3 layers, levels 0..3, GOBS_PER_BLOCK_HEIGHT 4 GOBs.
TEST(BlockLinear, MipLevelsAndLayers) {
  const SurfaceLayout s = make(header(TextureType::Array2D, kRGBA8, 40, 20, 3, 3, 2));
  ASSERT_EQ(s.levels(), 4u);
  ASSERT_EQ(s.layers(), 3u);
  // Level 0: 160 bytes -> 3 GOBs wide; 20 rows -> 3 GOB rows -> blocks of 4 GOBs (2048 bytes), 1 block row.
  EXPECT_EQ(s.level(0).bl.gobs_x, 3u);
  EXPECT_EQ(s.level(0).bl.gob_height_log2, 2);
  EXPECT_EQ(s.level(0).size, 6144u);
  // Level 1: 20 x 10 -> 2 GOBs wide, 2 GOB rows -> block height shrinks to 2 GOBs.
  EXPECT_EQ(s.level(1).bl.gob_height_log2, 1);
  EXPECT_EQ(s.level(1).offset, 6144u);
  EXPECT_EQ(s.level(1).size, 2048u);
  // Levels 2 (10 x 5) and 3 (5 x 2): one GOB each.
  EXPECT_EQ(s.level(2).bl.gob_height_log2, 0);
  EXPECT_EQ(s.level(2).offset, 8192u);
  EXPECT_EQ(s.level(3).offset, 8704u);
  EXPECT_EQ(s.level(3).size, 512u);
  // 9216 bytes per layer, aligned to the level-0 block (2048).
  EXPECT_EQ(s.layer_stride(), 10240u);
  EXPECT_EQ(s.size_bytes(), 30720u);

  EXPECT_EQ(addr(s, 0, 0, 0, 0), 0x10000u);
  // (17, 9): byte 68 -> GOB column 1 = block 1; row 9 -> GOB 1 of the block, row 1; GOB offset 4 + 0x10.
  EXPECT_EQ(addr(s, 0, 0, 17, 9), 0x10000u + 2048 + 512 + 20);
  // (39, 19) of layer 2: byte 156 -> block 2, x 28 in the GOB; row 19 -> GOB 2, row 3.
  EXPECT_EQ(addr(s, 0, 2, 39, 19), 0x10000u + 2 * 10240 + 4096 + 1024 + (12 + 0x10 + 0x20 + 0x40));
  // Level 1 of layer 1, (19, 9): byte 76 -> block 1 (1024 bytes), GOB 1, row 1, x 12.
  EXPECT_EQ(addr(s, 1, 1, 19, 9), 0x10000u + 10240 + 6144 + 1024 + 512 + 28);
  // Level 3, (4, 1): byte 16 -> 0x20, row 1 -> 0x10.
  EXPECT_EQ(addr(s, 3, 0, 4, 1), 0x10000u + 8704 + 0x30);
}

// 3D, 1 byte per texel, 16 x 16 x 8, blocks of 2 x 4 GOBs (y, z), levels 0..2.
TEST(BlockLinear, ThreeDSlicesAndDepthShrinking) {
  const SurfaceLayout s = make(header(TextureType::Tex3D, kR8, 16, 16, 8, 2, 1, 2));
  ASSERT_EQ(s.layers(), 1u);
  EXPECT_EQ(s.level(0).bl.gob_depth_log2, 2);
  EXPECT_EQ(s.level(0).size, 8192u);  // 2 blocks deep of 4096 bytes
  EXPECT_EQ(s.level(1).depth, 4u);
  EXPECT_EQ(s.level(1).bl.gob_height_log2, 0);
  EXPECT_EQ(s.level(1).bl.gob_depth_log2, 2);
  EXPECT_EQ(s.level(1).size, 2048u);
  EXPECT_EQ(s.level(2).bl.gob_depth_log2, 1);
  EXPECT_EQ(s.level(2).offset, 10240u);
  EXPECT_EQ(s.layer_stride(), 12288u);  // 11264 aligned to 4096
  // (5, 10, 6): z block 1 (4096), GOB (z 2, y 1) = 5 of the block, GOB offset 5 + 0x40 (row 2).
  EXPECT_EQ(addr(s, 0, 0, 5, 10, 6), 0x10000u + 4096 + 5 * 512 + 69);
  EXPECT_EQ(addr(s, 1, 0, 7, 7, 3), 0x10000u + 8192 + 3 * 512 + (7 + 0x10 + 0xc0));
  EXPECT_EQ(addr(s, 2, 0, 3, 3, 1), 0x10000u + 10240 + 512 + (3 + 0x10 + 0x40));
}

// The same addresses computed the way yuzu's swizzle loop does (decoders.cpp SwizzleImpl: offset_z + offset_y
// + offset_x + GOB entry), for every byte of a 3D level with partial blocks in x, y and z.
TEST(BlockLinear, AgreesWithYuzuStyleFormula) {
  const SurfaceLayout s = make(header(TextureType::Tex3D, kR8, 150, 20, 9, 0, 1, 2));
  const BlockLinearLevel& l = s.level(0).bl;
  const uint32_t bh = l.gob_height_log2, bd = l.gob_depth_log2;
  const uint64_t block_size = uint64_t{l.gobs_x} << (9 + bh + bd);  // one row of blocks
  const uint64_t slice_size = ((20 + (8u << bh) - 1) / (8u << bh)) * block_size;
  for (uint32_t z = 0; z < 9; ++z)
    for (uint32_t y = 0; y < 20; ++y)
      for (uint32_t x = 0; x < 150; ++x) {
        const uint64_t offset_z = (z >> bd) * slice_size + (uint64_t{z & ((1u << bd) - 1)} << (9 + bh));
        const uint64_t offset_y = ((y >> 3) >> bh) * block_size + (uint64_t{(y >> 3) & ((1u << bh) - 1)} << 9);
        const uint64_t offset_x = uint64_t{x >> 6} << (9 + bh + bd);
        const uint32_t entry = ((x & 32) << 3) | ((x & 16) << 1) | (x & 15) | ((y & 6) << 5) | ((y & 1) << 4);
        ASSERT_EQ(addr(s, 0, 0, x, y, z) - s.base(), offset_z + offset_y + offset_x + entry) << x << "," << y << "," << z;
      }
}

TEST(BlockLinear, DesktopGobLayoutChangesOnlyTheInsideOfAGob) {
  const TextureHeader h = header(TextureType::Tex2D, kRGBA8, 64, 64, 1, 0, 3);
  const SurfaceLayout t = make(h, GobLayout::Tegra), d = make(h, GobLayout::Desktop);
  EXPECT_EQ(t.size_bytes(), d.size_bytes());
  EXPECT_EQ(addr(d, 0, 0, 0, 0), 0x10000u + 0x20);
  EXPECT_EQ(addr(d, 0, 0, 0, 2), 0x10000u);
  EXPECT_EQ(addr(d, 0, 0, 16, 8) & ~511u, addr(t, 0, 0, 16, 8) & ~511u);
}

TEST(BlockLinear, TwelveByteTexelsCrossGobLines) {
  const SurfaceLayout s = make(header(TextureType::Tex2D, kRGB32, 8, 4, 1));
  GpuMemory mem;
  ASSERT_TRUE(mem.map(s.base(), s.size_bytes()));
  std::array<std::byte, 12> texel{};
  for (unsigned i = 0; i < 12; ++i) texel[i] = std::byte(0xa0 + i);
  ASSERT_TRUE(s.write_block(mem, TexelCoord{1, 0}, texel));  // bytes 12..23 of row 0
  std::array<std::byte, 4> head{};
  std::array<std::byte, 8> tail{};
  ASSERT_TRUE(mem.read(s.base() + 12, head));  // 12..15: end of line 0
  ASSERT_TRUE(mem.read(s.base() + 32, tail));  // 16..23: start of line (x 16, row 0) at 0x20
  EXPECT_EQ(head[0], std::byte{0xa0});
  EXPECT_EQ(tail[0], std::byte{0xa4});
  std::array<std::byte, 12> back{};
  ASSERT_TRUE(s.read_block(mem, TexelCoord{1, 0}, back));
  EXPECT_EQ(back, texel);
}

TEST(BlockLinear, LayerCounts) {
  EXPECT_EQ(make(header(TextureType::Cube, kRGBA8, 8, 8, 1)).layers(), 6u);
  EXPECT_EQ(make(header(TextureType::ArrayCube, kRGBA8, 8, 8, 2)).layers(), 12u);
  EXPECT_EQ(make(header(TextureType::Array1D, kRGBA8, 8, 1, 5)).layers(), 5u);
  EXPECT_EQ(make(header(TextureType::Tex2D, kRGBA8, 8, 8, 4)).layers(), 1u);
  EXPECT_EQ(make(header(TextureType::Tex3D, kRGBA8, 8, 8, 4)).level(0).depth, 4u);
  EXPECT_EQ(make(header(TextureType::Tex2DNoMipmap, kRGBA8, 8, 8, 1, 3)).levels(), 1u);
  EXPECT_EQ(make(header(TextureType::Array1D, kRGBA8, 8, 7, 2)).level(0).height, 1u);  // HEIGHT ignored
}

// Sparse tiles: 32-bit texels, 128 x 128 texels per 64 KiB tile = 8 GOBs wide (TILE_WIDTH_IN_GOBS 3) and
// 16 GOBs tall (GOBS_PER_BLOCK_HEIGHT 4).
TextureHeader sparse_header(uint32_t w, uint32_t h, uint32_t layers = 1, uint8_t max_mip = 0) {
  TextureHeader t = header(layers > 1 ? TextureType::Array2D : TextureType::Tex2D, kR32, w, h, layers, max_mip, 4);
  t.tile_width_gobs_log2 = 3;
  t.sparse = true;
  return t;
}

TEST(BlockLinear, SparseTileWidthPadsRowsAndLayers) {
  const SurfaceLayout s = make(sparse_header(160, 256, 2, 2));
  EXPECT_EQ(s.level(0).bl.gobs_x, 16u);  // 10 GOBs padded to 2 tiles
  EXPECT_EQ(addr(s, 0, 0, 0, 128), s.base() + 16 * 8192);  // second block row
  EXPECT_EQ(s.level(1).tile_width_log2, 0);  // 80 x 128: narrower than a tile
  EXPECT_EQ(s.level(1).bl.gobs_x, 5u);
  EXPECT_EQ(s.layer_stride() % 65536, 0u);
}

TEST(BlockLinear, ArrayTileAlignmentChoice) {
  TextureHeader h = header(TextureType::Array2D, kRGBA8, 16, 16, 2, 0, 4);
  EXPECT_EQ(make(h).layer_stride(), 1024u);  // one 2-GOB block (the header's 16 shrink to 2)
  h.array_tile_alignment = true;
  EXPECT_EQ(make(h).layer_stride(), 8192u);  // the 16-GOB block as programmed
}

TEST(BlockLinear, MultisampleGrid) {
  TextureHeader h = header(TextureType::Tex2D, kRGBA8, 8, 8, 1);
  h.multisample = 3;  // 4X2
  const SurfaceLayout s = make(h);
  EXPECT_EQ(s.samples_x(), 4u);
  EXPECT_EQ(s.samples_y(), 2u);
  EXPECT_EQ(s.level(0).width, 32u);
  EXPECT_EQ(s.level(0).height, 16u);
  h.multisample = 7;
  EXPECT_FALSE(SurfaceLayout::make(h));
}

TEST(BlockLinear, RefusedHeaders) {
  TextureHeader h = header(TextureType::Tex2D, kRGBA8, 8, 8, 1);
  h.gob3d = true;
  EXPECT_FALSE(SurfaceLayout::make(h));
  h = header(TextureType::Buffer1D, kRGBA8, 8, 1, 1);
  EXPECT_FALSE(SurfaceLayout::make(h));  // 1D_BUFFER type in a block-linear header
  h = header(TextureType::Array2D, kRGBA8, 8, 8, 2);
  h.version = HeaderVersion::Pitch;
  EXPECT_FALSE(SurfaceLayout::make(h));  // no pitch arrays
  h = header(TextureType::Tex2D, 0x00, 8, 8, 1);
  EXPECT_FALSE(SurfaceLayout::make(h));  // undefined COMPONENTS
}

// ---- Pitch and 1D buffer ----

TEST(Pitch, Addresses) {
  TextureHeader h = header(TextureType::Tex2D, kR32, 100, 50, 1, 0, 0, 0, 0x20000);
  h.version = HeaderVersion::Pitch;
  h.pitch = 512;
  const SurfaceLayout s = make(h);
  EXPECT_EQ(s.memory_layout(), MemoryLayout::Pitch);
  EXPECT_EQ(s.levels(), 1u);
  EXPECT_EQ(s.size_bytes(), 512u * 50);
  EXPECT_EQ(addr(s, 0, 0, 10, 3), 0x20000u + 3 * 512 + 40);

  TextureHeader c = header(TextureType::Tex2D, kDXT1, 64, 64, 1, 0, 0, 0, 0x40000);
  c.version = HeaderVersion::Pitch;
  c.pitch = 256;
  const TexelRef r = make(c).locate(TexelCoord{9, 6});
  EXPECT_EQ(r.address, 0x40000u + 256 + 2 * 8);  // block (2, 1) of 8 bytes
  EXPECT_EQ(r.texel_in_block, 9u);                // row 2, column 1 of the 4 x 4 block
}

TEST(Buffer1D, Addresses) {
  TextureHeader h = header(TextureType::Buffer1D, kR16, 1000, 1, 1, 0, 0, 0, 0x30001);
  h.version = HeaderVersion::Buffer1D;
  const SurfaceLayout s = make(h);
  EXPECT_EQ(s.memory_layout(), MemoryLayout::Buffer1D);
  EXPECT_EQ(addr(s, 0, 0, 999, 0), 0x30001u + 1998);
  EXPECT_EQ(s.size_bytes(), 2000u);
}

// ---- Round trips ----

// Fills every level and layer with distinct bytes, reads everything back (overlapping placements would
// corrupt earlier writes), and checks per-texel reads against the linear data.
void round_trip(const SurfaceLayout& s) {
  GpuMemory mem;
  ASSERT_TRUE(mem.map(s.base(), s.size_bytes()));
  std::vector<std::vector<std::byte>> data;
  uint32_t seed = 1;
  for (uint32_t layer = 0; layer < s.layers(); ++layer)
    for (unsigned level = 0; level < s.levels(); ++level) {
      std::vector<std::byte> d(linear_level_size(s, level));
      for (auto& b : d) b = std::byte(static_cast<uint8_t>((seed = seed * 1103515245u + 12345u) >> 16));
      auto w = store_level(mem, s, level, layer, d);
      ASSERT_TRUE(w) << w.error();
      data.push_back(std::move(d));
    }
  std::size_t i = 0;
  for (uint32_t layer = 0; layer < s.layers(); ++layer)
    for (unsigned level = 0; level < s.levels(); ++level, ++i) {
      std::vector<std::byte> back(linear_level_size(s, level));
      auto r = load_level(mem, s, level, layer, back);
      ASSERT_TRUE(r) << r.error();
      ASSERT_EQ(back, data[i]) << "level " << level << " layer " << layer;
      const LevelLayout& l = s.level(level);
      const TexelCoord last{l.width - 1, l.height - 1, l.depth - 1, layer, level};
      const uint64_t bx = last.x / s.block_width(), by = last.y / s.block_height();
      const uint64_t at = ((uint64_t{last.z} * l.blocks_y + by) * l.blocks_x + bx) * s.block_bytes();
      std::vector<std::byte> block(s.block_bytes());
      ASSERT_TRUE(s.read_block(mem, last, block));
      EXPECT_TRUE(std::equal(block.begin(), block.end(), data[i].begin() + static_cast<std::ptrdiff_t>(at)));
      EXPECT_TRUE(s.contains(last));
      EXPECT_LT(s.locate(last).address + s.block_bytes(), s.base() + s.size_bytes() + 1);
    }
}

TEST(RoundTrip, EveryTextureType) {
  round_trip(make(header(TextureType::Tex1D, kRGBA8, 300, 1, 1, 8)));
  round_trip(make(header(TextureType::Tex2D, kRGBA8, 67, 45, 1, 6, 3)));
  round_trip(make(header(TextureType::Tex2D, kRGBA8, 67, 45, 1, 6, 3), GobLayout::Desktop));
  round_trip(make(header(TextureType::Tex3D, kR16, 33, 17, 9, 5, 1, 3)));
  round_trip(make(header(TextureType::Cube, kR32, 16, 16, 1, 4, 1)));
  round_trip(make(header(TextureType::Array1D, kR8, 100, 1, 4, 6)));
  round_trip(make(header(TextureType::Array2D, kRGBA8, 40, 20, 3, 3, 2)));
  round_trip(make(header(TextureType::ArrayCube, kR32, 8, 8, 2, 3, 0)));
  round_trip(make(header(TextureType::Tex2DNoMipmap, kR8, 9, 9, 1)));
  round_trip(make(header(TextureType::Tex2D, kRGB32, 13, 11, 1, 3, 1)));  // 12-byte texels
  round_trip(make(header(TextureType::Array2D, kDXT1, 30, 22, 2, 4, 1)));  // 4 x 4 blocks
  round_trip(make(sparse_header(160, 256, 2, 2)));
  TextureHeader p = header(TextureType::Tex2D, kRGBA8, 50, 20, 1, 0, 0, 0, 0x20020);
  p.version = HeaderVersion::Pitch;
  p.pitch = 224;
  round_trip(make(p));
  TextureHeader b = header(TextureType::Buffer1D, kR32, 777, 1, 1, 0, 0, 0, 0x30004);
  b.version = HeaderVersion::Buffer1D;
  round_trip(make(b));
}

TEST(RoundTrip, RefusesBadArguments) {
  const SurfaceLayout s = make(header(TextureType::Array2D, kRGBA8, 8, 8, 2, 1));
  GpuMemory mem;
  ASSERT_TRUE(mem.map(s.base(), s.size_bytes()));
  std::vector<std::byte> d(linear_level_size(s, 0));
  EXPECT_FALSE(store_level(mem, s, 2, 0, d));
  EXPECT_FALSE(store_level(mem, s, 0, 2, d));
  EXPECT_FALSE(store_level(mem, s, 1, 0, d));  // level 1 is smaller
  GpuMemory empty;
  auto r = store_level(empty, s, 0, 0, d);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("unmapped address 0x10000"), std::string::npos) << r.error();
}

// ---- GpuMemory ----

TEST(GpuMemory, UnmappedReadsAreReported) {
  GpuMemory mem;
  ASSERT_TRUE(mem.map(0x1000, 0x100));
  std::array<std::byte, 8> out{};
  out.fill(std::byte{0xff});
  MemoryAccess a = mem.read(0x2000, out);
  EXPECT_EQ(a.fault, Fault::Unmapped);
  EXPECT_EQ(a.address, 0x2000u);
  EXPECT_EQ(out[0], std::byte{0});  // faulting bytes read as zero
  const std::array<std::byte, 8> in{std::byte{1}, std::byte{2}, std::byte{3}, std::byte{4},
                                    std::byte{5}, std::byte{6}, std::byte{7}, std::byte{8}};
  a = mem.write(0x10fc, in);  // straddles the end of the mapping
  EXPECT_EQ(a.fault, Fault::Unmapped);
  EXPECT_EQ(a.address, 0x1100u);
  a = mem.read(0x10fc, out);
  EXPECT_EQ(a.address, 0x1100u);
  EXPECT_EQ(out[3], std::byte{4});
  EXPECT_EQ(out[4], std::byte{0});
  EXPECT_EQ(mem.read(GpuMemory::kAddressLimit, out).fault, Fault::Unmapped);
  EXPECT_EQ(mem.read(~uint64_t{0} - 2, out).fault, Fault::Unmapped);
  EXPECT_TRUE(mem.unmap(0x1000));
  EXPECT_FALSE(mem.unmap(0x1000));
  EXPECT_EQ(mem.probe(0x1000).fault, Fault::Unmapped);
}

TEST(GpuMemory, MapChecks) {
  GpuMemory mem;
  ASSERT_TRUE(mem.map(0x10000, 0x10000));
  EXPECT_FALSE(mem.map(0x18000, 0x100));   // inside
  EXPECT_FALSE(mem.map(0xff00, 0x200));    // overlaps the start
  EXPECT_FALSE(mem.map(0x0, 0));
  EXPECT_FALSE(mem.map(GpuMemory::kAddressLimit - 0x10, 0x20));
  EXPECT_TRUE(mem.map(0x20000, 0x10));     // adjacent
  EXPECT_FALSE(mem.map_sparse(0x30100, 0x10000));  // not page aligned
  auto a = mem.allocate(0x3000);
  auto b = mem.allocate(0x3000);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, GpuMemory::kHeapBase);
  EXPECT_EQ(*b, GpuMemory::kHeapBase + 0x10000);  // 64 KiB alignment by default
  EXPECT_EQ(mem.mapping_count(), 4u);
}

// layout_key() changes with every added or removed mapping (and only then), and no two memories share one, not
// even one moved from another: the fast path keeps contiguous()'s pointer while the key stays the same.
TEST(GpuMemory, LayoutKeyFollowsTheMappings) {
  GpuMemory mem;
  const uint64_t empty = mem.layout_key();
  ASSERT_TRUE(mem.map(0x10000, 0x1000));
  const uint64_t one = mem.layout_key();
  EXPECT_NE(one, empty);
  EXPECT_FALSE(mem.map(0x10000, 0x1000));  // refused: nothing changed
  std::array<std::byte, 4> bytes{};
  EXPECT_TRUE(mem.write(0x10010, bytes));  // writes keep the mappings
  EXPECT_EQ(mem.layout_key(), one);
  ASSERT_NE(mem.contiguous(0x10000, 0x1000), nullptr);
  EXPECT_FALSE(mem.unmap(0x20000));
  EXPECT_EQ(mem.layout_key(), one);
  GpuMemory moved = std::move(mem);
  EXPECT_NE(moved.layout_key(), one);
  GpuMemory other;
  const uint64_t before = other.layout_key();
  other = std::move(moved);
  EXPECT_NE(other.layout_key(), before);
  EXPECT_NE(other.layout_key(), one);
  const uint64_t kept = other.layout_key();
  EXPECT_TRUE(other.unmap(0x10000));
  EXPECT_NE(other.layout_key(), kept);
  EXPECT_NE(other.layout_key(), empty);
  EXPECT_NE(GpuMemory{}.layout_key(), GpuMemory{}.layout_key());
}

TEST(GpuMemory, SparseResidency) {
  GpuMemory mem;
  auto base = mem.allocate_sparse(4 * GpuMemory::kPageSize);
  ASSERT_TRUE(base);
  std::array<std::byte, 4> out{};
  MemoryAccess a = mem.read(*base + 5, out);
  EXPECT_EQ(a.fault, Fault::NonResident);
  EXPECT_EQ(a.address, *base + 5);
  auto changed = mem.set_resident(*base + GpuMemory::kPageSize, 2 * GpuMemory::kPageSize, true);
  ASSERT_TRUE(changed);
  EXPECT_EQ(*changed, 2u);
  EXPECT_FALSE(mem.resident(*base));
  EXPECT_TRUE(mem.resident(*base + GpuMemory::kPageSize, 2 * GpuMemory::kPageSize));
  const std::array<std::byte, 4> in{std::byte{9}, std::byte{8}, std::byte{7}, std::byte{6}};
  EXPECT_TRUE(mem.write(*base + 2 * GpuMemory::kPageSize - 2, in));  // across two resident pages
  EXPECT_TRUE(mem.read(*base + 2 * GpuMemory::kPageSize - 2, out));
  EXPECT_EQ(out, in);
  a = mem.probe(*base + 3 * GpuMemory::kPageSize - 1, 2);  // last resident byte and the next page
  EXPECT_EQ(a.fault, Fault::NonResident);
  EXPECT_EQ(a.address, *base + 3 * GpuMemory::kPageSize);
  EXPECT_FALSE(mem.set_resident(*base + 1, GpuMemory::kPageSize, true));
  EXPECT_FALSE(mem.set_resident(*base, 5 * GpuMemory::kPageSize, true));
  ASSERT_TRUE(mem.set_resident(*base + GpuMemory::kPageSize, GpuMemory::kPageSize, false));
  EXPECT_FALSE(mem.resident(*base + GpuMemory::kPageSize));
}

TEST(GpuMemory, SparseTextureTilesAre128x128Texels) {
  const SurfaceLayout s = make(sparse_header(256, 256));
  GpuMemory mem;
  ASSERT_TRUE(mem.map_sparse(s.base(), s.size_bytes()));
  ASSERT_TRUE(mem.set_resident(s.base(), GpuMemory::kPageSize, true));
  EXPECT_TRUE(s.resident(mem, TexelCoord{0, 0}));
  EXPECT_TRUE(s.resident(mem, TexelCoord{127, 127}));
  EXPECT_FALSE(s.resident(mem, TexelCoord{128, 0}));
  EXPECT_FALSE(s.resident(mem, TexelCoord{0, 128}));
  std::array<std::byte, 4> out{};
  EXPECT_EQ(s.read_block(mem, TexelCoord{200, 200}, out).fault, Fault::NonResident);
}

}  // namespace
}  // namespace tmu::texunit
