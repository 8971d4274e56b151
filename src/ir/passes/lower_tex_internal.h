// SPDX-License-Identifier: MIT
// Shared by the files of nir_lower_tex: where to build, and the two queries several lowerings use.
#pragma once

#include "ir/builder.h"
#include "ir/passes/lower_tex.h"
#include "ir/tex.h"

namespace tmu::ir::lower_tex_detail {

// The instruction being lowered. Instructions are heap cells, so `instr` stays valid while others are inserted.
struct Site {
  Shader& s;
  Instr* instr;
  TexInstr& tex() { return *instr->as<TexInstr>(); }
  Builder before();
  Builder after();
};

// The sources that name the texture and sampler (derefs, index offsets, handles): what the queries the lowerings
// build copy from the instruction.
bool names_texture(TexSrcType t);

// A query on the same texture: op and result type, the texture's dim and flags, indices and naming sources.
TexInstr query_of(const TexInstr& tex, TexOp op, AluType dest_type);

// nir_get_texture_size: a txs of the same texture at LOD 0 (texture/sampler derefs, offsets and handles copied),
// int32 result, inserted before the instruction.
DefId texture_size(Site& site, Builder& b);
// nir_get_texture_lod: a lod query with the coordinate and the texture sources; its component 1 (the unclamped
// LOD relative to the base level).
DefId texture_lod(Site& site, Builder& b);
// Replaces the uses of the instruction's result by `to`, except in the instructions the builder inserted after it
// (from `first` to the builder's cursor): nir_def_rewrite_uses_after.
void rewrite_result_after(Site& site, Cursor first, Builder& b, DefId to);
// The def's constant value as an integer, if it is a load_const scalar.
std::optional<int64_t> const_int(Shader& s, DefId d);

// The lowerings, one per option family (lower_tex_coords.cpp, lower_tex_results.cpp, lower_tex_lod.cpp).
bool project_src(Site& site);
bool lower_offset(Site& site, const CompilerOptions& c);
void lower_rect(Site& site, const CompilerOptions& c);
void lower_1d(Site& site);
Instr* saturate_src(Site& site, unsigned sat_mask);
bool lower_array_layer_round_even(Site& site);
// The textures some external-format (YUV) option names, and that lowering.
uint32_t external_textures(const LowerTexOptions& o);
void lower_external(Site& site, const LowerTexOptions& o, uint32_t texture_mask, unsigned texture_index);
void swizzle_tg4_broadcom(Site& site);
void swizzle_result(Site& site, const std::array<uint8_t, 4>& swizzle);
void linearize_srgb_result(Site& site);
void lower_tex_packing(Site& site, TexPacking packing);
void lower_implicit_lod(Site& site);
void lower_sampler_lod_bias(Site& site);
void lower_gradient(Site& site);
bool lower_txs_lod(Site& site);
void lower_txs_cube_array(Site& site);
void lower_tg4_offsets(Site& site);
void lower_txf_ms_to_fragment_fetch(Site& site, const CompilerOptions& c);
void lower_samples_identical_to_fragment_fetch(Site& site);
void lower_lod_zero_width(Site& site);
void lower_zero_lod(Site& site);
void lower_index_to_offset(Site& site);

}  // namespace tmu::ir::lower_tex_detail
