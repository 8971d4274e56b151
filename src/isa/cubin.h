// SPDX-License-Identifier: MIT
// Reading CUDA ELF files (cubins) as ptxas writes them: the architecture from the ELF header and the code of
// every function from its .text.<name> section.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "common/result.h"
#include "isa/arch.h"

namespace tmu::isa {

// A relocation of the code: ptxas leaves a symbol's value to be patched into an instruction (texture descriptor
// sizes, addresses of other functions). nvdisasm prints the symbol instead of the patched operand.
struct CubinRelocation {
  uint64_t offset = 0;  // of the instruction, from the start of its section
  uint32_t type = 0;    // R_CUDA_*; 42 patches a 32-bit immediate in bits 20..51 (MOV32I)
  std::string symbol;
};

// An indirect branch (BRX, or a SYNC that ends a divergent texture loop) and where it can go, from the function's
// EIATTR_INDIRECT_BRANCH_TARGETS attribute in .nv.info.<name>.
struct CubinIndirectBranch {
  uint64_t offset = 0;
  std::vector<uint64_t> targets;
};

// Constant-bank data: (bank N, bank N's initial bytes) pairs.
using ConstantBanks = std::vector<std::pair<unsigned, std::vector<std::byte>>>;

struct CubinFunction {
  std::string name;          // the function symbol (or the section name without ".text.")
  std::string section;       // ".text.<name>"
  uint64_t file_offset = 0;  // of the section's first byte
  std::vector<std::byte> code;
  std::vector<CubinRelocation> relocations;  // from .rel.text.<name>
  std::vector<CubinIndirectBranch> indirect_branches;
  // Constant-bank data of the function (.nv.constant<N>.<name>): bank N's initial bytes. ptxas puts literals and
  // masks of its library sequences in bank 2 (c[0x2][...]); bank 0, the parameters, is the launcher's to fill.
  ConstantBanks constants;
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
