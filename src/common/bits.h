// SPDX-License-Identifier: MIT
// Small bit-manipulation helpers shared by every layer.
#pragma once

#include <cstdint>

namespace tmu {

constexpr uint64_t low_mask(unsigned width) { return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1; }

constexpr uint64_t extract_bits(uint64_t word, unsigned lo, unsigned width) {
  return (word >> lo) & low_mask(width);
}

constexpr uint64_t insert_bits(uint64_t word, unsigned lo, unsigned width, uint64_t value) {
  const uint64_t m = low_mask(width) << lo;
  return (word & ~m) | ((value << lo) & m);
}

constexpr int64_t sign_extend(uint64_t value, unsigned width) {
  const uint64_t sign = uint64_t{1} << (width - 1);
  value &= low_mask(width);
  return static_cast<int64_t>((value ^ sign) - sign);
}

}  // namespace tmu
