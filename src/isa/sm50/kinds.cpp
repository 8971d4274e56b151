// SPDX-License-Identifier: MIT
// The registry of slot kinds, the helpers they share, and the basic kinds (plain fields, second spelling
// column, phase, predicate with negation, TEXS/TLDS masks).
#include "isa/sm50/kinds.h"

#include <bit>
#include <charconv>
#include <cstring>

#include <fmt/format.h>

#include "isa/sm50/compiled.h"
#include "isa/sm50/parser.h"

namespace tmu::isa::sm50 {

// ---- shared helpers -------------------------------------------------------------------------------------

void append_hex(TextOut& out, uint64_t v) {
  if (v > 0xffffffffu) {
    out += std::string_view("0x");
    return append_hex_digits(out, v);
  }
  char* p = out.cursor(10);
  std::memcpy(p, "0x", 2);
  out.commit(put_hex_digits(p + 2, static_cast<uint32_t>(v)));
}

void append_signed_hex(TextOut& out, int64_t v) {
  const uint64_t mag = v < 0 ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  if (mag > 0xffffffffu) {
    if (v < 0) out += '-';
    return append_hex(out, mag);
  }
  // The sign without a branch: offsets are as often negative as not.
  char* p = out.cursor(11);
  *p = '-';
  p += v < 0 ? 1 : 0;
  std::memcpy(p, "0x", 2);
  out.commit(put_hex_digits(p + 2, static_cast<uint32_t>(mag)));
}

void append_cbuf(const PrintContext& c, TextOut& out, uint32_t v, bool spaced) {
  const int64_t offset = sign_extend(uint64_t{v & 0x3fffu} << 2, 16);
  if (c.labels)
    if (auto sym = c.labels->relocated(c.inst.address(), 20, offset)) {
      out += "c[";
      out += *sym;
      out += ']';
      return;
    }
  out += "c[";
  append_hex(out, v >> 14);
  out += spaced ? "] [" : "][";
  append_signed_hex(out, offset);
  out += ']';
}

std::optional<uint32_t> parse_cbuf(std::string_view t, std::string* error) {
  auto fail = [&](std::string message) -> std::optional<uint32_t> {
    if (error) *error = std::move(message);
    return std::nullopt;
  };
  auto strip = [](std::string_view x) {
    while (!x.empty() && x.front() == ' ') x.remove_prefix(1);
    while (!x.empty() && x.back() == ' ') x.remove_suffix(1);
    return x;
  };
  if (!t.starts_with("c[")) return fail(fmt::format("expected a constant-bank operand c[..][..], got '{}'", t));
  const std::size_t close = t.find(']');
  if (close == std::string_view::npos) return fail("unclosed '[' in constant-bank operand");
  const auto bank = parse_integer(strip(t.substr(2, close - 2)));
  const std::string_view rest = strip(t.substr(close + 1));
  if (!rest.starts_with('[') || !rest.ends_with(']'))
    return fail(fmt::format("expected '[offset]' after the bank in '{}'", t));
  const auto off = parse_integer(strip(rest.substr(1, rest.size() - 2)));
  if (!bank || *bank < 0 || *bank > 0x1f) return fail(fmt::format("constant bank must be 0x0..0x1f in '{}'", t));
  if (!off || *off < -0x8000 || *off > 0xffff || *off % 4 != 0)
    return fail(fmt::format("constant-bank offset must be a multiple of 4 in -0x8000..0xfffc in '{}'", t));
  const uint32_t word = static_cast<uint32_t>((*off + 0x10000) % 0x10000) >> 2;
  return static_cast<uint32_t>(*bank) << 14 | word;
}

// "R12", "P3": a letter and a decimal number (registers and predicates outside the name tables).
void append_numbered(TextOut& out, char letter, uint32_t v) {
  char* p = out.cursor(12);
  p[0] = letter;
  if (v >= 1000) {
    out.advance(static_cast<std::size_t>(std::to_chars(p + 1, p + 12, v).ptr - p));
  } else if (v < 10) {
    p[1] = static_cast<char>('0' + v);
    out.advance(2);
  } else if (v < 100) {
    p[1] = static_cast<char>('0' + v / 10);
    p[2] = static_cast<char>('0' + v % 10);
    out.advance(3);
  } else {
    p[1] = static_cast<char>('0' + v / 100 % 10);
    p[2] = static_cast<char>('0' + v / 10 % 10);
    p[3] = static_cast<char>('0' + v % 10);
    out.advance(4);
  }
}

namespace {
std::optional<uint32_t> parse_numbered(std::string_view t, char letter, std::string_view special, uint32_t special_value,
                                       uint32_t max) {
  if (t == special) return special_value;
  if (t.size() < 2 || t[0] != letter) return std::nullopt;
  uint32_t v = 0;
  auto r = std::from_chars(t.data() + 1, t.data() + t.size(), v);
  if (r.ec != std::errc{} || r.ptr != t.data() + t.size() || v > max) return std::nullopt;
  return v;
}

// Default reuse flag of a register field: the operand slots at bits 8, 20 and 39.
int default_reuse_bit(const Field& fd) {
  switch (fd.parts[0].lo) {
    case 8: return 0;
    case 20: return 1;
    case 39: return 2;
    default: return -1;
  }
}
}  // namespace

std::optional<uint32_t> parse_reg(std::string_view t) { return parse_numbered(t, 'R', "RZ", Reg::kRZ, 254); }
std::optional<uint32_t> parse_pred(std::string_view t) { return parse_numbered(t, 'P', "PT", Pred::kPT, 6); }

bool spelled_at(std::string_view mnem, std::size_t pos, std::string_view sp) {
  if (sp.empty() || mnem.substr(pos, sp.size()) != sp) return false;
  const std::size_t end = pos + sp.size();
  return end == mnem.size() || mnem[end] == '.';
}

int match_spelling(const EnumTable& t, std::string_view mnem, std::size_t pos, uint64_t& mask) {
  std::size_t best = 0;
  mask = 0;
  for (std::size_t v = 0; v < t.values.size() && v < 64; ++v) {
    const Spelling& s = t.values[v];
    if (s.rejected) continue;
    for (std::string_view sp : {s.text, s.alias}) {
      if (!spelled_at(mnem, pos, sp) || sp.size() < best) continue;
      if (sp.size() > best) mask = 0;
      best = sp.size();
      mask |= uint64_t{1} << v;
    }
  }
  if (best != 0) return static_cast<int>(best);
  for (std::size_t v = 0; v < t.values.size() && v < 64; ++v)
    if (!t.values[v].rejected && t.values[v].text.empty()) mask |= uint64_t{1} << v;
  return mask != 0 ? 0 : kNoMatch;
}

int PrintContext::reuse_bit(int arg) const {
  return slot.reuse >= 0 ? slot.reuse : default_reuse_bit(field(arg));
}
bool PrintContext::reused(int arg) const {
  const int b = reuse_bit(arg);
  return decodes_reuse(form.sched) && b >= 0 && ((inst.ctrl.reuse >> b) & 1) != 0;
}
int ParseContext::reuse_bit(int arg) const {
  return slot.reuse >= 0 ? slot.reuse : default_reuse_bit(field(arg));
}

// ---- basic kinds ------------------------------------------------------------------------------------------

std::optional<uint64_t> parse_immediate(ParseContext& c, std::string_view t, unsigned width, bool is_signed) {
  auto v = parse_integer(t);
  if (!v) {
    c.fail(fmt::format("expected a number, got '{}'", t));
    return std::nullopt;
  }
  const int64_t half = int64_t{1} << (width - 1);
  const int64_t lo = is_signed || width == 32 ? -half : 0;
  const int64_t hi = is_signed ? half - 1 : static_cast<int64_t>(low_mask(width));
  if (*v < lo || *v > hi) {
    auto num = [](int64_t x) { return x < 0 ? fmt::format("-{:#x}", -x) : fmt::format("{:#x}", x); };
    c.fail(fmt::format("{} is out of range: {} to {} ({}-bit {})", t, num(lo), num(hi), width,
                       is_signed ? "signed" : lo < 0 ? "value" : "unsigned"));
    return std::nullopt;
  }
  return static_cast<uint64_t>(*v) & low_mask(width);
}

namespace {

void set_field_default(ParseContext& c) { c.set(0, default_value(info(c.field(0).opd).kind)); }

void plain_print(const PrintContext& c, TextOut& out) {
  const Field& f = c.field(0);
  const OpdInfo& oi = info(f.opd);
  const uint32_t v = c.val(0);
  switch (oi.kind) {
    case Kind::Gpr:
      append_reg(out, v);
      if (!c.in_mnemonic && c.reused(0)) out += ".reuse";
      break;
    case Kind::Pred: append_pred(out, v); break;
    case Kind::Enum: out += oi.table->values[v].text; break;
    case Kind::UImm:
    case Kind::SImm: {
      const int64_t value = oi.kind == Kind::SImm ? sign_extend(v, f.width()) : int64_t{v};
      // A cubin relocation may patch the field (MOV32I's immediate, JCAL's target, a texture index).
      if (c.labels)
        if (auto sym = c.labels->relocated(c.inst.address(), f.parts[0].lo, value)) {
          out += *sym;
          break;
        }
      if (oi.kind == Kind::SImm) append_signed_hex(out, value);
      else append_hex(out, v);
      break;
    }
  }
}

}  // namespace

bool take_reuse(ParseContext& c, std::string_view& t) {
  constexpr std::string_view kReuse = ".reuse";
  if (!t.ends_with(kReuse)) return true;
  const int rb = c.reuse_bit(0);
  if (!decodes_reuse(c.form.sched) || rb < 0) return c.fail("this operand cannot be marked .reuse");
  c.reuse = static_cast<uint8_t>(c.reuse | (1u << rb));
  t.remove_suffix(kReuse.size());
  return true;
}

namespace {

bool plain_omitted(const PrintContext& c) { return c.val(0) == default_value(info(c.field(0).opd).kind); }

bool plain_parse(ParseContext& c, std::string_view t) {
  const Field& f = c.field(0);
  const OpdInfo& oi = info(f.opd);
  switch (oi.kind) {
    case Kind::Gpr: {
      if (!take_reuse(c, t)) return false;
      auto r = parse_reg(t);
      if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ), got '{}'", t));
      c.set(0, *r);
      return true;
    }
    case Kind::Pred: {
      auto p = parse_pred(t);
      if (!p) return c.fail(fmt::format("expected a predicate (P0..P6, PT), got '{}'", t));
      c.set(0, *p);
      return true;
    }
    case Kind::Enum: {
      const EnumTable& tab = *oi.table;
      for (std::size_t v = 0; v < tab.values.size(); ++v) {
        const Spelling& sp = tab.values[v];
        if (!sp.rejected && (sp.text == t || (!sp.alias.empty() && sp.alias == t))) {
          if (v < 64) c.cand[c.index(0)] &= uint64_t{1} << v;
          c.set(0, static_cast<uint32_t>(v));
          return true;
        }
      }
      return c.fail(fmt::format("unknown {} '{}'", oi.name, t));
    }
    case Kind::UImm:
    case Kind::SImm: {
      auto v = parse_immediate(c, t, f.width(), oi.kind == Kind::SImm);
      if (!v) return false;
      c.set(0, static_cast<uint32_t>(*v));
      return true;
    }
  }
  return false;
}

int plain_parse_modifier(ParseContext& c, std::string_view mnem, std::size_t pos) {
  const EnumTable& t = *info(c.field(0).opd).table;
  uint64_t mask = 0;
  const int n = match_spelling(t, mnem, pos, mask);
  if (n == kNoMatch) {
    // The spellings this position takes, in the table's order: what the user can write.
    std::string valid;
    unsigned listed = 0;
    for (const Spelling& sp : t.values) {
      if (sp.rejected || sp.text.empty() || sp.text.find("INVALID") != std::string_view::npos || sp.text[0] != '.') continue;
      if (listed++ == 12) {
        valid += ", ...";
        break;
      }
      valid += (valid.empty() ? "" : ", ") + std::string(sp.text);
    }
    c.fail(fmt::format("expected one of the modifiers {} here", valid));
    return kNoMatch;
  }
  c.cand[c.index(0)] &= mask;
  c.set(0, static_cast<uint32_t>(std::countr_zero(mask)));
  return n;
}

void column2_print(const PrintContext& c, TextOut& out) { out += info(c.field(0).opd).table->values[c.val(0)].column2; }

bool column2_parse(ParseContext& c, std::string_view t) {
  const EnumTable& tab = *info(c.field(0).opd).table;
  uint64_t mask = 0;
  for (std::size_t v = 0; v < tab.values.size() && v < 64; ++v)
    if (!tab.values[v].rejected && tab.values[v].column2 == t) mask |= uint64_t{1} << v;
  if (mask == 0) return c.fail(fmt::format("unknown {} '{}'", info(c.field(0).opd).name, t));
  c.cand[c.index(0)] &= mask;
  return true;
}

void phase_print(const PrintContext& c, TextOut& out) {
  if (prints_phase(c.form.sched)) out += kPhaseNames[c.inst.ctrl.reuse & 3];
}

int phase_parse_modifier(ParseContext& c, std::string_view mnem, std::size_t pos) {
  for (uint8_t v = 3; v >= 1; --v)
    if (spelled_at(mnem, pos, kPhaseNames[v])) {
      c.reuse = static_cast<uint8_t>((c.reuse & ~3u) | v);
      return static_cast<int>(kPhaseNames[v].size());
    }
  return 0;
}

void pneg_print(const PrintContext& c, TextOut& out) {
  if (c.val(1)) out += '!';
  append_pred(out, c.val(0));
}
bool pneg_omitted(const PrintContext& c) { return c.val(0) == Pred::kPT && c.val(1) == 0; }
bool pneg_parse(ParseContext& c, std::string_view t) {
  const bool neg = t.starts_with('!');
  auto p = parse_pred(neg ? t.substr(1) : t);
  if (!p) return c.fail(fmt::format("expected a predicate, got '{}'", t));
  c.set(0, *p);
  c.set(1, neg ? 1 : 0);
  return true;
}
void pneg_default(ParseContext& c) {
  c.set(0, Pred::kPT);
  c.set(1, 0);
}

const std::array<std::string_view, 8>& smask_names(uint32_t rd2) {
  return rd2 == Reg::kRZ ? kShortMaskOne : kShortMaskTwo;
}
void smask_print(const PrintContext& c, TextOut& out) { out += smask_names(c.val(1))[c.val(0) & 7]; }
bool smask_parse(ParseContext& c, std::string_view t) {
  const auto& names = smask_names(c.val(1));
  for (std::size_t v = 0; v < names.size(); ++v)
    if (names[v] == t) {
      c.set(0, static_cast<uint32_t>(v));
      return true;
    }
  return c.fail(fmt::format("'{}' is not a write mask of this form with {} destination register pair{}", t,
                            c.val(1) == Reg::kRZ ? "one" : "two", c.val(1) == Reg::kRZ ? "" : "s"));
}

}  // namespace

const KindOps kPlainKind{plain_print, plain_omitted, plain_parse, plain_parse_modifier, set_field_default};
const KindOps kColumn2Kind{column2_print, nullptr, column2_parse, nullptr, nullptr};
const KindOps kPhaseKind{phase_print, nullptr, nullptr, phase_parse_modifier, nullptr};
const KindOps kPNegKind{pneg_print, pneg_omitted, pneg_parse, nullptr, pneg_default};
const KindOps kSMaskKind{smask_print, nullptr, smask_parse, nullptr, nullptr};

const KindOps& kind_ops(Fn fn) { return *kKindOps[static_cast<std::size_t>(fn)]; }

}  // namespace tmu::isa::sm50
