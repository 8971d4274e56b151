// SPDX-License-Identifier: MIT
#include "isa/cubin_elf_builder.h"

#include <elf.h>

#include <algorithm>
#include <map>

#include "isa/cubin_format.h"

namespace tmu::isa::cubin_elf {
namespace {

namespace cf = cubin_format;

// A string table: "\0" then each name once, NUL-terminated.
class Strings {
 public:
  uint32_t add(const std::string& s) {
    if (s.empty()) return 0;
    auto [it, fresh] = at_.emplace(s, static_cast<uint32_t>(data_.size()));
    if (fresh) {
      for (char c : s) data_.push_back(static_cast<std::byte>(c));
      data_.push_back(std::byte{0});
    }
    return it->second;
  }
  std::vector<std::byte> bytes() const { return data_; }

 private:
  std::vector<std::byte> data_{std::byte{0}};
  std::map<std::string, uint32_t> at_;
};

uint64_t align_up(uint64_t v, uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

}  // namespace

std::vector<std::byte> ElfBuilder::write(const std::vector<Symbol>& symbols, uint32_t first_global,
                                         uint32_t e_flags) const {
  Strings shstr, str;
  std::vector<Section> all(4);
  all[1] = {".shstrtab", SHT_STRTAB, 0, 0, 0, 1, 0, {}};
  all[2] = {".strtab", SHT_STRTAB, 0, 0, 0, 1, 0, {}};
  all[3] = {".symtab", SHT_SYMTAB, 0, 2, first_global, 8, sizeof(Elf64_Sym), {}};
  all.insert(all.end(), sections_.begin(), sections_.end());
  std::vector<uint32_t> name_at(all.size());
  for (std::size_t i = 1; i < all.size(); ++i) name_at[i] = shstr.add(all[i].name);
  Bytes sym;
  for (const Symbol& s : symbols) {
    sym.u32(str.add(s.name)), sym.u8(s.info), sym.u8(s.other), sym.u16(s.shndx);
    sym.u64(s.value), sym.u64(s.size);  // st_value: 0 but for variables inside .nv.constant3
  }
  all[1].data = shstr.bytes();
  all[2].data = str.bytes();
  all[3].data = std::move(sym.data);

  // Layout.
  std::vector<uint64_t> offset(all.size(), 0);
  uint64_t at = sizeof(Elf64_Ehdr);
  for (std::size_t i = 1; i < all.size(); ++i) {
    at = align_up(at, all[i].align);
    offset[i] = at;
    if (all[i].type != SHT_NOBITS) at += all[i].data.size();
  }
  const uint64_t shoff = align_up(at, 8);
  const uint64_t phoff = shoff + all.size() * sizeof(Elf64_Shdr);

  // Program headers.
  struct Segment {
    uint32_t type, flags;
    uint64_t offset, filesz, memsz;
  };
  std::vector<Segment> segs;
  // Read-only sections (constants, code) in one segment; writable ones (.nv.global.init's bytes, then the NOBITS
  // sections) in another, whose file part runs to the first NOBITS section's offset (ptxas 11.8: filesz 0x10 for a
  // 0xe-byte .nv.global.init followed by NOBITS at +0x10).
  uint64_t load_begin = UINT64_MAX, load_end = 0, data_begin = UINT64_MAX, data_end = 0, bss_begin = UINT64_MAX,
           bss_size = 0;
  for (std::size_t i = 1; i < all.size(); ++i) {
    if (!(all[i].flags & SHF_ALLOC)) continue;
    if (all[i].type == SHT_NOBITS) {
      bss_begin = std::min(bss_begin, offset[i]);
      bss_size = align_up(bss_size, all[i].align) + all[i].nobits_size;
    } else if (all[i].flags & SHF_WRITE) {
      data_begin = std::min(data_begin, offset[i]);
      data_end = std::max(data_end, offset[i] + all[i].data.size());
    } else {
      load_begin = std::min(load_begin, offset[i]);
      load_end = std::max(load_end, offset[i] + all[i].data.size());
    }
  }
  const bool writable = data_end != 0 || bss_size != 0;
  const std::size_t nseg = 2u + (load_end != 0 ? 1u : 0u) + (writable ? 1u : 0u);
  const uint64_t phsize = nseg * sizeof(Elf64_Phdr);
  segs.push_back({PT_PHDR, PF_R | PF_X, phoff, phsize, phsize});
  if (load_end != 0) segs.push_back({PT_LOAD, PF_R | PF_X, load_begin, load_end - load_begin, load_end - load_begin});
  if (writable) {
    const uint64_t filesz = data_end == 0 ? 0 : (bss_size != 0 ? bss_begin : data_end) - data_begin;
    segs.push_back({PT_LOAD, PF_R | PF_W, data_end != 0 ? data_begin : bss_begin, filesz, filesz + bss_size});
  }
  segs.push_back({PT_LOAD, PF_R | PF_X, phoff, phsize, phsize});

  Bytes out;
  // ELF header.
  const unsigned char ident[EI_NIDENT] = {ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64, ELFDATA2LSB, EV_CURRENT,
                                          cf::kOsAbiCuda, cf::kAbiVersion};
  for (unsigned char c : ident) out.u8(c);
  out.u16(ET_EXEC), out.u16(cf::kEmCuda), out.u32(cf::kToolkitVersion);
  out.u64(0), out.u64(phoff), out.u64(shoff), out.u32(e_flags);
  out.u16(sizeof(Elf64_Ehdr)), out.u16(sizeof(Elf64_Phdr)), out.u16(static_cast<uint16_t>(segs.size()));
  out.u16(sizeof(Elf64_Shdr)), out.u16(static_cast<uint16_t>(all.size())), out.u16(1);
  // Section data.
  for (std::size_t i = 1; i < all.size(); ++i) {
    if (all[i].type == SHT_NOBITS) continue;
    out.pad_to(offset[i]);
    out.data.insert(out.data.end(), all[i].data.begin(), all[i].data.end());
  }
  out.pad_to(shoff);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const Section& s = all[i];
    out.u32(name_at[i]), out.u32(s.type), out.u64(s.flags), out.u64(0), out.u64(offset[i]);
    out.u64(s.type == SHT_NOBITS ? s.nobits_size : s.data.size());
    out.u32(s.link), out.u32(s.info), out.u64(i == 0 ? 0 : s.align), out.u64(s.entsize);
  }
  for (const Segment& g : segs) {
    out.u32(g.type), out.u32(g.flags), out.u64(g.offset), out.u64(0), out.u64(0);
    out.u64(g.filesz), out.u64(g.memsz), out.u64(8);
  }
  return std::move(out.data);
}

}  // namespace tmu::isa::cubin_elf
