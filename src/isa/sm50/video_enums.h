// SPDX-License-Identifier: MIT
// Video family (VADD, VABSDIFF, VMNMX, VSET, VSHL, VSHR, VMAD): spelling tables of nvdisasm 11.8 (issue 14).
#pragma once

#include <array>
#include <cstdint>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// Secondary operation with C [51..53]: merge into a half or byte pair of C, accumulate, min, max, or none.
inline constexpr std::array<Spelling, 8> kVideoOp_values{Spelling{".MRG_16H"}, Spelling{".MRG_16L"},
                                                         Spelling{".MRG_8B0"}, Spelling{".MRG_8B2"},
                                                         Spelling{".ACC"},     Spelling{".MIN"},
                                                         Spelling{".MAX"},     Spelling{""}};
inline constexpr EnumTable kVideoOp = detail::table("", kVideoOp_values);

// [54]: 0 is an unsigned destination, printed .UD (VABSDIFF prints the other value instead: .SD).
inline constexpr std::array<Spelling, 2> kVideoFlagUD_values{Spelling{".UD"}, Spelling{""}};
inline constexpr EnumTable kVideoFlagUD = detail::table("", kVideoFlagUD_values);
TMU_FLAG(kVideoFlagSD, ".SD")
TMU_FLAG(kVideoFlagMX, ".MX")
TMU_FLAG(kVideoFlagW, ".W")

// VSET's comparison [54..56].
inline constexpr std::array<Spelling, 8> kVideoCmp_values{Spelling{".F"},  Spelling{".LT"}, Spelling{".EQ"},
                                                          Spelling{".LE"}, Spelling{".GT"}, Spelling{".NE"},
                                                          Spelling{".GE"}, Spelling{".T"}};
inline constexpr EnumTable kVideoCmp = detail::table("", kVideoCmp_values);

// VMAD's scale of the product [51..52].
inline constexpr std::array<Spelling, 4> kVideoScale_values{Spelling{""}, Spelling{".SHR_7"}, Spelling{".SHR_15"},
                                                            Spelling{".INVALIDVMADSCALE3"}};
inline constexpr EnumTable kVideoScale = detail::table("", kVideoScale_values);

}  // namespace tmu::isa::sm50
