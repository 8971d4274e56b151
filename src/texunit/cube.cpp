// SPDX-License-Identifier: MIT
#include "texunit/cube.h"

#include <cmath>

namespace tmu::texunit {
namespace {

// For each face: which component is the major axis (0 x, 1 y, 2 z), and the signs/components giving sc and tc.
struct FaceRule {
  int sc_axis;
  double sc_sign;
  int tc_axis;
  double tc_sign;
};
constexpr FaceRule kRules[6] = {
    {2, -1, 1, -1},  // +X: sc = -z, tc = -y
    {2, +1, 1, -1},  // -X: sc = +z, tc = -y
    {0, +1, 2, +1},  // +Y: sc = +x, tc = +z
    {0, +1, 2, -1},  // -Y: sc = +x, tc = -z
    {0, +1, 1, -1},  // +Z: sc = +x, tc = -y
    {0, -1, 1, -1},  // -Z: sc = -x, tc = -y
};

}  // namespace

CubeCoord cube_face(double x, double y, double z, CubeTie tie) {
  const double v[3] = {x, y, z};
  const double a[3] = {std::fabs(x), std::fabs(y), std::fabs(z)};
  int axis;
  if (tie == CubeTie::PreferZ) axis = a[2] >= a[1] && a[2] >= a[0] ? 2 : a[1] >= a[0] ? 1 : 0;
  else axis = a[0] >= a[1] && a[0] >= a[2] ? 0 : a[1] >= a[2] ? 1 : 2;
  CubeCoord c;
  c.face = static_cast<unsigned>(axis * 2 + (std::signbit(v[axis]) ? 1 : 0));
  const FaceRule& r = kRules[c.face];
  c.ma = a[axis];
  c.sc = r.sc_sign * v[r.sc_axis];
  c.tc = r.tc_sign * v[r.tc_axis];
  if (c.ma == 0 || std::isnan(c.ma)) {
    c.s = c.t = 0.5;  // the zero vector (or NaN): the centre of the face
    return c;
  }
  c.s = (c.sc / c.ma + 1) / 2;
  c.t = (c.tc / c.ma + 1) / 2;
  return c;
}

std::array<double, 2> cube_derivative(const CubeCoord& c, double x, double y, double z, double dx, double dy, double dz) {
  if (c.ma == 0) return {0, 0};
  const double v[3] = {x, y, z}, d[3] = {dx, dy, dz};
  const FaceRule& r = kRules[c.face];
  const int axis = static_cast<int>(c.face / 2);
  const double major_sign = std::signbit(v[axis]) ? -1 : 1;
  const double dma = major_sign * d[axis];
  const double dsc = r.sc_sign * d[r.sc_axis], dtc = r.tc_sign * d[r.tc_axis];
  const double ma2 = c.ma * c.ma;
  return {(dsc * c.ma - c.sc * dma) / (2 * ma2), (dtc * c.ma - c.tc * dma) / (2 * ma2)};
}

}  // namespace tmu::texunit
