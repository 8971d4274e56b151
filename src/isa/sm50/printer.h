// SPDX-License-Identifier: MIT
// Prints instructions exactly as nvdisasm does, driven by the table's syntax templates.
#pragma once

#include <cstring>
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

// The pieces of a listing line around the instruction, written at p (which has room for 32) and returning the end:
// "/*0008*/ " (at least four hex digits, like nvdisasm) and "{ " when the line opens a dual-issue pair, without a
// branch on the pair (dual issue is data); the ending and the newline as one 4-byte store: " }\n" when the line
// closes a pair, else ";\n" (`bare`, see terminator()) or " ;\n".
inline char* put_line_start(char* p, uint32_t address, bool opens) {
  std::memcpy(p, "/*", 2);
  p = put_hex_digits(p + 2, address, 4);
  std::memcpy(p, "*/ { ", 5);
  return p + (opens ? 5 : 3);
}
inline char* put_line_end(char* p, bool closes, bool bare) {
  static constexpr char kEnds[3][4] = {" }\n", ";\n", " ;\n"};
  const std::size_t e = closes ? 0 : bare ? 1 : 2;
  std::memcpy(p, kEnds[e], 4);
  return p + (e == 1 ? 2 : 3);
}

// One line of a raw blob's listing (no labels, encodings or control annotations): the instruction is decoded from
// `word`, which decodable() accepted as row `form` with this arch and control slot, and printed with the line's
// pieces by one function per row. The address must fit in 32 bits.
struct LineSpec {
  uint64_t word = 0;
  Control ctrl;
  uint32_t address = 0;
  bool opens = false, closes = false;  // the line opens / closes a dual-issue pair
};
void print_line(const LineSpec& line, std::size_t form, Arch arch, TextOut& out);

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
