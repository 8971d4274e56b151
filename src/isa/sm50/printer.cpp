// SPDX-License-Identifier: MIT
#include "isa/sm50/printer.h"

#include "isa/sm50/compiled.h"
#include "isa/sm50/kinds.h"

namespace tmu::isa::sm50 {

void print(const Instruction& inst, std::string& out, const LabelMap* labels) {
  const Form& form = inst.form();
  // Some forms have no guard predicate (CAL, SSY, ...: the bits are ignored).
  if (inst.has(Opd::pg) && (!inst.guard().is_pt() || inst.guard_negated())) {
    out += inst.guard_negated() ? "@!" : "@";
    append_pred(out, inst.guard().index);
    out += ' ';
  }
  const Syntax& s = syntax_of(form);
  for (std::size_t i = 0; i < s.npieces; ++i) {
    const Piece& p = s.pieces[i];
    if (p.is_slot) kind_ops(p.slot.fn).print(PrintContext{inst, form, p.slot, true, labels}, out);
    else out += p.literal;
  }
  bool first = true;
  for (std::size_t i = 0; i < s.nitems; ++i) {
    const Item& it = s.items[i];
    if (it.has_slot && it.slot.optional) {
      const KindOps& k = kind_ops(it.slot.fn);
      if (k.omitted && k.omitted(PrintContext{inst, form, it.slot, false, labels})) continue;
    }
    out += first ? " " : ", ";
    first = false;
    out += it.prefix;
    if (it.has_slot) kind_ops(it.slot.fn).print(PrintContext{inst, form, it.slot, false, labels}, out);
    out += it.suffix;
  }
}

std::string to_string(const Instruction& inst) {
  std::string s;
  print(inst, s);
  return s;
}

}  // namespace tmu::isa::sm50
