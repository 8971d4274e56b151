// SPDX-License-Identifier: MIT
// Video instructions: VADD, VABSDIFF, VMNMX, VSET, VSETP, VSHL, VSHR, VMAD (one byte, half or word of each source)
// and VABSDIFF4 (four byte lanes). The semantics are the PTX ISA's vadd/vsub/vabsdiff/vmin/vmax/vset/vshl/vshr/vmad
// and vabsdiff4 (docs/exec.md, "Video instructions"):
//
// 1. each source's selected byte or half (R4.B1, R4.H1; the word by default) is sign- or zero-extended by its type
//    (.S8, .U16 ...) to a 33-bit value; B may be a 16-bit immediate, sign-extended when B is signed;
// 2. the operation runs on those values without loss (a 34-bit sum, a 65-bit shift);
// 3. .SAT clamps the result to the destination's range: signed or unsigned (.UD; VABSDIFF spells it .SD), 32 bits,
//    or the width of the byte or half that a merge keeps (PTX's optSaturate);
// 4. the operation with C: .ACC adds C, .MIN/.MAX compare with C (extended as the destination's type), .MRG_16H,
//    .MRG_16L, .MRG_8B0, .MRG_8B2 put the result's low half or byte into that part of C (PTX's optMerge with dsel
//    .h1, .h0, .b0, .b2; ptxas writes .b1 and .b3 with PRMT).
//
// NVIDIA documents the SASS fields nowhere; the mapping is the one ptxas 11.8 uses for sm_50, checked by
// tests/oracle/exec_video_half_test.cpp. Quirks of the encodings: VADD's negation bits negate A (vsub with A and B
// swapped) or B, both together are .PO (plus one); VMAD's negate the product or C, both .PO; VMAD's variable-latency
// rows fix a selector's high bits in the opcode (a 32-bit source), so a selector is read with the row's fixed bits.
#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "exec/ops_float_common.h"
#include "exec/ops_integer_operands.h"
#include "isa/sm50/int_alu_enums.h"
#include "isa/sm50/table.h"
#include "isa/sm50/video_enums.h"

namespace tmu::exec {

using isa::sm50::IaCmp;
using isa::sm50::IaPSign;
using isa::sm50::Instruction;
using isa::sm50::Op;
using isa::sm50::Opd;
using namespace intops;

namespace {

__extension__ typedef __int128 i128;

// The operation with C [51..53] (kVideoOp's order).
enum class VOp : uint32_t { Mrg16H, Mrg16L, Mrg8B0, Mrg8B2, Acc, Min, Max, None };

// A selector: 0..3 a byte, 4..5 a half, 6 the word, 7 undefined. A field narrower than 3 bits (VMAD's
// variable-latency rows) gets the high bits that the row's opcode pattern fixes.
uint32_t selector(const Instruction& in, Opd o) {
  const unsigned w = in.width(o);
  uint32_t v = in.raw(o);
  if (w < 3) {
    const unsigned lo = isa::sm50::field(in.form().format[static_cast<std::size_t>(in.slot(o))]).parts[0].lo;
    v |= static_cast<uint32_t>(isa::sm50::pattern_of(in.form()).value >> lo) & 7u & ~((1u << w) - 1u);
  }
  return v;
}

// The selected part of v, sign- or zero-extended.
int64_t part(uint32_t v, uint32_t sel, bool is_signed) {
  if (sel < 4) {
    const uint32_t b = (v >> (8 * sel)) & 0xffu;
    return is_signed ? int64_t{static_cast<int8_t>(b)} : int64_t{b};
  }
  if (sel < 6) {
    const uint32_t h = (v >> (16 * (sel - 4))) & 0xffffu;
    return is_signed ? int64_t{static_cast<int16_t>(h)} : int64_t{h};
  }
  return is_signed ? int64_t{static_cast<int32_t>(v)} : int64_t{v};
}

// Clamps v to the signed or unsigned range of `bits` bits.
i128 clamp_bits(i128 v, unsigned bits, bool is_signed) {
  const i128 lo = is_signed ? -(i128{1} << (bits - 1)) : 0;
  const i128 hi = is_signed ? (i128{1} << (bits - 1)) - 1 : (i128{1} << bits) - 1;
  return std::clamp(v, lo, hi);
}

struct Sources {
  uint32_t asel = 6, bsel = 6;
  bool asign = false, bsign = false, imm = false;
};

// Reads the selectors and signs; false (with an error) for the undefined selector 7.
bool sources(Context& c, const Instruction& in, Sources& s) {
  s.asel = selector(in, Opd::v_asel);
  s.asign = in.get<Opd::v_asign>() != 0;
  s.imm = !in.has(Opd::rb);
  s.bsign = in.has(Opd::v_bsign) && in.get<Opd::v_bsign>() != 0;
  if (!s.imm) s.bsel = selector(in, Opd::v_bsel);
  if (s.asel == 7 || s.bsel == 7) {
    c.fail(-1, "video selector 7 (.INVALIDSEL) has no meaning");
    return false;
  }
  return true;
}

int64_t value_a(Context& c, const Instruction& in, const Sources& s, unsigned lane) {
  return part(reg_a(c, in, lane), s.asel, s.asign);
}
// B: the selected part of Rb, or the 16-bit immediate (sign-extended when B is signed).
int64_t value_b(Context& c, const Instruction& in, const Sources& s, unsigned lane) {
  if (s.imm) return part(in.get<Opd::v_imm>() & 0xffffu, 4, s.bsign);
  return part(c.reg(in.get<Opd::rb>().index, lane), s.bsel, s.bsign);
}

bool compare(IaCmp k, int64_t a, int64_t b) {
  switch (k) {
    case IaCmp::F: return false;
    case IaCmp::LT: return a < b;
    case IaCmp::EQ: return a == b;
    case IaCmp::LE: return a <= b;
    case IaCmp::GT: return a > b;
    case IaCmp::NE: return a != b;
    case IaCmp::GE: return a >= b;
    default: return true;
  }
}

// Steps 3 and 4 of the file comment: saturation, then the operation with C. `signed_dest`: the destination type.
uint32_t finish(i128 tmp, bool sat, bool signed_dest, VOp op, uint32_t cv) {
  const unsigned width = op == VOp::Mrg16H || op == VOp::Mrg16L ? 16u : op == VOp::Mrg8B0 || op == VOp::Mrg8B2 ? 8u : 32u;
  if (sat) tmp = clamp_bits(tmp, width, signed_dest);
  const auto t = static_cast<uint32_t>(tmp);
  const i128 cx = signed_dest ? i128{static_cast<int32_t>(cv)} : i128{cv};
  switch (op) {
    case VOp::Mrg16H: return (t << 16) | (cv & 0xffffu);
    case VOp::Mrg16L: return (t & 0xffffu) | (cv & 0xffff0000u);
    case VOp::Mrg8B0: return (t & 0xffu) | (cv & 0xffffff00u);
    case VOp::Mrg8B2: return ((t & 0xffu) << 16) | (cv & 0xff00ffffu);
    case VOp::Acc: return t + cv;
    case VOp::Min: return static_cast<uint32_t>(std::min(tmp, cx));
    case VOp::Max: return static_cast<uint32_t>(std::max(tmp, cx));
    case VOp::None: break;
  }
  return t;
}

// VADD, VABSDIFF, VMNMX, VSET, VSHL, VSHR: Rd = (A op B) with .SAT and the operation with C.
void video(Context& c, const Instruction& in) {
  Sources s;
  if (!sources(c, in, s)) return;
  const Op op = in.op();
  const IaPSign ps = in.get_or<Opd::ia_psign>(IaPSign::None);
  const bool sat = in.get_or<Opd::ia_sat>(false), cc = in.get<Opd::ia_cc>();
  // The destination's type: [54] is 0 for .UD (unsigned), VABSDIFF's 1 for .SD; VSET's 0/1 is unsigned.
  const bool signed_dest = op == Op::VABSDIFF ? in.get<Opd::v_sd>() : op == Op::VSET ? false : in.get<Opd::v_ud>();
  const auto vop = static_cast<VOp>(in.get<Opd::v_vop>());
  const bool wrap = in.get_or<Opd::v_w>(false);
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const int64_t a = value_a(c, in, s, lane), b = value_b(c, in, s, lane);
    i128 tmp = 0;
    switch (op) {
      case Op::VADD:
        tmp = ps == IaPSign::NegA ? b - a : ps == IaPSign::NegSecond ? a - b : a + b + (ps == IaPSign::PlusOne ? 1 : 0);
        break;
      case Op::VABSDIFF: tmp = a > b ? a - b : b - a; break;
      case Op::VMNMX: tmp = in.get<Opd::v_mx>() ? std::max(a, b) : std::min(a, b); break;
      case Op::VSET: tmp = compare(static_cast<IaCmp>(in.get<Opd::v_cmp>()), a, b) ? 1 : 0; break;
      default: {  // VSHL, VSHR: B is an unsigned count, wrapped to 5 bits (.W) or clamped to 32
        const auto n = static_cast<unsigned>(wrap ? b & 31 : std::min<int64_t>(b, 32));
        tmp = op == Op::VSHL ? i128{a} * (i128{1} << n) : i128{a >> std::min(n, 63u)};
        break;
      }
    }
    const uint32_t d = finish(tmp, sat, signed_dest, vop, vop == VOp::None ? 0u : c.reg(in.get<Opd::rc>().index, lane));
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

// VSETP: Pd = (A cmp B) bop Ps, the second destination = !(A cmp B) bop Ps, as ISETP.
void vsetp(Context& c, const Instruction& in) {
  Sources s;
  if (!sources(c, in, s)) return;
  const auto cmp = static_cast<IaCmp>(in.get<Opd::v_cmp>());
  const auto bop = in.get<Opd::fa_bop>();
  for_lanes(c.lanes, [&](unsigned lane) {
    const bool r = compare(cmp, value_a(c, in, s, lane), value_b(c, in, s, lane));
    const bool p = fp::source_pred(c, in, lane);
    const bool pd = fp::combine(c, bop, r, p), pdn = fp::combine(c, bop, !r, p);
    c.set_pred(in.get<Opd::fa_pd>().index, lane, pd);
    c.set_pred(in.get<Opd::fa_pdn>().index, lane, pdn);
  });
}

// VMAD: PTX vmad. The product A x B is exact; "-A" (bit [54]) negates it and "-C" ([53]) negates C as PTX does,
// by inverting and adding one (PTX: "tmp = ~tmp; lsb = 1"), both bits are .PO (plus one). The sum is signed when A
// or B is signed or anything is negated, and C is extended accordingly; .SHR_7 / .SHR_15 shift the sum right
// arithmetically, .SAT clamps it to S32 or U32 by that signedness, and Rd takes its low 32 bits.
void vmad(Context& c, const Instruction& in) {
  Sources s;
  if (!sources(c, in, s)) return;
  const auto scale = in.get<Opd::v_scale>();
  if (scale == 3) return c.fail(-1, "VMAD scale 3 (.INVALIDVMADSCALE3) has no meaning");
  const IaPSign ps = in.get<Opd::ia_psign>();
  const bool sat = in.get<Opd::ia_sat>(), cc = in.get<Opd::ia_cc>();
  const bool signed_final = s.asign || s.bsign || ps == IaPSign::NegA || ps == IaPSign::NegSecond;
  const unsigned shift = scale == 1 ? 7u : scale == 2 ? 15u : 0u, rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    i128 prod = i128{value_a(c, in, s, lane)} * value_b(c, in, s, lane);
    uint32_t cv = c.reg(in.get<Opd::rc>().index, lane);
    if (ps == IaPSign::NegA) prod = ~prod;
    if (ps == IaPSign::NegSecond) cv = ~cv;
    const i128 cx = signed_final ? i128{static_cast<int32_t>(cv)} : i128{cv};
    i128 sum = (prod + cx + (ps == IaPSign::None ? 0 : 1)) >> shift;
    if (sat) sum = clamp_bits(sum, 32, signed_final);
    const auto d = static_cast<uint32_t>(sum);
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

// VABSDIFF4's byte selectors (kVideo4ASel / kVideo4BSel): the source byte of each lane, one hex digit per lane,
// lane 3 first, from the eight bytes {Rb, Ra} (Ra bytes 0..3, Rb 4..7). 0xff: undefined.
constexpr uint32_t kASel4[16] = {0x0000, 0x1111, 0x2222, 0x3333, 0x3210, 0x4321, 0x5432, 0x6543,
                                 0x3201, 0x3012, 0x0213, 0x3120, 0x1230, 0x2310, 0xff,   0xff};
constexpr uint32_t kBSel4[16] = {0x4444, 0x5555, 0x6666, 0x7777, 0x7654, 0x6543, 0x5432, 0x4321,
                                 0x4567, 0x6745, 0x5476, 0xff,   0xff,   0xff,   0xff,   0x7654};

// VABSDIFF4: PTX vabsdiff4. Four lanes |A[i] - B[i]| of bytes picked by the selectors and extended by the signs
// ([48] A, [49] B); .SAT clamps each to S8 (.SD) or U8; then, for the lanes of the mask (X Y Z W = lanes 0..3),
// .ACC adds them to C, otherwise they replace C's bytes (the other bytes are C's). The immediate form's B is an
// 8-bit immediate in every lane; a selector of A that reaches bytes 4..7 then sees it in each of them (model).
void vabsdiff4(Context& c, const Instruction& in) {
  const uint32_t asel = kASel4[in.get<Opd::v4_asel>() & 15u];
  const bool imm = !in.has(Opd::rb);
  const uint32_t bsel = kBSel4[imm ? 15u : in.get<Opd::v4_bsel>() & 15u];
  if (asel == 0xff || bsel == 0xff) return c.fail(-1, "VABSDIFF4 byte selector has no meaning");
  const uint32_t red = in.get<Opd::v4_red>();
  if (red > 1) return c.fail(-1, fmt::format("VABSDIFF4 reduction {} has no meaning", red));
  const uint32_t signs = in.get<Opd::v4_signs>(), mask = in.get<Opd::v4_mask>();
  const bool sat = in.get<Opd::ia_sat>(), sd = in.get<Opd::v_sd>(), cc = in.get<Opd::ia_cc>();
  const unsigned rd = rd_index(in);
  for_lanes(c.lanes, [&](unsigned lane) {
    const uint32_t ra = reg_a(c, in, lane);
    const uint32_t rb = imm ? (in.get<Opd::v_imm>() & 0xffu) * 0x01010101u : c.reg(in.get<Opd::rb>().index, lane);
    uint32_t d = c.reg(in.get<Opd::rc>().index, lane);
    for (unsigned i = 0; i < 4; ++i) {
      if (!((mask >> i) & 1)) continue;
      auto byte = [&](uint32_t code, bool is_signed) {
        const uint32_t k = (code >> (4 * i)) & 0xfu;
        return part(k < 4 ? ra : rb, k & 3u, is_signed);
      };
      int64_t t = byte(asel, signs & 1) - byte(bsel, (signs >> 1) & 1);
      t = t < 0 ? -t : t;
      if (sat) t = std::min<int64_t>(t, sd ? 127 : 255);
      if (red == 1) d += static_cast<uint32_t>(t);
      else d = (d & ~(0xffu << (8 * i))) | (static_cast<uint32_t>(t) & 0xffu) << (8 * i);
    }
    if (cc) set_zs(c, lane, d, false);
    c.set_reg(rd, lane, d);
  });
}

constexpr HandlerEntry kHandlers[] = {
    {Op::VADD, video}, {Op::VABSDIFF, video}, {Op::VMNMX, video},         {Op::VSET, video}, {Op::VSHL, video},
    {Op::VSHR, video}, {Op::VSETP, vsetp},    {Op::VABSDIFF4, vabsdiff4}, {Op::VMAD, vmad},
};

}  // namespace

std::span<const HandlerEntry> video_handlers() { return kHandlers; }

}  // namespace tmu::exec
