// SPDX-License-Identifier: MIT
// Composite slot kinds of the integer ALU family (declared in int_alu.inc). Research note int-alu.md, section 1:
// nvdisasm decorates a source operand in a fixed order: sign prefix ('-' or '~'), the operand, its sub-word part
// (.H0/.H1), .reuse, and for immediates the negation or inversion as a suffix (.NEG/.INV) instead of the prefix.
#include <fmt/format.h>

#include "isa/sm50/compiled.h"
#include "isa/sm50/kinds.h"
#include "isa/sm50/parser.h"

namespace tmu::isa::sm50 {
namespace {

constexpr std::string_view kReuse = ".reuse";

// What the first argument of a decorated-operand kind holds.
enum class Core : uint8_t { Reg, Cbuf, CbufSpaced, SImm, UImm };

Core core_of(const Field& f) {
  const OpdInfo& oi = info(f.opd);
  if (oi.kind == Kind::Gpr) return Core::Reg;
  if (f.opd == Opd::ia_cb) return Core::Cbuf;
  if (f.opd == Opd::xmad_cb) return Core::CbufSpaced;
  return oi.kind == Kind::SImm ? Core::SImm : Core::UImm;
}

bool is_imm(Core c) { return c == Core::SImm || c == Core::UImm; }


// ---- the decorated operand ------------------------------------------------------------------------------

struct Decor {
  char sign = 0;      // '-' or '~'; 0: the operand takes none
  bool on = false;    // printing: the sign applies
  int part_arg = -1;  // argument holding the sub-word part, or -1
};

void print_operand(const PrintContext& c, const Decor& d, TextOut& out) {
  const Field& f = c.field(0);
  const Core core = core_of(f);
  const uint32_t v = c.val(0);
  if (d.on && !is_imm(core)) out += d.sign;
  switch (core) {
    case Core::Reg: append_reg(out, v); break;
    case Core::Cbuf: append_cbuf(c, out, v, false); break;
    case Core::CbufSpaced: append_cbuf(c, out, v, true); break;
    case Core::SImm: append_signed_hex(out, sign_extend(v, f.width())); break;
    case Core::UImm: append_hex(out, v); break;
  }
  if (d.part_arg >= 0) out += info(c.field(d.part_arg).opd).table->values[c.val(d.part_arg)].text;
  if (core == Core::Reg && c.reused(0)) out += kReuse;
  if (d.on && is_imm(core)) out += d.sign == '-' ? ".NEG" : ".INV";
}

// Parses a decorated operand; `signed_out` says whether the sign (prefix or suffix) was written.
bool parse_operand(ParseContext& c, const Decor& d, std::string_view t, bool& signed_out) {
  const Field& f = c.field(0);
  const Core core = core_of(f);
  signed_out = false;
  if (d.sign != 0) {
    if (is_imm(core)) {
      const std::string_view suffix = d.sign == '-' ? ".NEG" : ".INV";
      if (t.ends_with(suffix)) {
        t.remove_suffix(suffix.size());
        signed_out = true;
      }
    } else if (t.starts_with(d.sign)) {
      t.remove_prefix(1);
      signed_out = true;
    }
  }
  if (core == Core::Reg && t.ends_with(kReuse)) {
    const int rb = c.reuse_bit(0);
    if (c.form.sched != Sched::Fixed || rb < 0) return c.fail("this operand cannot be marked .reuse");
    c.reuse = static_cast<uint8_t>(c.reuse | (1u << rb));
    t.remove_suffix(kReuse.size());
  }
  if (d.part_arg >= 0) {
    const EnumTable& tab = *info(c.field(d.part_arg).opd).table;
    uint32_t part = 0;
    std::size_t best = 0;
    for (std::size_t v = 0; v < tab.values.size(); ++v) {
      const std::string_view sp = tab.values[v].text;
      if (!sp.empty() && sp.size() > best && t.ends_with(sp)) {
        best = sp.size();
        part = static_cast<uint32_t>(v);
      }
    }
    t.remove_suffix(best);
    c.set(d.part_arg, part);
  }
  switch (core) {
    case Core::Reg: {
      const auto r = parse_reg(t);
      if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ), got '{}'", t));
      // A destination printed again as a source (IMAD32I's operand C) must name the same register.
      if (f.opd == Opd::rd && c.val(0) != *r) return c.fail("operand C of IMAD32I must repeat the destination register");
      c.set(0, *r);
      return true;
    }
    case Core::Cbuf:
    case Core::CbufSpaced: {
      const auto v = parse_cbuf(t);
      if (!v) return c.fail(fmt::format("expected a constant c[bank][byte offset], got '{}'", t));
      c.set(0, *v);
      return true;
    }
    case Core::SImm:
    case Core::UImm: {
      const auto v = parse_immediate(c, t, f.width(), core == Core::SImm);
      if (!v) return false;
      c.set(0, static_cast<uint32_t>(*v));
      return true;
    }
  }
  return false;
}

// ia_op(x): no decoration.
void op_print(const PrintContext& c, TextOut& out) { print_operand(c, Decor{}, out); }
bool op_parse(ParseContext& c, std::string_view t) {
  bool s = false;
  return parse_operand(c, Decor{}, t, s);
}

// ia_neg(x, n) / ia_inv(x, n) / ia_negpart(x, n, part): an independent sign bit.
template <char Sign, int PartArg>
void flag_print(const PrintContext& c, TextOut& out) {
  print_operand(c, Decor{Sign, c.val(1) != 0, PartArg}, out);
}
template <char Sign, int PartArg>
bool flag_parse(ParseContext& c, std::string_view t) {
  bool s = false;
  if (!parse_operand(c, Decor{Sign, false, PartArg}, t, s)) return false;
  c.set(1, s ? 1 : 0);
  return true;
}

// ia_part(x, part): a sub-word part, no sign.
void part_print(const PrintContext& c, TextOut& out) { print_operand(c, Decor{0, false, 1}, out); }
bool part_parse(ParseContext& c, std::string_view t) {
  bool s = false;
  return parse_operand(c, Decor{0, false, 1}, t, s);
}

// ia_nega(x, psign) / ia_negb(x, psign): the operand is negated when the pair holds `Neg` (NegA or NegSecond);
// both bits set is .PO, printed in the mnemonic. The parser narrows the pair's candidates, so that "-Ra, -Rb" or
// ".PO ... -Ra" find no encoding.
template <IaPSign Neg>
void psign_print(const PrintContext& c, TextOut& out) {
  print_operand(c, Decor{'-', c.val(1) == static_cast<uint32_t>(Neg), -1}, out);
}
template <IaPSign Neg>
bool psign_parse(ParseContext& c, std::string_view t) {
  bool s = false;
  if (!parse_operand(c, Decor{'-', false, -1}, t, s)) return false;
  const uint64_t neg = uint64_t{1} << static_cast<unsigned>(Neg);
  c.cand[c.index(1)] &= s ? neg : ~neg;  // the pair's value is chosen once the whole statement is read
  return true;
}

// ia_signs16(a, b) / ia_signs32(a, b): the two signedness flags as one pair of modifiers (.S16.U16, .U32.S32),
// left out when both hold `Default`.
template <uint32_t Default>
void signs_print(const PrintContext& c, TextOut& out) {
  if (c.val(0) == Default && c.val(1) == Default) return;
  out += info(c.field(0).opd).table->values[c.val(0)].text;
  out += info(c.field(1).opd).table->values[c.val(1)].text;
}
template <uint32_t Default>
int signs_parse_modifier(ParseContext& c, std::string_view mnem, std::size_t pos) {
  uint64_t ma = 0, mb = 0;
  const int na = match_spelling(*info(c.field(0).opd).table, mnem, pos, ma);
  if (na <= 0) {
    c.set(0, Default);
    c.set(1, Default);
    return 0;
  }
  const int nb = match_spelling(*info(c.field(1).opd).table, mnem, pos + static_cast<std::size_t>(na), mb);
  if (nb <= 0) return c.fail("signedness modifiers come in pairs (.U32.S32, .S16.U16 ...)"), kNoMatch;
  c.set(0, static_cast<uint32_t>(std::countr_zero(ma)));
  c.set(1, static_cast<uint32_t>(std::countr_zero(mb)));
  return na + nb;
}

// ia_ximm(imm, sb): XMAD's 16-bit immediate, read as signed when B is signed (section 1.5).
void ximm_print(const PrintContext& c, TextOut& out) {
  if (c.val(1)) append_signed_hex(out, sign_extend(c.val(0), 16));
  else append_hex(out, c.val(0));
}
bool ximm_parse(ParseContext& c, std::string_view t) {
  const auto v = parse_integer(t);
  if (!v || *v < -0x8000 || *v > 0xffff) return c.fail(fmt::format("expected a 16-bit immediate, got '{}'", t));
  if (*v < 0 && c.val(1) == 0) return c.fail("a negative XMAD immediate needs a signed B (.U16.S16 or .S16.S16)");
  c.set(0, static_cast<uint32_t>(*v & 0xffff));
  return true;
}

// ia_hex(x): a hex number; with '?' it is left out when zero (LEA / LEA.HI shift).
void hex_print(const PrintContext& c, TextOut& out) { append_hex(out, c.val(0)); }
bool hex_omitted(const PrintContext& c) { return c.val(0) == 0; }
bool hex_parse(ParseContext& c, std::string_view t) {
  const auto v = parse_integer(t);
  if (!v || *v < 0 || static_cast<uint64_t>(*v) > low_mask(c.field(0).width()))
    return c.fail(fmt::format("expected a number of {} bits, got '{}'", c.field(0).width(), t));
  c.set(0, static_cast<uint32_t>(*v));
  return true;
}
void hex_default(ParseContext& c) { c.set(0, 0); }

// ia_spc(c, a, b): IMADSP's C type; its sign letter is S when A or B is signed (bit 0 of their types).
char spc_letter(uint32_t a, uint32_t b) { return ((a | b) & 1) != 0 ? 'S' : 'U'; }
void spc_print(const PrintContext& c, TextOut& out) {
  out += '.';
  out += spc_letter(c.val(1), c.val(2));
  out += info(c.field(0).opd).table->values[c.val(0)].text;
}
int spc_parse_modifier(ParseContext& c, std::string_view mnem, std::size_t pos) {
  const char want = spc_letter(c.val(1), c.val(2));
  if (mnem.substr(pos, 2) != std::string{'.', want})
    return c.fail(fmt::format("IMADSP's C type must be .{}32, .{}24 or .{}16H0 here", want, want, want)), kNoMatch;
  const EnumTable& tab = *info(c.field(0).opd).table;
  for (std::size_t v = 0; v < tab.values.size(); ++v)
    if (!tab.values[v].rejected && spelled_at(mnem, pos + 2, tab.values[v].text)) {
      c.set(0, static_cast<uint32_t>(v));
      return static_cast<int>(2 + tab.values[v].text.size());
    }
  return c.fail("unknown IMADSP C type"), kNoMatch;
}

// ia_cc(rd, cc): the destination with .CC.
void cc_print(const PrintContext& c, TextOut& out) {
  append_reg(out, c.val(0));
  if (c.val(1)) out += ".CC";
}
bool cc_parse(ParseContext& c, std::string_view t) {
  const bool cc = t.ends_with(".CC");
  if (cc) t.remove_suffix(3);
  const auto r = parse_reg(t);
  if (!r) return c.fail(fmt::format("expected a register (R0..R254, RZ) with optional .CC, got '{}'", t));
  c.set(0, *r);
  c.set(1, cc ? 1 : 0);
  return true;
}

}  // namespace

const KindOps kIaCCKind{cc_print, nullptr, cc_parse, nullptr, nullptr};
const KindOps kIaOpKind{op_print, nullptr, op_parse, nullptr, nullptr};
const KindOps kIaNegKind{flag_print<'-', -1>, nullptr, flag_parse<'-', -1>, nullptr, nullptr};
const KindOps kIaInvKind{flag_print<'~', -1>, nullptr, flag_parse<'~', -1>, nullptr, nullptr};
const KindOps kIaNegAKind{psign_print<IaPSign::NegA>, nullptr, psign_parse<IaPSign::NegA>, nullptr, nullptr};
const KindOps kIaNegBKind{psign_print<IaPSign::NegSecond>, nullptr, psign_parse<IaPSign::NegSecond>, nullptr, nullptr};
const KindOps kIaPartKind{part_print, nullptr, part_parse, nullptr, nullptr};
const KindOps kIaNegPartKind{flag_print<'-', 2>, nullptr, flag_parse<'-', 2>, nullptr, nullptr};
const KindOps kIaSigns16Kind{signs_print<0>, nullptr, nullptr, signs_parse_modifier<0>, nullptr};
const KindOps kIaSigns32Kind{signs_print<1>, nullptr, nullptr, signs_parse_modifier<1>, nullptr};
const KindOps kIaXImmKind{ximm_print, nullptr, ximm_parse, nullptr, nullptr};
const KindOps kIaHexKind{hex_print, hex_omitted, hex_parse, nullptr, hex_default};
const KindOps kIaSpCKind{spc_print, nullptr, nullptr, spc_parse_modifier, nullptr};

}  // namespace tmu::isa::sm50
