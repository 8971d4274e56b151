// SPDX-License-Identifier: MIT
// The correctly rounded f32 division, reciprocal and square root (PTX's div.rn.f32, rcp.rn.f32, sqrt.rn.f32: IEEE
// 754 round to nearest even, nvcc's `/`, `1.0f / x` and sqrtf without fast math; and .rz, .rm, .rp), computed in
// f64 and rounded once to f32. ptxas calls subroutines of its own for them; what matters is the result, which IEEE
// fixes.
//
// Why it is exact. The operands are f32 values, so in f64 they are exact and every intermediate stays in f64's
// normal range (|a|, |b| in [2^-149, 2^128): quotients in [2^-277, 2^277], remainders above 2^-210). The f64
// quotient q1 below is within half an f64 ulp plus 2^-100 relative of a / b, and equals a / b where that is an f64
// value. Rounding q1 to f32 then gives the f32 rounding of a / b: an f32 midpoint m (25 significant bits) that
// a / b is not equal to is at least 2^-49 |m| away from it (|a - m b| is a non-zero multiple of the smallest unit of
// a and m b), far more than q1's error; where the result is denormal the midpoints have fewer bits and the same
// argument holds with the absolute unit 2^-174; and where a / b is a midpoint (only possible for denormal results)
// q1 is exactly it, so F2F.F32.F64 rounds the tie to even. The same holds for sqrt, whose exact midpoints cannot
// occur at all (Figueroa: double rounding is innocuous for +, -, *, / and sqrt from 53 to 24 bits). The directed
// roundings round q1 (s1) once in their mode (F2F.F32.F64.RZ/.RM/.RP): an f32 value that a / b (sqrt(a)) is not equal
// to is as far from it as a midpoint, so q1 lies on the same side of every f32 value as the exact result.
//
// The steps (y ~ 1/b from MUFU.RCP64H's 20-bit seed, made exact to about 2^-53 by two Newton steps):
//   e = 1 - b y;  y += y e  (twice);  q0 = a y;  r = a - b q0 (exact: FMA, |r| needs 25 bits);  q1 = q0 + r y
// and for sqrt (y ~ 1/sqrt(x) from MUFU.RSQ64H, three Newton steps y += y (1 - x y y) / 2, then one correction):
//   s0 = x y;  r = x - s0 s0 (rounded: its relative error only scales the small correction);  s1 = s0 + r y / 2
// Zeros, infinities and NaN (and negative square roots) skip the iterations: the seed's own result is right for
// them (a * (1/b): 0/0 and inf/inf NaN, x/0 infinite, x/inf zero, each with the right sign; sqrt(+-0) = +-0,
// sqrt(+inf) = +inf through the IR's fsqrt, sqrt(x < 0) = NaN), and a NaN comes out canonical (0x7fffffff), as
// ptxas's subroutines give it.
#include "ir/alu_ops.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

namespace {

constexpr uint64_t kOne = 0x3ff0000000000000, kHalf = 0x3fe0000000000000, kInf = 0x7ff0000000000000;
constexpr uint64_t kNaN32 = 0x7fffffff;  // the canonical f32 NaN

}  // namespace

DefId FunctionCompiler::divide32(DefId numerator, DefId denominator, ir::Rounding rounding) {
  auto f64 = [&](uint64_t bits) { return b().imm_vec({bits}, 64); };
  auto op = [&](AluOp o, std::initializer_list<DefId> s) { return b().alu(o, s); };
  const DefId x = op(AluOp::f2f64, {numerator}), d = op(AluOp::f2f64, {denominator});
  const DefId seed = op(AluOp::frcp, {d});
  DefId y = seed;
  for (int k = 0; k < 2; ++k) {
    const DefId e = op(AluOp::ffma, {op(AluOp::fneg, {d}), y, f64(kOne)});
    y = op(AluOp::ffma, {y, e, y});
  }
  const DefId q0 = op(AluOp::fmul, {x, y});
  const DefId r = op(AluOp::ffma, {op(AluOp::fneg, {d}), q0, x});
  const DefId q1 = op(AluOp::ffma, {r, y, q0});
  // Finite non-zero operands take the iterations; the others the seed's product.
  const DefId inf = f64(kInf), zero = f64(0);
  const DefId ordinary = op(AluOp::iand, {op(AluOp::iand, {op(AluOp::flt, {op(AluOp::fabs, {x}), inf}),
                                                            op(AluOp::flt, {op(AluOp::fabs, {d}), inf})}),
                                          op(AluOp::iand, {op(AluOp::fneu, {x, zero}), op(AluOp::fneu, {d, zero})})});
  const DefId q = op(AluOp::bcsel, {ordinary, q1, op(AluOp::fmul, {x, seed})});
  return b().alu(AluOp::f2f32, {q}, rounding);
}

DefId FunctionCompiler::sqrt32(DefId a, ir::Rounding rounding) {
  auto f64 = [&](uint64_t bits) { return b().imm_vec({bits}, 64); };
  auto op = [&](AluOp o, std::initializer_list<DefId> s) { return b().alu(o, s); };
  const DefId x = op(AluOp::f2f64, {a});
  const DefId half = f64(kHalf);
  DefId y = op(AluOp::frsq, {x});
  for (int k = 0; k < 3; ++k) {
    const DefId e = op(AluOp::ffma, {op(AluOp::fneg, {x}), op(AluOp::fmul, {y, y}), f64(kOne)});
    y = op(AluOp::ffma, {op(AluOp::fmul, {y, half}), e, y});
  }
  const DefId s0 = op(AluOp::fmul, {x, y});
  const DefId r = op(AluOp::ffma, {op(AluOp::fneg, {s0}), s0, x});
  const DefId s1 = op(AluOp::ffma, {r, op(AluOp::fmul, {y, half}), s0});
  // Positive finite operands take the iterations; negative ones (denormals too, which MUFU would flush to -0) give
  // the canonical NaN; zeros, +inf and NaN the IR's fsqrt.
  const DefId ordinary = op(AluOp::iand, {op(AluOp::flt, {f64(0), x}), op(AluOp::flt, {x, f64(kInf)})});
  const DefId special = op(AluOp::bcsel, {op(AluOp::flt, {x, f64(0)}), b().imm_vec({kNaN32}, 32), op(AluOp::fsqrt, {a})});
  return op(AluOp::bcsel, {ordinary, b().alu(AluOp::f2f32, {s1}, rounding), special});
}

}  // namespace tmu::ptx::to_ir
