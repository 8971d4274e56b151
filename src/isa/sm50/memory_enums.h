// SPDX-License-Identifier: MIT
// Memory family (LD, ST, LDG, STG, LDL, LDS, STL, STS, LDC, ATOM, ATOM.CAS, ATOMS, ATOMS.CAS, RED, MEMBAR, BAR,
// DEPBAR, CCTL, CCTLL, CCTLT, AL2P, ALD, AST, OUT, PIXLD): operand value types and how nvdisasm 11.8 spells them.
// Section numbers refer to the research note memory.md.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// Access size of loads and stores (sections 2-5). Value 7 is LD/LDG's .U.128 and invalid elsewhere; LDC's 6 is
// invalid too.
enum class MemSize : uint8_t { U8, S8, U16, S16, B32, B64, B128, U128 };

// Cache operators: LD/LDG (loads), ST/STG/STL (stores), LDL (local loads).
enum class MemLdCache : uint8_t { None, CG, CI, CV };
enum class MemStCache : uint8_t { None, CG, CS, WT };
enum class MemLdlCache : uint8_t { None, LU, CI, CV };

// LDC address mode (section 5).
enum class LdcMode : uint8_t { None, IL, IS, ISL };

// Atomic operations (section 6): ATOM has SAFEADD at 10; 9 and 11-15 are invalid. RED has 0-7 only.
enum class AtomOp : uint8_t { ADD, MIN, MAX, INC, DEC, AND, OR, XOR, EXCH, Invalid9, SAFEADD };

// ATOM / RED operand type. Value 4 is .U128 on SM50 and .F16x2.FTZ.RN on SM52 (section 0).
enum class AtomType : uint8_t { U32, S32, U64, F32_FTZ_RN, U128_F16x2, S64, Invalid6, Invalid7 };
enum class AtomsType : uint8_t { U32, S32, U64, S64 };

// ATOMS.CAS [53..54] (section 6.5); 3 is the pattern of ATOM with a predicate destination.
enum class AtomsCasMode : uint8_t { CAST, CAST_SPIN, CAS };

// CAS data operands (section 6.3): which of the two is RZ ("BcRz"); 3 is refused.
enum class MemBcRz : uint8_t { None, SecondRZ, FirstRZ };

// MEMBAR (section 7).
enum class MembarLevel : uint8_t { CTA, GL, SYS, VC };
enum class MembarIvall : uint8_t { None, IVALLD, IVALLT, IVALLTD };

// BAR.RED reduction (section 8).
enum class BarRedOp : uint8_t { POPC, AND, OR, Invalid3 };

// Cache control (section 10).
enum class CctlOp : uint8_t { QRY1, PF1, PF1_5, PF2, WB, IV, IVALL, RS, WBALL, RSLB };
enum class CctlCache : uint8_t { None, U, C, I, CRS };
enum class CctltOp : uint8_t { IVALL, IVTH, Invalid2, Invalid3 };

// Attribute access size (section 11).
enum class AlSize : uint8_t { B32, B64, B96, B128 };

// OUT stream operation (section 12); 0 prints .INVALIDOUTSTYPE0.
enum class OutType : uint8_t { Invalid0, EMIT, CUT, EMIT_THEN_CUT };

// PIXLD (section 12).
enum class PixldMode : uint8_t { None, COVMASK, COVERED, OFFSET, CENTROID_OFFSET, MY_INDEX, Invalid6, Invalid7 };

// R2B (as B2R), ISBERD (issue 14).
enum class R2bMode : uint8_t { Bar, RESULT, WARP, Invalid3 };
enum class IsberdMode : uint8_t { None, PATCH, PRIM, ATTR };
enum class IsberdSize : uint8_t { None, U16, B32, Invalid3 };

TMU_FLAG(kMemFlagE, ".E")    // 64-bit addressing; the address itself prints the same (section 1.1)
TMU_FLAG(kMemFlag64, ".64")  // CAS on 64-bit data
TMU_FLAG(kMemFlagO, ".O")    // AL2P / ALD output attributes

inline constexpr std::array<Spelling, 8> kMemLdSize_values{
    Spelling{".U8"}, Spelling{".S8"}, Spelling{".U16"}, Spelling{".S16"},
    Spelling{""},    Spelling{".64"}, Spelling{".128"}, Spelling{".U.128"}};
inline constexpr EnumTable kMemLdSize = detail::table("", kMemLdSize_values);

// ST, STG, LDL, LDS, STL, STS.
inline constexpr std::array<Spelling, 8> kMemSize_values{
    Spelling{".U8"}, Spelling{".S8"}, Spelling{".U16"}, Spelling{".S16"},
    Spelling{""},    Spelling{".64"}, Spelling{".128"}, Spelling{".INVALIDSIZE7"}};
inline constexpr EnumTable kMemSize = detail::table("", kMemSize_values);

// LDS.U prints the 32-bit size as .32 (section 4).
inline constexpr std::array<Spelling, 8> kMemLdsUSize_values{
    Spelling{".U8"},  Spelling{".S8"}, Spelling{".U16"}, Spelling{".S16"},
    Spelling{".32"}, Spelling{".64"}, Spelling{".128"}, Spelling{".INVALIDSIZE7"}};
inline constexpr EnumTable kMemLdsUSize = detail::table("", kMemLdsUSize_values);

inline constexpr std::array<Spelling, 8> kLdcSize_values{
    Spelling{".U8"}, Spelling{".S8"}, Spelling{".U16"},          Spelling{".S16"},
    Spelling{""},    Spelling{".64"}, Spelling{".INVALIDSIZE6"}, Spelling{".INVALIDSIZE7"}};
inline constexpr EnumTable kLdcSize = detail::table("", kLdcSize_values);

inline constexpr std::array<Spelling, 4> kLdcMode_values{Spelling{""}, Spelling{".IL"}, Spelling{".IS"},
                                                         Spelling{".ISL"}};
inline constexpr EnumTable kLdcMode = detail::table("", kLdcMode_values);

inline constexpr std::array<Spelling, 4> kMemLdCache_values{Spelling{""}, Spelling{".CG"}, Spelling{".CI"},
                                                            Spelling{".CV"}};
inline constexpr EnumTable kMemLdCache = detail::table("", kMemLdCache_values);
inline constexpr std::array<Spelling, 4> kMemStCache_values{Spelling{""}, Spelling{".CG"}, Spelling{".CS"},
                                                            Spelling{".WT"}};
inline constexpr EnumTable kMemStCache = detail::table("", kMemStCache_values);
inline constexpr std::array<Spelling, 4> kMemLdlCache_values{Spelling{""}, Spelling{".LU"}, Spelling{".CI"},
                                                             Spelling{".CV"}};
inline constexpr EnumTable kMemLdlCache = detail::table("", kMemLdlCache_values);

// A predicate destination stored inverted (LDG, ATOM and ATOM.CAS with Pd, SM52): field 0 is PT, 7 is P0.
inline constexpr std::array<Spelling, 8> kMemPredInv_values{Spelling{"PT"}, Spelling{"P6"}, Spelling{"P5"},
                                                            Spelling{"P4"}, Spelling{"P3"}, Spelling{"P2"},
                                                            Spelling{"P1"}, Spelling{"P0"}};
inline constexpr EnumTable kMemPredInv = detail::table("", kMemPredInv_values);

// Register fields that refuse some values: ATOM with Pd and ALD/AST.PHYS refuse RZ as the address register; the
// ALD/AST rows with an absolute attribute address take only RZ (sections 6.7, 11).
namespace detail {
struct MemRegNames {
  std::array<std::array<char, 4>, 255> storage{};
  constexpr MemRegNames() {
    for (std::size_t i = 0; i < storage.size(); ++i) {
      std::size_t n = 0;
      storage[i][n++] = 'R';
      if (i >= 100) storage[i][n++] = static_cast<char>('0' + i / 100);
      if (i >= 10) storage[i][n++] = static_cast<char>('0' + i / 10 % 10);
      storage[i][n] = static_cast<char>('0' + i % 10);
    }
  }
  constexpr std::string_view operator[](std::size_t i) const {
    std::size_t n = 0;
    while (n < 4 && storage[i][n] != 0) ++n;
    return {storage[i].data(), n};
  }
};
inline constexpr MemRegNames kMemRegNames{};
constexpr std::array<Spelling, 256> mem_regs(bool rz_only) {
  std::array<Spelling, 256> t{};
  for (std::size_t i = 0; i < 255; ++i) t[i] = rz_only ? kRejected : Spelling{kMemRegNames[i]};
  t[255] = rz_only ? Spelling{"RZ"} : kRejected;
  return t;
}
}  // namespace detail
inline constexpr std::array<Spelling, 256> kMemRegNotRZ_values = detail::mem_regs(false);
inline constexpr EnumTable kMemRegNotRZ = detail::table("", kMemRegNotRZ_values);
inline constexpr std::array<Spelling, 256> kMemRegOnlyRZ_values = detail::mem_regs(true);
inline constexpr EnumTable kMemRegOnlyRZ = detail::table("", kMemRegOnlyRZ_values);

inline constexpr std::array<Spelling, 16> kAtomOp_values{
    Spelling{".ADD"},  Spelling{".MIN"},  Spelling{".MAX"},           Spelling{".INC"},
    Spelling{".DEC"},  Spelling{".AND"},  Spelling{".OR"},            Spelling{".XOR"},
    Spelling{".EXCH"}, Spelling{".INVALIDATOMOP9"}, Spelling{".SAFEADD"}, Spelling{".INVALIDATOMOP11"},
    Spelling{".INVALIDATOMOP12"}, Spelling{".INVALIDATOMOP13"}, Spelling{".INVALIDATOMOP14"},
    Spelling{".INVALIDATOMOP15"}};
inline constexpr EnumTable kAtomOp = detail::table("", kAtomOp_values);

// ATOMS has no SAFEADD (section 6.4).
inline constexpr std::array<Spelling, 16> kAtomsOp_values{
    Spelling{".ADD"},  Spelling{".MIN"},  Spelling{".MAX"},  Spelling{".INC"},
    Spelling{".DEC"},  Spelling{".AND"},  Spelling{".OR"},   Spelling{".XOR"},
    Spelling{".EXCH"}, Spelling{".INVALIDATOMSOP9"},  Spelling{".INVALIDATOMSOP10"}, Spelling{".INVALIDATOMSOP11"},
    Spelling{".INVALIDATOMSOP12"}, Spelling{".INVALIDATOMSOP13"}, Spelling{".INVALIDATOMSOP14"},
    Spelling{".INVALIDATOMSOP15"}};
inline constexpr EnumTable kAtomsOp = detail::table("", kAtomsOp_values);

inline constexpr std::array<Spelling, 8> kRedOp_values{Spelling{".ADD"}, Spelling{".MIN"}, Spelling{".MAX"},
                                                       Spelling{".INC"}, Spelling{".DEC"}, Spelling{".AND"},
                                                       Spelling{".OR"},  Spelling{".XOR"}};
inline constexpr EnumTable kRedOp = detail::table("", kRedOp_values);

// Column 2 is the SM52 spelling where it differs (printed by the mem_arch kind).
inline constexpr std::array<Spelling, 8> kAtomType_values{
    Spelling{""},      Spelling{".S32"}, Spelling{".U64"},                Spelling{".F32.FTZ.RN"},
    Spelling{".U128", ".F16x2.FTZ.RN"},  Spelling{".S64"}, Spelling{".INVALIDATOMICSIZE6"},
    Spelling{".INVALIDATOMICSIZE7"}};
inline constexpr EnumTable kAtomType = detail::table("", kAtomType_values);

inline constexpr std::array<Spelling, 4> kAtomsType_values{Spelling{""}, Spelling{".S32"}, Spelling{".U64"},
                                                           Spelling{".S64"}};
inline constexpr EnumTable kAtomsType = detail::table("", kAtomsType_values);

inline constexpr std::array<Spelling, 4> kAtomsCasMode_values{Spelling{".CAST"}, Spelling{".CAST.SPIN"},
                                                              Spelling{".CAS"}, kRejected};
inline constexpr EnumTable kAtomsCasMode = detail::table("", kAtomsCasMode_values);

// Printed by the mem_cas kinds, never on its own; 3 is refused.
inline constexpr std::array<Spelling, 4> kMemBcRz_values{Spelling{""}, Spelling{""}, Spelling{""}, kRejected};
inline constexpr EnumTable kMemBcRz = detail::table("", kMemBcRz_values);

inline constexpr std::array<Spelling, 4> kMembarLevel_values{Spelling{".CTA"}, Spelling{".GL"}, Spelling{".SYS"},
                                                             Spelling{".VC"}};
inline constexpr EnumTable kMembarLevel = detail::table("", kMembarLevel_values);
inline constexpr std::array<Spelling, 4> kMembarIvall_values{Spelling{""}, Spelling{".IVALLD"}, Spelling{".IVALLT"},
                                                             Spelling{".IVALLTD"}};
inline constexpr EnumTable kMembarIvall = detail::table("", kMembarIvall_values);

inline constexpr std::array<Spelling, 4> kBarRedOp_values{Spelling{".POPC"}, Spelling{".AND"}, Spelling{".OR"},
                                                          Spelling{".INVALIDBARMODE3"}};
inline constexpr EnumTable kBarRedOp = detail::table("", kBarRedOp_values);

// DEPBAR.LE scoreboard (section 9): 6 and 7 have no name. nvdisasm pads the text before an operand "???" to a
// column that depends on the whole listing (section 1.2); tmu prints one space there.
inline constexpr std::array<Spelling, 8> kDepbarSb_values{Spelling{"SB0"},  Spelling{"SB1"}, Spelling{"SB2"},
                                                          Spelling{"SB3"},  Spelling{"SB4"}, Spelling{"SB5"},
                                                          Spelling{"???6"}, Spelling{"???7"}};
inline constexpr EnumTable kDepbarSb = detail::table("", kDepbarSb_values);

// CCTL / CCTLL operation (section 10). 0 (.QRY1) and 6 (.IVALL) have their own rows; 8 is CCTLL.WBALL's row.
// In these general rows they are refused.
inline constexpr std::array<Spelling, 16> kCctlOp_values{
    kRejected,        Spelling{".PF1"}, Spelling{".PF1.5"}, Spelling{".PF2"},
    Spelling{".WB"},  Spelling{".IV"},  kRejected,          Spelling{".RS"},
    kRejected,        Spelling{".RSLB"}, Spelling{".INVALIDCCTLOP10"}, Spelling{".INVALIDCCTLOP11"},
    Spelling{".INVALIDCCTLOP12"}, Spelling{".INVALIDCCTLOP13"}, Spelling{".INVALIDCCTLOP14"},
    Spelling{".INVALIDCCTLOP15"}};
inline constexpr EnumTable kCctlOp = detail::table("", kCctlOp_values);

inline constexpr std::array<Spelling, 8> kCctlCache_values{
    Spelling{""},    Spelling{".U"},   Spelling{".C"},   Spelling{".I"}, Spelling{".CRS"},
    Spelling{".INVALIDCACHETYPE5"}, Spelling{".INVALIDCACHETYPE6"}, Spelling{".INVALIDCACHETYPE7"}};
inline constexpr EnumTable kCctlCache = detail::table("", kCctlCache_values);

// CCTLL cache type: the "???1" sits inside the mnemonic and is never padded (section 1.2).
inline constexpr std::array<Spelling, 4> kCctllCache_values{Spelling{""}, Spelling{".???1"},
                                                            Spelling{".INVALIDLCACHETYPE2"},
                                                            Spelling{".INVALIDLCACHETYPE3"}};
inline constexpr EnumTable kCctllCache = detail::table("", kCctllCache_values);
// CCTLL.WBALL names the same field from another table (section 10.2).
inline constexpr std::array<Spelling, 4> kCctllWbCache_values{Spelling{".???0"}, Spelling{".CRS"},
                                                              Spelling{".???2"}, Spelling{".???3"}};
inline constexpr EnumTable kCctllWbCache = detail::table("", kCctllWbCache_values);

// CCTLT: .IVALL has its own row (no operand); the register form refuses it outright.
inline constexpr std::array<Spelling, 4> kCctltOp_values{kRejected, Spelling{".IVTH"}, Spelling{".INVALIDCCTLTOP2"},
                                                         Spelling{".INVALIDCCTLTOP3"}};
inline constexpr EnumTable kCctltOp = detail::table("", kCctltOp_values);

inline constexpr std::array<Spelling, 4> kAlSize_values{Spelling{""}, Spelling{".64"}, Spelling{".96"},
                                                        Spelling{".128"}};
inline constexpr EnumTable kAlSize = detail::table("", kAlSize_values);

inline constexpr std::array<Spelling, 4> kOutType_values{Spelling{".INVALIDOUTSTYPE0"}, Spelling{".EMIT"},
                                                         Spelling{".CUT"}, Spelling{".EMIT_THEN_CUT"}};
inline constexpr EnumTable kOutType = detail::table("", kOutType_values);

inline constexpr std::array<Spelling, 8> kPixldMode_values{
    Spelling{""},        Spelling{".COVMASK"},  Spelling{".COVERED"},  Spelling{".OFFSET"},
    Spelling{".CENTROID_OFFSET"}, Spelling{".MY_INDEX"}, Spelling{".INVALID0"}, Spelling{".INVALID1"}};
inline constexpr EnumTable kPixldMode = detail::table("", kPixldMode_values);

TMU_FLAG(kMemFlagSKEW, ".SKEW")
inline constexpr std::array<Spelling, 4> kR2bMode_values{Spelling{""}, Spelling{".RESULT"}, Spelling{".WARP"},
                                                         Spelling{".INVALID"}};
inline constexpr EnumTable kR2bMode = detail::table("", kR2bMode_values);
inline constexpr std::array<Spelling, 4> kIsberdMode_values{Spelling{""}, Spelling{".PATCH"}, Spelling{".PRIM"},
                                                            Spelling{".ATTR"}};
inline constexpr EnumTable kIsberdMode = detail::table("", kIsberdMode_values);
// ISBERD size: "???3" sits inside the mnemonic and is never padded.
inline constexpr std::array<Spelling, 4> kIsberdSize_values{Spelling{""}, Spelling{".U16"}, Spelling{".32"},
                                                            Spelling{".???3"}};
inline constexpr EnumTable kIsberdSize = detail::table("", kIsberdSize_values);

}  // namespace tmu::isa::sm50
