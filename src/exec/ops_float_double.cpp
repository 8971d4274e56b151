// SPDX-License-Identifier: MIT
// DADD, DMUL, DFMA, DMNMX, DSET and DSETP: IEEE double precision on register pairs (Rn low word, Rn+1 high word),
// one rounding in the encoded mode, denormals always kept (no .FTZ on the F64 unit), canonical NaN results.
#include <cmath>

#include "exec/ops_float_common.h"

namespace tmu::exec::fp {

namespace {

uint64_t operand_a64(Context& c, const Instruction& in, unsigned lane) {
  return negabs(reg64(c, in.get<Opd::ra>().index, lane), in.get_or<Opd::fa_nega>(false),
                in.get_or<Opd::fa_absa>(false));
}
uint64_t decorated_b64(Context& c, const Instruction& in, unsigned lane) {
  return negabs(operand_b64(c, in, lane), in.get_or<Opd::fa_negb>(false), in.get_or<Opd::fa_absb>(false));
}

void write64(Context& c, const Instruction& in, unsigned lane, double r) {
  const uint64_t b = finish(r);
  set_reg64(c, in.get<Opd::rd>().index, lane, b);
  if (in.get<Opd::fa_cc>()) set_cc_f64(c, lane, b);
}

bool set_compare64(Context& c, const Instruction& in, unsigned lane, bool complement) {
  const bool r = compare(in.get<Opd::fa_cmp>(), f64(operand_a64(c, in, lane)), f64(decorated_b64(c, in, lane)));
  return combine(c, in.get<Opd::fa_bop>(), complement ? !r : r, source_pred(c, in, lane));
}

}  // namespace

void dadd(Context& c, const Instruction& in) {
  const FaRound rnd = in.get<Opd::fa_rnd>();
  for_lanes(c.lanes, [&](unsigned lane) {
    const double a = f64(operand_a64(c, in, lane)), b = f64(decorated_b64(c, in, lane));
    write64(c, in, lane, rounded(rnd, [](double x, double y) { return x + y; }, a, b));
  });
}

void dmul(Context& c, const Instruction& in) {
  const FaRound rnd = in.get<Opd::fa_rnd>();
  for_lanes(c.lanes, [&](unsigned lane) {
    const double a = f64(operand_a64(c, in, lane)), b = f64(decorated_b64(c, in, lane));
    write64(c, in, lane, rounded(rnd, [](double x, double y) { return x * y; }, a, b));
  });
}

void dfma(Context& c, const Instruction& in) {
  const FaRound rnd = in.get<Opd::fa_rnd>();
  for_lanes(c.lanes, [&](unsigned lane) {
    const double a = f64(operand_a64(c, in, lane)), b = f64(decorated_b64(c, in, lane));
    const double cv = f64(negabs(operand_c64(c, in, lane), in.get<Opd::fa_negc>(), false));
    write64(c, in, lane, rounded(rnd, [](double x, double y, double z) { return std::fma(x, y, z); }, a, b, cv));
  });
}

// As FMNMX: Ps true selects the minimum; -0 < +0; one NaN yields the other operand, two the canonical NaN.
void dmnmx(Context& c, const Instruction& in) {
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint64_t a = operand_a64(c, in, lane), b = decorated_b64(c, in, lane);
    const bool take_min = source_pred(c, in, lane);
    uint64_t r;
    if (is_nan(a)) r = is_nan(b) ? kNaN64 : b;
    else if (is_nan(b)) r = a;
    else {
      const bool a_less = f64(a) < f64(b) || (f64(a) == f64(b) && (a & kSign64) && !(b & kSign64));
      r = a_less == take_min ? a : b;
    }
    set_reg64(c, in.get<Opd::rd>().index, lane, r);
    if (in.get<Opd::fa_cc>()) set_cc_f64(c, lane, r);
  });
}

// DSET writes a 32-bit result like FSET: 1.0f (.BF) or 0xffffffff, else 0.
void dset(Context& c, const Instruction& in) {
  const uint32_t yes = in.get<Opd::fa_bf>() ? kOne32 : 0xffffffffu;
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t r = set_compare64(c, in, lane, false) ? yes : 0;
    c.set_reg(in.get<Opd::rd>().index, lane, r);
    if (in.get<Opd::fa_cc>()) set_cc(c, lane, r == 0, r >> 31, false, false);
  });
}

void dsetp(Context& c, const Instruction& in) {
  for_lanes(c.lanes, [&](unsigned lane) {
    const bool p = set_compare64(c, in, lane, false), q = set_compare64(c, in, lane, true);
    c.set_pred(in.get<Opd::fa_pd>().index, lane, p);
    c.set_pred(in.get<Opd::fa_pdn>().index, lane, q);
  });
}

}  // namespace tmu::exec::fp
