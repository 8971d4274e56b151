// SPDX-License-Identifier: MIT
// Where NVIDIA's documentation stops, the texture unit makes a choice; each choice is a named field here, with
// the most likely hardware behaviour as default and a float-exact alternative (docs/texunit.md).
#pragma once

#include <cstdint>

namespace tmu::texunit {

enum class Rounding : uint8_t { Nearest, Truncate, Exact };  // Exact: keep the float, no fixed point

// Which cube face wins when two major axes have equal magnitude.
enum class CubeTie : uint8_t {
  PreferZ,  // z before y before x (llvmpipe)
  PreferX,  // x before y before z (softpipe)
};

// How the scale factor rho of the LOD is computed from the texel-space derivatives.
enum class Rho : uint8_t {
  Length,  // max(|d/dx|, |d/dy|) with Euclidean vector lengths (Vulkan's reference formula)
  MaxAbs,  // max over axes and directions of |d|, the cheap approximation (softpipe, llvmpipe rho_approx)
};

// Nearest-mipmap level selection from lambda.
enum class MipNearest : uint8_t {
  RoundHalfUp,   // floor(lambda + 0.5) (softpipe, D3D)
  RoundHalfDown, // ceil(lambda + 0.5) - 1 (OpenGL's preferred rule)
};

struct Policy {
  // Texel-space coordinates become fixed point with this many fractional bits before texel indices and filter
  // weights are taken: CUDA documents 8-bit fractional weights (1.0 exactly representable), D3D at least 16.8
  // fixed point; the gather tie-break reports (yuzu #10030, Ryujinx #4703) suggest round to nearest.
  uint8_t subtexel_bits = 8;
  Rounding subtexel_rounding = Rounding::Nearest;
  // LOD lambda in fixed point (TMML returns it with 8 fractional bits; sampler clamps are u4.8).
  uint8_t lod_bits = 8;
  Rounding lod_rounding = Rounding::Truncate;
  Rho rho = Rho::Length;
  CubeTie cube_tie = CubeTie::PreferZ;
  MipNearest mip_nearest = MipNearest::RoundHalfUp;

  // NVIDIA's most likely behaviour (the default above).
  static constexpr Policy nvidia() { return Policy{}; }
  // No fixed point anywhere: float weights and LOD, as softpipe, the CTS reference and SwiftShader's float path.
  static constexpr Policy float_exact() {
    Policy p;
    p.subtexel_rounding = Rounding::Exact;
    p.lod_rounding = Rounding::Exact;
    return p;
  }
  bool operator==(const Policy&) const = default;
};

}  // namespace tmu::texunit
