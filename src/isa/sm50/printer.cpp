// SPDX-License-Identifier: MIT
#include "isa/sm50/printer.h"

#include <utility>

#include "isa/sm50/codec.h"
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
    case plan::Op::Spell: return 255 + 32;
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

// What a listing line adds around the instruction: its start and its ending (see put_line_start, put_line_end).
constexpr std::size_t kLineRoom = 32 + 4;

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

// The name of register or predicate `v` from a field `width` bits wide: names[v], without a range check when the
// field cannot exceed the table (always, in this table: the fallback only keeps a wider field correct).
template <unsigned Width, std::size_t N>
[[gnu::always_inline]] inline char* put_name(char* p, const std::array<ShortName, N>& names, char letter, uint32_t v) {
  if constexpr ((std::size_t{1} << Width) <= N) return put_name(p, names[v]);
  else return put_name(p, v < N ? names[v] : short_name(letter, v % 1000));
}

// Code that every row shares is called rather than inlined: a listing runs the rows in random order, and each
// row's own code is fetched from beyond the first-level instruction cache, so the less of it the better.

[[gnu::noinline]] char* put_hex(char* p, uint32_t v) {
  std::memcpy(p, "0x", 2);
  return put_hex_digits(p + 2, v);
}

[[gnu::noinline]] char* put_signed_hex(char* p, int64_t v) {
  *p = '-';
  p += v < 0 ? 1 : 0;
  std::memcpy(p, "0x", 2);
  return put_hex_digits(p + 2, static_cast<uint32_t>(v < 0 ? -v : v));
}

// Inlined into print_form, so that `p` stays in a register. Unoptimised builds (the sanitizer and fuzzer build)
// keep the steps as calls: forcing every row's steps into one function there makes the instrumented file take
// minutes to compile, and no register is kept at -O0 anyway.
#if defined(__OPTIMIZE__)
#define TMU_INLINE [[gnu::always_inline]] inline
#else
#define TMU_INLINE inline
#endif

// c[0x3][0x10] (c[0x3] [0x10] when spaced) from bank << 14 | word offset, the offset signed, in bytes.
[[gnu::noinline]] char* put_cbuf(char* p, uint32_t v, bool spaced) {
  std::memcpy(p, "c[", 2);
  p = put_hex(p + 2, v >> 14);
  if (spaced) {
    std::memcpy(p, "] [", 3);
    p += 3;
  } else {
    std::memcpy(p, "][", 2);
    p += 2;
  }
  p = put_signed_hex(p, sign_extend(uint64_t{v & 0x3fffu} << 2, 16));
  *p++ = ']';
  return p;
}

// A composite operand: printed by its kind through TextOut, the cursor handed over and taken back.
// The room asked for after it covers the rest of any row and a listing line's ending.
[[gnu::always_inline]] inline char* kind_step(Ctx& c, char* p, const KindOps& ops, const Slot& slot, bool in_mnemonic) {
  c.out.commit(p);
  ops.print(PrintContext{c.inst, c.inst.form(), slot, in_mnemonic, c.labels}, c.out);
  return c.out.cursor(kMaxRoom + kLineRoom);
}

// A field that a cubin relocation patches prints as its symbol (LabelMap::relocated; `value` is the field as
// printed, the REL addend): c[`(sym)] for a constant operand. False when no relocation patches the field.
[[gnu::noinline]] bool put_relocated(Ctx& c, char*& p, unsigned lo, int64_t value, bool cbuf) {
  const std::optional<std::string> sym = c.labels->relocated(c.inst.address(), lo, value);
  if (!sym) return false;
  c.out.commit(p);
  if (cbuf) c.out += "c[";
  c.out += *sym;
  if (cbuf) c.out += ']';
  p = c.out.cursor(kMaxRoom + kLineRoom);
  return true;
}

[[gnu::always_inline]] inline bool kind_omitted(const Ctx& c, const KindOps& ops, const Slot& slot) {
  return ops.omitted && ops.omitted(PrintContext{c.inst, c.inst.form(), slot, false, c.labels});
}

// kPhaseNames padded for 16-character copies.
struct PhaseText {
  std::array<char, 16> text{};
  std::size_t n = 0;
};
constexpr auto kPhaseTexts = [] {
  std::array<PhaseText, kPhaseNames.size()> out{};
  for (std::size_t i = 0; i < out.size(); ++i) {
    for (std::size_t k = 0; k < kPhaseNames[i].size(); ++k) out[i].text[k] = kPhaseNames[i][k];
    out[i].n = kPhaseNames[i].size();
  }
  return out;
}();
static_assert(kPhaseNames.size() == 4 && kPhaseNames[3].size() <= 16);

// Width of field `a` of row F.
template <std::size_t F, std::size_t A>
constexpr unsigned kWidth = field(kForms[F].format[A]).width();
// Lowest bit of field `a` of row F (where a cubin relocation that patches it starts).
template <std::size_t F, std::size_t A>
constexpr unsigned kLo = field(kForms[F].format[A]).parts[0].lo;

template <std::size_t F, std::size_t I>
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
    p = put_name<kWidth<F, st.a>>(p, kPredNames, 'P', pg);
    *p++ = ' ';
  } else if constexpr (st.op == plan::Op::Sep) {
    std::memcpy(p, ", ", 2);
    if constexpr (st.b == 1) p += 2;
    else p = c.first ? (*p = ' ', p + 1) : p + 2;
    c.first = false;
  } else if constexpr (st.op == plan::Op::Reg) {
    p = put_name<st.n>(p, kRegNames, 'R', inst.value(st.a));
    if constexpr (st.b >= 0) {
      // Without a branch: the reuse bits are as good as random.
      std::memcpy(p, ".reuse\0\0", 8);
      p += ((inst.ctrl.reuse >> st.b) & 1u) * 6u;
    }
  } else if constexpr (st.op == plan::Op::Pred) {
    p = put_name<st.n>(p, kPredNames, 'P', inst.value(st.a));
  } else if constexpr (st.op == plan::Op::PNeg) {
    *p = '!';
    p += inst.value(static_cast<std::size_t>(st.b)) != 0 ? 1 : 0;
    p = put_name<kWidth<F, st.a>>(p, kPredNames, 'P', inst.value(st.a));
  } else if constexpr (st.op == plan::Op::Spell) {
    // Spellings are copied 32 characters at a time (kSpellings.pool is padded): no branch on the length.
    const plan::SpellText& t = plan::kSpellings.texts[st.text + inst.value(st.a)];
    std::memcpy(p, plan::kSpellings.pool.data() + t.at, 32);
    p += t.n;
  } else if constexpr (st.op == plan::Op::Hex) {
    if (c.labels && put_relocated(c, p, kLo<F, st.a>, inst.value(st.a), false)) return;
    p = put_hex(p, inst.value(st.a));
  } else if constexpr (st.op == plan::Op::SHex) {
    if (c.labels && put_relocated(c, p, kLo<F, st.a>, sign_extend(inst.value(st.a), st.n), false)) return;
    p = put_signed_hex(p, sign_extend(inst.value(st.a), st.n));
  } else if constexpr (st.op == plan::Op::Kind) {
    p = kind_step(c, p, *st.ops, *st.slot_ptr, st.b == 1);
  } else if constexpr (st.op == plan::Op::Flag) {
    // Copied whether it is kept or not: no branch on the flag.
    const uint32_t v = inst.value(st.a);
    p = put16(p, plan::kPlans.pool.data() + st.text, (st.b < 0 ? v != 0 : v == static_cast<uint32_t>(st.b)) ? st.n : 0);
  } else if constexpr (st.op == plan::Op::Reuse) {
    std::memcpy(p, ".reuse\0\0", 8);
    p += ((inst.ctrl.reuse >> st.b) & 1u) * 6u;
  } else if constexpr (st.op == plan::Op::Cbuf) {
    if (c.labels && put_relocated(c, p, kLo<F, st.a>, sign_extend(uint64_t{inst.value(st.a) & 0x3fffu} << 2, 16), true))
      return;
    p = put_cbuf(p, inst.value(st.a), st.b == 1);
  } else if constexpr (st.op == plan::Op::Phase) {
    if constexpr (prints_phase(kForms[F].sched)) {  // else the phase kind prints nothing
      const PhaseText& t = kPhaseTexts[inst.ctrl.reuse & 3];
      p = put16(p, t.text.data(), t.n);
    }
  }
}

// Whether the optional operand that step I guards is left out.
template <std::size_t I>
TMU_INLINE bool left_out(const Ctx& c) {
  constexpr plan::Step st = plan::kPlans.steps[I];
  if constexpr (st.op == plan::Op::SkipIfDefault) return c.inst.value(st.a) == default_value(st.kind);
  else return kind_omitted(c, *st.ops, *st.slot_ptr);
}

// Steps [I, End).
template <std::size_t F, std::size_t I, std::size_t End>
TMU_INLINE void run(Ctx& c, char*& p) {
  if constexpr (I < End) {
    constexpr plan::Step st = plan::kPlans.steps[I];
    if constexpr (st.op == plan::Op::SkipIfDefault || st.op == plan::Op::SkipIfOmitted) {
      if (!left_out<I>(c)) run<F, I + 1, I + 1 + st.n>(c, p);
      run<F, I + 1 + st.n, End>(c, p);
    } else {
      step<F, I>(c, p);
      run<F, I + 1, End>(c, p);
    }
  }
}

// Row F's steps, from the cursor p (with room for them); returns the end.
template <std::size_t F>
TMU_INLINE char* run_row(Ctx& c, char* p) {
  run<F, plan::kPlans.begin[F], plan::kPlans.begin[F + 1]>(c, p);
  return p;
}

template <std::size_t F>
constexpr std::size_t kRoom = room<plan::kPlans.begin[F], plan::kPlans.begin[F + 1]>();

template <std::size_t F>
void print_form(Ctx& c) {
  c.out.commit(run_row<F>(c, c.out.cursor(kRoom<F>)));
}

// A listing line in one function per row: one indirect call per instruction, the fields taken from the word with
// constant shifts, and one cursor from the address to the newline.
template <std::size_t F>
void decode_print_line(const LineSpec& line, Arch arch, TextOut& out) {
  Instruction inst;
  decode_row<F>(line.word, arch, line.ctrl, line.address, inst);
  Ctx c{inst, out, nullptr};
  char* p = put_line_start(out.cursor(kRoom<F> + kLineRoom), line.address, line.opens);
  p = run_row<F>(c, p);
  constexpr bool kAlwaysBare = kForms[F].sched == Sched::Ignored;  // "NOP;" whatever its control slot holds
  out.commit(put_line_end(p, line.closes, kAlwaysBare || terminator(line.ctrl).size() == 1));
}

#undef TMU_INLINE

constexpr auto kPrinters = []<std::size_t... F>(std::index_sequence<F...>) {
  return std::array<void (*)(Ctx&), sizeof...(F)>{&print_form<F>...};
}(std::make_index_sequence<kForms.size()>{});

constexpr auto kLinePrinters = []<std::size_t... F>(std::index_sequence<F...>) {
  return std::array<void (*)(const LineSpec&, Arch, TextOut&), sizeof...(F)>{&decode_print_line<F>...};
}(std::make_index_sequence<kForms.size()>{});

}  // namespace

void print(const Instruction& inst, TextOut& out, const LabelMap* labels) {
  Ctx c{inst, out, labels};
  kPrinters[form_index(inst.form())](c);
}

void print_line(const LineSpec& line, std::size_t form, Arch arch, TextOut& out) { kLinePrinters[form](line, arch, out); }

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
