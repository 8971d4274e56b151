// SPDX-License-Identifier: MIT
// The cubin writer. Layout, as in ptxas 11.8's output (readelf -a -W on its cubins): the ELF header, the sections'
// bytes in section order (each at its alignment), the section header table, then the program header table.
#include "isa/cubin_write.h"

#include <elf.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <set>

#include <fmt/format.h>

#include "isa/cubin_elf_builder.h"
#include "isa/cubin_format.h"
#include "isa/sm50/program.h"

namespace tmu::isa {
namespace {

namespace cf = cubin_format;
using cubin_elf::Bytes;
using cubin_elf::ElfBuilder;
using cubin_elf::Symbol;

constexpr unsigned char st_info(unsigned bind, unsigned type) { return static_cast<unsigned char>(bind << 4 | type); }
constexpr uint64_t r_info(uint32_t sym, uint32_t type) { return uint64_t{sym} << 32 | type; }

uint32_t param_area(const CubinKernel& k) {
  if (k.param_size != 0) return k.param_size;
  uint32_t end = 0;
  for (const CubinParam& p : k.params) end = std::max(end, p.offset + p.size);
  return end;
}

// Offsets of the EXITs (every EXIT, predicated or not: ptxas lists 0x68 for the one EXIT of its `addone`).
Result<std::vector<uint32_t>> exit_offsets(const CubinKernel& k, Arch arch) {
  sm50::Program p;
  if (auto bad = sm50::decode_program(k.code, arch, 0, p))
    return make_error(fmt::format("kernel {}: the code does not decode for {} at {:#06x} (word {:#018x}): {}", k.name,
                                  arch_name(arch), bad->address, bad->word, bad->reason));
  std::vector<uint32_t> out;
  for (const sm50::Instruction& i : p.code)
    if (i.op() == sm50::Op::EXIT) out.push_back(static_cast<uint32_t>(i.address()));
  return out;
}

std::optional<std::string> check_kernel(const CubinKernel& k, const CubinImage& image) {
  if (k.name.empty() || k.name.find('\0') != std::string::npos) return "a kernel has an empty or invalid name";
  const auto fail = [&k](std::string what) { return fmt::format("kernel {}: {}", k.name, what); };
  if (k.code.empty() || k.code.size() % sm50::kBundleBytes != 0)
    return fail(fmt::format("code of {} bytes is not whole 32-byte bundles", k.code.size()));
  if (k.registers > 255) return fail(fmt::format("{} registers: at most 255", k.registers));
  if (k.barriers > cf::kTextFlagBarrierMask) return fail(fmt::format("{} barriers: at most 16", k.barriers));
  if (k.shared_align == 0 || (k.shared_align & (k.shared_align - 1)) != 0)
    return fail(fmt::format("shared alignment {} is not a power of two", k.shared_align));
  // CUDA C++ Programming Guide, "Technical Specifications per Compute Capability": 48 KB of shared memory per
  // block and 512 KB of local memory per thread on compute capability 5.x.
  if (k.shared_size > 48 * 1024) return fail(fmt::format("{} bytes of shared memory: at most 49152 (48 KiB)", k.shared_size));
  if (k.local_size > 512 * 1024) return fail(fmt::format("{} bytes of local memory: at most 524288 (512 KiB)", k.local_size));
  const uint32_t area = param_area(k);
  // 4096 bytes of parameters: PTX ISA's limit for .entry parameters on sm_2x and later.
  if (area > 4096) return fail(fmt::format("{} bytes of parameters: at most 4096", area));
  std::set<uint32_t> ordinals;
  for (const CubinParam& p : k.params) {
    if (p.handle) {
      if (p.size != 0 || p.offset != 0 || p.name.empty() || p.name.find('\0') != std::string::npos)
        return fail(fmt::format("parameter {}: a .texref / .samplerref / .surfref parameter has a name and no bytes",
                                p.ordinal));
      if (*p.handle == HandleKind::Sampler && image.tex_mode != TexMode::Independent)
        return fail(fmt::format("sampler parameter {} needs independent texture mode", p.name));
      if (!ordinals.insert(p.ordinal).second) return fail(fmt::format("two parameters have ordinal {}", p.ordinal));
      continue;
    }
    if (p.size == 0 || p.offset + p.size > area || p.offset > area)
      return fail(fmt::format("parameter {} (offset {:#x}, size {:#x}) is outside the {:#x}-byte parameter area",
                              p.ordinal, p.offset, p.size, area));
    if (!ordinals.insert(p.ordinal).second) return fail(fmt::format("two parameters have ordinal {}", p.ordinal));
  }
  for (const CubinHandle& h : k.handles) {
    if (h.name.empty() || h.name.find('\0') != std::string::npos) return fail("a texture/sampler/surface has no name");
    if (h.slot < kParamBase + area || h.slot % 4 != 0 || h.slot > 0xfffc)
      return fail(fmt::format("{}'s slot c[0x0][{:#x}] is not a 4-byte slot after the parameters (which end at {:#x})",
                              h.name, h.slot, kParamBase + area));
    if (h.kind == HandleKind::Sampler && image.tex_mode != TexMode::Independent)
      return fail(fmt::format("sampler {} needs independent texture mode (.target ..., texmode_independent)", h.name));
    if (h.param && std::none_of(k.params.begin(), k.params.end(), [&h](const CubinParam& p) {
          return p.handle == h.kind && p.name == h.name;
        }))
      return fail(fmt::format("{}'s slot names a parameter the kernel does not have", h.name));
  }
  for (const auto* list : {&k.exit_offsets, &k.warp_wide_offsets, &k.coop_group_offsets})
    for (uint32_t at : *list)
      if (at >= k.code.size() || at % 8 != 0)
        return fail(fmt::format("instruction offset {:#x} is not an instruction of the code", at));
  for (const CubinRelocation& r : k.relocations)
    if (r.offset >= k.code.size() || r.symbol.empty())
      return fail(fmt::format("relocation at {:#x} is past the code or names no symbol", r.offset));
  return std::nullopt;
}

unsigned char handle_type(HandleKind k) {
  return k == HandleKind::Texture ? cf::kSttCudaTexture
         : k == HandleKind::Sampler ? cf::kSttCudaSampler
                                    : cf::kSttCudaSurface;
}

uint32_t handle_reloc(HandleKind k) {
  return k == HandleKind::Texture ? cf::kRelTexHeaderIndex
         : k == HandleKind::Sampler ? cf::kRelSampHeaderIndex
                                    : cf::kRelSurfHeaderIndex;
}

// Indices of one kernel's sections (0: none).
struct KernelSections {
  uint16_t info = 0, rel_const0 = 0, rel_text = 0, const2 = 0, const0 = 0, text = 0, shared = 0;
  uint32_t sym = 0, sym_const0 = 0;
};

// An .nv.info record writer.
struct Info {
  Bytes b;
  void sval(uint8_t attr, const std::vector<uint32_t>& words) {
    b.u8(cf::kFmtSval), b.u8(attr), b.u16(static_cast<uint16_t>(words.size() * 4));
    for (uint32_t w : words) b.u32(w);
  }
  void hval(uint8_t attr, uint16_t v) { b.u8(cf::kFmtHval), b.u8(attr), b.u16(v); }
  void bval(uint8_t attr, uint8_t v) { b.u8(cf::kFmtBval), b.u8(attr), b.u8(v), b.u8(0); }
  void nval(uint8_t attr) { b.u8(cf::kFmtNval), b.u8(attr), b.u16(0); }
};

// .nv.info.<k>, in ptxas's attribute order (its cubins of tests/data/cubin/*.ptx).
// `param_symbols`: the symbol of each .texref / .samplerref parameter, by name.
std::vector<std::byte> kernel_info(const CubinKernel& k, const KernelSections& s, const std::vector<uint32_t>& exits,
                                   const std::map<std::string, uint32_t>& param_symbols) {
  Info in;
  in.sval(cf::kCudaApiVersion, {cf::kToolkitVersion});
  in.nval(cf::kSw2393858War);
  in.nval(cf::kSw1850030War);
  const uint32_t area = param_area(k);
  if (area != 0 || !k.params.empty()) {  // ptxas: a kernel whose only parameter is a .texref has no CBANK_PARAM_SIZE
    in.sval(cf::kParamCbank, {s.sym_const0, kParamBase | area << 16});
    if (area != 0) in.hval(cf::kCbankParamSize, static_cast<uint16_t>(area));
    std::vector<CubinParam> params = k.params;  // ptxas lists the last parameter first
    std::sort(params.begin(), params.end(), [](const CubinParam& a, const CubinParam& b) { return a.ordinal > b.ordinal; });
    for (const CubinParam& p : params) {
      if (p.handle) {
        const uint32_t space = *p.handle == HandleKind::Texture   ? cf::kKparamSpaceTexture
                               : *p.handle == HandleKind::Surface ? cf::kKparamSpaceSurface
                                                                  : cf::kKparamSpaceSampler;
        in.sval(cf::kKparamInfo, {param_symbols.at(p.name), p.ordinal | cf::kKparamNoOffset << 16,
                                  cf::kparam_handle_flags(space)});
      } else {
        in.sval(cf::kKparamInfo, {0, p.ordinal | p.offset << 16, cf::kparam_flags(p.size)});
      }
    }
  }
  in.hval(cf::kMaxregCount, 0xff);
  const auto uses = [&k](HandleKind kind) {
    return std::any_of(k.handles.begin(), k.handles.end(), [kind](const CubinHandle& h) { return h.kind == kind; });
  };
  if (uses(HandleKind::Surface)) in.bval(cf::kBindlessSurfaceBank, 0);
  if (uses(HandleKind::Texture)) in.bval(cf::kBindlessTextureBank, 0);
  if (!k.warp_wide_offsets.empty()) in.sval(cf::kIntWarpWideInstrOffsets, k.warp_wide_offsets);
  if (!k.coop_group_offsets.empty()) in.sval(cf::kCoopGroupInstrOffsets, k.coop_group_offsets);
  if (!exits.empty()) in.sval(cf::kExitInstrOffsets, exits);
  if (!k.indirect_branches.empty()) {
    std::vector<uint32_t> words;
    for (const CubinIndirectBranch& b : k.indirect_branches) {
      words.push_back(static_cast<uint32_t>(b.offset));
      words.push_back(0);
      words.push_back(static_cast<uint32_t>(b.targets.size()));
      for (uint64_t t : b.targets) words.push_back(static_cast<uint32_t>(t));
    }
    in.sval(cf::kIndirectBranchTargets, words);
  }
  if (k.crs_stack_size != 0) in.sval(cf::kCrsStackSize, {k.crs_stack_size});
  if (k.max_threads) in.sval(cf::kMaxThreads, {(*k.max_threads)[0], (*k.max_threads)[1], (*k.max_threads)[2]});
  if (k.req_threads) in.sval(cf::kReqntid, {(*k.req_threads)[0], (*k.req_threads)[1], (*k.req_threads)[2]});
  return std::move(in.b.data);
}

std::vector<std::byte> rel_entries(const std::vector<std::pair<uint64_t, uint64_t>>& rels) {
  Bytes b;
  for (const auto& [offset, info] : rels) b.u64(offset), b.u64(info);
  return std::move(b.data);
}

}  // namespace

Result<std::vector<std::byte>> write_cubin(const CubinImage& image) {
  if (image.kernels.empty()) return make_error("no kernels to write");
  std::set<std::string> names;
  std::vector<std::vector<uint32_t>> exits;
  for (const CubinKernel& k : image.kernels) {
    if (auto e = check_kernel(k, image)) return make_error(*e);
    if (!names.insert(k.name).second) return make_error(fmt::format("two kernels are named {}", k.name));
    if (!k.exit_offsets.empty()) {
      exits.push_back(k.exit_offsets);
      continue;
    }
    auto e = exit_offsets(k, image.arch);
    if (!e) return make_error(e.error());
    exits.push_back(std::move(*e));
  }
  // Texture references, samplers and surfaces: one global symbol per name, of one kind.
  std::map<std::string, HandleKind> handles;
  for (const CubinKernel& k : image.kernels)
    for (const CubinHandle& h : k.handles) {
      if (h.param) continue;  // a parameter's symbol is the kernel's own
      auto [it, fresh] = handles.emplace(h.name, h.kind);
      if (!fresh && it->second != h.kind)
        return make_error(fmt::format("{} is used as two kinds of reference (texture, sampler, surface)", h.name));
    }

  // Section indices, in ptxas's order: tables, .nv.info, .nv.info.<k>..., relocations, constant banks, code, shared.
  ElfBuilder elf;
  const std::size_t n = image.kernels.size();
  std::vector<KernelSections> ks(n);
  uint16_t next = 4;  // 1 .shstrtab, 2 .strtab, 3 .symtab
  ++next;  // .nv.info
  for (auto& s : ks) s.info = next++;
  for (std::size_t i = 0; i < n; ++i)
    if (!image.kernels[i].handles.empty()) ks[i].rel_const0 = next++;
  for (std::size_t i = 0; i < n; ++i)
    if (!image.kernels[i].relocations.empty()) ks[i].rel_text = next++;
  const uint16_t const3 = image.constant3.empty() ? 0 : next++;  // ptxas: after the relocations, before bank 0
  for (std::size_t i = 0; i < n; ++i)
    if (!image.kernels[i].constant2.empty()) ks[i].const2 = next++;
  for (auto& s : ks) s.const0 = next++;
  for (auto& s : ks) s.text = next++;
  const uint16_t global_init = image.global_init.empty() ? 0 : next++;  // ptxas: after the code, before shared
  for (std::size_t i = 0; i < n; ++i)
    if (image.kernels[i].shared_size != 0) ks[i].shared = next++;
  const uint16_t global_zero = image.global_size == 0 ? 0 : next++;  // ptxas: last

  // Symbols: local ones first (a hidden kernel, then its sections' symbols), then the globals by name (visible
  // kernels, texture references, samplers, surfaces), as in ptxas's .symtab; symtab sh_info = first global.
  std::vector<Symbol> syms(1);
  const auto section_symbol = [&](const std::string& name, uint16_t index) {
    syms.push_back({name, st_info(STB_LOCAL, STT_SECTION), 0, index, 0});
    return static_cast<uint32_t>(syms.size() - 1);
  };
  const auto kernel_symbol = [&](std::size_t i, unsigned char bind) {
    const CubinKernel& k = image.kernels[i];
    syms.push_back({k.name, st_info(bind, STT_FUNC), cf::kStoCudaEntry, ks[i].text, k.code.size()});
    ks[i].sym = static_cast<uint32_t>(syms.size() - 1);
  };
  std::map<std::string, uint32_t> variable_symbol;  // what code relocations name (a .global variable's address)
  std::vector<std::map<std::string, uint32_t>> param_symbols(n);  // each kernel's .texref / .samplerref parameters
  for (std::size_t i = 0; i < n; ++i) {
    const CubinKernel& k = image.kernels[i];
    if (!k.visible) kernel_symbol(i, STB_LOCAL);
    section_symbol(".text." + k.name, ks[i].text);
    // ptxas: the parameters' local symbols after the code section's, in parameter order.
    std::vector<CubinParam> refs;
    for (const CubinParam& p : k.params)
      if (p.handle) refs.push_back(p);
    std::sort(refs.begin(), refs.end(), [](const CubinParam& a, const CubinParam& b) { return a.ordinal < b.ordinal; });
    for (const CubinParam& p : refs) {
      syms.push_back({p.name, st_info(STB_LOCAL, handle_type(*p.handle)), 0, ks[i].text, 0});
      param_symbols[i][p.name] = static_cast<uint32_t>(syms.size() - 1);
    }
    if (ks[i].const2) section_symbol(".nv.constant2." + k.name, ks[i].const2);
    if (ks[i].shared) section_symbol(".nv.shared." + k.name, ks[i].shared);
    if (i == 0) {  // ptxas: the variables before the first bank-0 symbol, each section's own before its first
      bool named[3] = {false, false, false};
      for (const CubinVariable& v : image.variables) {
        static constexpr const char* kSection[] = {".nv.constant3", ".nv.global.init", ".nv.global"};
        const auto which = static_cast<std::size_t>(v.section);  // VariableSection's order
        const uint16_t index = std::array{const3, global_init, global_zero}[which];
        if (index == 0) return make_error(fmt::format("variable {} lies in an empty section", v.name));
        const uint64_t size = which == 0 ? image.constant3.size() : which == 1 ? image.global_init.size() : image.global_size;
        if (uint64_t{v.offset} + v.size > size)
          return make_error(fmt::format("variable {} ({} bytes at {:#x}) lies outside {} ({:#x} bytes)", v.name, v.size,
                                        v.offset, kSection[which], size));
        if (!named[which]) section_symbol(kSection[which], index);
        named[which] = true;
        syms.push_back({v.name, st_info(STB_LOCAL, STT_OBJECT), 0, index, v.size, v.offset});
        variable_symbol[v.name] = static_cast<uint32_t>(syms.size() - 1);
      }
    }
    ks[i].sym_const0 = section_symbol(".nv.constant0." + k.name, ks[i].const0);
  }
  const auto first_global = static_cast<uint32_t>(syms.size());
  std::map<std::string, std::size_t> globals;  // name -> kernel index, or n + 1 for a handle
  for (std::size_t i = 0; i < n; ++i)
    if (image.kernels[i].visible) globals.emplace(image.kernels[i].name, i);
  for (const auto& [name, kind] : handles)
    if (!globals.emplace(name, n + 1).second)
      return make_error(fmt::format("{} names both a kernel and a texture/sampler/surface", name));
  std::map<std::string, uint32_t> sym_of;
  for (const auto& [name, what] : globals) {
    if (what < n) {
      kernel_symbol(what, STB_GLOBAL);
    } else {
      syms.push_back({name, st_info(STB_GLOBAL, handle_type(handles.at(name))), 0, SHN_UNDEF, 0});
    }
    sym_of[name] = static_cast<uint32_t>(syms.size() - 1);
  }
  for (std::size_t i = 0; i < n; ++i) sym_of[image.kernels[i].name] = ks[i].sym;
  for (const auto& [name, index] : variable_symbol) sym_of.emplace(name, index);
  // Symbols that only code relocations name (another function, .nv.unified.texrefDescSize ...): undefined globals.
  for (const CubinKernel& k : image.kernels)
    for (const CubinRelocation& r : k.relocations)
      if (!sym_of.count(r.symbol)) {
        syms.push_back({r.symbol, st_info(STB_GLOBAL, STT_NOTYPE), 0, SHN_UNDEF, 0});
        sym_of[r.symbol] = static_cast<uint32_t>(syms.size() - 1);
      }

  // .nv.info: per kernel (last first, as ptxas lists them) REGCOUNT, MAX_STACK_SIZE, MIN_STACK_SIZE, FRAME_SIZE;
  // then SAMPLER_INIT (sampler symbol, 0xffffffff) for each sampler.
  Info global;
  for (std::size_t j = n; j-- > 0;) {
    const CubinKernel& k = image.kernels[j];
    global.sval(cf::kRegcount, {ks[j].sym, k.registers});
    global.sval(cf::kMaxStackSize, {ks[j].sym, k.max_stack_size});
    global.sval(cf::kMinStackSize, {ks[j].sym, k.local_size});
    global.sval(cf::kFrameSize, {ks[j].sym, k.local_size});
  }
  for (const auto& [name, kind] : handles)
    if (kind == HandleKind::Sampler) global.sval(cf::kSamplerInit, {sym_of.at(name), 0xffffffffu});

  elf.add({".nv.info", cf::kShtCudaInfo, 0, 3, 0, 4, 0, std::move(global.b.data)});
  for (std::size_t i = 0; i < n; ++i) {
    const CubinKernel& k = image.kernels[i];
    elf.add({".nv.info." + k.name, cf::kShtCudaInfo, 0, 3, ks[i].text, 4, 0, kernel_info(k, ks[i], exits[i], param_symbols[i])});
  }
  // .rel.nv.constant0.<k>: the slots the driver fills with header indices (sh_info: the constant0 section).
  for (std::size_t i = 0; i < n; ++i) {
    if (!ks[i].rel_const0) continue;
    const CubinKernel& k = image.kernels[i];
    std::vector<std::pair<uint64_t, uint64_t>> rels;
    for (const CubinHandle& h : k.handles)
      rels.emplace_back(h.slot, r_info(h.param ? param_symbols[i].at(h.name) : sym_of.at(h.name), handle_reloc(h.kind)));
    elf.add({".rel.nv.constant0." + k.name, SHT_REL, 0, 3, ks[i].const0, 8, sizeof(Elf64_Rel), rel_entries(rels)});
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!ks[i].rel_text) continue;
    const CubinKernel& k = image.kernels[i];
    std::vector<std::pair<uint64_t, uint64_t>> rels;
    for (const CubinRelocation& r : k.relocations) rels.emplace_back(r.offset, r_info(sym_of.at(r.symbol), r.type));
    elf.add({".rel.text." + k.name, SHT_REL, 0, 3, ks[i].text, 8, sizeof(Elf64_Rel), rel_entries(rels)});
  }
  // Constant banks: PROGBITS, SHF_ALLOC, sh_info the code section, alignment 4; the module's bank 3 without a
  // code section.
  if (const3) elf.add({".nv.constant3", SHT_PROGBITS, SHF_ALLOC, 0, 0, image.constant3_align, 0, image.constant3});
  for (std::size_t i = 0; i < n; ++i)
    if (ks[i].const2)
      elf.add({".nv.constant2." + image.kernels[i].name, SHT_PROGBITS, SHF_ALLOC, 0, ks[i].text, 4, 0,
               image.kernels[i].constant2});
  for (std::size_t i = 0; i < n; ++i) {
    const CubinKernel& k = image.kernels[i];
    uint32_t size = kParamBase + param_area(k);
    for (const CubinHandle& h : k.handles) size = std::max(size, h.slot + 4);
    elf.add({".nv.constant0." + k.name, SHT_PROGBITS, SHF_ALLOC, 0, ks[i].text, 4, 0, std::vector<std::byte>(size)});
  }
  // Code: sh_link the symbol table, sh_info registers << 24 | symbol, barriers in sh_flags, alignment 32.
  for (std::size_t i = 0; i < n; ++i) {
    const CubinKernel& k = image.kernels[i];
    const uint64_t flags = SHF_ALLOC | SHF_EXECINSTR | uint64_t{k.barriers} << cf::kTextFlagBarrierShift;
    elf.add({".text." + k.name, SHT_PROGBITS, flags, 3, k.registers << cf::kTextInfoRegShift | ks[i].sym, 32, 0, k.code});
  }
  // The initialized .global variables, then shared memory (NOBITS, SHF_WRITE|SHF_ALLOC, sh_info the code
  // section), then the other .global variables.
  if (global_init)
    elf.add({".nv.global.init", SHT_PROGBITS, SHF_WRITE | SHF_ALLOC, 0, 0, image.global_init_align, 0, image.global_init});
  for (std::size_t i = 0; i < n; ++i) {
    if (!ks[i].shared) continue;
    const CubinKernel& k = image.kernels[i];
    cubin_elf::Section s{".nv.shared." + k.name, SHT_NOBITS, SHF_WRITE | SHF_ALLOC, 0, ks[i].text, k.shared_align, 0, {}};
    s.nobits_size = k.shared_size;
    elf.add(std::move(s));
  }
  if (global_zero) {
    cubin_elf::Section s{".nv.global", SHT_NOBITS, SHF_WRITE | SHF_ALLOC, 0, 0, image.global_align, 0, {}};
    s.nobits_size = image.global_size;
    elf.add(std::move(s));
  }

  uint32_t e_flags = static_cast<uint32_t>(image.arch) | static_cast<uint32_t>(image.arch) << cf::kFlagVirtualSmShift;
  e_flags |= image.tex_mode == TexMode::Unified ? cf::kFlagTexmodeUnified : cf::kFlagTexmodeIndependent;
  if (image.address64) e_flags |= cf::kFlag64BitAddress;
  return elf.write(syms, first_global, e_flags);
}

}  // namespace tmu::isa
