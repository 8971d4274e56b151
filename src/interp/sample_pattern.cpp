// SPDX-License-Identifier: MIT
#include "interp/sample_pattern.h"

#include <array>

namespace tmu::interp {
namespace {

// Direct3D 11 standard patterns (D3D11_STANDARD_MULTISAMPLE_PATTERN), in 1/16 pixel from the centre. Vulkan's
// standard locations are the same points written in [0, 1): e.g. 4 samples (0.375, 0.125) = (-2, -6)/16 + 0.5.
constexpr std::array<SampleOffset, 1> kPattern1{{{0, 0}}};
constexpr std::array<SampleOffset, 2> kPattern2{{{4, 4}, {-4, -4}}};
constexpr std::array<SampleOffset, 4> kPattern4{{{-2, -6}, {6, -2}, {-6, 2}, {2, 6}}};
constexpr std::array<SampleOffset, 8> kPattern8{
    {{1, -3}, {-1, 3}, {5, 1}, {-3, -5}, {-5, 5}, {-7, -1}, {3, 7}, {7, -7}}};

}  // namespace

std::optional<SampleCount> sample_count_from(unsigned n) {
  switch (n) {
    case 1: return SampleCount::X1;
    case 2: return SampleCount::X2;
    case 4: return SampleCount::X4;
    case 8: return SampleCount::X8;
    default: return std::nullopt;
  }
}

std::span<const SampleOffset> standard_sample_pattern(SampleCount n) {
  switch (n) {
    case SampleCount::X1: return kPattern1;
    case SampleCount::X2: return kPattern2;
    case SampleCount::X4: return kPattern4;
    case SampleCount::X8: return kPattern8;
  }
  return kPattern1;
}

SampleOffset centroid_offset(SampleCount n, SampleMask covered) {
  const SampleMask all = full_mask(n);
  covered &= all;
  if (n == SampleCount::X1 || covered == 0 || covered == all) return SampleOffset{};
  const auto pattern = standard_sample_pattern(n);
  for (unsigned s = 0; s < pattern.size(); ++s)
    if (covered & (1u << s)) return pattern[s];
  return SampleOffset{};
}

}  // namespace tmu::interp
