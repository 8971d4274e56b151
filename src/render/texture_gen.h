// SPDX-License-Identifier: MIT
// Procedural textures for `tmu render`: a mipmapped RGBA8 pattern whose levels are built on the CPU by a 2x2 box
// filter (so that minification shows what the texture unit's filtering does with a true mip chain).
#pragma once

#include <cstdint>
#include <vector>

#include "common/result.h"
#include "texunit/texture_set.h"

namespace tmu::render {

// Linear RGBA8 texels of every level, level 0 first (x fastest, rows top to bottom).
struct MipChain {
  uint32_t width = 0, height = 0;
  std::vector<std::vector<uint8_t>> levels;
};

// A tiled floor: grey flagstones with dark grout lines and a checker tint, `size` x `size` (a power of two).
MipChain flagstones(uint32_t size);
// A chain from level 0 texels (RGBA8, x fastest), the other levels box-filtered down to 1x1.
MipChain from_level0(uint32_t width, uint32_t height, std::vector<uint8_t> texels);
// Every level of `chain` painted one flat colour per level, level_palette8 (common/level_palette.h: red, green,
// blue, yellow, ..., the colours of `tmu sample`'s "levels" texels): the debug view that shows which mip level a
// pixel sampled.
MipChain level_colours(const MipChain& chain);

// Adds the chain to `set` as a block-linear 2D A8B8G8R8 UNORM texture with every level; returns its index.
Result<uint32_t> upload(texunit::TextureSet& set, const MipChain& chain);

}  // namespace tmu::render
