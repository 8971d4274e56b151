// SPDX-License-Identifier: MIT
// Decoding and encoding single SM50 instruction words, driven by the table. Errors follow nvdisasm: a word it
// refuses is refused here, with the same reason.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "common/result.h"
#include "isa/sm50/instruction.h"
#include "isa/sm50/table.h"

namespace tmu::isa::sm50 {

// nvdisasm's generic refusal, for words that match no form or carry a bit pattern the form forbids.
inline constexpr std::string_view kUnrecognized = "Unrecognized operation for functional unit 'uC'";

// Decodes one instruction word with its control slot (which decides the .T/.P phase and .reuse flags and may be
// refused: barriers on fixed-latency instructions, reuse bit 3 on ALU instructions).
// `address` is where the word sits; PC-relative operands (branch targets) depend on it.
Result<Instruction> decode(uint64_t word, Arch arch, const Control& ctrl, uint64_t address = 0);

// decode() for bulk work: no message, no Result. False exactly when decode() fails (ask it for the reason).
bool decode_into(uint64_t word, Arch arch, const Control& ctrl, uint64_t address, Instruction& out);
// Whether decode() would succeed, without building the instruction: the word's form, or nullptr.
const Form* decodable(uint64_t word, Arch arch, const Control& ctrl);
// decode() of a word that decodable() accepted as `form` (same arch and control slot), skipping the checks.
void decode_checked(uint64_t word, const Form& form, Arch arch, const Control& ctrl, uint64_t address, Instruction& out);

// decode_checked() of a word accepted as row `Row`, its fields extracted with the row's bit positions as constants:
// no loop over the format, for the printer's per-row functions (print_word).
template <std::size_t Row>
[[gnu::always_inline]] inline void decode_row(uint64_t word, Arch arch, const Control& ctrl, uint64_t address,
                                              Instruction& out) {
  out = Instruction(kForms[Row], arch, Instruction::Uninitialized{});
  [&]<std::size_t... K>(std::index_sequence<K...>) {
    (out.set_value(K, [word] {
      constexpr BitRange a = field(kForms[Row].format[K]).parts[0], b = field(kForms[Row].format[K]).parts[1];
      return static_cast<uint32_t>(((word >> a.lo) & low_mask(a.width)) | ((word >> b.lo) & low_mask(b.width)) << a.width);
    }()), ...);
  }(std::make_index_sequence<kForms[Row].format.size()>{});
  out.ctrl = ctrl;
  out.set_address(address);
}

// The form whose fixed bits match `word`, or nullptr (ignores the architecture and field values).
const Form* match_form(uint64_t word);

// Encodes an instruction word. Fails when a value does not fit its field, contradicts the form's fixed bits, is
// not defined for the architecture, or is one nvdisasm refuses. Bits nvdisasm ignores are zero.
Result<uint64_t> encode(const Instruction& inst);

// Checks a control slot against the instruction's scheduling class; "" when acceptable.
std::string check_control(const Form& form, const Control& ctrl);

}  // namespace tmu::isa::sm50
