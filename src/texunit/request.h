// SPDX-License-Identifier: MIT
// The texture unit's interface: one request serves a whole warp (32 lanes as 8 quads), with the masks that seed
// 000 defines, so that a vectorised path can come later without changing callers. Requests are typed; the unit
// knows nothing about instruction encodings (the executor unpacks Ra/Rb with isa/sm50/tex_operands.h into these
// values; `tmu sample` fills them from a JSON spec).
#pragma once

#include <array>
#include <cstdint>

#include "common/texture_vocab.h"

namespace tmu::texunit {

inline constexpr unsigned kWarpSize = 32;

// The shared texture vocabulary (common/texture_vocab.h): ops, coordinate descriptions, LOD modes, queries, and
// the per-lane operands as values (offsets per axis, the PTP offsets, the LOD clamp, the layer), never register
// bits.
using tex::Component;
using tex::coordinate_count;
using tex::Dim;
using tex::is_array;
using tex::is_cube;
using tex::Lane;
using tex::LodMode;
using tex::Query;
using tex::TexOp;
using tex::texel_dims;

// A warp's request: the instruction's modifiers, the masks and each lane's operands.
struct Request : tex::Modifiers {
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
