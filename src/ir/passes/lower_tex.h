// SPDX-License-Identifier: MIT
// nir_lower_tex (seed 003, "Texture instruction lowering"): every option of nir_lower_tex_options, applied per
// texture instruction in Mesa's order (shared/reference/lowering-facts.md 1.2), each transformation as 1.3 states
// it. docs/ir.md lists the options with what each does and how it is checked.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string_view>

#include "common/result.h"
#include "ir/shader.h"

namespace tmu::ir {

// enum nir_lower_tex_packing.
enum class TexPacking : uint8_t { None, Pack16, Pack8 };

// Named filters for lower_offset_filter (the callback of Mesa's options; `offset_filter` below takes any).
enum class OffsetFilter : uint8_t { None, Always, Never, Tg4, Txf, NonConst, Array };

struct LowerTexOptions {
  uint32_t lower_txp = 0;  // bit 1 << SamplerDim
  bool lower_txp_array = false;
  bool lower_txf_offset = false;
  bool lower_rect_offset = false;
  OffsetFilter lower_offset_filter = OffsetFilter::None;
  std::function<bool(const TexInstr&)> offset_filter;  // used when set, in place of lower_offset_filter
  bool lower_rect = false;
  bool lower_1d = false;
  bool lower_1d_shadow = false;
  // YUV and other external formats: bit masks by texture (the deref'd variable's binding, else texture_index).
  uint32_t lower_y_uv_external = 0, lower_y_vu_external = 0, lower_y_u_v_external = 0,
           lower_yx_xuxv_external = 0, lower_yx_xvxu_external = 0, lower_xy_uxvx_external = 0,
           lower_xy_vxux_external = 0, lower_ayuv_external = 0, lower_xyuv_external = 0, lower_yuv_external = 0,
           lower_yu_yv_external = 0, lower_yv_yu_external = 0, lower_y41x_external = 0, bt709_external = 0,
           bt2020_external = 0, yuv_full_range_external = 0, lower_sx10_external = 0, lower_sx12_external = 0;
  std::array<float, 32> scale_factors{};  // per texture: multiplies each sampled plane when non-zero
  uint32_t saturate_s = 0, saturate_t = 0, saturate_r = 0;  // bit masks by sampler
  uint32_t swizzle_result = 0;                              // bit mask by texture
  std::array<std::array<uint8_t, 4>, 32> swizzles = identity_swizzles();  // 0-3 components, 4 zero, 5 one
  uint32_t lower_srgb = 0;  // bit mask by texture
  bool lower_txd_cube_map = false, lower_txd_3d = false, lower_txd_array = false, lower_txd_shadow = false,
       lower_txd = false, lower_txd_clamp = false, lower_txb_shadow_clamp = false, lower_txd_shadow_clamp = false,
       lower_txd_offset_clamp = false, lower_txd_clamp_bindless_sampler = false,
       lower_txd_clamp_if_sampler_index_not_lt_16 = false;
  bool lower_txs_lod = false, lower_txs_cube_array = false;
  bool lower_tg4_broadcom_swizzle = false, lower_tg4_offsets = false;
  bool lower_to_fragment_fetch_amd = false;
  std::array<TexPacking, 32> lower_tex_packing{};              // per sampler: lower_tex_packing_cb's answer
  std::function<TexPacking(const TexInstr&)> tex_packing_cb;  // used when set, in place of the table
  bool lower_lod_zero_width = false;
  bool lower_sampler_lod_bias = false;
  bool lower_invalid_implicit_lod = false;
  bool lower_index_to_offset = false;
  bool lower_array_layer_round_even = false;  // Mesa 22.3 (dropped later): float array layers rounded to even

  static std::array<std::array<uint8_t, 4>, 32> identity_swizzles() {
    std::array<std::array<uint8_t, 4>, 32> s{};
    for (auto& e : s) e = {0, 1, 2, 3};
    return s;
  }
};

// The shader-compiler options the pass reads (nir_shader_compiler_options).
struct CompilerOptions {
  bool has_txs = true;              // Mesa 22.3: lower_rect scales by 1 / txs when set, else by the
  bool has_texture_scaling = false; //   texture-scale intrinsic; later Mesa: the intrinsic when has_texture_scaling
};

// NAK's options for SM50 (nak_preprocess_nir, lowering-facts.md 1.4): projectors divided out for every dim, and
// txd on 3D and cube textures, with depth compare or with a LOD clamp turned into txl: SM50's TXD has none of
// those forms (3.6). `tmu compile` runs the pass with these before selection.
LowerTexOptions sm50_lower_tex_options();

// Runs the pass; returns whether anything changed.
bool lower_tex(Shader& s, const LowerTexOptions& o, const CompilerOptions& c = {});

// Sets one option from text, as `tmu lower --option FIELD=VALUE` and the tests name them: FIELD is a
// nir_lower_tex_options field; masks in decimal or 0x, booleans 1/0, `swizzles[T]=a,b,c,d` (0-3 or x-w a
// component, 4 or zero, 5 or one), `scale_factors[T]=2.5`, `lower_tex_packing[S]=none|16|8`,
// `lower_offset_filter=always|never|tg4|txf|nonconst|array`.
Result<bool> set_option(LowerTexOptions& o, std::string_view field, std::string_view value);
Result<bool> set_compiler_option(CompilerOptions& c, std::string_view name, std::string_view value);

}  // namespace tmu::ir
