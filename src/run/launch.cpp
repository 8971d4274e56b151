// SPDX-License-Identifier: MIT
#include "run/launch.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "exec/executor.h"
#include "isa/sm50/program.h"
#include "run/kernel_info.h"
#include "run/module_data.h"
#include "sample/texels.h"
#include "texunit/surface_layout.h"
#include "texunit/texture_set.h"
#include "texunit/texture_unit.h"

namespace tmu::run {
namespace {

// Constant bank 0 as the driver fills it for a compute launch on sm_50/52. Established from ptxas 11.8 output
// (`ptxas -arch=sm_50`, then nvdisasm; the kernels are tests/data/run/dims.ptx and friends): %ntid.x/y/z read
// c[0x0][0x8], [0xc], [0x10]; %nctaid.x/y/z read c[0x0][0x14], [0x18], [0x1c]; every kernel starts with
// `MOV R1, c[0x0][0x20]`, the stack pointer, which a kernel with a local array lowers (`IADD32I R1, R1, -0x40`)
// before STL / LDL [R1+...]: the top of the thread's local memory; parameters start at EIATTR_PARAM_CBANK's
// offset, 0x140 (shared/reference/lowering-facts.md §3: "params start at c[0x0][0x140]").
constexpr uint32_t kNtid = 0x8, kNctaid = 0x14, kStackPointer = 0x20;
// %dynamic_smem_size reads c[0x0][0xfc] (ptxas 11.8; tmu ptxas alike, src/ptx/compile/system.cpp). %gridid
// ([0x28]) and %envreg0-31 ([0x30 + 4 n]) are left 0.
constexpr uint32_t kDynamicShared = 0xfc;
// Generic addressing: cvta.shared compiles to `MOV R4, c[0x0][0x0]` (the shared window's base, 32 bits; the high
// word is RZ) and cvta.local to `LOP.OR R8, R1, c[0x0][0x4]` (the local window's base ORed with the local
// address), generic LD/ST then go through the windows (ptxas 11.8 -arch=sm_50 on tests/data/run/generic.ptx). The
// bases are tmu's choice, below the buffers (GpuMemory allocates from 4 GiB up): a GPU's values may differ, and
// the local window's base must be aligned past the local size for the OR to add.
constexpr uint32_t kSharedWindowWord = 0x0, kLocalWindowWord = 0x4;
constexpr uint32_t kSharedWindow = 0x01000000, kLocalWindow = 0x02000000;
constexpr uint32_t kMaxLocalBytes = 0x01000000;

// Texture-object handles and texref words hold samplerIndex << 20 | headerIndex (seed 000, "TEX.B": the
// handle's bits 19:0 index the header pool, 31:20 the sampler pool; lowering-facts.md §3.5 for independent
// texrefs: "sampler index in bits 31:20, header index in 19:0").

std::string dims_text(const std::array<uint32_t, 3>& d) { return fmt::format("({},{},{})", d[0], d[1], d[2]); }

struct BoundTexture {
  uint32_t header = 0, sampler = 0;
};

// The warps of a block: its threads in order x fastest, then y, then z, 32 to a warp, each with its thread ids
// and zeroed local memory (undefined on a GPU). A compute warp runs only its threads: no helper lanes
// (ThreadMasks::launch would promote them to quads).
std::vector<exec::BlockWarp> block_warps(const std::array<uint32_t, 3>& block, uint32_t count, uint32_t local_bytes) {
  const uint64_t threads = uint64_t{block[0]} * block[1] * block[2];
  std::vector<exec::BlockWarp> warps(count);
  for (uint32_t w = 0; w < count; ++w) {
    exec::BlockWarp& bw = warps[w];
    bw.warp.pixel_shader = false;
    uint32_t lanes = 0;
    for (unsigned lane = 0; lane < exec::kLanes; ++lane) {
      const uint64_t t = uint64_t{w} * 32 + lane;
      if (t >= threads) break;
      lanes |= 1u << lane;
      bw.tid[lane] = {static_cast<uint32_t>(t % block[0]), static_cast<uint32_t>(t / block[0] % block[1]),
                      static_cast<uint32_t>(t / (uint64_t{block[0]} * block[1]))};
      bw.local[lane] = exec::ByteMemory(0, local_bytes);
    }
    bw.warp.masks.orm = bw.warp.masks.prm = bw.warp.masks.ctm = lanes;
    bw.warp.masks.ktm = 0;
    bw.warp.masks.exited = ~lanes;
  }
  return warps;
}

// "block (x,y,z), thread (...) (warp w, lane l): at ADDR: why", or without a lane "block (...), warp w: ...", or for a
// deadlock (no one warp to blame) "block (...): at ADDR: deadlock: ...".
std::string block_error_text(const std::array<uint32_t, 3>& ctaid, const std::vector<exec::BlockWarp>& warps,
                             const exec::BlockError& e) {
  const std::string block = fmt::format("block {}", dims_text(ctaid));
  const exec::ExecError& error = e.error;
  if (!e.warp) return fmt::format("{}: at {:#06x}: {}", block, error.address, error.message);
  if (error.lane < 0) return fmt::format("{}, warp {}: at {:#06x}: {}", block, *e.warp, error.address, error.message);
  const auto& tid = warps[*e.warp].tid[static_cast<unsigned>(error.lane)];
  return fmt::format("{}, thread ({},{},{}) (warp {}, lane {}): at {:#06x}: {}", block, tid[0], tid[1], tid[2], *e.warp,
                     error.lane, error.address, error.message);
}

}  // namespace

Result<LaunchResult> launch(const isa::Cubin& cubin, const LaunchSpec& spec) {
  // The kernels (.entry), not the device functions (.func), by their sections' names.
  auto kernel_name = [](const isa::CubinFunction& f) { return f.section.substr(6); };
  std::string names;
  for (const auto& f : cubin.functions)
    if (f.entry) names += fmt::format("{}{}", names.empty() ? "" : ", ", kernel_name(f));
  if (names.empty()) return make_error("the cubin has no kernels (.text.<name> sections of .entry functions)");
  auto found = std::find_if(cubin.functions.begin(), cubin.functions.end(), [&](const isa::CubinFunction& f) {
    return f.entry && (spec.kernel.empty() || kernel_name(f) == spec.kernel);
  });
  if (found == cubin.functions.end())
    return make_error(fmt::format("no kernel named '{}' in the cubin (it has: {})", spec.kernel, names));
  const isa::CubinFunction* fn = &*found;
  const std::string kname = kernel_name(*fn);
  auto info = kernel_info(cubin, *fn);
  if (!info) return make_error(info.error());
  const KernelInfo& k = *info;
  auto fail = [&](std::string_view why) { return make_error(fmt::format("kernel '{}': {}", kname, why)); };


  // Block shape against what the kernel declares (.reqntid / .maxntid).
  const uint64_t threads = uint64_t{spec.block[0]} * spec.block[1] * spec.block[2];
  if (k.reqntid && *k.reqntid != spec.block)
    return fail(fmt::format("the kernel requires blocks of {} threads (.reqntid), the launch gives {}",
                            dims_text(*k.reqntid), dims_text(spec.block)));
  if (k.maxntid && threads > uint64_t{(*k.maxntid)[0]} * (*k.maxntid)[1] * (*k.maxntid)[2])
    return fail(fmt::format("blocks of {} threads exceed the kernel's .maxntid {}", threads, dims_text(*k.maxntid)));
  const uint32_t warps_per_block = static_cast<uint32_t>((threads + 31) / 32);

  // Parameters against the kernel's list.
  if (spec.params.size() != k.params.size())
    return fail(fmt::format("the kernel takes {} parameters, the launch gives {}", k.params.size(),
                            spec.params.size()));
  // .texref / .samplerref / .surfref parameters are bound by name to the symbol the bank-0 word's relocation names.
  std::map<std::string, std::string> texrefs = spec.texrefs, samplerrefs = spec.samplerrefs, surfrefs = spec.surfrefs;
  for (std::size_t i = 0; i < k.params.size(); ++i) {
    const char* what = "texref";
    std::map<std::string, std::string>* bound = &texrefs;
    switch (k.params[i].ref) {
      case KernelParam::Ref::None: continue;
      case KernelParam::Ref::Texture: break;
      case KernelParam::Ref::Surface: what = "surfref", bound = &surfrefs; break;
      case KernelParam::Ref::Sampler: what = "samplerref (its sampler)", bound = &samplerrefs; break;
    }
    if (spec.params[i].kind != ParamSpec::Kind::Texture)
      return fail(fmt::format("parameter {} is a .{}, params[{}] must name a texture: {{\"texture\": NAME}}", i, what, i));
    (*bound)[k.params[i].symbol] = spec.params[i].ref;
  }
  for (std::size_t i = 0; i < k.params.size(); ++i)
    if (k.params[i].ref == KernelParam::Ref::None && k.params[i].size != spec.params[i].size())
      return fail(fmt::format("parameter {} (c[0x0][{:#x}]) is {} bytes, params[{}] gives {} bytes", i,
                              k.param_base + k.params[i].offset, k.params[i].size, i, spec.params[i].size()));

  // One GPU memory: texture pools and texels, and the buffers the kernel reads and writes.
  auto set = std::make_unique<texunit::TextureSet>(1024, 1024);
  texunit::GpuMemory& memory = set->memory();
  std::map<std::string, std::pair<uint64_t, uint64_t>> buffers;  // name -> (address, size)
  for (const BufferSpec& b : spec.buffers) {
    // 256-byte alignment, as cudaMalloc's (CUDA C Programming Guide, "Device Memory Accesses").
    if (b.address && *b.address < uint64_t{kLocalWindow} + kMaxLocalBytes && *b.address + b.size > kSharedWindow)
      return fail(fmt::format("buffer '{}' at {:#x}: overlaps the generic shared and local windows [{:#x}, {:#x})",
                              b.name, *b.address, kSharedWindow, uint64_t{kLocalWindow} + kMaxLocalBytes));
    auto at = b.address ? memory.map(*b.address, b.size) : memory.allocate(b.size, 256);
    if (!at) return fail(fmt::format("buffer '{}' ({} bytes): {}", b.name, b.size, at.error()));
    if (!memory.write(*at, b.init)) return fail(fmt::format("buffer '{}': cannot write its contents", b.name));
    buffers[b.name] = {*at, b.size};
  }
  // The module's .global variables, their contents from the spec, and the code with their addresses patched in.
  auto globals = place_globals(cubin, memory);
  if (!globals) return fail(globals.error());
  for (const VariableSpec& v : spec.variables) {
    auto it = globals->find(v.name);
    if (it == globals->end()) return fail(fmt::format("variables: '{}' is not a .global variable of the module", v.name));
    if (v.init.size() > it->second.size)
      return fail(fmt::format("variables: '{}' holds {} bytes, the spec gives {}", v.name, it->second.size, v.init.size()));
    memory.write(it->second.address, v.init);
  }
  for (const OutputSpec& o : spec.outputs)
    if (o.variable && !globals->count(o.buffer))
      return fail(fmt::format("outputs: '{}' is not a .global variable of the module", o.buffer));
  auto code = relocated_code(*fn, *globals);
  if (!code) return fail(code.error());
  isa::sm50::Program program;
  if (auto bad = isa::sm50::decode_program(*code, cubin.arch, 0, program))
    return fail(fmt::format("cannot decode the code at {:#06x} (word {:#018x}): {}", bad->address, bad->word,
                            bad->reason));

  std::map<std::string, BoundTexture> textures;
  for (const TextureBinding& t : spec.textures) {
    auto h = set->add_texture(t.spec.texture.header);
    if (!h) return fail(fmt::format("texture '{}': {}", t.name, h.error()));
    if (const std::string why = set->bindings().header_error(*h); !why.empty())
      return fail(fmt::format("texture '{}': the header does not decode: {}", t.name, why));
    if (auto filled = sample::fill_texels(*set, *h, t.spec.texture, spec.base_dir); !filled)
      return fail(fmt::format("texture '{}': {}", t.name, filled.error()));
    if (!t.spec.texture.nonresident_pages.empty())
      if (auto u = sample::unbind_pages(*set, *h, t.spec.texture.nonresident_pages); !u)
        return fail(fmt::format("texture '{}': nonresident_pages: {}", t.name, u.error()));
    auto s = set->add_sampler(t.spec.sampler);
    if (!s) return fail(fmt::format("texture '{}': sampler: {}", t.name, s.error()));
    textures[t.name] = {*h, *s};
  }
  set->bindings().invalidate();
  for (const BufferSpec& b : spec.buffers)
    for (std::size_t i = 0; i < b.handles.size(); ++i) {
      const BoundTexture& t = textures.at(b.handles[i]);
      const uint64_t handle = texunit::TextureSet::handle(t.header, t.sampler);
      memory.write(buffers.at(b.name).first + 8 * i, std::as_bytes(std::span(&handle, 1)));
    }

  exec::Machine machine;
  // Local memory: at least the kernel's frame and stack (EIATTR_FRAME_SIZE, _MIN_STACK_SIZE, _MAX_STACK_SIZE).
  const uint32_t local_bytes =
      (std::max({spec.local_bytes, k.frame_size, k.min_stack, k.max_stack}) + 15u) & ~15u;
  if (local_bytes > kMaxLocalBytes)
    return fail(fmt::format("{} bytes of local memory per thread: more than tmu's local window holds ({:#x})",
                            local_bytes, kMaxLocalBytes));
  if (k.shared_size + spec.dynamic_shared > kLocalWindow - kSharedWindow)
    return fail(fmt::format("{} bytes of shared memory per block: more than tmu's shared window holds",
                            k.shared_size + spec.dynamic_shared));

  // Constant bank 0: the cubin's initial bytes, then what the driver writes.
  std::vector<std::byte> bank0(std::max<std::size_t>({k.bank0_size, k.param_base + k.param_size, kDynamicShared + 4}));
  for (const auto& [bank, data] : fn->constants)
    if (bank == 0) std::copy(data.begin(), data.end(), bank0.begin());
  auto put32 = [&](uint32_t at, uint32_t v) { std::memcpy(bank0.data() + at, &v, 4); };
  for (unsigned i = 0; i < 3; ++i) {
    put32(kNtid + 4 * i, spec.block[i]);
    put32(kNctaid + 4 * i, spec.grid[i]);
  }
  put32(kStackPointer, local_bytes);
  put32(kDynamicShared, spec.dynamic_shared);
  put32(kSharedWindowWord, kSharedWindow);
  put32(kLocalWindowWord, kLocalWindow);
  for (std::size_t i = 0; i < k.params.size(); ++i) {
    const ParamSpec& p = spec.params[i];
    if (k.params[i].ref != KernelParam::Ref::None) continue;
    uint64_t v = p.bits;
    if (p.kind == ParamSpec::Kind::Buffer) v = buffers.at(p.ref).first + p.offset;
    if (p.kind == ParamSpec::Kind::Texture)
      v = texunit::TextureSet::handle(textures.at(p.ref).header, textures.at(p.ref).sampler);
    if (p.kind == ParamSpec::Kind::Texels) v = set->header(textures.at(p.ref).header).address;
    const uint32_t at = k.param_base + k.params[i].offset;
    if (at + p.size() > bank0.size()) return fail(fmt::format("parameter {} lies past constant bank 0", i));
    if (p.kind == ParamSpec::Kind::Hex) std::copy(p.bytes.begin(), p.bytes.end(), bank0.begin() + at);
    else std::memcpy(bank0.data() + at, &v, p.size());
  }
  for (const TextureSlot& slot : k.texture_slots) {
    uint32_t word = 0;
    if (!slot.texture.empty()) {
      auto it = texrefs.find(slot.texture);
      if (it == texrefs.end())
        return fail(fmt::format("texture reference '{}' (c[0x0][{:#x}]) is not bound: add \"texrefs\": {{\"{}\": "
                                "TEXTURE}}", slot.texture, slot.offset, slot.texture));
      const BoundTexture& t = textures.at(it->second);
      // Unified mode: the texture's own sampler; independent mode: the samplerref's, below.
      word = slot.sampler.empty() ? texunit::TextureSet::handle(t.header, t.sampler) : texunit::header_index(t.header);
    }
    if (!slot.surface.empty()) {
      // A surface reference: its texture's header index (surfaces are texture headers, texunit/surface_access.h).
      auto it = surfrefs.find(slot.surface);
      if (it == surfrefs.end())
        return fail(fmt::format("surface reference '{}' (c[0x0][{:#x}]) is not bound: add \"surfrefs\": {{\"{}\": "
                                "TEXTURE}}", slot.surface, slot.offset, slot.surface));
      word = texunit::header_index(textures.at(it->second).header);
    }
    if (!slot.sampler.empty()) {
      auto it = samplerrefs.find(slot.sampler);
      if (it == samplerrefs.end())
        return fail(fmt::format("sampler reference '{}' (c[0x0][{:#x}]) is not bound: add \"samplerrefs\": "
                                "{{\"{}\": TEXTURE}}", slot.sampler, slot.offset, slot.sampler));
      word |= textures.at(it->second).sampler << 20;
    }
    put32(slot.offset, word);
  }
  machine.set_cbank(0, 0, bank0);
  for (const auto& [bank, data] : fn->constants)
    if (bank != 0 && bank < exec::Machine::kBanks) machine.set_cbank(bank, 0, data);
  load_module_data(cubin, machine);  // the module's .const variables (bank 3)
  machine.texture_bank = 0;  // ptxas's texref and texture-object words are in bank 0 (lowering-facts.md §3.5)

  machine.global = exec::ByteMemory::over(memory);
  machine.shared_window = kSharedWindow;
  machine.local_window = kLocalWindow;
  // Each window spans 16 MiB whatever the memory's size (past it: an out-of-range access, not global memory):
  // ptxas's isspacep.shared compares the address's bits 31:24 with c[0x0][0x0] (`LOP32I.AND R0, R8, 0xff000000;
  // ISETP.NE.U32.AND P0, PT, R0, c[0x0][0x0], PT`) and a generic atom takes bits 23:0 as the ATOMS offset.
  machine.shared_window_size = kLocalWindow - kSharedWindow;
  machine.local_window_size = kMaxLocalBytes;
  const texunit::TextureUnit unit(set->bindings());
  machine.textures = &unit;
  machine.system.ntid = spec.block;
  machine.system.nctaid = spec.grid;

  LaunchResult result;
  result.kernel = kname;
  std::set<std::string> hazards_seen, unwritten_seen;
  const uint64_t shared_bytes = k.shared_size + spec.dynamic_shared;
  const exec::DecodedProgram decoded(program);  // once for every block
  for (uint32_t bz = 0; bz < spec.grid[2]; ++bz)
    for (uint32_t by = 0; by < spec.grid[1]; ++by)
      for (uint32_t bx = 0; bx < spec.grid[0]; ++bx) {
        machine.system.ctaid = {bx, by, bz};
        // Shared memory starts zeroed in each block (on hardware its contents are undefined); the block's warps run
        // together over it, so that BAR waits across them (exec::run_block).
        machine.shared = exec::ByteMemory(0, shared_bytes);
        std::vector<exec::BlockWarp> warps = block_warps(spec.block, warps_per_block, local_bytes);
        const auto error = exec::run_block(decoded, warps, static_cast<uint32_t>(threads), machine,
                                           exec::RunLimits{spec.max_instructions, spec.poison});
        for (const exec::BlockWarp& w : warps) {
          result.instructions += w.report.instructions;
          for (const exec::Hazard& h : w.report.hazards)
            if (hazards_seen.insert(h.to_string()).second) result.hazards.push_back(h.to_string());
          for (const exec::UninitialisedRead& u : w.report.uninitialised)
            if (unwritten_seen.insert(u.to_string()).second) result.uninitialised.push_back(u.to_string());
        }
        result.warps += warps_per_block;
        if (error) return fail(block_error_text({bx, by, bz}, warps, *error));
      }
  for (const BufferSpec& b : spec.buffers) {
    const auto [address, size] = buffers.at(b.name);
    BufferResult r{b.name, address, std::vector<std::byte>(size)};
    memory.read(address, r.bytes);
    result.buffers.push_back(std::move(r));
  }
  // Texture outputs: the texels of the view's first level, every layer, as tightly packed blocks
  // (texunit::load_level), e.g. what surface stores wrote.
  for (const OutputSpec& o : spec.outputs) {
    if (!o.texture) continue;
    const texunit::TextureHeader& h = set->header(textures.at(o.buffer).header);
    const texunit::BoundTexture* bound = set->bindings().texture(textures.at(o.buffer).header);
    if (!bound || !bound->layout) return fail(fmt::format("outputs: texture '{}' cannot be read back", o.buffer));
    const texunit::SurfaceLayout& l = *bound->layout;
    const unsigned level = texunit::view_min(h);
    const uint64_t per_layer = texunit::linear_level_size(l, level);
    BufferResult r{o.buffer, l.base(), std::vector<std::byte>(per_layer * l.layers())};
    for (uint32_t layer = 0; layer < l.layers(); ++layer)
      if (auto read = texunit::load_level(memory, l, level, layer, std::span(r.bytes).subspan(layer * per_layer, per_layer));
          !read)
        return fail(fmt::format("outputs: texture '{}': {}", o.buffer, read.error()));
    result.textures.push_back(std::move(r));
  }
  for (const auto& [name, v] : *globals) {
    BufferResult r{name, v.address, std::vector<std::byte>(v.size)};
    memory.read(v.address, r.bytes);
    result.variables.push_back(std::move(r));
  }
  return result;
}

}  // namespace tmu::run
