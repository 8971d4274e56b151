// SPDX-License-Identifier: MIT
// The LOD stage: derivatives to lambda (with the sampler's and the instruction's bias and clamps), and lambda to
// mip levels. Lambda is kept as a double that, with the default policy, is a multiple of 1/256 (8 fractional
// bits, as TMML returns it and as the u4.8 clamps hold it).
#pragma once

#include <array>
#include <cstdint>
#include <limits>

#include "texunit/descriptors.h"
#include "texunit/policy.h"

namespace tmu::texunit {

// Texel-space derivatives (texture coordinate derivatives times the view's base-level size) of up to three
// coordinates, along screen x and y.
struct Gradients {
  std::array<double, 3> dx{};
  std::array<double, 3> dy{};
  unsigned dims = 2;
};

double rho(const Gradients& g, Rho formula);
// The length of one gradient as `formula` measures vectors (Euclidean, largest component, NVIDIA's
// approximation), for the anisotropic footprint's axes.
double footprint_length(const std::array<double, 3>& v, unsigned dims, Rho formula);
// log2 with NVIDIA's table (Log2::Table): 8 fractional bits from rho's top 8 mantissa bits.
double table_log2(double rho);

// log2(rho) rounded to the policy's LOD precision; -infinity for rho == 0 (magnification without limit).
double lambda_from_rho(double rho, const Policy& p);
double quantize_lod(double lambda, const Policy& p);

// Anisotropic filtering's footprint (MIN_FILTER ANISO, maximum ratio above 1), measured on an H100 (sm_90; tests/hw
// aniso, aniso-lod, and the gpu-tex recording's 2d-rgba8-grad-aniso, docs/texunit.md "Measured on a GPU"). The
// major axis is the longer gradient as Policy::rho measures vectors (M); the minor axis is not the other gradient
// but the footprint's area over the major axis, |d/dx x d/dy| / M. lambda is the larger of log2(area) - log2(M)
// and log2(M) - log2(maximum ratio), each log2 from the policy's table: an H100 raises the LOD when the ratio is
// clamped, and a footprint sheared off the axes keeps the LOD of its area, not of its shorter gradient.
struct AnisoFootprint {
  double lambda = 0;             // before bias and clamps; -infinity for a zero footprint
  double major = 0;              // M, base-level texels
  std::array<double, 3> axis{};  // the major gradient scaled to Euclidean length 1 (texel space)
};
AnisoFootprint anisotropic_footprint(const Gradients& g, unsigned max_ratio, Rho formula, const Policy& p);

// The taps along the major axis once lambda is final (after bias and clamps), measured on an H100 (gpu-tex seed
// 5151; docs/texunit.md): the major axis in units of 2^lambda texels (2^0 when magnifying) is
// L = M / 2^max(lambda, 0). L <= 1: one tap (exact on every such lookup). 1 < L <= 2 (or a maximum ratio of 2):
// two equal taps 2 - 2 / L units apart, one unit when the ratio is clamped (within 1/256 of the GPU on 80% of
// such lookups, exact on a quarter: the hardware's arithmetic for the stride is not known). More: the box of
// length min(L, maximum ratio) centred on the lookup, covered by an even number of taps one unit apart
// (ceil(L) rounded up to even, at most the maximum ratio), each weighted by the length of the box its unit
// covers: 1 inside, (box - (N - 2)) / 2 for the two at the ends; a clamped ratio is N equal taps. Taps sit
// (k - (N - 1) / 2) * stride units from the lookup, k = 0..N-1. The box's end weights bring most of these
// lookups within 1/256 of the GPU but few bit-exact: the GPU's weight arithmetic is not known either.
struct AnisoTaps {
  unsigned count = 1;
  double stride = 0;
  double end_weight = 1;  // the first and the last tap's weight, the others' being 1
};
AnisoTaps anisotropic_taps(double major, double lambda, unsigned max_ratio);

// Fixed-point helpers for the descriptors' u4.8 and s5.8 fields.
constexpr double u4_8(uint32_t v) { return static_cast<double>(v & 0xfff) / 256.0; }
constexpr double s5_8(int32_t v) { return static_cast<double>(v) / 256.0; }

// Everything that clamps or biases lambda.
struct LodControls {
  double bias = 0;                                            // instruction bias (.LB) plus sampler MIP_LOD_BIAS
  double min = 0;                                             // sampler MIN_LOD_CLAMP
  double max = 15.99609375;                                   // sampler MAX_LOD_CLAMP
  double view_min = 0;                                        // header MIN_LOD_CLAMP and the .LC operand
};

// The descriptors' part of the controls: the sampler's MIP_LOD_BIAS and LOD clamps, the header's MIN_LOD_CLAMP
// (the instruction adds its bias and .LC operand).
inline LodControls lod_controls(const Sampler& s, const TextureHeader& h) {
  LodControls c;
  c.bias = s5_8(s.mip_lod_bias);
  c.min = u4_8(s.min_lod_clamp);
  c.max = u4_8(s.max_lod_clamp);
  c.view_min = u4_8(h.min_lod_clamp);
  return c;
}

// Lambda after bias and clamps (seed 000 .lod modes; texture-unit-facts 2.2): bias is added, then the result is
// clamped to [max(min, view_min), max].
double biased_lod(double lambda, const LodControls& c);

// Which levels a sample reads and how they blend. Levels are resource mip levels.
struct LevelChoice {
  unsigned level0 = 0;
  unsigned level1 = 0;
  float weight1 = 0;   // weight of level1 (linear mip filtering)
  bool magnify = false;
};

// lambda (already biased and clamped) to levels for the sampler's mip filter, within the header's view
// [view_min_level, view_max_level].
LevelChoice choose_levels(double lambda, MipFilter mip, unsigned view_min_level, unsigned view_max_level,
                          const Policy& p);

}  // namespace tmu::texunit
