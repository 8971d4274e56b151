// SPDX-License-Identifier: MIT
#include "texunit/numeric.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>

#include "common/bits.h"

namespace tmu::texunit {
namespace {

__extension__ typedef unsigned __int128 u128;  // exact products of 40-bit numerators and 2^63

// Significant bits (hidden bit included) and the smallest normal exponent of the target precision.
struct Target {
  int significand;
  int min_exponent;
};
constexpr Target target(Precision p) {
  return p == Precision::Fp32 ? Target{24, -126} : Target{11, -14};
}

int bit_length(uint64_t v) {
  return 64 - std::countl_zero(v);
}

uint32_t mask32(unsigned bits) {
  return static_cast<uint32_t>(low_mask(bits));
}

// Round m * 2^-shift to an integer, ties to even.
uint64_t shift_round_even(uint64_t m, int shift) {
  if (shift <= 0) return m << -shift;
  if (shift >= 64) return 0;  // callers keep m below 2^63, so the value is below 1/2
  const uint64_t q = m >> shift;
  const uint64_t rem = m & low_mask(static_cast<unsigned>(shift));
  const uint64_t half = uint64_t{1} << (shift - 1);
  return (rem > half || (rem == half && (q & 1))) ? q + 1 : q;
}

// An fp32 value as significand * 2^exponent (significand < 2^24); zero, infinities and NaN excluded.
struct Split {
  uint64_t significand;
  int exponent;
};
Split split(uint32_t fp32_bits) {
  const uint32_t exp = (fp32_bits >> 23) & 0xff;
  const uint32_t man = fp32_bits & 0x7fffff;
  if (exp == 0) return {man, -149};
  return {man | 0x800000u, static_cast<int>(exp) - 150};
}

// The minifloats with a 5-bit exponent of bias 15: IEEE binary16 (sign, 10 mantissa bits) and the unsigned
// 11- and 10-bit floats (6 and 5 mantissa bits) of BF10GF11RF11.
uint32_t minifloat_to_fp32_bits(uint32_t v, bool has_sign, unsigned mantissa_bits) {
  const uint32_t sign = has_sign ? ((v >> (mantissa_bits + 5)) & 1u) << 31 : 0;
  const uint32_t exp = (v >> mantissa_bits) & 0x1f;
  uint32_t man = v & mask32(mantissa_bits);
  const unsigned align = 23 - mantissa_bits;
  if (exp == 0x1f) return sign | 0x7f800000u | (man << align);  // infinity, or NaN keeping its mantissa
  if (exp != 0) return sign | ((exp - 15 + 127) << 23) | (man << align);
  if (man == 0) return sign;
  // Denormal: man * 2^(-14 - mantissa_bits). Normalise the leading one to the hidden-bit position.
  uint32_t shift = 0;
  while ((man & (1u << mantissa_bits)) == 0) {
    man <<= 1;
    ++shift;
  }
  return sign | ((127 - 14 - shift) << 23) | ((man & mask32(mantissa_bits)) << align);
}

uint32_t fp32_bits_to_minifloat(uint32_t f, bool has_sign, unsigned mantissa_bits, bool saturate_finite) {
  const bool negative = (f >> 31) != 0;
  const uint32_t exp = (f >> 23) & 0xff;
  const uint32_t man = f & 0x7fffff;
  const uint32_t sign = has_sign && negative ? 1u << (mantissa_bits + 5) : 0;
  const uint32_t infinity = 0x1fu << mantissa_bits;
  if (exp == 0xff && man != 0) {  // NaN: keep the top mantissa bits, and stay a NaN if they are all zero
    uint32_t m = man >> (23 - mantissa_bits);
    if (m == 0) m = 1u << (mantissa_bits - 1);
    return sign | infinity | m;
  }
  if (negative && !has_sign) return 0;  // negative values, -0 and -inf (EXT_packed_float)
  if (exp == 0xff) return sign | infinity;
  if (exp == 0 && man == 0) return sign;
  const Split s = split(f);
  const int e = bit_length(s.significand) - 1 + s.exponent;    // floor(log2 |v|)
  int q = std::max(e, -14) - static_cast<int>(mantissa_bits);  // the exponent of the target's last place
  uint64_t m = shift_round_even(s.significand, q - s.exponent);
  const uint64_t hidden = uint64_t{1} << mantissa_bits;
  if (m == 2 * hidden) {  // rounding carried into the next binade
    m = hidden;
    ++q;
  }
  if (m < hidden) return sign | static_cast<uint32_t>(m);  // denormal (or zero)
  const int biased = q + static_cast<int>(mantissa_bits) + 15;
  if (biased >= 31) return sign | (saturate_finite ? infinity - 1 : infinity);
  return sign | (static_cast<uint32_t>(biased) << mantissa_bits) | static_cast<uint32_t>(m - hidden);
}

// |v| * scale rounded to an integer, ties to even, for 0 < |v| < 1 and scale < 2^32, exactly: |v| = M * 2^E
// with M < 2^24 and E <= -24, so M * scale < 2^56.
uint64_t scale_round_even(float v, uint64_t scale) {
  const Split s = split(std::bit_cast<uint32_t>(v) & 0x7fffffffu);
  return shift_round_even(s.significand * scale, -s.exponent);
}

}  // namespace

float round_rational(bool negative, uint64_t num, uint64_t den, Precision p) {
  // Preconditions: num, den < 2^40 and den > 0; then num / den lies far inside the normal range of fp32.
  if (num == 0) return negative ? -0.0f : 0.0f;
  // Both operands exact in fp32: IEEE division is correctly rounded, ties to even, and the quotient (at least
  // 2^-24) is normal. (The common case: every UNORM and SNORM field up to 24 bits; the texture unit's hot path.)
  if (p == Precision::Fp32 && num <= (uint64_t{1} << 24) && den <= (uint64_t{1} << 24)) {
    const float v = static_cast<float>(num) / static_cast<float>(den);
    return negative ? -v : v;
  }
  const Target t = target(p);
  // e = floor(log2(num / den)): the difference of the bit lengths, or one less.
  int e = bit_length(num) - bit_length(den);
  const bool at_least = e >= 0 ? u128{num} >= (u128{den} << e) : (u128{num} << -e) >= u128{den};
  if (!at_least) --e;
  const int q = std::max(e, t.min_exponent) - (t.significand - 1);  // exponent of the last place kept
  u128 n = num;
  u128 d = den;
  if (q >= 0) {
    d <<= q;
  } else {
    n <<= -q;
  }
  u128 m = n / d;
  const u128 r = n % d;
  if (2 * r > d || (2 * r == d && (m & 1) != 0)) ++m;
  // m <= 2^significand, so m * 2^q is exact in fp32.
  const float v = std::ldexp(static_cast<float>(static_cast<uint64_t>(m)), q);
  return negative ? -v : v;
}

float unorm_to_float(uint32_t field, unsigned bits, Precision p) {
  return round_rational(false, field & low_mask(bits), low_mask(bits), p);
}

float snorm_to_float(uint32_t field, unsigned bits, Precision p) {
  int64_t v = sign_extend(field, bits);
  const int64_t max = static_cast<int64_t>(low_mask(bits - 1));
  // 2-bit components are not clamped (NVK, nil_format.c; see numeric.h): code 2 reads -2.0.
  if (bits != 2) v = std::max(v, -max);
  return round_rational(v < 0, static_cast<uint64_t>(v < 0 ? -v : v), static_cast<uint64_t>(max), p);
}

uint32_t sint_to_register(uint32_t field, unsigned bits) {
  return static_cast<uint32_t>(sign_extend(field, bits));
}

uint32_t uint_to_register(uint32_t field, unsigned bits) {
  return field & mask32(bits);
}

uint32_t float_field_to_fp32_bits(uint32_t field, unsigned bits) {
  switch (bits) {
    case 32:
      return field;
    case 16:
      return minifloat_to_fp32_bits(field & 0xffff, true, 10);
    case 11:
      return minifloat_to_fp32_bits(field & 0x7ff, false, 6);
    case 10:
      return minifloat_to_fp32_bits(field & 0x3ff, false, 5);
    default:
      return 0;  // no float encoding of that width; FormatPlan refuses it
  }
}

float half_to_float(uint16_t half) {
  return std::bit_cast<float>(minifloat_to_fp32_bits(half, true, 10));
}

float shared_exponent_to_float(uint32_t mantissa9, uint32_t exponent5) {
  // mantissa * 2^(exponent - B - N), B = 15, N = 9 (EXT_texture_shared_exponent). Exact: 9 bits, scale
  // 2^-24 or more.
  return std::ldexp(static_cast<float>(mantissa9 & 0x1ff), static_cast<int>(exponent5 & 0x1f) - 15 - 9);
}

uint32_t float_to_unorm(float v, unsigned bits) {
  const uint64_t max = low_mask(bits);
  if (!(v > 0.0f)) return 0;  // NaN, zero and negative values
  if (v >= 1.0f) return static_cast<uint32_t>(max);
  return static_cast<uint32_t>(scale_round_even(v, max));
}

uint32_t float_to_snorm(float v, unsigned bits) {
  if (bits < 2 || std::isnan(v) || v == 0.0f) return 0;
  const uint64_t max = low_mask(bits - 1);
  const uint64_t magnitude = std::fabs(v) >= 1.0f ? max : scale_round_even(v, max);
  const uint64_t field = v < 0.0f ? (~magnitude + 1) : magnitude;
  return static_cast<uint32_t>(field & low_mask(bits));
}

uint32_t int_to_sint_field(int32_t v, unsigned bits) {
  const int64_t hi = static_cast<int64_t>(low_mask(bits - 1));
  const int64_t clamped = std::clamp<int64_t>(v, -hi - 1, hi);
  return static_cast<uint32_t>(static_cast<uint64_t>(clamped) & low_mask(bits));
}

uint32_t uint_to_uint_field(uint32_t v, unsigned bits) {
  return static_cast<uint32_t>(std::min<uint64_t>(v, low_mask(bits)));
}

uint32_t fp32_bits_to_float_field(uint32_t fp32_bits, unsigned bits) {
  switch (bits) {
    case 32:
      return fp32_bits;
    case 16:
      return fp32_bits_to_minifloat(fp32_bits, true, 10, false);
    case 11:
      return fp32_bits_to_minifloat(fp32_bits, false, 6, true);
    case 10:
      return fp32_bits_to_minifloat(fp32_bits, false, 5, true);
    default:
      return 0;
  }
}

uint16_t float_to_half(float v) {
  return static_cast<uint16_t>(fp32_bits_to_minifloat(std::bit_cast<uint32_t>(v), true, 10, false));
}

std::array<uint32_t, 4> encode_shared_exponent(float r, float g, float b) {
  // EXT_texture_shared_exponent ("RGB9_E5 encoding"), N = 9, B = 15, Emax = 31. Every step
  // is exact in double: the inputs are floats, the scalings powers of two, the sums below 2^10.
  constexpr int kN = 9, kB = 15, kEmax = 31;
  const double max_value = 511.0 / 512.0 * std::ldexp(1.0, kEmax - kB);                   // 65408
  auto clamp = [&](float v) { return v > 0.0f ? std::min<double>(v, max_value) : 0.0; };  // NaN -> 0
  const double rc = clamp(r), gc = clamp(g), bc = clamp(b);
  const double max_c = std::max({rc, gc, bc});
  const int floor_log2 = max_c > 0.0 ? std::ilogb(max_c) : INT_MIN;
  const int exp_prime = std::max(-kB - 1, floor_log2) + 1 + kB;
  const double max_s = std::floor(max_c / std::ldexp(1.0, exp_prime - kB - kN) + 0.5);
  const int exp = max_s == 512.0 ? exp_prime + 1 : exp_prime;
  auto mantissa = [&](double c) {
    return static_cast<uint32_t>(std::floor(c / std::ldexp(1.0, exp - kB - kN) + 0.5));
  };
  return {mantissa(rc), mantissa(gc), mantissa(bc), static_cast<uint32_t>(exp)};
}

}  // namespace tmu::texunit
