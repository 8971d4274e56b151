// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary bytes as an SM50/SM52 code blob. Decoding must not crash; every decoded instruction must
// print, parse back and encode to the same word.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>

#include "isa/sm50/codec.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/printer.h"
#include "isa/sm50/program.h"

using namespace tmu::isa;
using namespace tmu::isa::sm50;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const Arch arch = (data[0] & 1) ? Arch::SM52 : Arch::SM50;
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data + 1), size - 1);
  Program p;
  (void)decode_program(bytes, arch, 0, p);
  (void)print_listing(p, {true, true});
  for (const Instruction& inst : p.code) {
    const auto word = encode(inst);
    if (!word) std::abort();
    if (inst.form().sched == Sched::Ignored) continue;  // the zero word prints "NOP", NOP's own text
    const std::string text = to_string(inst);
    // PC-relative targets print and parse relative to the instruction's address.
    const ParseResult r = parse_instruction(text, arch, inst.address());
    if (!r.ok()) {
      std::fprintf(stderr, "cannot parse own text '%s': %s\n", text.c_str(), r.error.c_str());
      std::abort();
    }
    const auto again = encode(*r.inst);
    if (!again || *again != *word) {
      std::fprintf(stderr, "'%s' does not assemble back\n", text.c_str());
      std::abort();
    }
  }
  return 0;
}
