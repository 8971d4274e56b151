// SPDX-License-Identifier: MIT
// Half-precision family (HADD2, HMUL2, HFMA2, HSET2, HSETP2 and the _32I forms, SM52): spelling tables of
// nvdisasm 11.8 (issue 14). Every value of every field prints; none is refused.
#pragma once

#include <array>
#include <cstdint>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// A register source's half swizzle (2 bits), printed after the register name (R4.H1_H1, -|R4.F32|): both
// halves as they are, the register as one F32, the low half in both lanes, the high half in both.
inline constexpr std::array<Spelling, 4> kHalfSwz_values{Spelling{""}, Spelling{".F32"}, Spelling{".H0_H0"},
                                                         Spelling{".H1_H1"}};
inline constexpr EnumTable kHalfSwz = detail::table("", kHalfSwz_values);

// The result's format [49..50]: a half pair, one F32, or one half merged into the low or high half of Rd.
inline constexpr std::array<Spelling, 4> kHalfOfmt_values{Spelling{""}, Spelling{".F32"}, Spelling{".MRG_H0"},
                                                          Spelling{".MRG_H1"}};
inline constexpr EnumTable kHalfOfmt = detail::table("", kHalfOfmt_values);

// HMUL2 / HFMA2 denormal handling (2 bits); value 3 prints ".INVALID" (HFMA2's RC and _32I forms print the
// float ALU's ".INVALIDFMZ3").
inline constexpr std::array<Spelling, 4> kHalfFmz_values{Spelling{""}, Spelling{".FTZ"}, Spelling{".FMZ"},
                                                         Spelling{".INVALID"}};
inline constexpr EnumTable kHalfFmz = detail::table("", kHalfFmz_values);

// HSET2's boolean operation with the source predicate; value 3 prints ".???3" (HSETP2 prints the float ALU's
// ".INVALIDBOP3").
inline constexpr std::array<Spelling, 4> kHalfBop_values{Spelling{".AND"}, Spelling{".OR"}, Spelling{".XOR"},
                                                         Spelling{".???3"}};
inline constexpr EnumTable kHalfBop = detail::table("", kHalfBop_values);

// HSETP2's .H_AND flag ([49] in the register form, [53] in the others).
TMU_FLAG(kHalfFlagHAnd, ".H_AND")

}  // namespace tmu::isa::sm50
