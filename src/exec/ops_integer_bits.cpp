// SPDX-License-Identifier: MIT
// Integer logic, shifts, bit fields and multiplies: LOP, LOP3, LOP32I, SHL, SHR, SHF, BFE, BFI, POPC, FLO, IMUL,
// IMUL32I, IMAD, IMAD32I, IMADSP. Bit-field and shift edge cases follow PTX's bfe / bfi / shl / shr, which ptxas
// maps onto these instructions one to one.
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "exec/ops_integer_operands.h"
#include "isa/sm50/int_alu_enums.h"

namespace tmu::exec::intops {

using isa::sm50::IaPredOp;
using isa::sm50::IaPSign;
using isa::sm50::LopOp;
using isa::sm50::Op;

namespace {

// LOP, LOP32I: (~)Ra op (~)B; LOP also writes Pd from the result.
void lop(Context& c, const Instruction& in) {
  const LopOp op = in.get<Opd::lop_op>();
  const bool inva = in.get<Opd::ia_inva>(), invb = in.get<Opd::ia_invb>();
  const bool x = in.get<Opd::ia_x>(), cc = in.get<Opd::ia_cc>();
  const IaPredOp pop = in.get_or<Opd::ia_pop>(IaPredOp::None);
  const unsigned pd = in.get_or<Opd::ia_pd>(isa::sm50::PT).index, rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = reg_a(c, in, lane), b = src_b(c, in, lane);
    const uint32_t d = lop2(op, inva ? ~a : a, invb ? ~b : b);
    if (cc) set_zs(c, lane, d, x);
    c.set_pred(pd, lane, pred_result(pop, d));
    c.set_reg(rd, lane, d);
  });
}

// LOP3.LUT: bit i of the result is lut[(a_i << 2) | (b_i << 1) | c_i] (so 0xf0 is A, 0xcc is B, 0xaa is C).
uint32_t lop3_lut(uint32_t lut, uint32_t a, uint32_t b, uint32_t cv) {
  uint32_t d = 0;
  for (unsigned k = 0; k < 8; ++k)
    if ((lut >> k) & 1) d |= ((k & 4) ? a : ~a) & ((k & 2) ? b : ~b) & ((k & 1) ? cv : ~cv);
  return d;
}

void lop3(Context& c, const Instruction& in) {
  const uint32_t lut = in.get<Opd::ia_lut>() & 0xff;
  const bool x = in.get<Opd::ia_x>(), cc = in.get<Opd::ia_cc>();
  const IaPredOp pop = in.get_or<Opd::ia_pop>(IaPredOp::None);
  const unsigned pd = in.get_or<Opd::ia_pd>(isa::sm50::PT).index, rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t d = lop3_lut(lut, reg_a(c, in, lane), src_b(c, in, lane), src_c(c, in, lane));
    if (cc) set_zs(c, lane, d, x);
    c.set_pred(pd, lane, pred_result(pop, d));
    c.set_reg(rd, lane, d);
  });
}

// SHL: Ra << B. Without .W a shift of 32 or more gives 0 (PTX shl clamps); .W wraps the count to its low 5
// bits. SHL.X (a funnel shift through the flags) is not modelled.
void shl(Context& c, const Instruction& in) {
  if (in.get<Opd::ia_x>()) return c.fail(-1, "SHL.X is not modelled");
  const bool w = in.get<Opd::ia_w>(), cc = in.get<Opd::ia_cc>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = reg_a(c, in, lane), n = src_b(c, in, lane);
    const uint32_t d = w ? a << (n & 31) : n >= 32 ? 0 : a << n;
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

// SHR: Ra >> B, arithmetic (signed, the default) or logical (.U32); .BREV reverses Ra's bits first. Counts of 32
// or more fill with the sign (or zeros) unless .W wraps them. .X / .XHI are not modelled.
void shr(Context& c, const Instruction& in) {
  if (in.get<Opd::shr_xmode>() != isa::sm50::ShrXMode::None) return c.fail(-1, "SHR.X / SHR.XHI are not modelled");
  const bool w = in.get<Opd::ia_w>(), cc = in.get<Opd::ia_cc>(), sgn = in.get<Opd::ia_signed>();
  const bool brev = in.get<Opd::ia_brev>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    uint32_t a = reg_a(c, in, lane);
    if (brev) a = bit_reverse(a);
    uint32_t n = src_b(c, in, lane);
    n = w ? n & 31 : std::min<uint32_t>(n, 32);
    uint32_t d = 0;
    if (n < 32) d = sgn ? static_cast<uint32_t>(static_cast<int32_t>(a) >> n) : a >> n;
    else d = sgn && (a >> 31) ? 0xffffffffu : 0u;
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

// SHF.L / SHF.R, the funnel shift: Rc:Ra (Rc the high word) shifted by B, keeping the high word (.L) or the low
// word (.R). The count saturates at the type's width (32 unspelled, 64 for .U64 / .S64) unless .W wraps it to
// that width; .S64 shifts copies of Rc's sign in on the right. This is PTX's shf.{l,r}.{clamp,wrap}.b32 and the
// halves of shl.b64 / shr.{u,s}64, which ptxas lowers onto SHF one to one (tests/oracle/exec_ptxas_test.cpp
// checks both). .W with .U64 / .S64 (wrapping at 64) is a model: ptxas 11.8 never emits it. .HI / .X / .XHI
// and type 1 (.INVALIDMAXSHIFT3) have no known meaning and stop the program.
void shf(Context& c, const Instruction& in) {
  using isa::sm50::ShfType;
  const ShfType type = in.get<Opd::shf_type>();
  if (type == ShfType::Invalid1) return c.fail(-1, "SHF.INVALIDMAXSHIFT3 has no meaning");
  if (in.get<Opd::shf_hi>() != isa::sm50::ShfHi::None) return c.fail(-1, "SHF.HI / .X / .XHI are not modelled");
  const bool left = in.op() == Op::SHF_L, w = in.get<Opd::ia_w>(), cc = in.get<Opd::ia_cc>();
  const bool arith = type == ShfType::S64 && !left;
  const uint32_t width = type == ShfType::Bits32 ? 32 : 64;
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint64_t v = uint64_t{src_c(c, in, lane)} << 32 | reg_a(c, in, lane);
    const uint32_t b = src_b(c, in, lane), n = w ? b & (width - 1) : std::min(b, width);
    uint32_t d = 0;
    if (left) d = n < 64 ? static_cast<uint32_t>((v << n) >> 32) : 0u;
    else if (arith) d = static_cast<uint32_t>(static_cast<int64_t>(v) >> std::min(n, 63u));
    else d = n < 64 ? static_cast<uint32_t>(v >> n) : 0u;
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

// BFE: extracts len = B[15:8] bits from position B[7:0] of Ra (.BREV: of Ra bit-reversed). PTX bfe: bits past
// bit 31 read as the sign bit, which for signed extraction is Ra[min(pos + len - 1, 31)] and otherwise 0; len 0
// gives 0.
void bfe(Context& c, const Instruction& in) {
  const bool cc = in.get<Opd::ia_cc>(), sgn = in.get<Opd::ia_signed>(), brev = in.get<Opd::ia_brev>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    uint32_t a = reg_a(c, in, lane);
    if (brev) a = bit_reverse(a);
    const uint32_t b = src_b(c, in, lane), pos = b & 0xff, len = (b >> 8) & 0xff;
    const bool sbit = sgn && len != 0 && ((a >> std::min<uint32_t>(pos + len - 1, 31)) & 1);
    uint32_t d = 0;
    for (uint32_t i = 0; i < 32; ++i) {
      const bool bit = i < len && pos + i <= 31 ? ((a >> (pos + i)) & 1) != 0 : sbit;
      d |= uint32_t{bit} << i;
    }
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

// BFI: inserts the low len = B[15:8] bits of Ra into C at position B[7:0] (PTX bfi: bits past 31 are dropped).
void bfi(Context& c, const Instruction& in) {
  const bool cc = in.get<Opd::ia_cc>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = reg_a(c, in, lane), b = src_b(c, in, lane);
    uint32_t d = src_c(c, in, lane);
    const uint32_t pos = b & 0xff, len = (b >> 8) & 0xff;
    for (uint32_t i = 0; i < len && pos + i <= 31; ++i) d = (d & ~(1u << (pos + i))) | (((a >> i) & 1) << (pos + i));
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

// POPC: the number of set bits of (~)B.
void popc(Context& c, const Instruction& in) {
  const bool inv = in.get<Opd::ia_invb>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t b = src_b(c, in, lane);
    c.set_reg(rd, lane, static_cast<uint32_t>(std::popcount(inv ? ~b : b)));
  });
}

// FLO: the position of the most significant 1 of (~)B, for signed values of the most significant bit that
// differs from the sign (PTX bfind); .SH gives 31 - position instead. 0xffffffff when there is none.
void flo(Context& c, const Instruction& in) {
  const bool inv = in.get<Opd::ia_invb>(), sgn = in.get<Opd::ia_signed>(), sh = in.get<Opd::flo_sh>();
  const bool cc = in.get<Opd::ia_cc>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    uint32_t b = src_b(c, in, lane);
    if (inv) b = ~b;
    if (sgn && (b >> 31)) b = ~b;
    uint32_t d = 0xffffffffu;
    if (b != 0) {
      const auto pos = static_cast<uint32_t>(31 - std::countl_zero(b));
      d = sh ? 31 - pos : pos;
    }
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

// The 64-bit product of two 32-bit operands, each signed (sign-extended) or unsigned; exact in its low 64 bits.
uint64_t product(uint32_t a, bool sa, uint32_t b, bool sb) {
  const uint64_t a64 = sa ? static_cast<uint64_t>(int64_t{static_cast<int32_t>(a)}) : a;
  const uint64_t b64 = sb ? static_cast<uint64_t>(int64_t{static_cast<int32_t>(b)}) : b;
  return a64 * b64;
}

// IMUL, IMUL32I: the low 32 bits of Ra * B, or with .HI the high 32.
void imul(Context& c, const Instruction& in) {
  const bool sa = in.get<Opd::imul_sa>(), sb = in.get<Opd::imul_sb>(), hi = in.get<Opd::ia_hi>();
  const bool cc = in.get<Opd::ia_cc>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint64_t p = product(reg_a(c, in, lane), sa, src_b(c, in, lane), sb);
    const auto d = static_cast<uint32_t>(hi ? p >> 32 : p);
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

// IMAD, IMAD32I: Ra * B (low or .HI word) + C, with IADD's adder for the addition: -Ra negates the product,
// -C enters inverted with carry-in 1, .PO adds 1, .X adds the carry flag, .SAT saturates a signed overflow.
// IMAD32I's C is Rd.
void imad(Context& c, const Instruction& in) {
  const bool sa = in.get<Opd::imul_sa>(), sb = in.get<Opd::imul_sb>(), hi = in.get<Opd::ia_hi>();
  const bool cc = in.get<Opd::ia_cc>(), x = in.get_or<Opd::ia_x>(false), sat = in.get_or<Opd::ia_sat>(false);
  const IaPSign ps = in.get<Opd::ia_psign>();
  const bool nega = ps == IaPSign::NegA, negc = ps == IaPSign::NegSecond, po = ps == IaPSign::PlusOne;
  const bool c_is_rd = in.op() == Op::IMAD32I;
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    uint64_t p = product(reg_a(c, in, lane), sa, src_b(c, in, lane), sb);
    if (nega) p = 0 - p;
    const auto m = static_cast<uint32_t>(hi ? p >> 32 : p);
    const uint32_t cv = c_is_rd ? c.reg(rd, lane) : src_c(c, in, lane);
    const bool carry = flags(c, lane).carry;
    const uint64_t cin = (x ? carry : negc) ? 1u : 0u;
    const uint32_t addend = negc ? ~cv : cv;
    const uint64_t s = uint64_t{m} + addend + cin + (po ? 1u : 0u);
    auto d = static_cast<uint32_t>(s);
    const bool overflow = (((m ^ d) & (addend ^ d)) >> 31) != 0;
    if (sat && overflow) d = (m >> 31) ? 0x80000000u : 0x7fffffffu;
    if (cc) {
      const Flags old = flags(c, lane);
      set_flags(c, lane, {d == 0 && (!x || old.zero), (d >> 31) != 0, (s >> 32) != 0, overflow});
    }
    c.set_reg(rd, lane, d);
  });
}

// IMADSP: A (32, 24 or 16 bits, low or high half) * B (24 or 16 bits) + C (32, 24 or 16 bits), low 32 bits.
// Sub-word operands are sign-extended when their type is signed; C is signed when A or B is.
void imadsp(Context& c, const Instruction& in) {
  using isa::sm50::ImadspAType;
  using isa::sm50::ImadspBType;
  using isa::sm50::ImadspCType;
  const ImadspAType at = in.get<Opd::imadsp_a>();
  const ImadspBType bt = in.get<Opd::imadsp_b>();
  const ImadspCType ct = in.get<Opd::imadsp_c>();
  if (ct == ImadspCType::Invalid3) return c.fail(-1, "IMADSP C type 3 has no meaning");
  const bool sa = (static_cast<unsigned>(at) & 1) != 0, sb = (static_cast<unsigned>(bt) & 1) != 0;
  auto field = [](uint32_t v, unsigned shift, unsigned width, bool sign) {
    const uint32_t f = width == 32 ? v : (v >> shift) & ((1u << width) - 1);
    return sign && width < 32 ? static_cast<uint32_t>(sign_extend(f, width)) : f;
  };
  const unsigned aw = at <= ImadspAType::S32 ? 32 : at <= ImadspAType::S24 ? 24 : 16;
  const unsigned ash = at >= ImadspAType::U16H1 ? 16 : 0;
  const unsigned bw = bt <= ImadspBType::S24 ? 24 : 16;
  const unsigned cw = ct == ImadspCType::T32 ? 32 : ct == ImadspCType::T24 ? 24 : 16;
  const bool cc = in.get<Opd::ia_cc>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t a = field(reg_a(c, in, lane), ash, aw, sa), b = field(src_b(c, in, lane), 0, bw, sb);
    const uint32_t cv = field(src_c(c, in, lane), 0, cw, sa || sb);
    const uint32_t d = a * b + cv;
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

constexpr HandlerEntry kHandlers[] = {
    {Op::LOP, lop},   {Op::LOP32I, lop}, {Op::LOP3, lop3},     {Op::SHL, shl},           {Op::SHR, shr},
    {Op::SHF_L, shf}, {Op::SHF_R, shf},
    {Op::BFE, bfe},   {Op::BFI, bfi},    {Op::POPC, popc},     {Op::FLO, flo},           {Op::IMUL, imul},
    {Op::IMUL32I, imul}, {Op::IMAD, imad}, {Op::IMAD32I, imad}, {Op::IMADSP, imadsp},
};

}  // namespace

std::span<const HandlerEntry> integer_bits_handlers() { return kHandlers; }

}  // namespace tmu::exec::intops
