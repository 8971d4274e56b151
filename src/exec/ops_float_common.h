// SPDX-License-Identifier: MIT
// Shared pieces of the float ALU handlers (ops_float_*.cpp, ops_mufu.cpp): operand fetch for every source form
// (register, constant bank, 20-bit and 32-bit immediates, the _RC forms, register pairs for doubles), the operand
// decorations, denormal flushing, NaN canonicalisation, saturation, host rounding modes, comparisons, the boolean
// combination with a predicate and the condition codes. The model is described in docs/exec.md ("Float ALU").
#pragma once

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <string_view>

#include "exec/context.h"

namespace tmu::exec::fp {

using isa::sm50::FaBoolOp;
using isa::sm50::FaCmp;
using isa::sm50::FaRound;
using isa::sm50::Instruction;
using isa::sm50::Opd;

inline float f32(uint32_t b) { return std::bit_cast<float>(b); }
inline double f64(uint64_t b) { return std::bit_cast<double>(b); }
inline uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }
inline uint64_t bits(double d) { return std::bit_cast<uint64_t>(d); }

inline constexpr uint32_t kSign32 = 0x80000000u;
inline constexpr uint64_t kSign64 = 0x8000000000000000u;
inline constexpr uint32_t kOne32 = 0x3f800000u;  // 1.0f
// The NaN every float instruction writes when its result is NaN, whatever the inputs' payloads: NVIDIA's
// canonical NaN (PTX ISA: "canonical NaN"), all bits set but the sign. Doubles take the same pattern.
inline constexpr uint32_t kNaN32 = 0x7fffffffu;
inline constexpr uint64_t kNaN64 = 0x7fffffffffffffffu;

inline bool is_nan(uint32_t b) { return (b & ~kSign32) > 0x7f800000u; }
inline bool is_nan(uint64_t b) { return (b & ~kSign64) > 0x7ff0000000000000u; }
inline bool is_denormal(uint32_t b) { return (b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0; }

// .FTZ: a denormal becomes a zero of the same sign.
inline uint32_t flush(uint32_t b) { return is_denormal(b) ? b & kSign32 : b; }
inline uint32_t flush_if(bool ftz, uint32_t b) { return ftz ? flush(b) : b; }

// Operand decorations -|x|: the absolute value first, then the negation; both act on the sign bit only (NaNs too).
inline uint32_t negabs(uint32_t b, bool neg, bool abs) {
  if (abs) b &= ~kSign32;
  if (neg) b ^= kSign32;
  return b;
}
inline uint64_t negabs(uint64_t b, bool neg, bool abs) {
  if (abs) b &= ~kSign64;
  if (neg) b ^= kSign64;
  return b;
}

// The bits an F32 result is written as: NaN canonical, denormals flushed under .FTZ, and .SAT clamping to
// [+0, 1] (NaN becomes +0, -0 becomes +0; PTX ISA ".sat").
inline uint32_t finish(float r, bool ftz, bool sat) {
  uint32_t b = bits(r);
  if (is_nan(b)) return sat ? 0 : kNaN32;
  b = flush_if(ftz, b);
  if (sat) {
    if (b & kSign32) return 0;
    if (b > kOne32) return kOne32;
  }
  return b;
}
inline uint64_t finish(double r) { return std::isnan(r) ? kNaN64 : bits(r); }

// .FMZ: a zero factor makes the product zero even against Inf or NaN (the Direct3D 9 rule); its sign is the
// product of the signs, as for a finite factor.
inline bool fmz_zero(isa::sm50::FaFmz m, uint32_t a, uint32_t b) {
  return m == isa::sm50::FaFmz::FMZ && ((a & ~kSign32) == 0 || (b & ~kSign32) == 0);
}

// Keeps the compiler from moving an operation across a change of the host rounding mode (the files that use this
// are also compiled with -frounding-math).
template <typename T>
inline void opaque(T& v) {
  asm volatile("" : "+m"(v));
}

inline int host_mode(FaRound r) {
  switch (r) {
    case FaRound::RM: return FE_DOWNWARD;
    case FaRound::RP: return FE_UPWARD;
    case FaRound::RZ: return FE_TOWARDZERO;
    default: return FE_TONEAREST;
  }
}

// f(args...) evaluated in the host's IEEE arithmetic under the instruction's rounding mode: one correctly rounded
// operation (the host's +, *, fma and narrowing conversions are IEEE 754 operations).
template <typename F, typename... A>
auto rounded(FaRound r, F f, A... args) {
  if (r == FaRound::RN) return f(args...);
  const int saved = std::fegetround();
  std::fesetround(host_mode(r));
  (opaque(args), ...);
  auto v = f(args...);
  opaque(v);
  std::fesetround(saved);
  return v;
}

// The _RC forms (FFMA_RC, FCMP_RC, DFMA_RC) take Rc as the second source and the constant bank as the third.
inline bool rc_form(const Instruction& in) { return isa::sm50::kRcRows[in.row()]; }

// c[bank][offset] of a constant-bank operand: bank [34..38] and word offset [20..33] as one value.
inline uint32_t cbank_word(Context& c, uint32_t v, unsigned lane, unsigned extra = 0) {
  return read(c, AluSource::cbank(v, extra), lane);
}

// Source B of the F32 forms, undecorated: Rb, c[..][..], a 20-bit immediate (the top 20 bits of an F32), a 32-bit
// immediate; Rc in an _RC form.
AluSource source_b(const Instruction& in);
inline uint32_t operand_b(Context& c, const Instruction& in, unsigned lane) { return read(c, source_b(in), lane); }
// Source C: Rc, or the constant bank in an _RC form.
AluSource source_c(const Instruction& in);
inline uint32_t operand_c(Context& c, const Instruction& in, unsigned lane) { return read(c, source_c(in), lane); }

// Register pairs of the F64 forms: Rn holds the low word, Rn+1 the high word; RZ reads 0 and discards writes.
// A pair must start at an even register below R254 (an error names the register otherwise).
bool pair_ok(Context& c, unsigned r, unsigned lane, std::string_view role);
uint64_t reg64(Context& c, unsigned r, unsigned lane);
void set_reg64(Context& c, unsigned r, unsigned lane, uint64_t v);
// Sources B and C of the F64 forms: a pair, 8 bytes of a constant bank, a 20-bit immediate (top bits of an F64).
uint64_t operand_b64(Context& c, const Instruction& in, unsigned lane);
uint64_t operand_c64(Context& c, const Instruction& in, unsigned lane);

// FSET/FSETP/FCMP/DSET/DSETP comparisons. The 4-bit code is a mask: 1 less, 2 equal, 4 greater, 8 unordered
// (F = 0 ... T = 15), so LE = 3, NE = 5, NUM = 7, NAN = 8, LTU = 9, ... Floats widen to double exactly.
inline bool compare(FaCmp k, double a, double b) {
  const unsigned m = static_cast<unsigned>(k);
  if (std::isnan(a) || std::isnan(b)) return m & 8;
  return m & (a < b ? 1u : a == b ? 2u : 4u);
}

// The boolean operation of FSET/FSETP/DSET/DSETP with the source predicate; false with an error for the
// undefined fourth value.
bool combine(Context& c, FaBoolOp op, bool a, bool b);

// The source predicate Ps (with its negation) of FMNMX/FSET/FSETP/DSET/DSETP.
inline bool source_pred(Context& c, const Instruction& in, unsigned lane) {
  return c.pred(in.get<Opd::fa_ps>().index, lane) != in.get<Opd::fa_psneg>();
}

// Condition codes of a .CC destination. A float result sets Z for +-0, O for NaN and S from the sign bit of a
// non-NaN result (-0 included); C stays clear. The flags' float meaning is not documented publicly: this model is
// stated in docs/exec.md.
void set_cc(Context& c, unsigned lane, bool zero, bool sign, bool carry, bool overflow);
inline void set_cc_f32(Context& c, unsigned lane, uint32_t b) {
  set_cc(c, lane, (b & ~kSign32) == 0, (b & kSign32) && !is_nan(b), false, is_nan(b));
}
inline void set_cc_f64(Context& c, unsigned lane, uint64_t b) {
  set_cc(c, lane, (b & ~kSign64) == 0, (b & kSign64) && !is_nan(b), false, is_nan(b));
}

// Handlers (one per op), listed in ops_float.cpp.
void fadd(Context&, const Instruction&);
void fmul(Context&, const Instruction&);
void ffma(Context&, const Instruction&);
void fswzadd(Context&, const Instruction&);
void fmnmx(Context&, const Instruction&);
void fset(Context&, const Instruction&);
void fsetp(Context&, const Instruction&);
void fcmp(Context&, const Instruction&);
void fchk(Context&, const Instruction&);
void mufu(Context&, const Instruction&);
// MUFU's function of a 32-bit result (ops_mufu.cpp): evaluated on the F32 operand widened to double; nullptr for
// the functions undefined on `arch` and for RCP64H / RSQ64H, which work on the high word of an F64.
using MufuFunction = double (*)(double);
MufuFunction mufu_function(isa::sm50::FaMufuOp op, isa::Arch arch);
void rro(Context&, const Instruction&);
void dadd(Context&, const Instruction&);
void dmul(Context&, const Instruction&);
void dfma(Context&, const Instruction&);
void dmnmx(Context&, const Instruction&);
void dset(Context&, const Instruction&);
void dsetp(Context&, const Instruction&);

}  // namespace tmu::exec::fp
