// SPDX-License-Identifier: MIT
// Compiles a form's syntax template (see form.h) into pieces that the printer and the parser walk. The compiler
// is constexpr so that the table is checked when tmu is built (table.cpp static_asserts every row).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50 {

// Slot kinds, from kinds.inc: Plain, Column2, Phase and the composites.
enum class Fn : uint8_t {
#define KIND(id, name, nargs, ops) id,
#include "isa/sm50/kinds.inc"
#undef KIND
};

struct FnInfo {
  std::string_view name;
  Fn fn;
  uint8_t nargs;
};
inline constexpr std::array kFns{
#define KIND(id, name, nargs, ops) FnInfo{name, Fn::id, nargs},
#include "isa/sm50/kinds.inc"
#undef KIND
};

struct Slot {
  Fn fn = Fn::Plain;
  std::array<int8_t, 6> args{-1, -1, -1, -1, -1, -1};  // indices into the form's format
  bool optional = false;  // {x?}: omitted from the text when it holds its default
  bool elidable = false;  // {x~}: always printed, but the assembler lets the source leave it out (seed spelling)
  int8_t reuse = -1;      // {x@N}: control-word reuse flag N marks this register; -1: from the field position
};

struct Piece {  // mnemonic: a literal or a slot
  std::string_view literal;
  Slot slot;
  bool is_slot = false;
};

struct Item {  // operand: prefix, optional slot, suffix; without a slot it is a literal
  std::string_view prefix;
  std::string_view suffix;
  Slot slot;
  bool has_slot = false;
};

struct Syntax {
  std::string_view base;  // mnemonic up to the first '.' or '{': the parser's lookup key
  std::array<Piece, 16> pieces{};
  uint8_t npieces = 0;
  std::array<Item, 12> items{};
  uint8_t nitems = 0;
  std::string_view error;  // empty when the template is well formed
};

namespace detail {

constexpr int format_index(std::span<const F> format, std::string_view name) {
  for (std::size_t i = 0; i < format.size(); ++i)
    if (info(field(format[i]).opd).name == name) return static_cast<int>(i);
  return -1;
}

constexpr std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// Compiles the inside of a {...}.
constexpr bool compile_slot(std::string_view text, std::span<const F> format, Slot& slot, std::string_view& err) {
  // Trailing markers: '?' optional, '~' elidable, '@N' reuse flag.
  for (bool more = true; more && !text.empty();) {
    more = false;
    if (text.back() == '?' || text.back() == '~') {
      (text.back() == '?' ? slot.optional : slot.elidable) = true;
      text.remove_suffix(1);
      more = true;
    } else if (text.size() > 2 && text[text.size() - 2] == '@' && text.back() >= '0' && text.back() <= '3') {
      slot.reuse = static_cast<int8_t>(text.back() - '0');
      text.remove_suffix(2);
      more = true;
    }
  }
  if (text == "phase") {
    slot.fn = Fn::Phase;
    return true;
  }
  const std::size_t paren = text.find('(');
  if (paren != std::string_view::npos) {
    if (text.back() != ')') return err = "unbalanced parenthesis", false;
    const std::string_view name = text.substr(0, paren);
    // An index rather than a pointer: GCC's UBSan instrumentation makes pointer tests non-constant.
    std::size_t found = kFns.size();
    for (std::size_t i = 0; i < kFns.size(); ++i)
      if (!kFns[i].name.empty() && kFns[i].name == name) found = i;
    if (found == kFns.size()) return err = "unknown composite operand", false;
    const FnInfo* fn = &kFns[found];
    slot.fn = fn->fn;
    std::string_view args = text.substr(paren + 1, text.size() - paren - 2);
    uint8_t n = 0;
    while (!args.empty()) {
      const std::size_t comma = args.find(',');
      const std::string_view a = trim(args.substr(0, comma));
      const int idx = format_index(format, a);
      if (idx < 0) return err = "composite argument is not in the format", false;
      if (n == slot.args.size()) return err = "too many composite arguments", false;
      slot.args[n++] = static_cast<int8_t>(idx);
      args = comma == std::string_view::npos ? std::string_view{} : args.substr(comma + 1);
    }
    if (n != fn->nargs) return err = "wrong number of composite arguments", false;
    return true;
  }
  if (text.size() > 2 && text.substr(text.size() - 2) == ".2") {
    slot.fn = Fn::Column2;
    text.remove_suffix(2);
  }
  const int idx = format_index(format, text);
  if (idx < 0) return err = "slot names an operand that is not in the format", false;
  slot.args[0] = static_cast<int8_t>(idx);
  return true;
}

}  // namespace detail

constexpr Syntax compile_syntax(std::string_view text, std::span<const F> format) {
  Syntax s;
  std::string_view err;
  // Mnemonic: up to the first space.
  const std::size_t space = text.find(' ');
  std::string_view mnem = text.substr(0, space);
  std::string_view ops = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
  std::size_t base_end = 0;
  while (base_end < mnem.size() && mnem[base_end] != '.' && mnem[base_end] != '{') ++base_end;
  s.base = mnem.substr(0, base_end);
  while (!mnem.empty()) {
    if (s.npieces == s.pieces.size()) return s.error = "too many mnemonic pieces", s;
    Piece& p = s.pieces[s.npieces++];
    if (mnem.front() == '{') {
      const std::size_t close = mnem.find('}');
      if (close == std::string_view::npos) return s.error = "unclosed '{'", s;
      p.is_slot = true;
      if (!detail::compile_slot(mnem.substr(1, close - 1), format, p.slot, err)) return s.error = err, s;
      mnem.remove_prefix(close + 1);
    } else {
      const std::size_t open = mnem.find('{');
      p.literal = mnem.substr(0, open);
      mnem = open == std::string_view::npos ? std::string_view{} : mnem.substr(open);
    }
  }
  // Operands, separated by ", ".
  while (!ops.empty()) {
    const std::size_t sep = ops.find(", ");
    std::string_view item = ops.substr(0, sep);
    ops = sep == std::string_view::npos ? std::string_view{} : ops.substr(sep + 2);
    if (s.nitems == s.items.size()) return s.error = "too many operands", s;
    Item& it = s.items[s.nitems++];
    const std::size_t open = item.find('{');
    if (open == std::string_view::npos) {
      it.prefix = item;
      continue;
    }
    const std::size_t close = item.find('}', open);
    if (close == std::string_view::npos) return s.error = "unclosed '{'", s;
    it.prefix = item.substr(0, open);
    it.suffix = item.substr(close + 1);
    it.has_slot = true;
    if (!detail::compile_slot(item.substr(open + 1, close - open - 1), format, it.slot, err)) return s.error = err, s;
    if (it.suffix.find('{') != std::string_view::npos) return s.error = "one slot per operand", s;
  }
  return s;
}

// Checks a form: pattern syntax, template syntax, fields that overlap each other or the fixed bits, fields the
// template never prints, and optional markers on operands without a default. Returns "" when the row is sound.
constexpr std::string_view validate(const Form& f) {
  const Pattern p = f.bits();
  if (!p.ok) return "malformed pattern";
  const Syntax s = compile_syntax(f.syntax, f.format);
  if (!s.error.empty()) return s.error;
  uint64_t used = 0;
  std::array<bool, 32> printed{};
  auto mark = [&](const Slot& slot) {
    for (int8_t a : slot.args)
      if (a >= 0) printed[static_cast<std::size_t>(a)] = true;
  };
  for (std::size_t i = 0; i < s.npieces; ++i)
    if (s.pieces[i].is_slot) mark(s.pieces[i].slot);
  for (std::size_t i = 0; i < s.nitems; ++i) {
    const Item& it = s.items[i];
    if (!it.has_slot) continue;
    mark(it.slot);
    if ((it.slot.optional || it.slot.elidable) && it.slot.fn == Fn::Plain) {
      const Kind k = info(field(f.format[static_cast<std::size_t>(it.slot.args[0])]).opd).kind;
      if (k != Kind::Gpr && k != Kind::Pred) return "'?' on an operand without a default";
    }
  }
  if (f.format.size() > printed.size()) return "format too long";
  for (std::size_t i = 0; i < f.format.size(); ++i) {
    const Field& fd = field(f.format[i]);
    const uint64_t m = fd.mask();
    if (used & m) return "fields overlap";
    used |= m;
    const bool fixed = (p.mask & m) == m;
    if ((p.mask & m) != 0 && !fixed) return "field partly overlaps fixed bits";
    const bool guard = fd.opd == Opd::pg || fd.opd == Opd::pg_neg;
    if (!printed[i] && !guard && !fixed) return "field is never printed";
    const Kind k = info(fd.opd).kind;
    if (k == Kind::Enum && !info(fd.opd).has_table) return "enum operand without a spelling table";
  }
  return "";
}

}  // namespace tmu::isa::sm50
