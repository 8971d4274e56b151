// SPDX-License-Identifier: MIT
// A small ELF64 writer for cubins (isa/cubin_write.cpp): little-endian byte buffers, sections and symbols laid
// out as ptxas 11.8 lays them out (readelf -a -W on its output): the header, section data in section order at each
// section's alignment, the section header table, then the program header table (PHDR; LOAD of the allocated
// PROGBITS sections, R+X; LOAD of the NOBITS sections, R+W, file size 0; LOAD of the program headers).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/result.h"

namespace tmu::isa::cubin_elf {

struct Bytes {
  std::vector<std::byte> data;
  void u8(uint8_t v) { data.push_back(std::byte{v}); }
  void u16(uint16_t v) { u8(static_cast<uint8_t>(v)), u8(static_cast<uint8_t>(v >> 8)); }
  void u32(uint32_t v) { u16(static_cast<uint16_t>(v)), u16(static_cast<uint16_t>(v >> 16)); }
  void u64(uint64_t v) { u32(static_cast<uint32_t>(v)), u32(static_cast<uint32_t>(v >> 32)); }
  void pad_to(std::size_t size) { data.resize(std::max(size, data.size())); }
};

struct Section {
  std::string name;
  uint32_t type = 0;
  uint64_t flags = 0;
  uint32_t link = 0;
  uint32_t info = 0;
  uint64_t align = 1;
  uint64_t entsize = 0;
  std::vector<std::byte> data;
  uint64_t nobits_size = 0;  // SHT_NOBITS: the size, with no data
};

struct Symbol {
  std::string name;
  unsigned char info = 0;
  unsigned char other = 0;
  uint16_t shndx = 0;
  uint64_t size = 0;
  uint64_t value = 0;  // offset in the section (a variable's)
};

// Sections 1..3 are .shstrtab, .strtab and .symtab; add() appends from index 4 on.
class ElfBuilder {
 public:
  void add(Section s) { sections_.push_back(std::move(s)); }
  // symbols[0] is the null symbol; first_global is .symtab's sh_info.
  std::vector<std::byte> write(const std::vector<Symbol>& symbols, uint32_t first_global, uint32_t e_flags) const;

 private:
  std::vector<Section> sections_;
};

}  // namespace tmu::isa::cubin_elf
