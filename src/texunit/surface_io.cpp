// SPDX-License-Identifier: MIT
// Whole-level copies between a tightly packed linear array of format blocks and a texture in GpuMemory: what
// tests, `tmu sample` and renderers use to build textures and read them back. Block by block through
// SurfaceLayout::write_block/read_block, so every memory layout (and 12-byte blocks) goes through the same
// addressing as the texture unit.
#include <fmt/format.h>

#include "texunit/surface_layout.h"

namespace tmu::texunit {
namespace {

// Checks the arguments; on success returns the byte count of the level.
Result<uint64_t> check(const SurfaceLayout& s, unsigned level, uint32_t layer, std::size_t bytes, const char* what) {
  if (level >= s.levels())
    return make_error(fmt::format("{}: level {} is out of range (the texture has {})", what, level, s.levels()));
  if (layer >= s.layers())
    return make_error(fmt::format("{}: layer {} is out of range (the texture has {})", what, layer, s.layers()));
  const uint64_t want = linear_level_size(s, level);
  if (bytes != want)
    return make_error(fmt::format("{}: level {} holds {} bytes, the buffer has {}", what, level, want, bytes));
  return want;
}

// Visits every format block of the level in linear order: f(coordinate of its first texel, byte offset).
template <typename F>
void for_each_block(const SurfaceLayout& s, unsigned level, uint32_t layer, F&& f) {
  const LevelLayout& l = s.level(level);
  uint64_t at = 0;
  for (uint32_t z = 0; z < l.depth; ++z)
    for (uint32_t by = 0; by < l.blocks_y; ++by)
      for (uint32_t bx = 0; bx < l.blocks_x; ++bx, at += s.block_bytes())
        f(TexelCoord{bx * s.block_width(), by * s.block_height(), z, layer, level}, at);
}

Result<uint64_t> fault(const char* what, const MemoryAccess& a) {
  return make_error(fmt::format("{}: {} address 0x{:x}", what,
                                a.fault == Fault::NonResident ? "non-resident" : "unmapped", a.address));
}

}  // namespace

uint64_t linear_level_size(const SurfaceLayout& s, unsigned level) {
  const LevelLayout& l = s.level(level);
  return uint64_t{l.blocks_x} * l.blocks_y * l.depth * s.block_bytes();
}

Result<uint64_t> store_level(GpuMemory& mem, const SurfaceLayout& s, unsigned level, uint32_t layer,
                             std::span<const std::byte> blocks) {
  auto size = check(s, level, layer, blocks.size(), "store_level");
  if (!size) return size;
  MemoryAccess first{};
  for_each_block(s, level, layer, [&](const TexelCoord& c, uint64_t at) {
    const MemoryAccess a = s.write_block(mem, c, blocks.subspan(at, s.block_bytes()));
    if (first.ok()) first = a;
  });
  return first.ok() ? size : fault("store_level", first);
}

Result<uint64_t> load_level(const GpuMemory& mem, const SurfaceLayout& s, unsigned level, uint32_t layer,
                            std::span<std::byte> blocks) {
  auto size = check(s, level, layer, blocks.size(), "load_level");
  if (!size) return size;
  MemoryAccess first{};
  for_each_block(s, level, layer, [&](const TexelCoord& c, uint64_t at) {
    const MemoryAccess a = s.read_block(mem, c, blocks.subspan(at, s.block_bytes()));
    if (first.ok()) first = a;
  });
  return first.ok() ? size : fault("load_level", first);
}

}  // namespace tmu::texunit
