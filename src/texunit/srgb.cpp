// SPDX-License-Identifier: MIT
#include "texunit/srgb.h"

#include <array>
#include <cmath>

namespace tmu::texunit {
namespace {

std::array<float, 256> make_table() {
  std::array<float, 256> table{};
  for (unsigned x = 0; x < 256; ++x) {
    const double c = x / 255.0;
    const double linear = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    table[x] = static_cast<float>(linear);
  }
  return table;
}

}  // namespace

float srgb8_to_linear(uint8_t code) {
  static const std::array<float, 256> table = make_table();
  return table[code];
}

uint8_t linear_to_srgb8(float linear) {
  if (!(linear > 0.0f)) return 0;
  if (linear >= 1.0f) return 255;
  const double v = linear;
  const double s = v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1.0 / 2.4) - 0.055;
  return static_cast<uint8_t>(std::nearbyint(s * 255.0));  // default rounding mode: to nearest, ties to even
}

}  // namespace tmu::texunit
