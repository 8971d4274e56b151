// SPDX-License-Identifier: MIT
// Control flow (BRA, SSY, SYNC, PBK, BRK, EXIT, KIL, NOP, SAM, RAM, ...): formats and table rows.
#pragma once

#include <array>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50::branch_rows {

using enum F;

inline constexpr std::array kNop{pg_16, pgneg_19};

// NOP as ptxas writes it (0x50b0000000070f00); its other fields are not modelled yet, so only that encoding (with
// any guard) is accepted.
inline constexpr std::array kRows{
    Form{Op::NOP, "NOP", kNop, "0101 0000 1011 0000 0000 0000 0000 0000 0000 0000 0000 .... 0000 1111 0000 0000", "NOP",
         Sched::Fixed},
};

}  // namespace tmu::isa::sm50::branch_rows
