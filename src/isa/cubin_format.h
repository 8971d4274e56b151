// SPDX-License-Identifier: MIT
// Constants of the CUDA ELF format as ptxas 11.8 writes it for sm_50/sm_52, shared by the cubin writer and the
// image reader. Established from ptxas 11.8's output on small kernels (an empty kernel; parameters of 4, 8 and 20
// bytes; .shared, .local, bar.sync, .maxntid, .reqntid; texture references in unified and independent mode,
// samplers, surfaces, texture objects; literals in bank 2: tests/data/cubin/*.ptx, plus a .surfref and a div.rn.f32
// tried by hand), read with `readelf -a -W`,
// `cuobjdump -elf` (which names the attributes and formats) and `nvdisasm -c` (which names the header flags).
#pragma once

#include <cstdint>

namespace tmu::isa::cubin_format {

// ELF header. e_ident[EI_OSABI] 0x33 and e_ident[EI_ABIVERSION] 7; e_type ET_EXEC; e_version 118 (cuobjdump:
// "type=2, abi=7, sm=50, toolkit=118"); e_machine EM_CUDA (190).
inline constexpr unsigned char kOsAbiCuda = 0x33;
inline constexpr unsigned char kAbiVersion = 7;
inline constexpr uint32_t kToolkitVersion = 118;  // also EIATTR_CUDA_API_VERSION's value
inline constexpr uint16_t kEmCuda = 190;

// e_flags: 0x320532 for sm_50 (unified, 64-bit), 0x340534 for sm_52, 0x320232 for sm_50 independent 32-bit;
// nvdisasm prints them as EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM50 EF_CUDA_VIRTUAL_SM(...).
inline constexpr uint32_t kFlagSmMask = 0xff;             // bits 0..7: SM version
inline constexpr uint32_t kFlagTexmodeUnified = 0x100;
inline constexpr uint32_t kFlagTexmodeIndependent = 0x200;
inline constexpr uint32_t kFlag64BitAddress = 0x400;
inline constexpr unsigned kFlagVirtualSmShift = 16;       // bits 16..23: the virtual (PTX target) SM

// Section types: readelf shows LOPROC+0 for .nv.info* (cuobjdump: CUDA_INFO) and LOPROC+0xb for .nv.rel.action.
// Relocatable objects (`ptxas -c`) give .nv.shared.<k> LOPROC+0xa, which holds no file data (as NOBITS: its
// offset and size may point past the end of the file; nvdisasm reads such objects).
inline constexpr uint32_t kShtCudaInfo = 0x70000000;
inline constexpr uint32_t kShtCudaShared = 0x7000000a;
// Whether a section of this type has no bytes in the file.
constexpr bool no_file_data(uint32_t type) { return type == 8 /* SHT_NOBITS */ || type == kShtCudaShared; }

// .text.<k>: sh_info = registers << 24 | the kernel's symbol index (0x4000001 for 4 registers, symbol 1); sh_flags
// SHF_ALLOC|SHF_EXECINSTR | barriers << 20 (0x100006 with one bar.sync; nvdisasm: SHF_BARRIERS=1).
inline constexpr unsigned kTextInfoRegShift = 24;
inline constexpr unsigned kTextFlagBarrierShift = 20;
inline constexpr uint64_t kTextFlagBarrierMask = 0x7f;

// Symbols: st_other STO_CUDA_ENTRY (0x10) on kernels (nvdisasm: .other @"STO_CUDA_ENTRY STV_DEFAULT").
inline constexpr unsigned char kStoCudaEntry = 0x10;
inline constexpr unsigned char kSttCudaTexture = 10;  // st_info 0x1a on a .texref (nvdisasm: STT_CUDA_TEXTURE)
inline constexpr unsigned char kSttCudaSampler = 11;  // 0x1b on a .samplerref
inline constexpr unsigned char kSttCudaSurface = 12;  // 0x1c on a .surfref (nvdisasm: STT_CUDA_SURFACE)

// Relocations of .nv.constant0.<k> (cuobjdump names them).
inline constexpr uint32_t kRelTexHeaderIndex = 6;    // R_CUDA_TEX_HEADER_INDEX
inline constexpr uint32_t kRelSampHeaderIndex = 7;   // R_CUDA_SAMP_HEADER_INDEX
inline constexpr uint32_t kRelSurfHeaderIndex = 52;  // the surface's (cuobjdump prints it numerically as 52's name)

// .nv.info records: a format byte, an attribute byte, then for EIFMT_SVAL a 16-bit size and that many bytes, for
// the others 16 bits of value (NVAL: none). Formats and attribute codes as cuobjdump -elf names them.
inline constexpr uint8_t kFmtNval = 1, kFmtBval = 2, kFmtHval = 3, kFmtSval = 4;
enum Attr : uint8_t {
  kMaxThreads = 0x05,          // SVAL x, y, z (.maxntid)
  kParamCbank = 0x0a,          // SVAL constant0 section symbol, offset 0x140 | size << 16
  kSamplerInit = 0x09,         // SVAL sampler symbol, 0xffffffff (in .nv.info)
  kReqntid = 0x10,             // SVAL x, y, z (.reqntid)
  kFrameSize = 0x11,           // SVAL symbol, bytes (in .nv.info)
  kMinStackSize = 0x12,        // SVAL symbol, bytes (in .nv.info)
  kBindlessTextureBank = 0x15, // BVAL 0: the kernel uses texture references
  kBindlessSurfaceBank = 0x16, // BVAL 0: the kernel uses surface references
  kKparamInfo = 0x17,          // SVAL index 0, ordinal 16 | offset 16, flags (0xf000 | cbank bit 16 | size << 18)
  kCbankParamSize = 0x19,      // HVAL parameter bytes
  kMaxregCount = 0x1b,         // HVAL 0xff
  kExitInstrOffsets = 0x1c,    // SVAL 32-bit offsets of the EXITs
  kCrsStackSize = 0x1e,        // SVAL bytes
  kCoopGroupInstrOffsets = 0x28,  // SVAL 32-bit offsets (the ptxas corpus's alu kernels)
  kMaxStackSize = 0x23,        // SVAL symbol, bytes (in .nv.info)
  kSw1850030War = 0x2a,        // NVAL
  kRegcount = 0x2f,            // SVAL symbol, registers (in .nv.info)
  kSw2393858War = 0x30,        // NVAL
  kIntWarpWideInstrOffsets = 0x31,  // SVAL 32-bit offsets (the ptxas corpus's tex, alu and mode kernels)
  kIndirectBranchTargets = 0x34,  // SVAL entries (see isa/cubin.cpp)
  kCudaApiVersion = 0x37,      // SVAL 118
};

// EIATTR_KPARAM_INFO's flags word for a parameter of `size` bytes in constant bank 0: 0x0011f000 for 4 bytes,
// 0x0021f000 for 8, 0x0051f000 for 20 (cuobjdump: logAlignment 0, Space 0, cbank 0x1f, Parameter Space CBANK).
constexpr uint32_t kparam_flags(uint32_t size) { return 0x1f000u | size << 18; }
constexpr uint32_t kparam_size(uint32_t flags) { return flags >> 18; }
// A .param .texref / .samplerref: offset 0xffff, size 0, space 6 / 8 in bits 8..11 (ptxas 11.8: 0x1f600 / 0x1f800).
constexpr uint32_t kKparamNoOffset = 0xffff;
constexpr uint32_t kKparamSpaceTexture = 6, kKparamSpaceSurface = 7, kKparamSpaceSampler = 8;
constexpr uint32_t kparam_handle_flags(uint32_t space) { return 0x1f000u | space << 8; }
constexpr uint32_t kparam_space(uint32_t flags) { return flags >> 8 & 0xf; }

}  // namespace tmu::isa::cubin_format
