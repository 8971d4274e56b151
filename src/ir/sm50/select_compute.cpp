// SPDX-License-Identifier: MIT
// Compute-kernel intrinsics to SM50 (docs/ir.md, "Compute kernels"): kernel parameters, the launch's system
// values and global memory, spelled as ptxas 11.8 spells its own output (`nvdisasm` of `ptxas -arch=sm_50`):
//   ld.param          MOV R2, c[0x0][0x140]          (parameters from isa::kParamBase, EIATTR_PARAM_CBANK)
//   %tid / %ctaid     S2R R4, SR_TID.X / SR_CTAID.Y   %laneid: S2R R5, SR_LANEID
//   %ntid / %nctaid   MOV R, c[0x0][0x8 + 4k] / c[0x0][0x14 + 4k]   (docs/run.md, "Constant bank 0")
//   ld.global         LDG.E R0, [R2] / LDG.E.64 R12, [R2] / LDG.E.128 R8, [R2]
//   st.global         STG.E [R2], R0 / STG.E.64 / STG.E.128 [R2+0x30], R4
//   ld/st.shared      LDS R0, [R2+0x10] / STS.64 [R2], R4      (load_shared / store_shared: offset + base)
//   ld/st.local       LDL R0, [R2] / STL.128 [R2], R8          (load_scratch / store_scratch)
//   atom.global       ATOM.E.ADD R11, [R4], R10 / ATOM.E.CAS R0, [R4+0x24], R10, R11 / ATOM.E.ADD.U64
//   red.global        RED.E.MAX [R4+0x34], R10             atom/red.shared: ATOMS.MIN.S32 R22 / RZ, [R29+0x4], R10
//   ld.const          c[0x3][0x8] operands (here MOV R0, c[0x3][0x8]) / LDC R4, c[0x3][R6+0x10]    (load_ubo)
//   a .global var     MOV32I R4, 32@lo(var) ; MOV32I R5, 32@hi(var)     (load_global_variable_address_2x32)
//   ld/st (generic)   LD.E R0, [R2] / ST.E.U8 [R2], R0                  (load/store_generic_2x32)
//   cvta.shared/local the window's base OR'd in: MOV R, c[0x0][0x0] / c[0x0][0x4]
//   bar.sync 0        BAR.SYNC 0x0 ; MEMBAR.CTA            membar.cta / .gl / .sys: MEMBAR.CTA / MEMBAR.GL.IVALLD /
//                     MEMBAR.SYS.IVALLD     bar.arrive 1, 64: BAR.ARV 0x1, 0x40 ; MEMBAR.CTA
//   bar.red.popc      BAR.RED.POPC 0x1, P1 ; B2R.RESULT R0 (.and / .or: BAR.RED.AND ... ; B2R.RESULT RZ, P1)
// The address is the (lo, hi) pair of a 2-component definition: the allocator gives it an even register.
#include "ir/sm50/select_internal.h"
#include "isa/cubin_image.h"
#include "isa/sm50/conv_move_enums.h"

namespace tmu::ir::sm50::detail {
namespace {

// The access width of a load or store: ".U8" / ".U16" for one 8- or 16-bit value (zero-extended into its register
// when loaded: the register form of a narrow definition), ".64", ".128" or "" for 1, 2 or 4 32-bit components.
std::string width_suffix(Selector& sel, const Instr& i, unsigned bit_size, unsigned components) {
  if (bit_size == 8 || bit_size == 16) {
    if (components != 1) sel.fail(i, fmt::format("{} {}-bit components: narrow accesses move one value", components, bit_size));
    return bit_size == 8 ? ".U8" : ".U16";
  }
  if (bit_size != 32) sel.fail(i, fmt::format("{}-bit components have no load or store form", bit_size));
  switch (components) {
    case 1:
      return "";
    case 2:
      return ".64";
    case 4:
      return ".128";
    default:
      sel.fail(i, fmt::format("{} components: LDG/STG move 1, 2 or 4", components));
  }
}

// The address operand "[Ra]" of a (lo, hi) pair.
std::string address(Selector& sel, const Instr& i, DefId a) {
  if (sel.components(a) != 2 || sel.bit_size(a) != 32)
    sel.fail(i, fmt::format("the address ssa_{} is not two 32-bit components (lo, hi)", a));
  return fmt::format("[{}]", sel.r(a));
}

// The write mask: a number, or the letters Mesa prints (print_intrinsic_instr: "xyzw" up to four components,
// "abcd..." beyond); all components when absent.
unsigned write_mask(Selector& sel, const Instr& i, const IntrinsicInstr& n, unsigned count) {
  const unsigned full = (1u << count) - 1;
  if (auto v = n.index("wrmask")) return static_cast<unsigned>(*v) & full;
  for (const auto& [key, value] : n.indices) {
    if (key != "wrmask") continue;
    const std::string_view letters = count <= 4 ? "xyzw" : "abcdefghijklmnop";
    unsigned mask = 0;
    for (char ch : value) {
      const auto at = letters.find(ch);
      if (at == std::string_view::npos || at >= count)
        sel.fail(i, fmt::format("wrmask={} names no component", value));
      mask |= 1u << at;
    }
    return mask;
  }
  return full;
}

void check_32bit(Selector& sel, const Instr& i, const Def& d, std::string_view what) {
  if (d.bit_size != 32)
    sel.fail(i, fmt::format("{} is {}-bit: only 32-bit components have a selection", what, d.bit_size));
}

void system_values(Selector& sel, const Instr& i, const IntrinsicInstr& n, const char* sreg) {
  check_32bit(sel, i, n.dest, name(n.op));
  const unsigned b = sel.dest(n.dest);
  static constexpr char kAxis[] = {'X', 'Y', 'Z'};
  for (unsigned c = 0; c < n.dest.components && c < 3; ++c)
    sel.emit(fmt::format("S2R {}, {}.{}", sel.reg(b + c), sreg, kAxis[c]));
}

void bank0_words(Selector& sel, const Instr& i, const IntrinsicInstr& n, unsigned first) {
  check_32bit(sel, i, n.dest, name(n.op));
  const unsigned b = sel.dest(n.dest);
  for (unsigned c = 0; c < n.dest.components; ++c)
    sel.emit(fmt::format("MOV {}, c[0x0][{:#x}]", sel.reg(b + c), first + 4 * c));
}

void kernel_input(Selector& sel, const Instr& i, const IntrinsicInstr& n) {
  check_32bit(sel, i, n.dest, "load_kernel_input");
  const auto offset = sel.constant(n.src[0]);
  if (!offset)
    sel.fail(i,
             "load_kernel_input with a non-constant offset has no selection (parameters are read as "
             "c[0x0][0x140 + base + offset] with a constant offset)");
  const int64_t at = n.index("base").value_or(0) + static_cast<int64_t>(static_cast<uint32_t>(*offset));
  if (at < 0 || at % 4 != 0 || isa::kParamBase + at + 4 * n.dest.components > 0x10000)
    sel.fail(i,
             fmt::format("load_kernel_input at byte {} is not a 4-byte-aligned word of constant bank 0", at));
  const unsigned b = sel.dest(n.dest);
  for (unsigned c = 0; c < n.dest.components; ++c)
    sel.emit(fmt::format("MOV {}, c[0x0][{:#x}]", sel.reg(b + c),
                         isa::kParamBase + static_cast<unsigned>(at) + 4 * c));
}

// The memory a load or store reaches: its mnemonics and how its address is written.
struct Space {
  const char* load;   // "LDG.E"
  const char* store;  // "STG.E"
  bool pair;          // a (lo, hi) 64-bit address; otherwise a 32-bit offset in the window, plus `base`
};
constexpr Space kGlobal{"LDG.E", "STG.E", true}, kShared{"LDS", "STS", false}, kScratch{"LDL", "STL", false},
                kGeneric{"LD.E", "ST.E", true};  // Ps left PT, as nouveau does (docs/run.md, "Generic addresses")

// "[Ra]" or "[Ra+0x10]" (the window's offset plus the intrinsic's base), and the register with the byte offset
// of component c added.
struct Address {
  std::string reg;
  int64_t base = 0;
  std::string at(unsigned byte) const {
    const int64_t off = base + byte;
    return off == 0 ? fmt::format("[{}]", reg) : fmt::format("[{}{}{:#x}]", reg, off < 0 ? "-" : "+", off < 0 ? -off : off);
  }
};

Address address_of(Selector& sel, const Instr& i, const IntrinsicInstr& n, const Space& space, DefId a) {
  if (space.pair) {
    address(sel, i, a);  // checks the pair
    return {sel.r(a), 0};
  }
  if (sel.components(a) != 1 || sel.bit_size(a) != 32) sel.fail(i, fmt::format("the offset ssa_{} is not one 32-bit value", a));
  const int64_t base = n.index("base").value_or(0);
  if (base < -0x800000 || base > 0x7fffff) sel.fail(i, fmt::format("base {} does not fit the 24-bit address offset", base));
  return {sel.r(a), base};
}

void load(Selector& sel, const Instr& i, const IntrinsicInstr& n, const Space& space) {
  const std::string suffix = width_suffix(sel, i, n.dest.bit_size, n.dest.components);
  const Address addr = address_of(sel, i, n, space, n.src[0]);
  const unsigned b = sel.dest(n.dest);  // aligned to the vector's size (Registers::take), as .64/.128 need
  sel.emit(fmt::format("{}{} {}, {}", space.load, suffix, sel.reg(b), addr.at(0)));
}

void store(Selector& sel, const Instr& i, const IntrinsicInstr& n, const Space& space) {
  const DefId v = n.src[0];
  const unsigned count = sel.components(v);
  const Address addr = address_of(sel, i, n, space, n.src[1]);
  if (const unsigned bits = sel.bit_size(v); bits != 32) {  // one 8- or 16-bit value: its register's low bits
    sel.emit(fmt::format("{}{} {}, {}", space.store, width_suffix(sel, i, bits, count), addr.at(0), sel.r(v)));
    return;
  }
  const unsigned full = (1u << count) - 1;
  const unsigned mask = write_mask(sel, i, n, count);
  if (mask != full || (count != 1 && count != 2 && count != 4)) {
    // Some components, or a width with no vector form: one store each at its byte offset.
    for (unsigned c = 0; c < count; ++c)
      if ((mask >> c) & 1) sel.emit(fmt::format("{} {}, {}", space.store, addr.at(4 * c), sel.r(v, c)));
    return;
  }
  // (Every definition is an aligned vector today; aligned_block copies one that is not.)
  sel.emit(fmt::format("{}{} {}, {}", space.store, width_suffix(sel, i, 32, count), addr.at(0), sel.aligned_block(v, count)));
}

// load_ubo: a constant offset reads the bank directly, MOV Rd, c[0x3][base + offset] per component (ptxas folds
// such reads into its ALU operands); a register offset is LDC[.64/.128] Rd, c[0x3][Ra+base], as ptxas writes it.
// An 8- or 16-bit value at a constant offset is its word's bits, BFE.U32 (bank operands read whole words).
void constant_load(Selector& sel, const Instr& i, const IntrinsicInstr& n) {
  const auto bank = sel.constant(n.src[0]);
  if (!bank || *bank > 17) sel.fail(i, "load_ubo's block must be a constant bank number (0-17)");
  const int64_t base = n.index("base").value_or(0);
  const unsigned bits = n.dest.bit_size;
  const std::string suffix = width_suffix(sel, i, bits, n.dest.components);
  if (const auto off = sel.constant(n.src[1])) {
    const int64_t at = base + static_cast<int32_t>(static_cast<uint32_t>(*off));
    const unsigned bytes = bits / 8;
    if (at < 0 || at % bytes || at + bytes * n.dest.components > 0x10000)
      sel.fail(i, fmt::format("load_ubo at byte {} is not an aligned {}-bit value of a bank", at, bits));
    const unsigned b = sel.dest(n.dest);
    if (bits != 32) {
      sel.emit(fmt::format("MOV {}, c[{:#x}][{:#x}]", sel.reg(b), *bank, at & ~int64_t{3}));
      sel.emit(fmt::format("BFE.U32 {}, {}, {:#x}", sel.reg(b), sel.reg(b), (bits << 8) | (8 * (at & 3))));
      return;
    }
    for (unsigned c = 0; c < n.dest.components; ++c)
      sel.emit(fmt::format("MOV {}, c[{:#x}][{:#x}]", sel.reg(b + c), *bank, at + 4 * c));
    return;
  }
  if (base < -0x8000 || base > 0x7fff) sel.fail(i, fmt::format("base {} does not fit LDC's 16-bit offset", base));
  const Address at{sel.r(n.src[1]), base};
  const unsigned b = sel.dest(n.dest);
  sel.emit(fmt::format("LDC{} {}, c[{:#x}]{}", suffix, sel.reg(b), *bank, at.at(0)));
}

// The SASS operation of an atomic (the part of its name between the space's prefix and suffix) on 32- or 64-bit
// data, as ptxas 11.8 spells it: ATOM.E.ADD / .ADD.U64 / .ADD.F32.FTZ.RN, .MIN.S32 / .MIN (u32) / .MIN.U64 /
// .MIN.S64, .AND / .AND.U64, .EXCH / .EXCH.U64, .INC, .DEC, .CAS / .CAS.64.
std::string atomic_op(Selector& sel, const Instr& i, std::string_view op, bool wide) {
  const char* u64 = wide ? ".U64" : "";
  if (op == "add") return fmt::format(".ADD{}", u64);
  if (op == "fadd") return ".ADD.F32.FTZ.RN";
  if (op == "imin" || op == "imax") return fmt::format(".{}{}", op == "imin" ? "MIN" : "MAX", wide ? ".S64" : ".S32");
  if (op == "umin" || op == "umax") return fmt::format(".{}{}", op == "umin" ? "MIN" : "MAX", u64);
  if (op == "and") return fmt::format(".AND{}", u64);
  if (op == "or") return fmt::format(".OR{}", u64);
  if (op == "xor") return fmt::format(".XOR{}", u64);
  if (op == "exchange") return fmt::format(".EXCH{}", u64);
  if (op == "inc_wrap" && !wide) return ".INC";
  if (op == "dec_wrap" && !wide) return ".DEC";
  if (op == "comp_swap") return wide ? ".CAS.64" : ".CAS";
  sel.fail(i, fmt::format("the atomic {} on {}-bit data has no ATOM form", op, wide ? 64 : 32));
}

// ATOM.E / ATOMS (shared): Rd, [address], data (CAS: the compared and the new value in consecutive registers). An
// unread result is ptxas's RED.E [address], data for global memory and ATOMS with RZ for shared memory (and for
// EXCH and CAS, which RED lacks, ATOM.E with RZ).
void atomic(Selector& sel, const Instr& i, const IntrinsicInstr& n, const Space& space, std::string_view op) {
  const DefId data = n.src[1];
  check_32bit(sel, i, sel.shape.at(data), fmt::format("{}'s data", name(n.op)));
  const unsigned words = sel.components(data);
  if (words > 2 || n.dest.components != words)
    sel.fail(i, fmt::format("{}: data and result are one 32-bit value or a (lo, hi) pair", name(n.op)));
  const Address addr = address_of(sel, i, n, space, n.src[0]);
  const std::string mnemonic = fmt::format("{}{}", space.pair ? "ATOM.E" : "ATOMS", atomic_op(sel, i, op, words == 2));
  std::string operands = sel.r(data);
  if (op == "comp_swap") {
    const unsigned s = sel.scratch(2 * words);
    for (unsigned k = 0; k < 2; ++k)
      for (unsigned c = 0; c < words; ++c)
        sel.emit(fmt::format("MOV {}, {}", sel.reg(s + k * words + c), sel.r(n.src[1 + k], c)));
    operands = fmt::format("{}, {}", sel.reg(s), sel.reg(s + words));
  }
  if (sel.read.count(n.dest.id)) {  // an atomic whose old value nobody reads is PTX's red
    sel.emit(fmt::format("{} {}, {}, {}", mnemonic, sel.reg(sel.dest(n.dest)), addr.at(0), operands));
  } else if (space.pair && op != "comp_swap" && op != "exchange") {  // RED has no EXCH or CAS
    sel.emit(fmt::format("RED.E{} {}, {}", atomic_op(sel, i, op, words == 2), addr.at(0), operands));
  } else {
    sel.emit(fmt::format("{} RZ, {}, {}", mnemonic, addr.at(0), operands));
  }
}

// The operation part of an atomic intrinsic's name: "add" of global_atomic_add_2x32 and shared_atomic_add.
std::optional<std::pair<const Space*, std::string_view>> atomic_form(Intrinsic op) {
  std::string_view nm = name(op);
  constexpr std::string_view kGlobalPrefix = "global_atomic_", kSuffix = "_2x32", kSharedPrefix = "shared_atomic_";
  if (nm.starts_with(kGlobalPrefix) && nm.ends_with(kSuffix))
    return std::pair{&kGlobal, nm.substr(kGlobalPrefix.size(), nm.size() - kGlobalPrefix.size() - kSuffix.size())};
  if (nm.starts_with(kSharedPrefix)) return std::pair{&kShared, nm.substr(kSharedPrefix.size())};
  return std::nullopt;
}

// control_barrier: BAR.SYNC barrier[, threads] (ptxas's bar.sync; `base` the barrier, `range` the thread count).
void control_barrier(Selector& sel, const Instr& i, const IntrinsicInstr& n) {
  const int64_t barrier = n.index("base").value_or(0), threads = n.index("range").value_or(0);
  if (barrier < 0 || barrier > 15) sel.fail(i, fmt::format("barrier {}: SM50 has barriers 0-15", barrier));
  if (threads < 0 || threads > 4095) sel.fail(i, fmt::format("{} threads do not fit BAR's 12-bit count", threads));
  sel.emit(threads ? fmt::format("BAR.SYNC {:#x}, {:#x}", barrier, threads) : fmt::format("BAR.SYNC {:#x}", barrier));
}

// bar_sync, bar_arrive, bar_red_*: BAR.SYNC / BAR.ARV / BAR.RED.POPC|AND|OR a[, b][, P], as ptxas 11.8 spells
// bar.sync, bar.arrive and bar.red with operands in registers or constants (`BAR.SYNC R0, R2`, `BAR.ARV 0x5, 0x40`,
// `BAR.RED.POPC 0x1, R0, !P1`); a constant count of 0 is left out (the whole block), except by BAR.ARV. The reduction's value is read
// back as ptxas reads it: `B2R.RESULT Rd` for .POPC's count, `B2R.RESULT RZ, P1` for .AND / .OR's predicate (here
// made a boolean register, 0 / ~0).
void named_barrier(Selector& sel, const Instr& i, const IntrinsicInstr& n, std::string_view mode) {
  auto operand = [&](DefId d, uint64_t limit, std::string_view what) -> std::string {
    if (const auto c = sel.constant(d)) {
      if (*c > limit) sel.fail(i, fmt::format("{} {} does not fit BAR (0..{})", what, *c, limit));
      return fmt::format("{:#x}", *c);
    }
    if (sel.bit_size(d) != 32 || sel.components(d) != 1)
      sel.fail(i, fmt::format("the {} ssa_{} is not one 32-bit value", what, d));
    return sel.r(d);
  };
  std::string operands = operand(n.src[0], 15, "barrier");
  const auto count = sel.constant(n.src[1]);
  // BAR.ARV always names its count (ptxas: `bar.arrive 5, 4096` is BAR.ARV 0x5, 0x0).
  if (!count || *count != 0 || mode == "ARV") operands += ", " + operand(n.src[1], 4095, "thread count");
  if (mode == "SYNC" || mode == "ARV") {
    sel.emit(fmt::format("BAR.{} {}", mode, operands));
    return;
  }
  std::string p = "P1";
  if (const auto c = sel.constant(n.src[2])) {
    p = *c ? "PT" : "!PT";
  } else {
    sel.emit(fmt::format("ISETP.NE.AND P1, PT, {}, RZ, PT", sel.r(n.src[2])));
  }
  sel.emit(fmt::format("BAR.RED.{} {}, {}", mode, operands, p));
  if (!sel.read.count(n.dest.id)) return;  // the barrier still waits; nobody reads its value
  const std::string d = sel.reg(sel.dest(n.dest));
  if (mode == "POPC") {
    sel.emit(fmt::format("B2R.RESULT {}", d));
  } else {
    sel.emit("B2R.RESULT RZ, P1");
    sel.emit(fmt::format("ISET.EQ.AND {}, RZ, RZ, P1", d));  // P1 ? ~0 : 0
  }
}

}  // namespace

bool select_compute(Selector& sel, const Instr& i, const IntrinsicInstr& n) {
  switch (n.op) {
    case Intrinsic::load_kernel_input:
      kernel_input(sel, i, n);
      return true;
    case Intrinsic::load_global_2x32: case Intrinsic::load_generic_2x32:
      load(sel, i, n, n.op == Intrinsic::load_global_2x32 ? kGlobal : kGeneric);
      return true;
    case Intrinsic::store_global_2x32: case Intrinsic::store_generic_2x32:
      store(sel, i, n, n.op == Intrinsic::store_global_2x32 ? kGlobal : kGeneric);
      return true;
    case Intrinsic::load_shared_window_base:  // cvta.shared's base (docs/run.md, "Constant bank 0")
      bank0_words(sel, i, n, 0x0);
      return true;
    case Intrinsic::load_local_window_base:
      bank0_words(sel, i, n, 0x4);
      return true;
    case Intrinsic::load_sysval_nv: {
      // ptxas 11.8 reads the counters (performance monitors, clocks, the global timer) with CS2R, the rest with S2R.
      const auto sr = static_cast<uint32_t>(n.index("base").value_or(0));
      namespace sreg = isa::sm50::sreg;
      const bool counter = (sr >= sreg::kPm0 && sr <= sreg::kPm7) || (sr >= sreg::kPmHi0 && sr <= sreg::kGlobalTimerHi);
      sel.emit(fmt::format("{} {}, {}", counter ? "CS2R" : "S2R", sel.reg(sel.dest(n.dest)),
                           isa::sm50::kCmSRegNames[sr & 0xff]));
      return true;
    }
    case Intrinsic::trap:  // PTX trap and brkpt, as ptxas 11.8 writes both for sm_50
      sel.emit("BPT.TRAP 0x1");
      return true;
    case Intrinsic::pmevent:
      sel.emit(fmt::format("NOP.TRIG {:#x}", n.index("base").value_or(0)));
      return true;
    case Intrinsic::load_shared:
      load(sel, i, n, kShared);
      return true;
    case Intrinsic::store_shared:
      store(sel, i, n, kShared);
      return true;
    case Intrinsic::load_scratch:
      load(sel, i, n, kScratch);
      return true;
    case Intrinsic::store_scratch:
      store(sel, i, n, kScratch);
      return true;
    case Intrinsic::load_local_invocation_id:
      system_values(sel, i, n, "SR_TID");
      return true;
    case Intrinsic::load_workgroup_id:
      system_values(sel, i, n, "SR_CTAID");
      return true;
    case Intrinsic::load_workgroup_size:
      bank0_words(sel, i, n, 0x8);
      return true;
    case Intrinsic::load_num_workgroups:
      bank0_words(sel, i, n, 0x14);
      return true;
    case Intrinsic::shuffle: {
      // SHFL.IDX with clamp 31 and no segment mask: the whole warp (PTX shfl.idx.b32 ... 0x1f).
      check_32bit(sel, i, n.dest, "shuffle");
      const unsigned d = sel.dest(n.dest);
      for (unsigned c = 0; c < n.dest.components; ++c)
        sel.emit(fmt::format("SHFL.IDX PT, {}, {}, {}, 0x1f", sel.reg(d + c), sel.r(n.src[0], c), sel.r(n.src[1])));
      return true;
    }
    case Intrinsic::ballot: case Intrinsic::vote_any: case Intrinsic::vote_all: case Intrinsic::vote_ieq: {
      // VOTE.ANY's ballot of the condition (booleans are 0 / ~0 registers) and, for all and ieq, of PT: the active
      // lanes. any: ballot != 0; all: ballot == active; ieq on booleans: ballot == 0 or ballot == active.
      if (sel.bit_size(n.src[0]) != 1 && n.op != Intrinsic::ballot)
        sel.fail(i, fmt::format("{} of {}-bit values has no selection (booleans have)", name(n.op), sel.bit_size(n.src[0])));
      const unsigned t = sel.scratch(2);
      const std::string ballot = sel.reg(t), active = sel.reg(t + 1);
      sel.emit(fmt::format("ISETP.NE.AND P1, PT, {}, RZ, PT", sel.r(n.src[0])));
      sel.emit(fmt::format("VOTE.ANY {}, PT, P1", ballot));
      const std::string d = sel.reg(sel.dest(n.dest));
      if (n.op == Intrinsic::ballot) {
        sel.emit(fmt::format("MOV {}, {}", d, ballot));
      } else if (n.op == Intrinsic::vote_any) {
        sel.emit(fmt::format("ISET.NE.AND {}, {}, RZ, PT", d, ballot));
      } else {
        sel.emit(fmt::format("VOTE.ANY {}, PT, PT", active));
        sel.emit(fmt::format("ISET.EQ.AND {}, {}, {}, PT", d, ballot, active));
        if (n.op == Intrinsic::vote_ieq) {
          sel.emit(fmt::format("ISET.EQ.AND {}, {}, RZ, PT", active, ballot));
          sel.emit(fmt::format("LOP.OR {}, {}, {}", d, d, active));
        }
      }
      return true;
    }
    case Intrinsic::load_ubo:
      constant_load(sel, i, n);
      return true;
    case Intrinsic::load_global_variable_address_2x32: {
      // Patched by the loader: MOV32I's immediate with a relocation (isa/cubin.h), as ptxas addresses a variable.
      std::string symbol;
      for (const auto& [key, value] : n.indices)
        if (key == "symbol") symbol = value;
      const unsigned d = sel.dest(n.dest);
      sel.emit(fmt::format("MOV32I {}, 32@lo({})", sel.reg(d), symbol));
      sel.emit(fmt::format("MOV32I {}, 32@hi({})", sel.reg(d + 1), symbol));
      return true;
    }
    case Intrinsic::control_barrier:
      control_barrier(sel, i, n);
      return true;
    case Intrinsic::group_memory_barrier:  // membar.cta, and after bar.sync
      sel.emit("MEMBAR.CTA");
      return true;
    case Intrinsic::memory_barrier:  // membar.gl
      sel.emit("MEMBAR.GL.IVALLD");
      return true;
    case Intrinsic::memory_barrier_system:  // membar.sys
      sel.emit("MEMBAR.SYS.IVALLD");
      return true;
    case Intrinsic::bar_sync:
      named_barrier(sel, i, n, "SYNC");
      return true;
    case Intrinsic::bar_arrive:
      named_barrier(sel, i, n, "ARV");
      return true;
    case Intrinsic::bar_red_popc:
      named_barrier(sel, i, n, "POPC");
      return true;
    case Intrinsic::bar_red_and:
      named_barrier(sel, i, n, "AND");
      return true;
    case Intrinsic::bar_red_or:
      named_barrier(sel, i, n, "OR");
      return true;
    case Intrinsic::load_subgroup_invocation: {
      check_32bit(sel, i, n.dest, "load_subgroup_invocation");
      sel.emit(fmt::format("S2R {}, SR_LANEID", sel.reg(sel.dest(n.dest))));
      return true;
    }
    default:
      if (const auto form = atomic_form(n.op)) {
        atomic(sel, i, n, *form->first, form->second);
        return true;
      }
      return false;
  }
}

}  // namespace tmu::ir::sm50::detail
