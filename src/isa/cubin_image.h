// SPDX-License-Identifier: MIT
// What a cubin says about its kernels, beyond their code: the metadata that isa/cubin_write.h writes and
// read_cubin_image reads back (registers, parameters, shared and local memory, launch bounds, texture references,
// samplers and surfaces, constant bank 2, relocations). Every format fact is established from ptxas 11.8's
// output (`ptxas -arch=sm_50|sm_52`, dumped with `readelf -a -W`, `cuobjdump -elf` and `nvdisasm -c`); each
// constant below says what showed it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "common/result.h"
#include "isa/arch.h"
#include "isa/cubin.h"

namespace tmu::isa {

// Constant bank 0 starts the parameters at 0x140: every ptxas 11.8 kernel has EIATTR_PARAM_CBANK offset 0x140 and
// a .nv.constant0.<k> of 0x140 + the parameter bytes (+ 4 per texture reference slot).
inline constexpr uint32_t kParamBase = 0x140;

enum class HandleKind : uint8_t { Texture, Sampler, Surface };

// One kernel parameter (EIATTR_KPARAM_INFO): ordinal in the .entry's list, byte offset from kParamBase, size.
// A .param .texref / .param .samplerref (independent mode) / .param .surfref has `handle` and `name` set, and no
// bytes: ptxas 11.8 writes its KPARAM_INFO with offset 0xffff, size 0, space 6 (texture), 8 (sampler) or 7
// (surface) and, as the index, a local STT_CUDA_TEXTURE / SAMPLER / SURFACE symbol of that name in the kernel's
// .text section, which the bank-0 slot's relocation names (cuobjdump -elf of ptxas's cubins of
// tests/data/run/tex_params.ptx and tests/data/ptx/kernels/surfparams.ptx).
struct CubinParam {
  uint32_t ordinal = 0;
  uint32_t offset = 0;
  uint32_t size = 0;
  std::optional<HandleKind> handle;
  std::string name;
  CubinParam(uint32_t ordinal_ = 0, uint32_t offset_ = 0, uint32_t size_ = 0)
      : ordinal(ordinal_), offset(offset_), size(size_) {}
  // A .texref / .samplerref parameter.
  static CubinParam reference(uint32_t ordinal_, HandleKind kind, std::string name_) {
    CubinParam p(ordinal_);
    p.handle = kind;
    p.name = std::move(name_);
    return p;
  }
  friend bool operator==(const CubinParam&, const CubinParam&) = default;
};

// A texture reference, sampler or surface a kernel uses by name. ptxas gives each a global symbol
// (STT_CUDA_TEXTURE 10, STT_CUDA_SAMPLER 11, STT_CUDA_SURFACE 12; readelf st_info 0x1a/0x1b/0x1c on ptxas's
// cubins of tests/data/cubin/shared_tex.ptx and independent.ptx with a .surfref) and a 32-bit slot in constant bank 0 after the parameters that the driver fills through
// a .rel.nv.constant0.<k> relocation: R_CUDA_TEX_HEADER_INDEX (6) for a texture, R_CUDA_SAMP_HEADER_INDEX (7) for
// a sampler (in independent mode on the same slot as its texture), R_CUDA_SURF_HEADER_INDEX (52) for a surface.
// The instruction reads the slot as its index: TEXS ... 0x52 reads c[0x0][0x148].
struct CubinHandle {
  HandleKind kind = HandleKind::Texture;
  std::string name;
  uint32_t slot = 0;  // byte offset of the slot in constant bank 0 (>= kParamBase + parameter size)
  bool param = false;  // the kernel's .param .texref / .samplerref of that name (its local symbol), not a global
  CubinHandle(HandleKind kind_ = HandleKind::Texture, std::string name_ = {}, uint32_t slot_ = 0, bool param_ = false)
      : kind(kind_), name(std::move(name_)), slot(slot_), param(param_) {}
  friend bool operator==(const CubinHandle&, const CubinHandle&) = default;
};

enum class TexMode : uint8_t { Unified, Independent };

struct CubinKernel {
  std::string name;
  std::vector<std::byte> code;  // whole 32-byte bundles (isa/sm50/program.h encode_program)
  unsigned registers = 0;       // the .text section's sh_info bits 24..31 and EIATTR_REGCOUNT
  bool visible = true;          // .visible .entry: STB_GLOBAL symbol; otherwise STB_LOCAL
  std::vector<CubinParam> params;
  uint32_t param_size = 0;      // EIATTR_CBANK_PARAM_SIZE; 0 with parameters: the end of the last one
  uint32_t shared_size = 0;     // .nv.shared.<k> (NOBITS) size
  uint32_t shared_align = 4;
  uint32_t local_size = 0;      // EIATTR_FRAME_SIZE and EIATTR_MIN_STACK_SIZE (per-thread .local bytes)
  uint32_t max_stack_size = 0;  // EIATTR_MAX_STACK_SIZE (calls)
  uint32_t crs_stack_size = 0;  // EIATTR_CRS_STACK_SIZE (written when not 0)
  unsigned barriers = 0;        // .text sh_flags bits 20..26 (SHF_BARRIERS)
  std::optional<std::array<uint32_t, 3>> max_threads;  // .maxntid: EIATTR_MAX_THREADS
  std::optional<std::array<uint32_t, 3>> req_threads;  // .reqntid: EIATTR_REQNTID
  std::vector<CubinHandle> handles;
  std::vector<std::byte> constant2;                // .nv.constant2.<k>, when not empty
  std::vector<CubinRelocation> relocations;        // of the code: .rel.text.<k>
  std::vector<CubinIndirectBranch> indirect_branches;  // EIATTR_INDIRECT_BRANCH_TARGETS
  // EIATTR_INT_WARP_WIDE_INSTR_OFFSETS and EIATTR_COOP_GROUP_INSTR_OFFSETS: offsets of instructions ptxas marks
  // (written when not empty; what ptxas marks is its own: a tmu ptxas has to establish it).
  std::vector<uint32_t> warp_wide_offsets;
  std::vector<uint32_t> coop_group_offsets;
  // EIATTR_EXIT_INSTR_OFFSETS; empty: the writer finds every EXIT in the code.
  std::vector<uint32_t> exit_offsets;
};

// A module-scope variable: a local STT_OBJECT symbol at its offset in its section: .const variables in
// .nv.constant3, initialized .global ones in .nv.global.init, the other .global ones in .nv.global. ptxas 11.8
// lists the symbols in declaration order, each section's own symbol before its first variable (readelf -s of its
// cubins).
enum class VariableSection : uint8_t { Constant3, GlobalInit, Global };
struct CubinVariable {
  std::string name;
  uint32_t offset = 0;
  uint32_t size = 0;
  VariableSection section = VariableSection::Constant3;
  friend bool operator==(const CubinVariable&, const CubinVariable&) = default;
};

struct CubinImage {
  Arch arch = Arch::SM50;
  TexMode tex_mode = TexMode::Unified;
  bool address64 = true;  // .address_size 64: EF_CUDA_64BIT_ADDRESS
  std::vector<CubinKernel> kernels;
  // .nv.constant3 (PROGBITS, SHF_ALLOC, aligned as its most aligned variable): the .const variables' initial bytes
  // (zeros where a variable has no initializer), written when not empty.
  std::vector<std::byte> constant3;
  uint32_t constant3_align = 4;
  // .nv.global.init (PROGBITS, SHF_WRITE|SHF_ALLOC: the initialized .global variables' bytes) and .nv.global
  // (NOBITS: the others), each aligned as its most aligned variable; written when not empty, after the code.
  std::vector<std::byte> global_init;
  uint32_t global_init_align = 1;
  uint64_t global_size = 0;
  uint32_t global_align = 1;
  std::vector<CubinVariable> variables;  // of all three sections, in declaration order
};

// Reads what write_cubin writes from any cubin (ptxas's too): kernels are the STO_CUDA_ENTRY functions.
Result<CubinImage> read_cubin_image(std::span<const std::byte> bytes);

}  // namespace tmu::isa
