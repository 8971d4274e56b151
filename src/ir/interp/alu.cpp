// SPDX-License-Identifier: MIT
// ALU semantics: one case per row of alu_ops.inc, with the expression Mesa's nir_opcodes.py gives the opcode
// (its const_expr, what NIR's constant folding computes), on values of 1, 8, 16, 32 and 64 bits.
//
// Floats. fp32 is computed in float, fp64 in double, fp16 in float with the result rounded once to fp16, round
// to nearest even (NIR's constant folding does the same: sources widened exactly, the fp32 expression, then
// _mesa_float_to_half). For + - * / and sqrt that is the correctly rounded fp16 result (float carries
// 24 >= 2 * 11 + 2 bits, so the double rounding is innocuous); fp16 ffma goes through double fma, as NIR's does.
// No flushing of denormals, round to nearest even: NIR's default execution mode. frcp is 1 / x and frsq
// 1 / sqrt(x) (two roundings, as nir_opcodes.py writes them); fsqrt is correctly rounded (IEEE); fexp2, flog2,
// fpow, fsin and fcos are the host's libm functions (exp2f, log2f, powf, sinf, cosf; exp2, log2, pow, sin, cos
// for fp64, where NIR's constant folding uses the float ones for every size), as correctly rounded as the host
// makes them (glibc's manual, "Errors in Math Functions", lists their known maximum errors) and not what the
// GPU's MUFU unit gives.
//
// Where NIR leaves a result open, the choice made here (and why):
// * fmin / fmax: a NaN operand gives the other operand; -0 < +0 (nir_opcodes.py: SPIR-V's rule).
// * fsat: fmin(fmax(x, 0), 1) with those fmin / fmax: NaN -> +0, -0 -> +0.
// * fsign: NaN -> +0, +-0 -> itself (nir_opcodes.py's constant folding, OpenCL's rule).
// * f2i / f2u (no NIR definition out of range, C's cast is undefined): truncate towards zero, saturate to the
//   destination's range, NaN -> 0, as SM50's F2I.TRUNC that NAK emits does (and PTX cvt.rzi documents).
// * idiv / irem / imod by zero give 0, udiv / umod too (nir_opcodes.py); INT_MIN / -1 gives INT_MIN and its
//   remainder 0 (two's complement wrap; C leaves it undefined and x86 traps).
// * Shifts use the shift count modulo the bit size (nir_opcodes.py, SM5's rule).
// * unpack_unorm_2x16 / unpack_snorm_2x16: y from bits 31:16 (GLSL's unpackUnorm2x16; nir_opcodes.py's
//   constant folding reads (uint16_t)(x << 16), always 0, an evident slip not copied).
// * extract_u8 / _i8 / _u16 / _i16 with a byte or word index past the value: refused (NIR requires it in range).
// * fddx / fddy (NIR lets the implementation pick fine or coarse): coarse, from the quad's top-left pixel, the
//   same differences the texture unit's implicit LOD takes (lanes 1 - 0 and 2 - 0, texture_unit.cpp).
#include <algorithm>
#include <bit>
#include <cfenv>
#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>

#include "ir/interp/state.h"
#include "texunit/numeric.h"

namespace tmu::ir::interp::detail {

float half_to_float(uint64_t h) { return texunit::half_to_float(static_cast<uint16_t>(h)); }
uint16_t float_to_half(float f) { return texunit::float_to_half(f); }

uint16_t double_to_half(double d) {
  // Round once: scale the value to an integer count of its binade's fp16 quantum (exact: powers of two), round
  // that to nearest even, and scale back; the result is an fp16 value (or 65536, which encodes as infinity).
  if (std::isnan(d) || std::isinf(d)) return float_to_half(static_cast<float>(d));
  const double a = std::fabs(d);
  int e = 0;
  std::frexp(a, &e);  // a in [2^(e-1), 2^e)
  const int binade = std::max(e - 1, -14);
  const double quantum = std::ldexp(1.0, binade - 10);
  const double r = std::nearbyint(a / quantum) * quantum;
  return float_to_half(static_cast<float>(std::copysign(r, d)));
}

namespace {

bool is_float_size(unsigned b) { return b == 16 || b == 32 || b == 64; }

template <typename T>
T fin(uint64_t x, unsigned bits) {
  if (bits == 64) return static_cast<T>(std::bit_cast<double>(x));
  if (bits == 32) return static_cast<T>(f32(x));
  return static_cast<T>(half_to_float(x));
}

template <typename T>
uint64_t fout(T v, unsigned bits) {
  if (bits == 64) return std::bit_cast<uint64_t>(static_cast<double>(v));
  if (bits == 32) return bits32(static_cast<float>(v));
  if constexpr (std::is_same_v<T, double>) return double_to_half(v);
  else return float_to_half(v);
}

// Calls f with a value of the type the bit size computes in: double for fp64, float for fp32 and fp16.
template <typename F>
uint64_t with_float(unsigned bits, F&& f) {
  if (bits == 64) return f(double{});
  return f(float{});
}

template <typename Op>
uint64_t fun1(uint64_t x, unsigned b, Op op) {
  return with_float(b, [&](auto t) {
    using T = decltype(t);
    return fout<T>(op(fin<T>(x, b)), b);
  });
}
template <typename Op>
uint64_t fun2(uint64_t x, uint64_t y, unsigned b, Op op) {
  return with_float(b, [&](auto t) {
    using T = decltype(t);
    return fout<T>(op(fin<T>(x, b), fin<T>(y, b)), b);
  });
}
template <typename Op>
bool fcmp(uint64_t x, uint64_t y, unsigned b, Op op) {
  if (b == 64) return op(fin<double>(x, b), fin<double>(y, b));
  return op(fin<float>(x, b), fin<float>(y, b));
}

// fmin / fmax as nir_opcodes.py defines them: equal values (+0 and -0 included) by their bit patterns as
// signed integers, so that -0 < +0; otherwise C's fmin / fmax, which return the other operand of a NaN.
template <typename T>
T nir_fmin(T a, T b) {
  using I = std::conditional_t<sizeof(T) == 8, int64_t, int32_t>;
  if (a == b) return std::bit_cast<I>(a) < std::bit_cast<I>(b) ? a : b;
  return std::fmin(a, b);
}
template <typename T>
T nir_fmax(T a, T b) {
  using I = std::conditional_t<sizeof(T) == 8, int64_t, int32_t>;
  if (a == b) return std::bit_cast<I>(a) > std::bit_cast<I>(b) ? a : b;
  return std::fmax(a, b);
}

uint64_t boolean(bool v, unsigned db) { return v ? mask_bits(db) : 0; }

// Float to integer: truncated, saturated to [lo, hi], NaN -> 0 (see the file comment).
uint64_t f2int(double v, bool is_signed, unsigned db) {
  if (std::isnan(v)) return 0;
  const double t = std::trunc(v);
  if (is_signed) {
    const double lo = -std::ldexp(1.0, static_cast<int>(db) - 1), hi = std::ldexp(1.0, static_cast<int>(db) - 1) - 1;
    if (t <= lo) return static_cast<uint64_t>(static_cast<int64_t>(lo)) & mask_bits(db);
    if (t >= hi) return mask_bits(db - 1);
    return static_cast<uint64_t>(static_cast<int64_t>(t)) & mask_bits(db);
  }
  if (t <= 0) return 0;
  if (t >= std::ldexp(1.0, static_cast<int>(db))) return mask_bits(db);
  return static_cast<uint64_t>(t);
}

// pack_unorm_1x8 (Mesa): round_even(clamp(x, 0, 1) * 255), NaN -> 0 (CLAMP keeps the low bound for NaN).
uint32_t pack_unorm8(float x) {
  const float c = x > 0.0f ? (x > 1.0f ? 1.0f : x) : 0.0f;
  return static_cast<uint32_t>(std::nearbyint(c * 255.0f));
}

// umul_high / imul_high (nir_opcodes.py): the high `bits` bits of the 2 * bits-bit product of two `bits`-bit
// values, unsigned or signed (two's complement), returned in the low `bits` bits.
uint64_t mul_high(uint64_t a, uint64_t b, unsigned bits, bool is_signed) {
  if (bits < 64) {
    const auto p = is_signed ? static_cast<uint64_t>(sign_extend(a, bits) * sign_extend(b, bits)) : a * b;
    return (p >> bits) & mask_bits(bits);
  }
  // 64 bits: the unsigned high word from 32-bit halves, then the signed correction (subtract b if a < 0, a if
  // b < 0: the two's complement of the product's high word).
  const uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
  const uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  const uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
  uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
  if (is_signed) {
    if (a >> 63) hi -= b;
    if (b >> 63) hi -= a;
  }
  return hi;
}

// One component of a per-component operation. x: the sources' bits, sb: their bit sizes, db: the destination's.
// `bad` is set (result 0) for operands NIR leaves undefined and the interpreter refuses.
uint64_t scalar(AluOp op, const std::array<uint64_t, 4>& x, const std::array<unsigned, 4>& sb, unsigned db,
                std::string& bad) {
  const unsigned b = sb[0];
  const uint64_t m = mask_bits(b);
  auto sx = [&](unsigned k) { return sign_extend(x[k], sb[k]); };
  auto ux = [&](unsigned k) { return x[k] & mask_bits(sb[k]); };
  switch (op) {
    case AluOp::mov: return x[0];

    // Float arithmetic. fneg / fabs flip or clear the sign bit (-x, fabs(x) on the host do the same, NaNs
    // included).
    case AluOp::fneg: return x[0] ^ (uint64_t{1} << (b - 1));
    case AluOp::fabs: return x[0] & ~(uint64_t{1} << (b - 1));
    case AluOp::fsat:
      return fun1(x[0], b, [](auto a) {
        using T = decltype(a);
        return nir_fmin(nir_fmax(a, T(0)), T(1));
      });
    case AluOp::fsign:
      return fun1(x[0], b, [](auto a) {
        using T = decltype(a);
        return std::isnan(a) ? T(0) : a == T(0) ? a : a > T(0) ? T(1) : T(-1);
      });
    case AluOp::ffloor: return fun1(x[0], b, [](auto a) { return std::floor(a); });
    case AluOp::fceil: return fun1(x[0], b, [](auto a) { return std::ceil(a); });
    case AluOp::ftrunc: return fun1(x[0], b, [](auto a) { return std::trunc(a); });
    case AluOp::ffract: return fun1(x[0], b, [](auto a) { return a - std::floor(a); });
    case AluOp::fround_even: return fun1(x[0], b, [](auto a) { return std::nearbyint(a); });
    case AluOp::frcp:
      return fun1(x[0], b, [](auto a) {
        using T = decltype(a);
        return T(1) / a;
      });
    case AluOp::frsq:
      return fun1(x[0], b, [](auto a) {
        using T = decltype(a);
        return T(1) / std::sqrt(a);
      });
    case AluOp::fsqrt: return fun1(x[0], b, [](auto a) { return std::sqrt(a); });
    case AluOp::fexp2: return fun1(x[0], b, [](auto a) { return std::exp2(a); });
    case AluOp::flog2: return fun1(x[0], b, [](auto a) { return std::log2(a); });
    case AluOp::fsin: return fun1(x[0], b, [](auto a) { return std::sin(a); });
    case AluOp::fcos: return fun1(x[0], b, [](auto a) { return std::cos(a); });
    case AluOp::fadd: return fun2(x[0], x[1], b, [](auto p, auto q) { return p + q; });
    case AluOp::fsub: return fun2(x[0], x[1], b, [](auto p, auto q) { return p - q; });
    case AluOp::fmul: return fun2(x[0], x[1], b, [](auto p, auto q) { return p * q; });
    case AluOp::fdiv: return fun2(x[0], x[1], b, [](auto p, auto q) { return p / q; });
    case AluOp::fmod: return fun2(x[0], x[1], b, [](auto p, auto q) { return p - q * std::floor(p / q); });
    case AluOp::fmin: return fun2(x[0], x[1], b, [](auto p, auto q) { return nir_fmin(p, q); });
    case AluOp::fmax: return fun2(x[0], x[1], b, [](auto p, auto q) { return nir_fmax(p, q); });
    case AluOp::fpow: return fun2(x[0], x[1], b, [](auto p, auto q) { return std::pow(p, q); });
    case AluOp::ffma:
      if (b == 16)  // nir_opcodes.py: fma() in double, then rounded once to fp16
        return double_to_half(std::fma(fin<double>(x[0], 16), fin<double>(x[1], 16), fin<double>(x[2], 16)));
      return with_float(b, [&](auto t) {
        using T = decltype(t);
        return fout<T>(std::fma(fin<T>(x[0], b), fin<T>(x[1], b), fin<T>(x[2], b)), b);
      });
    case AluOp::flrp:
      return with_float(b, [&](auto t) {
        using T = decltype(t);
        const T p = fin<T>(x[0], b), q = fin<T>(x[1], b), s = fin<T>(x[2], b);
        return fout<T>(p * (T(1) - s) + q * s, b);
      });

    // Comparisons.
    case AluOp::feq: case AluOp::feq32: return boolean(fcmp(x[0], x[1], b, [](auto p, auto q) { return p == q; }), db);
    case AluOp::fneu: case AluOp::fneu32: return boolean(fcmp(x[0], x[1], b, [](auto p, auto q) { return p != q; }), db);
    case AluOp::flt: case AluOp::flt32: return boolean(fcmp(x[0], x[1], b, [](auto p, auto q) { return p < q; }), db);
    case AluOp::fge: case AluOp::fge32: return boolean(fcmp(x[0], x[1], b, [](auto p, auto q) { return p >= q; }), db);
    case AluOp::ieq: case AluOp::ieq32: return boolean(ux(0) == ux(1), db);
    case AluOp::ine: case AluOp::ine32: return boolean(ux(0) != ux(1), db);
    case AluOp::ilt: case AluOp::ilt32: return boolean(sx(0) < sx(1), db);
    case AluOp::ige: case AluOp::ige32: return boolean(sx(0) >= sx(1), db);
    case AluOp::ult: case AluOp::ult32: return boolean(ux(0) < ux(1), db);
    case AluOp::uge: case AluOp::uge32: return boolean(ux(0) >= ux(1), db);
    case AluOp::bcsel: case AluOp::b32csel: return x[0] != 0 ? x[1] : x[2];
    case AluOp::fcsel: return fcmp(x[0], 0, b, [](auto p, auto) { return p != decltype(p)(0); }) ? x[1] : x[2];

    // Integers, wrapping at the bit size.
    case AluOp::ineg: return (uint64_t{0} - x[0]) & m;
    case AluOp::iabs: return sx(0) < 0 ? (uint64_t{0} - x[0]) & m : x[0];
    case AluOp::isign: return sx(0) == 0 ? 0 : sx(0) > 0 ? 1 : m;
    case AluOp::inot: return ~x[0] & m;
    case AluOp::iadd: return (x[0] + x[1]) & m;
    case AluOp::isub: return (x[0] - x[1]) & m;
    case AluOp::imul: return (x[0] * x[1]) & m;
    case AluOp::umul_high: return mul_high(ux(0), ux(1), b, false);
    case AluOp::imul_high: return mul_high(x[0], x[1], b, true);
    case AluOp::uadd_carry: return ((x[0] + x[1]) & m) < ux(0) ? 1 : 0;
    case AluOp::idiv:
      if (sx(1) == 0) return 0;
      if (sx(1) == -1) return (uint64_t{0} - x[0]) & m;  // INT_MIN / -1 wraps to INT_MIN
      return static_cast<uint64_t>(sx(0) / sx(1)) & m;
    case AluOp::irem:
      if (sx(1) == 0 || sx(1) == -1) return 0;
      return static_cast<uint64_t>(sx(0) % sx(1)) & m;
    case AluOp::imod: {
      if (sx(1) == 0 || sx(1) == -1) return 0;
      int64_t r = sx(0) % sx(1);
      if (r != 0 && (sx(0) >= 0) != (sx(1) >= 0)) r += sx(1);
      return static_cast<uint64_t>(r) & m;
    }
    case AluOp::udiv: return ux(1) == 0 ? 0 : ux(0) / ux(1);
    case AluOp::umod: return ux(1) == 0 ? 0 : ux(0) % ux(1);
    case AluOp::imin: return sx(0) < sx(1) ? x[0] : x[1];
    case AluOp::imax: return sx(0) > sx(1) ? x[0] : x[1];
    case AluOp::umin: return std::min(ux(0), ux(1));
    case AluOp::umax: return std::max(ux(0), ux(1));
    case AluOp::iand: return x[0] & x[1] & m;
    case AluOp::ior: return (x[0] | x[1]) & m;
    case AluOp::ixor: return (x[0] ^ x[1]) & m;
    case AluOp::ishl: return (x[0] << (x[1] & (b - 1))) & m;
    case AluOp::ishr: return static_cast<uint64_t>(sx(0) >> (x[1] & (b - 1))) & m;
    case AluOp::ushr: return ux(0) >> (x[1] & (b - 1));
    case AluOp::ubfe: case AluOp::ibfe: {
      // nir_opcodes.py: SM5's ubfe / ibfe, the low 5 bits of offset and bits.
      const auto base = static_cast<uint32_t>(x[0]);
      const auto offset = static_cast<uint32_t>(x[1] & 0x1f), count = static_cast<uint32_t>(x[2] & 0x1f);
      if (count == 0) return 0;
      if (op == AluOp::ubfe)
        return offset + count < 32 ? (base << (32 - count - offset)) >> (32 - count) : base >> offset;
      const auto sbase = static_cast<int32_t>(base);
      const int32_t r = offset + count < 32 ? static_cast<int32_t>(base << (32 - count - offset)) >> (32 - count)
                                            : sbase >> offset;
      return static_cast<uint32_t>(r);
    }
    case AluOp::extract_u8: case AluOp::extract_i8: case AluOp::extract_u16: case AluOp::extract_i16: {
      const unsigned w = op == AluOp::extract_u8 || op == AluOp::extract_i8 ? 8 : 16;
      const uint64_t index = ux(1);
      if (index >= b / w) {
        bad = fmt::format("{} index {} is past the {} {}-bit fields of a {}-bit value", name(op), index, b / w, w, b);
        return 0;
      }
      const uint64_t field = (ux(0) >> (index * w)) & mask_bits(w);
      const bool is_signed = op == AluOp::extract_i8 || op == AluOp::extract_i16;
      return is_signed ? static_cast<uint64_t>(sign_extend(field, w)) & m : field;
    }

    case AluOp::ufind_msb:
      return ux(0) == 0 ? 0xffffffffu : static_cast<uint64_t>(63 - std::countl_zero(ux(0)));
    case AluOp::bit_count: return static_cast<uint64_t>(std::popcount(ux(0)));
    case AluOp::bitfield_reverse: {
      const auto v = static_cast<uint32_t>(x[0]);
      uint32_t r = 0;
      for (unsigned i = 0; i < 32; ++i) r |= ((v >> i) & 1u) << (31 - i);
      return r;
    }

    // Conversions.
    case AluOp::i2f32: return bits32(static_cast<float>(sx(0)));
    case AluOp::u2f32: return bits32(static_cast<float>(ux(0)));
    case AluOp::i2f16: return double_to_half(static_cast<double>(sx(0)));
    case AluOp::u2f16: return double_to_half(static_cast<double>(ux(0)));
    case AluOp::f2i32: case AluOp::f2i16: return f2int(fin<double>(x[0], b), true, db);
    case AluOp::f2u32: case AluOp::f2u16: return f2int(fin<double>(x[0], b), false, db);
    case AluOp::f2f32:
      if (b == 32) return x[0];
      return bits32(static_cast<float>(fin<double>(x[0], b)));  // fp16 exactly, fp64 rounded to nearest even
    case AluOp::f2f64: return std::bit_cast<uint64_t>(fin<double>(x[0], b));  // exact from every size
    case AluOp::i2f64: return std::bit_cast<uint64_t>(static_cast<double>(sx(0)));
    case AluOp::u2f64: return std::bit_cast<uint64_t>(static_cast<double>(ux(0)));
    case AluOp::f2i64: return f2int(fin<double>(x[0], b), true, db);
    case AluOp::f2u64: return f2int(fin<double>(x[0], b), false, db);
    case AluOp::f2f16:
      if (b == 16) return x[0];
      return b == 32 ? float_to_half(f32(x[0])) : double_to_half(fin<double>(x[0], 64));
    case AluOp::i2i32: case AluOp::i2i16: case AluOp::i2i8: return static_cast<uint64_t>(sx(0)) & mask_bits(db);
    case AluOp::u2u32: case AluOp::u2u16: case AluOp::u2u8: return ux(0) & mask_bits(db);
    case AluOp::b2f32: return x[0] != 0 ? bits32(1.0f) : 0;
    case AluOp::b2f16: return x[0] != 0 ? 0x3c00 : 0;
    case AluOp::b2i32: return x[0] != 0 ? 1 : 0;
    case AluOp::i2b1: return ux(0) != 0 ? 1 : 0;
    case AluOp::f2b1: return fcmp(x[0], 0, b, [](auto p, auto) { return p != decltype(p)(0); }) ? 1 : 0;
    case AluOp::b2b1: return x[0] != 0 ? 1 : 0;
    case AluOp::b2b32: return x[0] != 0 ? 0xffffffff : 0;

    // Packing, per component.
    case AluOp::unpack_half_2x16_split_x: return bits32(half_to_float(x[0] & 0xffff));
    case AluOp::unpack_half_2x16_split_y: return bits32(half_to_float((x[0] >> 16) & 0xffff));
    case AluOp::unpack_32_2x16_split_x: return x[0] & 0xffff;
    case AluOp::unpack_32_2x16_split_y: return (x[0] >> 16) & 0xffff;
    case AluOp::pack_32_2x16_split: return (x[0] & 0xffff) | ((x[1] & 0xffff) << 16);
    case AluOp::unpack_64_2x32_split_x: return x[0] & 0xffffffffu;
    case AluOp::unpack_64_2x32_split_y: return x[0] >> 32;
    case AluOp::pack_64_2x32_split: return (x[0] & 0xffffffffu) | (x[1] << 32);

    // Handled by eval_alu (several components or lanes at once).
    case AluOp::vec2: case AluOp::vec3: case AluOp::vec4: case AluOp::vec5: case AluOp::vec8:
    case AluOp::vec16: case AluOp::fdot2: case AluOp::fdot3:
    case AluOp::fdot4: case AluOp::fddx: case AluOp::fddy: case AluOp::fddx_fine: case AluOp::fddy_fine:
    case AluOp::fddx_coarse: case AluOp::fddy_coarse: case AluOp::pack_half_2x16_split:
    case AluOp::unpack_half_2x16: case AluOp::pack_half_2x16: case AluOp::unpack_unorm_4x8:
    case AluOp::unpack_snorm_4x8: case AluOp::unpack_unorm_2x16: case AluOp::unpack_snorm_2x16:
    case AluOp::pack_unorm_4x8:
      break;
  }
  throw Failure(fmt::format("{} is not a per-component operation", name(op)));
}

// The sizes the interpreter accepts: NIR's types, checked once per instruction (ir::verify checks the fixed
// sizes of alu_ops.inc; this adds "float means 16, 32 or 64 bits" and the like, and guards run(..., verify =
// false)).
void check_sizes(const AluInstr& a, const std::array<const Reg*, kMaxAluInputs>& src) {
  const AluOpInfo& in = info(a.op);
  const std::string where = ssa(a.dest.id);
  for (unsigned k = 0; k < in.num_inputs; ++k) {
    const AluType t = in.input_type[k];
    const unsigned bits = src[k]->bits;
    if (t.bits && bits != t.bits)
      fail("{}: {} source {} must be {}-bit, ssa_{} is {}-bit", where, in.name, k, t.bits, a.src[k].def, bits);
    if (t.base == BaseType::Float && !is_float_size(bits))
      fail("{}: {} source {} (ssa_{}) is {}-bit: floats are 16, 32 or 64 bits", where, in.name, k, a.src[k].def,
           bits);
  }
  if (in.output_type.base == BaseType::Float && !is_float_size(a.dest.bit_size))
    fail("{}: {} makes {}-bit values: floats are 16, 32 or 64 bits", where, in.name, a.dest.bit_size);
  // Per-component integer and float ops keep the source's size (comparisons and conversions aside).
  const bool sized_like_source = in.output_size == 0 && in.output_type.bits == 0 && in.num_inputs > 0 &&
                                 in.output_type.base != BaseType::Bool && a.op != AluOp::bcsel &&
                                 a.op != AluOp::b32csel && a.op != AluOp::fcsel;
  if (sized_like_source && src[0]->bits != a.dest.bit_size)
    fail("{}: {} of {}-bit sources makes {}-bit values, not {}-bit", where, in.name, src[0]->bits, src[0]->bits,
         a.dest.bit_size);
  if ((a.op == AluOp::bcsel || a.op == AluOp::b32csel || a.op == AluOp::fcsel) &&
      (src[1]->bits != a.dest.bit_size || src[2]->bits != a.dest.bit_size))
    fail("{}: {} selects between {}-bit and {}-bit values into {}-bit ones", where, in.name, src[1]->bits,
         src[2]->bits, a.dest.bit_size);
  if ((a.op == AluOp::bcsel) && src[0]->bits != 1)
    fail("{}: bcsel's condition (ssa_{}) is {}-bit, not a 1-bit boolean", where, a.src[0].def, src[0]->bits);
}

template <typename T>
T product_sum(const std::vector<T>& p) {
  // nir_opcodes.py's binop_reduce: fdot2 = p1 + p0, fdot3 = (p2 + p1) + p0, fdot4 = (p3 + p2) + (p1 + p0).
  switch (p.size()) {
    case 2: return p[1] + p[0];
    case 3: return (p[2] + p[1]) + p[0];
    default: return (p[3] + p[2]) + (p[1] + p[0]);
  }
}

// Options::sm50_transcendentals: the opcodes selection turns into MUFU sequences, computed as the executor
// models MUFU (src/exec/ops_mufu.cpp): the function in double on the flushed operand, rounded to F32, NaN
// canonical (0x7fffffff), a denormal result flushed; the FMUL between MUFUs keeps denormals.
bool sm50_mufu(AluOp op) {
  switch (op) {
    case AluOp::frcp: case AluOp::frsq: case AluOp::fsqrt: case AluOp::fexp2: case AluOp::flog2: case AluOp::fsin:
    case AluOp::fcos: case AluOp::fdiv: case AluOp::fpow:
      return true;
    default:
      return false;
  }
}

uint32_t canonical(uint32_t b) { return std::isnan(std::bit_cast<float>(b)) ? 0x7fffffffu : b; }
uint32_t flush32(uint32_t b) { return (b & 0x7f800000u) == 0 ? b & 0x80000000u : b; }

uint32_t mufu(double (*f)(double), uint32_t a) {
  const float r = static_cast<float>(f(static_cast<double>(std::bit_cast<float>(flush32(a)))));
  return flush32(canonical(std::bit_cast<uint32_t>(r)));
}

uint32_t fmul32(uint32_t a, uint32_t b) {
  return canonical(std::bit_cast<uint32_t>(std::bit_cast<float>(a) * std::bit_cast<float>(b)));
}

uint32_t sm50_transcendental(AluOp op, uint32_t a, uint32_t b) {
  constexpr auto rcp = [](double x) { return 1.0 / x; };
  constexpr auto rsq = [](double x) { return 1.0 / std::sqrt(x); };
  constexpr auto ex2 = [](double x) { return std::exp2(x); };
  constexpr auto lg2 = [](double x) { return std::log2(x); };
  switch (op) {
    case AluOp::frcp: return mufu(rcp, a);
    case AluOp::frsq: return mufu(rsq, a);
    case AluOp::fsqrt: return mufu(rcp, mufu(rsq, a));
    case AluOp::fexp2: return mufu(ex2, a);
    case AluOp::flog2: return mufu(lg2, a);
    case AluOp::fsin: return mufu([](double x) { return std::sin(x); }, a);
    case AluOp::fcos: return mufu([](double x) { return std::cos(x); }, a);
    case AluOp::fdiv: return fmul32(a, mufu(rcp, b));
    case AluOp::fpow: return mufu(ex2, fmul32(mufu(lg2, a), b));
    default: return 0;
  }
}

}  // namespace

void eval_alu(const AluInstr& a, State& st, uint32_t mask) {
  const AluOpInfo& in = info(a.op);
  const std::string where = ssa(a.dest.id);
  if (a.src.size() != in.num_inputs) fail("{}: {} takes {} sources, not {}", where, in.name, in.num_inputs, a.src.size());
  std::array<const Reg*, kMaxAluInputs> src{};
  for (unsigned k = 0; k < in.num_inputs; ++k) src[k] = &st.reg(a.src[k].def);
  const unsigned n = a.dest.components;
  if (n < 1 || n > kMaxComponents) fail("{}: {} components", where, n);
  if (in.output_size && n != in.output_size) fail("{}: {} makes {} components, not {}", where, in.name, in.output_size, n);
  // Every component read must exist (ir::verify checks it too; run() may be asked not to verify).
  for (unsigned k = 0; k < in.num_inputs; ++k) {
    const unsigned used = in.input_size[k] ? in.input_size[k] : n;
    for (unsigned c = 0; c < used; ++c)
      if (a.src[k].swizzle[c] >= src[k]->comps)
        fail("{}: source {} reads component {} of ssa_{}, which has {}", where, k, a.src[k].swizzle[c], a.src[k].def,
             src[k]->comps);
  }
  check_sizes(a, src);
  Reg& d = st.define(a.dest);
  const unsigned db = a.dest.bit_size;
  auto get = [&](unsigned k, unsigned c, unsigned lane) { return src[k]->get(a.src[k].swizzle[c], lane); };

  switch (a.op) {
    case AluOp::vec2: case AluOp::vec3: case AluOp::vec4: case AluOp::vec5: case AluOp::vec8: case AluOp::vec16:
      for (unsigned lane = 0; lane < kLanes; ++lane)
        for (unsigned c = 0; c < n; ++c) d.set(c, lane, src[c]->get(a.src[c].swizzle[0], lane));
      return;
    case AluOp::fdot2: case AluOp::fdot3: case AluOp::fdot4: {
      const unsigned len = in.input_size[0], b = src[0]->bits;
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        d.set(0, lane, with_float(b, [&](auto t) {
                using T = decltype(t);
                std::vector<T> p(len);
                for (unsigned j = 0; j < len; ++j) p[j] = fin<T>(get(0, j, lane), b) * fin<T>(get(1, j, lane), b);
                return fout<T>(product_sum(p), b);
              }));
      }
      return;
    }
    case AluOp::fddx: case AluOp::fddy: case AluOp::fddx_fine: case AluOp::fddy_fine: case AluOp::fddx_coarse:
    case AluOp::fddy_coarse: {
      // Lane 4q + k is quad q's pixel k: 0 top left, 1 top right, 2 bottom left, 3 bottom right.
      const bool x_dir = a.op == AluOp::fddx || a.op == AluOp::fddx_fine || a.op == AluOp::fddx_coarse;
      const bool fine = a.op == AluOp::fddx_fine || a.op == AluOp::fddy_fine;
      const unsigned b = src[0]->bits;
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        const unsigned quad = lane & ~3u, k = lane & 3u;
        // fine: the pixel's own row (x) or column (y); coarse: the top row / left column.
        const unsigned first = quad + (fine ? (x_dir ? (k & 2u) : (k & 1u)) : 0u);
        const unsigned second = first + (x_dir ? 1u : 2u);
        for (unsigned c = 0; c < n; ++c)
          d.set(c, lane, fun2(get(0, c, second), get(0, c, first), b, [](auto p, auto q) { return p - q; }));
      }
      return;
    }
    case AluOp::pack_half_2x16_split:
      for (unsigned lane = 0; lane < kLanes; ++lane)
        d.set(0, lane, uint64_t{float_to_half(f32(get(0, 0, lane)))} | uint64_t{float_to_half(f32(get(1, 0, lane)))} << 16);
      return;
    case AluOp::pack_half_2x16:
      for (unsigned lane = 0; lane < kLanes; ++lane)
        d.set(0, lane, uint64_t{float_to_half(f32(get(0, 0, lane)))} | uint64_t{float_to_half(f32(get(0, 1, lane)))} << 16);
      return;
    case AluOp::unpack_half_2x16:
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        const uint64_t w = get(0, 0, lane);
        d.set(0, lane, bits32(half_to_float(w & 0xffff)));
        d.set(1, lane, bits32(half_to_float((w >> 16) & 0xffff)));
      }
      return;
    case AluOp::unpack_unorm_4x8: case AluOp::unpack_snorm_4x8:
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        const uint64_t w = get(0, 0, lane);
        for (unsigned c = 0; c < 4; ++c) {
          const uint64_t code = (w >> (8 * c)) & 0xff;
          // Mesa: unpack_unorm_1x8 = u / 255.0f; unpack_snorm_1x8 = CLAMP((int8_t) u / 127.0f, -1, 1).
          const float v = a.op == AluOp::unpack_unorm_4x8
                              ? static_cast<float>(code) / 255.0f
                              : std::clamp(static_cast<float>(sign_extend(code, 8)) / 127.0f, -1.0f, 1.0f);
          d.set(c, lane, bits32(v));
        }
      }
      return;
    case AluOp::unpack_unorm_2x16: case AluOp::unpack_snorm_2x16:
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        const uint64_t w = get(0, 0, lane);
        for (unsigned c = 0; c < 2; ++c) {
          const uint64_t code = (w >> (16 * c)) & 0xffff;
          const float v = a.op == AluOp::unpack_unorm_2x16
                              ? static_cast<float>(code) / 65535.0f
                              : std::clamp(static_cast<float>(sign_extend(code, 16)) / 32767.0f, -1.0f, 1.0f);
          d.set(c, lane, bits32(v));
        }
      }
      return;
    case AluOp::pack_unorm_4x8:
      for (unsigned lane = 0; lane < kLanes; ++lane) {
        uint64_t w = 0;
        for (unsigned c = 0; c < 4; ++c) w |= uint64_t{pack_unorm8(f32(get(0, c, lane)))} << (8 * c);
        d.set(0, lane, w);
      }
      return;
    default: break;
  }

  std::array<unsigned, 4> sb{};
  for (unsigned k = 0; k < in.num_inputs; ++k) sb[k] = src[k]->bits;
  if (st.options().sm50_transcendentals && db == 32 && sm50_mufu(a.op)) {
    for (unsigned lane = 0; lane < kLanes; ++lane)
      for (unsigned c = 0; c < n; ++c)
        d.set(c, lane, sm50_transcendental(a.op, static_cast<uint32_t>(get(0, c, lane)),
                                           in.num_inputs > 1 ? static_cast<uint32_t>(get(1, c, lane)) : 0u));
    return;
  }
  // A shader that flushes fp32 denormals (PTX's .ftz) flushes float operands and results to zero of their sign.
  const bool ftz = st.shader().flushes_fp32_denorms();
  auto is_float = [](AluType t) { return t.base == BaseType::Float; };
  // A directed rounding (AluInstr::rounding): the host's IEEE operation under fesetround, for the opcodes whose
  // scalar() is one such operation (fp16 results are rounded in software, to nearest).
  if (a.rounding != Rounding::nearest_even && (!takes_rounding(a.op) || db == 16))
    fail("{}: {}{} on {}-bit values is not interpreted", where, in.name, suffix(a.rounding), db);
  struct HostRounding {
    int saved = std::fegetround();
    explicit HostRounding(Rounding r) {
      constexpr int kHost[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
      std::fesetround(kHost[static_cast<unsigned>(r)]);
    }
    ~HostRounding() { std::fesetround(saved); }
  };
  std::optional<HostRounding> rounding;
  if (a.rounding != Rounding::nearest_even) rounding.emplace(a.rounding);
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    for (unsigned c = 0; c < n; ++c) {
      std::array<uint64_t, 4> x{};
      for (unsigned k = 0; k < in.num_inputs; ++k) {
        x[k] = get(k, c, lane);
        if (ftz && sb[k] == 32 && is_float(in.input_type[k])) x[k] = flush32(static_cast<uint32_t>(x[k]));
      }
      std::string bad;
      asm volatile("" : "+m"(x));  // under the rounding mode set above
      uint64_t r = scalar(a.op, x, sb, db, bad);
      asm volatile("" : "+m"(r));
      if (ftz && db == 32 && is_float(in.output_type)) r = flush32(static_cast<uint32_t>(r));
      if (!bad.empty() && ((mask >> lane) & 1)) fail("{}: lane {}: {}", where, lane, bad);
      d.set(c, lane, r);
    }
  }
}

uint32_t sm50_rcp(uint32_t a) { return sm50_transcendental(AluOp::frcp, a, 0); }

}  // namespace tmu::ir::interp::detail
