// SPDX-License-Identifier: MIT
// The float ALU family: the handler list, and the operand fetch, register pairs, boolean operations and condition
// codes the handlers share (ops_float_common.h). The arithmetic lives in ops_float_arith.cpp (FADD, FMUL, FFMA,
// FSWZADD), ops_float_compare.cpp (FMNMX, FSET, FSETP, FCMP, FCHK), ops_mufu.cpp (MUFU, RRO) and
// ops_float_double.cpp (DADD, DMUL, DFMA, DMNMX, DSET, DSETP).
#include <fmt/format.h>

#include "exec/ops_float_common.h"

namespace tmu::exec {

using isa::sm50::Op;

namespace fp {

AluSource source_b(const Instruction& in) {
  if (rc_form(in)) return AluSource::reg(in.get<Opd::rc>().index);
  if (in.has(Opd::rb)) return AluSource::reg(in.get<Opd::rb>().index);
  if (in.has(Opd::fa_cb)) return AluSource::cbank(in.get<Opd::fa_cb>());
  if (in.has(Opd::fa_fimm20)) return AluSource::imm(in.get<Opd::fa_fimm20>() << 12);
  return AluSource::imm(in.get<Opd::fa_fimm32>());
}

AluSource source_c(const Instruction& in) {
  if (rc_form(in)) return AluSource::cbank(in.get<Opd::fa_cb>());
  return AluSource::reg(in.get<Opd::rc>().index);
}

bool pair_ok(Context& c, unsigned r, unsigned lane, std::string_view role) {
  if (r == isa::sm50::Reg::kRZ) return true;
  if (r % 2 != 0) {
    c.fail(static_cast<int>(lane),
           fmt::format("{} R{} is a 64-bit register pair and must start at an even register", role, r));
    return false;
  }
  if (r + 1 >= kRegisters) {
    c.fail(static_cast<int>(lane), fmt::format("{} R{}:R{} runs off the register file", role, r, r + 1));
    return false;
  }
  return true;
}

uint64_t reg64(Context& c, unsigned r, unsigned lane) {
  if (r == isa::sm50::Reg::kRZ || !pair_ok(c, r, lane, "source")) return 0;
  return uint64_t{c.reg(r + 1, lane)} << 32 | c.reg(r, lane);
}

void set_reg64(Context& c, unsigned r, unsigned lane, uint64_t v) {
  if (r == isa::sm50::Reg::kRZ || !pair_ok(c, r, lane, "destination")) return;
  c.set_reg(r, lane, static_cast<uint32_t>(v));
  c.set_reg(r + 1, lane, static_cast<uint32_t>(v >> 32));
}

namespace {
uint64_t cbank64(Context& c, uint32_t v, unsigned lane) {
  const uint32_t lo = cbank_word(c, v, lane), hi = cbank_word(c, v, lane, 4);
  return uint64_t{hi} << 32 | lo;
}
}  // namespace

uint64_t operand_b64(Context& c, const Instruction& in, unsigned lane) {
  if (rc_form(in)) return reg64(c, in.get<Opd::rc>().index, lane);
  if (in.has(Opd::rb)) return reg64(c, in.get<Opd::rb>().index, lane);
  if (in.has(Opd::fa_cb)) return cbank64(c, in.get<Opd::fa_cb>(), lane);
  return uint64_t{in.get<Opd::fa_dimm20>()} << 44;
}

uint64_t operand_c64(Context& c, const Instruction& in, unsigned lane) {
  if (rc_form(in)) return cbank64(c, in.get<Opd::fa_cb>(), lane);
  return reg64(c, in.get<Opd::rc>().index, lane);
}

bool combine(Context& c, FaBoolOp op, bool a, bool b) {
  switch (op) {
    case FaBoolOp::AND: return a && b;
    case FaBoolOp::OR: return a || b;
    case FaBoolOp::XOR: return a != b;
    default: c.fail(-1, "boolean operation 3 (.INVALIDBOP3) is undefined"); return false;
  }
}

void set_cc(Context& c, unsigned lane, bool zero, bool sign, bool carry, bool overflow) {
  const uint32_t m = 1u << lane;
  auto put = [m](uint32_t& flags, bool v) { flags = v ? flags | m : flags & ~m; };
  put(c.warp.cc.zero, zero);
  put(c.warp.cc.sign, sign);
  put(c.warp.cc.carry, carry);
  put(c.warp.cc.overflow, overflow);
}

}  // namespace fp

namespace {

constexpr HandlerEntry kHandlers[] = {
    {Op::FADD, fp::fadd},       {Op::FADD32I, fp::fadd},    {Op::FMUL, fp::fmul},   {Op::FMUL32I, fp::fmul},
    {Op::FFMA, fp::ffma},       {Op::FFMA32I, fp::ffma},    {Op::FSWZADD, fp::fswzadd}, {Op::FMNMX, fp::fmnmx},
    {Op::FSET, fp::fset},       {Op::FSETP, fp::fsetp},     {Op::FCMP, fp::fcmp},   {Op::FCHK, fp::fchk},
    {Op::MUFU, fp::mufu},       {Op::RRO, fp::rro},         {Op::DADD, fp::dadd},   {Op::DMUL, fp::dmul},
    {Op::DFMA, fp::dfma},       {Op::DMNMX, fp::dmnmx},     {Op::DSET, fp::dset},   {Op::DSETP, fp::dsetp},
};

}  // namespace

std::span<const HandlerEntry> float_handlers() { return kHandlers; }

}  // namespace tmu::exec
