// SPDX-License-Identifier: MIT
// FMNMX, FSET, FSETP, FCMP and FCHK: comparisons of single-precision operands (decorated -|x|, denormals flushed
// under .FTZ), the minimum/maximum selected by a predicate, the boolean combination with a source predicate, the
// select on a comparison with zero, and the division range check.
#include <fmt/format.h>

#include "exec/ops_float_common.h"

namespace tmu::exec::fp {

namespace {

uint32_t operand_a(Context& c, const Instruction& in, unsigned lane) {
  return negabs(c.reg(in.get<Opd::ra>().index, lane), in.get<Opd::fa_nega>(), in.get<Opd::fa_absa>());
}
uint32_t decorated_b(Context& c, const Instruction& in, unsigned lane) {
  return negabs(operand_b(c, in, lane), in.get<Opd::fa_negb>(), in.get<Opd::fa_absb>());
}

// The FSET/FSETP comparison of one lane, combined with the source predicate. `negated` gives FSETP's second
// destination: the complement of the comparison, combined the same way.
struct SetResult {
  bool value, complement;
};
SetResult set_compare(Context& c, const Instruction& in, unsigned lane) {
  const bool ftz = in.get<Opd::fa_ftz>();
  const float a = f32(flush_if(ftz, operand_a(c, in, lane))), b = f32(flush_if(ftz, decorated_b(c, in, lane)));
  const bool r = compare(in.get<Opd::fa_cmp>(), a, b), p = source_pred(c, in, lane);
  const FaBoolOp op = in.get<Opd::fa_bop>();
  return {combine(c, op, r, p), combine(c, op, !r, p)};
}

// Minimum (Ps true) or maximum (Ps false). -0 counts as less than +0; a NaN operand yields the other operand and
// two NaNs the canonical NaN (PTX ISA min/max).
uint32_t min_max(uint32_t a, uint32_t b, bool take_min) {
  if (is_nan(a)) return is_nan(b) ? kNaN32 : b;
  if (is_nan(b)) return a;
  const float x = f32(a), y = f32(b);
  const bool a_less = x < y || (x == y && (a & kSign32) && !(b & kSign32));
  return a_less == take_min ? a : b;
}

}  // namespace

void fmnmx(Context& c, const Instruction& in) {
  const bool ftz = in.get<Opd::fa_ftz>(), cc = in.get<Opd::fa_cc>();
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = flush_if(ftz, operand_a(c, in, lane)), b = flush_if(ftz, decorated_b(c, in, lane));
    const uint32_t r = min_max(a, b, source_pred(c, in, lane));
    c.set_reg(in.get<Opd::rd>().index, lane, r);
    if (cc) set_cc_f32(c, lane, r);
  });
}

// FSET: 1.0 (.BF) or 0xffffffff when the combined comparison holds, 0 otherwise. Rd.CC sets Z for 0 and S from
// bit 31, as for an integer result.
void fset(Context& c, const Instruction& in) {
  const uint32_t yes = in.get<Opd::fa_bf>() ? kOne32 : 0xffffffffu;
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t r = set_compare(c, in, lane).value ? yes : 0;
    c.set_reg(in.get<Opd::rd>().index, lane, r);
    if (in.get<Opd::fa_cc>()) set_cc(c, lane, r == 0, r >> 31, false, false);
  });
}

// FSETP: Pd = (A cmp B) bop Ps, Pdn = !(A cmp B) bop Ps.
void fsetp(Context& c, const Instruction& in) {
  for_lanes(c.lanes, [&](unsigned lane) {
    const SetResult r = set_compare(c, in, lane);
    c.set_pred(in.get<Opd::fa_pd>().index, lane, r.value);
    c.set_pred(in.get<Opd::fa_pdn>().index, lane, r.complement);
  });
}

// FCMP: Rd = (C cmp 0) ? A : B, bits unchanged (C flushed under .FTZ for the comparison only).
void fcmp(Context& c, const Instruction& in) {
  const bool ftz = in.get<Opd::fa_ftz>();
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = c.reg(in.get<Opd::ra>().index, lane), b = operand_b(c, in, lane);
    const float cv = f32(flush_if(ftz, operand_c(c, in, lane)));
    c.set_reg(in.get<Opd::rd>().index, lane, compare(in.get<Opd::fcmp_cmp>(), cv, 0.0) ? a : b);
  });
}

namespace {

// FCHK.DIVIDE sets Pd when A / B cannot take the fast path ptxas emits (B's reciprocal by MUFU.RCP, a product and
// FFMA refinements) and needs the full-range division routine. NVIDIA documents no exact condition; this model sets
// it when either operand is NaN or Inf, B is zero or denormal, A is denormal, B's reciprocal would leave the normal
// range (|exponent of B| > 125), A is not zero and the quotient's exponent (exponent of A - exponent of B) lies
// outside [-125, 125], or A's exponent is below -102: the fast path's remainder A - B q (about 2^-24 |A|) is then
// denormal and the refinement rounds wrongly (div.rn.f32 of 0x01cfdf53 / 0x0dff6f5d came out one ulp off through
// the fast path; the GPU's div.rn.f32 is correctly rounded, so the hardware sends such operands to the slow path).
// Setting it where the fast path would have been exact costs nothing but time: the slow path is exact everywhere.
bool division_needs_check(uint32_t a, uint32_t b) {
  const int ea = static_cast<int>((a >> 23) & 0xff), eb = static_cast<int>((b >> 23) & 0xff);
  if (ea == 0xff || eb == 0xff || eb == 0) return true;
  // A zero (or denormal) dividend takes the slow path: the fast sequence's FFMAs add +0 and lose the sign of
  // 0 / -x (ptxas's div.rn.f32 gives -0 only through the slow path; tests/oracle/exec_ptxas_test.cpp).
  if (ea == 0) return true;
  const int e = ea - eb;
  return eb - 127 < -125 || eb - 127 > 125 || e < -125 || e > 125 || ea - 127 < -102;
}

}  // namespace

void fchk(Context& c, const Instruction& in) {
  const uint32_t mode = in.get<Opd::fchk_mode>();
  if (mode != 0) return c.fail(-1, fmt::format("FCHK mode {} (.INVALIDCHKMODE{}) is undefined", mode, mode));
  for_lanes(c.lanes, [&](unsigned lane) {
    c.set_pred(in.get<Opd::fa_pd>().index, lane, division_needs_check(operand_a(c, in, lane), decorated_b(c, in, lane)));
  });
}

}  // namespace tmu::exec::fp
