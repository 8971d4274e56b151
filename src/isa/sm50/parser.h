// SPDX-License-Identifier: MIT
// Parses one SM50 instruction statement, driven by the table's syntax templates. It reads what the printer
// writes (nvdisasm's spelling) and the seed documents' spelling: decimal or hex numbers, no spaces after commas,
// the Fermi-style "#tid, #smp" split of the texture index, default modifiers written out (IPA.MUL, .CENTER).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "isa/sm50/instruction.h"
#include "isa/sm50/labels.h"

namespace tmu::isa::sm50 {

struct ParseResult {
  std::optional<Instruction> inst;
  std::size_t error_offset = 0;  // byte offset into the statement
  std::string error;
  bool ok() const { return inst.has_value(); }
};

// `text` is one statement: optional guard, mnemonic and operands, without the terminating ';' and without
// control annotations. Phase (.T/.P) and .reuse flags are returned in inst->ctrl.reuse; the other control fields
// are left zero for the caller to fill.
// `address` is where the instruction will sit (PC-relative operands are encoded relative to it); `labels`
// resolves label names used as branch targets.
ParseResult parse_instruction(std::string_view text, Arch arch, uint64_t address = 0, const LabelMap* labels = nullptr);

// Parses an integer as the assembler accepts it: decimal, 0x hex, optional leading '-'.
std::optional<int64_t> parse_integer(std::string_view text);

}  // namespace tmu::isa::sm50
