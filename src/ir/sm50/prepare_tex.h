// SPDX-License-Identifier: MIT
// NAK's SM50 preparation of texture instructions (nak_nir_lower_tex.c for sm >= 50; lowering-facts.md 1.4, 2.1,
// 2.2), run after nir_lower_tex with sm50_lower_tex_options() and before selection:
//
//  - queries become the hardware's: txs and query_levels a TXQ TEX_HEADER_DIMENSION (hdr_dim_nv: width, height,
//    depth or layers, levels), texture_samples a TEX_HEADER_TEXTURE_TYPE (tex_type_nv: samples in component 2),
//    each followed by the ALU code that picks NIR's components; lod returns TMML's raw registers and ALU code
//    converts them (u2f(r1 & 0xffff) / 256, i2f(sext16(r0)) / 256);
//  - cube directions are divided by their largest magnitude (nir_normalize_cubemap_coords);
//  - every source is packed, by ALU code, into the registers of the SASS instruction: backend1 is the Ra vector,
//    backend2 the Rb vector, in the order and with the word packings isa/sm50/tex_operands gives (the one packer,
//    which follows seeds 000 and 001 where NAK differs: TLD's offset comes before the sample index). Field
//    positions inside words (layer and LOD clamp, offsets) are taken from the packer, constant words are packed
//    by it at compile time;
//  - backend_flags holds the SASS instruction's modifiers (tex_flags.h), the other sources are removed (bound
//    textures keep texture_index / sampler_index and their constant index offsets).
//
// Selection spells the instruction from the flags and reads Ra and Rb from the two vectors; the interpreter runs a
// prepared instruction by unpacking the vectors per lane (tex_operands' unpack), as the executor does.
#pragma once

#include "common/result.h"
#include "ir/shader.h"
#include "isa/arch.h"

namespace tmu::ir::sm50 {

// Prepares every texture instruction not prepared yet. Errors name the instruction (ssa_N) and what SM50 (or the
// architecture: min_lod's .LC and sparse residency need SM52) has no form for.
Result<bool> prepare_tex(Shader& s, isa::Arch arch = isa::Arch::SM50);

bool is_prepared(const TexInstr& t);

}  // namespace tmu::ir::sm50
