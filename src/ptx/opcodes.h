// SPDX-License-Identifier: MIT
// The names of PTX's instructions (PTX ISA 7.8, "Instructions"), so that a statement with another opcode is
// refused as ptxas refuses it ("Not a name of any known instruction").
#pragma once

#include <string_view>

namespace tmu::ptx {

bool is_known_opcode(std::string_view opcode);

}  // namespace tmu::ptx
