// SPDX-License-Identifier: MIT
// Conversions: F2F, F2I, I2F, I2I. Rounding is exact (correctly rounded in the encoded mode), as PTX's cvt
// specifies; the choices where NVIDIA documents nothing are listed in docs/exec.md ("Conversions"):
// NaN results are the canonical NaN (F16 0x7fff, F32 0x7fffffff, F64 0x7fffffffffffffff), F2I of NaN is 0 and
// out-of-range values clamp to the destination range (PTX cvt: "the result is clamped to the destination range
// by default"), .FTZ flushes F32 denormal sources and results to zero of the same sign, and .CC on a conversion
// is not modelled. (MOV, S2R, SHFL, VOTE, predicates: ops_conversion_moves.cpp.)
#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "exec/ops_f16.h"
#include "exec/ops_integer_operands.h"
#include "isa/sm50/conv_move_enums.h"

namespace tmu::exec {

using isa::sm50::CmFpFormat;
using isa::sm50::CmIntType;
using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;
using namespace intops;

namespace {

constexpr uint32_t kNanF32 = 0x7fffffffu;
constexpr uint64_t kNanF64 = 0x7fffffffffffffffu;

bool f32_denormal(float f) { return f != 0 && std::fabs(f) < std::numeric_limits<float>::min(); }

// A double rounded to F32 in mode r: round to nearest, then step one ulp if the mode wants the other neighbour.
uint32_t to_f32(double v, Rnd r, bool ftz) {
  if (std::isnan(v)) return kNanF32;
  float f = static_cast<float>(v);
  const double back = f;
  if (back != v) {
    const float inf = std::numeric_limits<float>::infinity();
    if (r == Rnd::RM && back > v) f = std::nextafter(f, -inf);
    if (r == Rnd::RP && back < v) f = std::nextafter(f, inf);
    if (r == Rnd::RZ && std::fabs(back) > std::fabs(v)) f = std::nextafter(f, 0.0f);
  }
  if (ftz && f32_denormal(f)) f = std::copysign(0.0f, f);
  return std::bit_cast<uint32_t>(f);
}

// A 64-bit integer magnitude rounded to p significant bits in mode r (`negative`: the sign it will get), as an
// exact double (p <= 53).
double round_integer(uint64_t m, bool negative, unsigned p, Rnd r) {
  if (m == 0) return 0;
  const unsigned len = 64u - static_cast<unsigned>(std::countl_zero(m));
  if (len <= p) return double(m);
  const unsigned sh = len - p;
  uint64_t keep = m >> sh;
  const uint64_t rem = m & ((uint64_t{1} << sh) - 1), half = uint64_t{1} << (sh - 1);
  bool up = false;
  switch (r) {
    case Rnd::RN: up = rem > half || (rem == half && (keep & 1)); break;
    case Rnd::RM: up = negative && rem != 0; break;
    case Rnd::RP: up = !negative && rem != 0; break;
    case Rnd::RZ: break;
  }
  if (up) ++keep;
  return std::ldexp(double(keep), static_cast<int>(sh));
}

// The instruction's source operand as raw bits: F64 / 64-bit integer sources read a register pair (low word in
// the named register) or two constant-bank words; immediates are handled by the callers.
uint64_t raw_source(Context& c, const Instruction& in, unsigned lane, bool wide) {
  if (in.has(Opd::rb)) {
    const unsigned rb = in.get<Opd::rb>().index;
    const uint64_t lo = c.reg(rb, lane);
    if (!wide || rb == isa::sm50::Reg::kRZ) return lo;
    return lo | uint64_t{c.reg(rb + 1, lane)} << 32;
  }
  const uint32_t cb = in.get<Opd::cm_cbuf>();
  const uint64_t lo = cbank_operand(c, cb, lane);
  if (!wide) return lo;
  return lo | uint64_t{c.cbank((cb >> 14) & 0x1f, int64_t{cb & 0x3fff} * 4 + 4, lane)} << 32;
}

void write_wide(Context& c, unsigned rd, unsigned lane, uint64_t v, bool wide) {
  c.set_reg(rd, lane, static_cast<uint32_t>(v));
  if (wide && rd != isa::sm50::Reg::kRZ) c.set_reg(rd + 1, lane, static_cast<uint32_t>(v >> 32));
}

// The float source of F2F / F2I as a double (exact for every format): register (F16: low half, .H1 high),
// constant bank, or the 20-bit float immediate (F32: its top 20 bits, F64: its top 20 bits, F16: low 16).
// Then .ABS, .NEG, and .FTZ for F32 denormals.
double float_source(Context& c, const Instruction& in, unsigned lane, CmFpFormat fmt, bool ftz) {
  uint64_t raw = 0;
  if (in.has(Opd::cm_fimm)) {
    const uint32_t x = in.get<Opd::cm_fimm>();
    raw = fmt == CmFpFormat::F16 ? x & 0xffffu : fmt == CmFpFormat::F64 ? uint64_t{x} << 44 : uint64_t{x} << 12;
  } else {
    raw = raw_source(c, in, lane, fmt == CmFpFormat::F64);
    if (fmt == CmFpFormat::F16 && in.get<Opd::cm_h1>()) raw >>= 16;
  }
  double v = 0;
  if (fmt == CmFpFormat::F16) v = f16_value(static_cast<uint16_t>(raw));
  else if (fmt == CmFpFormat::F64) v = std::bit_cast<double>(raw);
  else {
    float f = std::bit_cast<float>(static_cast<uint32_t>(raw));
    if (ftz && f32_denormal(f)) f = std::copysign(0.0f, f);
    v = f;
  }
  if (in.get<Opd::cm_abs>()) v = std::fabs(v);
  if (in.get<Opd::cm_neg>()) v = -v;
  return v;
}

bool check_common(Context& c, const Instruction& in) {
  if (in.get<Opd::cm_cc>()) {
    c.fail(-1, fmt::format("{}.CC is not modelled", isa::sm50::op_name(in.op())));
    return false;
  }
  return true;
}

// F2F: between F16, F32 and F64 in the rounding mode .RN / .RM / .RP / .RZ; within one format, .ROUND (to
// nearest even), .FLOOR, .CEIL and .TRUNC round to an integral value and .PASS (or nothing) passes the value
// through .ABS / .NEG / .FTZ. .SAT clamps to [0, 1] (NaN to +0).
void f2f(Context& c, const Instruction& in) {
  if (!check_common(c, in)) return;
  const CmFpFormat dst = in.get<Opd::f2f_dst>(), src = in.get<Opd::cm_fpsrc>();
  if (dst == CmFpFormat::Invalid0 || src == CmFpFormat::Invalid0) return c.fail(-1, "F2F format 0 has no meaning");
  const uint32_t rnd = in.get<Opd::f2f_rnd>();
  const bool same = dst == src, ftz = in.get<Opd::cm_ftz>(), sat = in.get<Opd::sat>();
  static constexpr Rnd kIntegral[4] = {Rnd::RN, Rnd::RM, Rnd::RP, Rnd::RZ};  // .ROUND .FLOOR .CEIL .TRUNC
  const Rnd mode = same ? Rnd::RN : static_cast<Rnd>(rnd & 3);
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    double v = float_source(c, in, lane, src, ftz);
    if (same && rnd >= 4) v = round_integral(v, kIntegral[rnd - 4]);
    if (sat) v = std::isnan(v) ? 0.0 : std::clamp(v, 0.0, 1.0);
    switch (dst) {
      case CmFpFormat::F16: c.set_reg(rd, lane, to_f16(v, mode)); break;
      case CmFpFormat::F32: c.set_reg(rd, lane, to_f32(v, mode, ftz)); break;
      default: write_wide(c, rd, lane, std::isnan(v) ? kNanF64 : std::bit_cast<uint64_t>(v), true); break;
    }
  });
}

struct IntRange {
  unsigned bits;
  bool is_signed;
};
IntRange range(CmIntType t) {
  static constexpr unsigned kBits[4] = {8, 16, 32, 64};
  const auto v = static_cast<unsigned>(t);
  return {kBits[v & 3], (v & 4) != 0};
}

// F2I: rounds (.RNI to nearest even by default, .FLOOR, .CEIL, .TRUNC) and clamps to the destination range;
// NaN gives 0. 16-bit results are sign- or zero-extended to 32 bits; 64-bit results fill Rd, Rd+1.
void f2i(Context& c, const Instruction& in) {
  if (!check_common(c, in)) return;
  const CmIntType dt = in.get<Opd::f2i_dst>();
  const CmFpFormat src = in.get<Opd::cm_fpsrc>();
  if (src == CmFpFormat::Invalid0) return c.fail(-1, "F2I source format 0 has no meaning");
  const IntRange ir = range(dt);
  if (ir.bits == 8) return c.fail(-1, "F2I has no 8-bit destination (INVALID0 / INVALID1)");
  static constexpr Rnd kModes[4] = {Rnd::RN, Rnd::RM, Rnd::RP, Rnd::RZ};
  const Rnd mode = kModes[in.get<Opd::f2i_rnd>() & 3];
  const bool ftz = in.get<Opd::cm_ftz>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const double v = round_integral(float_source(c, in, lane, src, ftz), mode);
    uint64_t out = 0;
    if (!std::isnan(v)) {
      if (ir.is_signed) {
        const double lo = -std::ldexp(1.0, static_cast<int>(ir.bits) - 1);
        const int64_t lo_i = ir.bits == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (ir.bits - 1));
        const int64_t hi_i = ir.bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (ir.bits - 1)) - 1;
        const int64_t s = v <= lo ? lo_i : v >= -lo ? hi_i : static_cast<int64_t>(v);
        out = static_cast<uint64_t>(s);
      } else {
        const double hi = std::ldexp(1.0, static_cast<int>(ir.bits));
        const uint64_t hi_u = ir.bits == 64 ? ~uint64_t{0} : (uint64_t{1} << ir.bits) - 1;
        out = v <= 0 ? 0 : v >= hi ? hi_u : static_cast<uint64_t>(v);
      }
    }
    write_wide(c, rd, lane, out, ir.bits == 64);
  });
}

// The integer source of I2F / I2I: register (pair), constant bank or the 20-bit signed immediate, shifted right
// by the byte selector (.B1-.B3, .H1 for 16-bit types), cut to the type's width and extended by its sign.
// Returned as sign and magnitude after .ABS and .NEG.
struct IntValue {
  bool negative;
  uint64_t magnitude;
};
IntValue int_source(Context& c, const Instruction& in, unsigned lane, CmIntType t) {
  const IntRange ir = range(t);
  uint64_t raw = in.has(Opd::cm_simm) ? static_cast<uint64_t>(sign_extend(in.get<Opd::cm_simm>(), 20))
                                      : raw_source(c, in, lane, ir.bits == 64);
  raw >>= 8 * (in.get<Opd::cm_isel>() & 3);
  if (ir.bits < 64) raw &= (uint64_t{1} << ir.bits) - 1;
  IntValue v{false, raw};
  if (ir.is_signed && ((raw >> (ir.bits - 1)) & 1)) {
    v.negative = true;
    v.magnitude = (ir.bits == 64 ? 0 - raw : (uint64_t{1} << ir.bits) - raw);
  }
  if (in.get<Opd::cm_abs>()) v.negative = false;
  if (in.get<Opd::cm_neg>()) v.negative = !v.negative;
  if (v.magnitude == 0) v.negative = false;
  return v;
}

// I2F: an integer to F16, F32 or F64, rounded in mode .RN / .RM / .RP / .RZ.
void i2f(Context& c, const Instruction& in) {
  if (!check_common(c, in)) return;
  const CmFpFormat dst = in.get<Opd::i2f_dst>();
  if (dst == CmFpFormat::Invalid0) return c.fail(-1, "I2F destination format 0 has no meaning");
  const CmIntType st = in.get<Opd::i2f_src>();
  const Rnd mode = static_cast<Rnd>(in.get<Opd::i2f_rnd>() & 3);
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const IntValue v = int_source(c, in, lane, st);
    const double sign = v.negative ? -1.0 : 1.0;
    switch (dst) {
      case CmFpFormat::F16: c.set_reg(rd, lane, to_f16(sign * round_integer(v.magnitude, v.negative, 53, mode), mode)); break;
      case CmFpFormat::F32: c.set_reg(rd, lane, to_f32(sign * round_integer(v.magnitude, v.negative, 24, mode), mode, false)); break;
      default: write_wide(c, rd, lane, std::bit_cast<uint64_t>(sign * round_integer(v.magnitude, v.negative, 53, mode)), true);
    }
  });
}

// I2I: an integer of 8, 16 or 32 bits to another; .SAT clamps to the destination range, otherwise the value is
// cut to the destination width. The result is sign- or zero-extended to 32 bits by the destination type.
// .CC (the model's reading, docs/exec.md): zero and sign from the 32-bit result, carry and overflow cleared. ptxas
// 11.8 tests a 64-bit value's sign so: `I2I.S32.S32 RZ.CC, hi`, then CSETP.SFT (mul.hi.s64) or CSETP.LT, sign !=
// overflow (abs.s64); tests/data/ptx/kernels/bitfields.ptx runs both against tmu's own sequences.
void i2i(Context& c, const Instruction& in) {
  const bool cc = in.get<Opd::cm_cc>();
  const CmIntType st = in.get<Opd::i2i_src>(), dt = in.get<Opd::i2i_dst>();
  const IntRange sr = range(st), dr = range(dt);
  if (sr.bits == 64 || dr.bits == 64) return c.fail(-1, "I2I has no 64-bit types (INVALID6 / INVALID7, ???6 / ???7)");
  const bool sat = in.get<Opd::sat>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const IntValue v = int_source(c, in, lane, st);
    int64_t s = v.negative ? -static_cast<int64_t>(v.magnitude) : static_cast<int64_t>(v.magnitude);
    if (sat) {
      const int64_t lo = dr.is_signed ? -(int64_t{1} << (dr.bits - 1)) : 0;
      const int64_t hi = dr.is_signed ? (int64_t{1} << (dr.bits - 1)) - 1 : (int64_t{1} << dr.bits) - 1;
      s = std::clamp(s, lo, hi);
    }
    uint32_t d = static_cast<uint32_t>(static_cast<uint64_t>(s));
    if (dr.bits < 32) {
      d &= (1u << dr.bits) - 1;
      if (dr.is_signed) d = static_cast<uint32_t>(sign_extend(d, dr.bits));
    }
    c.set_reg(rd, lane, d);
    if (cc) set_flags(c, lane, Flags{d == 0, (d >> 31) != 0, false, false});
  });
}

constexpr HandlerEntry kHandlers[] = {{Op::F2F, f2f}, {Op::F2I, f2i}, {Op::I2F, i2f}, {Op::I2I, i2i}};

}  // namespace

// Both conversion files' handlers, for the executor's dispatch table.
std::span<const HandlerEntry> conversion_handlers() {
  static const std::vector<HandlerEntry> all = [] {
    std::vector<HandlerEntry> v(std::begin(kHandlers), std::end(kHandlers));
    for (const HandlerEntry& e : move_handlers()) v.push_back(e);
    return v;
  }();
  return all;
}

}  // namespace tmu::exec
