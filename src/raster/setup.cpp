// SPDX-License-Identifier: MIT
#include "raster/setup.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "interp/attribute_map.h"

namespace tmu::raster {

using interp::PixelImap;
namespace attr = interp::attr;

int32_t snap(double window_coordinate) {
  return static_cast<int32_t>(std::nearbyint(window_coordinate * kSubpixelOne));
}

interp::Plane fit_plane(const std::array<FixedPoint, 3>& p, const std::array<double, 3>& f) {
  constexpr double kUnit = kSubpixelOne;
  const double x0 = p[0].x / kUnit, y0 = p[0].y / kUnit;
  const double x1 = p[1].x / kUnit - x0, y1 = p[1].y / kUnit - y0;
  const double x2 = p[2].x / kUnit - x0, y2 = p[2].y / kUnit - y0;
  const double f1 = f[1] - f[0], f2 = f[2] - f[0];
  const double det = x1 * y2 - x2 * y1;
  const double a = (f1 * y2 - f2 * y1) / det;
  const double b = (f2 * x1 - f1 * x2) / det;
  const double c = f[0] - a * x0 - b * y0;
  return interp::Plane{static_cast<float>(a), static_cast<float>(b), static_cast<float>(c)};
}

namespace {

int32_t floor_div(int32_t v, int32_t d) { return v >= 0 ? v / d : -((-v + d - 1) / d); }

bool written_by_setup(uint32_t address) {
  constexpr std::array kSystem{attr::kPrimitiveId, attr::kLayer,     attr::kViewportIndex, attr::kPositionX,
                               attr::kPositionY,   attr::kPositionZ, attr::kPositionW,     attr::kFrontFace};
  return std::find(kSystem.begin(), kSystem.end(), address) != kSystem.end();
}

std::optional<Error> check_attributes(const Triangle& tri) {
  std::array<bool, interp::kAttributeSlots> used{};
  for (std::size_t i = 0; i < tri.attributes.size(); ++i) {
    const uint32_t a = tri.attributes[i].address;
    const auto where = [&] { return fmt::format("attribute {} (a[0x{:03x}])", i, a); };
    if (a >= interp::kAttributeSpaceBytes || (a & 3) != 0)
      return make_error(where() + ": the address must be 4-aligned and below 0x400");
    if (written_by_setup(a))
      return make_error(where() + fmt::format(": {} is written by triangle setup", interp::attribute_name(a)));
    if (used[a / 4]) return make_error(where() + ": address given twice");
    used[a / 4] = true;
  }
  return std::nullopt;
}

}  // namespace

Result<SetupTriangle> setup(const Triangle& tri, const RasterState& st) {
  if (st.width == 0 || st.height == 0 || st.width > kMaxTargetSize || st.height > kMaxTargetSize)
    return make_error(fmt::format("render target {}x{}: each side must be 1..{} pixels", st.width, st.height,
                                  kMaxTargetSize));
  if (auto e = check_attributes(tri)) return *e;

  SetupTriangle out;
  std::array<double, 3> inv_w{}, depth{};
  for (std::size_t i = 0; i < 3; ++i) {
    const ClipPosition& c = tri.position[i];
    if (!std::isfinite(c.x) || !std::isfinite(c.y) || !std::isfinite(c.z) || !std::isfinite(c.w))
      return make_error(fmt::format("vertex {}: clip position ({}, {}, {}, {}) is not finite", i, c.x, c.y, c.z, c.w));
    if (!(c.w > 0.0f))
      return make_error(fmt::format("vertex {}: w = {}; there is no clipping, every vertex needs w > 0", i, c.w));
    // Perspective divide and viewport in fp32, as a vertex pipeline would; the snap then rounds to 1/256.
    const float wx = (c.x / c.w) * st.viewport.scale_x + st.viewport.offset_x;
    const float wy = (c.y / c.w) * st.viewport.scale_y + st.viewport.offset_y;
    const float wz = (c.z / c.w) * st.viewport.scale_z + st.viewport.offset_z;
    constexpr auto kLimit = static_cast<float>(kMaxWindowCoordinate);
    if (!(std::fabs(wx) < kLimit) || !(std::fabs(wy) < kLimit))
      return make_error(fmt::format("vertex {}: window position ({}, {}) is outside the 16.8 fixed-point range "
                                    "(|x|, |y| < {})", i, wx, wy, kMaxWindowCoordinate));
    out.window[i] = FixedPoint{snap(wx), snap(wy)};
    inv_w[i] = 1.0 / static_cast<double>(c.w);
    depth[i] = wz;
  }

  const auto& v = out.window;
  const int64_t cross = int64_t{v[1].x - v[0].x} * (v[2].y - v[0].y) - int64_t{v[2].x - v[0].x} * (v[1].y - v[0].y);
  if (cross == 0) return out;  // zero area: nothing is covered, planes are undefined
  // cross > 0: clockwise on the screen (y down).
  out.front_face = (cross > 0) == (st.front == Winding::Clockwise);
  out.visible = !((st.cull == CullMode::Front && out.front_face) || (st.cull == CullMode::Back && !out.front_face));

  const std::array<std::size_t, 3> order = cross > 0 ? std::array<std::size_t, 3>{0, 1, 2}
                                                     : std::array<std::size_t, 3>{0, 2, 1};
  for (std::size_t e = 0; e < 3; ++e) {
    const FixedPoint a = v[order[e]], b = v[order[(e + 1) % 3]];
    Edge& edge = out.edges[e];
    edge.a = a;
    edge.dx = int64_t{b.x} - a.x;
    edge.dy = int64_t{b.y} - a.y;
    edge.top_left = (edge.dy == 0 && edge.dx > 0) || edge.dy < 0;
  }

  const auto [min_x, max_x] = std::minmax({v[0].x, v[1].x, v[2].x});
  const auto [min_y, max_y] = std::minmax({v[0].y, v[1].y, v[2].y});
  const auto w = static_cast<int32_t>(st.width), h = static_cast<int32_t>(st.height);
  out.min_x = std::clamp(floor_div(min_x, kSubpixelOne) - 1, 0, w);
  out.max_x = std::clamp(floor_div(max_x, kSubpixelOne) + 2, 0, w);
  out.min_y = std::clamp(floor_div(min_y, kSubpixelOne) - 1, 0, h);
  out.max_y = std::clamp(floor_div(max_y, kSubpixelOne) + 2, 0, h);

  interp::TriangleRam& tram = out.tram;
  tram.front_face = out.front_face;
  tram.set_constant_bits(attr::kPrimitiveId, tri.primitive_id);
  tram.set_constant_bits(attr::kLayer, 0);
  tram.set_constant_bits(attr::kViewportIndex, 0);
  tram.set(attr::kPositionX, interp::Plane{1.0f, 0.0f, 0.0f}, PixelImap::ScreenLinear);
  tram.set(attr::kPositionY, interp::Plane{0.0f, 1.0f, 0.0f}, PixelImap::ScreenLinear);
  tram.set(attr::kPositionZ, fit_plane(v, depth), PixelImap::ScreenLinear);
  tram.set(attr::kPositionW, fit_plane(v, inv_w), PixelImap::ScreenLinear);
  const std::size_t provoking = st.provoking == ProvokingVertex::First ? 0 : 2;
  for (const VertexAttribute& a : tri.attributes) {
    std::array<double, 3> f{};
    for (std::size_t i = 0; i < 3; ++i) f[i] = std::bit_cast<float>(a.bits[i]);
    switch (a.imap) {
      case PixelImap::Unused: break;
      case PixelImap::Constant: tram.set_constant_bits(a.address, a.bits[provoking]); break;
      case PixelImap::ScreenLinear: tram.set(a.address, fit_plane(v, f), a.imap); break;
      case PixelImap::Perspective:
        for (std::size_t i = 0; i < 3; ++i) f[i] *= inv_w[i];
        tram.set(a.address, fit_plane(v, f), a.imap);
        break;
    }
  }
  return out;
}

}  // namespace tmu::raster
