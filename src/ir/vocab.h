// SPDX-License-Identifier: MIT
// The NIR texture vocabulary (seed 003): texture ops, source types, sampler dimensions and ALU types, with the
// names Mesa prints for them. Enumerator order is Mesa's, so masks such as nir_lower_tex_options::lower_txp
// (bit 1 << sampler_dim) mean what they mean there.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tmu::ir {

// enum glsl_sampler_dim.
enum class SamplerDim : uint8_t { Dim1D, Dim2D, Dim3D, Cube, Rect, Buf, External, MS, Subpass, SubpassMS };
inline constexpr unsigned kNumSamplerDims = 10;

// enum nir_texop, in seed 003's order.
enum class TexOp : uint8_t {
  tex, txb, txl, txd, txf, txf_ms, txf_ms_fb, txf_ms_mcs_intel, txs, lod, tg4, query_levels, texture_samples,
  samples_identical, tex_prefetch, lod_bias, fragment_fetch_amd, fragment_mask_fetch_amd, descriptor_amd,
  sampler_descriptor_amd, image_min_lod_agx, has_custom_border_color_agx, custom_border_color_agx, hdr_dim_nv,
  tex_type_nv,
};
inline constexpr unsigned kNumTexOps = 25;

// enum nir_tex_src_type, in seed 003's order.
enum class TexSrcType : uint8_t {
  coord, projector, comparator, offset, bias, lod, min_lod, lod_bias_min_agx, ms_index, ms_mcs_intel, ddx, ddy,
  texture_deref, sampler_deref, texture_offset, sampler_offset, texture_handle, sampler_handle,
  sampler_deref_intrinsic, plane, backend1, backend2,
};
inline constexpr unsigned kNumTexSrcTypes = 22;

// nir_alu_type: a base type and a bit size (0: unsized, as in an opcode's signature).
enum class BaseType : uint8_t { Invalid, Int, Uint, Float, Bool };
struct AluType {
  BaseType base = BaseType::Invalid;
  uint8_t bits = 0;
  friend constexpr bool operator==(AluType, AluType) = default;
};
inline constexpr AluType kFloat{BaseType::Float, 0}, kInt{BaseType::Int, 0}, kUint{BaseType::Uint, 0},
    kBool{BaseType::Bool, 0}, kFloat32{BaseType::Float, 32}, kFloat16{BaseType::Float, 16},
    kInt32{BaseType::Int, 32}, kUint32{BaseType::Uint, 32}, kBool1{BaseType::Bool, 1};

// Names as Mesa prints them: "txf_ms", "comparator", "float32", the sampler dim without GLSL_SAMPLER_DIM_.
std::string_view name(TexOp op);
std::string_view name(TexSrcType t);
std::string_view name(SamplerDim d);
std::string name(AluType t);  // "float32", "int", "bool1"
std::optional<TexOp> parse_tex_op(std::string_view s);
std::optional<TexSrcType> parse_tex_src_type(std::string_view s);
std::optional<SamplerDim> parse_sampler_dim(std::string_view s);  // "2D", "CUBE", "RECT", "SUBPASS_MS", ...
std::optional<AluType> parse_alu_type(std::string_view s);

}  // namespace tmu::ir
