// SPDX-License-Identifier: MIT
// Block-linear addressing primitives: where byte (x_bytes, row, z) of one mip level lives, relative to the
// level's first byte. Pure constexpr functions, no allocation; SurfaceLayout (surface_layout.h) calls them per
// texel. docs/texture-memory.md explains the layout and its sources.
//
// A level is cut into GOBs ("groups of bytes") of 64 bytes x 8 rows = 512 bytes. GOBs are grouped into blocks
// that are 1 GOB wide, 2^gob_height_log2 GOBs tall and 2^gob_depth_log2 slices deep; inside a block the GOBs
// are stored y first, then z (envytools g80-surface.rst "roptiles inside a bigtile"; yuzu decoders.cpp;
// Mesa NVK nil/image.rs level_z_offset_B). Blocks are stored x first, then y, then z. The width of a level in
// GOBs may be padded to a multiple of the sparse tile width (TILE_WIDTH_IN_GOBS); blocks stay 1 GOB wide
// (envytools gm200_texture.xml: GOBS_PER_BLOCK_WIDTH "IGNORED BY TEX (ASSUMED ONE_GOB)").
#pragma once

#include <array>
#include <cstdint>

namespace tmu::texunit {

inline constexpr uint32_t kGobWidthBytes = 64;
inline constexpr uint32_t kGobRows = 8;
inline constexpr uint32_t kGobBytes = 512;
inline constexpr unsigned kGobShift = 9;  // log2(kGobBytes)

// How the 512 bytes of a GOB are arranged in memory. Both arrangements keep 16-byte runs of one row together
// and put the right half of the GOB (x_bytes >= 32) 256 bytes after the left half; they differ in the order
// of the 16 "lines" (16 bytes x 1 row) inside each 256-byte half.
enum class GobLayout : uint8_t {
  // Tegra X1 (and K1, X2): byte offset bits x5 y2 y1 x4 y0 x3 x2 x1 x0, i.e.
  //   (x & 15) | (y & 1) << 4 | (x & 16) << 1 | (y & 6) << 5 | (x & 32) << 3.
  // NVIDIA's Tegra X1 TRM block-linear formula as implemented by yuzu (video_core/textures/decoders.cpp),
  // Ryujinx (BlockLinearLayout.cs), tegra_swizzle, and NVK (nil/copy.rs CopyGOBTegra); Linux drm_fourcc.h
  // calls it sector layout 0.
  Tegra,
  // Desktop Fermi to Volta GPUs, which include SM 5.0/5.2 (drm_fourcc.h sector layout 1). Taken from the
  // code of Mesa NVK's nil/copy.rs CopyGOBFermi; the sector table in NVK's own comment (tiling.rs, FermiColor)
  // disagrees for rows 4-7, and no other public source describes it. Unverified.
  Desktop,
};

namespace detail {
// Line (16-byte run of one row) index within a 256-byte half GOB, by [layout][(x_bytes >> 4 & 1) * 8 + row].
inline constexpr std::array<std::array<uint8_t, 16>, 2> kGobLine{{
    {0, 1, 4, 5, 8, 9, 12, 13, 2, 3, 6, 7, 10, 11, 14, 15},  // Tegra: y0 | x4 << 1 | y2y1 << 2
    {2, 3, 0, 1, 14, 15, 12, 13, 4, 5, 6, 7, 8, 9, 10, 11},  // Desktop (NVK CopyGOBFermi)
}};
}  // namespace detail

// Offset of byte (x_bytes, row) of a GOB, x_bytes < 64, row < 8.
constexpr uint32_t gob_offset(GobLayout layout, uint32_t x_bytes, uint32_t row) {
  const uint32_t line = detail::kGobLine[static_cast<unsigned>(layout)][((x_bytes >> 4) & 1u) * 8 + (row & 7u)];
  return (x_bytes & 32u) << 3 | line << 4 | (x_bytes & 15u);
}

// The block-linear geometry of one mip level after the per-level shrinking (surface_layout.h).
struct BlockLinearLevel {
  uint32_t gobs_x = 1;           // level width in GOBs, padded to the sparse tile width (= blocks per row)
  uint32_t blocks_y = 1;         // blocks per column: ceil(rows / 8 / 2^gob_height_log2)
  uint8_t gob_height_log2 = 0;   // GOBs per block in y (log2)
  uint8_t gob_depth_log2 = 0;    // GOBs (slices) per block in z (log2)

  constexpr uint32_t block_bytes() const { return kGobBytes << (gob_height_log2 + gob_depth_log2); }
};

// Offset of byte (x_bytes, row, z) of a level from the level's first byte.
constexpr uint64_t block_linear_offset(const BlockLinearLevel& l, GobLayout layout, uint32_t x_bytes,
                                       uint32_t row, uint32_t z) {
  const uint32_t gob_x = x_bytes >> 6;
  const uint32_t gob_y = row >> 3;
  const uint32_t y_mask = (1u << l.gob_height_log2) - 1;
  const uint32_t z_mask = (1u << l.gob_depth_log2) - 1;
  const uint64_t block =
      (uint64_t{z >> l.gob_depth_log2} * l.blocks_y + (gob_y >> l.gob_height_log2)) * l.gobs_x + gob_x;
  const uint32_t gob_in_block = (z & z_mask) << l.gob_height_log2 | (gob_y & y_mask);
  return block * l.block_bytes() + (uint64_t{gob_in_block} << kGobShift) + gob_offset(layout, x_bytes & 63u, row & 7u);
}

}  // namespace tmu::texunit
