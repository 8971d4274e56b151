// SPDX-License-Identifier: MIT
// Where a fragment-shader lane sits: its pixel and which of the pixel's samples the primitive covers. The
// rasterizer produces it (raster::QuadFragment::position), IPA consumes it (interp/ipa.h).
#pragma once

#include <cstdint>

#include "interp/sample_pattern.h"

namespace tmu::interp {

struct FragmentPosition {
  int32_t x = 0;  // pixel, window coordinates
  int32_t y = 0;
  SampleMask coverage = 1;  // covered samples of this pixel (0 for a helper pixel)
};

}  // namespace tmu::interp
