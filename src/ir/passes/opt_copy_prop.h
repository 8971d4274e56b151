// SPDX-License-Identifier: MIT
// nir_copy_prop for ALU sources: an ALU source that reads a `mov` reads the mov's source instead, the two
// swizzles composed, so that the movs a front end leaves between values (component extracts, renamed
// registers) cost nothing once opt_dce removes them. Texture, intrinsic and phi sources take whole values and are
// left as they are.
#pragma once

#include "ir/shader.h"

namespace tmu::ir {

// True when a source was rewritten.
bool opt_copy_prop(Shader& s);

}  // namespace tmu::ir
