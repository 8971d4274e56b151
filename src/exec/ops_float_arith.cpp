// SPDX-License-Identifier: MIT
// FADD, FADD32I, FMUL, FMUL32I, FFMA, FFMA32I and FSWZADD: IEEE single-precision add, multiply and fused
// multiply-add with one rounding in the encoded mode (.RN/.RM/.RP/.RZ), denormals kept unless .FTZ (or .FMZ)
// flushes inputs and result, canonical NaN results, .SAT clamping to [0, 1], and the condition codes of Rd.CC.
#include <cmath>

#include <fmt/format.h>

#include "exec/ops_float_common.h"

namespace tmu::exec::fp {

using isa::sm50::FaFmz;
using isa::sm50::FaScale;

namespace {

struct Finish {
  bool ftz = false, sat = false, cc = false;
};

void write(Context& c, const Instruction& in, unsigned lane, float r, const Finish& f) {
  const uint32_t b = finish(r, f.ftz, f.sat);
  c.set_reg(in.get<Opd::rd>().index, lane, b);
  if (f.cc) set_cc_f32(c, lane, b);
}

// .FTZ / .FMZ of FMUL and FFMA (the undefined fourth value is an error).
bool fmz_mode(Context& c, const Instruction& in, FaFmz& out) {
  out = in.get_or<Opd::fa_fmz>(FaFmz::None);
  if (out != FaFmz::Invalid3) return true;
  c.fail(-1, "denormal mode 3 (.INVALIDFMZ3) is undefined");
  return false;
}

// FMUL's result scale as a power of two: .D2 .D4 .D8 divide, .M8 .M4 .M2 multiply.
constexpr int kScaleExponent[] = {0, -1, -2, -3, 3, 2, 1};

}  // namespace

void fadd(Context& c, const Instruction& in) {
  const Finish f{in.get<Opd::fa_ftz>(), in.get_or<Opd::fa_sat>(false), in.get<Opd::fa_cc>()};
  const FaRound rnd = in.get_or<Opd::fa_rnd>(FaRound::RN);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = negabs(c.reg(in.get<Opd::ra>().index, lane), in.get<Opd::fa_nega>(), in.get<Opd::fa_absa>());
    const uint32_t b = negabs(operand_b(c, in, lane), in.get<Opd::fa_negb>(), in.get<Opd::fa_absb>());
    const float r = rounded(rnd, [](float x, float y) { return x + y; }, f32(flush_if(f.ftz, a)), f32(flush_if(f.ftz, b)));
    write(c, in, lane, r, f);
  });
}

void fmul(Context& c, const Instruction& in) {
  FaFmz mode;
  if (!fmz_mode(c, in, mode)) return;
  const FaScale scale = in.get_or<Opd::fa_scale>(FaScale::None);
  if (scale == FaScale::Invalid7) return c.fail(-1, "result scale 7 (.INVALIDSCALE37) is undefined");
  const int k = kScaleExponent[static_cast<unsigned>(scale)];
  const bool ftz = mode != FaFmz::None;
  const Finish f{ftz, in.get<Opd::fa_sat>(), in.get<Opd::fa_cc>()};
  const FaRound rnd = in.get_or<Opd::fa_rnd>(FaRound::RN);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = flush_if(ftz, c.reg(in.get<Opd::ra>().index, lane));
    const uint32_t b = flush_if(ftz, negabs(operand_b(c, in, lane), in.get_or<Opd::fa_negb>(false), false));
    if (fmz_zero(mode, a, b)) return write(c, in, lane, f32((a ^ b) & kSign32), f);
    // The product of two floats is exact in double, and so is the scale by 2^k: one rounding to float follows,
    // so the scale acts before rounding (it can turn a product that would overflow or be denormal into a normal).
    const double p = std::ldexp(static_cast<double>(f32(a)) * static_cast<double>(f32(b)), k);
    write(c, in, lane, rounded(rnd, [](double x) { return static_cast<float>(x); }, p), f);
  });
}

void ffma(Context& c, const Instruction& in) {
  FaFmz mode;
  if (!fmz_mode(c, in, mode)) return;
  const bool ftz = mode != FaFmz::None;
  const Finish f{ftz, in.get<Opd::fa_sat>(), in.get<Opd::fa_cc>()};
  const FaRound rnd = in.get_or<Opd::fa_rnd>(FaRound::RN);
  const bool imm32 = in.op() == isa::sm50::Op::FFMA32I;  // C is the destination register
  for_lanes(c.lanes, [&](unsigned lane) {
    uint32_t a = flush_if(ftz, negabs(c.reg(in.get<Opd::ra>().index, lane), in.get_or<Opd::fa_nega>(false), false));
    uint32_t b = flush_if(ftz, negabs(operand_b(c, in, lane), in.get_or<Opd::fa_negb>(false), false));
    const uint32_t cv = imm32 ? c.reg(in.get<Opd::rd>().index, lane) : operand_c(c, in, lane);
    const uint32_t cc = flush_if(ftz, negabs(cv, in.get<Opd::fa_negc>(), false));
    if (fmz_zero(mode, a, b)) {
      a = (a ^ b) & kSign32;  // a zero product, then exactly (+-0) * 1 + c
      b = kOne32;
    }
    const float r = rounded(rnd, [](float x, float y, float z) { return std::fma(x, y, z); }, f32(a), f32(b), f32(cc));
    write(c, in, lane, r, f);
  });
}

// FSWZADD: per lane of each quad, one of four sums of A and B chosen by the 8-bit swizzle. Sub-operation 0 PP is
// A + B, 1 NP is -A + B, 2 PN is A - B, 3 ZP is B alone (A's term dropped; B flushed under .FTZ, NaN canonical).
// Lane 0 of the quad takes bits 7:6 (the first pair nvdisasm prints), lane 3 bits 1:0: the order in which ptxas's
// gradient emulation ("ZPPPZPPP" then "ZPZPPPPP", reference lowering-facts.md section 3.6) builds P, P+dPdx,
// P+dPdy, P+dPdx+dPdy in a quad, and in which nouveau's derivative quad operations (QUADOP(SUB, SUBR, SUB, SUBR)
// for d/dx with A the neighbour and B the own value) give the right sign. .NDV does not change the sum.
void fswzadd(Context& c, const Instruction& in) {
  const Finish f{in.get<Opd::fa_ftz>(), false, in.get<Opd::fa_cc>()};
  const FaRound rnd = in.get<Opd::fa_rnd>();
  const uint32_t swz = in.get<Opd::fswz_swz>();
  for_lanes(c.lanes, [&](unsigned lane) {
    const unsigned op = (swz >> (2 * (3 - lane % 4))) & 3;
    const uint32_t a = flush_if(f.ftz, c.reg(in.get<Opd::ra>().index, lane));
    const uint32_t b = flush_if(f.ftz, c.reg(in.get<Opd::rb>().index, lane));
    if (op == 3) return write(c, in, lane, f32(b), f);
    const uint32_t x = op == 1 ? a ^ kSign32 : a, y = op == 2 ? b ^ kSign32 : b;
    write(c, in, lane, rounded(rnd, [](float p, float q) { return p + q; }, f32(x), f32(y)), f);
  });
}

}  // namespace tmu::exec::fp
