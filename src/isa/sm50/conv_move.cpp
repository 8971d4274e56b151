// SPDX-License-Identifier: MIT
// Composite kinds of the conversion / move / predicate family (research note conv-move.md): destination with
// .CC, constant-bank references, the decorated sources of F2F / F2I / I2F / I2I, F2F's rounding modifier, MOV's
// lane mask, special-register names and R2P's byte-selected register.
#include <array>
#include <charconv>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "isa/sm50/float_text.h"
#include "isa/sm50/kinds.h"
#include "isa/sm50/parser.h"

namespace tmu::isa::sm50 {

namespace {

// ---- shared pieces --------------------------------------------------------------------------------------

constexpr uint32_t kFmtF16 = static_cast<uint32_t>(CmFpFormat::F16);
constexpr uint32_t kFmtF64 = static_cast<uint32_t>(CmFpFormat::F64);

std::string_view strip_space(std::string_view t) {
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  return t;
}


// The 20-bit float immediate [20..38] + [56] is read according to the source format (section 0.3): the top 20
// bits of an F32 (formats F32 and 0) or of an F64, or for F16 the low 16 bits (bits 16..19 are ignored).
void append_fimm(TextOut& out, uint32_t x, uint32_t fmt) {
  if (fmt == kFmtF16) append_f16_text(out, static_cast<uint16_t>(x & 0xffff));
  else if (fmt == kFmtF64) append_f64_text(out, uint64_t{x} << 44);
  else append_f32_text(out, x << 12);
}

std::optional<uint32_t> parse_fimm(std::string_view t, uint32_t fmt) {
  if (fmt == kFmtF16) {
    const auto b = parse_f16_text(t);
    return b ? std::optional<uint32_t>(*b) : std::nullopt;
  }
  if (fmt == kFmtF64) {
    const auto b = parse_f64_text(t);
    if (!b || (*b & low_mask(44)) != 0) return std::nullopt;
    return static_cast<uint32_t>(*b >> 44);
  }
  const auto b = parse_f32_text(t);
  if (!b || (*b & low_mask(12)) != 0) return std::nullopt;
  return *b >> 12;
}

// What print and parse keep of a float immediate: F16 drops bits 16..19, NaNs lose their payload.
uint32_t canonical_fimm(uint32_t x, uint32_t fmt) {
  if (fmt == kFmtF16) return canonical_f16(static_cast<uint16_t>(x & 0xffff));
  if (fmt == kFmtF64) return static_cast<uint32_t>(canonical_f64(uint64_t{x} << 44) >> 44);
  return canonical_f32(x << 12) >> 12;
}

// ---- cm_rdcc(rd, cc): "R2" or "R2.CC" ---------------------------------------------------------------------

void rdcc_print(const PrintContext& c, TextOut& out) {
  append_reg(out, c.val(0));
  if (c.val(1)) out += ".CC";
}
bool rdcc_parse(ParseContext& c, std::string_view t) {
  const bool cc = t.ends_with(".CC");
  if (cc) t.remove_suffix(3);
  const auto r = parse_reg(t);
  if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ) with optional .CC, got '{}'", t));
  c.set(0, *r);
  c.set(1, cc ? 1 : 0);
  return true;
}

// ---- cm_cbuf(cb) ------------------------------------------------------------------------------------------

void cbuf_print(const PrintContext& c, TextOut& out) { append_cbuf(c, out, c.val(0), false); }
bool cbuf_parse(ParseContext& c, std::string_view t) {
  std::string err;
  const auto v = parse_cbuf(t, &err);
  if (!v) return c.fail(err);
  c.set(0, *v);
  return true;
}

// ---- decorated conversion sources: (x, neg, abs, sel, type) -----------------------------------------------
// Register and constant-bank sources: selector appended, then |..| for abs, then '-' for neg: -|R3.H1|.
// Immediates: value, then .NEG, .ABS and the selector: 0x1.NEG.ABS.B1 (section 0.4).

enum class SrcKind : uint8_t {
  F2F,  // .H1 ([41]) only with an F16 source, which also spaces the constant-bank operand; float immediate
  F2I,  // .H1 whenever set; constant bank always spaced; float immediate
  Int,  // I2F / I2I: [41..42] is .B1-.B3, or for 16-bit sources .INVALIDSIZE1/.H1/.INVALIDSIZE3; signed hex
};

constexpr std::array<std::string_view, 4> kHalfSel{"", ".H1", "", ""};
constexpr std::array<std::string_view, 4> kByteSel{"", ".B1", ".B2", ".B3"};
constexpr std::array<std::string_view, 4> kShortSel{"", ".INVALIDSIZE1", ".H1", ".INVALIDSIZE3"};

const std::array<std::string_view, 4>& sel_names(SrcKind k, uint32_t type) {
  if (k != SrcKind::Int) return kHalfSel;
  return (type & 3) == 1 ? kShortSel : kByteSel;  // U16 / S16
}
bool sel_printed(SrcKind k, uint32_t type) { return k != SrcKind::F2F || type == kFmtF16; }
bool cbuf_spaced(SrcKind k, uint32_t type) { return k != SrcKind::F2F || type == kFmtF16; }

enum class SrcShape : uint8_t { Reg, Cbuf, Imm };
SrcShape shape(const Field& f) {
  if (f.opd == Opd::rb) return SrcShape::Reg;
  if (f.opd == Opd::cm_cbuf) return SrcShape::Cbuf;
  return SrcShape::Imm;
}

void src_print(const PrintContext& c, TextOut& out, SrcKind k) {
  const uint32_t x = c.val(0), neg = c.val(1), abs = c.val(2), type = c.val(4);
  const std::string_view sel = sel_printed(k, type) ? sel_names(k, type)[c.val(3) & 3] : std::string_view{};
  const SrcShape s = shape(c.field(0));
  if (s == SrcShape::Imm) {
    if (k == SrcKind::Int) append_signed_hex(out, sign_extend(x, 20));
    else append_fimm(out, x, type);
    if (neg) out += ".NEG";
    if (abs) out += ".ABS";
    out += sel;
    return;
  }
  if (neg) out += '-';
  if (abs) out += '|';
  if (s == SrcShape::Reg) append_reg(out, x);
  else append_cbuf(c, out, x, cbuf_spaced(k, type));
  out += sel;
  if (abs) out += '|';
}

// Removes a selector suffix allowed for this kind and type; returns its value (0 when none).
uint32_t take_sel(std::string_view& t, SrcKind k, uint32_t type) {
  if (!sel_printed(k, type)) return 0;
  const auto& names = sel_names(k, type);
  for (uint32_t v = 1; v < names.size(); ++v)
    if (!names[v].empty() && t.ends_with(names[v])) {
      t.remove_suffix(names[v].size());
      return v;
    }
  return 0;
}

bool src_parse(ParseContext& c, std::string_view t, SrcKind k) {
  const uint32_t type = c.val(4);  // the mnemonic, parsed first, gave the type
  uint32_t neg = 0, abs = 0, sel = 0;
  const SrcShape s = shape(c.field(0));
  if (s == SrcShape::Imm) {
    sel = take_sel(t, k, type);
    if (t.ends_with(".ABS")) abs = 1, t.remove_suffix(4);
    if (t.ends_with(".NEG")) neg = 1, t.remove_suffix(4);
    if (k == SrcKind::Int) {
      const auto v = parse_integer(strip_space(t));
      if (!v || *v < -0x80000 || *v > 0xfffff) return c.fail(fmt::format("expected a 20-bit integer, got '{}'", t));
      c.set(0, static_cast<uint32_t>(*v) & 0xfffffu);
    } else {
      const auto v = parse_fimm(t, type);
      if (!v)
        return c.fail(fmt::format("'{}' is not a number this {} immediate can hold exactly", strip_space(t),
                                  type == kFmtF16 ? "F16" : type == kFmtF64 ? "F64 (top 20 bits)" : "F32 (top 20 bits)"));
      c.set(0, *v);
    }
  } else {
    if (t.starts_with('-')) neg = 1, t.remove_prefix(1);
    if (t.size() >= 2 && t.front() == '|' && t.back() == '|') abs = 1, t = t.substr(1, t.size() - 2);
    sel = take_sel(t, k, type);
    if (s == SrcShape::Reg) {
      const auto r = parse_reg(t);
      if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ) with its selector, got '{}'", t));
      c.set(0, *r);
    } else {
      std::string err;
      const auto v = parse_cbuf(t, &err);
      if (!v) return c.fail(err);
      c.set(0, *v);
    }
  }
  c.set(1, neg);
  c.set(2, abs);
  c.set(3, sel);
  return true;
}

void src_normalize(ParseContext& c, SrcKind k) {
  const uint32_t type = c.val(4);
  if (!sel_printed(k, type)) c.set(3, 0);  // F2F ignores [41] unless the source is F16
  if (k != SrcKind::Int && shape(c.field(0)) == SrcShape::Imm) c.set(0, canonical_fimm(c.val(0), type));
}

void f2f_src_print(const PrintContext& c, TextOut& out) { src_print(c, out, SrcKind::F2F); }
bool f2f_src_parse(ParseContext& c, std::string_view t) { return src_parse(c, t, SrcKind::F2F); }
void f2f_src_normalize(ParseContext& c) { src_normalize(c, SrcKind::F2F); }
void f2i_src_print(const PrintContext& c, TextOut& out) { src_print(c, out, SrcKind::F2I); }
bool f2i_src_parse(ParseContext& c, std::string_view t) { return src_parse(c, t, SrcKind::F2I); }
void f2i_src_normalize(ParseContext& c) { src_normalize(c, SrcKind::F2I); }
void int_src_print(const PrintContext& c, TextOut& out) { src_print(c, out, SrcKind::Int); }
bool int_src_parse(ParseContext& c, std::string_view t) { return src_parse(c, t, SrcKind::Int); }

// ---- cm_f2f_rnd(rnd, dst, src): F2F rounding (section 1) ----------------------------------------------------
// r = [39] + 2*[40] + 4*[42]. Same formats (0/0 included): 0 none, 1-3 .PASS, 4 .ROUND, 5 .FLOOR, 6 .CEIL,
// 7 .TRUNC. Different formats: [42] is ignored and r&3 is none, .RM, .RP, .RZ.

constexpr std::array<std::string_view, 8> kF2fRndSame{"", ".PASS", ".PASS", ".PASS", ".ROUND", ".FLOOR", ".CEIL", ".TRUNC"};
constexpr std::array<std::string_view, 4> kF2fRndConv{"", ".RM", ".RP", ".RZ"};

void f2f_rnd_print(const PrintContext& c, TextOut& out) {
  out += c.val(1) == c.val(2) ? kF2fRndSame[c.val(0) & 7] : kF2fRndConv[c.val(0) & 3];
}
int f2f_rnd_parse_modifier(ParseContext& c, std::string_view mnem, std::size_t pos) {
  const bool same = c.val(1) == c.val(2);
  const std::span<const std::string_view> names = same ? std::span<const std::string_view>(kF2fRndSame)
                                                       : std::span<const std::string_view>(kF2fRndConv);
  for (std::size_t v = 1; v < names.size(); ++v)
    if (spelled_at(mnem, pos, names[v])) {
      c.set(0, static_cast<uint32_t>(v));
      return static_cast<int>(names[v].size());
    }
  c.set(0, 0);
  return 0;
}
void f2f_rnd_normalize(ParseContext& c) {
  const uint32_t r = c.val(0);
  if (c.val(1) != c.val(2)) c.set(0, r & 3);
  else if (r == 2 || r == 3) c.set(0, 1);  // all three print .PASS
}

// ---- cm_lanes(mask): MOV / MOV32I lane mask, printed only when not 0xf (section 5) --------------------------

void lanes_print(const PrintContext& c, TextOut& out) { append_hex(out, c.val(0)); }
bool lanes_omitted(const PrintContext& c) { return c.val(0) == 0xf; }
bool lanes_parse(ParseContext& c, std::string_view t) {
  const auto v = parse_integer(t);
  if (!v || *v < 0 || *v > 0xf) return c.fail(fmt::format("expected a lane mask 0x0..0xf, got '{}'", t));
  c.set(0, static_cast<uint32_t>(*v));
  return true;
}
void lanes_default(ParseContext& c) { c.set(0, 0xf); }

// ---- cm_sreg(sr): special register (section 8) --------------------------------------------------------------

std::string_view sreg_name(uint32_t v, Arch arch) {
  if (v == 15 && arch >= Arch::SM52) return kCmSRegOrderingTicket;
  return kCmSRegNames[v & 0xff];
}
void sreg_print(const PrintContext& c, TextOut& out) { out += sreg_name(c.val(0), c.inst.arch()); }
bool sreg_parse(ParseContext& c, std::string_view t) {
  const Arch arch = c.inst.arch();
  for (uint32_t v = 0; v < 256; ++v)
    if (sreg_name(v, arch) == t) {
      c.set(0, v);
      return true;
    }
  // Any register by number: SR33 is SR_TID.X.
  uint32_t v = 0;
  if (t.size() > 2 && t.starts_with("SR")) {
    const auto r = std::from_chars(t.data() + 2, t.data() + t.size(), v);
    if (r.ec == std::errc{} && r.ptr == t.data() + t.size() && v < 256) {
      c.set(0, v);
      return true;
    }
  }
  if (t == kCmSRegOrderingTicket) return c.fail("SR_ORDERING_TICKET needs SM52 or later");
  return c.fail(fmt::format("unknown special register '{}'", t));
}

// ---- cm_regsel(r, sel): R2P's source register with its byte selector: R4.B2.reuse (section 11) -------------

void regsel_print(const PrintContext& c, TextOut& out) {
  append_reg(out, c.val(0));
  out += kByteSel[c.val(1) & 3];
  if (c.reused(0)) out += ".reuse";
}
bool regsel_parse(ParseContext& c, std::string_view t) {
  if (t.ends_with(".reuse")) {
    const int rb = c.reuse_bit(0);
    if (c.form.sched != Sched::Fixed || rb < 0) return c.fail("this operand cannot be marked .reuse");
    c.reuse = static_cast<uint8_t>(c.reuse | (1u << rb));
    t.remove_suffix(6);
  }
  uint32_t sel = 0;
  for (uint32_t v = 1; v < kByteSel.size(); ++v)
    if (t.ends_with(kByteSel[v])) {
      sel = v;
      t.remove_suffix(kByteSel[v].size());
      break;
    }
  const auto r = parse_reg(t);
  if (!r) return c.fail(fmt::format("expected a register with optional .B1/.B2/.B3, got '{}'", t));
  c.set(0, *r);
  c.set(1, sel);
  return true;
}

}  // namespace

const KindOps kCmRdCCKind{rdcc_print, nullptr, rdcc_parse, nullptr, nullptr};
const KindOps kCmCbufKind{cbuf_print, nullptr, cbuf_parse, nullptr, nullptr};
const KindOps kCmF2fSrcKind{f2f_src_print, nullptr, f2f_src_parse, nullptr, nullptr, f2f_src_normalize};
const KindOps kCmF2iSrcKind{f2i_src_print, nullptr, f2i_src_parse, nullptr, nullptr, f2i_src_normalize};
const KindOps kCmIntSrcKind{int_src_print, nullptr, int_src_parse, nullptr, nullptr};
const KindOps kCmF2fRndKind{f2f_rnd_print, nullptr, nullptr, f2f_rnd_parse_modifier, nullptr, f2f_rnd_normalize};
const KindOps kCmLanesKind{lanes_print, lanes_omitted, lanes_parse, nullptr, lanes_default};
const KindOps kCmSRegKind{sreg_print, nullptr, sreg_parse, nullptr, nullptr};
const KindOps kCmRegSelKind{regsel_print, nullptr, regsel_parse, nullptr, nullptr};

}  // namespace tmu::isa::sm50
