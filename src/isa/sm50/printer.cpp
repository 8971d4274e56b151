// SPDX-License-Identifier: MIT
#include "isa/sm50/printer.h"

#include <utility>

#include "isa/sm50/kinds.h"
#include "isa/sm50/print_plan.h"

namespace tmu::isa::sm50 {
namespace {

// Copies plan text: 16 characters at a time (the pool is padded), then keeps n.
void put_text(TextOut& out, const char* s, std::size_t n) {
  if (n > 16) {
    out.append(s, n);
    return;
  }
  std::memcpy(out.cursor(16), s, 16);
  out.advance(n);
}

// Each row's plan is turned into its own straight-line function when tmu is built: the steps are template
// arguments, so there is no loop or switch over them when printing (with 287 rows in random order, the step
// dispatch of an interpreter is mispredicted on most steps).
struct Ctx {
  const Instruction& inst;
  TextOut& out;
  const LabelMap* labels;
  bool first = true;  // no operand printed yet (for Sep steps)
};

template <std::size_t I>
void step(Ctx& c) {
  constexpr plan::Step st = plan::kPlans.steps[I];
  const Instruction& inst = c.inst;
  TextOut& out = c.out;
  if constexpr (st.op == plan::Op::Text) {
    if constexpr (st.n <= 16) put_text(out, plan::kPlans.pool.data() + st.text, st.n);
    else out.append(plan::kPlans.pool.data() + st.text, st.n);
  } else if constexpr (st.op == plan::Op::Guard) {
    const uint32_t pg = inst.value(st.a);
    const bool neg = st.b >= 0 && inst.value(static_cast<std::size_t>(st.b)) != 0;
    if (pg == Pred::kPT && !neg) return;
    out += neg ? std::string_view("@!") : std::string_view("@");
    append_pred(out, pg);
    out += ' ';
  } else if constexpr (st.op == plan::Op::Sep) {
    if constexpr (st.b == 1) out += std::string_view(", ");
    else out += c.first ? std::string_view(" ") : std::string_view(", ");
    c.first = false;
  } else if constexpr (st.op == plan::Op::Reg) {
    append_reg(out, inst.value(st.a));
    if constexpr (st.b >= 0) {
      // Without a branch: the reuse bits are as good as random.
      std::memcpy(out.cursor(8), ".reuse\0\0", 8);
      out.advance(((inst.ctrl.reuse >> st.b) & 1u) * 6u);
    }
  } else if constexpr (st.op == plan::Op::Pred) {
    append_pred(out, inst.value(st.a));
  } else if constexpr (st.op == plan::Op::Spell) {
    const plan::SpellText& t = plan::kSpellings.texts[st.text + inst.value(st.a)];
    if (t.n <= 16) put_text(out, plan::kSpellings.pool.data() + t.at, t.n);
    else out.append(plan::kSpellings.pool.data() + t.at, t.n);
  } else if constexpr (st.op == plan::Op::Hex) {
    append_hex(out, inst.value(st.a));
  } else if constexpr (st.op == plan::Op::SHex) {
    append_signed_hex(out, sign_extend(inst.value(st.a), st.n));
  } else if constexpr (st.op == plan::Op::Kind) {
    st.ops->print(PrintContext{inst, inst.form(), *st.slot_ptr, st.b == 1, c.labels}, out);
  }
}

// Whether the optional operand that step I guards is left out.
template <std::size_t I>
bool left_out(const Ctx& c) {
  constexpr plan::Step st = plan::kPlans.steps[I];
  if constexpr (st.op == plan::Op::SkipIfDefault) return c.inst.value(st.a) == default_value(st.kind);
  else return st.ops->omitted && st.ops->omitted(PrintContext{c.inst, c.inst.form(), *st.slot_ptr, false, c.labels});
}

// Steps [I, End).
template <std::size_t I, std::size_t End>
void run(Ctx& c) {
  if constexpr (I < End) {
    constexpr plan::Step st = plan::kPlans.steps[I];
    if constexpr (st.op == plan::Op::SkipIfDefault || st.op == plan::Op::SkipIfOmitted) {
      if (!left_out<I>(c)) run<I + 1, I + 1 + st.n>(c);
      run<I + 1 + st.n, End>(c);
    } else {
      step<I>(c);
      run<I + 1, End>(c);
    }
  }
}

template <std::size_t F>
void print_form(Ctx& c) {
  run<plan::kPlans.begin[F], plan::kPlans.begin[F + 1]>(c);
}

constexpr auto kPrinters = []<std::size_t... F>(std::index_sequence<F...>) {
  return std::array<void (*)(Ctx&), sizeof...(F)>{&print_form<F>...};
}(std::make_index_sequence<kForms.size()>{});

}  // namespace

void print(const Instruction& inst, TextOut& out, const LabelMap* labels) {
  Ctx c{inst, out, labels};
  kPrinters[form_index(inst.form())](c);
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
