// SPDX-License-Identifier: MIT
// fp32 bit rules IPA applies to its operands and result (seed 002): sign-preserving denormal flush, and the
// .SAT clamp that maps NaN to +0.0.
#pragma once

#include <bit>
#include <cstdint>

namespace tmu::interp {

constexpr uint32_t bits_of(float f) { return std::bit_cast<uint32_t>(f); }
constexpr float float_of(uint32_t b) { return std::bit_cast<float>(b); }

constexpr bool is_denormal_bits(uint32_t b) { return (b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0; }
constexpr bool is_nan_bits(uint32_t b) { return (b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu) != 0; }

// "Flush ... denorm to sign preserving 0.0": a denormal becomes +0.0 or -0.0 with its sign; anything else is kept
// bit for bit (NaN payloads included).
constexpr uint32_t flush_denormal(uint32_t b) { return is_denormal_bits(b) ? (b & 0x80000000u) : b; }
constexpr float flush_denormal(float f) { return float_of(flush_denormal(bits_of(f))); }

// IPA's .SAT (seed 002): "The saturation step will always interpret the IPA result as an fp32 value, and apply a
// denormal flush before saturation", and saturates "to (+0.0, 1.0)", mapping NaN to +0.0. Both zeros and every
// negative value give +0.0 (the lower bound is written +0.0); values above 1.0, +inf included, give 1.0.
constexpr uint32_t saturate_bits(uint32_t b) {
  b = flush_denormal(b);
  if (is_nan_bits(b)) return 0;
  const float f = float_of(b);
  if (!(f > 0.0f)) return 0;  // -0.0, +0.0 and negatives
  if (f > 1.0f) return bits_of(1.0f);
  return b;
}

}  // namespace tmu::interp
