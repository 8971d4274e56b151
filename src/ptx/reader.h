// SPDX-License-Identifier: MIT
// Reads a PTX module (docs/ptx.md): the header (.version, .target sm_50|sm_52 with its texture mode,
// .address_size), module-scope variables and texture/sampler/surface references, .entry and .func with their
// parameters, and bodies of declarations, labels, instructions and nested blocks. Every name an instruction uses
// must be declared (registers, variables, parameters, functions, labels anywhere in the function, the special
// registers). tex, tld4 and txq are read into their typed forms and checked as ptxas 11.8 checks them
// (tex_syntax.h); every other instruction is kept as its opcode, modifiers and operands.
//
// Every error reads "FILE:LINE:COL: what was wrong and what was expected" (columns count bytes from 1); the
// reader stops at the first one. Inputs are bounded so that no text can make it recurse or allocate without
// limit: blocks nest at most 64 deep, initializers 8 deep, register ranges and array sizes are kept as numbers.
#pragma once

#include <string_view>

#include "common/result.h"
#include "ptx/module.h"

namespace tmu::ptx {

Result<Module> read(std::string_view text, std::string_view file_name);

}  // namespace tmu::ptx
