// SPDX-License-Identifier: MIT
// Triangle setup: clip space -> window coordinates (perspective divide, viewport), snapped to 16.8 fixed point;
// winding, culling, the three edge functions with the top-left fill rule; and the TRAM the fragment shader's IPA
// reads (interp/triangle_ram.h conventions):
//   a[0x060] primitive id, a[0x064] layer (0), a[0x068] viewport index (0): constants;
//   a[0x070], a[0x074]: window x and y (planes (1,0,0) and (0,1,0));  a[0x078]: window depth, screen-linear;
//   a[0x07c]: 1/w, screen-linear (seed 002: "WPOS.w = 1/w");  a[0x3fc]: front face;
//   each attribute: Perspective -> plane of attr/w, ScreenLinear -> plane of attr, Constant -> the provoking
//   vertex's bits in C.
// Planes are fitted through the snapped vertex positions in double precision (policy): A and B solve the 2x2
// system, C = f0 - A*x0 - B*y0 with the unrounded A and B, then each is rounded once to fp32.
// There is no clipping: every vertex needs w > 0 and a window position inside the 16.8 range.
#pragma once

#include <array>
#include <cstdint>

#include "common/result.h"
#include "interp/triangle_ram.h"
#include "raster/triangle.h"

namespace tmu::raster {

// A point in 16.8 fixed point window coordinates.
struct FixedPoint {
  int32_t x = 0;
  int32_t y = 0;
};

// Edge from a to b of a triangle whose vertices run clockwise on screen: E(p) = dx*(p.y - a.y) - dy*(p.x - a.x),
// positive inside. A sample exactly on the edge (E = 0) belongs to the triangle only on a top edge (horizontal,
// interior below) or a left edge (going up the screen), the Direct3D top-left rule.
struct Edge {
  FixedPoint a;
  int64_t dx = 0;
  int64_t dy = 0;
  bool top_left = false;

  constexpr int64_t evaluate(int64_t px, int64_t py) const { return dx * (py - a.y) - dy * (px - a.x); }
  constexpr bool inside(int64_t px, int64_t py) const {
    const int64_t e = evaluate(px, py);
    return e > 0 || (e == 0 && top_left);
  }
};

struct SetupTriangle {
  bool visible = false;     // false: zero area or culled; nothing to rasterize
  bool front_face = false;
  std::array<FixedPoint, 3> window{};  // snapped positions, in the caller's vertex order
  std::array<Edge, 3> edges{};         // in clockwise order
  // Conservative pixel bounds of the coverage, clipped to the target: [min, max).
  int32_t min_x = 0, min_y = 0, max_x = 0, max_y = 0;
  interp::TriangleRam tram;
};

// Fails for bad input, naming the vertex or attribute: w <= 0 or not finite, a window position outside the
// 16.8 range, a render target of 0 or more than kMaxTargetSize pixels, an attribute address that is not 4-aligned,
// outside 0x000..0x3ff, repeated, or one of the addresses setup writes itself.
Result<SetupTriangle> setup(const Triangle& tri, const RasterState& state);

// Snapping: round to nearest, ties to even, of window * 256.
int32_t snap(double window_coordinate);

// The plane through three (position, value) points (see above). Positions in 16.8.
interp::Plane fit_plane(const std::array<FixedPoint, 3>& p, const std::array<double, 3>& f);

}  // namespace tmu::raster
