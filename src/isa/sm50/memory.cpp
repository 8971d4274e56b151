// SPDX-License-Identifier: MIT
// Composite kinds of the memory family (research note memory.md): [Ra+offset] addresses, LDC's constant-bank
// operand, the CAS data operands, DEPBAR's scoreboard list, attribute addresses of ALD / AST / AL2P, and enums
// spelled per architecture.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "isa/sm50/kinds.h"
#include "isa/sm50/parser.h"

namespace tmu::isa::sm50 {

namespace {

// Splits "R4+0x10", "R4+-0x10", "R4-0x10", "R4" or "0x10" into a register (RZ when there is none) and an offset
// text (empty when there is none). False when the register part is not a register.
bool split_reg_offset(std::string_view t, uint32_t& reg, std::string_view& off) {
  reg = Reg::kRZ;
  off = {};
  if (!t.starts_with('R')) {
    off = t;
    return true;
  }
  std::size_t end = 1;
  while (end < t.size() && t[end] != '+' && t[end] != '-') ++end;
  const auto r = parse_reg(t.substr(0, end));
  if (!r) return false;
  reg = *r;
  if (end < t.size()) off = t[end] == '+' ? t.substr(end + 1) : t.substr(end);
  return true;
}

}  // namespace

// ---- c[bank][Ra+offset] with a signed 16-bit byte offset: LDC, and the branch family's targets ----------------
// Without a register (RZ) the offset prints alone, zero included.

void append_cbuf_ref(TextOut& out, uint32_t bank, uint32_t ra, int64_t off) {
  out += "c[";
  append_hex(out, bank);
  out += "][";
  if (ra == Reg::kRZ) {
    append_signed_hex(out, off);
  } else {
    append_reg(out, ra);
    if (off != 0) {
      out += '+';
      append_signed_hex(out, off);
    }
  }
  out += ']';
}

bool parse_cbuf_ref(ParseContext& c, std::string_view t, uint32_t& bank, uint32_t& ra, int64_t& off) {
  const std::size_t mid = t.find("][");
  if (!t.starts_with("c[") || !t.ends_with(']') || mid == std::string_view::npos)
    return c.fail(fmt::format("expected a constant-bank operand c[bank][Ra+offset], got '{}'", t));
  const auto b = parse_integer(t.substr(2, mid - 2));
  if (!b || *b < 0 || *b > 0x1f) return c.fail(fmt::format("constant bank must be 0x0..0x1f in '{}'", t));
  std::string_view off_text;
  if (!split_reg_offset(t.substr(mid + 2, t.size() - mid - 3), ra, off_text))
    return c.fail(fmt::format("expected a register (R0..R254, RZ) in '{}'", t));
  off = 0;
  if (!off_text.empty()) {
    const auto v = parse_integer(off_text);
    if (!v || *v < -0x8000 || *v > 0x7fff)
      return c.fail(fmt::format("constant-bank offset must be -0x8000..0x7fff in '{}'", t));
    off = *v;
  }
  bank = static_cast<uint32_t>(*b);
  return true;
}

namespace {

// ---- mem_addr(ra, off) / mem_addr4(ra, woff): [Ra+off] (section 1.1) ------------------------------------------
// The offset field is a two's-complement number of its width, times `scale` bytes. With a register it prints
// signed after a literal '+' ([R4+-0x10]); without one (RZ) it prints the unsigned field value ([0xfffff0]), and a
// zero offset prints [RZ].

void addr_text(const PrintContext& c, TextOut& out, unsigned scale) {
  const uint32_t ra = c.val(0), raw = c.val(1);
  const unsigned width = c.field(1).width();
  out += '[';
  // A cubin relocation of the offset (shared memory variables in relocatable objects): [R20+`($__sh__16)].
  if (c.labels)
    if (auto sym = c.labels->relocated(c.inst.address(), c.field(1).parts[0].lo, sign_extend(raw, width) * scale)) {
      if (ra != Reg::kRZ) {
        append_reg(out, ra);
        out += '+';
      }
      out += *sym;
      out += ']';
      return;
    }
  if (ra == Reg::kRZ) {
    if (raw == 0) out += "RZ";
    else append_hex(out, uint64_t{raw} * scale);
  } else {
    append_reg(out, ra);
    if (const int64_t off = sign_extend(raw, width) * scale; off != 0) {
      out += '+';
      append_signed_hex(out, off);
    }
  }
  out += ']';
}

bool addr_parse_text(ParseContext& c, std::string_view t, unsigned scale) {
  if (t.size() < 2 || t.front() != '[' || t.back() != ']')
    return c.fail(fmt::format("expected an address [Ra+offset], got '{}'", t));
  uint32_t ra = 0;
  std::string_view off_text;
  if (!split_reg_offset(t.substr(1, t.size() - 2), ra, off_text))
    return c.fail(fmt::format("expected a register (R0..R254, RZ) in the address '{}'", t));
  const unsigned width = c.field(1).width();
  int64_t off = 0;
  if (!off_text.empty()) {
    const auto v = parse_integer(off_text);
    if (!v) return c.fail(fmt::format("expected a number as the offset in '{}'", t));
    off = *v;
  }
  // Signed after a register; without one the unsigned spelling nvdisasm prints is accepted too.
  const int64_t lo = -(int64_t{1} << (width - 1)) * scale;
  const int64_t hi = ra == Reg::kRZ ? static_cast<int64_t>(low_mask(width)) * scale
                                    : static_cast<int64_t>(low_mask(width - 1)) * scale;
  if (off < lo || off > hi || off % static_cast<int64_t>(scale) != 0)
    return c.fail(fmt::format("address offset {} is out of range ({}{:#x}..{:#x}{})", off_text, "-", -lo, hi,
                              scale == 1 ? "" : ", a multiple of 4"));
  c.set(0, ra);
  c.set(1, static_cast<uint32_t>(static_cast<uint64_t>(off / static_cast<int64_t>(scale)) & low_mask(width)));
  return true;
}

// In the mnemonic (CCTL.QRY1[R4]): the address runs to its closing bracket.
int addr_parse_modifier(ParseContext& c, std::string_view mnem, std::size_t pos, unsigned scale) {
  if (pos >= mnem.size() || mnem[pos] != '[') return c.fail("expected an address [Ra+offset]"), kNoMatch;
  const std::size_t close = mnem.find(']', pos);
  if (close == std::string_view::npos) return c.fail("unclosed '[' in the address"), kNoMatch;
  if (!addr_parse_text(c, mnem.substr(pos, close + 1 - pos), scale)) return kNoMatch;
  return static_cast<int>(close + 1 - pos);
}

void addr1_print(const PrintContext& c, TextOut& out) { addr_text(c, out, 1); }
bool addr1_parse(ParseContext& c, std::string_view t) { return addr_parse_text(c, t, 1); }
int addr1_parse_modifier(ParseContext& c, std::string_view m, std::size_t p) { return addr_parse_modifier(c, m, p, 1); }
void addr4_print(const PrintContext& c, TextOut& out) { addr_text(c, out, 4); }
bool addr4_parse(ParseContext& c, std::string_view t) { return addr_parse_text(c, t, 4); }
int addr4_parse_modifier(ParseContext& c, std::string_view m, std::size_t p) { return addr_parse_modifier(c, m, p, 4); }

// ---- mem_arch(x): an enum whose spelling table holds the SM52 spelling in column 2 where it differs ------------
// ATOM / RED type 4 is .U128 on SM50 and .F16x2.FTZ.RN on SM52 (section 0).

std::string_view arch_spelling(const Spelling& s, Arch arch) {
  return arch >= Arch::SM52 && !s.column2.empty() ? s.column2 : s.text;
}

void arch_print(const PrintContext& c, TextOut& out) {
  out += arch_spelling(info(c.field(0).opd).table->values[c.val(0)], c.inst.arch());
}

int arch_parse_modifier(ParseContext& c, std::string_view mnem, std::size_t pos) {
  const EnumTable& t = *info(c.field(0).opd).table;
  std::size_t best = 0;
  int empty = -1;
  for (std::size_t v = 0; v < t.values.size(); ++v) {
    if (t.values[v].rejected) continue;
    const std::string_view s = arch_spelling(t.values[v], c.inst.arch());
    if (s.empty() && empty < 0) empty = static_cast<int>(v);
    if (s.size() > best && spelled_at(mnem, pos, s)) {
      best = s.size();
      c.set(0, static_cast<uint32_t>(v));
    }
  }
  if (best != 0) return static_cast<int>(best);
  if (empty < 0) return c.fail(fmt::format("missing {} modifier", info(c.field(0).opd).name)), kNoMatch;
  c.set(0, static_cast<uint32_t>(empty));
  return 0;
}

// ---- mem_casb(rb, bcrz) / mem_casc(rb, 64, bcrz): CAS data operands (section 6.3) -----------------------------
// bcrz 0: Rb, Rb+1 (Rb+2 with .64); 1: Rb, RZ; 2: RZ, Rb. Where a register is implied by Rb (cases 0 and 2), 255
// and above print "???255" rather than RZ.

constexpr std::string_view kUnnamed255 = "???255";
constexpr uint32_t kBcNone = 0, kBcSecondRZ = 1, kBcFirstRZ = 2;

void append_implied(TextOut& out, uint32_t r) {
  if (r >= Reg::kRZ) out += kUnnamed255;
  else append_reg(out, r);
}

void casb_print(const PrintContext& c, TextOut& out) {
  const uint32_t rb = c.val(0), bz = c.val(1);
  if (bz == kBcFirstRZ) out += "RZ";
  else if (bz == kBcSecondRZ) append_reg(out, rb);
  else append_implied(out, rb);
}

uint32_t cas_step(uint32_t wide) { return wide ? 2 : 1; }

void casc_print(const PrintContext& c, TextOut& out) {
  const uint32_t rb = c.val(0), wide = c.val(1), bz = c.val(2);
  if (bz == kBcSecondRZ) out += "RZ";
  else if (bz == kBcFirstRZ) append_implied(out, rb);
  else append_implied(out, rb + cas_step(wide));
}

// The first operand alone cannot tell the case: it leaves Rb and a provisional bcrz for the second to settle.
// "RZ" -> bcrz 2 (or 1 when the second is RZ too); "???255" -> Rb 255; Rn -> Rb n.
bool casb_parse(ParseContext& c, std::string_view t) {
  if (t == "RZ") {
    c.set(0, Reg::kRZ);
    c.set(1, kBcFirstRZ);
    return true;
  }
  if (t == kUnnamed255) {
    c.set(0, Reg::kRZ);
    c.set(1, kBcNone);
    return true;
  }
  const auto r = parse_reg(t);
  if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ or ???255), got '{}'", t));
  c.set(0, *r);
  c.set(1, kBcNone);
  return true;
}

bool casc_parse(ParseContext& c, std::string_view t) {
  const uint32_t rb = c.val(0), step = cas_step(c.val(1)), bz = c.val(2);
  const auto r = t == kUnnamed255 ? std::optional<uint32_t>(Reg::kRZ + 1) : parse_reg(t);
  if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ or ???255), got '{}'", t));
  if (bz == kBcFirstRZ) {  // RZ, Rb: RZ, RZ is Rb = RZ with the second operand RZ
    if (*r == Reg::kRZ) c.set(2, kBcSecondRZ);
    c.set(0, std::min<uint32_t>(*r, Reg::kRZ));
    return true;
  }
  if (*r == Reg::kRZ) {  // Rb, RZ
    if (rb == Reg::kRZ) return c.fail("'???255, RZ' has no encoding; write 'RZ, RZ'");
    c.set(2, kBcSecondRZ);
    return true;
  }
  const uint32_t want = rb + step;
  if (*r == want || (*r > Reg::kRZ && want >= Reg::kRZ)) return true;
  return c.fail(fmt::format("the second CAS operand must be RZ or the register after the first ({}), got '{}'",
                            want >= Reg::kRZ ? std::string(kUnnamed255) : fmt::format("R{}", want), t));
}

// ---- ldc_cbuf(bank, ra, off): LDC's c[0xB][Ra+off] (section 5) --------------------------------------------------
// The byte offset is signed 16-bit. Without a register (RZ) the offset prints alone, zero included.

void ldc_print(const PrintContext& c, TextOut& out) {
  const int64_t off = sign_extend(c.val(2), c.field(2).width());
  // A cubin relocation of bank and offset (a .const variable in a relocatable object): c[`((tab + 0x3))].
  if (c.labels)
    if (auto sym = c.labels->relocated(c.inst.address(), c.field(2).parts[0].lo, off)) {
      out += "c[";
      out += *sym;
      out += ']';
      if (c.val(1) != Reg::kRZ) {
        out += '[';
        append_reg(out, c.val(1));
        out += ']';
      }
      return;
    }
  append_cbuf_ref(out, c.val(0), c.val(1), off);
}

bool ldc_parse(ParseContext& c, std::string_view t) {
  uint32_t bank = 0, ra = 0;
  int64_t off = 0;
  if (!parse_cbuf_ref(c, t, bank, ra, off)) return false;
  c.set(0, bank);
  c.set(1, ra);
  c.set(2, static_cast<uint32_t>(static_cast<uint64_t>(off) & low_mask(c.field(2).width())));
  return true;
}

// ---- mem_sblist(mask): DEPBAR's extra scoreboards, {5,4,0} from high to low (section 9) ------------------------

void sblist_print(const PrintContext& c, TextOut& out) {
  const uint32_t m = c.val(0);
  out += '{';
  bool first = true;
  for (int i = static_cast<int>(c.field(0).width()) - 1; i >= 0; --i)
    if ((m >> i) & 1) {
      if (!first) out += ',';
      first = false;
      out += static_cast<char>('0' + i);
    }
  out += '}';
}
bool sblist_omitted(const PrintContext& c) { return c.val(0) == 0; }
bool sblist_parse(ParseContext& c, std::string_view t) {
  if (t.size() < 2 || t.front() != '{' || t.back() != '}')
    return c.fail(fmt::format("expected a scoreboard list {{5,...,0}}, got '{}'", t));
  t = t.substr(1, t.size() - 2);
  const unsigned n = c.field(0).width();
  uint32_t m = 0;
  while (!t.empty()) {
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    const std::size_t comma = t.find(',');
    std::string_view item = t.substr(0, comma);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    t = comma == std::string_view::npos ? std::string_view{} : t.substr(comma + 1);
    const auto v = parse_integer(item);
    if (!v || *v < 0 || *v >= static_cast<int64_t>(n) || (m >> *v) & 1)
      return c.fail(fmt::format("expected distinct scoreboards 0..{} in the list, got '{}'", n - 1, item));
    m |= 1u << *v;
  }
  c.set(0, m);
  return true;
}
void sblist_default(ParseContext& c) { c.set(0, 0); }

// ---- mem_attr(ra, off): the address inside ALD / AST a[...] (section 11) ---------------------------------------
// With a register: R4 or R4+0x3ff / R4+-0x400 (signed 11-bit). Without (RZ): only the low 10 bits count (bit 10 is
// ignored), printed unsigned, and 0 prints RZ. Ra may be an enumerated field that refuses some registers.

constexpr uint32_t kAttrMask = 0x3ff;

void attr_print(const PrintContext& c, TextOut& out) {
  const uint32_t ra = c.val(0), off = c.val(1);
  if (ra == Reg::kRZ) {
    if ((off & kAttrMask) == 0) out += "RZ";
    else append_hex(out, off & kAttrMask);
    return;
  }
  append_reg(out, ra);
  if (off != 0) {
    out += '+';
    append_signed_hex(out, sign_extend(off, c.field(1).width()));
  }
}

bool register_allowed(const ParseContext& c, int arg, uint32_t r) {
  const OpdInfo& oi = info(c.field(arg).opd);
  return oi.kind != Kind::Enum || oi.table->find(r) != nullptr;
}

bool attr_parse(ParseContext& c, std::string_view t) {
  uint32_t ra = 0;
  std::string_view off_text;
  if (!split_reg_offset(t, ra, off_text)) return c.fail(fmt::format("expected a register (R0..R254, RZ) in '{}'", t));
  if (!register_allowed(c, 0, ra))
    return c.fail(ra == Reg::kRZ ? "this form takes a register attribute address"
                                 : "a register attribute address needs .P (or .PHYS without an offset)");
  const unsigned width = c.field(1).width();
  int64_t off = 0;
  if (!off_text.empty()) {
    const auto v = parse_integer(off_text);
    const bool ok = v && (ra == Reg::kRZ ? *v >= 0 && *v <= kAttrMask
                                         : *v >= -(int64_t{1} << (width - 1)) && *v < (int64_t{1} << (width - 1)));
    if (!ok)
      return c.fail(fmt::format("attribute offset must be {} in '{}'", ra == Reg::kRZ ? "0x0..0x3ff" : "-0x400..0x3ff", t));
    off = *v;
  }
  c.set(0, ra);
  c.set(1, static_cast<uint32_t>(static_cast<uint64_t>(off) & low_mask(width)));
  return true;
}

void attr_normalize(ParseContext& c) {
  if (c.val(0) == Reg::kRZ) c.set(1, c.val(1) & kAttrMask);
}

// ---- mem_al2p_off(off, ra): AL2P's offset (section 11) ---------------------------------------------------------
// After a register: signed 11-bit, left out when 0. Without one (Ra = RZ is not printed): the low 10 bits,
// unsigned, left out when 0.

bool al2p_omitted(const PrintContext& c) {
  return (c.val(1) == Reg::kRZ ? c.val(0) & kAttrMask : c.val(0)) == 0;
}
void al2p_print(const PrintContext& c, TextOut& out) {
  if (c.val(1) == Reg::kRZ) append_hex(out, c.val(0) & kAttrMask);
  else append_signed_hex(out, sign_extend(c.val(0), c.field(0).width()));
}
bool al2p_parse(ParseContext& c, std::string_view t) {
  const auto v = parse_integer(t);
  const unsigned width = c.field(0).width();
  const bool rz = c.val(1) == Reg::kRZ;
  if (!v || (rz ? (*v < 0 || *v > kAttrMask) : (*v < -(int64_t{1} << (width - 1)) || *v >= (int64_t{1} << (width - 1)))))
    return c.fail(fmt::format("expected an attribute offset {}, got '{}'", rz ? "0x0..0x3ff" : "-0x400..0x3ff", t));
  c.set(0, static_cast<uint32_t>(static_cast<uint64_t>(*v) & low_mask(width)));
  return true;
}
void al2p_default(ParseContext& c) { c.set(0, 0); }
void al2p_normalize(ParseContext& c) {
  if (c.val(1) == Reg::kRZ) c.set(0, c.val(0) & kAttrMask);
}

}  // namespace

const KindOps kMemAddrKind{addr1_print, nullptr, addr1_parse, addr1_parse_modifier, nullptr};
const KindOps kMemAddr4Kind{addr4_print, nullptr, addr4_parse, addr4_parse_modifier, nullptr};
const KindOps kMemArchKind{arch_print, nullptr, nullptr, arch_parse_modifier, nullptr};
const KindOps kMemCasBKind{casb_print, nullptr, casb_parse, nullptr, nullptr};
const KindOps kMemCasCKind{casc_print, nullptr, casc_parse, nullptr, nullptr};
const KindOps kLdcCbufKind{ldc_print, nullptr, ldc_parse, nullptr, nullptr};
const KindOps kMemSbListKind{sblist_print, sblist_omitted, sblist_parse, nullptr, sblist_default};
const KindOps kMemAttrKind{attr_print, nullptr, attr_parse, nullptr, nullptr, attr_normalize};
const KindOps kMemAl2pOffKind{al2p_print, al2p_omitted, al2p_parse, nullptr, al2p_default, al2p_normalize};

}  // namespace tmu::isa::sm50
