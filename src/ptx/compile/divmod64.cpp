// SPDX-License-Identifier: MIT
// div and rem of 64-bit integers (PTX ISA "div", "rem"). ptxas 11.8 calls a subroutine (a float reciprocal refined
// with 64-bit multiplies); tmu computes the same integers by long division, one quotient bit per round of a loop,
// after a 32-bit division where both operands fit 32 bits. Division by zero, which PTX leaves undefined, gives what
// ptxas's code gives: all ones, quotient and remainder, signed or not (tests/data/ptx/kernels/divide64.ptx).
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

std::pair<DefId, DefId> FunctionCompiler::divmod64(DefId x, DefId y, bool sgn) {
  auto k = [&](int64_t v) { return b().imm_int(v); };
  const DefId zero = wide(k(0), k(0));
  auto negative = [&](DefId v) { return b().alu(AluOp::ilt, {hi(v), k(0)}); };
  // Signed: the magnitudes' quotient and remainder; the quotient negated when the signs differ, the remainder
  // takes the dividend's sign (truncating division).
  const DefId nx = sgn ? negative(x) : b().imm_int(0, 1), ny = sgn ? negative(y) : b().imm_int(0, 1);
  const DefId ax = sgn ? select(nx, sub64(zero, x), x, 2) : x, ay = sgn ? select(ny, sub64(zero, y), y, 2) : y;

  const std::string q = "%divmod64/q", r = "%divmod64/r", n = "%divmod64/n";
  const DefId narrow = b().alu(AluOp::ieq, {b().alu(AluOp::ior, {hi(ax), hi(ay)}), k(0)});
  emit_if(
      narrow,
      [&] {
        env_[q] = wide(b().alu(AluOp::udiv, {lo(ax), lo(ay)}), k(0));
        env_[r] = wide(b().alu(AluOp::umod, {lo(ax), lo(ay)}), k(0));
      },
      [&] {
        // q starts as the dividend and takes a quotient bit into its low end each round, while its top bit moves
        // into the partial remainder r; 64 rounds.
        emit_loop_node(LoopState{}, {{q, ax}, {r, zero}, {n, k(64)}}, [&] {
          emit_if(b().alu(AluOp::ieq, {env_.at(n), k(0)}), [&] { emit_jump(ir::JumpKind::Break); }, [] {});
          const DefId qv = env_.at(q), rv = env_.at(r);
          auto shl1 = [&](DefId v, DefId in) {  // v << 1 | in
            return wide(b().alu(AluOp::ior, {b().alu(AluOp::ishl, {lo(v), k(1)}), in}),
                        b().alu(AluOp::ior, {b().alu(AluOp::ishl, {hi(v), k(1)}), b().alu(AluOp::ushr, {lo(v), k(31)})}));
          };
          const DefId out = b().alu(AluOp::ushr, {hi(rv), k(31)});  // r's bit 64 after the shift
          const DefId shifted = shl1(rv, b().alu(AluOp::ushr, {hi(qv), k(31)}));
          const DefId fits = b().alu(AluOp::ior, {b().alu(AluOp::ine, {out, k(0)}),
                                                  b().alu(AluOp::inot, {less64(shifted, ay, false)})});
          env_[r] = select(fits, sub64(shifted, ay), shifted, 2);
          env_[q] = shl1(qv, b().alu(AluOp::b2i32, {fits}));
          env_[n] = b().alu(AluOp::isub, {env_.at(n), k(1)});
        }, ir::JumpKind::Continue);
      });
  DefId quotient = env_.at(q), remainder = env_.at(r);
  env_.erase(q), env_.erase(r), env_.erase(n);
  if (sgn) {
    quotient = select(b().alu(AluOp::ixor, {nx, ny}), sub64(zero, quotient), quotient, 2);
    remainder = select(nx, sub64(zero, remainder), remainder, 2);
  }
  const DefId by_zero = equal64(y, zero), ones = wide(k(-1), k(-1));
  return {select(by_zero, ones, quotient, 2), select(by_zero, ones, remainder, 2)};
}

}  // namespace tmu::ptx::to_ir
