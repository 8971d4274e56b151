// SPDX-License-Identifier: MIT
// Sources of the integer, conversion and move instructions, whose second operand is a register (_R), a constant
// bank (_C), an immediate (_I) or, in the _RC forms, the [39..46] register while the constant bank becomes the
// third operand. Also the condition-code flags that .CC writes and .X reads. Internal to src/exec.
#pragma once

#include <cstdint>
#include <optional>

#include "common/bits.h"
#include "exec/context.h"
#include "isa/sm50/int_alu_enums.h"

namespace tmu::exec::intops {

using isa::sm50::Instruction;
using isa::sm50::Opd;
using isa::sm50::IaBoolOp;
using isa::sm50::IaCmp;
using isa::sm50::IaPredOp;
using isa::sm50::LopOp;

// The _RC forms print the [39..46] register as B and the constant bank as C (int_alu_rows.h, conv_move_rows.h).
inline bool rc_form(const Instruction& in) { return isa::sm50::kRcRows[in.row()]; }

// A constant-bank operand (source.h).
inline uint32_t cbank_operand(Context& c, uint32_t v, unsigned lane) { return read(c, AluSource::cbank(v), lane); }

inline uint32_t reg_a(Context& c, const Instruction& in, unsigned lane) {
  return c.reg(in.get<Opd::ra>().index, lane);
}
inline unsigned rd_index(const Instruction& in) { return in.get<Opd::rd>().index; }

// Operand B of any form. Immediates: ia_imm20 / cm_simm are 20-bit signed ([56] the sign), ia_uimm20 / cm_uimm
// the same bits unsigned, 32-bit immediates as they are. XMAD's 16-bit immediate and the float immediates of
// F2F / F2I are read by their handlers.
inline AluSource source_b(const Instruction& in) {
  if (rc_form(in)) return AluSource::reg(in.get<Opd::rc>().index);
  if (in.has(Opd::rb)) return AluSource::reg(in.get<Opd::rb>().index);
  if (in.has(Opd::ia_cb)) return AluSource::cbank(in.get<Opd::ia_cb>());
  if (in.has(Opd::xmad_cb)) return AluSource::cbank(in.get<Opd::xmad_cb>());
  if (in.has(Opd::cm_cbuf)) return AluSource::cbank(in.get<Opd::cm_cbuf>());
  if (in.has(Opd::ia_imm20)) return AluSource::imm(static_cast<uint32_t>(sign_extend(static_cast<uint32_t>(in.get<Opd::ia_imm20>()), 20)));
  if (in.has(Opd::cm_simm)) return AluSource::imm(static_cast<uint32_t>(sign_extend(in.get<Opd::cm_simm>(), 20)));
  // IADD3's immediate: nvdisasm prints it unsigned (0xfffff), but the hardware sign-extends it from its 20 bits
  // ([20..38] and [56]): ptxas writes `add.s32 %r, %r, -1` after another add as IADD3 R0, R5, 0xfffff, R0.
  if (in.has(Opd::ia_uimm20)) return AluSource::imm(static_cast<uint32_t>(sign_extend(in.get<Opd::ia_uimm20>() & 0xfffff, 20)));
  if (in.has(Opd::cm_uimm)) return AluSource::imm(in.get<Opd::cm_uimm>() & 0xfffff);
  if (in.has(Opd::ia_imm32)) return AluSource::imm(static_cast<uint32_t>(in.get<Opd::ia_imm32>()));
  if (in.has(Opd::ia_uimm32)) return AluSource::imm(in.get<Opd::ia_uimm32>());
  if (in.has(Opd::cm_imm32)) return AluSource::imm(in.get<Opd::cm_imm32>());
  if (in.has(Opd::shf_imm)) return AluSource::imm(in.get<Opd::shf_imm>() & 0x3f);
  return AluSource::imm(0);
}
inline uint32_t src_b(Context& c, const Instruction& in, unsigned lane) { return read(c, source_b(in), lane); }

// Operand C: the [39..46] register, or the constant bank in the _RC forms.
inline AluSource source_c(const Instruction& in) {
  if (rc_form(in)) return AluSource::cbank(in.has(Opd::ia_cb) ? in.get<Opd::ia_cb>() : in.get<Opd::cm_cbuf>());
  return AluSource::reg(in.get<Opd::rc>().index);
}
inline uint32_t src_c(Context& c, const Instruction& in, unsigned lane) { return read(c, source_c(in), lane); }

// Condition-code flags of one lane.
struct Flags {
  bool zero = false, sign = false, carry = false, overflow = false;
};
inline Flags flags(const Context& c, unsigned lane) {
  const ConditionCodes& f = c.warp.cc;
  return {Context::has(f.zero, lane), Context::has(f.sign, lane), Context::has(f.carry, lane),
          Context::has(f.overflow, lane)};
}
inline void set_flag(uint32_t& mask, unsigned lane, bool v) { mask = v ? mask | (1u << lane) : mask & ~(1u << lane); }
inline void set_flags(Context& c, unsigned lane, const Flags& f) {
  set_flag(c.warp.cc.zero, lane, f.zero);
  set_flag(c.warp.cc.sign, lane, f.sign);
  set_flag(c.warp.cc.carry, lane, f.carry);
  set_flag(c.warp.cc.overflow, lane, f.overflow);
}
// The flags of a result that is not a sum (logic, shifts, moves): zero and sign from the result; carry and
// overflow keep their values (the model of docs/exec.md). With .X the zero flag chains: it stays set only if it
// was set (a 64-bit value is zero when both halves are).
inline void set_zs(Context& c, unsigned lane, uint32_t d, bool x) {
  Flags f = flags(c, lane);
  f.zero = d == 0 && (!x || f.zero);
  f.sign = (d >> 31) != 0;
  set_flags(c, lane, f);
}

struct Sum {
  uint32_t d;
  bool carry, overflow;
};

// a + b + carry-in, 33 bits wide; overflow when both addends have one sign and the result the other.
inline Sum add(uint32_t a, uint32_t b, unsigned cin) {
  const uint64_t s = uint64_t{a} + b + cin;
  const auto d = static_cast<uint32_t>(s);
  return {d, (s >> 32) != 0, (((a ^ d) & (b ^ d)) >> 31) != 0};
}

// The comparison's result from "less" and "equal" for 32 lanes at once (bit l: lane l).
inline uint32_t compare_masks(IaCmp cmp, uint32_t lt, uint32_t eq) {
  switch (cmp) {
    case IaCmp::F: return 0;
    case IaCmp::LT: return lt;
    case IaCmp::EQ: return eq;
    case IaCmp::LE: return lt | eq;
    case IaCmp::GT: return ~lt & ~eq;
    case IaCmp::NE: return ~eq;
    case IaCmp::GE: return ~lt;
    case IaCmp::T: return ~0u;
  }
  return 0;
}
// The ISETP / ISET / ICMP comparison. With .X it finishes a 64-bit comparison whose low halves were subtracted
// with .CC before (IADD RZ.CC, lo_a, -lo_b): equal = high halves equal and the zero flag; less = high half less,
// or equal with a borrow from the low halves (carry clear).
inline std::optional<bool> compare(IaCmp cmp, uint32_t a, uint32_t b, bool is_signed, bool x, const Flags& f) {
  const bool eq_hi = a == b;
  const bool lt_hi = is_signed ? static_cast<int32_t>(a) < static_cast<int32_t>(b) : a < b;
  const bool eq = x ? eq_hi && f.zero : eq_hi;
  const bool lt = x ? lt_hi || (eq_hi && !f.carry) : lt_hi;
  if (static_cast<unsigned>(cmp) > static_cast<unsigned>(IaCmp::T)) return std::nullopt;
  return (compare_masks(cmp, lt ? 1u : 0u, eq ? 1u : 0u) & 1) != 0;
}

// Combines a comparison with the source predicate Ps (ISETP, ISET), for 32 lanes at once or one.
inline uint32_t combine_masks(IaBoolOp op, uint32_t r, uint32_t p) {
  switch (op) {
    case IaBoolOp::And: return r & p;
    case IaBoolOp::Or: return r | p;
    default: return r ^ p;
  }
}
inline bool combine(IaBoolOp op, bool r, bool p) { return (combine_masks(op, r ? 1u : 0u, p ? 1u : 0u) & 1) != 0; }

// The predicate result of LOP / LOP3 (.T, .Z, .NZ; without one Pd is written false).
inline bool pred_result(IaPredOp op, uint32_t d) {
  switch (op) {
    case IaPredOp::T: return true;
    case IaPredOp::Z: return d == 0;
    case IaPredOp::NZ: return d != 0;
    default: return false;
  }
}

inline uint32_t lop2(LopOp op, uint32_t a, uint32_t b) {
  switch (op) {
    case LopOp::And: return a & b;
    case LopOp::Or: return a | b;
    case LopOp::Xor: return a ^ b;
    default: return b;  // PASS_B
  }
}

// IADD's operand negations (.PO: plus one), from the 32-bit form's field or the others'.
inline isa::sm50::IaPSign psign(const Instruction& in) {
  if (in.has(Opd::ia_psign32)) return in.get<Opd::ia_psign32>();
  return in.get_or<Opd::ia_psign>(isa::sm50::IaPSign::None);
}

// Handler lists of the files that integer_handlers() / conversion_handlers() gather.
std::span<const HandlerEntry> integer_bits_handlers();  // ops_integer_bits.cpp
std::span<const HandlerEntry> move_handlers();          // ops_conversion_moves.cpp

inline uint32_t bit_reverse(uint32_t v) {
  uint32_t r = 0;
  for (unsigned i = 0; i < 32; ++i) r |= ((v >> i) & 1u) << (31 - i);
  return r;
}

}  // namespace tmu::exec::intops
