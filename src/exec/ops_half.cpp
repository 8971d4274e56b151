// SPDX-License-Identifier: MIT
// Half-precision pairs (SM52): HADD2, HMUL2, HFMA2, HSET2, HSETP2 and HADD2_32I, HMUL2_32I, HFMA2_32I. A register
// holds two IEEE halves, H0 in bits 15..0 and H1 in bits 31..16, and each instruction works on both at once, as
// PTX's add/mul/fma/set/setp .f16x2 define (docs/exec.md, "Half precision"):
//
// - sources: a register with its swizzle (both halves as they are; .H0_H0 / .H1_H1 one half in both lanes; .F32
//   the register as one F32, rounded to the nearest half in both lanes: a model), then -|x| on each half's sign
//   bit; a constant-bank word (a pair); the immediate pair (the top 10 bits of two halves, whole halves in _32I);
// - arithmetic: each lane's result rounded once to nearest even (a sum or product of halves is exact in double;
//   the fused multiply-add is rounded to odd in double first, which makes the final rounding exact);
// - .FTZ flushes half denormal inputs and results to zero of the same sign; .FMZ also makes a zero factor's
//   product zero against Inf and NaN (as FMUL.FMZ); .SAT clamps to [+0, 1] (NaN to +0); NaN results are the
//   canonical 0x7fff (model, as F2F's);
// - the result format: the pair (H1, H0); .MRG_H0 / .MRG_H1 replace only that half of Rd with the lane's
//   result; .F32 writes lane H0's result as an F32 (model);
// - HSET2 writes 0xffff (.BF: 1.0 = 0x3c00) or 0 in each half for (A cmp B) bop Ps; HSETP2 writes Pd for lane
//   H0 and the second predicate for lane H1 (ptxas writes PTX's setp.f16x2 p|q as HSETP2 p, q), with .H_AND
//   Pd = (H0 and H1) bop Ps and the second its complement (model).
//
// ptxas 11.8 writes these only for sm_53 (whose encodings are SM52's); tests/oracle/exec_video_half_test.cpp runs
// its code and assembled SM52 forms against host IEEE half arithmetic.
#include <fmt/format.h>

#include <array>
#include <cmath>

#include "exec/ops_f16.h"
#include "exec/ops_float_common.h"
#include "isa/sm50/half_enums.h"

namespace tmu::exec {

using isa::sm50::FaBoolOp;
using isa::sm50::FaCmp;
using isa::sm50::FaFmz;
using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;

namespace {

using Pair = std::array<uint16_t, 2>;  // lane H0, lane H1

constexpr uint16_t kSign16 = 0x8000u, kOne16 = 0x3c00u;

bool denormal(uint16_t h) { return (h & 0x7c00u) == 0 && (h & 0x3ffu) != 0; }
uint16_t flush16(bool ftz, uint16_t h) { return ftz && denormal(h) ? static_cast<uint16_t>(h & kSign16) : h; }

// A register's swizzle (kHalfSwz: 0 both halves, 1 .F32, 2 .H0_H0, 3 .H1_H1).
Pair swizzle(uint32_t v, uint32_t swz) {
  const auto lo = static_cast<uint16_t>(v & 0xffffu), hi = static_cast<uint16_t>(v >> 16);
  switch (swz) {
    case 1: {
      const uint16_t h = to_f16(fp::f32(v), Rnd::RN);
      return {h, h};
    }
    case 2: return {lo, lo};
    case 3: return {hi, hi};
    default: return {lo, hi};
  }
}

Pair negabs(Pair p, bool neg, bool abs) {
  for (uint16_t& h : p) {
    if (abs) h &= static_cast<uint16_t>(~kSign16);
    if (neg) h ^= kSign16;
  }
  return p;
}

// The immediate pair: the top bits of two halves (10 in the register forms' slot, 16 in the _32I forms).
Pair immediate(const Instruction& in) {
  const unsigned shift = 16 - in.width(Opd::h_imm_h0);
  return {static_cast<uint16_t>(in.get<Opd::h_imm_h0>() << shift), static_cast<uint16_t>(in.get<Opd::h_imm_h1>() << shift)};
}

// Source A: Ra with its swizzle, -A and |A| where the form has them.
Pair source_a(Context& c, const Instruction& in, unsigned lane) {
  return negabs(swizzle(c.reg(in.get<Opd::ra>().index, lane), in.get<Opd::h_aswz>()), in.get_or<Opd::fa_nega>(false),
                in.get_or<Opd::fa_absa>(false));
}

// Source B: Rb with its swizzle, the immediate pair, a constant-bank word, or (HFMA2's RC form) Rc with C's
// swizzle; -B and |B| where the form has them.
Pair source_b(Context& c, const Instruction& in, unsigned lane) {
  Pair p{};
  if (fp::rc_form(in)) p = swizzle(c.reg(in.get<Opd::rc>().index, lane), in.get<Opd::h_cswz>());
  else if (in.has(Opd::rb)) p = swizzle(c.reg(in.get<Opd::rb>().index, lane), in.get<Opd::h_bswz>());
  else if (in.has(Opd::fa_cb)) p = swizzle(fp::cbank_word(c, in.get<Opd::fa_cb>(), lane), 0);
  else p = immediate(in);
  return negabs(p, in.get_or<Opd::fa_negb>(false), in.get_or<Opd::fa_absb>(false));
}

// Source C of HFMA2: Rc with its swizzle, the constant bank in the RC form, Rd in HFMA2_32I; -C.
Pair source_c(Context& c, const Instruction& in, unsigned lane) {
  Pair p{};
  if (in.op() == Op::HFMA2_32I) p = swizzle(c.reg(in.get<Opd::rd>().index, lane), 0);
  else if (fp::rc_form(in)) p = swizzle(fp::cbank_word(c, in.get<Opd::fa_cb>(), lane), 0);
  else p = swizzle(c.reg(in.get<Opd::rc>().index, lane), in.get<Opd::h_cswz>());
  return negabs(p, in.get<Opd::fa_negc>(), false);
}

// .FTZ / .FMZ: h_fmz (HMUL2, HFMA2), fa_fmz (HFMA2's RC form, HFMA2_32I) or the .FTZ flag; false (with an error)
// for the undefined fourth value.
bool denormal_mode(Context& c, const Instruction& in, FaFmz& mode) {
  if (in.has(Opd::h_fmz)) mode = static_cast<FaFmz>(in.get<Opd::h_fmz>());
  else if (in.has(Opd::fa_fmz)) mode = in.get<Opd::fa_fmz>();
  else mode = in.get_or<Opd::fa_ftz>(false) ? FaFmz::FTZ : FaFmz::None;
  if (mode != FaFmz::Invalid3) return true;
  c.fail(-1, "denormal mode 3 (.INVALID) is undefined");
  return false;
}

// a * b + c rounded to odd in double: exact value truncated toward zero, its last bit set when inexact. Rounding
// that to a half (11 bits, far fewer than 53 - 2) gives the correctly rounded half of the exact value.
double fma_odd(double a, double b, double c) {
  const double p = a * b;  // exact: two 11-bit significands
  const double s = p + c;
  if (!std::isfinite(s)) return s;
  const double v = s - p, err = (p - (s - v)) + (c - v);  // TwoSum: s + err == p + c exactly
  if (err == 0) return s;
  const double t = (err > 0) == (s > 0) ? s : std::nextafter(s, 0.0);
  return fp::f64(fp::bits(t) | 1u);
}

// One lane's result, rounded to nearest even, flushed under .FTZ, clamped under .SAT.
uint16_t finish16(double v, bool ftz, bool sat) {
  if (std::isnan(v)) return sat ? 0 : kNanF16;
  uint16_t h = flush16(ftz, to_f16(v, Rnd::RN));
  if (sat) {
    if (h & kSign16) return 0;
    if (h > kOne16) return kOne16;
  }
  return h;
}

// Writes a pair by the result format (h_ofmt: 0 the pair, 1 .F32, 2 .MRG_H0, 3 .MRG_H1).
void write_pair(Context& c, const Instruction& in, unsigned lane, Pair r) {
  const unsigned rd = in.get<Opd::rd>().index;
  switch (in.get_or<Opd::h_ofmt>(0)) {
    case 1: return c.set_reg(rd, lane, fp::bits(static_cast<float>(f16_value(r[0]))));
    case 2: return c.set_reg(rd, lane, (c.reg(rd, lane) & 0xffff0000u) | r[0]);
    case 3: return c.set_reg(rd, lane, (c.reg(rd, lane) & 0xffffu) | uint32_t{r[1]} << 16);
    default: return c.set_reg(rd, lane, uint32_t{r[1]} << 16 | r[0]);
  }
}

// HADD2, HMUL2, HFMA2 and their _32I forms.
void harith(Context& c, const Instruction& in) {
  FaFmz mode;
  if (!denormal_mode(c, in, mode)) return;
  const bool ftz = mode != FaFmz::None, sat = in.get_or<Opd::fa_sat>(false);
  const Op op = in.op();
  const bool add = op == Op::HADD2 || op == Op::HADD2_32I, fma = op == Op::HFMA2 || op == Op::HFMA2_32I;
  for_lanes(c.lanes, [&](unsigned lane) {
    const Pair a = source_a(c, in, lane), b = source_b(c, in, lane);
    const Pair cv = fma ? source_c(c, in, lane) : Pair{};
    Pair r{};
    for (unsigned i = 0; i < 2; ++i) {
      const uint16_t x = flush16(ftz, a[i]), y = flush16(ftz, b[i]), z = flush16(ftz, cv[i]);
      double p = 0;
      if (add) {
        p = f16_value(x) + f16_value(y);  // exact in double
      } else {
        double fx = f16_value(x), fy = f16_value(y);
        if (mode == FaFmz::FMZ && ((x & ~kSign16) == 0 || (y & ~kSign16) == 0)) {
          fx = std::copysign(0.0, (x ^ y) & kSign16 ? -1.0 : 1.0);  // a zero product, then exactly +-0 * 1
          fy = 1;
        }
        p = fma ? fma_odd(fx, fy, f16_value(z)) : fx * fy;
      }
      r[i] = finish16(p, ftz, sat);
    }
    write_pair(c, in, lane, r);
  });
}

// HSET2 and HSETP2: each lane compares A with B (fa_cmp, a mask of less/equal/greater/unordered as FSET's).
void hset(Context& c, const Instruction& in) {
  const bool ftz = in.get_or<Opd::fa_ftz>(false), setp = in.op() == Op::HSETP2;
  const FaCmp cmp = in.get<Opd::fa_cmp>();
  const FaBoolOp bop = setp ? in.get<Opd::fa_bop>() : static_cast<FaBoolOp>(in.get<Opd::h_bop>());
  const bool hand = in.get_or<Opd::h_hand>(false), bf = in.get_or<Opd::fa_bf>(false);
  for_lanes(c.lanes, [&](unsigned lane) {
    const Pair a = source_a(c, in, lane), b = source_b(c, in, lane);
    bool t[2];
    for (unsigned i = 0; i < 2; ++i)
      t[i] = fp::compare(cmp, f16_value(flush16(ftz, a[i])), f16_value(flush16(ftz, b[i])));
    const bool p = fp::source_pred(c, in, lane);
    if (setp) {
      const bool first = hand ? t[0] && t[1] : t[0], second = hand ? !(t[0] && t[1]) : t[1];
      const bool pd = fp::combine(c, bop, first, p), pdn = fp::combine(c, bop, second, p);
      c.set_pred(in.get<Opd::fa_pd>().index, lane, pd);
      c.set_pred(in.get<Opd::fa_pdn>().index, lane, pdn);
      return;
    }
    const uint16_t yes = bf ? kOne16 : 0xffffu;
    const bool lo = fp::combine(c, bop, t[0], p), hi = fp::combine(c, bop, t[1], p);
    c.set_reg(in.get<Opd::rd>().index, lane, (hi ? uint32_t{yes} << 16 : 0u) | (lo ? yes : 0u));
  });
}

constexpr HandlerEntry kHandlers[] = {
    {Op::HADD2, harith}, {Op::HADD2_32I, harith}, {Op::HMUL2, harith}, {Op::HMUL2_32I, harith},
    {Op::HFMA2, harith}, {Op::HFMA2_32I, harith}, {Op::HSET2, hset},   {Op::HSETP2, hset},
};

}  // namespace

std::span<const HandlerEntry> half_handlers() { return kHandlers; }

}  // namespace tmu::exec
