// SPDX-License-Identifier: MIT
// Reading a cubin's kernels with their metadata (the inverse of isa/cubin_write.cpp), on top of read_cubin (code,
// code relocations, constant banks, indirect branches). Formats: isa/cubin_format.h.
#include <gelf.h>
#include <libelf.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>

#include <fmt/format.h>

#include "isa/cubin_format.h"
#include "isa/cubin_image.h"

namespace tmu::isa {
namespace {

namespace cf = cubin_format;

struct ElfCloser {
  void operator()(Elf* e) const { elf_end(e); }
};

struct Sec {
  std::string name;
  GElf_Shdr sh{};
  std::span<const std::byte> bytes;
};

uint32_t le32(std::span<const std::byte> b, std::size_t p) {
  uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v |= std::to_integer<uint32_t>(b[p + i]) << (8 * i);
  return v;
}

// Calls f(attribute, format, value bytes) for each .nv.info record; HVAL/BVAL values as their 2 bytes.
template <typename F>
std::optional<std::string> each_attribute(const Sec& s, F f) {
  const auto b = s.bytes;
  for (std::size_t p = 0; p + 4 <= b.size();) {
    const auto format = std::to_integer<uint8_t>(b[p]), attr = std::to_integer<uint8_t>(b[p + 1]);
    if (format != cf::kFmtSval) {
      f(attr, format, b.subspan(p + 2, 2));
      p += 4;
      continue;
    }
    const std::size_t size = std::to_integer<std::size_t>(b[p + 2]) | std::to_integer<std::size_t>(b[p + 3]) << 8;
    if (size > b.size() - p - 4)
      return fmt::format("{}: attribute {:#x} at offset {:#x} has size {:#x}, past the section end", s.name, attr, p, size);
    f(attr, format, b.subspan(p + 4, size));
    p += 4 + size;
  }
  return std::nullopt;
}

std::array<uint32_t, 3> xyz(std::span<const std::byte> v) {
  return {v.size() >= 4 ? le32(v, 0) : 0, v.size() >= 8 ? le32(v, 4) : 0, v.size() >= 12 ? le32(v, 8) : 0};
}

}  // namespace

Result<CubinImage> read_cubin_image(std::span<const std::byte> bytes) {
  auto cubin = read_cubin(bytes);
  if (!cubin) return make_error(cubin.error());
  elf_version(EV_CURRENT);
  std::vector<char> image(bytes.size());
  std::memcpy(image.data(), bytes.data(), bytes.size());
  image[EI_VERSION] = EV_CURRENT;  // as read_cubin: nvdisasm ignores it, libelf refuses anything but 1
  std::unique_ptr<Elf, ElfCloser> elf(elf_memory(image.data(), image.size()));
  GElf_Ehdr eh;
  std::size_t shstrndx = 0;
  if (!elf || !gelf_getehdr(elf.get(), &eh) || elf_getshdrstrndx(elf.get(), &shstrndx) != 0)
    return make_error(fmt::format("cannot read ELF: {}", elf_errmsg(-1)));
  CubinImage out;
  out.arch = cubin->arch;
  out.tex_mode = (eh.e_flags & cf::kFlagTexmodeIndependent) ? TexMode::Independent : TexMode::Unified;
  out.address64 = (eh.e_flags & cf::kFlag64BitAddress) != 0;

  // Sections (read_cubin has checked that their data lies in the file where it reads them; check the rest here).
  std::vector<Sec> secs;
  for (Elf_Scn* scn = nullptr; (scn = elf_nextscn(elf.get(), scn)) != nullptr;) {
    Sec s;
    if (!gelf_getshdr(scn, &s.sh)) return make_error(fmt::format("bad section header: {}", elf_errmsg(-1)));
    const char* name = elf_strptr(elf.get(), shstrndx, s.sh.sh_name);
    s.name = name ? name : "";
    if (s.sh.sh_type != SHT_NOBITS) {
      if (s.sh.sh_offset > bytes.size() || s.sh.sh_size > bytes.size() - s.sh.sh_offset)
        return make_error(fmt::format("section {} runs past the end of the file", s.name));
      s.bytes = bytes.subspan(s.sh.sh_offset, s.sh.sh_size);
    }
    secs.resize(std::max<std::size_t>(secs.size(), elf_ndxscn(scn) + 1));
    secs[elf_ndxscn(scn)] = std::move(s);
  }
  const auto section = [&secs](const std::string& name) -> const Sec* {
    for (const Sec& s : secs)
      if (s.name == name) return &s;
    return nullptr;
  };

  // Symbols: names, kinds; kernels are the STO_CUDA_ENTRY functions.
  struct Sym {
    std::string name;
    GElf_Sym sym{};
  };
  std::vector<Sym> syms;
  for (const Sec& s : secs) {
    if (s.sh.sh_type != SHT_SYMTAB || s.sh.sh_entsize != sizeof(Elf64_Sym)) continue;
    for (std::size_t i = 0; i < s.sh.sh_size / sizeof(Elf64_Sym); ++i) {
      Sym y;
      std::memcpy(&y.sym, s.bytes.data() + i * sizeof(Elf64_Sym), sizeof(Elf64_Sym));
      const char* name = elf_strptr(elf.get(), s.sh.sh_link, y.sym.st_name);
      y.name = name ? name : "";
      syms.push_back(std::move(y));
    }
  }
  std::map<std::size_t, std::pair<uint32_t, CubinKernel>> by_section;  // text section -> (symbol, kernel)
  for (std::size_t i = 0; i < syms.size(); ++i) {
    const Sym& y = syms[i];
    if (GELF_ST_TYPE(y.sym.st_info) != STT_FUNC || !(y.sym.st_other & cf::kStoCudaEntry)) continue;
    const std::string text = ".text." + y.name;
    const CubinFunction* f = nullptr;
    for (const CubinFunction& g : cubin->functions)
      if (g.section == text) f = &g;
    const Sec* ts = section(text);
    if (!f || !ts) return make_error(fmt::format("kernel {} has no section {}", y.name, text));
    CubinKernel k;
    k.name = y.name;
    k.visible = GELF_ST_BIND(y.sym.st_info) == STB_GLOBAL;
    k.code = f->code;
    k.relocations = f->relocations;
    k.indirect_branches = f->indirect_branches;
    for (const auto& [bank, data] : f->constants)
      if (bank == 2) k.constant2 = data;
    k.registers = static_cast<unsigned>(ts->sh.sh_info >> cf::kTextInfoRegShift);
    k.barriers = static_cast<unsigned>(ts->sh.sh_flags >> cf::kTextFlagBarrierShift & cf::kTextFlagBarrierMask);
    if (const Sec* sh = section(".nv.shared." + y.name)) {
      k.shared_size = static_cast<uint32_t>(sh->sh.sh_size);
      k.shared_align = static_cast<uint32_t>(sh->sh.sh_addralign);
    }
    if (const Sec* info = section(".nv.info." + y.name)) {
      auto err = each_attribute(*info, [&k, &syms](uint8_t attr, uint8_t, std::span<const std::byte> v) {
        if (attr == cf::kKparamInfo && v.size() >= 12) {
          const uint32_t space = cf::kparam_space(le32(v, 8)), index = le32(v, 0);
          if (le32(v, 4) >> 16 == cf::kKparamNoOffset && cf::kparam_size(le32(v, 8)) == 0 &&
              (space == cf::kKparamSpaceTexture || space == cf::kKparamSpaceSampler) && index < syms.size()) {
            // A .param .texref / .samplerref: named by its symbol.
            k.params.push_back(CubinParam::reference(
                le32(v, 4) & 0xffff, space == cf::kKparamSpaceTexture ? HandleKind::Texture : HandleKind::Sampler,
                syms[index].name));
          } else {
            k.params.push_back({le32(v, 4) & 0xffff, le32(v, 4) >> 16, cf::kparam_size(le32(v, 8))});
          }
        }
        else if (attr == cf::kCbankParamSize && v.size() == 2)
          k.param_size = std::to_integer<uint32_t>(v[0]) | std::to_integer<uint32_t>(v[1]) << 8;
        else if (attr == cf::kExitInstrOffsets)
          for (std::size_t p = 0; p + 4 <= v.size(); p += 4) k.exit_offsets.push_back(le32(v, p));
        else if (attr == cf::kIntWarpWideInstrOffsets)
          for (std::size_t p = 0; p + 4 <= v.size(); p += 4) k.warp_wide_offsets.push_back(le32(v, p));
        else if (attr == cf::kCoopGroupInstrOffsets)
          for (std::size_t p = 0; p + 4 <= v.size(); p += 4) k.coop_group_offsets.push_back(le32(v, p));
        else if (attr == cf::kCrsStackSize && v.size() >= 4)
          k.crs_stack_size = le32(v, 0);
        else if (attr == cf::kMaxThreads)
          k.max_threads = xyz(v);
        else if (attr == cf::kReqntid)
          k.req_threads = xyz(v);
      });
      if (err) return make_error(*err);
      std::sort(k.params.begin(), k.params.end(), [](const CubinParam& a, const CubinParam& b) { return a.ordinal < b.ordinal; });
    }
    // Texture, sampler and surface slots: the relocations of .nv.constant0.<k>.
    if (const Sec* rel = section(".rel.nv.constant0." + y.name); rel && rel->sh.sh_entsize == sizeof(Elf64_Rel)) {
      for (std::size_t r = 0; r < rel->sh.sh_size / sizeof(Elf64_Rel); ++r) {
        Elf64_Rel e;
        std::memcpy(&e, rel->bytes.data() + r * sizeof(Elf64_Rel), sizeof e);
        const auto type = static_cast<uint32_t>(ELF64_R_TYPE(e.r_info));
        const auto s = static_cast<std::size_t>(ELF64_R_SYM(e.r_info));
        if (s >= syms.size()) return make_error(fmt::format("{}: relocation {} names symbol {}, which does not exist", rel->name, r, s));
        const HandleKind kind = type == cf::kRelSampHeaderIndex ? HandleKind::Sampler
                                : type == cf::kRelSurfHeaderIndex ? HandleKind::Surface
                                                                  : HandleKind::Texture;
        if (type != cf::kRelTexHeaderIndex && type != cf::kRelSampHeaderIndex && type != cf::kRelSurfHeaderIndex)
          return make_error(fmt::format("{}: relocation type {} at {:#x} is not a texture, sampler or surface slot",
                                        rel->name, type, e.r_offset));
        // A local symbol is a .texref / .samplerref parameter of the kernel.
        const bool param = GELF_ST_BIND(syms[s].sym.st_info) == STB_LOCAL;
        k.handles.push_back({kind, syms[s].name, static_cast<uint32_t>(e.r_offset), param});
      }
    }
    by_section.emplace(static_cast<std::size_t>(ts - secs.data()), std::pair{static_cast<uint32_t>(i), std::move(k)});
  }
  // Kernels in section order (ptxas's symbol order puts hidden kernels before visible ones).
  std::map<uint32_t, std::size_t> kernel_of_symbol;
  for (auto& [index, entry] : by_section) {
    kernel_of_symbol.emplace(entry.first, out.kernels.size());
    out.kernels.push_back(std::move(entry.second));
  }
  // .nv.info: frame and stack sizes by kernel symbol.
  if (const Sec* info = section(".nv.info")) {
    auto err = each_attribute(*info, [&](uint8_t attr, uint8_t, std::span<const std::byte> v) {
      if (v.size() < 8) return;
      auto it = kernel_of_symbol.find(le32(v, 0));
      if (it == kernel_of_symbol.end()) return;
      CubinKernel& k = out.kernels[it->second];
      if (attr == cf::kFrameSize) k.local_size = le32(v, 4);
      if (attr == cf::kMaxStackSize) k.max_stack_size = le32(v, 4);
    });
    if (err) return make_error(*err);
  }
  return out;
}

}  // namespace tmu::isa
