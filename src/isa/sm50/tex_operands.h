// SPDX-License-Identifier: MIT
// Texture instructions' operands, specified once: what an instruction's modifiers ask of the texture unit (in the
// shared vocabulary, common/texture_vocab.h), which register of the Ra and Rb vectors carries which parameter
// (seeds 000 and 001, "Texture parameter packing in Ra and Rb"; the short forms' fixed splits from
// shared/reference/sm50-encodings.md 4.6 and lowering-facts.md 3.2, confirmed on ptxas output), and how values are
// packed inside those registers. The executor unpacks register contents with it; compilers pack them with it;
// everything else (the texture unit, `tmu sample`, the tests' GL bridge) sees only the values.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "common/texture_vocab.h"
#include "isa/sm50/instruction.h"

namespace tmu::isa::sm50 {

// ---- Modifiers ------------------------------------------------------------------------------------------------

// The modifiers of a texture instruction (TEX, TLD, TLD4, TXD, TMML, TXQ and their .B forms; TEXS, TLDS, TLD4S)
// in the shared vocabulary: op, #paramA (the short forms': from their encoding field, TLD4S: 2D), LOD mode and
// flags. nullopt for other instructions and for undefined short-form encodings.
std::optional<tex::Modifiers> tex_modifiers(const Instruction& inst);

// The long-form instruction of an op: TEX, TLD, TLD4, TXD, TMML, TXQ, or their .B forms.
Op long_form_op(tex::TexOp op, bool bindless);

// The TEXS or TLDS encoding ([53..56]) with these modifiers (reference 4.6): dim, lod, depth_compare, aoffi and
// multisample as the encoding has them, nothing a short form lacks (.LC, .PTP, .CL, .NDV). nullopt when none has.
std::optional<uint32_t> short_encoding(Op op, const tex::Modifiers& m);

// ---- Register layouts ---------------------------------------------------------------------------------------

// A parameter a texture instruction reads from a register; each has one packing (pack_param below).
enum class TexParam : uint8_t {
  ArrayIndex,    // array index in bits 15:0, with .LC the LOD clamp (u4.8) in bits 27:16 (seed 000)
  S,
  T,
  R,             // coordinates: fp32 (TEX, TLD4, TXD, TMML), s32 (TLD, TLDS)
  Handle,        // bindless: samplerPtr[31:20] | headerPtr[19:0]
  Lod,           // LOD bias or absolute LOD: fp32 (TEX), u32 (TLD), the level queried (TXQ)
  Offset,        // AOFFI: 4-bit u, v, w (pack_offsets)
  Tld4Offset,    // TLD4 / TLD4S AOFFI: 6-bit u, v (pack_tld4_offsets)
  PtpOffsetsLo,  // TLD4.PTP: texels 0 and 1 (pack_ptp_offsets)
  PtpOffsetsHi,  // texels 2 and 3
  DepthRef,      // fp32 depth-compare reference
  Sample,        // .MS sample index
  LayerOffset,   // TXD: array index in bits 15:0, AOFFI offsets in bits 27:16 (pack_layer_offsets)
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

// The layout of a decoded texture instruction; empty for other instructions and undefined encodings.
TexLayout tex_layout(const Instruction& inst);
// The layout of instruction `op` (a texture op; bindless for the .B ops) with modifiers `m`, for building one.
// nullopt for other ops, and for short forms no encoding of which has these modifiers.
std::optional<TexLayout> tex_layout(Op op, const tex::Modifiers& m);

// The register alignment seed 000 asks of Ra/Rb: 1 for one register, 2 for two, 4 for three or four.
unsigned required_alignment(unsigned register_count);

// ---- Values inside a register ---------------------------------------------------------------------------------
// Packing keeps the field's bits of each value (callers clamp to the ranges); unpacking sign-extends them and
// ignores the other bits of the word (ptxas leaves a negative u's upper bits set, lowering-facts 3.2 rule 6).

// AOFFI: ((w & 0xf) << 8) | ((v & 0xf) << 4) | (u & 0xf), each -8..7 (seed 000 .AOFFI).
uint32_t pack_offsets(const tex::TexelOffsets& o);
tex::TexelOffsets unpack_offsets(uint32_t word);
// TLD4's AOFFI: u in bits 5:0, v in 13:8, each -32..31 (ptxas BFI 0x608, lowering-facts 3.2 rule 6); w unused.
uint32_t pack_tld4_offsets(const tex::TexelOffsets& o);
tex::TexelOffsets unpack_tld4_offsets(uint32_t word);
// TLD4.PTP: x0 | y0 << 8 | x1 << 16 | y1 << 24, then texels 2 and 3 in the second word (lowering-facts 2.2).
std::array<uint32_t, 2> pack_ptp_offsets(const tex::PtpOffsets& o);
tex::PtpOffsets unpack_ptp_offsets(uint32_t lo, uint32_t hi);
// The array word: LodClamp[27:16] | array[15:0] (seed 000; without .LC the clamp is not read).
uint32_t pack_array_lod_clamp(uint16_t layer, uint16_t lod_clamp_u4_8);
struct ArrayLodClamp {
  uint16_t layer = 0;
  uint16_t lod_clamp = 0;  // u4.8
};
ArrayLodClamp unpack_array_lod_clamp(uint32_t word);
// TXD's layer word: toff[11:0] << 16 | layer[15:0] (ptxas BFI 0xc10, lowering-facts 3.2 rules 4 and 6).
uint32_t pack_layer_offsets(uint16_t layer, const tex::TexelOffsets& o);
struct LayerOffsets {
  uint16_t layer = 0;
  tex::TexelOffsets offset{};
};
LayerOffsets unpack_layer_offsets(uint32_t word);

// ---- Whole operand sets -------------------------------------------------------------------------------------

// The register word of one parameter from a lane's values, and the values one word gives (the fields it does not
// carry left as they are).
uint32_t pack_param(TexParam p, const tex::Lane& values);
void unpack_param(TexParam p, uint32_t word, tex::Lane& values);

// Register contents for a layout: ra[i] goes to register Ra+i, rb[i] to Rb+i.
struct TexRegisters {
  std::array<uint32_t, 8> ra{};
  std::array<uint32_t, 8> rb{};
};

// A lane's values in the layout's registers, and back: unpack(l, pack(l, v)) is v for every field the layout
// carries (the others zero), within the packings' ranges.
TexRegisters pack(const TexLayout& layout, const tex::Lane& values);
tex::Lane unpack(const TexLayout& layout, const TexRegisters& regs);

}  // namespace tmu::isa::sm50
