// SPDX-License-Identifier: MIT
// PNG files as 8-bit RGBA pixels (libpng's simplified API: palettes, grey, 16-bit and missing alpha are converted;
// 8-bit sRGB values come through unchanged).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "common/result.h"

namespace tmu {

struct RgbaImage {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> pixels;  // R, G, B, A per pixel, rows top to bottom
};

// Refuses data that is not a PNG and images of more than max_pixels pixels (before decoding them).
Result<RgbaImage> decode_png(std::span<const std::byte> file, uint64_t max_pixels);
// Encodes 8-bit RGBA pixels (tests and examples write PNG files with it).
Result<std::vector<std::byte>> encode_png(const RgbaImage& image);

}  // namespace tmu
