// SPDX-License-Identifier: MIT
// Builds IR at a cursor, as nir_builder does: each call inserts one instruction before the cursor and returns
// the definition it makes. Shapes are derived from the opcode table (alu_ops.inc) and the sources.
#pragma once

#include <initializer_list>
#include <vector>

#include "ir/shader.h"

namespace tmu::ir {

class Builder {
 public:
  Builder(Shader& s, Cursor c) : shader_(s), cursor_(c) {}
  Shader& shader() { return shader_; }
  Cursor& cursor() { return cursor_; }

  // Inserts `instr` (giving its definition a new number if it has none) and returns that number.
  DefId insert(Instr instr);

  // ALU instructions on whole vectors (identity swizzle); the result is as wide as the widest per-component
  // source (or the opcode's fixed size), of the opcode's bit size or the first source's.
  DefId alu(AluOp op, std::initializer_list<DefId> srcs, Rounding r = Rounding::nearest_even);
  DefId alu(AluOp op, const std::vector<AluSrc>& srcs, unsigned components, Rounding r = Rounding::nearest_even);

  DefId imm_float(float v, unsigned bit_size = 32);
  DefId imm_int(int64_t v, unsigned bit_size = 32);
  DefId imm_vec(const std::vector<uint64_t>& bits, unsigned bit_size);
  DefId undef(unsigned components, unsigned bit_size);

  DefId channel(DefId v, unsigned c);                               // mov v.c
  DefId swizzle(DefId v, std::initializer_list<unsigned> comps);   // mov v.abcd
  DefId vec(const std::vector<DefId>& scalars);                     // vecN of the .x of each
  // vec of components picked from vectors: (def, component) pairs.
  DefId vec(const std::vector<std::pair<DefId, unsigned>>& parts);

  DefId tex(TexInstr t);  // t.dest.components/bit_size as given
  DefId intrinsic(IntrinsicInstr i);

  unsigned components(DefId d);
  unsigned bit_size(DefId d);

 private:
  Shader& shader_;
  Cursor cursor_;
};

}  // namespace tmu::ir
