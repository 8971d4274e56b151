// SPDX-License-Identifier: MIT
// Sources of the integer, conversion and move instructions, whose second operand is a register (_R), a constant
// bank (_C), an immediate (_I) or, in the _RC forms, the [39..46] register while the constant bank becomes the
// third operand. Also the condition-code flags that .CC writes and .X reads. Internal to src/exec.
#pragma once

#include <cstdint>

#include "common/bits.h"
#include "exec/context.h"

namespace tmu::exec::intops {

using isa::sm50::Instruction;
using isa::sm50::Opd;

// The _RC forms print the [39..46] register as B and the constant bank as C (int_alu_rows.h, conv_move_rows.h).
inline bool rc_form(const Instruction& in) { return isa::sm50::kRcRows[in.row()]; }

// A constant-bank operand: bank [34..38] and word offset [20..33] as one 19-bit value. The offset is unsigned
// (a bank holds 64 KiB); reads outside the bank stop the program naming bank, offset and lane.
inline uint32_t cbank_operand(Context& c, uint32_t v, unsigned lane) {
  return c.cbank((v >> 14) & 0x1f, int64_t{v & 0x3fff} * 4, lane);
}

inline uint32_t reg_a(Context& c, const Instruction& in, unsigned lane) {
  return c.reg(in.get<Opd::ra>().index, lane);
}
inline unsigned rd_index(const Instruction& in) { return in.get<Opd::rd>().index; }

// Operand B of any form. Immediates: ia_imm20 / cm_simm are 20-bit signed ([56] the sign), ia_uimm20 / cm_uimm
// the same bits unsigned, 32-bit immediates as they are. XMAD's 16-bit immediate and the float immediates of
// F2F / F2I are read by their handlers.
inline uint32_t src_b(Context& c, const Instruction& in, unsigned lane) {
  if (rc_form(in)) return c.reg(in.get<Opd::rc>().index, lane);
  if (in.has(Opd::rb)) return c.reg(in.get<Opd::rb>().index, lane);
  if (in.has(Opd::ia_cb)) return cbank_operand(c, in.get<Opd::ia_cb>(), lane);
  if (in.has(Opd::xmad_cb)) return cbank_operand(c, in.get<Opd::xmad_cb>(), lane);
  if (in.has(Opd::cm_cbuf)) return cbank_operand(c, in.get<Opd::cm_cbuf>(), lane);
  if (in.has(Opd::ia_imm20)) return static_cast<uint32_t>(sign_extend(static_cast<uint32_t>(in.get<Opd::ia_imm20>()), 20));
  if (in.has(Opd::cm_simm)) return static_cast<uint32_t>(sign_extend(in.get<Opd::cm_simm>(), 20));
  // IADD3's immediate: nvdisasm prints it unsigned (0xfffff), but the hardware sign-extends it from its 20 bits
  // ([20..38] and [56]): ptxas writes `add.s32 %r, %r, -1` after another add as IADD3 R0, R5, 0xfffff, R0.
  if (in.has(Opd::ia_uimm20)) return static_cast<uint32_t>(sign_extend(in.get<Opd::ia_uimm20>() & 0xfffff, 20));
  if (in.has(Opd::cm_uimm)) return in.get<Opd::cm_uimm>() & 0xfffff;
  if (in.has(Opd::ia_imm32)) return static_cast<uint32_t>(in.get<Opd::ia_imm32>());
  if (in.has(Opd::ia_uimm32)) return in.get<Opd::ia_uimm32>();
  if (in.has(Opd::cm_imm32)) return in.get<Opd::cm_imm32>();
  if (in.has(Opd::shf_imm)) return in.get<Opd::shf_imm>() & 0x3f;
  return 0;
}

// Operand C: the [39..46] register, or the constant bank in the _RC forms.
inline uint32_t src_c(Context& c, const Instruction& in, unsigned lane) {
  if (rc_form(in)) {
    if (in.has(Opd::ia_cb)) return cbank_operand(c, in.get<Opd::ia_cb>(), lane);
    return cbank_operand(c, in.get<Opd::cm_cbuf>(), lane);
  }
  return c.reg(in.get<Opd::rc>().index, lane);
}

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

// Handler lists of the files that integer_handlers() / conversion_handlers() gather.
std::span<const HandlerEntry> integer_bits_handlers();  // ops_integer_bits.cpp
std::span<const HandlerEntry> move_handlers();          // ops_conversion_moves.cpp

inline uint32_t bit_reverse(uint32_t v) {
  uint32_t r = 0;
  for (unsigned i = 0; i < 32; ++i) r |= ((v >> i) & 1u) << (31 - i);
  return r;
}

}  // namespace tmu::exec::intops
