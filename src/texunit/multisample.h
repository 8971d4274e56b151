// SPDX-License-Identifier: MIT
// Multisampled textures: the sample grid a texture header's MULTI_SAMPLE_COUNT gives each pixel, and where
// sample s lies in that grid. A multisampled texture is stored as an image of samples (surface_layout.h): pixel
// (x, y) owns the grid.x x grid.y texels at (x * grid.x .. + grid.x - 1, y * grid.y .. + grid.y - 1), and its
// sample s is the texel at (x * grid.x + sample_position(s).x, y * grid.y + sample_position(s).y).
// docs/texunit.md ("Multisampled textures") describes the model and its sources.
#pragma once

#include <cstdint>
#include <optional>

#include "texunit/descriptors.h"

namespace tmu::texunit {

struct SampleGrid {
  uint32_t x = 1, y = 1;  // samples per pixel across and down
  constexpr uint32_t count() const { return x * y; }
};

// MULTI_SAMPLE_COUNT -> the sample grid, from the mode names in clb097tex.h (MODE_1X1, 2X1, 2X2, 4X2, 4X2_D3D,
// 2X1_D3D, 4X4, -, 2X2_VC_4, 2X2_VC_12, 4X2_VC_8, 4X2_VC_24, 2X1_CENTER, 2X2_CENTER, 4X2_CENTER, 4X4_REGULAR).
// Code 7 is undefined (nullopt). The mode names give the grid; the stored image is that many samples per pixel
// (Mesa NVK nil/image.rs: level extents are multiplied by SampleLayout::px_extent_sa).
constexpr std::optional<SampleGrid> sample_grid_of_mode(unsigned mode) {
  constexpr int8_t kGridLog2[16][2] = {{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 1}, {1, 0}, {2, 2}, {-1, -1},
                                       {1, 1}, {1, 1}, {2, 1}, {2, 1}, {1, 0}, {1, 1}, {2, 1}, {2, 2}};
  const int8_t* g = kGridLog2[mode & 15];
  if (g[0] < 0) return std::nullopt;
  return SampleGrid{1u << g[0], 1u << g[1]};
}

// The plain grid mode for `samples` per pixel (1X1, 2X1, 2X2, 4X2, 4X4): the first mode with that many samples.
// nullopt for counts no mode has.
constexpr std::optional<uint8_t> plain_mode_for_samples(uint32_t samples) {
  for (uint8_t m = 0; m < 16; ++m)
    if (auto g = sample_grid_of_mode(m); g && g->count() == samples) return m;
  return std::nullopt;
}

// The grid a header's texels are stored in. 1D buffers ignore MULTI_SAMPLE_COUNT (a buffer is a run of texels),
// and the undefined mode reads as one sample: SurfaceLayout refuses such headers, so they never reach memory.
constexpr SampleGrid sample_grid(const TextureHeader& h) {
  if (h.version == HeaderVersion::Buffer1D) return {};
  return sample_grid_of_mode(h.multisample).value_or(SampleGrid{});
}

struct SamplePosition {
  uint32_t x = 0, y = 0;  // inside the pixel's sample grid
  friend constexpr bool operator==(const SamplePosition&, const SamplePosition&) = default;
};

// Where sample s (the TLD.MS sample index) lies in its pixel's grid. Samples 0..7 follow the table of sample-grid
// offsets nouveau's nvc0 driver uploads for its multisample surface accesses (x, y per sample index): (0,0),
// (1,0), (0,1), (1,1), (2,0), (3,0), (2,1), (3,1) -- bit 0 is x bit 0, bit 1 is y bit 0, bit 2 is x bit 1. The
// same order serves every grid up to 4x2 (2x1 uses samples 0, 1; 2x2 samples 0..3). Samples 8..15 of the 4x4 grid
// are a model, no source: bit 3 adds 2 to y, repeating the 4x2 order in the lower half of the grid.
constexpr SamplePosition sample_position(uint32_t s) {
  return SamplePosition{(s & 1u) | ((s >> 2) & 1u) << 1, ((s >> 1) & 1u) | ((s >> 3) & 1u) << 1};
}

}  // namespace tmu::texunit
