// SPDX-License-Identifier: MIT
// The fetch, filter and compare stages for one lane at one mip level: texel coordinates to a filtered
// (R, G, B, A) value, with address modes, border colour, seamless cube edges and depth compare (PCF: compare
// each texel, then filter).
#pragma once

#include <array>
#include <cstdint>

#include "texunit/access.h"
#include "texunit/descriptors.h"
#include "texunit/policy.h"

namespace tmu::texunit {

using Rgba = std::array<float, 4>;

// A fixed-point filter result before its rounding (Policy::unorm_fixed_point): per component the sum of the
// 16-bit texels times their 8-bit weights, which add up to the level's `total` (LevelSample), so 8 fractional
// bits; two levels' sums add up and round once.
struct FixedSums {
  std::array<uint64_t, 4> sum{};
  unsigned mask = 0;  // components that hold a sum
  // The float-filtered components' (float_filter_components) taps and their 8-bit weights, split from the
  // level's total: two levels' taps sum as one (blend_levels_float).
  unsigned float_mask = 0;
  unsigned taps = 0;
  // The SNORM8 components' (snorm8_components) sums of 8-bit codes times weights; two levels add them.
  unsigned snorm_mask = 0;
  std::array<int64_t, 4> snorm_sum{};
  std::array<Rgba, 8> tap{};
  std::array<uint64_t, 8> weight{};
};

struct LevelSample {
  const TextureAccess* access = nullptr;
  const FormatPlan* format = nullptr;
  const Sampler* sampler = nullptr;
  const TextureHeader* header = nullptr;
  const Policy* policy = nullptr;
  unsigned level = 0;
  unsigned layer = 0;            // array layer (cube maps: 6 * cube + face)
  unsigned dims = 2;             // 1, 2 or 3 sampled axes
  bool cube = false;             // seamless cube edges may apply
  std::array<double, 3> texel{}; // texel-space coordinates at this level (offsets already added)
  bool linear = false;
  bool compare = false;
  float dref = 0;
  bool border_zero = false;      // TLD: the border colour is zero (seed 001)
  bool footprint = false;        // a gather texel: part of a bilinear footprint, so seamless cube edges apply
  FixedSums* sums = nullptr;     // when set: the fixed-point components' unrounded sums (levels blend them)
  uint32_t total = 256;          // the level's share of the footprint in 1/256 (256 - f and f for two levels)
};

// Filtered R, G, B, A (floats; for integer formats the register bits of the nearest texel). `resident` is
// cleared when a texel read was in an unmapped sparse tile.
Rgba sample_level(const LevelSample& s, bool& resident);

// The sampler's border colour as R, G, B, A register bits for this texture (sRGB border bytes decoded when the
// header converts from sRGB, integer words for integer formats, R smeared over RGBA for depth textures).
std::array<uint32_t, 4> border_color(const TextureHeader& h, const FormatPlan& f, const Sampler& s, const Policy& p);

// Depth compare of reference `ref` against texel depth `d` with the sampler's function: 1 or 0.
float depth_compare(CompareFunc f, float ref, float d);

// Components (bit c: component c, before the swizzle) that filter in 16-bit fixed point
// (Policy::unorm_fixed_point): UNORM with 8 or 16 bits, not sRGB-decoded, not depth-compared.
unsigned fixed_point_components(const FormatPlan& f, const Policy& p, bool compare);
// Components that filter as the GPU filters FLOAT16, FLOAT32 and decoded sRGB (an aligned sum rounded once;
// filter.cpp), under the same policy switch.
unsigned float_filter_components(const FormatPlan& f, const Policy& p, bool compare);
// Two levels' results of such a component blended the same way (weight1: lambda's fraction, a multiple of 1/256).
float blend_levels_float(const FormatPlan& f, unsigned c, float r0, float r1, float weight1);
// Two levels' taps of such a component (FixedSums, each level's weights split from its total) as one sum.
float blend_levels_float(const FormatPlan& f, unsigned c, const FixedSums& level0, const FixedSums& level1);
// Components that are 8-bit SNORM: the GPU filters (and gathers) them as sums of codes times 8-bit weights,
// returned as 16-bit SNORM values (filter.cpp, snorm8_of_sum), under the same policy switch.
unsigned snorm8_components(const FormatPlan& f, const Policy& p, bool compare);
// Such a component from its sum T of codes times weights (weights adding up to 256 over the levels).
float snorm8_of_sum(int64_t t);
// Two levels' results of any other component: r0 + weight1 (r1 - r0) in fp32, NaN and infinities as linear
// filtering takes them (filter.cpp, nonfinite_filter: +Inf blended with a finite value stays +Inf).
float blend_levels_lerp(float r0, float r1, float weight1);
// A value of such a component as its 16-bit fixed-point integer (v * 65535: exact for decoded 8- and 16-bit
// codes and for fixed-point filter results; a border colour is clamped to [0, 1] first, NaN reads 0, as the GPU
// converts UNORM borders), and back.
inline uint32_t unorm16_of(float v) {
  const double c = v > 0.0f ? (v < 1.0f ? static_cast<double>(v) : 1.0) : 0.0;  // NaN -> 0
  return static_cast<uint32_t>(c * 65535.0 + 0.5);
}
inline float float_of_unorm16(uint32_t n) { return static_cast<float>(n) / 65535.0f; }

// Texel decoding gives sRGB components as the hardware's table has them; with Policy::srgb Exact they become
// the sRGB curve's values instead (components the plan decodes as sRGB).
Texel apply_srgb_policy(const FormatPlan& f, const Policy& p, Texel t);

}  // namespace tmu::texunit
