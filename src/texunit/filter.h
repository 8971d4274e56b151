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
};

// Filtered R, G, B, A (floats; for integer formats the register bits of the nearest texel). `resident` is
// cleared when a texel read was in an unmapped sparse tile.
Rgba sample_level(const LevelSample& s, bool& resident);

// The sampler's border colour as R, G, B, A register bits for this texture (sRGB border bytes decoded when the
// header converts from sRGB, integer words for integer formats, R smeared over RGBA for depth textures).
std::array<uint32_t, 4> border_color(const TextureHeader& h, const FormatPlan& f, const Sampler& s);

// Depth compare of reference `ref` against texel depth `d` with the sampler's function: 1 or 0.
float depth_compare(CompareFunc f, float ref, float d);

// Texel decoding gives sRGB components as the hardware's table has them; with Policy::srgb Exact they become
// the sRGB curve's values instead (components the plan decodes as sRGB).
Texel apply_srgb_policy(const FormatPlan& f, const Policy& p, Texel t);

}  // namespace tmu::texunit
