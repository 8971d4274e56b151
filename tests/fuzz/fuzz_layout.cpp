// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary texture headers. A layout is built or refused with a message; with a layout, every
// texel inside the texture maps to a block that lies inside [base, base + size_bytes) (pitch layouts: when the
// pitch holds a row), and level offsets grow.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "texunit/surface_layout.h"

using namespace tmu::texunit;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Bytes 0-31: the header words; 32: GOB layout; 33-48: four 32-bit coordinates (x, y, z, layer) and a level.
  if (size < 50) return 0;
  std::array<uint32_t, 8> words{};
  std::memcpy(words.data(), data, 32);
  const auto header = decode_header(words);
  if (!header) return 0;
  const auto layout = SurfaceLayout::make(*header, (data[32] & 1) ? GobLayout::Desktop : GobLayout::Tegra);
  if (!layout) {
    if (layout.error().empty()) std::abort();
    return 0;
  }
  const SurfaceLayout& s = *layout;
  for (unsigned l = 1; l < s.levels(); ++l)
    if (s.level(l).offset != s.level(l - 1).offset + s.level(l - 1).size) std::abort();
  if (s.layers() == 0) return 0;
  std::array<uint32_t, 4> c{};
  std::memcpy(c.data(), data + 33, 16);
  const unsigned level = data[49] % s.levels();
  const LevelLayout& lv = s.level(level);
  const TexelCoord t{c[0] % lv.width, c[1] % lv.height, c[2] % lv.depth, c[3] % s.layers(), level};
  if (!s.contains(t)) std::abort();
  const TexelRef r = s.locate(t);
  if (r.texel_in_block >= s.block_width() * s.block_height()) std::abort();
  const bool pitch_fits = s.memory_layout() != MemoryLayout::Pitch ||
                          lv.pitch >= uint64_t{lv.blocks_x} * s.block_bytes();
  if (pitch_fits && (r.address < s.base() || r.address + s.block_bytes() > s.base() + s.size_bytes())) std::abort();
  return 0;
}
