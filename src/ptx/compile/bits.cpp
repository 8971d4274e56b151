// SPDX-License-Identifier: MIT
// Bit counts and reversal (PTX ISA "popc", "clz", "brev", "bfind"): popc and clz of .b32 and .b64 give a .u32,
// brev keeps its type, bfind (.u32, .s32, optionally .shiftamt) gives the position of the most significant bit
// that differs from the sign (0xffffffff when there is none). 64-bit operands are (low, high) pairs.
#include <fmt/format.h>

#include "ir/alu_ops.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

void FunctionCompiler::bits(const Instruction& ins) {
  const std::string_view op = ins.opcode;
  const Type t = last_type(ins);
  expect_operands(ins, 2);
  refuse_unknown(ins, {".shiftamt"});
  if (op != "bfind" && has(ins, ".shiftamt")) fail(ins.loc, fmt::format("{}.shiftamt: .shiftamt is bfind's", op));
  if (bit_size(t) != 32 && bit_size(t) != 64) fail(ins.loc, fmt::format("{} takes 32- or 64-bit operands", op));
  const bool wide64 = is_64(t);
  const DefId x = value(ins.operands[1], t);
  auto alu = [&](AluOp o, std::initializer_list<DefId> s) { return b().alu(o, s); };
  auto k = [&](int64_t v) { return b().imm_int(v); };
  auto clz32 = [&](DefId v) { return alu(AluOp::isub, {k(31), alu(AluOp::ufind_msb, {v})}); };  // 32 for 0
  if (op == "popc") {
    const DefId r = wide64 ? alu(AluOp::iadd, {alu(AluOp::bit_count, {lo(x)}), alu(AluOp::bit_count, {hi(x)})})
                           : alu(AluOp::bit_count, {x});
    return set(ins.operands[0], r, Type::U32);
  }
  if (op == "clz") {
    if (!wide64) return set(ins.operands[0], clz32(x), Type::U32);
    const DefId high_set = alu(AluOp::ine, {hi(x), k(0)});
    return set(ins.operands[0], alu(AluOp::bcsel, {high_set, clz32(hi(x)), alu(AluOp::iadd, {k(32), clz32(lo(x))})}),
               Type::U32);
  }
  if (op == "brev") {
    if (!wide64) return set(ins.operands[0], alu(AluOp::bitfield_reverse, {x}), t);
    return set(ins.operands[0], wide(alu(AluOp::bitfield_reverse, {hi(x)}), alu(AluOp::bitfield_reverse, {lo(x)})), t);
  }
  // bfind
  if (wide64) fail(ins.loc, "bfind of 64-bit values is not compiled yet (.u32 and .s32 are)");
  DefId v = x;
  if (kind(t) == Kind::Signed) v = alu(AluOp::bcsel, {alu(AluOp::ilt, {x, k(0)}), alu(AluOp::inot, {x}), x});
  else if (kind(t) != Kind::Unsigned) fail(ins.loc, "bfind takes .u32 or .s32");
  DefId r = alu(AluOp::ufind_msb, {v});
  if (has(ins, ".shiftamt"))  // the left shift that brings that bit to bit 31; none found stays 0xffffffff
    r = alu(AluOp::bcsel, {alu(AluOp::ieq, {r, k(0xffffffff)}), r, alu(AluOp::isub, {k(31), r})});
  set(ins.operands[0], r, Type::U32);
}

}  // namespace tmu::ptx::to_ir
