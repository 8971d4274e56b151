// SPDX-License-Identifier: MIT
// The texture vocabulary every layer speaks: what a texture operation is (its op, coordinate description, LOD
// mode and modifiers) and the operands of one lane as values. The isa layer decodes instructions into it and
// packs and unpacks the Ra/Rb registers from and to it (isa/sm50/tex_operands.h); the texture unit takes it as
// its request (texunit/request.h); `tmu sample`, the tests and the compilers fill it directly.
//
// Header-only and free of dependencies, so that texunit, which does not link the isa library, can use it. The
// encodings' own enums stay in isa/sm50/texture_enums.h where they differ from these (the .lod field with its
// undefined values), with one checked conversion each; where an encoding's values are these (#paramA, the TLD4
// component, the TXQ query) the isa layer uses these types as its field types.
#pragma once

#include <array>
#include <cstdint>

namespace tmu::tex {

// The coordinate description #paramA (seed 000, "Valid paramA specifiers"): bit 0 is "array", bits 2:1 the
// dimensionality (1D, 2D, 3D, cube). ARRAY_3D is reserved.
enum class Dim : uint8_t { Tex1D, Array1D, Tex2D, Array2D, Tex3D, Array3D, Cube, ArrayCube };

constexpr bool is_array(Dim d) { return (static_cast<unsigned>(d) & 1) != 0; }
constexpr bool is_cube(Dim d) { return d == Dim::Cube || d == Dim::ArrayCube; }
// The coordinates besides the array index: s; s, t; s, t, r (a cube map's r completes its direction).
constexpr unsigned coordinate_count(Dim d) {
  return d == Dim::Tex1D || d == Dim::Array1D ? 1 : d == Dim::Tex2D || d == Dim::Array2D ? 2 : 3;
}
// The coordinates that address texels within one layer (a cube map's face is 2D).
constexpr unsigned texel_dims(Dim d) { return is_cube(d) ? 2 : coordinate_count(d); }

// A texture header's TEXTURE_TYPE (NVB097_TEXHEAD_BL_TEXTURE_TYPE in clb097tex.h; texunit/descriptors.h).
enum class TextureType : uint8_t {
  Tex1D = 0, Tex2D = 1, Tex3D = 2, Cube = 3, Array1D = 4, Array2D = 5, Buffer1D = 6, Tex2DNoMipmap = 7, ArrayCube = 8
};

// The coordinate description that reads a texture of a header type as what it is.
constexpr Dim view_dim(TextureType t) {
  switch (t) {
    case TextureType::Tex1D:
    case TextureType::Buffer1D: return Dim::Tex1D;
    case TextureType::Array1D: return Dim::Array1D;
    case TextureType::Tex2D:
    case TextureType::Tex2DNoMipmap: return Dim::Tex2D;
    case TextureType::Array2D: return Dim::Array2D;
    case TextureType::Tex3D: return Dim::Tex3D;
    case TextureType::Cube: return Dim::Cube;
    case TextureType::ArrayCube: return Dim::ArrayCube;
  }
  return Dim::Tex2D;  // (undefined types: decode_header refuses them)
}

// What a texture instruction does.
enum class TexOp : uint8_t {
  Sample,    // TEX / TEXS: filtered sample (NIR tex, txb, txl)
  Gradient,  // TXD: filtered sample with explicit gradients (NIR txd)
  Fetch,     // TLD / TLDS: texel load with integer coordinates (NIR txf, txf_ms)
  Gather,    // TLD4 / TLD4S: the four texels of the bilinear footprint, one component (NIR tg4)
  QueryLod,  // TMML: the LOD the unit would use (NIR lod)
  Query,     // TXQ: header and sampler queries (NIR txs, query_levels, texture_samples)
};

// How the LOD is chosen (seed 000 .lod; TLD has Zero and Lod, seed 001). The encodings map to it with
// isa/sm50/texture_enums.h's lod_mode().
enum class LodMode : uint8_t {
  Implicit,      // from the quad's coordinates
  Zero,          // .LZ: level 0 of the view
  Bias,          // .LB: implicit plus an fp32 bias per lane
  Lod,           // .LL: an absolute LOD per lane (fp32; TLD: u32)
  BiasAveraged,  // .LBA: implicit plus the bias averaged over the quad
  LodAveraged,   // .LLA: the LOD averaged over the quad
};
inline constexpr unsigned kNumLodModes = 6;

// TLD4's gathered component.
enum class Component : uint8_t { R, G, B, A };

// TXQ's query: the values of its query field [27:22] (reference sm50-encodings.md 4.7; isa/sm50/texture_enums.h
// spells every value). The named ones; other even values are queries nvdisasm prints as numbers.
enum class Query : uint8_t { Dimension = 1, TextureType = 2, SamplerPos = 5, Filter = 16, Lod = 18, Wrap = 20, BorderColor = 22 };

// An instruction's modifiers as the unit sees them: the same for every lane of a request.
struct Modifiers {
  TexOp op = TexOp::Sample;
  Dim dim = Dim::Tex2D;
  LodMode lod = LodMode::Implicit;
  bool depth_compare = false;  // .DC
  bool aoffi = false;          // .AOFFI: texel offsets per lane
  bool ptp = false;            // TLD4.PTP: an offset per gathered texel
  Component component = Component::R;  // TLD4
  bool lod_clamp = false;      // .LC
  bool multisample = false;    // TLD.MS
  bool edge_clamp = false;     // TLD.CL
  bool ndv = false;            // .NDV: treat the quad as non-divergent
  Query query = Query::Dimension;
};

// AOFFI texel offsets u, v, w: -8..7 (seed 000 .AOFFI); TLD4's u, v: -32..31 (lowering-facts 3.2 rule 6).
using TexelOffsets = std::array<int8_t, 3>;
// TLD4.PTP: the (u, v) offset of each of the four gathered texels, -128..127 (lowering-facts 2.2).
using PtpOffsets = std::array<std::array<int8_t, 2>, 4>;

// The operands of one lane, as values. fp32 operands are their bits (the unit reads them exactly as the register
// holds them); isa/sm50/tex_operands.h packs these into the Ra/Rb registers and back.
struct Lane {
  uint32_t handle = 0;                  // samplerPtr[31:20] | headerPtr[19:0] (seed 000 .B)
  std::array<uint32_t, 3> coord{};      // s, t, r: fp32 (Sample, Gradient, Gather, QueryLod) or s32 (Fetch)
  uint32_t lod = 0;                     // fp32 bias or LOD (Sample), u32 LOD (Fetch), the level queried (Query)
  uint32_t dref = 0;                    // fp32 depth reference (.DC)
  uint32_t sample = 0;                  // .MS sample index
  std::array<uint32_t, 6> gradients{};  // TXD: ds/dx, ds/dy, dt/dx, dt/dy, dr/dx, dr/dy (fp32)
  uint16_t layer = 0;                   // array index (u16; the unit clamps it to the texture's layers)
  uint16_t lod_clamp = 0;               // .LC: the LOD clamp, u4.8 fixed point (0..4095: 0 to 15.996 levels)
  TexelOffsets offset{};                // .AOFFI
  PtpOffsets ptp{};                     // TLD4.PTP

  bool operator==(const Lane&) const = default;
};

}  // namespace tmu::tex
