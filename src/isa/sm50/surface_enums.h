// SPDX-License-Identifier: MIT
// Surface family (SULD, SUST, SURED, SUATOM): operand value types and how nvdisasm 11.8 spells them (issue 14;
// found by enumerating each field of accepted words through nvdisasm).
#pragma once

#include <array>
#include <cstdint>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// Surface dimension [33..35]; 6 and 7 print as INVALIDSURFACEDIM.
enum class SuDim : uint8_t { D1, D1Buffer, D1Array, D2, D2Array, D3, Invalid6, Invalid7 };
// Out-of-range handling [49..50]: 0 .IGN (ptxas's .zero), 1 none (.clamp), 2 .TRAP (.trap).
enum class SuClamp : uint8_t { IGN, Clamp, TRAP, Invalid3 };

TMU_FLAG(kSuFlagBA, ".BA")

inline constexpr std::array<Spelling, 8> kSuDim_values{
    Spelling{".1D"}, Spelling{".1D_BUFFER"}, Spelling{".1D_ARRAY"}, Spelling{".2D"}, Spelling{".2D_ARRAY"},
    Spelling{".3D"}, Spelling{".INVALIDSURFACEDIM6"}, Spelling{".INVALIDSURFACEDIM7"}};
inline constexpr EnumTable kSuDim = detail::table("", kSuDim_values);

inline constexpr std::array<Spelling, 4> kSuClamp_values{Spelling{".IGN"}, Spelling{""}, Spelling{".TRAP"},
                                                         Spelling{".INVALIDSURFACECLAMP3"}};
inline constexpr EnumTable kSuClamp = detail::table("", kSuClamp_values);

// .P component mask: all four print nothing, none prints ".???0" (inside the mnemonic, never padded).
inline constexpr std::array<Spelling, 16> kSuMask_values{
    Spelling{".???0"}, Spelling{".R"},  Spelling{".G"},  Spelling{".RG"},  Spelling{".B"},  Spelling{".RB"},
    Spelling{".GB"},   Spelling{".RGB"}, Spelling{".A"}, Spelling{".RA"},  Spelling{".GA"}, Spelling{".RGA"},
    Spelling{".BA"},   Spelling{".RBA"}, Spelling{".GBA"}, Spelling{""}};
inline constexpr EnumTable kSuMask = detail::table("", kSuMask_values);

// SURED / SUATOM .D data type; column 2 is the SM52 spelling where it differs (printed by mem_arch).
inline constexpr std::array<Spelling, 8> kSuType_values{
    Spelling{""},     Spelling{".S32"}, Spelling{".U64"}, Spelling{".F32.FTZ.RN"},
    Spelling{".INVALIDATOMICSIZE4", ".F16x2.FTZ.RN"}, Spelling{".S64"}, Spelling{".SD32"}, Spelling{".SD64"}};
inline constexpr EnumTable kSuType = detail::table("", kSuType_values);

// SUATOM.CAS's predicate result, stored as 7 - index: SM50 refuses anything but PT (0) with this table's name (a
// FIELD_SINCE field), and reports the stored value.
inline constexpr std::array<Spelling, 8> kSuDestPred_values{Spelling{"PT"}, Spelling{"P6"}, Spelling{"P5"},
                                                            Spelling{"P4"}, Spelling{"P3"}, Spelling{"P2"},
                                                            Spelling{"P1"}, Spelling{"P0"}};
inline constexpr EnumTable kSuDestPred = detail::table("DestPred", kSuDestPred_values);

// SUATOM.P.CAS [29..32]: 0 is .CAS, the others print their number.
inline constexpr std::array<Spelling, 16> kSuPCasOp_values{
    Spelling{".CAS"},   Spelling{".???1"},  Spelling{".???2"},  Spelling{".???3"},  Spelling{".???4"},
    Spelling{".???5"},  Spelling{".???6"},  Spelling{".???7"},  Spelling{".???8"},  Spelling{".???9"},
    Spelling{".???10"}, Spelling{".???11"}, Spelling{".???12"}, Spelling{".???13"}, Spelling{".???14"},
    Spelling{".???15"}};
inline constexpr EnumTable kSuPCasOp = detail::table("", kSuPCasOp_values);

}  // namespace tmu::isa::sm50
