// SPDX-License-Identifier: MIT
#include "raster/rasterizer.h"

#include <algorithm>

namespace tmu::raster {

namespace {
int32_t align_down(int32_t v, int32_t a) { return v >= 0 ? v / a * a : -((-v + a - 1) / a) * a; }
}  // namespace

interp::SampleMask pixel_coverage(const SetupTriangle& t, int32_t px, int32_t py, interp::SampleCount samples) {
  if (!t.visible) return 0;
  const auto pattern = interp::standard_sample_pattern(samples);
  interp::SampleMask mask = 0;
  // Sample s of pixel (px, py) sits at (px + 1/2 + dx/16, py + 1/2 + dy/16): in 1/256 units the pixel origin,
  // plus 128, plus 16 per sixteenth.
  constexpr int64_t kSixteenth = kSubpixelOne / 16;
  for (std::size_t s = 0; s < pattern.size(); ++s) {
    const int64_t sx = int64_t{px} * kSubpixelOne + kSubpixelOne / 2 + pattern[s].dx * kSixteenth;
    const int64_t sy = int64_t{py} * kSubpixelOne + kSubpixelOne / 2 + pattern[s].dy * kSixteenth;
    if (t.edges[0].inside(sx, sy) && t.edges[1].inside(sx, sy) && t.edges[2].inside(sx, sy))
      mask = static_cast<interp::SampleMask>(mask | (1u << s));
  }
  return mask;
}

void rasterize(const SetupTriangle& t, const RasterState& st, const std::function<void(const QuadFragment&)>& emit) {
  if (!t.visible || t.min_x >= t.max_x || t.min_y >= t.max_y) return;
  const auto width = static_cast<int32_t>(st.width), height = static_cast<int32_t>(st.height);
  for (int32_t ty = align_down(t.min_y, kTileSize); ty < t.max_y; ty += kTileSize) {
    for (int32_t tx = align_down(t.min_x, kTileSize); tx < t.max_x; tx += kTileSize) {
      const int32_t qy0 = std::max(ty, align_down(t.min_y, 2)), qy1 = std::min(ty + kTileSize, t.max_y);
      const int32_t qx0 = std::max(tx, align_down(t.min_x, 2)), qx1 = std::min(tx + kTileSize, t.max_x);
      for (int32_t qy = qy0; qy < qy1; qy += 2) {
        for (int32_t qx = qx0; qx < qx1; qx += 2) {
          QuadFragment q;
          q.x = qx;
          q.y = qy;
          for (unsigned l = 0; l < 4; ++l) {
            const int32_t px = q.lane_x(l), py = q.lane_y(l);
            if (px < 0 || py < 0 || px >= width || py >= height) continue;
            q.samples[l] = pixel_coverage(t, px, py, st.samples);
            if (q.samples[l]) q.covered = static_cast<uint8_t>(q.covered | (1u << l));
          }
          if (!q.covered) continue;
          q.helper = static_cast<uint8_t>(~q.covered & 0xfu);
          emit(q);
        }
      }
    }
  }
}

std::vector<QuadFragment> rasterize(const SetupTriangle& t, const RasterState& st) {
  std::vector<QuadFragment> quads;
  rasterize(t, st, [&](const QuadFragment& q) { quads.push_back(q); });
  return quads;
}

}  // namespace tmu::raster
