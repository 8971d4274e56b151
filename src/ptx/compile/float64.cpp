// SPDX-License-Identifier: MIT
// f64 arithmetic (PTX ISA "Floating-Point Instructions" on .f64): add, sub, mul, fma and mad (rounded to nearest
// even, PTX's .rn), min, max, abs and neg, as the IR's 64-bit float opcodes on the registers' (low, high) pairs
// joined into 64-bit values. Comparisons and conversions are in instructions.cpp (setp, cvt). Refused: the directed
// roundings .rz, .rm and .rp (the IR's opcodes round to nearest), div.rn, rcp.rn and sqrt.rn (correctly rounded
// sequences that ptxas calls as subroutines), and the approximations rcp.approx.ftz.f64 / rsqrt.approx.f64
// (MUFU.RCP64H / RSQ64H, whose precision is not modelled).
#include <fmt/format.h>

#include "ir/alu_ops.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

// neg and abs as ptxas 11.8 compiles them, an addition to -0 (FADD / DADD d, -RZ, -x and -RZ, |x|): exact for
// every number, -0 and +0 included, and a NaN comes out as the canonical NaN (the sign-bit operations NIR's fneg and
// fabs are would keep its payload and flip its sign). In a kernel that flushes denormals the FADD.FTZ flushes a
// denormal input as neg.ftz / abs.ftz do.
DefId FunctionCompiler::negate_or_abs(bool negate, DefId x, Type t) {
  const bool wide = t == Type::F64;
  const DefId minus_zero = wide ? b().imm_vec({0, 0x80000000u}, 32) : b().imm_vec({0x80000000u}, 32);
  const DefId v = wide ? join64(x) : x, z = wide ? join64(minus_zero) : minus_zero;
  const DefId r = negate ? b().alu(AluOp::fsub, {z, v}) : b().alu(AluOp::fadd, {z, b().alu(AluOp::fabs, {v})});
  return wide ? split64(r) : r;
}

void FunctionCompiler::arithmetic64(const Instruction& ins, std::string_view op) {
  const auto& o = ins.operands;
  auto src = [&](unsigned k) { return join64(value(o.at(k), Type::F64)); };
  auto done = [&](DefId v) { set(o[0], split64(v), Type::F64); };
  for (const char* m : {".rz", ".rm", ".rp"})
    if (has(ins, m)) fail(ins.loc, fmt::format("{}{}.f64: only the rounding to nearest (.rn) is compiled", op, m));
  if (op == "add" || op == "sub" || op == "mul") {
    refuse_unknown(ins, {".rn"});
    expect_operands(ins, 3);
    const AluOp a = op == "add" ? AluOp::fadd : op == "sub" ? AluOp::fsub : AluOp::fmul;
    return done(b().alu(a, {src(1), src(2)}));
  }
  if (op == "fma" || op == "mad") {
    refuse_unknown(ins, {".rn"});
    if (!has(ins, ".rn")) fail(ins.loc, fmt::format("{}.f64 needs a rounding modifier (.rn)", op));
    expect_operands(ins, 4);
    return done(b().alu(AluOp::ffma, {src(1), src(2), src(3)}));
  }
  if (op == "min" || op == "max") {
    refuse_unknown(ins, {});
    expect_operands(ins, 3);
    return done(b().alu(op == "min" ? AluOp::fmin : AluOp::fmax, {src(1), src(2)}));
  }
  if (op == "abs" || op == "neg") {
    refuse_unknown(ins, {});
    expect_operands(ins, 2);
    return set(o[0], negate_or_abs(op == "neg", value(o[1], Type::F64), Type::F64), Type::F64);
  }
  if (op == "div" || op == "rcp" || op == "sqrt" || op == "rsqrt")
    fail(ins.loc, fmt::format("{}.f64 is not compiled yet (add, sub, mul, fma, mad, min, max, abs, neg, setp and cvt "
                              "are)", op));
  fail(ins.loc, fmt::format("{}.f64 is not a float operation tmu compiles", op));
}

}  // namespace tmu::ptx::to_ir
