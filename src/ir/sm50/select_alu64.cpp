// SPDX-License-Identifier: MIT
// ALU instructions on 64-bit values, which live in aligned register pairs (low word in the even register, as
// seed 000's .64 operands and SM50's double instructions read them): fp64 arithmetic as DADD, DMUL, DFMA, DMNMX and
// DSET, conversions as F2F / F2I / I2F with their .F64, .S64 and .U64 forms (the spellings ptxas 11.8 gives PTX's
// add/mul/fma/min/max/setp/cvt .f64), and the (low, high) halves of 64-bit values (pack/unpack_64_2x32_split).
// fneg / fabs flip or clear the sign bit (NIR's definition, what the interpreter computes; ptxas's DADD -RZ, -x
// would also quiet a NaN). frcp and frsq select the MUFU seeds RCP64H / RSQ64H, which approximate the high word
// only (the low word is 0: about 20 bits), the start of Newton iterations such as the front end's correctly
// rounded division (src/ptx/compile/rounded.cpp); fdiv, fsqrt and the transcendental opcodes have no fp64
// selection.
#include "ir/sm50/select_internal.h"

namespace tmu::ir::sm50::detail {
namespace {

// Copies of whole components (both words of 64-bit ones).
void copy(const Alu& x, unsigned k, unsigned c_dst, unsigned c_src) {
  for (unsigned w = 0; w < (x.a.dest.bit_size == 64 ? 2u : 1u); ++w)
    x.sel.emit(fmt::format("MOV {}, {}", x.dst(c_dst, w), x.src(k, c_src, w)));
}

// The integer conversion type of a source or destination: S32 / U32 / S64 / U64.
std::string int_type(bool is_signed, unsigned bits) { return fmt::format("{}{}", is_signed ? 'S' : 'U', bits); }

}  // namespace

bool select_alu64(Selector& sel, const Instr& instr, const AluInstr& a) {
  bool wide = a.dest.bit_size == 64;
  for (const AluSrc& s : a.src) wide = wide || sel.bit_size(s.def) == 64;
  if (!wide) return false;
  Alu x{sel, instr, a};
  x.d = sel.dest(a.dest);
  const unsigned sb = x.src_bits(0), db = a.dest.bit_size;
  auto need = [&](bool ok) {
    if (!ok)
      sel.fail(instr, fmt::format("{} from {}-bit to {}-bit values has no selection", name(a.op), sb, db));
  };
  switch (a.op) {
    case AluOp::mov: case AluOp::vec2: case AluOp::vec3: case AluOp::vec4:
      for (unsigned c = 0; c < x.n(); ++c) {
        const unsigned k = a.op == AluOp::mov ? 0 : c;
        need(x.src_bits(k) == db);
        copy(x, k, c, a.op == AluOp::mov ? c : 0);
      }
      return true;
    case AluOp::pack_64_2x32_split:
      for (unsigned c = 0; c < x.n(); ++c) {
        sel.emit(fmt::format("MOV {}, {}", x.dst(c, 0), x.src(0, c)));
        sel.emit(fmt::format("MOV {}, {}", x.dst(c, 1), x.src(1, c)));
      }
      return true;
    case AluOp::unpack_64_2x32_split_x: case AluOp::unpack_64_2x32_split_y: {
      const unsigned w = a.op == AluOp::unpack_64_2x32_split_y ? 1 : 0;
      for (unsigned c = 0; c < x.n(); ++c) sel.emit(fmt::format("MOV {}, {}", x.dst(c), x.src(0, c, w)));
      return true;
    }
    case AluOp::bcsel: case AluOp::b32csel:
      for (unsigned c = 0; c < x.n(); ++c) {
        sel.emit(fmt::format("ISETP.NE.AND P1, PT, {}, RZ, PT", x.src(0, c)));
        for (unsigned w = 0; w < 2; ++w)
          sel.emit(fmt::format("SEL {}, {}, {}, P1", x.dst(c, w), x.src(1, c, w), x.src(2, c, w)));
      }
      return true;
    case AluOp::fneg: case AluOp::fabs:
      for (unsigned c = 0; c < x.n(); ++c) {
        sel.emit(fmt::format("MOV {}, {}", x.dst(c, 0), x.src(0, c, 0)));
        const char* sign = a.op == AluOp::fneg ? "XOR {}, {}, 0x80000000" : "AND {}, {}, 0x7fffffff";
        sel.emit("LOP32I." + fmt::format(fmt::runtime(sign), x.dst(c, 1), x.src(0, c, 1)));
      }
      return true;
    case AluOp::fadd: x.each("DADD {}, {}, {}"); return true;
    case AluOp::fsub: x.each("DADD {}, {}, -{}"); return true;
    case AluOp::fmul: x.each("DMUL {}, {}, {}"); return true;
    case AluOp::ffma: x.each("DFMA {}, {}, {}, {}"); return true;
    case AluOp::fmin: x.each("DMNMX {}, {}, {}, PT"); return true;
    case AluOp::fmax: x.each("DMNMX {}, {}, {}, !PT"); return true;
    case AluOp::frcp: case AluOp::frsq:
      for (unsigned c = 0; c < x.n(); ++c) {
        sel.emit(fmt::format("MUFU.{} {}, {}", a.op == AluOp::frcp ? "RCP64H" : "RSQ64H", x.dst(c, 1), x.src(0, c, 1)));
        sel.emit(fmt::format("MOV {}, RZ", x.dst(c, 0)));
      }
      return true;
    case AluOp::ffloor: x.each("F2F.F64.F64.FLOOR {}, {}"); return true;
    case AluOp::fceil: x.each("F2F.F64.F64.CEIL {}, {}"); return true;
    case AluOp::ftrunc: x.each("F2F.F64.F64.TRUNC {}, {}"); return true;
    case AluOp::fround_even: x.each("F2F.F64.F64.ROUND {}, {}"); return true;
    // Comparisons: DSET's 0 / 0xffffffff, the register form of booleans.
    case AluOp::feq: case AluOp::feq32: x.each("DSET.EQ.AND {}, {}, {}, PT"); return true;
    case AluOp::fneu: case AluOp::fneu32: x.each("DSET.NEU.AND {}, {}, {}, PT"); return true;
    case AluOp::flt: case AluOp::flt32: x.each("DSET.LT.AND {}, {}, {}, PT"); return true;
    case AluOp::fge: case AluOp::fge32: x.each("DSET.GE.AND {}, {}, {}, PT"); return true;
    case AluOp::f2b1: x.each("DSET.NEU.AND {}, {}, RZ, PT"); return true;
    // Conversions (the source's size from its def, the destination's from the opcode).
    case AluOp::f2f32: need(sb == 64); x.each("F2F.F32.F64 {}, {}"); return true;
    case AluOp::f2f64:
      need(sb == 16 || sb == 32);
      x.each(sb == 32 ? "F2F.F64.F32 {}, {}" : "F2F.F64.F16 {}, {}");
      return true;
    case AluOp::i2f32: case AluOp::u2f32: case AluOp::i2f64: case AluOp::u2f64: {
      need(sb == 32 || sb == 64);
      const bool is_signed = a.op == AluOp::i2f32 || a.op == AluOp::i2f64;
      x.each(fmt::format("I2F.F{}.{} {{}}, {{}}", db, int_type(is_signed, sb)).c_str());
      return true;
    }
    case AluOp::f2i32: case AluOp::f2u32: case AluOp::f2i64: case AluOp::f2u64: {
      need(sb == 32 || sb == 64);
      const bool is_signed = a.op == AluOp::f2i32 || a.op == AluOp::f2i64;
      x.each(fmt::format("F2I.{}.F{}.TRUNC {{}}, {{}}", int_type(is_signed, db), sb).c_str());
      return true;
    }
    default:
      sel.fail(instr, fmt::format("{} of 64-bit values has no selection", name(a.op)));
  }
}

}  // namespace tmu::ir::sm50::detail
