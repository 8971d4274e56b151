// SPDX-License-Identifier: MIT
// Composite kinds of the video family (video_rows.h): the operand types in the mnemonic, sources with their byte or
// half selector, and VADD's negated immediate (issue 14).
#include <fmt/format.h>

#include <array>
#include <string_view>

#include "isa/sm50/kinds.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/table.h"

namespace tmu::isa::sm50 {

namespace {

constexpr std::string_view kReuse = ".reuse";

// ---- types: a selector's width with a signedness, as nvdisasm names them -----------------------------------------
// Selector 0..3: 8 bits, 4..5: 16, 6: 32, 7: invalid. The type's index is 2 * width code + signed, so that an
// unsigned selector 7 prints INVALIDSEL6 and a signed one INVALIDSEL7.

constexpr std::array<std::string_view, 8> kTypeNames{".U8", ".S8", ".U16", ".S16", ".U32", ".S32", ".INVALIDSEL6",
                                                     ".INVALIDSEL7"};
constexpr std::array<uint32_t, 4> kWidthBase{0, 4, 6, 7};  // the selector of each width code's first part
constexpr uint32_t width_code(uint32_t sel) { return sel < 4 ? 0 : sel < 6 ? 1 : sel == 6 ? 2 : 3; }
constexpr uint32_t type_index(uint32_t sel, uint32_t sign) { return 2 * width_code(sel) + sign; }
constexpr uint32_t kS32 = 5, kU32 = 4, kS16 = 3, kU16 = 2, kInvalid6 = 6, kInvalid7 = 7;

// How B's type is given: a selector and a sign bit (Reg), a sign bit of a 16-bit immediate (Imm), a selector of an
// unsigned operand (RegU: its selector 7 prints INVALIDSEL7), or nothing: an unsigned 16-bit immediate (ImmU). The pair is left out when A is .S32 and
// B has the type below.
enum class BType : uint8_t { Reg, Imm, RegU, ImmU };
constexpr uint32_t default_b(BType b) {
  return b == BType::Reg ? kS32 : b == BType::Imm ? kS16 : b == BType::RegU ? kU32 : kU16;
}

// A selector argument's value: its field, with the bits the row fixes above a field narrower than 3 bits (VMAD's
// variable-latency rows fix a selector's high bits).
template <typename Ctx>
uint32_t fixed_above(const Ctx& c, int arg) {
  const Field& f = c.field(arg);
  const Pattern& p = pattern_of(c.form);
  return static_cast<uint32_t>((p.value >> f.parts[0].lo) & 7 & ~low_mask(f.width()));
}
template <typename Ctx>
uint32_t sel(const Ctx& c, int arg) {
  return c.val(arg) | fixed_above(c, arg);
}
// Sets a selector argument; false when the row fixes its high bits to other values.
bool set_sel(ParseContext& c, int arg, uint32_t v) {
  if ((v & ~low_mask(c.field(arg).width())) != fixed_above(c, arg)) return false;
  c.set(arg, static_cast<uint32_t>(v & low_mask(c.field(arg).width())));
  return true;
}

template <BType B>
uint32_t b_index(const PrintContext& c) {
  if constexpr (B == BType::Reg) return type_index(sel(c, 2), c.val(3));
  else if constexpr (B == BType::Imm) return kU16 + c.val(2);
  else if constexpr (B == BType::RegU) return sel(c, 2) == 7 ? kInvalid7 : type_index(sel(c, 2), 0);
  else return kU16;
}

// Always: the pair is printed even for the default types (VSETP's immediate form: .S32.S16).
template <BType B, bool Always = false>
void types_print(const PrintContext& c, TextOut& out) {
  const uint32_t a = type_index(sel(c, 0), c.val(1)), b = b_index<B>(c);
  if (!Always && a == kS32 && b == default_b(B)) return;
  out += kTypeNames[a];
  out += kTypeNames[b];
}

// The longest type name at mnem[pos], or -1.
int type_at(std::string_view mnem, std::size_t pos, std::size_t& len) {
  int best = -1;
  len = 0;
  for (std::size_t i = 0; i < kTypeNames.size(); ++i)
    if (kTypeNames[i].size() > len && spelled_at(mnem, pos, kTypeNames[i])) {
      best = static_cast<int>(i);
      len = kTypeNames[i].size();
    }
  return best;
}

// Sets a selector to its width's first part and its sign; the source operand adds the part (.B1, .H1). False when
// the row fixes the selector to another width.
bool set_type(ParseContext& c, int sel_arg, int sign_arg, uint32_t index) {
  // A row that fixes the selector's high bits takes any part of its width: compare the widths only.
  const uint32_t fixed = fixed_above(c, sel_arg), base = kWidthBase[index / 2];
  const auto low = static_cast<uint32_t>(low_mask(c.field(sel_arg).width()));
  if (width_code(fixed | (base & low)) != index / 2) return false;
  c.set(sel_arg, base & low);
  if (sign_arg >= 0) c.set(sign_arg, index & 1);
  return true;
}

template <BType B>
int types_parse_modifier(ParseContext& c, std::string_view mnem, std::size_t pos) {
  std::size_t na = 0, nb = 0;
  const int a = type_at(mnem, pos, na);
  const int b = a < 0 ? -1 : type_at(mnem, pos + na, nb);
  const uint32_t ta = a < 0 ? kS32 : static_cast<uint32_t>(a), tb = a < 0 ? default_b(B) : static_cast<uint32_t>(b);
  if (a >= 0 && b < 0) return c.fail("video operand types come in pairs (.U8.S16, .S32.U32 ...)"), kNoMatch;
  constexpr std::string_view kOtherRow = "these operand types belong to another row";
  if (!set_type(c, 0, 1, ta)) return c.fail(std::string(kOtherRow)), kNoMatch;
  if constexpr (B == BType::Reg) {
    if (!set_type(c, 2, 3, tb)) return c.fail(std::string(kOtherRow)), kNoMatch;
  } else if constexpr (B == BType::RegU) {
    if ((tb % 2 != 0 || tb == kInvalid6) && tb != kInvalid7)
      return c.fail("the shift count is unsigned (.U8, .U16, .U32)"), kNoMatch;
    set_type(c, 2, -1, tb);
  } else {
    if (tb != kU16 && (B == BType::ImmU || tb != kS16))
      return c.fail(B == BType::ImmU ? "an immediate count is .U16" : "an immediate is .U16 or .S16"), kNoMatch;
    if constexpr (B == BType::Imm) c.set(2, tb - kU16);
  }
  return static_cast<int>(na + nb);
}

// ---- sources: R4.B1, -R4.H1 -------------------------------------------------------------------------------------

constexpr std::array<std::string_view, 8> kPartNames{"", ".B1", ".B2", ".B3", "", ".H1", "", ""};

// Neg: the value of the pair (argument 2) that negates this operand, or 0 when it has none.
template <uint32_t Neg>
void src_print(const PrintContext& c, TextOut& out) {
  if constexpr (Neg != 0)
    if (c.val(2) == Neg) out += '-';
  append_reg(out, c.val(0));
  out += kPartNames[sel(c, 1)];
  if (c.reused(0)) out += kReuse;
}

template <uint32_t Neg>
bool src_parse(ParseContext& c, std::string_view t) {
  bool neg = false;
  if (Neg != 0 && t.starts_with('-')) {
    neg = true;
    t.remove_prefix(1);
  }
  if (!take_reuse(c, t)) return false;
  const std::size_t dot = t.find('.');
  const auto r = parse_reg(t.substr(0, dot));
  if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ), got '{}'", t));
  const uint32_t base = kWidthBase[width_code(sel(c, 1))];
  if (dot != std::string_view::npos) {
    const std::string_view part = t.substr(dot);
    const bool bytes = part.size() == 3 && part[1] == 'B' && part[2] >= '0' && part[2] <= '3';
    const bool halves = part.size() == 3 && part[1] == 'H' && (part[2] == '0' || part[2] == '1');
    if ((bytes && base != 0) || (halves && base != 4) || (!bytes && !halves))
      return c.fail(fmt::format("'{}' does not select a part of this operand's type (.B0-.B3: 8 bits, .H0-.H1: 16)", part));
    if (!set_sel(c, 1, base + static_cast<uint32_t>(part[2] - '0')))
      return c.fail(fmt::format("'{}' belongs to another row", part));
  } else if (!set_sel(c, 1, base)) {
    return c.fail("this operand's part belongs to another row");
  }
  c.set(0, *r);
  if constexpr (Neg != 0) {
    const uint64_t bit = uint64_t{1} << Neg;
    c.cand[c.index(2)] &= neg ? bit : ~bit;  // the pair's value is chosen once the whole statement is read
  }
  return true;
}

// ---- vimmb(imm, psign): VADD's 16-bit immediate, unsigned, with '-' when negated ------------------------------

constexpr uint32_t kNegSecond = 1, kNegA = 2;

void immb_print(const PrintContext& c, TextOut& out) {
  if (c.val(1) == kNegSecond) out += '-';
  append_hex(out, c.val(0));
}
bool immb_parse(ParseContext& c, std::string_view t) {
  const bool neg = t.starts_with('-');
  if (neg) t.remove_prefix(1);
  const auto v = parse_integer(t);
  if (!v || *v < 0 || *v > 0xffff) return c.fail(fmt::format("expected a 16-bit immediate 0x0..0xffff, got '{}'", t));
  c.set(0, static_cast<uint32_t>(*v));
  const uint64_t bit = uint64_t{1} << kNegSecond;
  c.cand[c.index(1)] &= neg ? bit : ~bit;
  return true;
}

// ---- VABSDIFF4: v4src(r, sel) prints R4.3201 (the selector through its operand's table), v4imm(imm, signs) -------

void v4src_print(const PrintContext& c, TextOut& out) {
  append_reg(out, c.val(0));
  out += info(c.field(1).opd).table->values[c.val(1)].text;
  if (c.reused(0)) out += kReuse;
}

bool v4src_parse(ParseContext& c, std::string_view t) {
  if (!take_reuse(c, t)) return false;
  const std::size_t dot = t.find('.') == std::string_view::npos ? t.size() : t.find('.');
  const auto r = parse_reg(t.substr(0, dot));
  if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ), got '{}'", t));
  const std::string_view sel = t.substr(dot);
  const EnumTable& table = *info(c.field(1).opd).table;
  for (uint32_t v = 0; v < table.values.size(); ++v)
    if (table.values[v].text == sel) {
      c.set(0, *r);
      c.set(1, v);
      return true;
    }
  return c.fail(fmt::format("'{}' is not a byte selector of this operand (.0000, .3201, ...)", sel));
}

// B's sign is bit 1 of the signs.
constexpr uint32_t kSignedB = 2;

void v4imm_print(const PrintContext& c, TextOut& out) {
  if (c.val(1) & kSignedB) append_signed_hex(out, sign_extend(c.val(0), 8));
  else append_hex(out, c.val(0));
}

// The signs may still be open while operands are read (.S8.S8 prints nothing): any 8-bit value is taken.
bool v4imm_parse(ParseContext& c, std::string_view t) {
  const auto v = parse_integer(t);
  if (!v || *v < -0x80 || *v > 0xff) return c.fail(fmt::format("expected an 8-bit immediate, got '{}'", t));
  c.set(0, static_cast<uint32_t>(*v & 0xff));
  return true;
}

}  // namespace

const KindOps kV4SrcKind{v4src_print, nullptr, v4src_parse, nullptr, nullptr};
const KindOps kV4ImmKind{v4imm_print, nullptr, v4imm_parse, nullptr, nullptr};
const KindOps kVTypesKind{types_print<BType::Reg>, nullptr, nullptr, types_parse_modifier<BType::Reg>, nullptr};
const KindOps kVTypesIKind{types_print<BType::Imm>, nullptr, nullptr, types_parse_modifier<BType::Imm>, nullptr};
const KindOps kVTypesIAKind{types_print<BType::Imm, true>, nullptr, nullptr, types_parse_modifier<BType::Imm>, nullptr};
const KindOps kVTypesUKind{types_print<BType::RegU>, nullptr, nullptr, types_parse_modifier<BType::RegU>, nullptr};
const KindOps kVTypesUIKind{types_print<BType::ImmU>, nullptr, nullptr, types_parse_modifier<BType::ImmU>, nullptr};
const KindOps kVSrcKind{src_print<0>, nullptr, src_parse<0>, nullptr, nullptr};
const KindOps kVSrcAKind{src_print<kNegA>, nullptr, src_parse<kNegA>, nullptr, nullptr};
const KindOps kVSrcBKind{src_print<kNegSecond>, nullptr, src_parse<kNegSecond>, nullptr, nullptr};
const KindOps kVImmBKind{immb_print, nullptr, immb_parse, nullptr, nullptr};

}  // namespace tmu::isa::sm50
