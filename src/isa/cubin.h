// SPDX-License-Identifier: MIT
// Reading CUDA ELF files (cubins) as ptxas writes them: the architecture from the ELF header and the code of
// every function from its .text.<name> section.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "common/result.h"
#include "isa/arch.h"

namespace tmu::isa {

struct CubinFunction {
  std::string name;          // the function symbol (or the section name without ".text.")
  std::string section;       // ".text.<name>"
  uint64_t file_offset = 0;  // of the section's first byte
  std::vector<std::byte> code;
};

struct Cubin {
  Arch arch = Arch::SM50;
  unsigned sm = 0;  // as in the header (50, 52, ...)
  std::vector<CubinFunction> functions;
};

// True when the bytes start with the ELF magic.
bool looks_like_elf(std::span<const std::byte> bytes);

// Reads a cubin; errors say what is wrong and where (file offset, section).
Result<Cubin> read_cubin(std::span<const std::byte> bytes);

}  // namespace tmu::isa
