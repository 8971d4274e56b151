// SPDX-License-Identifier: MIT
// Multisample sample positions and coverage masks.
//
// Positions are in sixteenths of a pixel from the pixel centre, x right and y down: the hardware's 4-bit
// sub-pixel grid (seed 002: ".OFFSET ... allows interpolation at all 16*16 sub-pixel locations"). The patterns
// are the standard ones of Direct3D (D3D11_STANDARD_MULTISAMPLE_PATTERN) and Vulkan ("Multisampling", standard
// sample locations table), which NVIDIA's Vulkan drivers advertise through standardSampleLocations and Mesa's
// NVK programs. Sample s of the list is bit s of a coverage mask.
#pragma once

#include <cstdint>
#include <optional>
#include <span>

namespace tmu::interp {

enum class SampleCount : uint8_t { X1 = 1, X2 = 2, X4 = 4, X8 = 8 };

// Bit s = sample s.
using SampleMask = uint16_t;

struct SampleOffset {
  int8_t dx = 0;  // sixteenths of a pixel, -8..7
  int8_t dy = 0;
  friend constexpr bool operator==(SampleOffset, SampleOffset) = default;
};

constexpr unsigned sample_count(SampleCount n) { return static_cast<unsigned>(n); }
constexpr SampleMask full_mask(SampleCount n) { return static_cast<SampleMask>((1u << sample_count(n)) - 1); }

// 1, 2, 4 or 8; nullopt for anything else.
std::optional<SampleCount> sample_count_from(unsigned n);

// The standard pattern for n samples, sample 0 first.
std::span<const SampleOffset> standard_sample_pattern(SampleCount n);

// The centroid location (seed 002, .CENTROID): "If multisampling is not on, or if all or none of the samples are
// covered, then centroid is center. Else first covered sample in sample list." (The seed's headline, "closest
// covered sample to center", is not what its rule says; the rule is implemented.)
SampleOffset centroid_offset(SampleCount n, SampleMask covered);

}  // namespace tmu::interp
