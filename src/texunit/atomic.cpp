// SPDX-License-Identifier: MIT
#include "texunit/atomic.h"

#include <bit>

#include "texunit/numeric.h"

namespace tmu::texunit {
namespace {

bool is_int(AtomicType t) { return t == AtomicType::U32 || t == AtomicType::S32 || is_64bit(t); }
bool is_signed(AtomicType t) { return t == AtomicType::S32 || t == AtomicType::S64; }

// fp32 with denormals flushed to sign-preserving zero.
uint32_t flush32(uint32_t v) { return (v & 0x7f800000u) == 0 ? v & 0x80000000u : v; }
uint32_t add_f32_ftz(uint32_t a, uint32_t b) {
  const float s = std::bit_cast<float>(flush32(a)) + std::bit_cast<float>(flush32(b));  // round to nearest even
  return s != s ? 0x7fffffffu : flush32(std::bit_cast<uint32_t>(s));
}
uint16_t flush16(uint16_t v) { return (v & 0x7c00u) == 0 ? static_cast<uint16_t>(v & 0x8000u) : v; }
// Two halves are exact in fp32 and fp32 has more than 2 * 11 + 2 significand bits, so rounding the fp32 sum
// again to fp16 gives the correctly rounded fp16 sum.
uint16_t add_f16_ftz(uint16_t a, uint16_t b) {
  const float s = half_to_float(flush16(a)) + half_to_float(flush16(b));
  return s != s ? uint16_t{0x7fff} : flush16(float_to_half(s));
}

}  // namespace

std::optional<uint64_t> atomic_combine(AtomicOp op, AtomicType t, uint64_t old, uint64_t b) {
  if (t == AtomicType::U128 || t == AtomicType::Invalid) return std::nullopt;
  const uint64_t mask = is_64bit(t) ? ~uint64_t{0} : 0xffffffffu;
  const auto sext = [&](uint64_t v) { return is_64bit(t) ? static_cast<int64_t>(v) : int64_t{static_cast<int32_t>(v)}; };
  switch (op) {
    case AtomicOp::Add:
      if (is_int(t)) return (old + b) & mask;
      if (t == AtomicType::F32) return add_f32_ftz(static_cast<uint32_t>(old), static_cast<uint32_t>(b));
      return uint64_t{add_f16_ftz(static_cast<uint16_t>(old), static_cast<uint16_t>(b))} |
             uint64_t{add_f16_ftz(static_cast<uint16_t>(old >> 16), static_cast<uint16_t>(b >> 16))} << 16;
    case AtomicOp::Min:
    case AtomicOp::Max: {
      if (!is_int(t)) return std::nullopt;
      const bool less = is_signed(t) ? sext(b) < sext(old) : b < old;
      return (op == AtomicOp::Min) == less ? b : old;
    }
    case AtomicOp::Inc:
      if (t != AtomicType::U32) return std::nullopt;
      return old >= b ? 0 : old + 1;
    case AtomicOp::Dec:
      if (t != AtomicType::U32) return std::nullopt;
      return old == 0 || old > b ? b : old - 1;
    case AtomicOp::And: if (is_int(t)) return old & b; return std::nullopt;
    case AtomicOp::Or: if (is_int(t)) return old | b; return std::nullopt;
    case AtomicOp::Xor: if (is_int(t)) return old ^ b; return std::nullopt;
    case AtomicOp::Exch: return b;
  }
  return std::nullopt;
}

}  // namespace tmu::texunit
