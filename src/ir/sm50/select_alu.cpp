// SPDX-License-Identifier: MIT
// ALU instructions to SM50: one case per opcode of alu_ops.inc that has a selection. Per-component opcodes are
// selected once per component. Float arithmetic is IEEE round-to-nearest without flushing (FADD, FMUL, FFMA), or
// with .FTZ in a shader that flushes fp32 denormals (with_ftz);
// transcendental opcodes use MUFU as ptxas and NAK do (the interpreter's "sm50" precision models the same);
// booleans are 0 / 0xffffffff registers.
#include <algorithm>

#include "ir/sm50/select_internal.h"

namespace tmu::ir::sm50::detail {
namespace {

void need32(Alu& x) {
  if (x.src_bits(0) != 32)
    x.sel.fail(x.instr, fmt::format("{} of {}-bit values has no selection", name(x.a.op), x.src_bits(0)));
}

// A float operand of any supported size as an fp32 register: 16-bit values are widened into a scratch register.
std::string f32_operand(Alu& x, unsigned k, unsigned c) {
  if (x.src_bits(k) == 32) return x.src(k, c);
  if (x.src_bits(k) != 16) x.sel.fail(x.instr, fmt::format("{}-bit float operands have no selection", x.src_bits(k)));
  const std::string t = x.tmp();
  x.sel.emit(fmt::format("F2F.F32.F16 {}, {}", t, x.src(k, c)));
  return t;
}

// Float opcodes on 16-bit values: computed in fp32 and rounded to fp16 once (as the interpreter does).
void float_op(Alu& x, const char* op32) {
  const unsigned k = info(x.a.op).num_inputs;
  for (unsigned c = 0; c < x.n(); ++c) {
    std::string s[3];
    for (unsigned i = 0; i < k; ++i) s[i] = f32_operand(x, i, c);
    const bool narrow = x.a.dest.bit_size == 16;
    const std::string out = narrow ? x.tmp() : x.dst(c);
    x.sel.emit(fmt::format(fmt::runtime(op32), out, s[0], s[1], s[2]));
    if (narrow) x.sel.emit(fmt::format("F2F.F16.F32 {}, {}", x.dst(c), out));
  }
}

void mufu(Alu& x, const char* op, const char* rro = nullptr) {
  for (unsigned c = 0; c < x.n(); ++c) {
    if (rro) {
      const std::string t = x.tmp();
      x.sel.emit(fmt::format("RRO.{} {}, {}", rro, t, x.src(0, c)));
      x.sel.emit(fmt::format("MUFU.{} {}, {}", op, x.dst(c), t));
    } else {
      x.sel.emit(fmt::format("MUFU.{} {}, {}", op, x.dst(c), x.src(0, c)));
    }
  }
}

// Dot products in NIR's pairwise order (nir_opcodes.py binop_reduce, as the interpreter sums them):
// fdot2 = p1 + p0, fdot3 = (p2 + p1) + p0, fdot4 = (p3 + p2) + (p1 + p0), each operation rounded.
void dot(Alu& x, unsigned width) {
  std::string p[4];
  for (unsigned c = 0; c < width; ++c) {
    p[c] = x.tmp();
    x.sel.emit(fmt::format("FMUL {}, {}, {}", p[c], x.src(0, c), x.src(1, c)));
  }
  const std::string d = x.dst(0);
  if (width == 2) {
    x.sel.emit(fmt::format("FADD {}, {}, {}", d, p[1], p[0]));
  } else if (width == 3) {
    x.sel.emit(fmt::format("FADD {}, {}, {}", p[2], p[2], p[1]));
    x.sel.emit(fmt::format("FADD {}, {}, {}", d, p[2], p[0]));
  } else {
    x.sel.emit(fmt::format("FADD {}, {}, {}", p[3], p[3], p[2]));
    x.sel.emit(fmt::format("FADD {}, {}, {}", p[1], p[1], p[0]));
    x.sel.emit(fmt::format("FADD {}, {}, {}", d, p[3], p[1]));
  }
}

// Quad derivatives: lanes 4q + {0, 1, 2, 3} are the quad's (0,0), (1,0), (0,1), (1,1). Coarse (and plain):
// the top row's or left column's difference for every lane; fine: the lane's own row or column.
void derivative(Alu& x, bool horizontal, bool fine) {
  for (unsigned c = 0; c < x.n(); ++c) {
    const std::string a = x.tmp(), b = x.tmp();
    if (!fine) {
      x.sel.emit(fmt::format("SHFL.IDX PT, {}, {}, {:#x}, 0x1c03", a, x.src(0, c), horizontal ? 1 : 2));
      x.sel.emit(fmt::format("SHFL.IDX PT, {}, {}, 0x0, 0x1c03", b, x.src(0, c)));
    } else {
      // The lane's partner across the row (xor 1) or column (xor 2); the difference is taken right minus left
      // (bottom minus top) whichever side the lane is on.
      const std::string lane = x.tmp(), p = x.tmp();
      x.sel.emit(fmt::format("SHFL.BFLY PT, {}, {}, {:#x}, 0x1c03", p, x.src(0, c), horizontal ? 1 : 2));
      x.sel.emit(fmt::format("S2R {}, SR_LANEID", lane));
      x.sel.emit(fmt::format("LOP32I.AND {}, {}, {:#x}", lane, lane, horizontal ? 1 : 2));
      x.sel.emit(fmt::format("ISETP.NE.AND P1, PT, {}, RZ, PT", lane));
      x.sel.emit(fmt::format("SEL {}, {}, {}, P1", a, x.src(0, c), p));
      x.sel.emit(fmt::format("SEL {}, {}, {}, P1", b, p, x.src(0, c)));
    }
    x.sel.emit(fmt::format("FADD {}, {}, -{}", x.dst(c), a, b));
  }
}

// Source k of component c as its register, or as an immediate when selection folds it (folded_source): 32-bit
// immediates (IADD32I, IMUL32I: signed; LOP32I: the bits) or 20-bit ones, sign-extended (-0x1).
std::string operand(Alu& x, unsigned k, unsigned c, bool signed32 = false) {
  if (folded_source(x.sel, x.a) != static_cast<int>(k)) return x.src(k, c);
  const auto v = static_cast<uint32_t>(*x.sel.constant(x.a.src[k].def, x.a.src[k].swizzle[c]));
  const bool bits32 = x.a.op == AluOp::iand || x.a.op == AluOp::ior || x.a.op == AluOp::ixor;  // LOP32I
  if (bits32 || (v >> 31) == 0 || (!signed32 && v < 0xfff80000u)) return fmt::format("{:#x}", v);
  return fmt::format("-{:#x}", 0u - v);
}

// The comparisons: FSET/ISET (a boolean register) or FSETP/ISETP (a predicate, set + "P") and the test.
struct Comparison {
  const char* set;
  const char* test;
};
std::optional<Comparison> comparison(AluOp op) {
  switch (op) {
    case AluOp::feq: case AluOp::feq32: return Comparison{"FSET", "EQ"};
    case AluOp::fneu: case AluOp::fneu32: return Comparison{"FSET", "NEU"};
    case AluOp::flt: case AluOp::flt32: return Comparison{"FSET", "LT"};
    case AluOp::fge: case AluOp::fge32: return Comparison{"FSET", "GE"};
    case AluOp::ieq: case AluOp::ieq32: return Comparison{"ISET", "EQ"};
    case AluOp::ine: case AluOp::ine32: return Comparison{"ISET", "NE"};
    case AluOp::ilt: case AluOp::ilt32: return Comparison{"ISET", "LT"};
    case AluOp::ige: case AluOp::ige32: return Comparison{"ISET", "GE"};
    case AluOp::ult: case AluOp::ult32: return Comparison{"ISET", "LT.U32"};
    case AluOp::uge: case AluOp::uge32: return Comparison{"ISET", "GE.U32"};
    default: return std::nullopt;
  }
}

void compare(Alu& x, const char* inst, const char* cmp) {
  for (unsigned c = 0; c < x.n(); ++c)
    x.sel.emit(fmt::format("{}.{}.AND {}, {}, {}, PT", inst, cmp, x.dst(c), x.src(0, c), operand(x, 1, c)));
}

void select_by(Alu& x, const char* test) {
  for (unsigned c = 0; c < x.n(); ++c) {
    x.sel.emit(fmt::format(fmt::runtime(test), x.src(0, c)));
    x.sel.emit(fmt::format("SEL {}, {}, {}, P1", x.dst(c), x.src(1, c), operand(x, 2, c)));
  }
}

void shift(Alu& x, const char* op) {
  // NIR masks the shift count to the value's width; the hardware would clamp it.
  if (folded_source(x.sel, x.a) == 1) {
    for (unsigned c = 0; c < x.n(); ++c)
      x.sel.emit(fmt::format("{} {}, {}, {:#x}", op, x.dst(c), x.src(0, c), *x.sel.constant(x.a.src[1].def, x.a.src[1].swizzle[c]) & 31));
    return;
  }
  for (unsigned c = 0; c < x.n(); ++c) {
    const std::string t = x.tmp();
    x.sel.emit(fmt::format("LOP32I.AND {}, {}, 0x1f", t, x.src(1, c)));
    x.sel.emit(fmt::format("{} {}, {}, {}", op, x.dst(c), x.src(0, c), t));
  }
}

// A commutative operation with a folded constant (folded_source): OP32I d, a, imm per component.
bool immediate(Alu& x, const char* op, const char* tail = "") {
  const int k = folded_source(x.sel, x.a);
  if (k < 0) return false;
  const auto other = static_cast<unsigned>(1 - k);
  const std::string_view name = op;
  for (unsigned c = 0; c < x.n(); ++c)
    x.sel.emit(fmt::format("{} {}, {}, {}{}", op, x.dst(c), x.src(other, c),
                           operand(x, static_cast<unsigned>(k), c, name == "IADD32I" || name == "IMUL32I"), tail));
  return true;
}

// Unsigned division by restoring shift-and-subtract (32 steps): exact for every operand. NIR leaves division by
// zero undefined; quotient and remainder are 0 then, as the interpreter defines them.
void udivmod(Alu& x, const std::string& num, const std::string& den, const std::string& q,
             const std::string& rem) {
  x.sel.emit(fmt::format("MOV {}, RZ", rem));
  x.sel.emit(fmt::format("MOV {}, {}", q, num));
  const std::string t = x.tmp();
  for (int i = 0; i < 32; ++i) {
    // rem = rem << 1 | q >> 31; q <<= 1; if rem >= den: rem -= den, q |= 1.
    x.sel.emit(fmt::format("SHR.U32 {}, {}, 0x1f", t, q));
    x.sel.emit(fmt::format("ISCADD {}, {}, {}, 0x1", rem, rem, t));
    x.sel.emit(fmt::format("SHL {}, {}, 0x1", q, q));
    x.sel.emit(fmt::format("ISETP.GE.U32.AND P1, PT, {}, {}, PT", rem, den));
    x.sel.emit(fmt::format("@P1 IADD {}, {}, -{}", rem, rem, den));
    x.sel.emit(fmt::format("@P1 LOP32I.OR {}, {}, 0x1", q, q));
  }
  x.sel.emit(fmt::format("ISETP.EQ.U32.AND P1, PT, {}, RZ, PT", den));
  x.sel.emit(fmt::format("@P1 MOV {}, RZ", q));
  x.sel.emit(fmt::format("@P1 MOV {}, RZ", rem));
}

// A statement's mnemonic (after a guard "@P0 "), where it starts, and its base (up to the first '.').
struct Mnemonic {
  std::size_t start;
  std::string_view text, base;
};
Mnemonic mnemonic_of(std::string_view statement) {
  const std::size_t start = statement.starts_with('@') ? statement.find(' ') + 1 : 0;
  const std::string_view text = statement.substr(start, statement.find(' ', start) - start);
  return {start, text, text.substr(0, text.find('.'))};
}

std::string inserted(std::string_view statement, std::size_t at, std::string_view what) {
  std::string out(statement);
  if (at != std::string_view::npos) out.insert(at, what);
  return out;
}

// A float statement of a shader that flushes fp32 denormals (Shader::flushes_fp32_denorms, PTX's .ftz): .FTZ as
// ptxas 11.8 spells it (FADD.FTZ.SAT, FMUL32I.FTZ, FSETP.GT.FTZ.AND, FSET.BF.LT.FTZ.AND, F2I.FTZ.S32.F32.TRUNC,
// F2F.FTZ.F32.F32.FLOOR: nvdisasm of ptxas's .ftz code; F2F.FTZ.F64.F32 and .F32.F64 flush the fp32 side of a
// conversion). MUFU flushes without a flag; other statements are kept.
std::string with_ftz(std::string_view statement) {
  const auto [start, mnemonic, base] = mnemonic_of(statement);
  std::size_t at = std::string_view::npos;  // where ".FTZ" goes in the mnemonic
  if (base == "FADD" || base == "FMUL" || base == "FFMA" || base == "FMNMX" || base == "FADD32I" || base == "FMUL32I" ||
      base == "FFMA32I") {
    at = base.size();
  } else if (base == "FSET" || base == "FSETP") {
    for (std::string_view bop : {".AND", ".OR", ".XOR"})
      if (const std::size_t k = mnemonic.rfind(bop); k != std::string_view::npos) at = k;
  } else if ((base == "F2I" && mnemonic.find(".F32") != std::string_view::npos) ||
             (base == "F2F" && (mnemonic.find(".F32.F32") != std::string_view::npos ||
                                mnemonic.find(".F16.F32") != std::string_view::npos ||
                                mnemonic.find(".F64.F32") != std::string_view::npos ||
                                mnemonic.find(".F32.F64") != std::string_view::npos))) {
    at = base.size();
  }
  return inserted(statement, at == std::string_view::npos ? at : start + at, ".FTZ");
}

// A statement of an instruction with a directed rounding (AluInstr::rounding): .RZ / .RM / .RP as ptxas 11.8 spells
// PTX's .rz / .rm / .rp (nvdisasm: FADD.RZ, FMUL.FTZ.RM.SAT, DFMA.RP, F2F.F32.F64.RZ, F2F.F16.F32.RP,
// I2F.F64.S64.RP) on the arithmetic and conversion statements; the others are kept.
std::string with_rounding(std::string_view statement, Rounding r) {
  constexpr std::string_view kFlag[] = {"", ".RZ", ".RM", ".RP"};
  const auto [start, mnemonic, base] = mnemonic_of(statement);
  std::size_t at = std::string_view::npos;
  if (base == "FADD" || base == "FMUL" || base == "FFMA" || base == "DADD" || base == "DMUL" || base == "DFMA")
    at = start + base.size();
  else if (base == "F2F" || base == "I2F")
    at = start + mnemonic.size();
  return inserted(statement, at, kFlag[static_cast<unsigned>(r)]);
}

// Each statement emitted since `mark`, rewritten by f.
template <typename F> void rewrite(Selector& sel, std::size_t mark, F f) {
  std::string rewritten;
  std::string_view text = std::string_view(sel.out).substr(mark);
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    rewritten += f(text.substr(0, end));
    rewritten += '\n';
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
  }
  sel.out.resize(mark);
  sel.out += rewritten;
}

}  // namespace

void select_alu_ops(Selector& sel, const Instr& instr, const AluInstr& a);

void select_alu(Selector& sel, const Instr& instr, const AluInstr& a) {
  const std::size_t mark = sel.out.size();
  if (a.rounding != Rounding::nearest_even) {
    // fp16 arithmetic is computed in fp32 and narrowed, which would round twice.
    const bool arithmetic = a.op == AluOp::fadd || a.op == AluOp::fsub || a.op == AluOp::fmul || a.op == AluOp::ffma;
    const bool half = arithmetic && a.dest.bit_size == 16;
    if (!takes_rounding(a.op) || half)
      sel.fail(instr, fmt::format("{}{} of {}-bit values has no selection", name(a.op), suffix(a.rounding),
                                  a.dest.bit_size));
  }
  select_alu_ops(sel, instr, a);
  if (a.rounding != Rounding::nearest_even)
    rewrite(sel, mark, [&](std::string_view st) { return with_rounding(st, a.rounding); });
  if (sel.s.flushes_fp32_denorms()) rewrite(sel, mark, with_ftz);
}

void select_alu_ops(Selector& sel, const Instr& instr, const AluInstr& a) {
  Alu x{sel, instr, a};
  // 8-bit values (narrow loads, and values for narrow stores) are only converted.
  const bool converts = a.op == AluOp::u2u32 || a.op == AluOp::i2i32 || a.op == AluOp::u2u8 || a.op == AluOp::i2i8 ||
                        a.op == AluOp::u2u16 || a.op == AluOp::i2i16;
  if (select_alu64(sel, instr, a)) return;
  for (const AluSrc& s : a.src) {
    const unsigned b = sel.bit_size(s.def);
    if (b == 8 && !converts) sel.fail(instr, fmt::format("{}-bit operands of {} have no selection yet", b, name(a.op)));
  }
  x.d = sel.dest(a.dest);
  if (const auto c = comparison(a.op)) return compare(x, c->set, c->test);
  switch (a.op) {
    case AluOp::mov: case AluOp::vec2: case AluOp::vec3: case AluOp::vec4: case AluOp::vec5: case AluOp::vec8:
    case AluOp::vec16: case AluOp::b2b1: case AluOp::b2b32:
      for (unsigned c = 0; c < x.n(); ++c)
        sel.emit(fmt::format("MOV {}, {}", x.dst(c), info(a.op).output_size ? x.src(c, 0) : x.src(0, c)));
      return;
    // Sign bits; a shader that flushes denormals negates and takes magnitudes with FADD.FTZ (ptxas's neg.ftz.f32:
    // FADD.FTZ R, -R, -RZ; abs.ftz.f32: FADD.FTZ R, |R|, -RZ).
    case AluOp::fneg: x.each(sel.s.flushes_fp32_denorms() ? "FADD {}, -{}, -RZ" : "LOP32I.XOR {}, {}, 0x80000000"); return;
    case AluOp::fabs: x.each(sel.s.flushes_fp32_denorms() ? "FADD {}, |{}|, -RZ" : "LOP32I.AND {}, {}, 0x7fffffff"); return;
    case AluOp::fadd: float_op(x, "FADD {}, {}, {}"); return;
    case AluOp::fsub: float_op(x, "FADD {}, {}, -{}"); return;
    case AluOp::fmul: float_op(x, "FMUL {}, {}, {}"); return;
    case AluOp::ffma: float_op(x, "FFMA {}, {}, {}, {}"); return;
    case AluOp::fmin: float_op(x, "FMNMX {}, {}, {}, PT"); return;
    case AluOp::fmax: float_op(x, "FMNMX {}, {}, {}, !PT"); return;
    case AluOp::fsat: float_op(x, "FADD.SAT {}, {}, RZ"); return;
    case AluOp::ffloor: float_op(x, "F2F.F32.F32.FLOOR {}, {}"); return;
    case AluOp::fceil: float_op(x, "F2F.F32.F32.CEIL {}, {}"); return;
    case AluOp::ftrunc: float_op(x, "F2F.F32.F32.TRUNC {}, {}"); return;
    case AluOp::fround_even: float_op(x, "F2F.F32.F32.ROUND {}, {}"); return;
    case AluOp::ffract:
      for (unsigned c = 0; c < x.n(); ++c) {
        const std::string t = x.tmp();
        sel.emit(fmt::format("F2F.F32.F32.FLOOR {}, {}", t, x.src(0, c)));
        sel.emit(fmt::format("FADD {}, {}, -{}", x.dst(c), x.src(0, c), t));
      }
      return;
    case AluOp::frcp: mufu(x, "RCP"); return;
    case AluOp::frsq: mufu(x, "RSQ"); return;
    case AluOp::flog2: mufu(x, "LG2"); return;
    case AluOp::fexp2: mufu(x, "EX2", "EX2"); return;
    case AluOp::fsin: mufu(x, "SIN", "SINCOS"); return;
    case AluOp::fcos: mufu(x, "COS", "SINCOS"); return;
    case AluOp::fsqrt:
      for (unsigned c = 0; c < x.n(); ++c) {
        const std::string t = x.tmp();
        sel.emit(fmt::format("MUFU.RSQ {}, {}", t, x.src(0, c)));
        sel.emit(fmt::format("MUFU.RCP {}, {}", x.dst(c), t));
      }
      return;
    case AluOp::fdiv:
      for (unsigned c = 0; c < x.n(); ++c) {
        const std::string t = x.tmp();
        sel.emit(fmt::format("MUFU.RCP {}, {}", t, x.src(1, c)));
        sel.emit(fmt::format("FMUL {}, {}, {}", x.dst(c), x.src(0, c), t));
      }
      return;
    case AluOp::fpow:
      for (unsigned c = 0; c < x.n(); ++c) {
        const std::string t = x.tmp();
        sel.emit(fmt::format("MUFU.LG2 {}, {}", t, x.src(0, c)));
        sel.emit(fmt::format("FMUL {}, {}, {}", t, t, x.src(1, c)));
        sel.emit(fmt::format("RRO.EX2 {}, {}", t, t));
        sel.emit(fmt::format("MUFU.EX2 {}, {}", x.dst(c), t));
      }
      return;
    case AluOp::fdot2: dot(x, 2); return;
    case AluOp::fdot3: dot(x, 3); return;
    case AluOp::fdot4: dot(x, 4); return;
    case AluOp::fddx: case AluOp::fddx_coarse: derivative(x, true, false); return;
    case AluOp::fddy: case AluOp::fddy_coarse: derivative(x, false, false); return;
    case AluOp::fddx_fine: derivative(x, true, true); return;
    case AluOp::fddy_fine: derivative(x, false, true); return;
    case AluOp::bcsel: case AluOp::b32csel: select_by(x, "ISETP.NE.AND P1, PT, {}, RZ, PT"); return;
    case AluOp::fcsel: select_by(x, "FSETP.NEU.AND P1, PT, {}, RZ, PT"); return;
    case AluOp::iadd: if (!immediate(x, "IADD32I")) x.each("IADD {}, {}, {}"); return;
    case AluOp::isub: x.each("IADD {}, {}, -{}"); return;
    case AluOp::ineg: x.each("IADD {}, RZ, -{}"); return;
    case AluOp::iabs: x.each("I2I.S32.S32 {}, |{}|"); return;
    case AluOp::imul: if (!immediate(x, "IMUL32I")) x.each("IMUL {}, {}, {}"); return;
    // The new integer opcodes read 32-bit registers whole: narrower values have no selection.
    case AluOp::umul_high: need32(x); x.each("IMUL.U32.U32.HI {}, {}, {}"); return;
    case AluOp::imul_high: need32(x); x.each("IMUL.HI {}, {}, {}"); return;
    case AluOp::uadd_carry:
      // The adder's carry out (ptxas's add.cc / addc pair: IADD Rd.CC then IADD.X).
      need32(x);
      for (unsigned c = 0; c < x.n(); ++c) {
        sel.emit(fmt::format("IADD {}.CC, {}, {}", x.tmp(), x.src(0, c), x.src(1, c)));
        sel.emit(fmt::format("IADD.X {}, RZ, RZ", x.dst(c)));
      }
      return;
    case AluOp::ufind_msb: need32(x); x.each("FLO.U32 {}, {}"); return;  // 0xffffffff for 0, as NIR's -1
    case AluOp::bit_count: need32(x); x.each("POPC {}, {}"); return;
    case AluOp::bitfield_reverse: x.each("BFE.U32.BREV {}, {}, 0x2000"); return;  // ptxas's brev.b32
    case AluOp::imin: if (!immediate(x, "IMNMX", ", PT")) x.each("IMNMX {}, {}, {}, PT"); return;
    case AluOp::imax: if (!immediate(x, "IMNMX", ", !PT")) x.each("IMNMX {}, {}, {}, !PT"); return;
    case AluOp::umin: if (!immediate(x, "IMNMX.U32", ", PT")) x.each("IMNMX.U32 {}, {}, {}, PT"); return;
    case AluOp::umax: if (!immediate(x, "IMNMX.U32", ", !PT")) x.each("IMNMX.U32 {}, {}, {}, !PT"); return;
    case AluOp::iand: if (!immediate(x, "LOP32I.AND")) x.each("LOP.AND {}, {}, {}"); return;
    case AluOp::ior: if (!immediate(x, "LOP32I.OR")) x.each("LOP.OR {}, {}, {}"); return;
    case AluOp::ixor: if (!immediate(x, "LOP32I.XOR")) x.each("LOP.XOR {}, {}, {}"); return;
    case AluOp::inot: x.each("LOP.PASS_B {}, RZ, ~{}"); return;
    case AluOp::ishl: shift(x, "SHL"); return;
    case AluOp::ishr: shift(x, "SHR"); return;
    case AluOp::ushr: shift(x, "SHR.U32"); return;
    case AluOp::udiv: case AluOp::umod:
      for (unsigned c = 0; c < x.n(); ++c) {
        const std::string q = x.tmp(), rem = x.tmp();
        udivmod(x, x.src(0, c), x.src(1, c), q, rem);
        sel.emit(fmt::format("MOV {}, {}", x.dst(c), a.op == AluOp::udiv ? q : rem));
      }
      return;
    case AluOp::idiv:
      // |a| / |b| with the quotient's sign: a ^ b's sign bit.
      for (unsigned c = 0; c < x.n(); ++c) {
        const std::string na = x.tmp(), nb = x.tmp(), q = x.tmp(), rem = x.tmp(), sgn = x.tmp();
        sel.emit(fmt::format("I2I.S32.S32 {}, |{}|", na, x.src(0, c)));
        sel.emit(fmt::format("I2I.S32.S32 {}, |{}|", nb, x.src(1, c)));
        udivmod(x, na, nb, q, rem);
        sel.emit(fmt::format("LOP.XOR {}, {}, {}", sgn, x.src(0, c), x.src(1, c)));
        sel.emit(fmt::format("ISETP.LT.AND P1, PT, {}, RZ, PT", sgn));
        sel.emit(fmt::format("@P1 IADD {}, RZ, -{}", q, q));
        sel.emit(fmt::format("MOV {}, {}", x.dst(c), q));
      }
      return;
    case AluOp::ubfe: case AluOp::ibfe:
      for (unsigned c = 0; c < x.n(); ++c) {
        // BFE's B operand: position in bits 7:0, length in bits 15:8.
        const std::string t = x.tmp();
        sel.emit(fmt::format("BFI {}, {}, 0x808, {}", t, x.src(2, c), x.src(1, c)));
        sel.emit(fmt::format("BFE{} {}, {}, {}", a.op == AluOp::ubfe ? ".U32" : "", x.dst(c), x.src(0, c), t));
      }
      return;
    case AluOp::extract_u8: case AluOp::extract_i8: case AluOp::extract_u16: case AluOp::extract_i16: {
      // Byte or half-word k of a 32-bit value, zero- or sign-extended: BFE with position 8k or 16k, a constant k.
      const unsigned width = a.op == AluOp::extract_u8 || a.op == AluOp::extract_i8 ? 8 : 16;
      const bool is_signed = a.op == AluOp::extract_i8 || a.op == AluOp::extract_i16;
      for (unsigned c = 0; c < x.n(); ++c) {
        const auto k = sel.constant(a.src[1].def, a.src[1].swizzle[c]);
        if (!k || *k >= 32 / width) sel.fail(instr, fmt::format("{} with a non-constant or out-of-range index", name(a.op)));
        sel.emit(fmt::format("BFE{} {}, {}, {:#x}", is_signed ? "" : ".U32", x.dst(c), x.src(0, c),
                             (width << 8) | (width * static_cast<unsigned>(*k))));
      }
      return;
    }
    // Integer size conversions. An 8- or 16-bit integer's register holds it zero-extended (what LDG.E.U8 and
    // LDG.E.U16 load): narrowing masks, widening is a copy (u2u32) or a signed BFE (i2i32).
    case AluOp::u2u8: case AluOp::i2i8: case AluOp::u2u16: case AluOp::i2i16: {
      const bool to8 = a.op == AluOp::u2u8 || a.op == AluOp::i2i8;
      if (x.src_bits(0) == (to8 ? 8u : 16u)) return x.each("MOV {}, {}");
      return x.each(to8 ? "LOP32I.AND {}, {}, 0xff" : "LOP32I.AND {}, {}, 0xffff");
    }
    case AluOp::u2u32:
      return x.each("MOV {}, {}");
    case AluOp::i2i32:
      if (x.src_bits(0) == 32) return x.each("MOV {}, {}");
      return x.each(x.src_bits(0) == 8 ? "BFE {}, {}, 0x800" : "BFE {}, {}, 0x1000");
    case AluOp::i2f32:
      for (unsigned c = 0; c < x.n(); ++c)
        sel.emit(fmt::format("I2F.F32.S{} {}, {}", x.src_bits(0), x.dst(c), x.src(0, c)));
      return;
    case AluOp::u2f32:
      for (unsigned c = 0; c < x.n(); ++c)
        sel.emit(fmt::format("I2F.F32.U{} {}, {}", x.src_bits(0), x.dst(c), x.src(0, c)));
      return;
    case AluOp::f2i32:
      for (unsigned c = 0; c < x.n(); ++c)
        sel.emit(fmt::format("F2I.S32.F{}.TRUNC {}, {}", x.src_bits(0), x.dst(c), x.src(0, c)));
      return;
    case AluOp::f2u32:
      for (unsigned c = 0; c < x.n(); ++c)
        sel.emit(fmt::format("F2I.U32.F{}.TRUNC {}, {}", x.src_bits(0), x.dst(c), x.src(0, c)));
      return;
    case AluOp::f2f32:
      for (unsigned c = 0; c < x.n(); ++c)
        sel.emit(fmt::format("{} {}, {}", x.src_bits(0) == 16 ? "F2F.F32.F16" : "MOV", x.dst(c), x.src(0, c)));
      return;
    case AluOp::f2f16:
      for (unsigned c = 0; c < x.n(); ++c)
        sel.emit(fmt::format("{} {}, {}", x.src_bits(0) == 32 ? "F2F.F16.F32" : "MOV", x.dst(c), x.src(0, c)));
      return;
    case AluOp::b2f32: x.each("LOP32I.AND {}, {}, 0x3f800000"); return;
    case AluOp::b2i32: x.each("LOP32I.AND {}, {}, 0x1"); return;
    case AluOp::i2b1: x.each("ISET.NE.AND {}, {}, RZ, PT"); return;
    case AluOp::f2b1: x.each("FSET.NEU.AND {}, {}, RZ, PT"); return;
    case AluOp::unpack_half_2x16_split_x: x.each("F2F.F32.F16 {}, {}"); return;
    case AluOp::unpack_half_2x16_split_y: x.each("F2F.F32.F16 {}, {}.H1"); return;
    case AluOp::unpack_unorm_4x8:
      // byte / 255, correctly rounded: q = b * (1/255) refined by one Newton step on the remainder.
      for (unsigned c = 0; c < 4; ++c) {
        const std::string b = x.tmp(), q = x.tmp(), e = x.tmp();
        sel.emit(fmt::format("BFE.U32 {}, {}, {:#x}", b, x.src(0, 0), 0x800 | (8 * c)));
        sel.emit(fmt::format("I2F.F32.U32 {}, {}", b, b));
        sel.emit(fmt::format("FMUL32I {}, {}, {}", q, b, 1.0f / 255.0f));
        sel.emit(fmt::format("MOV {}, {}", e, b));
        sel.emit(fmt::format("FFMA32I {}, {}, -255, {}", e, q, e));
        sel.emit(fmt::format("MOV {}, {}", x.dst(c), q));
        sel.emit(fmt::format("FFMA32I {}, {}, {}, {}", x.dst(c), e, 1.0f / 255.0f, x.dst(c)));
      }
      return;
    default:
      break;
  }
  sel.fail(instr, fmt::format("{} has no SM50 selection yet", name(a.op)));
}

int folded_source(const Selector& sel, const AluInstr& a) {
  auto is = [&](std::initializer_list<AluOp> ops) { return std::find(ops.begin(), ops.end(), a.op) != ops.end(); };
  // Where the instruction takes an immediate, and whether any 32-bit value fits (the *32I forms; a shift count,
  // masked to 5 bits) or only a 20-bit one, sign-extended (ISET, SEL, IMNMX).
  unsigned first = 1;
  bool commutative = false, any = true;
  if (is({AluOp::ishl, AluOp::ishr, AluOp::ushr})) {
  } else if (is({AluOp::iadd, AluOp::iand, AluOp::ior, AluOp::ixor, AluOp::imul})) {
    commutative = true;
  } else if (is({AluOp::imin, AluOp::imax, AluOp::umin, AluOp::umax})) {
    commutative = true, any = false;
  } else if (is({AluOp::ieq, AluOp::ine, AluOp::ilt, AluOp::ige, AluOp::ult, AluOp::uge, AluOp::ieq32, AluOp::ine32,
                 AluOp::ilt32, AluOp::ige32, AluOp::ult32, AluOp::uge32})) {
    any = false;
  } else if (is({AluOp::bcsel, AluOp::b32csel})) {
    first = 2, any = false;
  } else {
    return -1;
  }
  if (a.dest.bit_size != 32 && a.dest.bit_size != 1) return -1;
  auto constant = [&](unsigned k) {
    if (sel.bit_size(a.src[k].def) != 32) return false;
    for (unsigned c = 0; c < a.dest.components; ++c) {
      const auto v = sel.constant(a.src[k].def, a.src[k].swizzle[c]);
      if (!v) return false;
      const auto w = static_cast<uint32_t>(*v);
      if (!any && w > 0x7ffffu && w < 0xfff80000u) return false;
    }
    return true;
  };
  if (constant(first)) return static_cast<int>(first);
  if (commutative && constant(0)) return 0;
  return -1;
}

bool select_condition(Selector& sel, const AluInstr& a) {
  const auto c = comparison(a.op);
  if (!c || a.dest.components != 1 || sel.bit_size(a.src[0].def) != 32 || sel.bit_size(a.src[1].def) != 32) return false;
  Alu x{sel, *sel.def_instr.at(a.dest.id), a, 0};
  // (the same sources as compare(): the second may be an immediate)
  sel.emit(fmt::format("{}P.{}.AND P0, PT, {}, {}, PT", c->set, c->test, x.src(0, 0), operand(x, 1, 0)));
  return true;
}

}  // namespace tmu::ir::sm50::detail
