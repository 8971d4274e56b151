// SPDX-License-Identifier: MIT
// MUFU (the multi-function unit) and RRO (its range reduction). NVIDIA documents the functions (PTX ISA
// sin/cos/ex2/lg2/rcp/rsqrt .approx and their special values) but not the hardware's approximation error, so the
// model is stated instead of guessed: each function is evaluated in double precision and rounded to the nearest
// F32, i.e. the correctly rounded value except in rare double-rounding cases. MUFU always flushes denormal inputs
// and results (PTX's .approx.ftz; ptxas adds scaling code around MUFU when denormals must survive). RRO is modelled
// as a pass-through, so that RRO + MUFU.SIN/COS compute sin/cos of the radian argument and RRO + MUFU.EX2 computes
// 2^x (the hardware's intermediate format between the two is not public).
#include <cmath>

#include <fmt/format.h>

#include "exec/ops_float_common.h"

namespace tmu::exec::fp {

using isa::sm50::FaMufuOp;

namespace {

using Function = double (*)(double);

// MUFU [20..23] 0..5 and 8 (SQRT, SM52 on), evaluated on F32 operands. Special values follow IEEE arithmetic on
// double, which matches PTX's tables: rcp(+-0) = +-Inf, rcp(+-Inf) = +-0, rsq(-0) = -Inf, rsq(x < 0) = NaN,
// lg2(+-0) = -Inf, lg2(x < 0) = NaN, ex2(-Inf) = +0, sin/cos(+-Inf) = NaN, sqrt(-0) = -0.
constexpr Function kFunctions[] = {
    [](double x) { return std::cos(x); },         // COS
    [](double x) { return std::sin(x); },         // SIN
    [](double x) { return std::exp2(x); },        // EX2
    [](double x) { return std::log2(x); },        // LG2
    [](double x) { return 1.0 / x; },             // RCP
    [](double x) { return 1.0 / std::sqrt(x); },  // RSQ
    [](double x) { return 1.0 / x; },             // RCP64H (on an F64 built from the high word)
    [](double x) { return 1.0 / std::sqrt(x); },  // RSQ64H
    [](double x) { return std::sqrt(x); },        // SQRT
};

// RCP64H / RSQ64H: A is the high word of an F64 (the low word taken as zero); the result is the high word of the
// F64 value (its low word dropped), the seed of ptxas's double-precision division and square-root iterations.
// Denormal F64 inputs and results are flushed.
uint32_t high_word_function(Function f, uint32_t a) {
  uint64_t x = uint64_t{a} << 32;
  if ((x & 0x7ff0000000000000u) == 0) x &= kSign64;
  uint64_t r = bits(f(f64(x)));
  if (is_nan(r)) return static_cast<uint32_t>(kNaN64 >> 32);
  if ((r & 0x7ff0000000000000u) == 0) r &= kSign64;
  return static_cast<uint32_t>(r >> 32);
}

}  // namespace

MufuFunction mufu_function(FaMufuOp op, isa::Arch arch) {
  const auto k = static_cast<unsigned>(op);
  if (k >= std::size(kFunctions) || (op == FaMufuOp::SQRT && arch < isa::Arch::SM52)) return nullptr;
  if (op == FaMufuOp::RCP64H || op == FaMufuOp::RSQ64H) return nullptr;
  return kFunctions[k];
}

void mufu(Context& c, const Instruction& in) {
  const FaMufuOp op = in.get<Opd::mufu_op>();
  const unsigned k = static_cast<unsigned>(op);
  if (k >= std::size(kFunctions) || (op == FaMufuOp::SQRT && in.arch() < isa::Arch::SM52))
    return c.fail(-1, fmt::format("MUFU function {} is undefined on {}", k, isa::arch_name(in.arch())));
  const Function f = kFunctions[k];
  const bool wide = op == FaMufuOp::RCP64H || op == FaMufuOp::RSQ64H;
  const bool sat = in.get<Opd::fa_sat>();
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = negabs(c.reg(in.get<Opd::ra>().index, lane), in.get<Opd::fa_nega>(), in.get<Opd::fa_absa>());
    const uint32_t r = wide ? high_word_function(f, a)
                            : finish(static_cast<float>(f(static_cast<double>(f32(flush(a))))), true, sat);
    c.set_reg(in.get<Opd::rd>().index, lane, r);
  });
}

void rro(Context& c, const Instruction& in) {
  for_lanes(c.lanes, [&](unsigned lane) {
    c.set_reg(in.get<Opd::rd>().index, lane,
              negabs(operand_b(c, in, lane), in.get<Opd::fa_negb>(), in.get<Opd::fa_absb>()));
  });
}

}  // namespace tmu::exec::fp
