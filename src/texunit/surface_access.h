// SPDX-License-Identifier: MIT
// Surfaces: a texture read and written by coordinates, without a sampler (SULD, SUST, SURED, SUATOM; PTX's
// suld/sust/sured). On Maxwell a surface is a texture header like any other (Mesa's nouveau binds GM107 images as
// TIC entries, cube maps as 2D arrays), so a surface is a bound texture seen through its memory layout: level
// RES_VIEW_MIN_MIP_LEVEL of the resource, cube faces as layers. docs/texunit.md, "Surfaces", gives the model.
//
// Coordinates (PTX ISA, "suld", "sust", "sured"): x is a byte offset into the row for byte-addressed accesses
// (SASS .BA, PTX's .b forms) and a texel index otherwise (.P, and .D without .BA: PTX's .p forms); y, z and the
// layer count texels. An access must be aligned to its size (PTX leaves a misaligned one undefined; tmu refuses
// it). Out of range, the clamp mode decides: .IGN (PTX .zero) reads zero and drops writes, none (PTX .clamp)
// moves each coordinate to the nearest position inside, .TRAP (PTX .trap) stops the kernel.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "common/result.h"
#include "texunit/formats.h"
#include "texunit/gpu_memory.h"
#include "texunit/surface_layout.h"
#include "texunit/texture_unit.h"

namespace tmu::texunit {

enum class SurfaceClamp : uint8_t { Zero, Clamp, Trap };  // SASS .IGN, (none), .TRAP

// One lane's coordinates as its registers hold them (unused ones 0).
struct SurfaceCoords {
  int32_t x = 0, y = 0, z = 0;
  uint32_t layer = 0;
};

// Where an access lands: its first texel and the byte inside that texel where it starts.
struct SurfacePlace {
  bool inside = false;  // false: out of range and not clamped (.IGN drops the access, .TRAP stops)
  TexelCoord texel;
  uint32_t byte = 0;
};

// Image atomics (NIR's image_atomic_*) work on texels of one 32-bit component (R32_UINT, R32_SINT, R32_FLOAT):
// "" when the format has that shape, else why not ("image_atomic_add needs a format of one 32-bit component
// (R32_UINT, R32_SINT, R32_FLOAT), not A8B8G8R8").
std::string image_atomic_format_error(std::string_view op, const LayoutInfo& layout);

class SurfaceView {
 public:
  // The bound texture as a surface. Refuses textures without a memory layout (test fixtures) and formats whose
  // texels share a block (block-compressed, R1, packed 4:2:2), which have no per-texel bytes.
  static Result<SurfaceView> make(const BoundTexture& bound);

  const SurfaceLayout& layout() const { return *layout_; }
  const FormatPlan& format() const { return *format_; }
  unsigned level() const { return level_; }
  uint32_t texel_bytes() const { return layout_->block_bytes(); }
  uint32_t width() const { return layout_->level(level_).width; }
  uint32_t height() const { return layout_->level(level_).height; }
  uint32_t depth() const { return layout_->level(level_).depth; }
  uint32_t row_bytes() const { return width() * texel_bytes(); }

  // Places an access of `bytes` bytes (a raw size; for texel accesses the texel's size). Misaligned: an error
  // naming the offset and the size.
  Result<SurfacePlace> place(const SurfaceCoords& at, unsigned bytes, bool byte_addressed, SurfaceClamp clamp) const;
  // "x 40 bytes, y 3" and "level 0: 8 x 8 texels of 4 bytes (32 bytes a row)", for errors.
  std::string describe(const SurfaceCoords& at, bool byte_addressed) const;
  std::string describe_extent() const;

  // Raw bytes from a placed access (out.size() bytes, possibly several texels of one row). A faulting byte reads
  // as zero and is not written; the result names the first one.
  MemoryAccess read(const GpuMemory& memory, const SurfacePlace& at, std::span<std::byte> out) const;
  MemoryAccess write(GpuMemory& memory, const SurfacePlace& at, std::span<const std::byte> in) const;
  // Formatted texels: R, G, B, A through the format (fp32 bits for normalized and float components, integers
  // for SINT / UINT), the header's swizzle applied on loads as a texture fetch applies it.
  Texel load_texel(const GpuMemory& memory, const TexelCoord& at, MemoryAccess& access) const;
  MemoryAccess store_texel(GpuMemory& memory, const TexelCoord& at, const Texel& rgba) const;
  bool resident(const GpuMemory& memory, const TexelCoord& at) const { return layout_->resident(memory, at); }

 private:
  SurfaceView(const SurfaceLayout& layout, const FormatPlan& format, unsigned level)
      : layout_(&layout), format_(&format), level_(level) {}
  const SurfaceLayout* layout_;
  const FormatPlan* format_;
  unsigned level_;
};

}  // namespace tmu::texunit
