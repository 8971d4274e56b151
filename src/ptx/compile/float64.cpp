// SPDX-License-Identifier: MIT
// f64 arithmetic (PTX ISA "Floating-Point Instructions" on .f64): add, sub, mul, fma and mad (to nearest even or with
// .rz, .rm, .rp: the IR instruction's rounding), min, max, abs and neg, as the IR's 64-bit float opcodes on the
// registers' (low, high) pairs joined into 64-bit values. Comparisons and conversions are in instructions.cpp
// (setp, cvt). div, rcp and sqrt (.rn, .rz, .rm, .rp) and the approximations rcp.approx.ftz and rsqrt.approx are
// in rounded64.cpp.
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
  // add, sub, mul, fma and mad round as their modifier says (DADD.RZ, DMUL.RM, DFMA.RP).
  const ir::Rounding rnd = rounding_of(ins);
  if (op == "add" || op == "sub" || op == "mul") {
    refuse_unknown(ins, {".rn", ".rz", ".rm", ".rp"});
    expect_operands(ins, 3);
    const AluOp a = op == "add" ? AluOp::fadd : op == "sub" ? AluOp::fsub : AluOp::fmul;
    return done(b().alu(a, {src(1), src(2)}, rnd));
  }
  if (op == "fma" || op == "mad") {
    refuse_unknown(ins, {".rn", ".rz", ".rm", ".rp"});
    if (!has(ins, ".rn") && rnd == ir::Rounding::nearest_even)
      fail(ins.loc, fmt::format("{}.f64 needs a rounding modifier (.rn, .rz, .rm or .rp)", op));
    expect_operands(ins, 4);
    return done(b().alu(AluOp::ffma, {src(1), src(2), src(3)}, rnd));
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
  // The correctly rounded forms (.rn, .rz, .rm, .rp) and the approximations ptxas computes (rounded64.cpp).
  if (op == "div" || op == "rcp" || op == "sqrt") {
    if (has(ins, ".rn") || rnd != ir::Rounding::nearest_even) {
      refuse_unknown(ins, {".rn", ".rz", ".rm", ".rp"});
      expect_operands(ins, op == "div" ? 3 : 2);
      if (op == "div") return done(divide64(src(1), src(2), rnd));
      return done(op == "rcp" ? reciprocal64(src(1), rnd) : sqrt64(src(1), rnd));
    }
    if (op != "rcp") fail(ins.loc, fmt::format("{}.f64 needs a rounding modifier (.rn, .rz, .rm or .rp)", op));
  }
  // rcp.approx.ftz and rsqrt.approx.ftz: ptxas's MUFU.RCP64H / RSQ64H seed alone (the high word, 0 below);
  // rsqrt.approx without .ftz refines it (rsqrt_approx64).
  if (op == "rcp" || op == "rsqrt") {
    refuse_unknown(ins, {".approx", ".ftz"});
    if (!has(ins, ".approx") || (op == "rcp" && !has(ins, ".ftz")))
      fail(ins.loc,
           fmt::format("{}.f64 needs {}", op, op == "rcp" ? "a rounding modifier or .approx.ftz" : ".approx"));
    expect_operands(ins, 2);
    if (has(ins, ".ftz")) return done(b().alu(op == "rcp" ? AluOp::frcp : AluOp::frsq, {src(1)}));
    return done(rsqrt_approx64(src(1)));
  }
  fail(ins.loc, fmt::format("{}.f64 is not a float operation tmu compiles", op));
}

}  // namespace tmu::ptx::to_ir
