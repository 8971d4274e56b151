// SPDX-License-Identifier: MIT
// Warp-wide handlers (fast.h) for FADD, FADD32I, FMUL, FMUL32I, FFMA, FFMA32I and MUFU's 32-bit functions, in
// round-to-nearest without condition codes and without FMUL's result scale; other forms run in the reference
// handlers (ops_float_arith.cpp, ops_mufu.cpp), whose operand decorations, flushing, NaN and saturation rules
// these share (ops_float_common.h).
#include <cmath>

#include "exec/fast.h"
#include "exec/ops_float_common.h"

namespace tmu::exec {

using isa::sm50::FaFmz;
using isa::sm50::FaRound;
using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;
using namespace fp;

namespace {

// flags: the operand decorations and the result's finishing.
constexpr uint32_t kNegA = 1, kAbsA = 2, kNegB = 4, kAbsB = 8, kNegC = 16, kFtz = 32, kSat = 64, kFmz = 128;
bool has(const Decoded& d, uint32_t bit) { return (d.flags & bit) != 0; }

FastHandlers plain(const Instruction& in, FastHandlers h) {
  if (in.get_or<Opd::fa_cc>(false) || in.get_or<Opd::fa_rnd>(FaRound::RN) != FaRound::RN) return {};
  return h;
}

// .FTZ / .FMZ of FMUL and FFMA into flags; false for the undefined fourth value (the reference handler reports it).
bool fmz_flags(const Instruction& in, Decoded& d) {
  const FaFmz m = in.get_or<Opd::fa_fmz>(FaFmz::None);
  if (m == FaFmz::Invalid3) return false;
  if (m != FaFmz::None) d.flags |= kFtz;
  if (m == FaFmz::FMZ) d.flags |= kFmz;
  return true;
}

void touch_a_b(Decoded& d, const Instruction& in) {
  d.ra = static_cast<uint8_t>(in.get<Opd::ra>().index);
  d.rd = static_cast<uint8_t>(in.get<Opd::rd>().index);
  d.b = source_b(in);
  fast::touch(d, d.ra, false);
  fast::touch(d, d.b);
}

TMU_FAST_HANDLER(fadd_fast) {
  Row scratch, out;
  const uint32_t* b;
  if (!fast::fetch(c, d.b, scratch, b)) return d.reference(c, *d.inst);
  const uint32_t* a = fast::row(c, d.ra);
  const bool na = has(d, kNegA), aa = has(d, kAbsA), nb = has(d, kNegB), ab = has(d, kAbsB);
  const bool ftz = has(d, kFtz), sat = has(d, kSat);
  for (unsigned l = 0; l < kLanes; ++l) {
    const uint32_t x = flush_if(ftz, negabs(a[l], na, aa)), y = flush_if(ftz, negabs(b[l], nb, ab));
    out[l] = finish(f32(x) + f32(y), ftz, sat);
  }
  fast::write(c, d.rd, c.lanes, out);
}
FastHandlers fadd_decode(const Instruction& in, Decoded& d) {
  d.flags = (in.get<Opd::fa_nega>() ? kNegA : 0) | (in.get<Opd::fa_absa>() ? kAbsA : 0) |
            (in.get<Opd::fa_negb>() ? kNegB : 0) | (in.get<Opd::fa_absb>() ? kAbsB : 0) |
            (in.get<Opd::fa_ftz>() ? kFtz : 0) | (in.get_or<Opd::fa_sat>(false) ? kSat : 0);
  touch_a_b(d, in);
  fast::touch(d, d.rd, true);
  return plain(in, TMU_FAST(fadd_fast));
}

// The product of two floats is exact in double; one rounding to float follows (as in the reference handler).
TMU_FAST_HANDLER(fmul_fast) {
  Row scratch, out;
  const uint32_t* b;
  if (!fast::fetch(c, d.b, scratch, b)) return d.reference(c, *d.inst);
  const uint32_t* a = fast::row(c, d.ra);
  const bool nb = has(d, kNegB), ftz = has(d, kFtz), sat = has(d, kSat);
  const FaFmz mode = has(d, kFmz) ? FaFmz::FMZ : ftz ? FaFmz::FTZ : FaFmz::None;
  for (unsigned l = 0; l < kLanes; ++l) {
    const uint32_t x = flush_if(ftz, a[l]), y = flush_if(ftz, negabs(b[l], nb, false));
    const float r = fmz_zero(mode, x, y) ? f32((x ^ y) & kSign32)
                                         : static_cast<float>(static_cast<double>(f32(x)) * static_cast<double>(f32(y)));
    out[l] = finish(r, ftz, sat);
  }
  fast::write(c, d.rd, c.lanes, out);
}
FastHandlers fmul_decode(const Instruction& in, Decoded& d) {
  if (!fmz_flags(in, d) || in.get_or<Opd::fa_scale>(isa::sm50::FaScale::None) != isa::sm50::FaScale::None)
    return {};
  d.flags |= (in.get_or<Opd::fa_negb>(false) ? kNegB : 0) | (in.get<Opd::fa_sat>() ? kSat : 0);
  touch_a_b(d, in);
  fast::touch(d, d.rd, true);
  return plain(in, TMU_FAST(fmul_fast));
}

// FFMA: C is Rc, the constant bank of an _RC form, or (FFMA32I) the destination register.
TMU_FAST_HANDLER(ffma_fast) {
  Row sb, sc, out;
  const uint32_t *b, *cv;
  if (!fast::fetch(c, d.b, sb, b) || !fast::fetch(c, d.c, sc, cv)) return d.reference(c, *d.inst);
  const uint32_t* a = fast::row(c, d.ra);
  const bool na = has(d, kNegA), nb = has(d, kNegB), nc = has(d, kNegC), ftz = has(d, kFtz), sat = has(d, kSat);
  const FaFmz mode = has(d, kFmz) ? FaFmz::FMZ : ftz ? FaFmz::FTZ : FaFmz::None;
  for (unsigned l = 0; l < kLanes; ++l) {
    uint32_t x = flush_if(ftz, negabs(a[l], na, false)), y = flush_if(ftz, negabs(b[l], nb, false));
    const uint32_t z = flush_if(ftz, negabs(cv[l], nc, false));
    if (fmz_zero(mode, x, y)) {
      x = (x ^ y) & kSign32;
      y = kOne32;
    }
    out[l] = finish(std::fma(f32(x), f32(y), f32(z)), ftz, sat);
  }
  fast::write(c, d.rd, c.lanes, out);
}
FastHandlers ffma_decode(const Instruction& in, Decoded& d) {
  if (!fmz_flags(in, d)) return {};
  d.flags |= (in.get_or<Opd::fa_nega>(false) ? kNegA : 0) | (in.get_or<Opd::fa_negb>(false) ? kNegB : 0) |
             (in.get<Opd::fa_negc>() ? kNegC : 0) | (in.get<Opd::fa_sat>() ? kSat : 0);
  touch_a_b(d, in);
  d.c = in.op() == Op::FFMA32I ? AluSource::reg(d.rd) : source_c(in);
  fast::touch(d, d.c);
  fast::touch(d, d.rd, true);
  return plain(in, TMU_FAST(ffma_fast));
}

// MUFU's 32-bit functions: always flushing, in double, rounded to F32 (aux: the function).
TMU_FAST_HANDLER(mufu_fast) {
  const auto f = reinterpret_cast<MufuFunction>(d.aux64);
  const uint32_t* a = fast::row(c, d.ra);
  const bool na = has(d, kNegA), aa = has(d, kAbsA), sat = has(d, kSat);
  Row out;
  for (unsigned l = 0; l < kLanes; ++l) {
    const uint32_t x = negabs(a[l], na, aa);
    out[l] = finish(static_cast<float>(f(static_cast<double>(f32(flush(x))))), true, sat);
  }
  fast::write(c, d.rd, c.lanes, out);
}
FastHandlers mufu_decode(const Instruction& in, Decoded& d) {
  const MufuFunction f = mufu_function(in.get<Opd::mufu_op>(), in.arch());
  if (!f) return {};
  d.aux64 = reinterpret_cast<uintptr_t>(f);
  d.flags = (in.get<Opd::fa_nega>() ? kNegA : 0) | (in.get<Opd::fa_absa>() ? kAbsA : 0) |
            (in.get<Opd::fa_sat>() ? kSat : 0);
  d.ra = static_cast<uint8_t>(in.get<Opd::ra>().index);
  d.rd = static_cast<uint8_t>(in.get<Opd::rd>().index);
  fast::touch(d, d.ra, false);
  fast::touch(d, d.rd, true);
  return TMU_FAST(mufu_fast);
}

constexpr FastEntry kEntries[] = {
    {Op::FADD, fadd_decode}, {Op::FADD32I, fadd_decode}, {Op::FMUL, fmul_decode}, {Op::FMUL32I, fmul_decode},
    {Op::FFMA, ffma_decode}, {Op::FFMA32I, ffma_decode}, {Op::MUFU, mufu_decode},
};

}  // namespace

std::span<const FastEntry> fast_float_entries() { return kEntries; }

}  // namespace tmu::exec
