// SPDX-License-Identifier: MIT
// The helpers of nir_tex_instr (seed 003, "Texture instruction helpers"), with the rules Mesa's nir.c gives them
// (shared/reference/lowering-facts.md 1.1).
#pragma once

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

}  // namespace tmu::ir
