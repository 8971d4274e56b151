// SPDX-License-Identifier: MIT
// The IR's validator (nir_validate for what the IR holds): every source defined before it is read on every path
// (its definition dominates the use, cfg.h: a value of a loop body may be read after the loop where its block
// dominates the loop's exits), each ALU source's type, size and swizzle against the opcode table, each texture
// source's type and size against tex.h's rules, the texture destination's size, intrinsic shapes, if conditions,
// phis (one source per predecessor of their block, each defined at that predecessor's end), jumps (last in their
// block, inside a loop) and lists (a block first and last).
#pragma once

#include <string>
#include <vector>

#include "ir/shader.h"

namespace tmu::ir {

// The problems found, each naming the instruction by its definition (ssa_N) or position; empty when valid.
std::vector<std::string> verify(Shader& s);

}  // namespace tmu::ir
