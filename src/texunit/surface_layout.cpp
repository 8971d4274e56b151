// SPDX-License-Identifier: MIT
// SurfaceLayout: level sizes, offsets and strides from a texture header, and texel addressing. The rules and
// their sources are in docs/texture-memory.md; the comments here name the source of each rule.
#include "texunit/surface_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "texunit/multisample.h"

namespace tmu::texunit {
namespace {

constexpr uint32_t div_up(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }
constexpr uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
constexpr uint32_t minify(uint32_t v, unsigned level) { return std::max(1u, v >> level); }
constexpr uint8_t ceil_log2(uint32_t v) { return static_cast<uint8_t>(v <= 1 ? 0 : 32 - std::countl_zero(v - 1)); }

bool is_1d(TextureType t) {
  return t == TextureType::Tex1D || t == TextureType::Array1D || t == TextureType::Buffer1D;
}

// Array layers. DEPTH_MINUS_ONE counts layers of 1D and 2D arrays and cubes of cube arrays; a cube map is
// one cube whatever the field says (Mesa NVK nil/descriptor.rs normalize_extent writes array_len / 6 for
// both cube types and array_len for arrays; envytools gm200_texture.xml: DEPTH_MINUS_ONE "used for 3D
// textures, 2D texture arrays, and 1D texture arrays").
uint32_t layer_count(const TextureHeader& h) {
  switch (h.type) {
    case TextureType::Array1D:
    case TextureType::Array2D: return h.depth;
    case TextureType::Cube: return 6;
    case TextureType::ArrayCube: return 6 * h.depth;
    default: return 1;
  }
}

}  // namespace

Result<SurfaceLayout> SurfaceLayout::make(const TextureHeader& h, GobLayout gob) {
  const LayoutInfo* format = find_layout(h.components);
  if (!format) return make_error(fmt::format("texture header COMPONENTS 0x{:02x} is not a defined layout", h.components));
  return make(h, *format, gob);
}

Result<SurfaceLayout> SurfaceLayout::make(const TextureHeader& h, const LayoutInfo& format, GobLayout gob) {
  SurfaceLayout s;
  s.type_ = h.type;
  s.gob_ = gob;
  s.base_ = h.address;
  s.block_bytes_ = format.block_bytes;
  s.block_w_ = format.block_width;
  s.block_h_ = format.block_height;
  if (s.block_bytes_ == 0 || s.block_w_ == 0 || s.block_h_ == 0)
    return make_error(fmt::format("layout {} has no block size", format.name));

  switch (h.version) {
    case HeaderVersion::Buffer1D: s.memory_ = MemoryLayout::Buffer1D; break;
    case HeaderVersion::Pitch:
    case HeaderVersion::PitchColorKey: s.memory_ = MemoryLayout::Pitch; break;
    default: s.memory_ = MemoryLayout::BlockLinear; break;
  }
  if ((s.memory_ == MemoryLayout::Buffer1D) != (h.type == TextureType::Buffer1D))
    return make_error("TEXTURE_TYPE 1D_BUFFER goes with HEADER_VERSION 1D_BUFFER and no other");
  // Linear surfaces are 2D at most, without arrays or mipmaps (envytools g80-surface.rst, "Linear surfaces";
  // NVK asserts the same and writes TWO_D_NO_MIPMAP).
  if (s.memory_ == MemoryLayout::Pitch && h.type != TextureType::Tex1D && h.type != TextureType::Tex2D &&
      h.type != TextureType::Tex2DNoMipmap)
    return make_error("pitch-linear textures are 1D or 2D only (no arrays, cube maps or 3D)");
  if (s.memory_ == MemoryLayout::BlockLinear) {
    if (h.gob3d) return make_error("GOB3D (3D GOBs) is not modelled: the 3D GOB shape is undocumented");
    if (h.block_height_log2 > 5 || h.block_depth_log2 > 5 || h.tile_width_gobs_log2 > 5)
      return make_error("GOBS_PER_BLOCK_HEIGHT/DEPTH and TILE_WIDTH_IN_GOBS are defined up to 5 (32 GOBs)");
  }
  if (s.memory_ == MemoryLayout::Buffer1D && h.width == 0)
    return make_error("1D buffers of 2^32 texels are not supported");
  // A multisampled texture is stored as an image of samples (multisample.h); 1D buffers have one sample.
  if (s.memory_ != MemoryLayout::Buffer1D && !sample_grid_of_mode(h.multisample))
    return make_error(fmt::format("MULTI_SAMPLE_COUNT {} is undefined", h.multisample & 15u));
  const SampleGrid grid = sample_grid(h);
  s.samples_x_ = grid.x;
  s.samples_y_ = grid.y;

  s.layers_ = layer_count(h);
  s.levels_ = s.memory_ == MemoryLayout::BlockLinear && h.type != TextureType::Tex2DNoMipmap
                  ? std::min<unsigned>(h.max_mip_level, kMaxLevels - 1) + 1
                  : 1;
  const uint32_t width = h.width * s.samples_x_;
  const uint32_t height = is_1d(h.type) ? 1 : h.height * s.samples_y_;
  const uint32_t depth = h.type == TextureType::Tex3D ? h.depth : 1;

  uint64_t offset = 0;
  for (unsigned l = 0; l < s.levels_; ++l) {
    LevelLayout& lv = s.levels_info_[l];
    lv.width = minify(width, l);
    lv.height = minify(height, l);
    lv.depth = minify(depth, l);
    lv.blocks_x = div_up(lv.width, s.block_w_);
    lv.blocks_y = div_up(lv.height, s.block_h_);
    lv.offset = offset;
    const uint64_t row_bytes = uint64_t{lv.blocks_x} * s.block_bytes_;
    if (s.memory_ == MemoryLayout::Pitch) {
      lv.pitch = h.pitch;  // PITCH_BITS20TO5; one level only
      lv.size = uint64_t{h.pitch} * lv.blocks_y;
    } else if (s.memory_ == MemoryLayout::Buffer1D) {
      lv.size = row_bytes;
    } else {
      // Blocks shrink per level to the smallest power of two of GOBs that covers the level: block height
      // min(GOBS_PER_BLOCK_HEIGHT, ceil(log2(GOB rows))), likewise depth (envytools g80-surface.rst
      // "auto-sizing", done by the texture unit; NVK nil/tiling.rs Tiling::clamp, "done by the hardware at
      // each LOD"; Ryujinx SizeCalculator; nouveau chooses the same per level).
      const uint32_t gob_rows = div_up(lv.blocks_y, kGobRows);
      lv.bl.gob_height_log2 = std::min(h.block_height_log2, ceil_log2(gob_rows));
      lv.bl.gob_depth_log2 = std::min(h.block_depth_log2, ceil_log2(lv.depth));
      // TILE_WIDTH_IN_GOBS, "width of the sparse tile in gobs" (envytools gm200_texture.xml), pads the level
      // width in GOBs to whole tiles (yuzu texture_cache/util.cpp NumGobs, Ryujinx SizeCalculator); levels
      // smaller than a whole tile in any dimension are not padded (NVK Tiling::clamp resets x_log2 then).
      lv.tile_width_log2 = h.tile_width_gobs_log2;
      if (row_bytes < (uint64_t{kGobWidthBytes} << h.tile_width_gobs_log2) ||
          lv.blocks_y < (kGobRows << h.block_height_log2) || lv.depth < (1u << h.block_depth_log2))
        lv.tile_width_log2 = 0;
      lv.bl.gobs_x = static_cast<uint32_t>(align_up(div_up(row_bytes, kGobWidthBytes), uint64_t{1} << lv.tile_width_log2));
      lv.bl.blocks_y = div_up(gob_rows, uint64_t{1} << lv.bl.gob_height_log2);
      const uint32_t blocks_z = div_up(lv.depth, uint64_t{1} << lv.bl.gob_depth_log2);
      lv.size = uint64_t{lv.bl.gobs_x} * lv.bl.blocks_y * blocks_z * lv.bl.block_bytes();
    }
    offset += lv.size;  // levels follow each other; each size is a multiple of the next level's block
  }

  s.layer_stride_ = offset;
  if (s.memory_ == MemoryLayout::BlockLinear) {
    // Layers are aligned to the level-0 block (tile) size (NVK image.rs "The array stride has to be aligned
    // to the size of a level 0 tile"; nouveau nvc0_miptree.c layer_stride; Ryujinx AlignLayerSize).
    const LevelLayout& l0 = s.levels_info_[0];
    uint64_t align = uint64_t{l0.bl.block_bytes()} << l0.tile_width_log2;
    // USE_ARRAY_TILE_ALIGNMENT is undocumented. Choice: align layers to the whole sparse tile as programmed
    // (block height, depth and tile width before shrinking), as yuzu's AlignLayerSize does when the tile
    // width is above one GOB.
    if (h.array_tile_alignment)
      align = std::max(align, uint64_t{kGobBytes} << (h.tile_width_gobs_log2 + h.block_height_log2 + h.block_depth_log2));
    s.layer_stride_ = align_up(offset, align);
  }
  return s;
}

bool SurfaceLayout::contains(const TexelCoord& c) const {
  if (c.level >= levels_ || c.layer >= layers_) return false;
  const LevelLayout& l = levels_info_[c.level];
  return c.x < l.width && c.y < l.height && c.z < l.depth;
}

uint64_t SurfaceLayout::block_offset(const LevelLayout& l, uint32_t bx, uint32_t by, uint32_t z) const {
  switch (memory_) {
    case MemoryLayout::Pitch: return uint64_t{by} * l.pitch + uint64_t{bx} * block_bytes_;
    case MemoryLayout::Buffer1D: return uint64_t{bx} * block_bytes_;
    case MemoryLayout::BlockLinear: break;
  }
  return block_linear_offset(l.bl, gob_, bx * block_bytes_, by, z);
}

// Calls f(address, offset in the block, length) for each contiguous run of the texel's block: one run, except
// for blocks of 12 bytes (R32_G32_B32) in block-linear memory, which cross 16-byte GOB lines.
template <typename F>
void SurfaceLayout::for_each_run(const TexelCoord& c, F&& f) const {
  const LevelLayout& l = levels_info_[c.level];
  const uint32_t bx = c.x / block_w_, by = c.y / block_h_;
  const uint64_t level_base = base_ + uint64_t{c.layer} * layer_stride_ + l.offset;
  if (memory_ != MemoryLayout::BlockLinear || std::has_single_bit(block_bytes_)) {
    f(level_base + block_offset(l, bx, by, c.z), 0u, block_bytes_);
    return;
  }
  const uint32_t xb = bx * block_bytes_;
  for (uint32_t done = 0; done < block_bytes_;) {
    const uint32_t n = std::min(block_bytes_ - done, 16 - ((xb + done) & 15u));
    f(level_base + block_linear_offset(l.bl, gob_, xb + done, by, c.z), done, n);
    done += n;
  }
}

TexelRef SurfaceLayout::locate(const TexelCoord& c) const {
  const LevelLayout& l = levels_info_[c.level];
  const uint64_t level_base = base_ + uint64_t{c.layer} * layer_stride_ + l.offset;
  return TexelRef{level_base + block_offset(l, c.x / block_w_, c.y / block_h_, c.z), texel_in_block(c)};
}

MemoryAccess SurfaceLayout::read_block(const GpuMemory& mem, const TexelCoord& c, std::span<std::byte> out) const {
  MemoryAccess first{};
  for_each_run(c, [&](uint64_t address, uint32_t at, uint32_t n) {
    const MemoryAccess a = mem.read(address, out.subspan(at, n));
    if (first.ok()) first = a;
  });
  return first;
}

MemoryAccess SurfaceLayout::write_block(GpuMemory& mem, const TexelCoord& c, std::span<const std::byte> in) const {
  MemoryAccess first{};
  for_each_run(c, [&](uint64_t address, uint32_t at, uint32_t n) {
    const MemoryAccess a = mem.write(address, in.subspan(at, n));
    if (first.ok()) first = a;
  });
  return first;
}

bool SurfaceLayout::resident(const GpuMemory& mem, const TexelCoord& c) const {
  bool all = true;
  for_each_run(c, [&](uint64_t address, uint32_t, uint32_t n) { all = all && mem.resident(address, n); });
  return all;
}

}  // namespace tmu::texunit
