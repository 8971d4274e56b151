// SPDX-License-Identifier: MIT
// The labels nvdisasm gives a cubin's code, so that tmu's listings name branch targets as it does.
#pragma once

#include <span>
#include <vector>

#include "isa/cubin.h"
#include "isa/sm50/labels.h"
#include "isa/sm50/program.h"

namespace tmu::isa::sm50 {

// One LabelMap per function of `cubin` (programs[i] is functions[i] decoded). Subroutines (FUNC symbols inside a
// function's section, as ptxas places the .funcs a kernel calls) are labelled with their names. nvdisasm numbers
// the other labels .L_x_N across the whole file: first the targets of PC-relative branches (BRA, SSY, PBK, CAL,
// ...) of every function in section order, each function's in the order of the first branch to it, a subroutine's
// address taking no number; then for each indirect branch of the functions' EIATTR_INDIRECT_BRANCH_TARGETS one
// number for the branch and one per target; then one per FUNC symbol at its end (value + size), in symbol-table
// order, an address keeping its first name. Symbols of the code relocations are added as operand symbols (printed
// as `(name) in place of the patched immediate).
std::vector<LabelMap> cubin_labels(const Cubin& cubin, std::span<const Program> programs);

}  // namespace tmu::isa::sm50
