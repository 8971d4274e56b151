// SPDX-License-Identifier: MIT
// Integer additions, comparisons and min/max: IADD, IADD32I, IADD3, ISCADD, ISCADD32I, LEA, LEA.HI, XMAD, IMNMX,
// ISETP, ISET, ICMP. (Logic, shifts, bit fields and multiplies: ops_integer_bits.cpp.)
//
// The adder model (docs/exec.md, "Integer ALU"): a negated operand enters the 32-bit adder inverted, with the
// adder's carry-in 1 (two's complement); .X feeds the carry-in from the carry flag instead, which is how ptxas
// writes 64-bit arithmetic: `IADD R0.CC, R2, -R4; IADD.X R1, R3, -R5` subtracts {R5,R4} from {R3,R2}. The carry
// flag is the adder's carry-out (for a subtraction: 1 when nothing was borrowed), overflow is signed overflow,
// and with .X the zero flag chains (set only if it was set before and this half is zero), so that ISETP.X reads
// a 64-bit comparison from the flags of the low half and the registers of the high half.
#include <fmt/format.h>

#include <vector>

#include "exec/ops_integer_operands.h"
#include "isa/sm50/int_alu_enums.h"

namespace tmu::exec {

using isa::sm50::IaBoolOp;
using isa::sm50::IaCmp;
using isa::sm50::IaPSign;
using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;
using namespace intops;

namespace {

// Writes the flags of a sum. With .X the zero flag chains.
void set_sum_flags(Context& c, unsigned lane, const Sum& s, bool x) {
  const Flags old = flags(c, lane);
  set_flags(c, lane, {s.d == 0 && (!x || old.zero), (s.d >> 31) != 0, s.carry, s.overflow});
}

// Signed saturation of a sum that overflowed: both addends had the sign of `a`.
uint32_t saturate(const Sum& s, uint32_t a) {
  if (!s.overflow) return s.d;
  return (a >> 31) ? 0x80000000u : 0x7fffffffu;
}


// IADD, IADD32I: Ra + B with the negations of ia_psign (.PO: Ra + B + 1), .SAT (signed), .X, .CC.
void iadd(Context& c, const Instruction& in) {
  const IaPSign ps = psign(in);
  const bool nega = ps == IaPSign::NegA, negb = ps == IaPSign::NegSecond, po = ps == IaPSign::PlusOne;
  const bool x = in.get_or<Opd::ia_x>(false), cc = in.get_or<Opd::ia_cc>(false), sat = in.get_or<Opd::ia_sat>(false);
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = nega ? ~reg_a(c, in, lane) : reg_a(c, in, lane);
    const uint32_t b = negb ? ~src_b(c, in, lane) : src_b(c, in, lane);
    const unsigned cin = static_cast<unsigned>(x ? flags(c, lane).carry : (nega || negb)) + (po ? 1u : 0u);
    Sum s = add(a, b, cin);
    if (sat) s.d = saturate(s, a);
    if (cc) set_sum_flags(c, lane, s, x);
    c.set_reg(rd, lane, s.d);
  });
}

// ISCADD, ISCADD32I: (Ra << shift) + B; a negation inverts the shifted value (with carry-in 1).
void iscadd(Context& c, const Instruction& in) {
  const IaPSign ps = psign(in);
  const bool nega = ps == IaPSign::NegA, negb = ps == IaPSign::NegSecond, po = ps == IaPSign::PlusOne;
  const bool cc = in.get_or<Opd::ia_cc>(false);
  const unsigned shift = in.get<Opd::ia_shift>() & 31, rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t sh = reg_a(c, in, lane) << shift;
    const uint32_t a = nega ? ~sh : sh;
    const uint32_t b = negb ? ~src_b(c, in, lane) : src_b(c, in, lane);
    const Sum s = add(a, b, (nega || negb || po) ? 1u : 0u);
    if (cc) set_sum_flags(c, lane, s, false);
    c.set_reg(rd, lane, s.d);
  });
}

// IADD3: A + B + C, each optionally negated; the R form may take a 16-bit half of each source (zero-extended)
// and shift the partial sum A + B (with its carry out of bit 31) right (.RS) or left (.LS) by 16 before adding
// C. The flags come from the final addition, carry = any carry out of bit 31 of the full (up to 34-bit) sum,
// overflow = the signed sum leaves the 32-bit range.
void iadd3(Context& c, const Instruction& in) {
  using isa::sm50::Iadd3Part;
  using isa::sm50::Iadd3Shift;
  const bool na = in.get<Opd::ia_nega>(), nb = in.get<Opd::ia_negb>(), nc = in.get<Opd::ia_negc>();
  const bool x = in.get_or<Opd::ia_x>(false), cc = in.get_or<Opd::ia_cc>(false);
  const Iadd3Shift shift = in.get_or<Opd::iadd3_shift>(Iadd3Shift::None);
  const Iadd3Part parts[3] = {in.get_or<Opd::iadd3_pa>(Iadd3Part::None), in.get_or<Opd::iadd3_pb>(Iadd3Part::None),
                              in.get_or<Opd::iadd3_pc>(Iadd3Part::None)};
  for (Iadd3Part p : parts)
    if (p == Iadd3Part::Invalid3) return c.fail(-1, "IADD3 half selector 3 has no meaning");
  if (shift == Iadd3Shift::Invalid3) return c.fail(-1, "IADD3 shift mode 3 has no meaning");
  auto part = [](uint32_t v, Iadd3Part p) {
    return p == Iadd3Part::H0 ? v & 0xffffu : p == Iadd3Part::H1 ? v >> 16 : v;
  };
  // A negated operand as a signed 64-bit addend, and as the adder sees it (inverted, plus one).
  auto signed_value = [](uint32_t v, bool neg, bool whole) {
    const int64_t s = whole ? int64_t{static_cast<int32_t>(v)} : int64_t{v};
    return neg ? -s : s;
  };
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = part(reg_a(c, in, lane), parts[0]), b = part(src_b(c, in, lane), parts[1]),
                   cv = part(src_c(c, in, lane), parts[2]);
    const unsigned cin = x && flags(c, lane).carry ? 1u : 0u;
    uint64_t wide = 0;
    int64_t sgn = 0;
    if (shift == Iadd3Shift::None) {
      wide = uint64_t{na ? ~a : a} + (na ? 1u : 0u) + (nb ? ~b : b) + (nb ? 1u : 0u);
      sgn = signed_value(a, na, parts[0] == Iadd3Part::None) + signed_value(b, nb, parts[1] == Iadd3Part::None);
    } else {
      // The partial sum keeps its carry: .RS brings it into bit 16 (ptxas's mul.hi.u32 adds two cross products
      // of up to 2^32 - 1 each and relies on it).
      const uint64_t sum = uint64_t{na ? ~a : a} + (na ? 1u : 0u) + (nb ? ~b : b) + (nb ? 1u : 0u);
      const auto ab = static_cast<uint32_t>(shift == Iadd3Shift::RS ? sum >> 16 : sum << 16);
      wide = ab;
      sgn = static_cast<int32_t>(ab);
    }
    wide += uint64_t{nc ? ~cv : cv} + (nc ? 1u : 0u) + cin;
    sgn += signed_value(cv, nc, parts[2] == Iadd3Part::None) + cin;
    const auto d = static_cast<uint32_t>(wide);
    if (cc) {
      const Flags old = flags(c, lane);
      set_flags(c, lane, {d == 0 && (!x || old.zero), (d >> 31) != 0, (wide >> 32) != 0,
                          sgn < INT32_MIN || sgn > INT32_MAX});
    }
    c.set_reg(rd, lane, d);
  });
}

// LEA: (Ra << shift) + B, Ra optionally negated (the shifted value inverted, carry-in 1); Pd gets the carry-out
// (the model of docs/exec.md; ptxas pairs LEA .CC with LEA.HI.X for 64-bit addresses). LEA.HI: the high word of
// ({Rc, Ra} << shift) + B, the 64-bit {Rc, Ra} negated first with -Ra; Pd is set where that high word is not zero,
// i.e. where the 64-bit address lies at or above 4 GiB, outside the 32-bit generic windows. That is what ptxas
// 11.8 (sm_50) relies on: before every generic access it copies the address with `LEA Rlo.CC, Ra, RZ; LEA.HI.X
// Pd, Rhi, Ra, RZ, Rc`, and a generic atom branches `@!Pd` to the ATOMS path with the address's low 24 bits (the
// shared window), where a carry-out (always 0 for a copy) would send every global atomic to shared memory.
void lea(Context& c, const Instruction& in) {
  const bool neg = in.get<Opd::ia_nega>(), x = in.get_or<Opd::ia_x>(false), cc = in.get_or<Opd::ia_cc>(false);
  const unsigned shift = in.get<Opd::ia_shift>() & 31, rd = rd_index(in);
  const unsigned pd = in.get_or<Opd::ia_pd>(isa::sm50::PT).index;
  const bool hi = in.op() == Op::LEA_HI;
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = reg_a(c, in, lane), b = src_b(c, in, lane);
    const unsigned carry_in = x && flags(c, lane).carry ? 1u : 0u;
    Sum s{};
    if (hi) {
      uint64_t v = uint64_t{src_c(c, in, lane)} << 32 | a;
      if (neg) v = 0 - v;
      s = add(static_cast<uint32_t>((v << shift) >> 32), b, carry_in);
    } else {
      const uint32_t sh = a << shift;
      s = add(neg ? ~sh : sh, b, x ? carry_in : (neg ? 1u : 0u));
    }
    if (cc) set_sum_flags(c, lane, s, x);
    c.set_pred(pd, lane, hi ? s.d != 0 : s.carry);
    c.set_reg(rd, lane, s.d);
  });
}

// XMAD: a 16x16-bit multiply-add. A and B are halves of their registers (.H1: bits 31..16), sign-extended when
// .S16; .PSL shifts the product left 16; C is Rc, or by mode its low half (.CLO), high half (.CHI), or
// Rc + (B << 16) (.CBCC, the whole B operand); .MRG replaces the result's high half with B's low half. The
// immediate form's B is the 16-bit immediate.
// .CSFU ("C sign fix-up") is not documented; ptxas 11.8 uses it on the high halves' product in its signed
// mul.hi.s32 / mul.wide.s32 sequences, whose IADD3.RS adds the two cross products as unsigned 32-bit values.
// The model is what makes those sequences exact: C minus 2^16 for each cross product that is negative as a
// signed value, i.e. a signed selected half (negative) times a non-zero other half of the other operand.
// tests/unit/exec_int_test.cpp runs ptxas's sequences against 64-bit products.
void xmad(Context& c, const Instruction& in) {
  using isa::sm50::XmadMode;
  const XmadMode mode = in.has(Opd::xmad_mode) ? in.get<Opd::xmad_mode>() : in.get<Opd::xmad_mode2>();
  if (mode > XmadMode::CBcc) return c.fail(-1, fmt::format("XMAD mode {} has no meaning", static_cast<unsigned>(mode)));
  const bool sa = in.get<Opd::xmad_sa>(), sb = in.get<Opd::xmad_sb>(), ah = in.get<Opd::xmad_ah>();
  const bool bh = in.get_or<Opd::xmad_bh>(false), psl = in.get_or<Opd::xmad_psl>(false);
  const bool mrg = in.get_or<Opd::xmad_mrg>(false), x = in.get_or<Opd::ia_x>(false), cc = in.get<Opd::ia_cc>();
  const bool imm = in.has(Opd::xmad_imm);
  const unsigned rd = rd_index(in);
  auto half = [](uint32_t v, bool high, bool sign) {
    const uint32_t h = high ? v >> 16 : v & 0xffffu;
    return sign ? static_cast<uint32_t>(sign_extend(h, 16)) : h;
  };
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t b_full = imm ? in.get<Opd::xmad_imm>() & 0xffffu : src_b(c, in, lane);
    const uint32_t a_full = reg_a(c, in, lane);
    const uint32_t a16 = half(a_full, ah, sa), b16 = half(b_full, bh, sb);
    uint32_t product = a16 * b16;  // the 32-bit product of two (sign-extended) 16-bit values
    if (psl) product <<= 16;
    uint32_t cv = src_c(c, in, lane);
    switch (mode) {
      case XmadMode::CLo: cv &= 0xffffu; break;
      case XmadMode::CHi: cv >>= 16; break;
      case XmadMode::CBcc: cv += b_full << 16; break;
      case XmadMode::CSfu: {
        const bool a_neg = sa && (a16 >> 31) != 0, b_neg = sb && (b16 >> 31) != 0;
        const uint32_t a_other = half(a_full, !ah, false), b_other = imm ? 0u : half(b_full, !bh, false);
        cv -= ((a_neg && b_other != 0) ? 0x10000u : 0u) + ((b_neg && a_other != 0) ? 0x10000u : 0u);
        break;
      }
      default: break;
    }
    Sum s = add(product, cv, x && flags(c, lane).carry ? 1u : 0u);
    if (mrg) s.d = (s.d & 0xffffu) | (b_full << 16);
    if (cc) set_sum_flags(c, lane, s, x);
    c.set_reg(rd, lane, s.d);
  });
}

// ISETP: Pu = (Ra cmp B) op Ps, Pv = !(Ra cmp B) op Ps. ISET: Rd = (Ra cmp B) op Ps ? 0xffffffff (.BF: 1.0) : 0.
void isetp_iset(Context& c, const Instruction& in) {
  const IaBoolOp bop = in.get<Opd::ia_bop>();
  if (bop == IaBoolOp::Invalid3) return c.fail(-1, "boolean operation 3 has no meaning");
  const IaCmp cmp = in.get<Opd::ia_cmp>();
  const bool sgn = in.get<Opd::ia_signed>(), x = in.get<Opd::ia_x>();
  const unsigned ps = in.get<Opd::ia_ps>().index;
  const bool psneg = in.get<Opd::ia_psneg>();
  const bool setp = in.op() == Op::ISETP;
  for_lanes(c.lanes, [&](unsigned lane) {
    // A before B (function arguments would be read in an unspecified order, and hazard reports follow it).
    const uint32_t a = reg_a(c, in, lane), b = src_b(c, in, lane);
    const bool r = *compare(cmp, a, b, sgn, x, flags(c, lane));
    const bool p = c.pred(ps, lane) != psneg;
    if (setp) {
      c.set_pred(in.get<Opd::isetp_pu>().index, lane, combine(bop, r, p));
      c.set_pred(in.get<Opd::isetp_pv>().index, lane, combine(bop, !r, p));
    } else {
      const uint32_t d = combine(bop, r, p) ? (in.get<Opd::iset_bf>() ? 0x3f800000u : 0xffffffffu) : 0u;
      if (in.get<Opd::ia_cc>()) set_zs(c, lane, d, false);
      c.set_reg(rd_index(in), lane, d);
    }
  });
}

// ICMP: Rd = (C cmp 0) ? Ra : B.
void icmp(Context& c, const Instruction& in) {
  const IaCmp cmp = in.get<Opd::ia_cmp>();
  const bool sgn = in.get<Opd::ia_signed>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = reg_a(c, in, lane), b = src_b(c, in, lane), cv = src_c(c, in, lane);
    c.set_reg(rd, lane, *compare(cmp, cv, 0, sgn, false, {}) ? a : b);
  });
}

// IMNMX: Rd = Ps ? min(Ra, B) : max(Ra, B), signed or .U32 (.CC: Z and S of the result).
// The extended modes chain the words of a wider min/max through the flags, most significant word first: ptxas
// 11.8 turns min.s64 into `IMNMX.XHI Rhi.CC, ...` then `IMNMX.U32.XLO Rlo, ...` (each word in its own signedness;
// .XMED for the words between). What the flags hold is not public; the model: after .XHI/.XMED/.XLO with .CC,
// Z = every word compared so far is equal and S = Ra's words are less than B's. .XHI compares its words alone;
// .XMED and .XLO compare theirs only while Z says the words above were equal, and otherwise follow S.
void imnmx(Context& c, const Instruction& in) {
  const isa::sm50::ImnmxMode mode = in.get<Opd::imnmx_mode>();
  const bool sgn = in.get<Opd::ia_signed>(), cc = in.get<Opd::ia_cc>(), psneg = in.get<Opd::ia_psneg>();
  const unsigned ps = in.get<Opd::ia_ps>().index, rd = rd_index(in);
  const bool chained = mode == isa::sm50::ImnmxMode::XMed || mode == isa::sm50::ImnmxMode::XLo;
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = reg_a(c, in, lane), b = src_b(c, in, lane);
    Flags f = flags(c, lane);
    bool equal = a == b, a_less = sgn ? static_cast<int32_t>(a) < static_cast<int32_t>(b) : a < b;
    if (chained && !f.zero) {
      equal = false;
      a_less = f.sign;
    }
    const bool take_min = c.pred(ps, lane) != psneg;
    const uint32_t d = take_min == a_less ? a : b;
    if (cc && mode == isa::sm50::ImnmxMode::None) {
      set_zs(c, lane, d, false);
    } else if (cc) {
      f.zero = equal;
      f.sign = a_less;
      f.carry = f.overflow = false;
      set_flags(c, lane, f);
    }
    c.set_reg(rd, lane, d);
  });
}

constexpr HandlerEntry kHandlers[] = {
    {Op::IADD, iadd},   {Op::IADD32I, iadd}, {Op::ISCADD, iscadd}, {Op::ISCADD32I, iscadd}, {Op::IADD3, iadd3},
    {Op::LEA, lea},     {Op::LEA_HI, lea},   {Op::XMAD, xmad},     {Op::ISETP, isetp_iset}, {Op::ISET, isetp_iset},
    {Op::ICMP, icmp},   {Op::IMNMX, imnmx},
};

}  // namespace

// Both integer files' handlers, for the executor's dispatch table.
std::span<const HandlerEntry> integer_handlers() {
  static const std::vector<HandlerEntry> all = [] {
    std::vector<HandlerEntry> v(std::begin(kHandlers), std::end(kHandlers));
    for (const HandlerEntry& e : integer_bits_handlers()) v.push_back(e);
    return v;
  }();
  return all;
}

}  // namespace tmu::exec
