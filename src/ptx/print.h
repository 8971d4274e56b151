// SPDX-License-Identifier: MIT
// Prints a module as PTX text that reads back to the same module (docs/ptx.md): one declaration or statement a
// line, nvcc's tab indentation, constants as written bits (0f/0d for floating point, decimal for integers), so
// that print(read(print(m))) == print(m) (the fuzzer checks it).
#pragma once

#include <string>

#include "ptx/module.h"

namespace tmu::ptx {

std::string print(const Module& m);
std::string print(const Operand& op);

}  // namespace tmu::ptx
