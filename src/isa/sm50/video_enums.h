// SPDX-License-Identifier: MIT
// Video family (VADD, VABSDIFF, VABSDIFF4, VMNMX, VSET, VSETP, VSHL, VSHR, VMAD): spelling tables of
// nvdisasm 11.8 (issue 14).
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

// VABSDIFF4's byte selectors [32..35] (A) and [28..31] (B): the source bytes of the four lanes, high lane first;
// the plain order (4: A 3210, B 7654) prints nothing. B's selector 15 is the immediate form (video_rows.h).
inline constexpr std::array<Spelling, 16> kVideo4ASel_values{
    Spelling{".0000"}, Spelling{".1111"}, Spelling{".2222"}, Spelling{".3333"}, Spelling{""},
    Spelling{".4321"}, Spelling{".5432"}, Spelling{".6543"}, Spelling{".3201"}, Spelling{".3012"},
    Spelling{".0213"}, Spelling{".3120"}, Spelling{".1230"}, Spelling{".2310"}, Spelling{".INVALIDASEL4E"},
    Spelling{".INVALIDASEL4F"}};
inline constexpr EnumTable kVideo4ASel = detail::table("", kVideo4ASel_values);
inline constexpr std::array<Spelling, 15> kVideo4BSel_values{
    Spelling{".4444"}, Spelling{".5555"}, Spelling{".6666"}, Spelling{".7777"}, Spelling{""},
    Spelling{".6543"}, Spelling{".5432"}, Spelling{".4321"}, Spelling{".4567"}, Spelling{".6745"},
    Spelling{".5476"}, Spelling{".INVALIDBSEL4B"}, Spelling{".INVALIDBSEL4C"}, Spelling{".INVALIDBSEL4D"},
    Spelling{".INVALIDBSEL4E"}};
inline constexpr EnumTable kVideo4BSel = detail::table("", kVideo4BSel_values);

// VABSDIFF4's lane mask: X, Y, Z, W in bits 0..3; all four print nothing, none ".???0".
inline constexpr std::array<Spelling, 16> kVideo4Mask_values{
    Spelling{".???0"}, Spelling{".X"},   Spelling{".Y"},   Spelling{".XY"},  Spelling{".Z"},   Spelling{".XZ"},
    Spelling{".YZ"},   Spelling{".XYZ"}, Spelling{".W"},   Spelling{".XW"},  Spelling{".YW"},  Spelling{".XYW"},
    Spelling{".ZW"},   Spelling{".XZW"}, Spelling{".YZW"}, Spelling{""}};
inline constexpr EnumTable kVideo4Mask = detail::table("", kVideo4Mask_values);

// VABSDIFF4's operand signs [48] (A), [49] (B); both signed prints nothing.
inline constexpr std::array<Spelling, 4> kVideo4Signs_values{Spelling{".U8.U8"}, Spelling{".S8.U8"},
                                                             Spelling{".U8.S8"}, Spelling{""}};
inline constexpr EnumTable kVideo4Signs = detail::table("", kVideo4Signs_values);

// VABSDIFF4's reduction [53..54]: per lane, or summed into C.
inline constexpr std::array<Spelling, 4> kVideo4Red_values{Spelling{""}, Spelling{".ACC"}, Spelling{".INVALIDRED2"},
                                                           Spelling{".INVALIDRED3"}};
inline constexpr EnumTable kVideo4Red = detail::table("", kVideo4Red_values);

}  // namespace tmu::isa::sm50
