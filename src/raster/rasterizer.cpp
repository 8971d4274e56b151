// SPDX-License-Identifier: MIT
#include "raster/rasterizer.h"

#include <algorithm>
#include <span>

namespace tmu::raster {

namespace {
int32_t align_down(int32_t v, int32_t a) { return v >= 0 ? v / a * a : -((-v + a - 1) / a) * a; }

// Sample positions in 1/256 units: pixel origin, plus 128, plus 16 per sixteenth.
constexpr int64_t sample_position(int32_t p, int8_t d) {
  return int64_t{p} * kSubpixelOne + kSubpixelOne / 2 + d * (kSubpixelOne / 16);
}

// Every sample of the pixels [x0, x1] x [y0, y1]: inside all three edges (Inside), outside one of them (Outside),
// or either (Mixed). An edge function is linear, so its extremes over the samples' bounding box are at the box's
// corners: strictly positive at all four, it is positive at every sample (whatever the top-left rule says of
// zero); negative at all four, negative at every sample.
enum class Block : uint8_t { Inside, Outside, Mixed };
Block classify(const SetupTriangle& t, int32_t x0, int32_t x1, int32_t y0, int32_t y1,
               std::span<const interp::SampleOffset> pattern) {
  int8_t dx0 = pattern[0].dx, dx1 = pattern[0].dx, dy0 = pattern[0].dy, dy1 = pattern[0].dy;
  for (const interp::SampleOffset& o : pattern) {
    dx0 = std::min(dx0, o.dx), dx1 = std::max(dx1, o.dx);
    dy0 = std::min(dy0, o.dy), dy1 = std::max(dy1, o.dy);
  }
  const int64_t xs[2] = {sample_position(x0, dx0), sample_position(x1, dx1)};
  const int64_t ys[2] = {sample_position(y0, dy0), sample_position(y1, dy1)};
  bool inside = true;
  for (const Edge& e : t.edges) {
    int positive = 0, negative = 0;
    for (int64_t x : xs)
      for (int64_t y : ys) {
        const int64_t v = e.evaluate(x, y);
        positive += v > 0;
        negative += v < 0;
      }
    if (negative == 4) return Block::Outside;
    inside = inside && positive == 4;
  }
  return inside ? Block::Inside : Block::Mixed;
}
}  // namespace

interp::SampleMask pixel_coverage(const SetupTriangle& t, int32_t px, int32_t py, interp::SampleCount samples) {
  if (!t.visible) return 0;
  const auto pattern = interp::standard_sample_pattern(samples);
  interp::SampleMask mask = 0;
  // Sample s of pixel (px, py) sits at (px + 1/2 + dx/16, py + 1/2 + dy/16).
  for (std::size_t s = 0; s < pattern.size(); ++s) {
    const int64_t sx = sample_position(px, pattern[s].dx);
    const int64_t sy = sample_position(py, pattern[s].dy);
    if (t.edges[0].inside(sx, sy) && t.edges[1].inside(sx, sy) && t.edges[2].inside(sx, sy))
      mask = static_cast<interp::SampleMask>(mask | (1u << s));
  }
  return mask;
}

void rasterize(const SetupTriangle& t, const RasterState& st, const std::function<void(const QuadFragment&)>& emit) {
  if (!t.visible || t.min_x >= t.max_x || t.min_y >= t.max_y) return;
  const auto width = static_cast<int32_t>(st.width), height = static_cast<int32_t>(st.height);
  const auto pattern = interp::standard_sample_pattern(st.samples);
  const auto all_samples = static_cast<interp::SampleMask>((1u << pattern.size()) - 1);
  for (int32_t ty = align_down(t.min_y, kTileSize); ty < t.max_y; ty += kTileSize) {
    for (int32_t tx = align_down(t.min_x, kTileSize); tx < t.max_x; tx += kTileSize) {
      const int32_t qy0 = std::max(ty, align_down(t.min_y, 2)), qy1 = std::min(ty + kTileSize, t.max_y);
      const int32_t qx0 = std::max(tx, align_down(t.min_x, 2)), qx1 = std::min(tx + kTileSize, t.max_x);
      if (qx0 >= qx1 || qy0 >= qy1) continue;
      // The tile's quads cover pixels up to the last quad's second column and row.
      const Block block = classify(t, qx0, qx0 + (qx1 - qx0 - 1) / 2 * 2 + 1, qy0, qy0 + (qy1 - qy0 - 1) / 2 * 2 + 1,
                                   pattern);
      if (block == Block::Outside) continue;
      for (int32_t qy = qy0; qy < qy1; qy += 2) {
        for (int32_t qx = qx0; qx < qx1; qx += 2) {
          QuadFragment q;
          q.x = qx;
          q.y = qy;
          for (unsigned l = 0; l < 4; ++l) {
            const int32_t px = q.lane_x(l), py = q.lane_y(l);
            if (px < 0 || py < 0 || px >= width || py >= height) continue;
            q.samples[l] = block == Block::Inside ? all_samples : pixel_coverage(t, px, py, st.samples);
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
