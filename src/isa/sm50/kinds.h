// SPDX-License-Identifier: MIT
// Operand kinds: how a template slot is printed and parsed. A slot is either plain (one field, printed by its
// operand kind: register, predicate, enum spelling, hex number) or a composite {fn(a,b,...)} that prints several
// fields as one operand or modifier (a predicate with its '!', a float immediate whose meaning depends on a
// format field, a constant-bank reference ...). Each kind is a row of function pointers in kinds.cpp; the
// printer and the parser only walk the template and call them.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "isa/sm50/instruction.h"
#include "isa/sm50/labels.h"
#include "isa/sm50/syntax.h"
#include "isa/sm50/text_out.h"

namespace tmu::isa::sm50 {

struct PrintContext {
  const Instruction& inst;
  const Form& form;
  const Slot& slot;
  bool in_mnemonic;
  const LabelMap* labels = nullptr;  // names for branch targets (cubin listings), or none

  const Field& field(int arg) const { return sm50::field(form.format[static_cast<std::size_t>(slot.args[static_cast<std::size_t>(arg)])]); }
  uint32_t val(int arg) const { return inst.value(static_cast<std::size_t>(slot.args[static_cast<std::size_t>(arg)])); }
  // The control-word reuse flag that belongs to argument `arg` (a register field), or -1.
  int reuse_bit(int arg) const;
  bool reused(int arg) const;
};

struct ParseContext {
  Instruction& inst;
  const Form& form;
  const Slot& slot;
  uint8_t& reuse;                             // control-word reuse bits collected from .reuse / .T / .P
  std::array<uint64_t, kMaxFields>& cand;     // enum values still possible, for fields constrained twice
  std::string error;                          // why parse failed
  const LabelMap* labels = nullptr;           // label names the source may use as branch targets

  const Field& field(int arg) const { return sm50::field(form.format[index(arg)]); }
  std::size_t index(int arg) const { return static_cast<std::size_t>(slot.args[static_cast<std::size_t>(arg)]); }
  uint32_t val(int arg) const { return inst.value(index(arg)); }
  void set(int arg, uint32_t v) { inst.set_value(index(arg), v); }
  int reuse_bit(int arg) const;
  bool fail(std::string msg) {
    error = std::move(msg);
    return false;
  }
};

inline constexpr int kNoMatch = -1;

struct KindOps {
  // Appends the text of the slot.
  void (*print)(const PrintContext&, TextOut& out);
  // For {x?} slots: true when the operand is left out of the text. nullptr: never.
  bool (*omitted)(const PrintContext&);
  // Operand position: parses the whole operand text.
  bool (*parse)(ParseContext&, std::string_view text);
  // Mnemonic position: consumes a modifier starting at mnem[pos] (each modifier begins with '.'), returning the
  // number of characters taken (0 when the slot prints nothing for the value chosen) or kNoMatch.
  int (*parse_modifier)(ParseContext&, std::string_view mnem, std::size_t pos);
  // For {x?} and {x~} slots left out of the source.
  void (*set_default)(ParseContext&);
  // Called by encode() on a copy of the instruction: clears what the slot's text cannot carry (bits nvdisasm
  // ignores for some values of another field, NaN payloads of float immediates), so that every instruction
  // encodes to the word its printed text assembles into. nullptr: nothing to do.
  void (*normalize)(ParseContext&) = nullptr;
};

const KindOps& kind_ops(Fn fn);

// Every kind's implementation, declared from kinds.inc (each family defines its own in <family>.cpp).
#define KIND(id, name, nargs, ops) extern const KindOps ops;
#include "isa/sm50/kinds.inc"
#undef KIND

// The registry, indexed by Fn (kind_ops() reads it; print plans take their kinds' addresses from it).
inline constexpr std::array<const KindOps*, kFns.size()> kKindOps{
#define KIND(id, name, nargs, ops) &ops,
#include "isa/sm50/kinds.inc"
#undef KIND
};

// Shared helpers for kind implementations.
void append_hex(TextOut& out, uint64_t v);
void append_signed_hex(TextOut& out, int64_t v);
void append_numbered(TextOut& out, char letter, uint32_t v);  // "R300": a letter and a decimal number

// The constant operand c[0xBANK][OFFSET] of the ALU families (section 0.2): bank [34..38] and word offset [20..33]
// as one 19-bit value `v`, the byte offset (word × 4) printed as a signed 16-bit number; operands with a sub-word
// selector are "spaced": c[0x3] [0x10]. A cubin relocation of the field prints c[`(sym)] (relocatable objects).
void append_cbuf(const PrintContext& c, TextOut& out, uint32_t v, bool spaced);
// Reads c[bank][offset] or c[bank] [offset] (the offset a byte offset, a multiple of 4, -0x8000..0xfffc) into the
// 19-bit value; `error` (when given) says what is wrong.
std::optional<uint32_t> parse_cbuf(std::string_view t, std::string* error = nullptr);

// "R0".."R254", "RZ" and "P0".."P6", "PT" as ready-made texts, each printed with one 4-byte copy.
struct ShortName {
  std::array<char, 4> text{};
  uint8_t n = 0;
};
constexpr ShortName short_name(char letter, unsigned v) {
  ShortName r;
  r.text[r.n++] = letter;
  if (v >= 100) r.text[r.n++] = static_cast<char>('0' + v / 100);
  if (v >= 10) r.text[r.n++] = static_cast<char>('0' + v / 10 % 10);
  r.text[r.n++] = static_cast<char>('0' + v % 10);
  return r;
}
inline constexpr auto kRegNames = [] {
  std::array<ShortName, 256> out{};
  for (unsigned v = 0; v < Reg::kRZ; ++v) out[v] = short_name('R', v);
  out[Reg::kRZ] = ShortName{{'R', 'Z'}, 2};
  return out;
}();
inline constexpr auto kPredNames = [] {
  std::array<ShortName, 8> out{};
  for (unsigned v = 0; v < Pred::kPT; ++v) out[v] = short_name('P', v);
  out[Pred::kPT] = ShortName{{'P', 'T'}, 2};
  return out;
}();
inline void append_short_name(TextOut& out, const ShortName& nm) {
  std::memcpy(out.cursor(4), nm.text.data(), 4);
  out.advance(nm.n);
}
inline void append_reg(TextOut& out, uint32_t r) {
  if (r < kRegNames.size()) append_short_name(out, kRegNames[r]);
  else append_numbered(out, 'R', r);
}
inline void append_pred(TextOut& out, uint32_t p) {
  if (p < kPredNames.size()) append_short_name(out, kPredNames[p]);
  else append_numbered(out, 'P', p);
}
std::optional<uint32_t> parse_reg(std::string_view t);
// Strips a trailing ".reuse" from the operand text `t` and sets argument 0's reuse flag; false (with c.error) when the
// operand cannot be marked .reuse.
bool take_reuse(ParseContext& c, std::string_view& t);
std::optional<uint32_t> parse_pred(std::string_view t);
// True when `sp` is spelled at mnem[pos] and is followed by '.' or the end.
bool spelled_at(std::string_view mnem, std::size_t pos, std::string_view sp);
// Longest spelling (or alias) of `table` at mnem[pos]; sets `mask` to the values spelled that way. When nothing
// matches, the values with an empty spelling are taken with length 0; kNoMatch if there are none.
int match_spelling(const EnumTable& table, std::string_view mnem, std::size_t pos, uint64_t& mask);
// An immediate operand of a field `width` bits wide: signed fields take -2^(w-1) .. 2^(w-1) - 1 (what the printer
// shows them as); unsigned ones 0 .. 2^w - 1, and a 32-bit one also a negative value down to -2^31 as its two's
// complement (MOV32I R0, -1 is 0xffffffff). Out of range: "IMM is out of range: LO to HI (N-bit signed)".
std::optional<uint64_t> parse_immediate(ParseContext& c, std::string_view t, unsigned width, bool is_signed);
// Constant-bank references c[0x3][R4+0x8], c[0x0][-0x8000] (signed 16-bit byte offset; RZ when no register).
void append_cbuf_ref(TextOut& out, uint32_t bank, uint32_t ra, int64_t off);
bool parse_cbuf_ref(ParseContext& c, std::string_view t, uint32_t& bank, uint32_t& ra, int64_t& off);

}  // namespace tmu::isa::sm50
