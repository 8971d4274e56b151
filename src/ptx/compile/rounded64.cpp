// SPDX-License-Identifier: MIT
// The correctly rounded f64 division, reciprocal and square root (PTX's div, rcp, sqrt .f64 with .rn: nvcc's `/`,
// `1.0 / x` and sqrt on doubles; and with .rz, .rm, .rp), and the approximation rsqrt.approx.f64 as ptxas 11.8
// computes it (the .approx.ftz forms are MUFU seeds: float64.cpp). ptxas calls subroutines for the operands near
// the ends of the range; here every finite non-zero operand is scaled by a power of two into [1, 2) (or [1, 4)
// for sqrt), where ptxas's own fast sequence is exact, and the result is scaled back:
//
//   y ~ 1/B from MUFU.RCP64H's seed: e = 1 - B y;  y += y (e + e^2);  e = 1 - B y;  y += y e
//   q0 = A y;  Q = q0 + y (A - B q0)     (Q = RN(A / B); the remainder A - B Q, exact by FMA, gives its side)
//   sqrt: y ~ 1/sqrt(M) from MUFU.RSQ64H: e = 1 - M y^2;  y += y e (1/2 + 3/8 e);  s = M y;  s += (M - s^2) y / 2
//
// Scaling back is exact unless the quotient is denormal (a square root never is). There the product Q 2^K rounds
// once more, which differs from rounding A / B only where Q 2^K falls exactly on a midpoint between two
// denormals and A / B does not (rounding is monotonic and the midpoints are points of Q's grid): that midpoint is
// found as Q - (Q 2^K) 2^-K = +-2^(-1075-K), and the result moved one denormal towards A / B when the remainder
// says so. A directed rounding moves Q (s) one ulp towards or away from zero by the remainder's sign and scales
// back rounding the same way, which keeps the result (the denormals are points of Q's grid too).
// Zeros, infinities and NaN take IEEE's products (a * (1/b) through the seed, which is exact for them); NaN
// results are the executor's canonical NaN as ptxas's DMUL and DADD give it, except where ptxas quiets a NaN
// operand keeping its payload (rcp, and div and sqrt with a directed rounding). That the fast sequence gives
// RN(A / B) and RN(sqrt(M)) throughout [1, 2) and [1, 4) is ptxas's design, checked here by execution against the
// host (PtxCompile) and ptxas (rounded64.ptx, directed.ptx), not proven.
#include "ir/alu_ops.h"
#include "ptx/compile/function.h"

namespace tmu::ptx::to_ir {

using ir::AluOp;
using ir::DefId;

namespace {

constexpr uint64_t kOne = 0x3ff0000000000000, kInf = 0x7ff0000000000000, kSignBit = 0x80000000;
constexpr uint64_t kNegativeNaN = 0xfff8000000000000;  // ptxas's sqrt / rsqrt of a negative number
constexpr int kBias = 1023;

}  // namespace

// The IR spelled with 64-bit values and the 32-bit words of their halves.
struct FunctionCompiler::F64Ops {
  FunctionCompiler& c;
  DefId op(AluOp o, std::initializer_list<DefId> s) const { return c.b().alu(o, s); }
  DefId f64(uint64_t bits) const { return c.b().imm_vec({bits}, 64); }
  DefId u32(int64_t v) const { return c.b().imm_int(v & 0xffffffff); }
  DefId low(DefId v) const { return op(AluOp::unpack_64_2x32_split_x, {v}); }
  DefId high(DefId v) const { return op(AluOp::unpack_64_2x32_split_y, {v}); }
  DefId pack(DefId l, DefId h) const { return op(AluOp::pack_64_2x32_split, {l, h}); }
  DefId fma(DefId a, DefId b, DefId x) const { return op(AluOp::ffma, {a, b, x}); }
  DefId mul(DefId a, DefId b, ir::Rounding r = ir::Rounding::nearest_even) const {
    return c.b().alu(AluOp::fmul, {a, b}, r);
  }
  DefId neg(DefId a) const { return op(AluOp::fneg, {a}); }
  DefId select(DefId p, DefId a, DefId b) const { return op(AluOp::bcsel, {p, a, b}); }
  DefId both(DefId p, DefId q) const { return op(AluOp::iand, {p, q}); }
  // 2^n for a 32-bit n in [-1022, 1023].
  DefId power(DefId n) const {
    return pack(u32(0), op(AluOp::ishl, {op(AluOp::iadd, {n, u32(kBias)}), u32(20)}));
  }
  DefId clamp(DefId n, int lo, int hi) const {
    return op(AluOp::imin, {op(AluOp::imax, {n, u32(lo)}), u32(hi)});
  }
  DefId is_nan(DefId x) const { return op(AluOp::fneu, {x, x}); }
  // A NaN quieted, its payload and sign kept (ptxas's LOP32I.OR with 0x80000 on the high word).
  DefId quiet(DefId x) const { return pack(low(x), op(AluOp::ior, {high(x), u32(0x00080000)})); }
  // Finite and not zero.
  DefId ordinary(DefId x) const {
    return both(op(AluOp::flt, {op(AluOp::fabs, {x}), f64(kInf)}), op(AluOp::fneu, {x, f64(0)}));
  }
  // |x| (finite, not zero) as m 2^e with m in [1, 2): {m, e}. Denormals are scaled by 2^64 first.
  std::pair<DefId, DefId> normalize(DefId x) const {
    const DefId h = op(AluOp::iand, {high(x), u32(0x7fffffff)}), l = low(x);
    const DefId denormal = op(AluOp::ult, {h, u32(0x00100000)});
    const DefId magnitude = pack(l, h);
    const DefId v = select(denormal, mul(magnitude, f64(0x43f0000000000000)), magnitude);  // 2^64
    const DefId vh = high(v);
    const DefId e =
        op(AluOp::iadd, {op(AluOp::ushr, {vh, u32(20)}), select(denormal, u32(-kBias - 64), u32(-kBias))});
    const DefId m = pack(low(v), op(AluOp::ior, {op(AluOp::iand, {vh, u32(0x000fffff)}), u32(kOne >> 32)}));
    return {m, e};
  }
  // The neighbour one ulp up or down of a positive normal x (its bits plus or minus one, the carry or borrow
  // in the high word).
  DefId step(DefId x, bool up) const {
    const DefId l = low(x), nl = op(AluOp::iadd, {l, u32(up ? 1 : -1)});
    const DefId wraps = op(AluOp::ieq, {up ? nl : l, u32(0)});
    return pack(nl, op(AluOp::iadd, {high(x), select(wraps, u32(up ? 1 : -1), u32(0))}));
  }
  // A positive v = RN(exact) rounded towards zero and away from zero instead, the side of the exact value
  // given by the sign of its remainder rem.
  std::pair<DefId, DefId> directed(DefId v, DefId rem) const {
    return {select(op(AluOp::flt, {rem, f64(0)}), step(v, false), v),
            select(op(AluOp::flt, {f64(0), rem}), step(v, true), v)};
  }
  // Of the magnitudes rounded towards zero and away from zero, the one rounding r gives to a value of this
  // sign (a 1-bit `negative`).
  DefId pick(ir::Rounding r, DefId negative, DefId toward, DefId away) const {
    if (r == ir::Rounding::zero) return toward;
    return r == ir::Rounding::up ? select(negative, toward, away) : select(negative, away, toward);
  }
  // The correctly rounded A / B for A, B in [1, 2) (ptxas's fast sequence), and the remainder A - B Q. The
  // seed's low word is 1, as ptxas sets it: for B = 2 - 2^-52, where the Newton steps need not reach RN(1/B)
  // (the one mantissa for which they may not, Markstein) and the quotient step needs it, the seed is then
  // RN(1/B) already.
  std::pair<DefId, DefId> quotient(DefId a, DefId b) const {
    const DefId one = f64(kOne), nb = neg(b);
    const DefId y0 = pack(u32(1), high(op(AluOp::frcp, {b})));
    DefId e = fma(nb, y0, one);
    e = fma(e, e, e);
    DefId y = fma(y0, e, y0);
    y = fma(y, fma(nb, y, one), y);
    const DefId q0 = mul(a, y);
    const DefId q = fma(y, fma(nb, q0, a), q0);
    return {q, fma(nb, q, a)};
  }
};

DefId FunctionCompiler::divide64(DefId a, DefId d, ir::Rounding r) {
  const F64Ops o{*this};
  auto [x, ex] = o.normalize(a);
  auto [y, ey] = o.normalize(d);
  auto [q, rem] = o.quotient(x, y);
  // Q 2^K in two steps, the first exact (both factors normal), the second the one rounding.
  const DefId k = o.clamp(o.op(AluOp::isub, {ex, ey}), -1100, 1100);
  const DefId k2 = o.select(o.op(AluOp::ilt, {k, o.u32(-1000)}), o.u32(-200),
                            o.select(o.op(AluOp::ilt, {o.u32(1000), k}), o.u32(200), o.u32(0)));
  const DefId k1 = o.op(AluOp::isub, {k, k2});
  auto minus = [&](DefId n) { return o.op(AluOp::ineg, {n}); };
  const DefId sign = o.op(AluOp::iand, {o.op(AluOp::ixor, {o.high(a), o.high(d)}), o.u32(kSignBit)});
  auto scaled = [&](DefId v, ir::Rounding mode) { return o.mul(o.mul(v, o.power(k1)), o.power(k2), mode); };
  DefId s;
  if (r != ir::Rounding::nearest_even) {
    // A directed rounding: Q moved to the quotient's rounding towards or away from zero, which scaling back
    // in the same direction keeps (the denormals are points of Q's grid).
    auto [toward, away] = o.directed(q, rem);
    const DefId negative = o.op(AluOp::ine, {sign, o.u32(0)});
    s = o.pick(r, negative, scaled(toward, ir::Rounding::zero), scaled(away, ir::Rounding::up));
  } else {
    s = scaled(q, r);
    // The midpoint test: Q minus s scaled back (both exact), against half a denormal at Q's scale,
    // 2^(-1075-K).
    const DefId back = o.mul(o.mul(s, o.power(minus(k2))), o.power(minus(k1)));
    const DefId diff = o.op(AluOp::fadd, {q, o.neg(back)});
    const DefId half = o.power(o.clamp(o.op(AluOp::isub, {o.u32(-1075), k}), -1022, 1023));
    const DefId zero = o.f64(0), tiny = o.f64(1);  // 2^-1074
    const DefId up = o.both(o.op(AluOp::feq, {diff, half}), o.op(AluOp::flt, {zero, rem}));
    const DefId down = o.both(o.op(AluOp::feq, {diff, o.neg(half)}), o.op(AluOp::flt, {rem, zero}));
    s = o.select(up, o.op(AluOp::fadd, {s, tiny}), o.select(down, o.op(AluOp::fadd, {s, o.neg(tiny)}), s));
  }
  const DefId result = o.pack(o.low(s), o.op(AluOp::ior, {o.high(s), sign}));
  // Zeros, infinities, NaN: a * (1/d), with d's seed (exact for 0, inf and NaN) or, for finite non-zero d,
  // the seed of d scaled into range.
  const DefId d_ordinary = o.ordinary(d);
  const DefId signed_y =
      o.pack(o.low(y), o.op(AluOp::ior, {o.high(y), o.op(AluOp::iand, {o.high(d), o.u32(kSignBit)})}));
  DefId special = o.mul(a, o.op(AluOp::frcp, {o.select(d_ordinary, signed_y, d)}));
  if (r != ir::Rounding::nearest_even) {
    // ptxas's directed division: a NaN operand quieted (a's first), 0/0 and inf/inf its negative NaN.
    auto both_are = [&](DefId value) {
      return o.both(o.op(AluOp::feq, {o.op(AluOp::fabs, {a}), value}),
                    o.op(AluOp::feq, {o.op(AluOp::fabs, {d}), value}));
    };
    const DefId invalid = o.op(AluOp::ior, {both_are(o.f64(0)), both_are(o.f64(kInf))});
    special = o.select(o.is_nan(a), o.quiet(a),
                       o.select(o.is_nan(d), o.quiet(d), o.select(invalid, o.f64(kNegativeNaN), special)));
  }
  return o.select(o.both(o.ordinary(a), d_ordinary), result, special);
}

DefId FunctionCompiler::reciprocal64(DefId x, ir::Rounding r) {
  const F64Ops o{*this};
  return o.select(o.is_nan(x), o.quiet(x), divide64(o.f64(kOne), x, r));
}

DefId FunctionCompiler::sqrt64(DefId x, ir::Rounding r) {
  const F64Ops o{*this};
  // x = m 2^e; M = m or 2m, with an even exponent left: sqrt(x) = sqrt(M) 2^(e >> 1), in [1, 2) 2^K, never
  // denormal.
  auto [m, e] = o.normalize(x);
  const DefId odd = o.op(AluOp::ine, {o.op(AluOp::iand, {e, o.u32(1)}), o.u32(0)});
  const DefId big = o.pack(o.low(m), o.op(AluOp::iadd, {o.high(m), o.u32(0x00100000)}));
  const DefId mm = o.select(odd, big, m);
  DefId s = rsqrt_newton(mm, true);
  if (r != ir::Rounding::nearest_even) {  // the root is positive: .rm rounds towards zero, .rp away
    auto [toward, away] = o.directed(s, o.fma(o.neg(s), s, mm));
    s = r == ir::Rounding::up ? away : toward;
  }
  const DefId result = o.mul(s, o.power(o.op(AluOp::ishr, {e, o.u32(1)})));
  // +-0 and +inf are their own roots, x < 0 gives ptxas's negative NaN, a NaN the canonical NaN (x + x) or,
  // with a directed rounding, itself quieted.
  const DefId nan = r == ir::Rounding::nearest_even ? o.op(AluOp::fadd, {x, x}) : o.quiet(x);
  const DefId special =
      o.select(o.is_nan(x), nan, o.select(o.op(AluOp::flt, {x, o.f64(0)}), o.f64(kNegativeNaN), x));
  const DefId positive = o.both(o.op(AluOp::flt, {o.f64(0), x}), o.op(AluOp::flt, {x, o.f64(kInf)}));
  return o.select(positive, result, special);
}

// ptxas's 1/sqrt(M) iteration (y ~ 1/sqrt(M) to about 2^-60 relative), and with `root` its rounded sqrt(M).
DefId FunctionCompiler::rsqrt_newton(DefId m, bool root) {
  const F64Ops o{*this};
  const DefId y0 = o.op(AluOp::frsq, {m});
  const DefId e = o.fma(m, o.neg(o.mul(y0, y0)), o.f64(kOne));
  const DefId y = o.fma(o.fma(e, o.f64(0x3fd8000000000000), o.f64(0x3fe0000000000000)), o.mul(y0, e), y0);
  if (!root) return y;
  const DefId s = o.mul(m, y);
  return o.fma(o.fma(s, o.neg(s), m), o.mul(y, o.f64(0x3fe0000000000000)), s);
}

// rsqrt.approx.f64 as ptxas computes it: the iteration on x, on x 2^54 (then times 2^27) for positive
// denormals; 1/+-0 = +-inf, 1/sqrt(+inf) = +0, NaN canonical, negative numbers ptxas's negative NaN.
DefId FunctionCompiler::rsqrt_approx64(DefId x) {
  const F64Ops o{*this};
  const DefId h = o.high(x);
  const DefId denormal = o.both(o.op(AluOp::flt, {o.f64(0), x}), o.op(AluOp::ult, {h, o.u32(0x00100000)}));
  const DefId y = rsqrt_newton(o.select(denormal, o.mul(x, o.f64(0x4350000000000000)), x), false);  // 2^54
  const DefId r = o.select(denormal, o.mul(y, o.f64(0x41a0000000000000)), y);                       // 2^27
  const DefId zero_result =
      o.pack(o.u32(0), o.op(AluOp::ior, {o.op(AluOp::iand, {h, o.u32(kSignBit)}), o.u32(kInf >> 32)}));
  const DefId special =
      o.select(o.op(AluOp::feq, {x, o.f64(0)}), zero_result,
               o.select(o.op(AluOp::fneu, {x, x}), o.op(AluOp::fadd, {x, x}),
                        o.select(o.op(AluOp::flt, {x, o.f64(0)}), o.f64(kNegativeNaN), o.f64(0))));
  return o.select(o.both(o.op(AluOp::flt, {o.f64(0), x}), o.op(AluOp::flt, {x, o.f64(kInf)})), r, special);
}

}  // namespace tmu::ptx::to_ir
