// SPDX-License-Identifier: MIT
// Where the texels of a texture live: SurfaceLayout is built once from a decoded texture header
// (descriptors.h) and its component layout (formats.h), and maps a texel (level, layer or cube face, x, y, z)
// to a byte address in GpuMemory. Three memory layouts: block linear, pitch linear and 1D buffer, chosen by
// HEADER_VERSION. docs/texture-memory.md describes the rules and their sources; block_linear.h the GOB
// arithmetic.
//
// Texel coordinates are in texels of the level (for multisampled textures: in samples, the texture being
// stored as a grid of samples_x x samples_y samples per pixel). Texels of multi-texel layouts (compressed 4x4
// blocks, R1, 4:2:2 video) share a format block; TexelRef says which block and which texel of it.
//
// The per-texel functions (locate, read_block, write_block) are pure apart from the memory access, do not
// allocate, and do not check their arguments: callers clamp or wrap coordinates first (contains() checks).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "common/result.h"
#include "texunit/block_linear.h"
#include "texunit/descriptors.h"
#include "texunit/formats.h"
#include "texunit/gpu_memory.h"

namespace tmu::texunit {

enum class MemoryLayout : uint8_t { BlockLinear, Pitch, Buffer1D };

inline constexpr unsigned kMaxLevels = 16;  // MAX_MIP_LEVEL is 4 bits

// One mip level of one layer.
struct LevelLayout {
  uint32_t width = 1, height = 1, depth = 1;  // texels (samples); depth > 1 only for 3D textures
  uint32_t blocks_x = 1, blocks_y = 1;        // format blocks: ceil(width / block width), ...
  uint64_t offset = 0;                        // bytes from the start of the layer
  uint64_t size = 0;                          // bytes, including block-linear padding
  uint32_t pitch = 0;                         // bytes per row of format blocks (pitch layout; 0 otherwise)
  BlockLinearLevel bl{};                      // block-linear geometry after shrinking (block linear only)
  uint8_t tile_width_log2 = 0;                // sparse tile width in GOBs after shrinking (block linear only)
};

struct TexelCoord {
  uint32_t x = 0, y = 0, z = 0;
  uint32_t layer = 0;  // array layer; cube maps: cube * 6 + face (+X, -X, +Y, -Y, +Z, -Z)
  uint32_t level = 0;  // mip level of the resource (0 .. levels() - 1)
};

struct TexelRef {
  uint64_t address = 0;        // first byte of the format block holding the texel
  uint32_t texel_in_block = 0; // for decode_texel: (y % block height) * block width + x % block width
};

class SurfaceLayout {
 public:
  // Refuses headers whose layout cannot be computed: undefined COMPONENTS, a 1D_BUFFER texture type without
  // the 1D_BUFFER header version (or the reverse), pitch headers of types other than 1D/2D, GOB3D (3D GOBs:
  // shape undocumented), an undefined MULTI_SAMPLE_COUNT, block heights or depths above 32 GOBs.
  static Result<SurfaceLayout> make(const TextureHeader& header, const LayoutInfo& format,
                                    GobLayout gob = GobLayout::Tegra);
  static Result<SurfaceLayout> make(const TextureHeader& header, GobLayout gob = GobLayout::Tegra);

  MemoryLayout memory_layout() const { return memory_; }
  TextureType type() const { return type_; }
  GobLayout gob_layout() const { return gob_; }
  uint64_t base() const { return base_; }                 // header address: level 0 of layer 0
  unsigned levels() const { return levels_; }             // 1 + MAX_MIP_LEVEL (1 for pitch, buffers, 2D_NO_MIPMAP)
  uint32_t layers() const { return layers_; }             // arrays: DEPTH; cube maps: 6 x DEPTH; else 1
  uint64_t layer_stride() const { return layer_stride_; } // bytes between layers (aligned, see make())
  uint64_t size_bytes() const { return layer_stride_ * layers_; }  // the whole resource from base()
  const LevelLayout& level(unsigned l) const { return levels_info_[l]; }
  uint32_t block_bytes() const { return block_bytes_; }
  uint32_t block_width() const { return block_w_; }
  uint32_t block_height() const { return block_h_; }
  uint32_t samples_x() const { return samples_x_; }       // sample grid of MULTI_SAMPLE_COUNT (1 x 1 if none)
  uint32_t samples_y() const { return samples_y_; }

  bool contains(const TexelCoord& c) const;
  TexelRef locate(const TexelCoord& c) const;
  // locate(c).texel_in_block without the block's address.
  uint32_t texel_in_block(const TexelCoord& c) const { return (c.y % block_h_) * block_w_ + c.x % block_w_; }
  // The format block holding the texel, block_bytes() of them (out/in must be that long). A 12-byte block in
  // block-linear memory is split where it crosses a 16-byte GOB line; every other block is one run.
  MemoryAccess read_block(const GpuMemory& mem, const TexelCoord& c, std::span<std::byte> out) const;
  MemoryAccess write_block(GpuMemory& mem, const TexelCoord& c, std::span<const std::byte> in) const;
  // Whether the texel's block is mapped and resident (the sparse residency predicate for one texel).
  bool resident(const GpuMemory& mem, const TexelCoord& c) const;

  // Byte offset of format block (bx, by) of slice z from the start of the level (block-linear: bx in blocks).
  uint64_t block_offset(const LevelLayout& l, uint32_t bx, uint32_t by, uint32_t z) const;

 private:
  SurfaceLayout() = default;
  template <typename F>
  void for_each_run(const TexelCoord& c, F&& f) const;

  MemoryLayout memory_ = MemoryLayout::BlockLinear;
  TextureType type_ = TextureType::Tex2D;
  GobLayout gob_ = GobLayout::Tegra;
  uint64_t base_ = 0;
  unsigned levels_ = 1;
  uint32_t layers_ = 1;
  uint64_t layer_stride_ = 0;
  uint32_t block_bytes_ = 1, block_w_ = 1, block_h_ = 1;
  uint32_t samples_x_ = 1, samples_y_ = 1;
  std::array<LevelLayout, kMaxLevels> levels_info_{};
};

// Writers and readers: one level of one layer (a cube face is a layer) as a tightly packed array of format
// blocks, x fastest, then y, then z: level.blocks_x * level.blocks_y * level.depth * block_bytes() bytes
// (linear_level_size). Refuse a level or layer out of range, a span of the wrong size, and memory faults
// (a read fills faulting bytes with zero but still reports the first one). Return the bytes copied.
uint64_t linear_level_size(const SurfaceLayout& layout, unsigned level);
Result<uint64_t> store_level(GpuMemory& mem, const SurfaceLayout& layout, unsigned level, uint32_t layer,
                             std::span<const std::byte> blocks);
Result<uint64_t> load_level(const GpuMemory& mem, const SurfaceLayout& layout, unsigned level, uint32_t layer,
                            std::span<std::byte> blocks);

}  // namespace tmu::texunit
