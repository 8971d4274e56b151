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
