// SPDX-License-Identifier: MIT
// The address stage: texel-space coordinates to texel indices and filter weights, and the sampler's address
// modes (TSC ADDRESS_U/V/P). Pure functions over one axis.
#pragma once

#include <cstdint>

#include "texunit/descriptors.h"
#include "texunit/policy.h"

namespace tmu::texunit {

inline constexpr int32_t kBorderTexel = INT32_MIN;  // the address falls outside: use the border colour

// The texel index an address mode gives integer index i on an axis of n texels, or kBorderTexel.
int32_t wrap(AddressMode mode, int32_t i, int32_t n);

// Coordinate adjustments that happen before texel indices are taken: CLAMP_TO_EDGE clamps the texel-space
// coordinate to [0.5, n - 0.5], so that linear filtering at an edge splits its weights with fraction 0 rather than
// giving both texels of the footprint the edge texel (the same value exactly, but not the same 8-bit split: tests/hw
// tri-blend-4x4, whose two-level lookups near the edges of 4x4, 2x2 and 1x1 levels are exact only so); the OpenGL
// clamp modes clamp it to [0, n] (so linear filtering at the edge blends with the border); the mirror-once modes
// use |x|.
double prepare_coordinate(AddressMode mode, double x, int32_t n);

// One axis of a filter footprint: texels i0 and i0 + 1 (before wrapping) and the weight of i0 + 1.
struct AxisTaps {
  int32_t i0 = 0;
  float w1 = 0;  // in [0, 1]; with 8 sub-texel bits a multiple of 1/256
};

// A normalized coordinate as the unit holds it before scaling it to texels: fixed point with the policy's
// coord_bits fractional bits, truncated towards -infinity (unchanged with coord_bits 0, or when not finite).
double normalized_coordinate(double u, const Policy& p);
// Texel-space coordinate x (texture coordinate times size) to the texel point sampling reads: floor(x).
int32_t nearest_texel(double x, const Policy& p);
// ... and to the two texels linear filtering reads: x - 0.5 in fixed point, floor and fraction.
AxisTaps linear_taps(double x, const Policy& p);
// x on the sub-texel grid linear_taps takes its weights from (policy's bits and rounding; unchanged when exact or
// not finite): where anisotropic filtering's taps step from.
double subtexel_position(double x, const Policy& p);

}  // namespace tmu::texunit
