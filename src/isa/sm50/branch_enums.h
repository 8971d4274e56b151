// SPDX-License-Identifier: MIT
// Control flow (BRA, SSY, SYNC, PBK, BRK, EXIT, KIL, NOP, SAM, RAM, ...): operand value types and spelling tables.
#pragma once

#include <array>
#include <cstdint>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

}  // namespace tmu::isa::sm50
