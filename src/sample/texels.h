// SPDX-License-Identifier: MIT
// Texel sources of `tmu sample` specs: procedural generators, PNG files and raw files, written into a texture of
// a TextureSet through its real layout (block linear or pitch), one level of one layer at a time.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <vector>

#include "common/level_palette.h"
#include "common/result.h"
#include "sample/spec.h"
#include "texunit/texture_set.h"

namespace tmu::sample {

// Fills every level and layer of `texture` (added to `set` from spec.header). Files are found relative to
// base_dir. Errors name the spec key ("texture.texels.file: ...").
Result<uint64_t> fill_texels(texunit::TextureSet& set, uint32_t texture, const TextureSpec& spec,
                             const std::filesystem::path& base_dir);

// Sparse residency (a spec's nonresident_pages): the texture's memory becomes a sparse reservation (its texels
// kept) with the listed 64 KiB pages unbound, so that reads there fault as NonResident (gpu_memory.h). Returns
// the number of pages unbound.
Result<uint64_t> unbind_pages(texunit::TextureSet& set, uint32_t texture, const std::vector<uint64_t>& pages);

// splitmix64 (Steele, Lea, Flood 2014): the noise generator's stream.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

 private:
  uint64_t state_;
};

// The colour of mip level `level` of the "levels" source when the spec gives none: common/level_palette.h.
using tmu::level_palette;

}  // namespace tmu::sample
