// SPDX-License-Identifier: MIT
// nir_opt_dce: removes instructions whose definitions nothing live reads and that have no other effect (ALU,
// constants, undefined values, phis, derefs, texture instructions, intrinsics that only load), phis of loops that
// only feed each other included. Front ends that build SSA from variables (the PTX compiler: a phi at each loop
// head for every register the loop names) leave such values behind.
#pragma once

#include "ir/shader.h"

namespace tmu::ir {

// True when something was removed.
bool opt_dce(Shader& s);

}  // namespace tmu::ir
