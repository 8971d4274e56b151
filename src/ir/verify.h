// SPDX-License-Identifier: MIT
// The IR's validator (nir_validate for what the IR holds): every source defined before it is read and visible
// there, each ALU source's type, size and swizzle against the opcode table, each texture source's type and size
// against tex.h's rules, the texture destination's size, intrinsic shapes, phis and if conditions.
#pragma once

#include <string>
#include <vector>

#include "ir/shader.h"

namespace tmu::ir {

// The problems found, each naming the instruction by its definition (ssa_N) or position; empty when valid.
std::vector<std::string> verify(Shader& s);

}  // namespace tmu::ir
