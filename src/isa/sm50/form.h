// SPDX-License-Identifier: MIT
// One row of the SM50 instruction table: a form. A form is one fixed-bit pattern (a variable-length opcode
// prefix plus any other constant bits), a format (the fields it carries, from the field dictionary), a syntax
// template (how nvdisasm writes it) and a scheduling class (what its control-word slot may hold).
//
// Pattern notation: bits from 63 downwards, '0'/'1' fixed, '.' free; spaces are for the eye. After a '|', groups
// "lo:bits" fix the bits lo+n-1..lo (MSB first), e.g. "1110 0000 | 38:0 8:11111111".
//
// Syntax templates: the text before the first space is the mnemonic with its modifier slots, the rest a list of
// operands separated by ", ". A slot {name} prints operand `name` of the format: in the mnemonic through its
// spelling table, in the operand list by its kind. {name?} omits the operand when it holds its default (RZ, PT, 0).
// {name~} is always printed, but the assembler accepts source that leaves it out (the seeds write
// "IPA.PASS R4, a[0x7c]" where nvdisasm prints ", RZ"). {name.2} prints the second spelling column. {fn(a,b)} is a composite operand printed by function fn (see
// composite.h). {phase} is the .T/.P texture-hash phase from the control word. Other text is literal.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "isa/arch.h"
#include "isa/sm50/fields.h"
#include "isa/sm50/ops.h"

namespace tmu::isa::sm50 {

// What the control-word slot of an instruction may hold and how nvdisasm shows it (reference section 7).
enum class Sched : uint8_t {
  Texture,   // variable latency; reuse bits 0..1 are the .T/.P phase, bits 2..3 are ignored
  Variable,  // variable latency (memory, IPA, MUFU, S2R, conversions): barriers allowed, reuse bits ignored
  Fixed,     // fixed latency ALU: barriers must be 7, reuse bits 0..2 print .reuse, bit 3 is rejected
  VariableReuse,  // variable latency with operand reuse (DADD, DMUL, DFMA): barriers allowed, reuse bits 0..2
                  // print .reuse, bit 3 is rejected
  VariableReuseIgnore3,  // as VariableReuse, but reuse bit 3 is ignored (the half-precision family)
  FixedNoReuse,   // fixed latency without operand reuse (control flow): barriers must be 7, reuse bits are ignored
  FixedTexture,   // fixed latency with the texture phase (STP): barriers must be 7, reuse bits 0..1 are
                  // the .T/.P phase, bits 2..3 are ignored
  Ignored,        // the all-zero word: nvdisasm prints "NOP;" whatever its control slot holds
};

// Whether the control slot must hold no barriers (nvdisasm refuses the instruction otherwise).
constexpr bool fixed_latency(Sched s) {
  return s == Sched::Fixed || s == Sched::FixedNoReuse || s == Sched::FixedTexture;
}

// Whether the control slot's reuse bits 0..1 are the .T/.P texture phase ({phase} prints it).
constexpr bool prints_phase(Sched s) { return s == Sched::Texture || s == Sched::FixedTexture; }

// Whether the control slot's reuse bits 0..2 mark operands (.reuse).
constexpr bool decodes_reuse(Sched s) {
  return s == Sched::Fixed || s == Sched::VariableReuse || s == Sched::VariableReuseIgnore3;
}

// Whether nvdisasm refuses the instruction when the control slot's reuse bit 3 is set.
constexpr bool refuses_reuse3(Sched s) { return s == Sched::Fixed || s == Sched::VariableReuse; }

struct Pattern {
  uint64_t mask = 0;
  uint64_t value = 0;
  bool ok = true;
};

constexpr Pattern parse_pattern(std::string_view s) {
  constexpr Pattern bad{0, 0, false};
  Pattern p;
  auto fix = [&p](unsigned b, char c) {
    const uint64_t m = uint64_t{1} << b;
    if (p.mask & m) return false;
    p.mask |= m;
    if (c == '1') p.value |= m;
    return true;
  };
  const std::size_t bar = s.find('|');
  int bit = 63;
  for (char c : s.substr(0, bar)) {
    if (c == ' ') continue;
    if (bit < 0 || (c != '0' && c != '1' && c != '.')) return bad;
    if (c != '.') fix(static_cast<unsigned>(bit), c);
    --bit;
  }
  if (bar == std::string_view::npos) return p;
  // Groups "lo:bits", separated by spaces.
  std::string_view rest = s.substr(bar + 1);
  while (!rest.empty()) {
    if (rest.front() == ' ') {
      rest.remove_prefix(1);
      continue;
    }
    const std::size_t colon = rest.find(':');
    if (colon == 0 || colon == std::string_view::npos) return bad;
    unsigned lo = 0;
    for (char c : rest.substr(0, colon)) {
      if (c < '0' || c > '9') return bad;
      lo = lo * 10 + static_cast<unsigned>(c - '0');
    }
    rest.remove_prefix(colon + 1);
    std::size_t n = 0;
    while (n < rest.size() && (rest[n] == '0' || rest[n] == '1')) ++n;
    if (n == 0 || lo + n > 64 || (n < rest.size() && rest[n] != ' ')) return bad;
    for (std::size_t k = 0; k < n; ++k)
      if (!fix(lo + static_cast<unsigned>(n - 1 - k), rest[k])) return bad;
    rest.remove_prefix(n);
  }
  return p;
}

struct Form {
  Op op;
  std::string_view opclass;  // nvdisasm's name for the form in "undefined value" errors
  std::span<const F> format;
  std::string_view pattern;
  std::string_view syntax;
  Sched sched;
  Arch since = Arch::SM50;  // the first architecture that has this form; nvdisasm refuses it on older ones

  constexpr Pattern bits() const { return parse_pattern(pattern); }
  // Position of operand `o` in this form's format, or -1.
  constexpr int slot(Opd o) const {
    for (std::size_t i = 0; i < format.size(); ++i)
      if (field(format[i]).opd == o) return static_cast<int>(i);
    return -1;
  }
};

}  // namespace tmu::isa::sm50
