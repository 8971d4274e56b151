// SPDX-License-Identifier: MIT
// Print plans: each row's syntax template compiled, when tmu is built, into a short program for the printer.
// Adjacent literal text (mnemonic, separators, operand prefixes and suffixes) is merged into one step whose
// characters sit in a padded pool, so that printing it is one fixed-size copy; plain operands (registers,
// predicates, spellings, numbers) become steps that carry what the field dictionary would say about them.
// Composite operands that are a register or a constant with flags around it (-|R2|.reuse, R3.CC, ~c[0x2][0x10])
// become such steps as well, since a call to a kind costs several times a step; the others stay calls to their
// kind (kinds.h). The plans are derived from the table, never written by hand: the table stays the one
// description of the syntax.
#pragma once

#include <array>
#include <cstdint>

#include "isa/sm50/compiled.h"
#include "isa/sm50/instruction.h"
#include "isa/sm50/kinds.h"

namespace tmu::isa::sm50::plan {

enum class Op : uint8_t {
  Text,     // pool[text .. text + n)
  Guard,    // "@P0 " / "@!P0 " unless the guard (field a, negation field b) is PT: the guard's forms only
  Sep,      // " " before the first operand printed, ", " before the others (after an optional operand)
  Reg,      // register in field a; b: control-word reuse flag that adds ".reuse", or -1
  Pred,     // predicate in field a
  PNeg,     // predicate in field a, "!" first when field b is set (the pneg kind)
  Spell,    // spelling of enum field a: kSpellings.texts[text + value]
  Hex,      // field a as 0x..
  SHex,     // field a, n bits, sign-extended, as 0x.. / -0x..
  Kind,     // slot `slot` of the template (mnemonic piece when b == 1, else operand): its kind prints it
  SkipIfDefault,  // optional plain operand: skip the next n steps when field a holds its kind's default
  SkipIfOmitted,  // optional composite operand: skip the next n steps when its kind says it is omitted
  Flag,     // pool[text .. text + n) when field a is nonzero (b < 0) or holds b: a register's '-', '|', ".CC"
  Reuse,    // ".reuse" when control-word reuse flag b is set (after a register in bars, -|R4|.reuse)
  Phase,    // the .T/.P texture-hash phase from the control word (the phase kind)
  Cbuf,     // constant in field a (bank << 14 | word offset): c[0x3][0x10], c[0x3] [-0x8] when b == 1
};

struct Step {
  Op op = Op::Text;
  uint8_t a = 0;
  int8_t b = -1;
  uint8_t n = 0;
  uint16_t text = 0;  // Text: offset into the pool
  uint8_t slot = 0;   // Kind / SkipIfOmitted: index of the piece or item
  Kind kind = Kind::UImm;  // SkipIfDefault: the operand's kind
  const EnumTable* table = nullptr;
  const Slot* slot_ptr = nullptr;  // Kind / SkipIfOmitted: the template's slot
  const KindOps* ops = nullptr;    // and its kind
};

// Counts of steps (or entries) and pool characters: tables are sized by a first run of what fills them.
struct Sizes {
  std::size_t steps = 0, chars = 0;
};

// Spellings of every enumerated operand, copied into a padded pool like the literal text: a Spell step then
// copies 32 characters and keeps the spelling's length, without a branch on it.
struct SpellText {
  uint16_t at = 0;  // offset into kSpellings.pool
  uint8_t n = 0;
};

// Whether two tables spell every value alike (tables are told apart by content, not address: GCC's UBSan
// instrumentation makes pointer tests non-constant). Alike tables share their pool entries.
constexpr bool alike(const EnumTable& a, const EnumTable& b) {
  if (a.values.size() != b.values.size()) return false;
  for (std::size_t v = 0; v < a.values.size(); ++v)
    if (a.values[v].text != b.values[v].text) return false;
  return true;
}

// Visits each distinct spelling table of the enumerated operands once.
template <typename Visit>
constexpr void for_each_table(Visit visit) {
  for (std::size_t i = 0; i < kOpdInfo.size(); ++i) {
    const OpdInfo& oi = kOpdInfo[i];
    if (oi.kind != Kind::Enum) continue;
    bool seen = false;
    for (std::size_t j = 0; j < i && !seen; ++j) seen = kOpdInfo[j].kind == Kind::Enum && alike(*kOpdInfo[j].table, *oi.table);
    if (!seen) visit(*oi.table);
  }
}

inline constexpr Sizes kSpellSizes = [] {
  Sizes z;
  for_each_table([&z](const EnumTable& t) {
    z.steps += t.values.size();
    for (const Spelling& sp : t.values) z.chars += sp.text.size();
  });
  return z;
}();

struct Spellings {
  std::array<SpellText, kSpellSizes.steps> texts{};  // table after table, indexed by value
  std::array<char, kSpellSizes.chars + 32> pool{};   // padded: the printer copies 32 characters of each spelling
};
inline constexpr Spellings kSpellings = [] {
  Spellings out;
  std::size_t nt = 0, nc = 0;
  for_each_table([&](const EnumTable& t) {
    for (const Spelling& sp : t.values) {
      out.texts[nt++] = SpellText{static_cast<uint16_t>(nc), static_cast<uint8_t>(sp.text.size())};
      for (char c : sp.text) out.pool[nc++] = c;
    }
  });
  return out;
}();
static_assert(kSpellSizes.chars < 65536 && kSpellSizes.steps < 65536);
static_assert([] {
  for (const SpellText& t : kSpellings.texts)
    if (t.n > 32) return false;
  return true;
}(), "a spelling is longer than the 32 characters the printer copies");

// Where the spellings of each enumerated operand's table (or of a table alike) start in kSpellings.texts,
// indexed like kOpdInfo. Computed once: looking it up per template slot made the plans too costly for clang's
// constexpr step limit.
inline constexpr std::array<uint16_t, kNumOpds> kSpellBase = [] {
  std::array<uint16_t, kNumOpds> base{};
  std::size_t at = 0;
  for (std::size_t i = 0; i < kOpdInfo.size(); ++i) {
    const OpdInfo& oi = kOpdInfo[i];
    if (oi.kind != Kind::Enum) continue;
    bool seen = false;
    for (std::size_t j = 0; j < i && !seen; ++j)
      if (kOpdInfo[j].kind == Kind::Enum && alike(*kOpdInfo[j].table, *oi.table)) {
        base[i] = base[j];
        seen = true;
      }
    if (seen) continue;
    base[i] = static_cast<uint16_t>(at);
    at += oi.table->values.size();
  }
  return base;
}();

inline constexpr std::size_t kPad = 16;  // the pool ends in this many spare characters: texts are copied 16 at a time

// Mirrors PrintContext::reuse_bit: an explicit {x@N}, else the register's operand position (bits 8, 20, 39).
constexpr int8_t reuse_flag(const Form& f, const Slot& s, const Field& fd) {
  if (!decodes_reuse(f.sched)) return -1;
  if (s.reuse >= 0) return s.reuse;
  switch (fd.parts[0].lo) {
    case 8: return 0;
    case 20: return 1;
    case 39: return 2;
    default: return -1;
  }
}

// Compiles form `fi`, handing steps to `step(Step)` and literal characters to `chr(char)` (which returns the
// offset the character lands at).
template <typename StepFn, typename CharFn>
constexpr void compile(std::size_t fi, StepFn&& step, CharFn&& chr) {
  const Form& f = kForms[fi];
  const Syntax& s = kSyntax[fi];
  bool in_text = false;  // the last step is a Text step that can grow
  Step pending;
  auto flush = [&] {
    if (in_text) step(pending);
    in_text = false;
  };
  auto text = [&](std::string_view t) {
    for (char c : t) {
      const std::size_t at = chr(c);
      if (!in_text || pending.n == 255) {
        flush();
        pending = Step{};
        pending.op = Op::Text;
        pending.text = static_cast<uint16_t>(at);
        in_text = true;
      }
      ++pending.n;
    }
  };
  auto emit = [&](Step st) {
    flush();
    step(st);
  };
  // A plain slot becomes a typed step; anything else (or the 32-bit immediate at bit 20, which relocations may
  // replace by a symbol: see plain_print) calls its kind.
  auto slot_step = [&](const Slot& sl, uint8_t index, bool in_mnemonic) {
    Step st;
    st.op = Op::Kind;
    st.slot = index;
    st.slot_ptr = &sl;
    st.ops = kKindOps[static_cast<std::size_t>(sl.fn)];
    st.b = in_mnemonic ? 1 : 0;
    if (sl.fn == Fn::PNeg) {
      st.op = Op::PNeg;
      st.a = static_cast<uint8_t>(sl.args[0]);
      st.b = sl.args[1];
      return st;
    }
    if (sl.fn != Fn::Plain) return st;
    const Field& fd = field(f.format[static_cast<std::size_t>(sl.args[0])]);
    const OpdInfo& oi = info(fd.opd);
    if (oi.kind == Kind::UImm && fd.parts[0].lo == 20 && fd.width() == 32) return st;
    st.a = static_cast<uint8_t>(sl.args[0]);
    st.b = -1;
    st.n = static_cast<uint8_t>(fd.width());
    switch (oi.kind) {
      case Kind::Gpr:
        st.op = Op::Reg;
        st.b = in_mnemonic ? int8_t{-1} : reuse_flag(f, sl, fd);
        break;
      case Kind::Pred: st.op = Op::Pred; break;
      case Kind::Enum:
        st.op = Op::Spell;
        st.table = oi.table;
        st.text = kSpellBase[static_cast<std::size_t>(fd.opd)];
        break;
      case Kind::UImm: st.op = Op::Hex; break;
      case Kind::SImm: st.op = Op::SHex; break;
    }
    return st;
  };

  // Composite operands that are a register with flags around it become plain steps too: the kinds listed here print
  // exactly these characters (their print functions in the family files), and the printer then makes no call for
  // them. Register forms only: constant banks and immediates stay with their kinds.
  auto flag = [&](int8_t a, int8_t eq, std::string_view t) {
    flush();
    Step st;
    st.op = Op::Flag;
    st.a = static_cast<uint8_t>(a);
    st.b = eq;
    st.n = static_cast<uint8_t>(t.size());
    for (std::size_t k = 0; k < t.size(); ++k) {
      const std::size_t at = chr(t[k]);
      if (k == 0) st.text = static_cast<uint16_t>(at);
    }
    step(st);
  };
  auto lowered = [&](const Slot& sl, bool in_mnemonic) {
    if (sl.fn == Fn::Phase) {
      Step st;
      st.op = Op::Phase;
      emit(st);
      return true;
    }
    if (in_mnemonic || sl.optional || sl.args[0] < 0) return false;
    const Field& fd = field(f.format[static_cast<std::size_t>(sl.args[0])]);
    const OpdInfo& oi = info(fd.opd);
    // The operand's core, as core_of() in float_alu.cpp and int_alu.cpp tells it; float immediates stay with
    // their kinds.
    const bool gpr = oi.kind == Kind::Gpr, spaced = fd.opd == Opd::xmad_cb;
    const bool cbuf = fd.opd == Opd::fa_cb || fd.opd == Opd::ia_cb || spaced || fd.opd == Opd::cm_cbuf;
    const bool imm = !gpr && !cbuf && (oi.kind == Kind::SImm || oi.kind == Kind::UImm);
    const int8_t x = sl.args[0], a1 = sl.args[1], a2 = sl.args[2];
    const int8_t reuse = gpr ? reuse_flag(f, sl, fd) : int8_t{-1};
    // The operand itself; a register's .reuse with it or (with_reuse false) in a later Reuse step.
    auto value = [&](bool with_reuse) {
      Step st;
      st.a = static_cast<uint8_t>(x);
      st.n = static_cast<uint8_t>(fd.width());
      st.op = gpr ? Op::Reg : cbuf ? Op::Cbuf : oi.kind == Kind::SImm ? Op::SHex : Op::Hex;
      st.b = gpr ? (with_reuse ? reuse : int8_t{-1}) : static_cast<int8_t>(spaced ? 1 : 0);
      emit(st);
    };
    auto reuse_step = [&] {
      Step st;
      st.op = Op::Reuse;
      st.b = reuse;
      if (reuse >= 0) emit(st);
    };
    auto spell = [&](int8_t arg) {
      Step st;
      st.op = Op::Spell;
      st.a = static_cast<uint8_t>(arg);
      st.text = kSpellBase[static_cast<std::size_t>(field(f.format[static_cast<std::size_t>(arg)]).opd)];
      emit(st);
    };
    // print_operand (int_alu.cpp): a sign before a register or constant, after an immediate (".NEG", ".INV"), and
    // the sub-word part before .reuse.
    auto ia = [&](int8_t sign_arg, int8_t eq, char sign, int8_t part_arg) {
      if (!gpr && !cbuf && !imm) return false;
      if (sign_arg >= 0 && !imm) flag(sign_arg, eq, sign == '-' ? "-" : "~");
      if (part_arg < 0) {
        value(true);
      } else {
        value(false);
        spell(part_arg);
        reuse_step();
      }
      if (sign_arg >= 0 && imm) flag(sign_arg, eq, sign == '-' ? ".NEG" : ".INV");
      return true;
    };
    switch (sl.fn) {
      case Fn::FaRdCC:  // fa_rdcc / ia_cc / cm_rdcc: "R2.CC", never reused (a destination)
      case Fn::IaCC:
      case Fn::CmRdCC:
        if (!gpr) return false;
        value(false);
        flag(a1, -1, ".CC");
        return true;
      case Fn::CmCbuf:
        if (!cbuf) return false;
        value(false);
        return true;
      // print_source (float_alu.cpp): -|R2|.reuse, -|c[0x2][0x8]|
      case Fn::FaSrc:
        if (!gpr && !cbuf) return false;
        value(true);
        return true;
      case Fn::FaNeg:
      case Fn::FaAcc:
        if (!gpr && !cbuf) return false;
        flag(a1, -1, "-");
        value(true);
        return true;
      case Fn::FaNegAbs:
        if (!gpr && !cbuf) return false;
        flag(a1, -1, "-");
        flag(a2, -1, "|");
        value(false);
        flag(a2, -1, "|");
        reuse_step();
        return true;
      case Fn::IaOp: return ia(-1, -1, 0, -1);
      case Fn::IaNeg: return ia(a1, -1, '-', -1);
      case Fn::IaInv: return ia(a1, -1, '~', -1);
      case Fn::IaNegA: return ia(a1, static_cast<int8_t>(IaPSign::NegA), '-', -1);
      case Fn::IaNegB: return ia(a1, static_cast<int8_t>(IaPSign::NegSecond), '-', -1);
      case Fn::IaPart: return ia(-1, -1, 0, a1);
      case Fn::IaNegPart: return ia(a1, -1, '-', a2);
      default: return false;
    }
  };

  const int pg = f.slot(Opd::pg), pg_neg = f.slot(Opd::pg_neg);
  if (pg >= 0) {
    Step g;
    g.op = Op::Guard;
    g.a = static_cast<uint8_t>(pg);
    g.b = static_cast<int8_t>(pg_neg);
    emit(g);
  }
  for (std::size_t i = 0; i < s.npieces; ++i) {
    const Piece& p = s.pieces[i];
    if (!p.is_slot) text(p.literal);
    else if (!lowered(p.slot, true)) emit(slot_step(p.slot, static_cast<uint8_t>(i), true));
  }
  // Separators: while every operand so far is required, whether an operand is the first one printed is known
  // here and its separator is literal text; after an optional operand it is decided when printing.
  bool static_sep = true;
  bool printed_before = false;  // some required operand precedes (a Sep then always writes ", ")
  auto sep = [&] {
    if (static_sep) return text(printed_before ? ", " : " ");
    Step st;
    st.op = Op::Sep;
    st.b = printed_before ? 1 : 0;
    emit(st);
  };
  for (std::size_t i = 0; i < s.nitems; ++i) {
    const Item& it = s.items[i];
    const Step operand = it.has_slot ? slot_step(it.slot, static_cast<uint8_t>(i), false) : Step{};
    if (it.has_slot && it.slot.optional) {
      static_sep = false;
      // Skipped when left out: the separator, the prefix, the operand and the suffix, one step each.
      Step skip;
      skip.n = static_cast<uint8_t>(2 + (it.prefix.empty() ? 0 : 1) + (it.suffix.empty() ? 0 : 1));
      if (operand.op == Op::Kind || operand.op == Op::PNeg) {  // composites say themselves when they are left out
        skip.op = Op::SkipIfOmitted;
        skip.slot = static_cast<uint8_t>(i);
        skip.slot_ptr = operand.slot_ptr;
        skip.ops = operand.ops;
      } else {
        skip.op = Op::SkipIfDefault;
        skip.a = operand.a;
        skip.kind = info(field(f.format[operand.a]).opd).kind;
      }
      emit(skip);
      sep();
      if (!it.prefix.empty()) {
        text(it.prefix);
        flush();
      }
      emit(operand);
      if (!it.suffix.empty()) {
        text(it.suffix);
        flush();
      }
      continue;
    }
    sep();
    text(it.prefix);
    if (it.has_slot && !lowered(it.slot, false)) emit(operand);
    text(it.suffix);
    printed_before = true;
  }
  flush();
}

constexpr Sizes sizes() {
  Sizes z;
  for (std::size_t i = 0; i < kForms.size(); ++i)
    compile(i, [&z](const Step&) { ++z.steps; }, [&z](char) { return z.chars++; });
  return z;
}
inline constexpr Sizes kSizes = sizes();
static_assert(kSizes.chars + kPad < 65536, "the print-plan pool outgrew its 16-bit offsets");

struct Plans {
  std::array<uint16_t, kForms.size() + 1> begin{};  // form i's steps: steps[begin[i] .. begin[i + 1])
  std::array<Step, kSizes.steps> steps{};
  std::array<char, kSizes.chars + kPad> pool{};
};

inline constexpr Plans kPlans = [] {
  Plans p;
  std::size_t ns = 0, nc = 0;
  for (std::size_t i = 0; i < kForms.size(); ++i) {
    p.begin[i] = static_cast<uint16_t>(ns);
    compile(i, [&](const Step& st) { p.steps[ns++] = st; }, [&](char c) {
      p.pool[nc] = c;
      return nc++;
    });
  }
  p.begin[kForms.size()] = static_cast<uint16_t>(ns);
  return p;
}();
static_assert(kSizes.steps < 65536);

}  // namespace tmu::isa::sm50::plan
