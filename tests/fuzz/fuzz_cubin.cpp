// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary bytes as a cubin. Reading must fail with a message or succeed, never crash.
#include <cstddef>
#include <cstdint>

#include "isa/cubin.h"
#include "isa/sm50/program.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
  auto cubin = tmu::isa::read_cubin(bytes);
  if (!cubin) return 0;
  for (const auto& f : cubin->functions) {
    tmu::isa::sm50::Program p;
    if (!tmu::isa::sm50::decode_program(f.code, cubin->arch, 0, p)) (void)tmu::isa::sm50::print_listing(p, {});
  }
  return 0;
}
