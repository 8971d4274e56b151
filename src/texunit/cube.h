// SPDX-License-Identifier: MIT
// Cube maps: the face a direction selects, and its 2D coordinates on that face (OpenGL's table of major axes,
// shared by D3D and Vulkan). Faces in layer order: +X, -X, +Y, -Y, +Z, -Z.
#pragma once

#include <array>
#include <cstdint>

#include "texunit/policy.h"

namespace tmu::texunit {

struct CubeCoord {
  unsigned face = 0;
  double s = 0, t = 0;   // in [0, 1] on the face
  double ma = 0;         // |major axis|
  double sc = 0, tc = 0; // the minor axes before division (for derivatives)
};

CubeCoord cube_face(double x, double y, double z, CubeTie tie);

// The face-space derivatives (ds, dt) of a direction derivative (dx, dy, dz) at `c` (quotient rule on
// sc/|ma| and tc/|ma|, halved like s and t).
std::array<double, 2> cube_derivative(const CubeCoord& c, double x, double y, double z, double dx, double dy, double dz);

// The face-space difference (ds, dt) from `c` (the face coordinates of direction (x, y, z)) to the direction
// (x + dx, y + dy, z + dz), that one projected onto its own face and unfolded into c's face: across c's edge
// s = 1 the neighbour's coordinate away from the edge continues s, the one along the edge is t (Policy::
// CubeLod::Unfolded). In s, t units ([0, 1] across a face).
std::array<double, 2> cube_difference(const CubeCoord& c, double x, double y, double z, double dx, double dy, double dz);

}  // namespace tmu::texunit
