// SPDX-License-Identifier: MIT
// Clipping in clip space, so that scenes may have geometry behind the eye or far outside the frame (a camera
// inside a sky box): a triangle is cut by the near plane (z >= -w), the far plane (z <= w) and a guard band around
// the frame (|x|, |y| <= guard * w, keeping window positions inside the rasterizer's 16.8 range), and the polygon
// left is fanned into triangles from its first vertex. Positions and attributes are interpolated linearly in clip
// space, which keeps perspective-correct attributes exact in the plane. A triangle inside every plane is passed on
// unchanged.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace tmu::render {

struct ClipVertex {
  std::array<float, 4> position{};
  std::vector<std::array<float, 4>> attributes;
};
using ClipTriangle = std::array<ClipVertex, 3>;

// The guard band for a frame: |x/w| and |y/w| up to this keep window coordinates within 8192 pixels.
float guard_band(uint32_t width, uint32_t height);

// The triangles of `tri` inside the planes above (none when it lies wholly outside one).
std::vector<ClipTriangle> clip_triangle(const ClipTriangle& tri, float guard);

}  // namespace tmu::render
