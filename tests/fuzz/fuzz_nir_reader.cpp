// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary bytes as NIR text (src/ir/read.h). The text is read or refused with a "file:line:col:"
// message (never a crash, a hang or an unbounded allocation); a shader that is read prints, the printed text
// reads again, and printing that gives the same text (print(read(print(x))) == print(x)).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ir/print.h"
#include "ir/read.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto shader = tmu::ir::read(text, "fuzz.nir");
  if (!shader) {
    if (shader.error().rfind("fuzz.nir:", 0) != 0) std::abort();  // every message is placed
    return 0;
  }
  const std::string printed = tmu::ir::print(*shader);
  auto again = tmu::ir::read(printed, "printed.nir");
  if (!again) {
    std::fprintf(stderr, "the printed shader does not read back: %s\n%s", again.error().c_str(), printed.c_str());
    std::abort();
  }
  if (tmu::ir::print(*again) != printed) {
    std::fprintf(stderr, "printing the re-read shader changed it:\n%s", printed.c_str());
    std::abort();
  }
  return 0;
}
