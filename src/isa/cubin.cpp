// SPDX-License-Identifier: MIT
#include "isa/cubin.h"

#include <gelf.h>
#include <libelf.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "isa/cubin_format.h"

namespace tmu::isa {
namespace {

constexpr unsigned kEmCuda = 190;  // EM_CUDA

struct ElfCloser {
  void operator()(Elf* e) const { elf_end(e); }
};

}  // namespace

bool looks_like_elf(std::span<const std::byte> b) {
  return b.size() >= 4 && b[0] == std::byte{0x7f} && b[1] == std::byte{'E'} && b[2] == std::byte{'L'} &&
         b[3] == std::byte{'F'};
}

namespace {

// The checks nvdisasm 11.8 makes on the ELF header and the section headers before it reads a cubin, in its order
// and with its reasons (docs/cubin.md, "Reading"), measured on cut and patched ptxas cubins. nvdisasm sizes the
// tables by the ELF64 entry sizes, not by e_phentsize/e_shentsize, ignores section 0 and NOBITS sections, and adds
// offsets and sizes modulo 2^64 (an all-ones offset can pass); tmu does not wrap.
std::optional<std::string> check_elf_layout(std::span<const std::byte> b) {
  const std::size_t n = b.size();
  if (n == 0) return "not readable (the file is empty)";
  if (n < sizeof(Elf64_Ehdr))
    return fmt::format("appears truncated: {} bytes, shorter than an ELF header (64 bytes)", n);
  if (!looks_like_elf(b)) return "does not appear to be an ELF file (no ELF magic at offset 0x0)";
  if (b[4] != std::byte{ELFCLASS64}) return "not a 64-bit ELF file (byte 0x4): cubins are ELF64";
  if (b[5] != std::byte{ELFDATA2LSB}) return "not a little-endian ELF file (byte 0x5)";
  auto u16 = [&](std::size_t p) { return std::to_integer<uint32_t>(b[p]) | std::to_integer<uint32_t>(b[p + 1]) << 8; };
  auto u32 = [&](std::size_t p) { return u16(p) | u16(p + 2) << 16; };
  auto u64 = [&](std::size_t p) { return uint64_t{u32(p)} | uint64_t{u32(p + 4)} << 32; };
  // A table of `count` entries of `entry` bytes at `offset` lies inside the file.
  auto fits = [n](uint64_t offset, uint64_t count, uint64_t entry) { return offset <= n && count * entry <= n - offset; };
  const uint64_t phoff = u64(0x20), shoff = u64(0x28);
  const uint32_t phnum = u16(0x38), shnum = u16(0x3c), shstrndx = u16(0x3e);
  if (phnum != 0 && !fits(phoff, phnum, sizeof(Elf64_Phdr)))
    return fmt::format("appears truncated: the program header table (e_phoff {:#x}, {} entries of 56 bytes) runs past "
                       "the end of the file ({:#x} bytes)", phoff, phnum, n);
  if (!fits(shoff, shnum, sizeof(Elf64_Shdr)))
    return fmt::format("appears truncated: the section header table (e_shoff {:#x}, {} entries of 64 bytes) runs past "
                       "the end of the file ({:#x} bytes)", shoff, shnum, n);
  if (shnum < 2) return fmt::format("has no section header table (e_shnum {} at offset 0x3c)", shnum);
  for (uint32_t i = 1; i < shnum; ++i) {
    const std::size_t h = static_cast<std::size_t>(shoff) + i * sizeof(Elf64_Shdr);
    const uint64_t offset = u64(h + 0x18), size = u64(h + 0x20);
    if (!cubin_format::no_file_data(u32(h + 4)) && !fits(offset, size, 1))
      return fmt::format("appears truncated: section {} (header at offset {:#x}) has its data at offset {:#x}, size "
                         "{:#x}, past the end of the file ({:#x} bytes)", i, h, offset, size, n);
  }
  if (shstrndx >= shnum)
    return fmt::format("has no section header table: e_shstrndx {} (offset 0x3e) is not below e_shnum {}", shstrndx,
                       shnum);
  const std::size_t strtab = static_cast<std::size_t>(shoff) + shstrndx * sizeof(Elf64_Shdr);
  if (u32(strtab + 4) != SHT_STRTAB)
    return fmt::format("has a corrupted section header table: the section-name table, section {} (header at offset "
                       "{:#x}), is of type {:#x}, not SHT_STRTAB", shstrndx, strtab, u32(strtab + 4));
  const uint64_t names_size = u64(strtab + 0x20);
  for (uint32_t i = 0; i < shnum; ++i) {
    const std::size_t h = static_cast<std::size_t>(shoff) + i * sizeof(Elf64_Shdr);
    if (u32(h) >= names_size)  // nvdisasm crashes on these
      return fmt::format("has a corrupted section header table: section {} (header at offset {:#x}) has name offset "
                         "{:#x}, past the section-name table ({:#x} bytes)", i, h, u32(h), names_size);
  }
  return std::nullopt;
}

}  // namespace

Result<Cubin> read_cubin(std::span<const std::byte> bytes) {
  if (auto why = check_elf_layout(bytes)) return make_error(*why);
  elf_version(EV_CURRENT);
  // libelf wants a mutable buffer; it only reads from it with ELF_C_READ_MMAP-free memory images.
  std::vector<char> image(bytes.size());
  std::memcpy(image.data(), bytes.data(), bytes.size());
  image[EI_VERSION] = EV_CURRENT;  // nvdisasm ignores e_ident[EI_VERSION]; libelf refuses anything but 1
  std::unique_ptr<Elf, ElfCloser> elf(elf_memory(image.data(), image.size()));
  if (!elf) return make_error(fmt::format("cannot read ELF: {}", elf_errmsg(-1)));
  GElf_Ehdr eh;
  if (!gelf_getehdr(elf.get(), &eh)) return make_error(fmt::format("bad ELF header: {}", elf_errmsg(-1)));
  if (eh.e_machine != kEmCuda)
    return make_error(fmt::format("is not a supported ELF file: e_machine is {} (offset 0x12), not EM_CUDA (190)",
                                  eh.e_machine));
  Cubin out;
  out.sm = static_cast<unsigned>(eh.e_flags & 0xff);
  // sm_53 (Maxwell with half precision, ptxas's only target for f16 arithmetic below sm_60) is SM52's encoding:
  // nvdisasm -b SM53 lists every word as -b SM52 does (1500 random words, seed 11, 1100 of them accepted, 2026-11-28).
  auto arch = out.sm == 53 ? std::optional<Arch>(Arch::SM52) : parse_arch(std::to_string(out.sm));
  if (!arch)
    return make_error(fmt::format("cubin is for sm_{} (e_flags {:#x}); tmu reads sm_50, sm_52 and sm_53", out.sm, eh.e_flags));
  out.arch = *arch;

  std::size_t shstrndx = 0;
  if (elf_getshdrstrndx(elf.get(), &shstrndx) != 0)
    return make_error(fmt::format("bad section-name table index: {}", elf_errmsg(-1)));

  // Function symbols, by section index. A section's function is its STO_CUDA_ENTRY symbol (st_other 0x10, as
  // nvdisasm's ".other NAME,@\"STO_CUDA_ENTRY STV_DEFAULT\"" shows), else its symbol at offset 0, else its first:
  // ptxas puts the .funcs a kernel calls inside the kernel's section as local FUNC symbols ($<kernel>$<func>),
  // which come before the kernel's global symbol in .symtab.
  std::map<std::size_t, std::vector<CubinFunctionSymbol>> func_symbols;  // section index -> its FUNC symbols
  std::map<std::size_t, std::vector<CubinFunctionSymbol>> data_symbols;  // ... and its other named symbols
  std::map<std::size_t, uint32_t> section_symbols;                       // ... and its STT_SECTION symbol
  std::map<std::size_t, std::pair<int, uint32_t>> func_choice;          // section index -> (rank, symbol index)
  struct Object {
    std::string name;
    std::size_t section;
    uint64_t value, size;
  };
  std::vector<Object> objects;  // STT_OBJECT symbols (.global and .const variables)
  for (Elf_Scn* scn = elf_nextscn(elf.get(), nullptr); scn; scn = elf_nextscn(elf.get(), scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) return make_error(fmt::format("bad section header: {}", elf_errmsg(-1)));
    if (sh.sh_type != SHT_SYMTAB) continue;
    Elf_Data* data = elf_getdata(scn, nullptr);
    if (!data) return make_error("symbol table cannot be read");
    const std::size_t n = sh.sh_size / sizeof(Elf64_Sym);  // as nvdisasm reads it, whatever sh_entsize says
    for (std::size_t i = 0; i < n; ++i) {
      GElf_Sym sym;
      if (!gelf_getsym(data, static_cast<int>(i), &sym)) return make_error(fmt::format("bad symbol {}: {}", i, elf_errmsg(-1)));
      const char* any_name = elf_strptr(elf.get(), sh.sh_link, sym.st_name);
      out.symbols.emplace_back(any_name ? any_name : "");
      out.symbol_sections.push_back(sym.st_shndx);
      if (GELF_ST_TYPE(sym.st_info) == STT_OBJECT && any_name)
        objects.push_back({any_name, sym.st_shndx, sym.st_value, sym.st_size});
      if (GELF_ST_TYPE(sym.st_info) != STT_FUNC) {
        if (GELF_ST_TYPE(sym.st_info) == STT_SECTION)
          section_symbols.emplace(sym.st_shndx, static_cast<uint32_t>(i));
        else if (any_name && *any_name)
          data_symbols[sym.st_shndx].push_back({any_name, sym.st_value, sym.st_size, static_cast<uint32_t>(i),
                                                static_cast<uint8_t>(GELF_ST_BIND(sym.st_info)), sym.st_other});
        continue;
      }
      const char* name = any_name;
      if (!name) return make_error(fmt::format("symbol {} has a bad name offset {:#x}", i, sym.st_name));
      const auto index = static_cast<uint32_t>(i);
      func_symbols[sym.st_shndx].push_back(
          {name, sym.st_value, sym.st_size, index, static_cast<uint8_t>(GELF_ST_BIND(sym.st_info)), sym.st_other});
      const int rank = (sym.st_other & 0x10) != 0 ? 2 : sym.st_value == 0 ? 1 : 0;
      auto [it, fresh] = func_choice.try_emplace(sym.st_shndx, rank, index);
      if (!fresh && rank > it->second.first) it->second = {rank, index};
    }
  }
  for (auto& [section, symbols] : func_symbols)
    std::stable_sort(symbols.begin(), symbols.end(),
                     [](const CubinFunctionSymbol& a, const CubinFunctionSymbol& b) { return a.value < b.value; });

  // A PROGBITS section's bytes, or an error when its header points past the end of the file.
  const auto section_bytes = [&bytes](const GElf_Shdr& sh, std::string_view sname) -> Result<std::vector<std::byte>> {
    if (sh.sh_offset > bytes.size() || sh.sh_size > bytes.size() - sh.sh_offset)
      return make_error(fmt::format("section {} (offset {:#x}, size {:#x}) runs past the end of the file ({:#x} bytes)",
                                    sname, sh.sh_offset, sh.sh_size, bytes.size()));
    return std::vector<std::byte>(bytes.begin() + static_cast<std::ptrdiff_t>(sh.sh_offset),
                                  bytes.begin() + static_cast<std::ptrdiff_t>(sh.sh_offset + sh.sh_size));
  };

  std::map<std::size_t, std::size_t> function_at;  // section index -> function
  for (Elf_Scn* scn = elf_nextscn(elf.get(), nullptr); scn; scn = elf_nextscn(elf.get(), scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) return make_error(fmt::format("bad section header: {}", elf_errmsg(-1)));
    const char* name = elf_strptr(elf.get(), shstrndx, sh.sh_name);
    if (!name) return make_error(fmt::format("section {} has a bad name offset {:#x}", elf_ndxscn(scn), sh.sh_name));
    const std::string_view sname(name);
    if (sh.sh_type != SHT_PROGBITS || !sname.starts_with(".text.")) continue;
    auto code = section_bytes(sh, sname);
    if (!code) return make_error(code.error());
    CubinFunction f;
    f.section = std::string(sname);
    f.name = std::string(sname.substr(6));
    if (auto ch = func_choice.find(elf_ndxscn(scn)); ch != func_choice.end()) {
      f.symbol = ch->second.second;
      f.name = out.symbols[f.symbol];
      f.entry = ch->second.first == 2;
      f.function_symbols = std::move(func_symbols[elf_ndxscn(scn)]);
    }
    if (auto d = data_symbols.find(elf_ndxscn(scn)); d != data_symbols.end()) f.data_symbols = std::move(d->second);
    if (auto ss = section_symbols.find(elf_ndxscn(scn)); ss != section_symbols.end()) f.section_symbol = ss->second;
    f.file_offset = sh.sh_offset;
    f.section_index = static_cast<uint32_t>(elf_ndxscn(scn));
    f.code = std::move(*code);
    function_at.emplace(elf_ndxscn(scn), out.functions.size());
    out.functions.push_back(std::move(f));
  }

  // The .global variables' sections and symbols.
  std::map<std::size_t, std::size_t> global_at;  // section index -> globals
  for (Elf_Scn* scn = elf_nextscn(elf.get(), nullptr); scn; scn = elf_nextscn(elf.get(), scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) return make_error(fmt::format("bad section header: {}", elf_errmsg(-1)));
    const char* name = elf_strptr(elf.get(), shstrndx, sh.sh_name);
    if (!name || (std::string_view(name) != ".nv.global" && std::string_view(name) != ".nv.global.init")) continue;
    Cubin::DataSection d{name, sh.sh_size, std::max<uint64_t>(sh.sh_addralign, 1), {}};
    if (sh.sh_type != SHT_NOBITS) {
      auto data = section_bytes(sh, name);
      if (!data) return make_error(data.error());
      d.bytes = std::move(*data);
    }
    global_at.emplace(elf_ndxscn(scn), out.globals.size());
    out.globals.push_back(std::move(d));
  }
  for (const Object& o : objects) {
    auto at = global_at.find(o.section);
    if (at == global_at.end()) continue;
    if (o.value > out.globals[at->second].size || o.size > out.globals[at->second].size - o.value)
      return make_error(fmt::format("symbol {} ({:#x} bytes at {:#x}) lies outside {} ({:#x} bytes)", o.name, o.size,
                                    o.value, out.globals[at->second].name, out.globals[at->second].size));
    out.global_symbols.push_back({o.name, at->second, o.value, o.size});
  }

  // Constant banks of the functions: .nv.constant<N>.<name>. (Also static shared memory sizes, .nv.shared.<name>.)
  std::map<std::size_t, std::size_t> constant0_of;  // section index of .nv.constant0.<name> -> function
  for (Elf_Scn* scn = elf_nextscn(elf.get(), nullptr); scn; scn = elf_nextscn(elf.get(), scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) return make_error(fmt::format("bad section header: {}", elf_errmsg(-1)));
    const char* name = elf_strptr(elf.get(), shstrndx, sh.sh_name);
    if (name && cubin_format::no_file_data(sh.sh_type) && std::string_view(name).starts_with(".nv.shared.")) {
      const std::string text_name = ".text." + std::string(std::string_view(name).substr(11));
      for (CubinFunction& f : out.functions)
        if (f.section == text_name) f.shared_size = sh.sh_size;
      continue;
    }
    if (!name || sh.sh_type != SHT_PROGBITS) continue;
    std::string_view sname(name);
    if (!sname.starts_with(".nv.constant")) continue;
    sname.remove_prefix(12);
    unsigned bank = 0;
    std::size_t digits = 0;
    while (digits < sname.size() && digits < 2 && sname[digits] >= '0' && sname[digits] <= '9')
      bank = bank * 10 + static_cast<unsigned>(sname[digits++] - '0');
    if (digits != 0 && digits == sname.size()) {  // .nv.constant3: the module's
      auto data = section_bytes(sh, name);
      if (!data) return make_error(data.error());
      out.constants.emplace_back(bank, *data);
      continue;
    }
    if (digits == 0 || digits >= sname.size() || sname[digits] != '.') continue;
    const std::string text_name = ".text." + std::string(sname.substr(digits + 1));
    auto data = section_bytes(sh, name);
    if (!data) return make_error(data.error());
    for (std::size_t k = 0; k < out.functions.size(); ++k)
      if (out.functions[k].section == text_name) {
        out.functions[k].constants.emplace_back(bank, *data);
        if (bank == 0) constant0_of.emplace(elf_ndxscn(scn), k);
      }
  }

  // Attributes of the code sections (.nv.info.<name>, sh_info names the section): records of a format byte, an
  // attribute byte and a value; EIFMT_SVAL (4) values are a 16-bit size and that many bytes, the others take two
  // bytes. Only EIATTR_INDIRECT_BRANCH_TARGETS (0x34) is read: entries of a 32-bit branch offset, 32 bits tmu does
  // not use, a 32-bit count and that many 32-bit target offsets.
  for (Elf_Scn* scn = elf_nextscn(elf.get(), nullptr); scn; scn = elf_nextscn(elf.get(), scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) return make_error(fmt::format("bad section header: {}", elf_errmsg(-1)));
    const char* name = elf_strptr(elf.get(), shstrndx, sh.sh_name);
    if (!name || !std::string_view(name).starts_with(".nv.info")) continue;
    const bool module_wide = std::string_view(name) == ".nv.info";
    auto target = function_at.find(sh.sh_info);
    if (!module_wide && target == function_at.end()) continue;
    CubinFunction* fp = module_wide ? nullptr : &out.functions[target->second];
    std::vector<CubinAttribute>& records = module_wide ? out.attributes : fp->attributes;
    if (sh.sh_offset > bytes.size() || sh.sh_size > bytes.size() - sh.sh_offset)
      return make_error(fmt::format("section {} runs past the end of the file", name));
    const std::span<const std::byte> info = bytes.subspan(sh.sh_offset, sh.sh_size);
    auto u8 = [&](std::size_t p) { return std::to_integer<uint32_t>(info[p]); };
    auto u16 = [&](std::size_t p) { return u8(p) | u8(p + 1) << 8; };
    auto u32 = [&](std::size_t p) { return u16(p) | u16(p + 2) << 16; };
    for (std::size_t p = 0; p + 4 <= info.size();) {
      const uint32_t format = u8(p), attr = u8(p + 1);
      if (format != 4) {
        records.push_back({static_cast<uint8_t>(format), static_cast<uint8_t>(attr),
                           std::vector<std::byte>(info.begin() + static_cast<std::ptrdiff_t>(p + 2),
                                                  info.begin() + static_cast<std::ptrdiff_t>(p + 4))});
        p += 4;
        continue;
      }
      const std::size_t size = u16(p + 2), at = p + 4;
      if (size > info.size() - at)
        return make_error(fmt::format("{}: attribute {:#x} at offset {:#x} has size {:#x}, past the section end", name,
                                      attr, p, size));
      p = at + size;
      records.push_back({static_cast<uint8_t>(format), static_cast<uint8_t>(attr),
                         std::vector<std::byte>(info.begin() + static_cast<std::ptrdiff_t>(at),
                                                info.begin() + static_cast<std::ptrdiff_t>(at + size))});
      if (module_wide || attr != 0x34) continue;
      CubinFunction& f = *fp;
      for (std::size_t e = at; e < at + size;) {
        if (e + 12 > at + size)
          return make_error(fmt::format("{}: indirect branch entry at offset {:#x} is truncated", name, e));
        CubinIndirectBranch b{u32(e), {}};
        const std::size_t n = u32(e + 8);
        e += 12;
        if (n > (at + size - e) / 4)
          return make_error(fmt::format("{}: indirect branch at {:#x} claims {} targets, more than the entry holds",
                                        name, b.offset, n));
        for (std::size_t k = 0; k < n; ++k, e += 4) b.targets.push_back(u32(e));
        f.indirect_branches.push_back(std::move(b));
      }
    }
  }

  // Relocations of the code sections (SHT_REL; sh_info names the section, sh_link the symbol table).
  for (Elf_Scn* scn = elf_nextscn(elf.get(), nullptr); scn; scn = elf_nextscn(elf.get(), scn)) {
    GElf_Shdr sh;
    if (!gelf_getshdr(scn, &sh)) return make_error(fmt::format("bad section header: {}", elf_errmsg(-1)));
    if (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA) continue;
    const bool rela = sh.sh_type == SHT_RELA;  // relocatable objects: LDC's constant operands (with addends)
    auto target = function_at.find(sh.sh_info);
    const auto bank0 = constant0_of.find(sh.sh_info);
    const bool of_bank0 = target == function_at.end() && bank0 != constant0_of.end();
    if (target == function_at.end() && !of_bank0) continue;
    CubinFunction& f = out.functions[of_bank0 ? bank0->second : target->second];
    Elf_Data* data = elf_getdata(scn, nullptr);
    Elf_Scn* symtab = elf_getscn(elf.get(), sh.sh_link);
    GElf_Shdr symsh;
    if (!data || !symtab || !gelf_getshdr(symtab, &symsh))
      return make_error(fmt::format("relocations of {} cannot be read", f.section));
    Elf_Data* syms = elf_getdata(symtab, nullptr);
    if (!syms) return make_error(fmt::format("symbol table of the relocations of {} cannot be read", f.section));
    const std::size_t n = sh.sh_size / (rela ? sizeof(Elf64_Rela) : sizeof(Elf64_Rel));  // whatever sh_entsize says
    for (std::size_t i = 0; i < n; ++i) {
      GElf_Rela rel{};
      GElf_Rel plain;
      const bool read = rela ? gelf_getrela(data, static_cast<int>(i), &rel) != nullptr
                             : gelf_getrel(data, static_cast<int>(i), &plain) != nullptr;
      if (!read) return make_error(fmt::format("relocation {} of {} is corrupt: {}", i, f.section, elf_errmsg(-1)));
      if (!rela) rel = GElf_Rela{plain.r_offset, plain.r_info, 0};
      const std::optional<int64_t> addend = rela ? std::optional<int64_t>(rel.r_addend) : std::nullopt;
      GElf_Sym sym;
      if (!gelf_getsym(syms, static_cast<int>(GELF_R_SYM(rel.r_info)), &sym))
        return make_error(fmt::format("relocation {} of {} names symbol {}, which does not exist", i, f.section,
                                      GELF_R_SYM(rel.r_info)));
      const char* name = elf_strptr(elf.get(), symsh.sh_link, sym.st_name);
      if (!name) return make_error(fmt::format("relocation {} of {}: the symbol has a bad name offset", i, f.section));
      if (of_bank0) {
        const std::size_t bank0_size = f.constants.empty() ? 0 : [&] {
          for (const auto& [bank, bytes0] : f.constants)
            if (bank == 0) return bytes0.size();
          return std::size_t{0};
        }();
        if (rel.r_offset + 4 > bank0_size)
          return make_error(fmt::format("relocation {} of .nv.constant0 of {} points at offset {:#x}, past the bank "
                                        "({:#x} bytes)", i, f.section, rel.r_offset, bank0_size));
        f.constant0_relocations.push_back({rel.r_offset, static_cast<uint32_t>(GELF_R_TYPE(rel.r_info)), name, addend});
        continue;
      }
      if (rel.r_offset >= f.code.size())
        return make_error(fmt::format("relocation {} of {} points at offset {:#x}, past the code ({:#x} bytes)", i,
                                      f.section, rel.r_offset, f.code.size()));
      f.relocations.push_back({rel.r_offset, static_cast<uint32_t>(GELF_R_TYPE(rel.r_info)), name, addend});
    }
  }
  return out;
}

Result<bool> apply_code_relocation(std::vector<std::byte>& code, const CubinRelocation& r, uint64_t value) {
  if (r.type != kRelocAbs32_20 && r.type != kRelocAbs32Lo20 && r.type != kRelocAbs32Hi20)
    return make_error(fmt::format("relocation type {} of {} at {:#x} is not a MOV32I immediate tmu patches", r.type,
                                  r.symbol, r.offset));
  if (r.offset % 8 != 0 || r.offset > code.size() || code.size() - r.offset < 8)
    return make_error(fmt::format("relocation of {} at {:#x}: not an instruction of the code ({:#x} bytes)", r.symbol,
                                  r.offset, code.size()));
  uint64_t word = 0;
  std::memcpy(&word, code.data() + r.offset, 8);
  const uint64_t field = (word >> 20) & 0xffffffffu;  // bits 20..51 (MOV32I's immediate)
  const uint64_t part = r.type == kRelocAbs32Hi20 ? value >> 32 : value & 0xffffffffu;
  word = (word & ~(uint64_t{0xffffffff} << 20)) | ((field + part) & 0xffffffffu) << 20;
  std::memcpy(code.data() + r.offset, &word, 8);
  return true;
}

std::optional<unsigned> relocation_field_lo(uint32_t type) {
  switch (type) {
    case kRelocAbs32_20: case kRelocAbs32Lo20: case kRelocAbs32Hi20: case kRelocAbs24_20: case kRelocAbs16_20:
    case kRelocConstField19_20: case kRelocConstField21_20: return 20;
    case kRelocBindlessOff13_36: return 36;
    default: return std::nullopt;
  }
}

std::string relocation_operand(uint32_t type, std::string_view symbol, int64_t addend) {
  if (type == kRelocAbs32Lo20 || type == kRelocAbs32Hi20)
    return fmt::format("{}{})", type == kRelocAbs32Lo20 ? "32@lo(" : "32@hi(", symbol);
  if (addend == 0) return fmt::format("`({})", symbol);
  // nvdisasm writes a negative addend signed after the '+': `(($__handoff__20 + -0x100)).
  return fmt::format("`(({} + {}{:#x}))", symbol, addend < 0 ? "-" : "",
                     addend < 0 ? uint64_t{0} - static_cast<uint64_t>(addend) : static_cast<uint64_t>(addend));
}

}  // namespace tmu::isa
