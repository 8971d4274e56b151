// SPDX-License-Identifier: MIT
// The colours that mark mip levels, one place for every tool that shows which level a lookup read: `tmu sample`'s
// "levels" texel source (a texture whose level n is one flat colour) and `tmu render --mip-view`.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <string>

namespace tmu {

// Level n: red, green, blue, yellow, magenta, cyan, white, black for n % 8, at full intensity for n % 16 < 8 and
// half intensity for the next eight; alpha 1.
inline std::array<double, 4> level_palette(unsigned level) {
  static constexpr std::array<std::array<double, 3>, 8> kBase{
      {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}, {0, 0, 0}}};
  const auto& b = kBase[level % 8];
  const double k = level % 16 < 8 ? 1.0 : 0.5;
  return {b[0] * k, b[1] * k, b[2] * k, 1.0};
}

// The same as 8-bit RGBA (0.5 rounds to 128).
inline std::array<uint8_t, 4> level_palette8(unsigned level) {
  const auto c = level_palette(level);
  std::array<uint8_t, 4> out{};
  for (unsigned i = 0; i < 4; ++i) out[i] = static_cast<uint8_t>(std::lround(c[i] * 255.0));
  return out;
}

// The colour's name: "red", ..., "half red", ...
inline std::string level_palette_name(unsigned level) {
  static constexpr const char* kNames[] = {"red", "green", "blue", "yellow", "magenta", "cyan", "white", "black"};
  return std::string(level % 16 < 8 ? "" : "half ") + kNames[level % 8];
}

}  // namespace tmu
