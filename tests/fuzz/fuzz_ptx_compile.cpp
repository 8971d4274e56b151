// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary bytes as a PTX module through the compiler (src/ptx/compile.h). A module the reader accepts
// is compiled or refused with a message that starts with the file's name (placed statements add LINE:COL), never
// a crash, a hang or an unbounded allocation; a compiled module's cubin is written and reads back with the same
// kernels.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "isa/cubin.h"
#include "isa/cubin_write.h"
#include "ptx/compile.h"
#include "ptx/reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto m = tmu::ptx::read(text, "fuzz.ptx");
  if (!m) return 0;  // the reader's own fuzzer checks its messages
  auto c = tmu::ptx::compile(*m, "fuzz.ptx");
  if (!c) {
    if (c.error().rfind("fuzz.ptx:", 0) != 0) {
      std::fprintf(stderr, "a compile error without the file's name: %s\n", c.error().c_str());
      std::abort();
    }
    return 0;
  }
  auto bytes = tmu::isa::write_cubin(c->image);
  if (!bytes) {
    std::fprintf(stderr, "a compiled module's cubin is not written: %s\n", bytes.error().c_str());
    std::abort();
  }
  auto cubin = tmu::isa::read_cubin(*bytes);
  if (!cubin) {
    std::fprintf(stderr, "a written cubin does not read back: %s\n", cubin.error().c_str());
    std::abort();
  }
  return 0;
}
