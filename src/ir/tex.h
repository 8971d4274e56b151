// SPDX-License-Identifier: MIT
// The helpers of nir_tex_instr (seed 003, "Texture instruction helpers"), with the rules Mesa's nir.c gives them
// (shared/reference/lowering-facts.md 1.1).
#pragma once

#include <array>
#include <cstdint>

#include "ir/shader.h"

namespace tmu::ir {

bool need_sampler(const TexInstr& t);
unsigned result_size(const TexInstr& t);          // components, without the residency code
inline unsigned dest_size(const TexInstr& t) { return result_size(t) + (t.is_sparse ? 1u : 0u); }
bool is_query(const TexInstr& t);
bool has_implicit_derivative(const TexInstr& t);
AluType src_type(const TexInstr& t, unsigned src);  // unsized: kFloat, kInt, kUint
// Components the source must have; 0 where any width is allowed (handles, backend vectors).
unsigned src_size(const TexInstr& t, unsigned src);
int src_index(const TexInstr& t, TexSrcType type);  // -1 when absent
void add_src(TexInstr& t, TexSrcType type, DefId def);
void remove_src(TexInstr& t, unsigned src_idx);
// True for a tg4 whose tg4_offsets are not Mesa's default (kDefaultTg4Offsets): nir_tex_instr_has_explicit_tg4_offsets.
bool has_explicit_tg4_offsets(const TexInstr& t);

// The same rules for an (op, source type) pair, used by front ends that build instructions.
AluType src_type(TexOp op, TexSrcType type);

// NIR's lod result from TMML's two registers as NAK converts them (lowering-facts 2.2): register 1 holds the
// absolute LOD (unsigned 8.8 in its low 16 bits), register 0 the relative one (signed 8.8); NIR's lod is
// (u2f(r1 & 0xffff) / 256, i2f(sext16(r0)) / 256). sm50/prepare_tex.cpp emits the same as ALU code.
std::array<float, 2> lod_from_tmml(uint32_t r0, uint32_t r1);

}  // namespace tmu::ir
