// SPDX-License-Identifier: MIT
// Float ALU (FADD, FMUL, FFMA, FMNMX, FSET, FSETP, FCMP, FSWZADD, MUFU, RRO, FCHK, double precision): operand value
// types and spelling tables. Research note float-alu.md section 0.4 (all values print; none is refused).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// Rounding mode (RN is the default and prints nothing).
enum class FaRound : uint8_t { RN, RM, RP, RZ };

// Denormal handling of FMUL/FFMA (2 bits): flush to zero, or FMZ (also zero times anything is zero).
enum class FaFmz : uint8_t { None, FTZ, FMZ, Invalid3 };

// FMUL's result scale: divide or multiply by 2, 4, 8.
enum class FaScale : uint8_t { None, D2, D4, D8, M8, M4, M2, Invalid7 };

// Float comparison of FSET/FSETP/FCMP/DSET/DSETP (4 bits).
enum class FaCmp : uint8_t { F, LT, EQ, LE, GT, NE, GE, NUM, NaN, LTU, EQU, LEU, GTU, NEU, GEU, T };

// How FSET/FSETP combine the comparison with the source predicate.
enum class FaBoolOp : uint8_t { AND, OR, XOR, Invalid3 };

// MUFU function (4 bits; 8 is SQRT from SM52 on, undefined on SM50).
enum class FaMufuOp : uint8_t { COS, SIN, EX2, LG2, RCP, RSQ, RCP64H, RSQ64H, SQRT };

// RRO range reduction for MUFU.SIN/COS or MUFU.EX2.
enum class FaRroMode : uint8_t { SINCOS, EX2 };

TMU_FLAG(kFaFlagFTZ, ".FTZ")
TMU_FLAG(kFaFlagSAT, ".SAT")
TMU_FLAG(kFaFlagBF, ".BF")
TMU_FLAG(kFaFlagNDV, ".NDV")
TMU_FLAG(kFaFlagCC, ".CC")
// Operand decorations. They are printed by the fa_* composite kinds (a prefix '-' or |..| on registers and
// constant banks), but on an immediate they are suffixes with exactly these names (section 0.2).
TMU_FLAG(kFaFlagNeg, ".NEG")
TMU_FLAG(kFaFlagAbs, ".ABS")

inline constexpr std::array<Spelling, 4> kFaRound_values{Spelling{""}, Spelling{".RM"}, Spelling{".RP"},
                                                         Spelling{".RZ"}};
inline constexpr EnumTable kFaRound = detail::table("", kFaRound_values);

inline constexpr std::array<Spelling, 4> kFaFmz_values{Spelling{""}, Spelling{".FTZ"}, Spelling{".FMZ"},
                                                       Spelling{".INVALIDFMZ3"}};
inline constexpr EnumTable kFaFmz = detail::table("", kFaFmz_values);

inline constexpr std::array<Spelling, 8> kFaScale_values{
    Spelling{""},    Spelling{".D2"}, Spelling{".D4"}, Spelling{".D8"},
    Spelling{".M8"}, Spelling{".M4"}, Spelling{".M2"}, Spelling{".INVALIDSCALE37"}};
inline constexpr EnumTable kFaScale = detail::table("", kFaScale_values);

inline constexpr std::array<Spelling, 16> kFaCmp_values{
    Spelling{".F"},   Spelling{".LT"},  Spelling{".EQ"},  Spelling{".LE"},  Spelling{".GT"},  Spelling{".NE"},
    Spelling{".GE"},  Spelling{".NUM"}, Spelling{".NAN"}, Spelling{".LTU"}, Spelling{".EQU"}, Spelling{".LEU"},
    Spelling{".GTU"}, Spelling{".NEU"}, Spelling{".GEU"}, Spelling{".T"}};
inline constexpr EnumTable kFaCmp = detail::table("", kFaCmp_values);

// FCMP prints every comparison except GT, its default (section 1.10); ".GT" is still read.
inline constexpr std::array<Spelling, 16> kFcmpCmp_values{
    Spelling{".F"},   Spelling{".LT"},  Spelling{".EQ"},  Spelling{".LE"},  Spelling{"", {}, ".GT"},
    Spelling{".NE"},  Spelling{".GE"},  Spelling{".NUM"}, Spelling{".NAN"}, Spelling{".LTU"},
    Spelling{".EQU"}, Spelling{".LEU"}, Spelling{".GTU"}, Spelling{".NEU"}, Spelling{".GEU"},
    Spelling{".T"}};
inline constexpr EnumTable kFcmpCmp = detail::table("", kFcmpCmp_values);

inline constexpr std::array<Spelling, 4> kFaBoolOp_values{Spelling{".AND"}, Spelling{".OR"}, Spelling{".XOR"},
                                                          Spelling{".INVALIDBOP3"}};
inline constexpr EnumTable kFaBoolOp = detail::table("", kFaBoolOp_values);

// MUFU [20..23]: column 1 is SM50's spelling, column 2 SM52's where it differs (8 is .SQRT there). Printed by the
// fa_mufu composite, which picks the column by architecture.
inline constexpr std::array<Spelling, 16> kFaMufuOp_values{
    Spelling{".COS"},
    Spelling{".SIN"},
    Spelling{".EX2"},
    Spelling{".LG2"},
    Spelling{".RCP"},
    Spelling{".RSQ"},
    Spelling{".RCP64H"},
    Spelling{".RSQ64H"},
    Spelling{".INVALIDMUFUOPCODE8", ".SQRT"},
    Spelling{".INVALIDMUFUOPCODE9"},
    Spelling{".INVALIDMUFUOPCODEA"},
    Spelling{".INVALIDMUFUOPCODEB"},
    Spelling{".INVALIDMUFUOPCODEC"},
    Spelling{".INVALIDMUFUOPCODED"},
    Spelling{".INVALIDMUFUOPCODEE"},
    Spelling{".INVALIDMUFUOPCODEF"}};
inline constexpr EnumTable kFaMufuOp = detail::table("", kFaMufuOp_values);

inline constexpr std::array<Spelling, 2> kFaRroMode_values{Spelling{".SINCOS"}, Spelling{".EX2"}};
inline constexpr EnumTable kFaRroMode = detail::table("", kFaRroMode_values);

// FCHK [39..44]: 0 is .DIVIDE, every other value .INVALIDCHKMODE<n> with n in decimal.
namespace detail {
struct FchkModeNames {
  static constexpr std::string_view kPrefix = ".INVALIDCHKMODE";
  std::array<std::array<char, 18>, 64> storage{};
  constexpr FchkModeNames() {
    for (std::size_t v = 1; v < 64; ++v) {
      std::size_t n = 0;
      for (char ch : kPrefix) storage[v][n++] = ch;
      if (v >= 10) storage[v][n++] = static_cast<char>('0' + v / 10);
      storage[v][n] = static_cast<char>('0' + v % 10);
    }
  }
  constexpr std::string_view operator[](std::size_t v) const {
    std::size_t n = 0;
    while (n < storage[v].size() && storage[v][n] != 0) ++n;
    return {storage[v].data(), n};
  }
};
inline constexpr FchkModeNames kFchkModeNames{};
constexpr std::array<Spelling, 64> fchk_modes() {
  std::array<Spelling, 64> t{};
  t[0] = Spelling{".DIVIDE"};
  for (std::size_t v = 1; v < 64; ++v) t[v] = Spelling{kFchkModeNames[v]};
  return t;
}
}  // namespace detail
inline constexpr std::array<Spelling, 64> kFchkMode_values = detail::fchk_modes();
inline constexpr EnumTable kFchkMode = detail::table("", kFchkMode_values);

}  // namespace tmu::isa::sm50
