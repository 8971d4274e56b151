// SPDX-License-Identifier: MIT
// Maxwell texture headers (TIC) and samplers (TSC): 32-byte descriptors in memory, decoded once into plain
// structs. Field positions are bit offsets into the 256-bit descriptor (word w holds bits 32w..32w+31), as in
// NVIDIA's class header clb097tex.h (NVB097_TEXHEAD_BL/PITCH/1D, NVB097_TEXSAMP); see docs/texunit.md.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "common/result.h"
#include "common/texture_vocab.h"
#include "texunit/formats.h"

namespace tmu::texunit {

using tex::TextureType;  // common/texture_vocab.h
enum class HeaderVersion : uint8_t { Buffer1D = 0, PitchColorKey = 1, Pitch = 2, BlockLinear = 3, BlockLinearColorKey = 4 };

// A decoded texture header. Sizes are in texels; levels are mip level numbers of the resource.
struct TextureHeader {
  uint32_t components = 0;              // layout code (COMPONENTS)
  std::array<DataType, 4> types{};      // R, G, B, A
  std::array<Source, 4> swizzle{};      // X, Y, Z, W
  bool pack_components = false;
  HeaderVersion version = HeaderVersion::BlockLinear;
  uint64_t address = 0;                 // byte address of level 0, layer 0
  uint32_t pitch = 0;                   // bytes per row (pitch layouts)
  uint32_t gob_depth_offset = 0;
  uint8_t block_height_log2 = 0;        // GOBS_PER_BLOCK_HEIGHT (block-linear)
  uint8_t block_depth_log2 = 0;         // GOBS_PER_BLOCK_DEPTH
  uint8_t tile_width_gobs_log2 = 0;     // TILE_WIDTH_IN_GOBS (sparse)
  bool sparse = false;
  bool gob3d = false;
  bool array_tile_alignment = false;
  bool lod_aniso_quality2 = false, lod_aniso_quality = false, lod_iso_quality = false;
  uint8_t aniso_coarse_spread_modifier = 0, aniso_spread_scale = 0, aniso_fine_spread_modifier = 0;
  bool use_header_opt_control = false;
  bool depth_texture = false;
  uint8_t max_mip_level = 0;            // last level of the resource
  uint32_t width = 1, height = 1, depth = 1;  // depth: 3D depth or number of array layers (cube arrays: cubes × 6?)
  uint8_t aniso_spread_max_log2 = 0;
  bool srgb = false;
  TextureType type = TextureType::Tex2D;
  uint8_t sector_promotion = 0;
  uint8_t border_size = 0;
  bool normalized_coords = true;
  uint8_t trilin_opt = 0;
  int32_t mip_lod_bias = 0;             // s5.8
  uint8_t aniso_bias = 0;               // u0.4
  uint8_t aniso_fine_spread_func = 0, aniso_coarse_spread_func = 0;
  uint8_t max_anisotropy = 0;           // 0..7 -> 1, 2, 4, 6, 8, 10, 12, 16 :1
  uint8_t view_min_level = 0;           // RES_VIEW_MIN_MIP_LEVEL: what LOD 0 and .LZ select
  uint8_t view_max_level = 0;           // RES_VIEW_MAX_MIP_LEVEL
  uint8_t multisample = 0;              // MULTI_SAMPLE_COUNT
  uint32_t min_lod_clamp = 0;           // u4.8, relative to the view's first level

  // The format fields, for FormatPlan::make.
  FormatFields format() const { return FormatFields{components, types, swizzle, srgb}; }
};

// The view's first and last mip level (RES_VIEW_MIN/MAX_MIP_LEVEL), clamped to the resource's levels: what LOD 0
// and .LZ select, and the last level the LOD may reach.
constexpr unsigned view_min(const TextureHeader& h) { return std::min<unsigned>(h.view_min_level, h.max_mip_level); }
constexpr unsigned view_max(const TextureHeader& h) {
  return std::clamp<unsigned>(h.view_max_level, view_min(h), h.max_mip_level);
}

enum class AddressMode : uint8_t {
  Wrap = 0, Mirror = 1, ClampToEdge = 2, Border = 3, ClampOgl = 4, MirrorOnceClampToEdge = 5, MirrorOnceBorder = 6,
  MirrorOnceClampOgl = 7
};
enum class CompareFunc : uint8_t { Never, Less, Equal, LessEqual, Greater, NotEqual, GreaterEqual, Always };
enum class MagFilter : uint8_t { Point = 1, Linear = 2, Vcaa4 = 3, Vcaa8 = 4 };
enum class MinFilter : uint8_t { Point = 1, Linear = 2, Aniso = 3 };
enum class MipFilter : uint8_t { None = 1, Point = 2, Linear = 3 };
enum class Reduction : uint8_t { WeightedAverage = 0, Min = 1, Max = 2 };

struct Sampler {
  std::array<AddressMode, 3> address{};  // U, V, P
  bool depth_compare = false;
  CompareFunc compare = CompareFunc::Never;
  bool srgb_conversion = false;
  uint8_t max_anisotropy = 0;
  MagFilter mag = MagFilter::Point;
  bool min_lod_clamp_integer_only = false;
  MinFilter min = MinFilter::Point;
  MipFilter mip = MipFilter::None;
  uint8_t cube_interface = 0;
  Reduction reduction = Reduction::WeightedAverage;
  int32_t mip_lod_bias = 0;        // s5.8
  bool force_unnormalized = false; // FLOAT_COORD_NORMALIZATION
  uint8_t trilin_opt = 0;
  uint32_t min_lod_clamp = 0;      // u4.8
  uint32_t max_lod_clamp = 0;      // u4.8
  std::array<uint8_t, 3> srgb_border{};  // 8-bit sRGB border R, G, B
  std::array<uint32_t, 4> border{};      // fp32 (or integer) border colour R, G, B, A
};

// Decoding refuses undefined enumerated values (a zero data type, an undefined texture type ...) with a message
// naming the field and its bit position.
Result<TextureHeader> decode_header(std::span<const uint32_t, 8> words);
Result<Sampler> decode_sampler(std::span<const uint32_t, 8> words);
std::array<uint32_t, 8> encode_header(const TextureHeader& h);
std::array<uint32_t, 8> encode_sampler(const Sampler& s);

// MAX_ANISOTROPY 0..7 as a ratio.
constexpr unsigned anisotropy_ratio(uint8_t code) {
  constexpr unsigned r[8] = {1, 2, 4, 6, 8, 10, 12, 16};
  return r[code & 7];
}

// Handles: samplerPtr[31:20] | headerPtr[19:0] (seed 000).
constexpr uint32_t header_index(uint32_t handle) { return handle & 0xfffff; }
constexpr uint32_t sampler_index(uint32_t handle) { return handle >> 20; }

}  // namespace tmu::texunit
