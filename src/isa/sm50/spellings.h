// SPDX-License-Identifier: MIT
// Every spelling table and operand value type, for operands.inc: the common ones here, the rest per family.
#pragma once

#include "isa/sm50/branch_enums.h"
#include "isa/sm50/conv_move_enums.h"
#include "isa/sm50/float_alu_enums.h"
#include "isa/sm50/half_enums.h"
#include "isa/sm50/int_alu_enums.h"
#include "isa/sm50/memory_enums.h"
#include "isa/sm50/surface_enums.h"
#include "isa/sm50/video_enums.h"
#include "isa/sm50/spelling.h"
#include "isa/sm50/texture_enums.h"

namespace tmu::isa::sm50 {

TMU_FLAG(kFlagNeg, "!")

}  // namespace tmu::isa::sm50
