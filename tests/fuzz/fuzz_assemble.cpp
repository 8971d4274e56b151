// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary text as assembler source. It must be assembled or refused with a position, never crash or
// hang; what assembles must disassemble and assemble again to the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "isa/sm50/program.h"

using namespace tmu::isa;
using namespace tmu::isa::sm50;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view src(reinterpret_cast<const char*>(data), size);
  Program p;
  if (auto err = assemble(src, Arch::SM52, p)) {
    if (err->message.empty()) std::abort();
    return 0;
  }
  const auto bytes = encode_program(p);
  if (!bytes) std::abort();
  const std::string listing = print_listing(p, {false, true});
  Program q;
  if (auto err = assemble(listing, Arch::SM52, q)) std::abort();
  const auto again = encode_program(q);
  if (!again || *again != *bytes) std::abort();
  return 0;
}
