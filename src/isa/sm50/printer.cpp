// SPDX-License-Identifier: MIT
#include "isa/sm50/printer.h"

#include "isa/sm50/compiled.h"
#include "isa/sm50/kinds.h"

namespace tmu::isa::sm50 {
namespace {

// What print() needs of a plain slot ({x}), resolved from the table when tmu is built: the common operands
// (registers, predicates, spellings, numbers) then print without walking the field dictionary or calling through
// the kind registry. Anything else (composites, the phase, relocatable immediates) goes through kind_ops().
struct PlainPlan {
  bool fast = false;  // a Plain slot printed here; false: call its KindOps
  Kind kind = Kind::UImm;
  uint8_t index = 0;  // position of the field in the format
  uint8_t width = 0;  // of the field (signed immediates)
  int8_t reuse = -1;  // control-word reuse flag that marks this register .reuse, or -1
  const EnumTable* table = nullptr;
};

struct FormPrintPlan {
  int8_t pg = -1, pg_neg = -1;  // guard predicate slots, or -1 (CAL, SSY, ... have none)
  std::array<PlainPlan, 16> pieces{};
  std::array<PlainPlan, 12> items{};
};

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

constexpr PlainPlan plan_slot(const Form& f, const Slot& s, bool in_mnemonic) {
  PlainPlan p;
  if (s.fn != Fn::Plain) return p;
  const Field& fd = field(f.format[static_cast<std::size_t>(s.args[0])]);
  const OpdInfo& oi = info(fd.opd);
  // A 32-bit immediate in bits 20..51 may print a relocation's symbol (see plain_print): left to the kind.
  if (oi.kind == Kind::UImm && fd.parts[0].lo == 20 && fd.width() == 32) return p;
  p.fast = true;
  p.kind = oi.kind;
  p.index = static_cast<uint8_t>(s.args[0]);
  p.width = static_cast<uint8_t>(fd.width());
  p.reuse = in_mnemonic || oi.kind != Kind::Gpr ? int8_t{-1} : reuse_flag(f, s, fd);
  p.table = oi.table;
  return p;
}

constexpr auto kPrintPlans = [] {
  std::array<FormPrintPlan, kForms.size()> out{};
  for (std::size_t i = 0; i < kForms.size(); ++i) {
    const Form& f = kForms[i];
    const Syntax& s = kSyntax[i];
    out[i].pg = static_cast<int8_t>(f.slot(Opd::pg));
    out[i].pg_neg = static_cast<int8_t>(f.slot(Opd::pg_neg));
    for (std::size_t k = 0; k < s.npieces; ++k)
      if (s.pieces[k].is_slot) out[i].pieces[k] = plan_slot(f, s.pieces[k].slot, true);
    for (std::size_t k = 0; k < s.nitems; ++k)
      if (s.items[k].has_slot) out[i].items[k] = plan_slot(f, s.items[k].slot, false);
  }
  return out;
}();

void print_plain(const PlainPlan& p, const Instruction& inst, TextOut& out) {
  const uint32_t v = inst.value(p.index);
  switch (p.kind) {
    case Kind::Gpr:
      append_reg(out, v);
      if (p.reuse >= 0 && ((inst.ctrl.reuse >> p.reuse) & 1) != 0) out += ".reuse";
      break;
    case Kind::Pred: append_pred(out, v); break;
    case Kind::Enum: out += p.table->values[v].text; break;
    case Kind::UImm: append_hex(out, v); break;
    case Kind::SImm: append_signed_hex(out, sign_extend(v, p.width)); break;
  }
}

}  // namespace

void print(const Instruction& inst, TextOut& out, const LabelMap* labels) {
  const Form& form = inst.form();
  const std::size_t fi = form_index(form);
  const FormPrintPlan& plan = kPrintPlans[fi];
  // Some forms have no guard predicate (CAL, SSY, ...: the bits are ignored).
  if (plan.pg >= 0) {
    const uint32_t pg = inst.value(static_cast<std::size_t>(plan.pg));
    const bool neg = plan.pg_neg >= 0 && inst.value(static_cast<std::size_t>(plan.pg_neg)) != 0;
    if (pg != Pred::kPT || neg) {
      out += neg ? std::string_view("@!") : std::string_view("@");
      append_pred(out, pg);
      out += ' ';
    }
  }
  const Syntax& s = kSyntax[fi];
  for (std::size_t i = 0; i < s.npieces; ++i) {
    const Piece& p = s.pieces[i];
    if (!p.is_slot) out += p.literal;
    else if (plan.pieces[i].fast) print_plain(plan.pieces[i], inst, out);
    else kind_ops(p.slot.fn).print(PrintContext{inst, form, p.slot, true, labels}, out);
  }
  bool first = true;
  for (std::size_t i = 0; i < s.nitems; ++i) {
    const Item& it = s.items[i];
    const PlainPlan& pp = plan.items[i];
    if (it.has_slot && it.slot.optional) {
      if (pp.fast) {
        if (inst.value(pp.index) == default_value(pp.kind)) continue;
      } else {
        const KindOps& k = kind_ops(it.slot.fn);
        if (k.omitted && k.omitted(PrintContext{inst, form, it.slot, false, labels})) continue;
      }
    }
    out += first ? std::string_view(" ") : std::string_view(", ");
    first = false;
    out += it.prefix;
    if (it.has_slot) {
      if (pp.fast) print_plain(pp, inst, out);
      else kind_ops(it.slot.fn).print(PrintContext{inst, form, it.slot, false, labels}, out);
    }
    out += it.suffix;
  }
}

void print(const Instruction& inst, std::string& out, const LabelMap* labels) {
  TextOut t;
  print(inst, t, labels);
  out += t.view();
}

std::string to_string(const Instruction& inst) {
  std::string s;
  print(inst, s);
  return s;
}

}  // namespace tmu::isa::sm50
