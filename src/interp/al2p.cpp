// SPDX-License-Identifier: MIT
#include "interp/al2p.h"

#include <algorithm>

#include "interp/attribute_map.h"

namespace tmu::interp {

uint32_t al2p(uint32_t ra, int32_t offset) {
  return (ra + static_cast<uint32_t>(offset)) & (kAttributeSpaceBytes - 1);
}

bool al2p_warp(std::span<const uint32_t> ra, int32_t offset, uint32_t active_mask, std::span<uint32_t> out) {
  const std::size_t lanes = std::min<std::size_t>({ra.size(), out.size(), 32});
  bool uniform = true;
  bool seen = false;
  uint32_t first = 0;
  for (std::size_t l = 0; l < lanes; ++l) {
    if (!(active_mask & (1u << l))) continue;
    out[l] = al2p(ra[l], offset);
    if (seen && out[l] != first) uniform = false;
    first = seen ? first : out[l];
    seen = true;
  }
  return uniform;
}

}  // namespace tmu::interp
