// SPDX-License-Identifier: MIT
// Prints instructions exactly as nvdisasm does, driven by the table's syntax templates.
#pragma once

#include <string>

#include "isa/sm50/instruction.h"
#include "isa/sm50/labels.h"
#include "isa/sm50/text_out.h"

namespace tmu::isa::sm50 {

// Appends "@P0 MNEMONIC.MODS operands" (no terminator). With labels, branch targets that have a name print as
// `(name), as in nvdisasm's cubin listings; otherwise as addresses.
void print(const Instruction& inst, std::string& out, const LabelMap* labels = nullptr);
void print(const Instruction& inst, TextOut& out, const LabelMap* labels = nullptr);
std::string to_string(const Instruction& inst);

// Decodes a word that decodable() accepted as row `form` (with that arch and control slot) and prints it like
// print() without labels, in one call per row: the listing of a raw blob.
void print_word(uint64_t word, std::size_t form, Arch arch, const Control& ctrl, uint64_t address, TextOut& out);

// nvdisasm ends an instruction with " ;", or with ";" when its control slot schedules nothing: stall 0, yield
// bit 0, no barriers and an empty wait mask (the reuse bits do not matter).
inline std::string_view terminator(const Control& c) {
  return c.stall == 0 && !c.yield && c.wrbar == 7 && c.rdbar == 7 && c.wait == 0 ? ";" : " ;";
}
// The same for an instruction: the all-zero word always ends in ";" ("NOP;").
inline std::string_view terminator(const Instruction& inst) {
  return inst.form().sched == Sched::Ignored ? ";" : terminator(inst.ctrl);
}

}  // namespace tmu::isa::sm50
