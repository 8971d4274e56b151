// SPDX-License-Identifier: MIT
// The register-operand packing of texture instructions: which register of the Ra and Rb vectors carries which
// parameter (seeds 000 and 001, "Texture parameter packing in Ra and Rb"; the short forms' fixed splits from
// shared/reference/sm50-encodings.md 4.6 and lowering-facts.md 3.2, confirmed on ptxas output). Specified once
// here: the executor unpacks register contents with it, the compilers pack them.
#pragma once

#include <array>
#include <optional>
#include <cstdint>
#include <span>
#include <string>

#include "isa/sm50/instruction.h"

namespace tmu::isa::sm50 {

// A parameter a texture instruction reads from a register. Values are raw 32-bit register contents.
enum class TexParam : uint8_t {
  ArrayIndex,  // u16 array index; with .LC also the LOD clamp, u4.8 in bits 27:16 (seed 000)
  S,
  T,
  R,           // coordinates: fp32 (TEX, TLD4, TXD, TMML), s32 (TLD, TLDS)
  Handle,      // bindless: samplerPtr[31:20] | headerPtr[19:0]
  Lod,         // LOD bias or absolute LOD: fp32 (TEX), u32 (TLD), the level queried (TXQ)
  Offset,      // packed AOFFI offsets (pack_offsets / pack_gather_offsets)
  PtpOffsetsLo,  // TLD4.PTP: offsets of texels 0 and 1, 8 bits each: x0 | y0<<8 | x1<<16 | y1<<24
  PtpOffsetsHi,  // texels 2 and 3
  DepthRef,    // fp32 depth-compare reference
  Sample,      // .MS sample index
  LayerOffset, // TXD: array index in bits 15:0, AOFFI offsets in bits 27:16
  DsDx, DsDy, DtDx, DtDy, DrDx, DrDy,  // TXD gradients, interleaved as the hardware reads them
  Count
};
inline constexpr std::size_t kNumTexParams = static_cast<std::size_t>(TexParam::Count);

std::string_view tex_param_name(TexParam p);

// Where each parameter sits: register Ra+i or Rb+i, in order.
struct TexLayout {
  std::array<TexParam, 8> ra{};
  std::array<TexParam, 8> rb{};
  uint8_t ra_count = 0;
  uint8_t rb_count = 0;
  std::span<const TexParam> ra_params() const { return {ra.data(), ra_count}; }
  std::span<const TexParam> rb_params() const { return {rb.data(), rb_count}; }
  bool has(TexParam p) const;
  // Ra and Rb are vectors of at most four registers; some encodings would need more (TXD.B on a 3D or cube
  // array: handle, three coordinates and the layer). nvdisasm prints them, the hardware cannot read them.
  // TXD's six 3D gradients are the exception the hardware is not known to read either; ptxas never emits them.
  bool fits() const { return ra_count <= 4 && rb_count <= 4; }
};

// The layout of a decoded texture instruction (TEX, TLD, TLD4, TXD, TMML, TXQ and their .B forms; TEXS, TLDS,
// TLD4S). Other instructions have an empty layout.
TexLayout tex_layout(const Instruction& inst);

// What the short forms pack into their encoding field (TEXS [53..56], TLDS [53..56]) or imply (TLD4S: 2D):
// texture type and modifiers (reference 4.6).
struct ShortForm {
  TexDim dim = TexDim::Tex2D;
  LodMode lod = LodMode::None;  // TEXS: None, LZ, LL; TLDS: LZ or LL
  bool dc = false, aoffi = false, ms = false;
};
// nullopt for other instructions and undefined encodings.
std::optional<ShortForm> short_form(const Instruction& inst);

// Parameter values, by TexParam.
struct TexOperands {
  std::array<uint32_t, kNumTexParams> value{};
  uint32_t& operator[](TexParam p) { return value[static_cast<std::size_t>(p)]; }
  uint32_t operator[](TexParam p) const { return value[static_cast<std::size_t>(p)]; }
};

// Register contents for a layout: ra[i] goes to register Ra+i, rb[i] to Rb+i.
struct TexRegisters {
  std::array<uint32_t, 8> ra{};
  std::array<uint32_t, 8> rb{};
};

TexRegisters pack(const TexLayout& layout, const TexOperands& values);
TexOperands unpack(const TexLayout& layout, const TexRegisters& regs);

// The register alignment seed 000 asks of Ra/Rb: 1 for one register, 2 for two, 4 for three or four.
unsigned required_alignment(unsigned register_count);

// AOFFI offsets, each -8..7, as ((w & 0xf) << 8) | ((v & 0xf) << 4) | (u & 0xf) (seed 000).
uint32_t pack_offsets(int u, int v, int w);
std::array<int, 3> unpack_offsets(uint32_t packed);
// TLD4's single AOFFI offset pair, each -32..31, in bits 5:0 and 13:8 (ptxas BFI 0x608).
uint32_t pack_gather_offsets(int u, int v);
std::array<int, 2> unpack_gather_offsets(uint32_t packed);
// The .LC word: LOD clamp (u4.8, 0..15.996) in bits 27:16 and the array index in bits 15:0.
uint32_t pack_array_lod_clamp(uint32_t array, uint32_t lod_clamp_u4_8);

}  // namespace tmu::isa::sm50
