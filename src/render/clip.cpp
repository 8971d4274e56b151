// SPDX-License-Identifier: MIT
#include "render/clip.h"

#include <algorithm>
#include <cstdint>

namespace tmu::render {
namespace {

// Signed distance to plane p of the clip volume (inside: >= 0).
double distance(const std::array<float, 4>& v, unsigned plane, float guard) {
  const double x = v[0], y = v[1], z = v[2], w = v[3], g = guard;
  switch (plane) {
    case 0: return z + w;      // near
    case 1: return w - z;      // far
    case 2: return g * w + x;  // left guard band
    case 3: return g * w - x;  // right
    case 4: return g * w + y;  // bottom
    default: return g * w - y;  // top
  }
}

std::array<float, 4> lerp(const std::array<float, 4>& a, const std::array<float, 4>& b, double t) {
  std::array<float, 4> r{};
  for (std::size_t i = 0; i < 4; ++i) r[i] = static_cast<float>(a[i] + t * (static_cast<double>(b[i]) - a[i]));
  return r;
}

ClipVertex between(const ClipVertex& a, const ClipVertex& b, double t) {
  ClipVertex v;
  v.position = lerp(a.position, b.position, t);
  for (std::size_t i = 0; i < a.attributes.size(); ++i) v.attributes.push_back(lerp(a.attributes[i], b.attributes[i], t));
  return v;
}

}  // namespace

float guard_band(uint32_t width, uint32_t height) {
  const float side = static_cast<float>(std::max(width, height));
  return (16384.0f - side) / side;
}

std::vector<ClipTriangle> clip_triangle(const ClipTriangle& tri, float guard) {
  bool inside = true;
  for (const ClipVertex& v : tri)
    for (unsigned p = 0; p < 6; ++p) inside = inside && distance(v.position, p, guard) >= 0;
  if (inside) return {tri};
  // Sutherland-Hodgman, one plane at a time.
  std::vector<ClipVertex> poly(tri.begin(), tri.end()), next;
  for (unsigned p = 0; p < 6 && !poly.empty(); ++p) {
    next.clear();
    for (std::size_t i = 0; i < poly.size(); ++i) {
      const ClipVertex& a = poly[i];
      const ClipVertex& b = poly[(i + 1) % poly.size()];
      const double da = distance(a.position, p, guard), db = distance(b.position, p, guard);
      if (da >= 0) next.push_back(a);
      if ((da >= 0) != (db >= 0)) next.push_back(between(a, b, da / (da - db)));
    }
    poly.swap(next);
  }
  std::vector<ClipTriangle> out;
  for (std::size_t i = 1; i + 1 < poly.size(); ++i) out.push_back({poly[0], poly[i], poly[i + 1]});
  return out;
}

}  // namespace tmu::render
