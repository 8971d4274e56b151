// SPDX-License-Identifier: MIT
// What a launch needs to know about one kernel of a cubin, decoded from the attributes ptxas writes: where the
// parameters lie in constant bank 0, each parameter's ordinal, offset and size, static shared memory, the
// per-thread stack (local memory) size, required or maximal block sizes, and the bank-0 words the driver fills
// with texture and sampler indices (texture references).
//
// Attribute codes and layouts, established from `cuobjdump -elf` of CUDA 11.8 (which names every record) on
// cubins that `ptxas -arch=sm_50` 11.8 wrote for small kernels (tests/data/run/*.ptx), each record's bytes read
// with readelf -x:
//   0x0a EIATTR_PARAM_CBANK       SVAL: u32 symbol of .nv.constant0.<name>, u16 offset (0x140), u16 size
//   0x19 EIATTR_CBANK_PARAM_SIZE  HVAL: u16 bytes of parameters
//   0x17 EIATTR_KPARAM_INFO       SVAL: u32 index (0), u16 ordinal, u16 offset from the parameter base,
//                                 u32 flags: bits 31:18 the size in bytes, 16:12 cbank (0x1f), 7:0 log alignment
//   0x10 EIATTR_REQNTID, 0x05 EIATTR_MAX_THREADS  SVAL: three u32 (x, y, z): .reqntid / .maxntid
//   module-wide .nv.info, each naming the function by its symbol index (u32) then a u32 value:
//   0x11 EIATTR_FRAME_SIZE, 0x12 EIATTR_MIN_STACK_SIZE, 0x23 EIATTR_MAX_STACK_SIZE (local memory per thread)
//   relocations of .nv.constant0.<name>: type 6 R_CUDA_TEX_HEADER_INDEX (a texref's header index, bits 19:0),
//   type 7 R_CUDA_SAMP_HEADER_INDEX (texmode_independent: a samplerref's index in bits 31:20 of the same word).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "isa/cubin.h"

namespace tmu::run {

// A .texref or .samplerref kernel parameter (texmode_independent) has no bytes in bank 0: EIATTR_KPARAM_INFO
// gives offset 0xffff, size 0, space 6 (texture) or 8 (sampler) in flag bits 11:8, and as index the parameter's
// symbol, which the bank-0 texture word's relocation names (cuobjdump -elf on tests/data/ptx/independent_sampler.ptx).
struct KernelParam {
  unsigned ordinal = 0;
  uint32_t offset = 0;  // from the parameter base
  uint32_t size = 0;    // bytes
  enum class Ref : uint8_t { None, Texture, Sampler, Surface };
  Ref ref = Ref::None;
  std::string symbol;   // Texture, Sampler, Surface: the parameter's symbol
};

// A bank-0 word the driver fills with a texture (and, in independent mode, a sampler) index.
struct TextureSlot {
  uint32_t offset = 0;        // in bank 0
  std::string texture;        // texref symbol ("" when only a sampler is relocated there)
  std::string sampler;        // samplerref symbol (independent mode), or ""
  std::string surface;        // surfref symbol (R_CUDA_SURF_HEADER_INDEX), or ""
};

struct KernelInfo {
  std::string name;
  uint32_t param_base = 0x140;  // EIATTR_PARAM_CBANK's offset
  uint32_t param_size = 0;
  std::vector<KernelParam> params;  // by ordinal
  uint32_t bank0_size = 0;          // of .nv.constant0.<name>
  uint64_t shared_size = 0;         // static shared memory per block
  uint32_t frame_size = 0, min_stack = 0, max_stack = 0;
  std::optional<std::array<uint32_t, 3>> reqntid, maxntid;
  std::vector<TextureSlot> texture_slots;
};

// Decodes the kernel's attributes; errors name the kernel and the attribute.
Result<KernelInfo> kernel_info(const isa::Cubin& cubin, const isa::CubinFunction& function);

}  // namespace tmu::run
