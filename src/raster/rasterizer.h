// SPDX-License-Identifier: MIT
// Rasterization in 2x2 quads. A quad is the unit a fragment shader warp works on: four lanes, lane l at pixel
// (x + (l & 1), y + (l >> 1)), so lanes 0/1 and 2/3 differ in x and 0/2, 1/3 in y (the pairing the quad
// derivative instructions use). A quad is emitted when at least one lane is covered; its other lanes are helper
// pixels, which run the shader for derivatives only.
//
// Coverage is tested per sample at the standard sample positions (interp/sample_pattern.h) with the setup's
// 16.8 edge functions; a pixel is covered when any of its samples is. With one sample it is the pixel centre.
//
// Order (deterministic; NVIDIA's traversal order is not public): 16x16-pixel tiles aligned to the window origin,
// tile rows top to bottom, tiles left to right; inside a tile, quad rows top to bottom, quads left to right.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "interp/fragment.h"
#include "interp/sample_pattern.h"
#include "raster/setup.h"

namespace tmu::raster {

inline constexpr int32_t kTileSize = 16;

struct QuadFragment {
  int32_t x = 0;  // top-left pixel of the quad (both even)
  int32_t y = 0;
  std::array<interp::SampleMask, 4> samples{};  // per lane: covered samples
  uint8_t covered = 0;                          // bit l: lane l has a covered sample
  uint8_t helper = 0;                           // bit l: lane l is a helper pixel (= ~covered & 0xf)

  int32_t lane_x(unsigned lane) const { return x + static_cast<int32_t>(lane & 1); }
  int32_t lane_y(unsigned lane) const { return y + static_cast<int32_t>(lane >> 1); }
  // The lane as IPA sees it.
  interp::FragmentPosition position(unsigned lane) const { return {lane_x(lane), lane_y(lane), samples[lane]}; }
};

// The samples of pixel (px, py) inside the triangle (no render-target test).
interp::SampleMask pixel_coverage(const SetupTriangle& t, int32_t px, int32_t py, interp::SampleCount samples);

// Calls `emit` for every quad with coverage, in the order above. Nothing for an invisible triangle.
void rasterize(const SetupTriangle& t, const RasterState& state, const std::function<void(const QuadFragment&)>& emit);
std::vector<QuadFragment> rasterize(const SetupTriangle& t, const RasterState& state);

}  // namespace tmu::raster
