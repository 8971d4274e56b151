// SPDX-License-Identifier: MIT
// Where NVIDIA's documentation stops, the texture unit makes a choice; each choice is a named field here, with
// the most likely hardware behaviour as default and a float-exact alternative (docs/texunit.md).
#pragma once

#include <cstdint>

namespace tmu::texunit {

// Exact: keep the float, no fixed point. Nearest rounds ties to even, NearestUp ties towards +infinity.
enum class Rounding : uint8_t { Nearest, Truncate, Exact, NearestUp };

// Which cube face wins when two major axes have equal magnitude.
enum class CubeTie : uint8_t {
  PreferZ,  // z before y before x (llvmpipe)
  PreferX,  // x before y before z (softpipe)
};

// How the scale factor rho of the LOD is computed from the texel-space derivatives.
enum class Rho : uint8_t {
  Length,  // max(|d/dx|, |d/dy|) with Euclidean vector lengths (Vulkan's reference formula)
  MaxAbs,  // max over axes and directions of |d|, the cheap approximation (softpipe, llvmpipe rho_approx)
  // NVIDIA's "4 vectors" (envytools: LOD_ISO_QUALITY "use 4 vectors for iso lod calculation"): the largest of
  // L(d/dx), L(d/dy), 11/16 L(d/dx + d/dy) and 11/16 L(d/dx - d/dy), with the vector length approximated as
  // L(v) = max + 350/1024 mid + 250/1024 min of the components' magnitudes. Fitted to an H200 (tests/hw): 82% of
  // 2D footprints exactly, 95% within 1/256 (docs/texunit.md, "Measured on a GPU").
  FourVectors,
};

// log2 of rho for the LOD.
enum class Log2 : uint8_t {
  Table,  // 8 fractional bits from a 256-entry table indexed by rho's top 8 mantissa bits (measured on an H200)
  Exact,  // log2 in double, then the policy's lod_bits and lod_rounding
};

// sRGB-to-linear decode of 8-bit codes.
enum class SrgbDecode : uint8_t {
  Table,  // the GPU's table (measured on an H200: outputs with 8 significant bits, within 1.3 ulp of them)
  Exact,  // the sRGB curve, correctly rounded to fp32
};

// How cube-map LOD turns a direction gradient into a face-space one.
enum class CubeLod : uint8_t {
  // The face coordinates of the end point (P + gradient) minus those of P, the end point projected onto its own
  // face and unfolded across the edge into P's face (one face width on, the far edge of the neighbour is 2
  // beyond P's edge in [-1, 1] units). Measured (tests/hw, an H100): a gradient along the face at its centre
  // gives lambda log2(g size / 2) up to one face width, then log2((2 - 1 / g) size / 2); a gradient along the
  // major axis off the centre gives the finite difference, not the derivative.
  Unfolded,
  // The derivative of the face coordinates (quotient rule on sc / |ma| and tc / |ma|): GL's formula, Mesa's.
  Derivative,
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
  // Measured (tests/hw): ties round up (x.5/256 gives the upper weight), and the texel of a NEAREST lookup is
  // the floor of the coordinate itself, not of its rounded value.
  uint8_t subtexel_bits = 8;
  Rounding subtexel_rounding = Rounding::NearestUp;
  // Normalized coordinates in fixed point with this many fractional bits, truncated, before they are scaled to
  // texels (measured: a 65536-texel axis keeps 6 fractional bits, 4096 texels 10; 0 keeps the float).
  uint8_t coord_bits = 22;
  // LOD lambda in fixed point (TMML returns it with 8 fractional bits; sampler clamps are u4.8).
  uint8_t lod_bits = 8;
  Rounding lod_rounding = Rounding::Truncate;
  Log2 lod_log2 = Log2::Table;
  Rho rho = Rho::FourVectors;
  SrgbDecode srgb = SrgbDecode::Table;
  CubeTie cube_tie = CubeTie::PreferZ;
  CubeLod cube_lod = CubeLod::Unfolded;
  MipNearest mip_nearest = MipNearest::RoundHalfUp;
  // UNORM8 and UNORM16 components filter in 16-bit fixed point (measured, tests/hw filter-unorm8/16/2d/mip):
  // texels as 16-bit values (8-bit codes times 257), 8-bit weights, the weighted sum of the taps rounded once,
  // half up, to 16 bits; levels blend the same way with lambda's 8-bit fraction. FLOAT16, FLOAT32 and sRGB
  // components filter as an aligned sum rounded once (filter.cpp). Off: fp32 lerps.
  bool unorm_fixed_point = true;
  // Border colours are converted to the texture's format (measured, tests/hw border-value, border-conversion):
  // UNORM/SNORM n-bit components truncate the clamped value to n + 4 fractional bits (n - 1 + 4 for SNORM's
  // magnitude), then round to a code, half down; FLOAT16 truncates towards zero and saturates at 65504. Off:
  // the sampler's fp32 border as it is.
  bool border_conversion = true;

  // NVIDIA's most likely behaviour (the default above): what Hopper GPUs (an H200, an H100: tests/hw) do, assumed
  // unchanged since Maxwell where NVIDIA documents the arithmetic (docs/texunit.md, "Measured on a GPU").
  static constexpr Policy nvidia() { return Policy{}; }
  // No fixed point anywhere: float coordinates, weights and LOD, Euclidean lengths, exact log2 and sRGB, as
  // softpipe, the CTS reference and SwiftShader's float path.
  static constexpr Policy float_exact() {
    Policy p;
    p.subtexel_rounding = Rounding::Exact;
    p.coord_bits = 0;
    p.lod_rounding = Rounding::Exact;
    p.lod_log2 = Log2::Exact;
    p.rho = Rho::Length;
    p.srgb = SrgbDecode::Exact;
    p.cube_lod = CubeLod::Derivative;
    p.unorm_fixed_point = false;
    p.border_conversion = false;
    return p;
  }
  bool operator==(const Policy&) const = default;
};

}  // namespace tmu::texunit
