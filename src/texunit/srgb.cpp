// SPDX-License-Identifier: MIT
#include "texunit/srgb.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <optional>

namespace tmu::texunit {
namespace {

// What an NVIDIA texture unit returns for each 8-bit sRGB code, as fp32 bits: read off an H200 through CUDA
// sRGB texture objects (tests/hw, category srgb-table; the same on two machines). The values have at most 8
// significant bits; they lie within 1.3 units of that precision of the curve (codes 1-12, the linear segment,
// are 20/65536 per code).
constexpr uint32_t kNvidiaSrgb[256] = {
    0x00000000, 0x39a00000, 0x3a200000, 0x3a700000, 0x3aa00000, 0x3ac80000, 0x3af00000, 0x3b0c0000,
    0x3b200000, 0x3b340000, 0x3b480000, 0x3b5c0000, 0x3b700000, 0x3b840000, 0x3b900000, 0x3b9c0000,
    0x3baa0000, 0x3bb80000, 0x3bc60000, 0x3bd60000, 0x3be60000, 0x3bf60000, 0x3c030000, 0x3c0c0000,
    0x3c160000, 0x3c1f0000, 0x3c290000, 0x3c340000, 0x3c3e0000, 0x3c490000, 0x3c550000, 0x3c600000,
    0x3c6c0000, 0x3c7a0000, 0x3c830000, 0x3c8a0000, 0x3c910000, 0x3c980000, 0x3c9f0000, 0x3ca60000,
    0x3cae0000, 0x3cb60000, 0x3cbe0000, 0x3cc60000, 0x3cce0000, 0x3cd70000, 0x3ce00000, 0x3ce90000,
    0x3cf20000, 0x3cfc0000, 0x3d030000, 0x3d080000, 0x3d0d0000, 0x3d120000, 0x3d170000, 0x3d1c0000,
    0x3d220000, 0x3d280000, 0x3d2d0000, 0x3d330000, 0x3d390000, 0x3d3f0000, 0x3d450000, 0x3d4c0000,
    0x3d520000, 0x3d580000, 0x3d600000, 0x3d660000, 0x3d6c0000, 0x3d740000, 0x3d7a0000, 0x3d810000,
    0x3d850000, 0x3d880000, 0x3d8c0000, 0x3d900000, 0x3d940000, 0x3d980000, 0x3d9c0000, 0x3da00000,
    0x3da40000, 0x3da90000, 0x3dad0000, 0x3db10000, 0x3db60000, 0x3dba0000, 0x3dbf0000, 0x3dc30000,
    0x3dc80000, 0x3dcd0000, 0x3dd10000, 0x3dd60000, 0x3ddb0000, 0x3de00000, 0x3de50000, 0x3dea0000,
    0x3df00000, 0x3df40000, 0x3dfa0000, 0x3e000000, 0x3e020000, 0x3e050000, 0x3e080000, 0x3e0b0000,
    0x3e0e0000, 0x3e110000, 0x3e140000, 0x3e170000, 0x3e1a0000, 0x3e1d0000, 0x3e200000, 0x3e230000,
    0x3e260000, 0x3e290000, 0x3e2c0000, 0x3e300000, 0x3e330000, 0x3e360000, 0x3e3a0000, 0x3e3d0000,
    0x3e400000, 0x3e440000, 0x3e470000, 0x3e4b0000, 0x3e4e0000, 0x3e520000, 0x3e560000, 0x3e590000,
    0x3e5d0000, 0x3e610000, 0x3e650000, 0x3e680000, 0x3e6c0000, 0x3e700000, 0x3e740000, 0x3e780000,
    0x3e7c0000, 0x3e800000, 0x3e820000, 0x3e840000, 0x3e860000, 0x3e880000, 0x3e8a0000, 0x3e8d0000,
    0x3e8f0000, 0x3e910000, 0x3e930000, 0x3e950000, 0x3e980000, 0x3e9a0000, 0x3e9c0000, 0x3e9e0000,
    0x3ea10000, 0x3ea30000, 0x3ea50000, 0x3ea80000, 0x3eaa0000, 0x3ead0000, 0x3eaf0000, 0x3eb20000,
    0x3eb40000, 0x3eb60000, 0x3eb90000, 0x3ebc0000, 0x3ebe0000, 0x3ec10000, 0x3ec30000, 0x3ec60000,
    0x3ec80000, 0x3ecb0000, 0x3ece0000, 0x3ed10000, 0x3ed30000, 0x3ed60000, 0x3ed90000, 0x3edb0000,
    0x3ede0000, 0x3ee10000, 0x3ee40000, 0x3ee70000, 0x3eea0000, 0x3eed0000, 0x3ef00000, 0x3ef20000,
    0x3ef60000, 0x3ef80000, 0x3efc0000, 0x3efe0000, 0x3f010000, 0x3f020000, 0x3f040000, 0x3f050000,
    0x3f070000, 0x3f090000, 0x3f0a0000, 0x3f0c0000, 0x3f0d0000, 0x3f0f0000, 0x3f110000, 0x3f120000,
    0x3f140000, 0x3f160000, 0x3f170000, 0x3f190000, 0x3f1b0000, 0x3f1c0000, 0x3f1e0000, 0x3f200000,
    0x3f210000, 0x3f230000, 0x3f250000, 0x3f270000, 0x3f290000, 0x3f2a0000, 0x3f2c0000, 0x3f2e0000,
    0x3f300000, 0x3f320000, 0x3f330000, 0x3f350000, 0x3f370000, 0x3f390000, 0x3f3b0000, 0x3f3d0000,
    0x3f3f0000, 0x3f410000, 0x3f430000, 0x3f450000, 0x3f470000, 0x3f490000, 0x3f4b0000, 0x3f4d0000,
    0x3f4f0000, 0x3f510000, 0x3f530000, 0x3f550000, 0x3f570000, 0x3f590000, 0x3f5b0000, 0x3f5d0000,
    0x3f5f0000, 0x3f610000, 0x3f630000, 0x3f650000, 0x3f680000, 0x3f6a0000, 0x3f6c0000, 0x3f6e0000,
    0x3f700000, 0x3f720000, 0x3f740000, 0x3f760000, 0x3f7a0000, 0x3f7c0000, 0x3f7e0000, 0x3f800000,
};

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
  return std::bit_cast<float>(kNvidiaSrgb[code]);
}

float srgb8_to_linear_exact(uint8_t code) {
  static const std::array<float, 256> table = make_table();
  return table[code];
}

namespace {

// The code whose hardware decode is `decoded`: kNvidiaSrgb is strictly increasing, so a decoded value names it.
std::optional<uint8_t> code_of_decoded(float decoded) {
  const uint32_t bits = std::bit_cast<uint32_t>(decoded);
  const auto* end = kNvidiaSrgb + 256;
  const auto* it = std::lower_bound(kNvidiaSrgb, end, bits);
  if (it == end || *it != bits || decoded < 0) return std::nullopt;
  return static_cast<uint8_t>(it - kNvidiaSrgb);
}

}  // namespace

float srgb_exact_from_decoded(float decoded) {
  const auto code = code_of_decoded(decoded);
  return code ? srgb8_to_linear_exact(*code) : decoded;
}

int srgb_filter_exponent(float decoded) {
  const auto code = code_of_decoded(decoded);
  return std::ilogb(code ? srgb8_to_linear(static_cast<uint8_t>(*code | 7)) : decoded);
}

uint8_t linear_to_srgb8(float linear) {
  if (!(linear > 0.0f)) return 0;
  if (linear >= 1.0f) return 255;
  const double v = linear;
  const double s = v <= 0.0031308 ? 12.92 * v : 1.055 * std::pow(v, 1.0 / 2.4) - 0.055;
  return static_cast<uint8_t>(std::nearbyint(s * 255.0));  // default rounding mode: to nearest, ties to even
}

}  // namespace tmu::texunit
