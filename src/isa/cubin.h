// SPDX-License-Identifier: MIT
// Reading CUDA ELF files (cubins) as ptxas writes them: the architecture from the ELF header and the code of
// every function from its .text.<name> section.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.h"
#include "isa/arch.h"

namespace tmu::isa {

// A relocation of the code: ptxas leaves a symbol's value to be patched into an instruction (texture descriptor
// sizes, addresses of other functions, and in relocatable objects (`ptxas -c`) constant-bank offsets, shared
// memory offsets and texture indices). nvdisasm prints the symbol instead of the patched operand.
struct CubinRelocation {
  uint64_t offset = 0;  // of the instruction, from the start of its section
  uint32_t type = 0;    // R_CUDA_*, below
  std::string symbol;
  std::optional<int64_t> addend = std::nullopt;  // RELA relocations' (.rela.text.<name>); REL ones keep it in the field
  friend bool operator==(const CubinRelocation&, const CubinRelocation&) = default;
};

// The code relocations of ptxas 11.8's sm_50 cubins and objects (names as cuobjdump -elf prints them), each
// patching a field that starts at bit 20 of the instruction word but the texture index's at 36:
//   R_CUDA_ABS32_20    (42): a 32-bit immediate: .nv.unified.texrefDescSize, a called function (JCAL)
//   R_CUDA_ABS32_LO_20 (43): the low word of a 64-bit address (a module .global variable: MOV32I R4, 32@lo(x))
//   R_CUDA_ABS32_HI_20 (44): its high word
//   R_CUDA_ABS24_20    (45): a 24-bit offset: shared memory variables (LDS/STS [R+`($__sh__16)], MOV32I)
//   R_CUDA_ABS16_20    (46): a 16-bit immediate (MOV32I R6, `(tab): a .const variable's offset)
//   R_CUDA_CONST_FIELD19_20 (50): the constant operand c[bank][offset] of ALU instructions (c[`((ctab + 0x8))])
//   R_CUDA_BINDLESSOFF13_36 (51): the 13-bit texture index of TEX, TEXS, TLD4, TXQ, ... (`(tref))
//   R_CUDA_CONST_FIELD21_20 (54): LDC's c[bank][offset] (LDC.U8 R9, c[`((tab + 0x3))], a RELA relocation)
inline constexpr uint32_t kRelocAbs32_20 = 42, kRelocAbs32Lo20 = 43, kRelocAbs32Hi20 = 44, kRelocAbs24_20 = 45,
                          kRelocAbs16_20 = 46, kRelocConstField19_20 = 50, kRelocBindlessOff13_36 = 51,
                          kRelocConstField21_20 = 54;
// The lowest bit of the field a relocation type patches; nullopt for types tmu does not print.
std::optional<unsigned> relocation_field_lo(uint32_t type);
// The operand text nvdisasm prints for a relocation of `type` naming `symbol`, with an addend (from a RELA
// relocation, or the field's value as printed): `(sym), `((sym + 0x8)), `((sym + -0x4)), 32@lo(sym), 32@hi(sym).
std::string relocation_operand(uint32_t type, std::string_view symbol, int64_t addend = 0);

// An indirect branch (BRX, or a SYNC that ends a divergent texture loop) and where it can go, from the function's
// EIATTR_INDIRECT_BRANCH_TARGETS attribute in .nv.info.<name>.
struct CubinIndirectBranch {
  uint64_t offset = 0;
  std::vector<uint64_t> targets;
};

// One record of an .nv.info section as ptxas writes it: a format byte (EIFMT_NVAL 1, EIFMT_BVAL 2, EIFMT_HVAL 3:
// two value bytes; EIFMT_SVAL 4: a 16-bit size and that many bytes), an attribute byte (EIATTR_*) and the value
// bytes. tmu_run (src/run/kernel_info.h) decodes the ones a launch needs.
struct CubinAttribute {
  uint8_t format = 0;
  uint8_t attribute = 0;
  std::vector<std::byte> value;
};

// Constant-bank data: (bank N, bank N's initial bytes) pairs.
using ConstantBanks = std::vector<std::pair<unsigned, std::vector<std::byte>>>;

// A function symbol (STT_FUNC) of a code section: the kernel at offset 0, or a .func that ptxas placed inside the
// kernel's section as a CAL target (a local symbol named $<kernel>$<func>, at the subroutine's first bundle).
struct CubinFunctionSymbol {
  std::string name;
  uint64_t value = 0;  // offset in the section
  uint64_t size = 0;
  uint32_t index = 0;  // in .symtab
  uint8_t bind = 0;   // STB_LOCAL 0 (ptxas's subroutines $k$f, kernels without .visible), STB_GLOBAL 1, STB_WEAK 2
  uint8_t other = 0;  // st_other (STO_CUDA_ENTRY 0x10 for a kernel)
};

struct CubinFunction {
  // The section's function: its STO_CUDA_ENTRY symbol, else its FUNC symbol at offset 0, else its first FUNC symbol
  // (or the section name without ".text." when it has none).
  std::string name;
  std::string section;       // ".text.<name>"
  uint32_t section_index = 0;  // in the section header table
  uint64_t file_offset = 0;  // of the section's first byte
  std::vector<std::byte> code;
  std::vector<CubinRelocation> relocations;  // from .rel.text.<name>
  std::vector<CubinIndirectBranch> indirect_branches;
  // Constant-bank data of the function (.nv.constant<N>.<name>): bank N's initial bytes. ptxas puts literals and
  // masks of its library sequences in bank 2 (c[0x2][...]); bank 0, the parameters, is the launcher's to fill.
  ConstantBanks constants;
  // For launches (additive; tmu_run reads them): the function symbol's index in .symtab (the global .nv.info
  // attributes name functions by it), the records of .nv.info.<name>, the size of .nv.shared.<name> (static
  // shared memory, NOBITS) and the relocations of .nv.constant0.<name> (offsets into bank 0: the words the
  // driver fills, e.g. R_CUDA_TEX_HEADER_INDEX for a unified-mode texref).
  uint32_t symbol = 0;
  // A kernel (.entry: a symbol of the section has STO_CUDA_ENTRY, 0x10, in st_other), not a .func. A kernel's
  // name is its section's, ".text.<name>", and its symbol's (`name`).
  bool entry = false;
  std::vector<CubinAttribute> attributes;
  // Every FUNC symbol of the section (the function's own included), by address: nvdisasm labels the subroutines
  // with their names (CAL `($k$f)) and numbers function ends in symbol-table order.
  std::vector<CubinFunctionSymbol> function_symbols;
  // The section's other named symbols (neither FUNC nor SECTION), in symbol-table order: ptxas's `.param .texref`
  // / `.samplerref` symbols (STT_CUDA_TEXTURE / _SAMPLER at value 0), which nvdisasm prints as labels and by whose
  // code address it names the relocations that patch in their bank-0 words (cubin_labels.h).
  std::vector<CubinFunctionSymbol> data_symbols;
  uint32_t section_symbol = 0;  // the section's STT_SECTION symbol in .symtab (0: none)
  uint64_t shared_size = 0;
  std::vector<CubinRelocation> constant0_relocations;
};

struct Cubin {
  Arch arch = Arch::SM50;
  unsigned sm = 0;  // as in the header (50, 52, ...)
  std::vector<CubinFunction> functions;
  std::vector<CubinAttribute> attributes;  // of the module-wide .nv.info section (frame and stack sizes, ...)
  std::vector<std::string> symbols;        // every .symtab name by index ("" where unreadable)
  std::vector<uint32_t> symbol_sections;   // every .symtab entry's section index (st_shndx), by symbol index
  // Module-wide constant banks (.nv.constant<N> without a function's name): ptxas puts the module's .const
  // variables in .nv.constant3 (bank 3, read as c[0x3][...] by every kernel).
  ConstantBanks constants;
  // The module's .global variables: ptxas 11.8 puts initialized ones in .nv.global.init (PROGBITS) and the others in
  // .nv.global (NOBITS), each variable a local STT_OBJECT symbol at its offset; code reaches them through
  // relocations (MOV32I R4, 32@lo(x)). The loader places the sections in global memory.
  struct DataSection {
    std::string name;
    uint64_t size = 0;
    uint64_t align = 1;
    std::vector<std::byte> bytes;  // empty for NOBITS (zeros)
  };
  struct DataSymbol {
    std::string name;
    std::size_t section = 0;  // in globals
    uint64_t offset = 0;
    uint64_t size = 0;
  };
  std::vector<DataSection> globals;
  std::vector<DataSymbol> global_symbols;
};

// Patches the 32-bit immediate a code relocation (kRelocAbs32*) names in `code` (a function's .text bytes) with the
// symbol's value (the part the type takes: all of it, its low or its high word), added to what the field holds
// (REL relocations keep their addend there). An error for another type or an offset outside the code.
Result<bool> apply_code_relocation(std::vector<std::byte>& code, const CubinRelocation& r, uint64_t value);

// True when the bytes start with the ELF magic.
bool looks_like_elf(std::span<const std::byte> bytes);

// Reads a cubin; errors say what is wrong and where (file offset, section). A file nvdisasm 11.8 refuses before
// disassembling is refused with its reason ("appears truncated", "has no section header table", "has a corrupted
// section header table", "does not appear to be an ELF file", ...; docs/cubin.md, "Reading"), and one that cannot
// be a cubin tmu reads (ELF32, big-endian, another machine or SM) with tmu's own.
Result<Cubin> read_cubin(std::span<const std::byte> bytes);

}  // namespace tmu::isa
