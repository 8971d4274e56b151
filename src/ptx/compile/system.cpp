// SPDX-License-Identifier: MIT
// The machine around a thread: PTX's special registers (PTX ISA "Special Registers"), isspacep, trap, brkpt and
// pmevent, compiled as ptxas 11.8 compiles them for sm_50 (ptxas -arch=sm_50, then cuobjdump -sass):
//   %tid, %ntid, %ctaid, %nctaid      S2R SR_TID.X/Y/Z, SR_CTAID.X/Y/Z; c[0x0][0x8..0x10], [0x14..0x1c]
//   %laneid, %lanemask_*              S2R SR_LANEID; shifts of it
//   %warpid, %smid                    S2R SR_VIRTID, bits 13:8 and 28:20
//   %nsmid, %nwarpid                  S2R SR_VIRTCFG, bits 28:20; the constant 64
//   %clock, %clock_hi                 CS2R SR_CLOCKLO, SR_CLOCKHI
//   %globaltimer_lo, _hi              CS2R SR_GLOBALTIMERLO, SR_GLOBALTIMERHI
//   %pm0..%pm7                        CS2R SR_PM0..7
//   %clock64, %globaltimer, %pmN_64   the high word, the low word, and the high word again when the low word's top
//                                     bit is clear (it may have carried between the reads)
//   %total_smem_size                  S2R SR_SMEMSZ
//   %dynamic_smem_size                c[0x0][0xfc]
//   %gridid                           c[0x0][0x28] (and [0x2c])
//   %envreg0..%envreg31               c[0x0][0x30 + 4 n]
// A special register is an operand of mov and cvt only, of its own size (ptxas: "Special register argument not
// allowed for instruction 'add'", "Arguments mismatch for instruction 'mov'").
#include <fmt/format.h>

#include <charconv>

#include "isa/sm50/conv_move_enums.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {
namespace {

using ir::AluOp;
using ir::DefId;

using namespace isa::sm50::sreg;  // S2R / CS2R register numbers
// Constant bank 0 words the driver fills (docs/run.md).
constexpr uint32_t kGridId = 0x28, kEnvRegs = 0x30, kDynamicShared = 0xfc;

// n for NAME<n> with n < count (and the `suffix` after it), else nothing.
std::optional<unsigned> numbered(std::string_view name, std::string_view prefix, std::string_view suffix,
                                 unsigned count) {
  if (!name.starts_with(prefix) || !name.ends_with(suffix) || name.size() <= prefix.size() + suffix.size())
    return std::nullopt;
  const std::string_view digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
  unsigned n = 0;
  const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (r.ec != std::errc{} || r.ptr != digits.data() + digits.size() || n >= count) return std::nullopt;
  return n;
}

}  // namespace

DefId FunctionCompiler::special(const Operand& o, Type t) {
  using ir::Intrinsic;
  const std::string& n = o.name;
  if (n == "%aggr_smem_size") fail(o.loc, fmt::format("Unknown symbol '{}'", n));
  if (n.starts_with("%reserved_smem_offset"))
    fail(o.loc, fmt::format("Feature '{}' requires .target sm_80 or higher", n));
  if ((opcode_ != "mov" && opcode_ != "cvt") || is_float(t) || t == Type::Pred)
    fail(o.loc, fmt::format("Special register argument not allowed for instruction '{}'", opcode_));
  const std::optional<unsigned> pm = numbered(n, "%pm", "", 8), pm64 = numbered(n, "%pm", "_64", 8);
  const bool wide_register = n == "%clock64" || n == "%globaltimer" || pm64;
  const bool either = n == "%gridid";  // .u64, and ptxas takes it as .u32 too
  if (bit_size(t) != (wide_register ? 64u : 32u) && !(either && (is_64(t) || bit_size(t) == 32)))
    fail(o.loc, fmt::format("Arguments mismatch for instruction '{}': {} is a {}-bit special register, the "
                            "instruction reads {}",
                            opcode_, n, wide_register ? 64 : 32, name(t)));

  auto sysval = [&](Intrinsic op, unsigned comps) {
    ir::IntrinsicInstr i;
    i.op = op;
    i.dest.components = static_cast<uint8_t>(comps);
    return b().intrinsic(std::move(i));
  };
  auto sr = [&](unsigned number) {
    ir::IntrinsicInstr i;
    i.op = Intrinsic::load_sysval_nv;
    i.dest.components = 1;
    i.set_index("base", std::to_string(number));
    return b().intrinsic(std::move(i));
  };
  auto field = [&](DefId v, unsigned at, unsigned bits) {
    return b().alu(AluOp::iand, {b().alu(AluOp::ushr, {v, b().imm_int(at)}), b().imm_int((1u << bits) - 1)});
  };
  // Two 32-bit counters read as one: the high word again when the low one may have carried into it.
  auto counter64 = [&](unsigned low, unsigned high) {
    const DefId hi1 = sr(high), lo_word = sr(low), hi2 = sr(high);
    const DefId top_set = b().alu(AluOp::ilt, {lo_word, b().imm_int(0)});
    return wide(lo_word, b().alu(AluOp::bcsel, {top_set, hi1, hi2}));
  };
  auto bank0 = [&](uint32_t at, unsigned comps) {
    ir::IntrinsicInstr i;
    i.op = Intrinsic::load_ubo;
    i.dest.components = static_cast<uint8_t>(comps);
    i.src = {b().imm_int(0), b().imm_int(at)};
    return b().intrinsic(std::move(i));
  };

  const unsigned c = o.component == 'y' ? 1 : o.component == 'z' ? 2 : 0;
  auto vec3 = [&](Intrinsic op) {
    if (o.component != 'x' && o.component != 'y' && o.component != 'z')
      fail(o.loc, fmt::format("{} needs a component: .x, .y or .z", n));
    return b().channel(sysval(op, 3), c);
  };
  if (o.component && n != "%tid" && n != "%ntid" && n != "%ctaid" && n != "%nctaid")
    fail(o.loc, fmt::format("{} has no components", n));
  if (n == "%tid") return vec3(Intrinsic::load_local_invocation_id);
  if (n == "%ntid") return vec3(Intrinsic::load_workgroup_size);
  if (n == "%ctaid") return vec3(Intrinsic::load_workgroup_id);
  if (n == "%nctaid") return vec3(Intrinsic::load_num_workgroups);
  if (n == "%laneid") return sysval(Intrinsic::load_subgroup_invocation, 1);
  if (n.starts_with("%lanemask_")) {  // lanes below, at, above the own one
    const DefId lane = sysval(Intrinsic::load_subgroup_invocation, 1);
    const DefId eq = b().alu(AluOp::ishl, {b().imm_int(1), lane});
    const DefId lt = b().alu(AluOp::isub, {eq, b().imm_int(1)}), le = b().alu(AluOp::ior, {lt, eq});
    const std::string_view which = std::string_view(n).substr(10);
    if (which == "eq") return eq;
    if (which == "lt") return lt;
    if (which == "le") return le;
    if (which == "gt") return b().alu(AluOp::inot, {le});
    if (which == "ge") return b().alu(AluOp::inot, {lt});
  }
  if (n == "%warpid") return field(sr(kVirtId), 8, 6);
  if (n == "%smid") return field(sr(kVirtId), 20, 9);
  if (n == "%nsmid") return field(sr(kVirtCfg), 20, 9);
  if (n == "%nwarpid") return b().imm_int(64);
  if (n == "%clock") return sr(kClockLo);
  if (n == "%clock_hi") return sr(kClockHi);
  if (n == "%clock64") return counter64(kClockLo, kClockHi);
  if (n == "%globaltimer_lo") return sr(kGlobalTimerLo);
  if (n == "%globaltimer_hi") return sr(kGlobalTimerHi);
  if (n == "%globaltimer") return counter64(kGlobalTimerLo, kGlobalTimerHi);
  if (pm) return sr(kPm0 + *pm);
  if (pm64) return counter64(kPm0 + *pm64, kPmHi0 + *pm64);
  if (n == "%total_smem_size") return sr(kSmemSize);
  if (n == "%dynamic_smem_size") return bank0(kDynamicShared, 1);
  if (n == "%gridid") return is_64(t) ? bank0(kGridId, 2) : bank0(kGridId, 1);
  if (const auto env = numbered(n, "%envreg", "", 32)) return bank0(kEnvRegs + 4 * *env, 1);
  fail(o.loc, fmt::format("{} is not a special register tmu compiles", n));
}

// isspacep.space p, a (PTX ISA "isspacep"): whether the generic address a lies in the space. As ptxas 11.8 tests
// it for sm_50: shared and local when the high word is 0 and bits 31:24 equal those of the window's base
// (c[0x0][0x0], [0x4]); const never (ptxas compares the address with c[0x0][0xd0] twice with opposite outcomes,
// which no address passes as the executor reads ISETP.X); global when neither shared nor local.
void FunctionCompiler::system(const Instruction& ins) {
  const std::string& op = ins.opcode;
  if (op == "trap" || op == "brkpt") {
    expect_operands(ins, 0);
    refuse_unknown(ins, {});
    ir::IntrinsicInstr i;
    i.op = ir::Intrinsic::trap;
    b().intrinsic(std::move(i));
    return;
  }
  if (op == "pmevent") {  // pmevent N (an event 0-15) or pmevent.mask M (16 bits)
    expect_operands(ins, 1);
    refuse_unknown(ins, {".mask"});
    const Operand& a = ins.operands[0];
    const bool mask = has(ins, ".mask");
    if (a.kind != Operand::Kind::Int) fail(a.loc, "Arguments mismatch for instruction 'pmevent': it takes a constant");
    if (mask && a.int_value > 0xffff) fail(a.loc, "pmevent.mask takes a 16-bit constant");
    if (!mask && a.int_value > 15)
      fail(a.loc, fmt::format("Argument 0 of instruction 'pmevent': value '{}' out of range, expected to be in range "
                              "[0..15]", a.int_value));
    ir::IntrinsicInstr i;
    i.op = ir::Intrinsic::pmevent;
    i.set_index("base", std::to_string(mask ? a.int_value : uint64_t{1} << a.int_value));
    b().intrinsic(std::move(i));
    return;
  }
  // isspacep
  expect_operands(ins, 2);
  refuse_unknown(ins, {".global", ".shared", ".local", ".const", ".param"});
  if (has(ins, ".param")) fail(ins.loc, "Feature 'cvta/isspacep with .param state space' requires .target sm_70 or higher");
  const Operand& a = ins.operands[1];
  const Type at = a.kind == Operand::Kind::Name && registers_.count(a.name) ? register_type(a) : Type::U64;
  if (at != Type::U64 && at != Type::B64 && at != Type::S64 && at != Type::U32 && at != Type::B32 && at != Type::S32)
    fail(a.loc, "isspacep takes a 32- or 64-bit integer address");
  const DefId addr = value(a, at);
  auto in_window = [&](uint32_t base_word) {
    ir::IntrinsicInstr i;
    i.op = base_word == 0 ? ir::Intrinsic::load_shared_window_base : ir::Intrinsic::load_local_window_base;
    i.dest.components = 1;
    const DefId base = b().intrinsic(std::move(i));
    const DefId low = is_64(at) ? lo(addr) : addr;
    DefId r = b().alu(AluOp::ieq, {b().alu(AluOp::iand, {low, b().imm_int(0xff000000u)}), base});
    if (is_64(at)) r = b().alu(AluOp::iand, {r, b().alu(AluOp::ieq, {hi(addr), b().imm_int(0)})});
    return r;
  };
  DefId r;
  if (has(ins, ".shared")) r = in_window(0x0);
  else if (has(ins, ".local")) r = in_window(0x4);
  else if (has(ins, ".const")) r = b().imm_int(0, 1);
  else if (has(ins, ".global")) r = b().alu(AluOp::inot, {b().alu(AluOp::ior, {in_window(0x0), in_window(0x4)})});
  else fail(ins.loc, "isspacep needs a space: .global, .shared, .local or .const");
  set(ins.operands[0], r, Type::Pred);
}

}  // namespace tmu::ptx::to_ir
