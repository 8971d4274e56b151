// SPDX-License-Identifier: MIT
// Warp-wide handlers (fast.h) for the integer and move forms that compiled code runs most: MOV, MOV32I, SEL,
// IADD, IADD32I, IADD3, ISETP, LOP, LOP32I and SHL, without condition codes (.CC, .X), .SAT or IADD3's half
// selectors and shifts; those forms run in the reference handlers (ops_integer.cpp, ops_integer_bits.cpp,
// ops_conversion_moves.cpp), whose adder, comparison and logic functions these share (ops_integer_operands.h).
#include "exec/fast.h"
#include "exec/ops_integer_operands.h"

namespace tmu::exec {

using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;
using namespace intops;

namespace {

// Operand inversions and carry-in of the adders: flags bit 0 inverts A, bit 1 B, bit 2 C; aux is the carry-in.
constexpr uint32_t kInvA = 1, kInvB = 2, kInvC = 4;
uint32_t inversion(const Decoded& d, uint32_t bit) { return (d.flags & bit) ? ~0u : 0u; }

// The shape most handlers share: Rd = f(Ra, B) on every lane, written under the lane mask.
template <typename F>
TMU_FAST_INLINE void binary(Context& c, const Decoded& d, F&& f) {
  Row scratch, out;
  const uint32_t* b;
  if (!fast::fetch(c, d.b, scratch, b)) return d.reference(c, *d.inst);
  const uint32_t* a = fast::row(c, d.ra);
  for (unsigned l = 0; l < kLanes; ++l) out[l] = f(a[l], b[l], l);
  fast::write(c, d.rd, c.lanes, out);
}

// Reads Ra, then B, then writes Rd: the reference handlers' order.
void touch_a_b_d(Decoded& d, const Instruction& in) {
  d.ra = static_cast<uint8_t>(in.get<Opd::ra>().index);
  d.rd = static_cast<uint8_t>(in.get<Opd::rd>().index);
  fast::touch(d, d.ra, false);
  fast::touch(d, d.b);
  fast::touch(d, d.rd, true);
}

// MOV, MOV32I: Rd = B (all four lanes of each quad written; other lane masks run in the reference handler).
TMU_FAST_HANDLER(mov_fast) {
  Row scratch;
  const uint32_t* b;
  if (!fast::fetch(c, d.b, scratch, b)) return d.reference(c, *d.inst);
  Row out;
  for (unsigned l = 0; l < kLanes; ++l) out[l] = b[l];
  fast::write(c, d.rd, c.lanes, out);
}
FastHandlers mov_decode(const Instruction& in, Decoded& d) {
  if ((in.get<Opd::cm_lanes>() & 0xf) != 0xf) return {};
  d.b = source_b(in);
  d.rd = static_cast<uint8_t>(in.get<Opd::rd>().index);
  fast::touch(d, d.b);
  fast::touch(d, d.rd, true);
  return TMU_FAST(mov_fast);
}

// SEL: Rd = Pc ? Ra : B (p0 = Pc, flags = its negation).
TMU_FAST_HANDLER(sel_fast) {
  const uint32_t p = fast::pred(c, d.p0) ^ (d.flags ? kAllLanes : 0u);
  binary(c, d, [p](uint32_t a, uint32_t b, unsigned l) { return (p >> l) & 1 ? a : b; });
}
FastHandlers sel_decode(const Instruction& in, Decoded& d) {
  d.b = source_b(in);
  d.p0 = static_cast<uint8_t>(in.get<Opd::cm_pc>().index);
  d.flags = in.get<Opd::cm_pc_neg>() ? 1 : 0;
  touch_a_b_d(d, in);
  return TMU_FAST(sel_fast);
}

// IADD, IADD32I: (~)Ra + (~)B + carry-in.
TMU_FAST_HANDLER(iadd_fast) {
  const uint32_t ia = inversion(d, kInvA), ib = inversion(d, kInvB), cin = d.aux;
  binary(c, d, [=](uint32_t a, uint32_t b, unsigned) { return add(a ^ ia, b ^ ib, cin).d; });
}
FastHandlers iadd_decode(const Instruction& in, Decoded& d) {
  if (in.get_or<Opd::ia_x>(false) || in.get_or<Opd::ia_cc>(false) || in.get_or<Opd::ia_sat>(false)) return {};
  const isa::sm50::IaPSign ps = psign(in);
  const bool nega = ps == isa::sm50::IaPSign::NegA, negb = ps == isa::sm50::IaPSign::NegSecond;
  d.flags = (nega ? kInvA : 0) | (negb ? kInvB : 0);
  d.aux = (nega || negb ? 1u : 0u) + (ps == isa::sm50::IaPSign::PlusOne ? 1u : 0u);
  d.b = source_b(in);
  touch_a_b_d(d, in);
  return TMU_FAST(iadd_fast);
}

// IADD3 without half selectors or shifts: (-)Ra + (-)B + (-)C, each negation an inversion plus one.
TMU_FAST_HANDLER(iadd3_fast) {
  Row sb, sc, out;
  const uint32_t *b, *cv;
  if (!fast::fetch(c, d.b, sb, b) || !fast::fetch(c, d.c, sc, cv)) return d.reference(c, *d.inst);
  const uint32_t* a = fast::row(c, d.ra);
  const uint32_t ia = inversion(d, kInvA), ib = inversion(d, kInvB), ic = inversion(d, kInvC), cin = d.aux;
  for (unsigned l = 0; l < kLanes; ++l) out[l] = (a[l] ^ ia) + (b[l] ^ ib) + (cv[l] ^ ic) + cin;
  fast::write(c, d.rd, c.lanes, out);
}
FastHandlers iadd3_decode(const Instruction& in, Decoded& d) {
  using isa::sm50::Iadd3Part;
  if (in.get_or<Opd::ia_x>(false) || in.get_or<Opd::ia_cc>(false) ||
      in.get_or<Opd::iadd3_shift>(isa::sm50::Iadd3Shift::None) != isa::sm50::Iadd3Shift::None)
    return {};
  for (Iadd3Part p : {in.get_or<Opd::iadd3_pa>(Iadd3Part::None), in.get_or<Opd::iadd3_pb>(Iadd3Part::None),
                      in.get_or<Opd::iadd3_pc>(Iadd3Part::None)})
    if (p != Iadd3Part::None) return {};
  const bool na = in.get<Opd::ia_nega>(), nb = in.get<Opd::ia_negb>(), nc = in.get<Opd::ia_negc>();
  d.flags = (na ? kInvA : 0) | (nb ? kInvB : 0) | (nc ? kInvC : 0);
  d.aux = (na ? 1u : 0u) + (nb ? 1u : 0u) + (nc ? 1u : 0u);
  d.b = source_b(in);
  d.c = source_c(in);
  d.ra = static_cast<uint8_t>(in.get<Opd::ra>().index);
  d.rd = static_cast<uint8_t>(in.get<Opd::rd>().index);
  fast::touch(d, d.ra, false);
  fast::touch(d, d.b);
  fast::touch(d, d.c);
  fast::touch(d, d.rd, true);
  return TMU_FAST(iadd3_fast);
}

// ISETP without .X: Pu = (Ra cmp B) op Ps, Pv = !(Ra cmp B) op Ps (p0 = Ps, p1 = Pu, p2 = Pv; flags: bit 0 Ps
// negated, bit 1 signed; aux: the comparison << 8 | the boolean operation).
TMU_FAST_HANDLER(isetp_fast) {
  Row scratch;
  const uint32_t* b;
  if (!fast::fetch(c, d.b, scratch, b)) return d.reference(c, *d.inst);
  const uint32_t* a = fast::row(c, d.ra);
  const auto cmp = static_cast<IaCmp>(d.aux >> 8);
  const auto bop = static_cast<IaBoolOp>(d.aux & 0xff);
  const bool sgn = (d.flags & 2) != 0;
  const uint32_t p = fast::pred(c, d.p0) ^ ((d.flags & 1) ? kAllLanes : 0u);
  const uint32_t eq = fast::mask_of([&](unsigned l) { return a[l] == b[l]; });
  const uint32_t lt = sgn ? fast::mask_of([&](unsigned l) { return static_cast<int32_t>(a[l]) < static_cast<int32_t>(b[l]); })
                          : fast::mask_of([&](unsigned l) { return a[l] < b[l]; });
  const uint32_t r = compare_masks(cmp, lt, eq);
  fast::set_pred(c, d.p1, c.lanes, combine_masks(bop, r, p));
  fast::set_pred(c, d.p2, c.lanes, combine_masks(bop, ~r, p));
}
FastHandlers isetp_decode(const Instruction& in, Decoded& d) {
  const IaBoolOp bop = in.get<Opd::ia_bop>();
  if (bop == IaBoolOp::Invalid3 || in.get<Opd::ia_x>()) return {};
  d.b = source_b(in);
  d.ra = static_cast<uint8_t>(in.get<Opd::ra>().index);
  d.p0 = static_cast<uint8_t>(in.get<Opd::ia_ps>().index);
  d.p1 = static_cast<uint8_t>(in.get<Opd::isetp_pu>().index);
  d.p2 = static_cast<uint8_t>(in.get<Opd::isetp_pv>().index);
  d.flags = (in.get<Opd::ia_psneg>() ? 1u : 0u) | (in.get<Opd::ia_signed>() ? 2u : 0u);
  d.aux = static_cast<uint32_t>(in.get<Opd::ia_cmp>()) << 8 | static_cast<uint32_t>(bop);
  fast::touch(d, d.ra, false);
  fast::touch(d, d.b);
  return TMU_FAST(isetp_fast);
}

// LOP, LOP32I without .CC: Rd = (~)Ra op (~)B, Pd = the predicate result (p0 = Pd; aux: op << 8 | predicate op).
TMU_FAST_HANDLER(lop_fast) {
  Row scratch, out;
  const uint32_t* b;
  if (!fast::fetch(c, d.b, scratch, b)) return d.reference(c, *d.inst);
  const uint32_t* a = fast::row(c, d.ra);
  const uint32_t ia = inversion(d, kInvA), ib = inversion(d, kInvB);
  const auto op = static_cast<LopOp>(d.aux >> 8);
  const auto pop = static_cast<IaPredOp>(d.aux & 0xff);
  for (unsigned l = 0; l < kLanes; ++l) out[l] = lop2(op, a[l] ^ ia, b[l] ^ ib);
  if (d.p0 < 7) fast::set_pred(c, d.p0, c.lanes, fast::mask_of([&](unsigned l) { return pred_result(pop, out[l]); }));
  fast::write(c, d.rd, c.lanes, out);
}
FastHandlers lop_decode(const Instruction& in, Decoded& d) {
  if (in.get<Opd::ia_cc>()) return {};
  d.flags = (in.get<Opd::ia_inva>() ? kInvA : 0) | (in.get<Opd::ia_invb>() ? kInvB : 0);
  d.p0 = static_cast<uint8_t>(in.get_or<Opd::ia_pd>(isa::sm50::PT).index);
  d.aux = static_cast<uint32_t>(in.get<Opd::lop_op>()) << 8 |
          static_cast<uint32_t>(in.get_or<Opd::ia_pop>(IaPredOp::None));
  d.b = source_b(in);
  touch_a_b_d(d, in);
  return TMU_FAST(lop_fast);
}

// SHL without .X or .CC: Ra << B; counts of 32 or more give 0 unless .W wraps them (flags bit 0).
TMU_FAST_HANDLER(shl_fast) {
  const bool w = d.flags & 1;
  binary(c, d, [w](uint32_t a, uint32_t n, unsigned) { return w ? a << (n & 31) : n >= 32 ? 0 : a << n; });
}
FastHandlers shl_decode(const Instruction& in, Decoded& d) {
  if (in.get<Opd::ia_x>() || in.get<Opd::ia_cc>()) return {};
  d.flags = in.get<Opd::ia_w>() ? 1 : 0;
  d.b = source_b(in);
  touch_a_b_d(d, in);
  return TMU_FAST(shl_fast);
}

constexpr FastEntry kEntries[] = {
    {Op::MOV, mov_decode},   {Op::MOV32I, mov_decode},   {Op::SEL, sel_decode},   {Op::IADD, iadd_decode},
    {Op::IADD32I, iadd_decode}, {Op::IADD3, iadd3_decode}, {Op::ISETP, isetp_decode}, {Op::LOP, lop_decode},
    {Op::LOP32I, lop_decode}, {Op::SHL, shl_decode},
};

}  // namespace

std::span<const FastEntry> fast_integer_entries() { return kEntries; }

}  // namespace tmu::exec
