// SPDX-License-Identifier: MIT
#include "isa/sm50/printer.h"

#include <utility>

#include "isa/sm50/kinds.h"
#include "isa/sm50/print_plan.h"

namespace tmu::isa::sm50 {
namespace {

// Each row's plan is turned into its own straight-line function when tmu is built: the steps are template
// arguments, so there is no loop or switch over them when printing (with 287 rows in random order, the step
// dispatch of an interpreter is mispredicted on most steps). The plain steps write through a cursor `p` that
// stays in a register: writing through TextOut would store and reload its position at every step (characters
// may alias it), a chain of store-to-load delays. Composite kinds get the TextOut, the cursor is re-read after.
struct Ctx {
  const Instruction& inst;
  TextOut& out;
  const LabelMap* labels;
  bool first = true;  // no operand printed yet (for Sep steps)
};

// The most characters a plain step writes (including scratch beyond what it keeps); Kind steps write through
// TextOut and need none.
constexpr std::size_t footprint(const plan::Step& st) {
  switch (st.op) {
    case plan::Op::Text: return std::size_t{st.n} + 16;
    case plan::Op::Spell: return 255 + 16;
    default: return 32;
  }
}

// Room for the plain steps of [I, End), which run without a bounds check.
template <std::size_t I, std::size_t End>
constexpr std::size_t room() {
  std::size_t n = 0;
  for (std::size_t k = I; k < End; ++k) n += footprint(plan::kPlans.steps[k]);
  return n;
}
constexpr std::size_t kMaxRoom = [] {
  std::size_t m = 0;
  for (std::size_t f = 0; f < kForms.size(); ++f) {
    std::size_t n = 0;
    for (std::size_t k = plan::kPlans.begin[f]; k < plan::kPlans.begin[f + 1]; ++k) n += footprint(plan::kPlans.steps[k]);
    m = n > m ? n : m;
  }
  return m;
}();

// Copies n characters (n <= 16) from a padded pool: always 16.
[[gnu::always_inline]] inline char* put16(char* p, const char* s, std::size_t n) {
  std::memcpy(p, s, 16);
  return p + n;
}

[[gnu::always_inline]] inline char* put_pool(char* p, const char* s, std::size_t n) {
  if (n <= 16) return put16(p, s, n);
  std::memcpy(p, s, n);
  return p + n;
}

[[gnu::always_inline]] inline char* put_name(char* p, const ShortName& nm) {
  std::memcpy(p, nm.text.data(), 4);
  return p + nm.n;
}

// Inlined into print_form, so that `p` stays in a register.
#define TMU_INLINE [[gnu::always_inline]] inline

template <std::size_t I>
TMU_INLINE void step(Ctx& c, char*& p) {
  constexpr plan::Step st = plan::kPlans.steps[I];
  const Instruction& inst = c.inst;
  if constexpr (st.op == plan::Op::Text) {
    p = put_pool(p, plan::kPlans.pool.data() + st.text, st.n);
  } else if constexpr (st.op == plan::Op::Guard) {
    const uint32_t pg = inst.value(st.a);
    const bool neg = st.b >= 0 && inst.value(static_cast<std::size_t>(st.b)) != 0;
    if (pg == Pred::kPT && !neg) return;
    std::memcpy(p, "@!", 2);
    p += neg ? 2 : 1;
    if (pg < kPredNames.size()) p = put_name(p, kPredNames[pg]);
    else p = put_name(p, short_name('P', pg % 1000));  // a guard field holds 3 bits: never taken
    *p++ = ' ';
  } else if constexpr (st.op == plan::Op::Sep) {
    std::memcpy(p, ", ", 2);
    if constexpr (st.b == 1) p += 2;
    else p = c.first ? (*p = ' ', p + 1) : p + 2;
    c.first = false;
  } else if constexpr (st.op == plan::Op::Reg) {
    const uint32_t v = inst.value(st.a);
    if (v < kRegNames.size()) p = put_name(p, kRegNames[v]);
    else p = put_name(p, short_name('R', v % 1000));  // a register field holds 8 bits: never taken
    if constexpr (st.b >= 0) {
      // Without a branch: the reuse bits are as good as random.
      std::memcpy(p, ".reuse\0\0", 8);
      p += ((inst.ctrl.reuse >> st.b) & 1u) * 6u;
    }
  } else if constexpr (st.op == plan::Op::Pred) {
    const uint32_t v = inst.value(st.a);
    p = put_name(p, v < kPredNames.size() ? kPredNames[v] : short_name('P', v % 1000));
  } else if constexpr (st.op == plan::Op::PNeg) {
    const uint32_t v = inst.value(st.a);
    *p = '!';
    p += inst.value(static_cast<std::size_t>(st.b)) != 0 ? 1 : 0;
    p = put_name(p, v < kPredNames.size() ? kPredNames[v] : short_name('P', v % 1000));
  } else if constexpr (st.op == plan::Op::Spell) {
    const plan::SpellText& t = plan::kSpellings.texts[st.text + inst.value(st.a)];
    p = put_pool(p, plan::kSpellings.pool.data() + t.at, t.n);
  } else if constexpr (st.op == plan::Op::Hex) {
    std::memcpy(p, "0x", 2);
    p = put_hex_digits(p + 2, inst.value(st.a));
  } else if constexpr (st.op == plan::Op::SHex) {
    const int64_t v = sign_extend(inst.value(st.a), st.n);
    *p = '-';
    p += v < 0 ? 1 : 0;
    std::memcpy(p, "0x", 2);
    p = put_hex_digits(p + 2, static_cast<uint32_t>(v < 0 ? -v : v));
  } else if constexpr (st.op == plan::Op::Kind) {
    c.out.commit(p);
    st.ops->print(PrintContext{inst, inst.form(), *st.slot_ptr, st.b == 1, c.labels}, c.out);
    p = c.out.cursor(kMaxRoom);
  }
}

// Whether the optional operand that step I guards is left out.
template <std::size_t I>
TMU_INLINE bool left_out(const Ctx& c) {
  constexpr plan::Step st = plan::kPlans.steps[I];
  if constexpr (st.op == plan::Op::SkipIfDefault) return c.inst.value(st.a) == default_value(st.kind);
  else return st.ops->omitted && st.ops->omitted(PrintContext{c.inst, c.inst.form(), *st.slot_ptr, false, c.labels});
}

// Steps [I, End).
template <std::size_t I, std::size_t End>
TMU_INLINE void run(Ctx& c, char*& p) {
  if constexpr (I < End) {
    constexpr plan::Step st = plan::kPlans.steps[I];
    if constexpr (st.op == plan::Op::SkipIfDefault || st.op == plan::Op::SkipIfOmitted) {
      if (!left_out<I>(c)) run<I + 1, I + 1 + st.n>(c, p);
      run<I + 1 + st.n, End>(c, p);
    } else {
      step<I>(c, p);
      run<I + 1, End>(c, p);
    }
  }
}

template <std::size_t F>
void print_form(Ctx& c) {
  constexpr std::size_t begin = plan::kPlans.begin[F], end = plan::kPlans.begin[F + 1];
  char* p = c.out.cursor(room<begin, end>());
  run<begin, end>(c, p);
  c.out.commit(p);
}

#undef TMU_INLINE

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
