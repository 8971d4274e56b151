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

std::array<double, 2> cube_difference(const CubeCoord& c, double x, double y, double z, double dx, double dy, double dz) {
  if (c.ma == 0) return {0, 0};
  const double q[3] = {x + dx, y + dy, z + dz};
  const FaceRule& r = kRules[c.face];
  const int axis = static_cast<int>(c.face / 2);
  // The end point in c's frame: along c's major direction, and its minor components as sc and tc.
  const double qa = (c.face % 2 ? -1 : 1) * q[axis];
  const double qs = r.sc_sign * q[r.sc_axis], qt = r.tc_sign * q[r.tc_axis];
  double s1, t1;  // in [-1, 1] units, unfolded
  const double as = std::fabs(qs), at = std::fabs(qt);
  if (qa >= as && qa >= at && qa > 0) {
    s1 = qs / qa;  // on c's face
    t1 = qt / qa;
  } else if (as >= at) {
    // Across the edge s = +-1: the neighbour face's major axis is c's s axis; on it the coordinate away from the
    // edge runs from 1 at the edge (qa = |qs|) to -1 at its far edge, continuing s past +-1.
    s1 = std::copysign(2 - qa / as, qs);
    t1 = qt / as;
  } else {
    s1 = qs / at;
    t1 = std::copysign(2 - qa / at, qt);
  }
  return {(s1 - c.sc / c.ma) / 2, (t1 - c.tc / c.ma) / 2};
}

}  // namespace tmu::texunit
