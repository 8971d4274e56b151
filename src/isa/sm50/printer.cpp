// SPDX-License-Identifier: MIT
#include "isa/sm50/printer.h"

#include "isa/sm50/kinds.h"
#include "isa/sm50/print_plan.h"

namespace tmu::isa::sm50 {
namespace {

// "R0".."R254", "RZ" and "P0".."P6", "PT" as ready-made texts (up to four characters each).
struct Name {
  std::array<char, 4> text{};
  uint8_t n = 0;
};
constexpr Name numbered(char letter, unsigned v) {
  Name r;
  r.text[r.n++] = letter;
  if (v >= 100) r.text[r.n++] = static_cast<char>('0' + v / 100);
  if (v >= 10) r.text[r.n++] = static_cast<char>('0' + v / 10 % 10);
  r.text[r.n++] = static_cast<char>('0' + v % 10);
  return r;
}
constexpr auto kRegNames = [] {
  std::array<Name, 256> out{};
  for (unsigned v = 0; v < 255; ++v) out[v] = numbered('R', v);
  out[Reg::kRZ] = Name{{'R', 'Z'}, 2};
  return out;
}();
constexpr auto kPredNames = [] {
  std::array<Name, 8> out{};
  for (unsigned v = 0; v < 7; ++v) out[v] = numbered('P', v);
  out[Pred::kPT] = Name{{'P', 'T'}, 2};
  return out;
}();

void put(TextOut& out, const Name& nm) {
  char* p = out.cursor(4);
  std::memcpy(p, nm.text.data(), 4);
  out.advance(nm.n);
}

// Copies plan text: 16 characters at a time (the pool is padded), then keeps n.
void put_text(TextOut& out, const char* s, std::size_t n) {
  if (n > 16) {
    out.append(s, n);
    return;
  }
  std::memcpy(out.cursor(16), s, 16);
  out.advance(n);
}

}  // namespace

void print(const Instruction& inst, TextOut& out, const LabelMap* labels) {
  const Form& form = inst.form();
  const std::size_t fi = form_index(form);
  const Syntax& syn = kSyntax[fi];
  const plan::Plans& pl = plan::kPlans;
  bool first = true;  // no operand printed yet (for Sep steps)
  const plan::Step* end = pl.steps.data() + pl.begin[fi + 1];
  for (const plan::Step* st = pl.steps.data() + pl.begin[fi]; st != end; ++st) {
    switch (st->op) {
      case plan::Op::Text: put_text(out, pl.pool.data() + st->text, st->n); break;
      case plan::Op::Guard: {
        // Forms without a guard field have no Guard step (CAL, SSY, ...: the bits are ignored).
        const uint32_t pg = inst.value(st->a);
        const bool neg = st->b >= 0 && inst.value(static_cast<std::size_t>(st->b)) != 0;
        if (pg == Pred::kPT && !neg) break;
        out += neg ? std::string_view("@!") : std::string_view("@");
        append_pred(out, pg);
        out += ' ';
        break;
      }
      case plan::Op::Sep:
        out += first && st->b == 0 ? std::string_view(" ") : std::string_view(", ");
        first = false;
        break;
      case plan::Op::Reg: {
        const uint32_t v = inst.value(st->a);
        if (v < kRegNames.size()) put(out, kRegNames[v]);
        else append_reg(out, v);
        if (st->b >= 0 && ((inst.ctrl.reuse >> st->b) & 1) != 0) out += std::string_view(".reuse");
        break;
      }
      case plan::Op::Pred: {
        const uint32_t v = inst.value(st->a);
        if (v < kPredNames.size()) put(out, kPredNames[v]);
        else append_pred(out, v);
        break;
      }
      case plan::Op::Spell: out += st->table->values[inst.value(st->a)].text; break;
      case plan::Op::Hex: append_hex(out, inst.value(st->a)); break;
      case plan::Op::SHex: append_signed_hex(out, sign_extend(inst.value(st->a), st->n)); break;
      case plan::Op::Kind: {
        const Slot& slot = st->b == 1 ? syn.pieces[st->slot].slot : syn.items[st->slot].slot;
        kind_ops(slot.fn).print(PrintContext{inst, form, slot, st->b == 1, labels}, out);
        break;
      }
      case plan::Op::SkipIfDefault:
        if (inst.value(st->a) == default_value(st->kind)) st += st->n;
        break;
      case plan::Op::SkipIfOmitted: {
        const Slot& slot = syn.items[st->slot].slot;
        const KindOps& k = kind_ops(slot.fn);
        if (k.omitted && k.omitted(PrintContext{inst, form, slot, false, labels})) st += st->n;
        break;
      }
    }
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
