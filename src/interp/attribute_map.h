// SPDX-License-Identifier: MIT
// The attribute address space that IPA (and ALD/AST) index: byte addresses 0x000..0x3ff, one 32-bit component
// every 4 bytes. Seed 002 fixes three points of it: a[0x7c] is WPOS.w, which a fragment shader reads as 1/w;
// a[0x300] is TEX0.s (fixed-function texture coordinate 0); IS_FRONT_FACE is an attribute. The rest of the map
// (generic vectors from 0x80, colours at 0x280, ... front face at 0x3fc) is the layout that the Maxwell shader
// translators of yuzu (shader_recompiler/frontend/ir/attribute.h, word index = address / 4) and Ryujinx
// (AttributeConsts) use; it agrees with the seed's three points.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tmu::interp {

// Size of the attribute space in bytes (IPA's immediate address is 10 bits).
inline constexpr uint32_t kAttributeSpaceBytes = 0x400;
// One plane equation per 32-bit component.
inline constexpr uint32_t kAttributeSlots = kAttributeSpaceBytes / 4;

namespace attr {
inline constexpr uint32_t kPrimitiveId = 0x060;
inline constexpr uint32_t kLayer = 0x064;
inline constexpr uint32_t kViewportIndex = 0x068;
inline constexpr uint32_t kPointSize = 0x06c;
inline constexpr uint32_t kPositionX = 0x070;  // fragment: window x of the sample location
inline constexpr uint32_t kPositionY = 0x074;  // fragment: window y
inline constexpr uint32_t kPositionZ = 0x078;  // fragment: window depth
inline constexpr uint32_t kPositionW = 0x07c;  // fragment: 1/w (seed 002: "interpolate WPOS.w = 1/w")
inline constexpr uint32_t kGeneric0 = 0x080;   // 32 vectors of 4 components, 0x080..0x27c
inline constexpr uint32_t kGenericCount = 32;
inline constexpr uint32_t kFrontDiffuse = 0x280;
inline constexpr uint32_t kFrontSpecular = 0x290;
inline constexpr uint32_t kBackDiffuse = 0x2a0;
inline constexpr uint32_t kBackSpecular = 0x2b0;
inline constexpr uint32_t kClipDistance0 = 0x2c0;  // 8 scalars
inline constexpr uint32_t kPointSpriteS = 0x2e0;
inline constexpr uint32_t kPointSpriteT = 0x2e4;
inline constexpr uint32_t kFogCoordinate = 0x2e8;
inline constexpr uint32_t kTessCoordU = 0x2f0;
inline constexpr uint32_t kTessCoordV = 0x2f4;
inline constexpr uint32_t kInstanceId = 0x2f8;
inline constexpr uint32_t kVertexId = 0x2fc;
inline constexpr uint32_t kFixedFncTexture0 = 0x300;  // 10 vectors (s, t, r, q), 0x300..0x39c; seed: TEX0.s
inline constexpr uint32_t kFixedFncTextureCount = 10;
inline constexpr uint32_t kViewportMask = 0x3a0;
inline constexpr uint32_t kFrontFace = 0x3fc;  // IS_FRONT_FACE: 0x00000000 or 0xffffffff (seed 002, .SAT)

// Byte address of generic vector `index` (0..31), component `component` (0..3 = x, y, z, w).
constexpr uint32_t generic(uint32_t index, uint32_t component) { return kGeneric0 + index * 16 + component * 4; }
// Byte address of fixed-function texture coordinate `index` (0..9), component 0..3 = s, t, r, q.
constexpr uint32_t fixed_fnc_texture(uint32_t index, uint32_t component) {
  return kFixedFncTexture0 + index * 16 + component * 4;
}
}  // namespace attr

// TRAM slot of a byte address: the low two bits select a byte inside the 32-bit component and are ignored
// (nvdisasm prints a[0x3ff] without complaint; the plane is 32 bits wide), bits above the 10th are not part of
// the address.
constexpr uint32_t attribute_slot(uint32_t byte_address) { return (byte_address & (kAttributeSpaceBytes - 1)) >> 2; }

// A readable name for a byte address: "Position.W", "Generic[3].Y", "FixedFncTexture[0].S", "FrontFace", or
// "a[0x044]" for addresses the map leaves unnamed.
std::string attribute_name(uint32_t byte_address);

// The byte address of a name written as attribute_name() writes it; nullopt for anything else.
std::optional<uint32_t> attribute_from_name(std::string_view name);

}  // namespace tmu::interp
