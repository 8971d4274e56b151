// SPDX-License-Identifier: MIT
// The texture unit's interface: one request serves a whole warp (32 lanes as 8 quads), with the masks that seed
// 000 defines, so that a vectorised path can come later without changing callers. Requests are typed; the unit
// knows nothing about instruction encodings (the executor unpacks Ra/Rb with isa/sm50/tex_operands.h and fills
// these structs; `tmu sample` fills them from a JSON spec).
#pragma once

#include <array>
#include <cstdint>

namespace tmu::texunit {

inline constexpr unsigned kWarpSize = 32;

enum class TexOp : uint8_t {
  Sample,    // TEX / TEXS: filtered sample (NIR tex, txb, txl)
  Gradient,  // TXD: filtered sample with explicit gradients (NIR txd)
  Fetch,     // TLD / TLDS: texel load with integer coordinates (NIR txf, txf_ms)
  Gather,    // TLD4 / TLD4S: the four texels of the bilinear footprint, one component (NIR tg4)
  QueryLod,  // TMML: the LOD the unit would use (NIR lod)
  Query,     // TXQ: header and sampler queries (NIR txs, query_levels, texture_samples)
};

// The coordinate description (#paramA): bit 0 is "array", bits 1..2 the dimensionality (1D, 2D, 3D, cube).
enum class Dim : uint8_t { Tex1D, Array1D, Tex2D, Array2D, Tex3D, Array3D, Cube, ArrayCube };

constexpr bool is_array(Dim d) { return (static_cast<unsigned>(d) & 1) != 0; }
constexpr bool is_cube(Dim d) { return d == Dim::Cube || d == Dim::ArrayCube; }
constexpr unsigned coordinate_count(Dim d) {
  return d == Dim::Tex1D || d == Dim::Array1D ? 1 : d == Dim::Tex2D || d == Dim::Array2D ? 2 : 3;
}

// TEX's .lod modes (seed 000). TLD uses Zero or Lod, TXD and TLD4 Implicit/Zero.
enum class LodMode : uint8_t { Implicit, Zero, Bias, Lod, BiasAveraged, LodAveraged };

// TXQ queries (the query field of the instruction).
enum class Query : uint8_t { Dimension = 1, TextureType = 2, SamplerPos = 5, Filter = 16, Lod = 18, Wrap = 20, BorderColor = 22 };

// Per-lane operands, already unpacked from registers. Raw register bits where the instruction passes bits.
struct Lane {
  uint32_t handle = 0;                  // samplerPtr[31:20] | headerPtr[19:0]
  std::array<uint32_t, 3> coord{};      // s, t, r: fp32 bits (Sample, Gradient, Gather, QueryLod) or s32 (Fetch)
  uint32_t layer = 0;                   // array index (u16 in the register; the unit clamps to the layers)
  uint32_t lod = 0;                     // fp32 bias or LOD (Sample), u32 LOD (Fetch), level (Query)
  uint32_t lod_clamp = 0;               // .LC: u4.8
  uint32_t offsets = 0;                 // AOFFI: 4-bit u, v, w (Sample, Fetch, Gradient); 6-bit u, v (Gather)
  std::array<uint32_t, 2> ptp{};        // TLD4.PTP: per-texel offsets, 8 bits each
  uint32_t dref = 0;                    // fp32 depth reference
  uint32_t sample = 0;                  // .MS sample index
  std::array<uint32_t, 6> gradients{};  // TXD: ds/dx, ds/dy, dt/dx, dt/dy, dr/dx, dr/dy (fp32 bits)
};

struct Request {
  TexOp op = TexOp::Sample;
  Dim dim = Dim::Tex2D;
  LodMode lod = LodMode::Implicit;
  bool depth_compare = false;  // .DC
  bool aoffi = false;          // .AOFFI
  bool ptp = false;            // TLD4.PTP
  uint8_t component = 0;       // TLD4: R, G, B, A
  bool lod_clamp = false;      // .LC
  bool multisample = false;    // TLD.MS
  bool edge_clamp = false;     // TLD.CL
  bool ndv = false;            // .NDV: treat the quad as non-divergent
  Query query = Query::Dimension;

  // Masks (seed 000, "Notes on status bits"): `active` is what the texture pipe sees as activemask for each
  // quad (IPM & CTM, and ~KTM for .NODEP); `ctm` is the current thread mask used for quad divergence.
  uint32_t active = 0xffffffff;
  uint32_t ctm = 0xffffffff;
  bool pixel_shader = true;  // only pixel threads compute implicit LOD

  std::array<Lane, kWarpSize> lanes{};
};

struct Response {
  std::array<std::array<uint32_t, 4>, kWarpSize> value{};  // X, Y, Z, W register bits per lane
  uint32_t resident = 0;  // Ps: lanes whose texels were all resident
  uint32_t written = 0;   // lanes that produced a value (the active lanes)
};

}  // namespace tmu::texunit
