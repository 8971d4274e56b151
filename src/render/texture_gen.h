// SPDX-License-Identifier: MIT
// Textures for `tmu render` built by programs rather than read from scene files: an RGBA8 image with a mip chain
// box-filtered on the CPU (`--texture`, the Python module's arrays), a procedural 2D texture, and the
// `--mip-view` debug view. Each is a `tmu sample` texture description (sample/spec.h), as scene files give them.
#pragma once

#include <cstdint>
#include <vector>

#include "sample/spec.h"

namespace tmu::render {

// Linear RGBA8 texels of every level, level 0 first (x fastest, rows top to bottom).
struct MipChain {
  uint32_t width = 0, height = 0;
  std::vector<std::vector<uint8_t>> levels;
};

// A chain from level 0 texels (RGBA8, x fastest), each further level the 2x2 box average of the one before,
// rounded to 8 bits, down to 1x1.
MipChain from_level0(uint32_t width, uint32_t height, std::vector<uint8_t> texels);

// A block-linear 2D A8B8G8R8_UNORM texture holding the chain's levels.
sample::TextureSpec rgba8_texture(const MipChain& chain);
// A block-linear 2D A8B8G8R8_UNORM texture of width x height with `levels` levels (0: every level down to 1x1), its
// texels from `texels` (a generator such as flagstones; docs/texunit.md).
sample::TextureSpec rgba8_texture(uint32_t width, uint32_t height, const sample::Texels& texels, unsigned levels = 0);

// The --mip-view debug view: every level of the texture one flat colour of `tmu sample`'s "levels" palette
// (common/level_palette.h: red, green, blue, yellow, ...), so that the image shows which level each pixel sampled.
void show_levels(sample::TextureSpec& texture);

}  // namespace tmu::render
