// SPDX-License-Identifier: MIT
// Conversions, moves and predicates (F2F, F2I, I2F, I2I, MOV, MOV32I, SEL, PRMT, S2R, CS2R, SHFL, VOTE, P2R, R2P,
// PSETP, PSET, CSETP, CSET): operand value types and how nvdisasm 11.8 spells them (research note conv-move.md).
// Every encodable value has a spelling: nothing in this family is refused for its field values (section 0.1).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// Floating-point format of F2F / F2I / I2F operands ([8..9], [10..11]). 0 has no meaning.
enum class CmFpFormat : uint8_t { Invalid0, F16, F32, F64 };

// Integer type of F2I / I2F / I2I operands: [1..0] the size (8, 16, 32, 64 bits), [2] signed. Some conversions
// give a size no meaning (F2I 8-bit, I2I 64-bit); nvdisasm prints those as INVALIDn / ???n.
enum class CmIntType : uint8_t { U8, U16, U32, U64, S8, S16, S32, S64 };

TMU_FLAG(kCmFlagCC, ".CC")
TMU_FLAG(kCmFlagNEG, ".NEG")
TMU_FLAG(kCmFlagABS, ".ABS")
TMU_FLAG(kCmFlagFTZ, ".FTZ")
TMU_FLAG(kCmFlagBF, ".BF")

// F2F destination format; I2F's uses the source spelling for its invalid value (sections 1, 3).
inline constexpr std::array<Spelling, 4> kCmF2fDst_values{Spelling{".INVALIDFPDEST0"}, Spelling{".F16"},
                                                          Spelling{".F32"}, Spelling{".F64"}};
inline constexpr EnumTable kCmF2fDst = detail::table("", kCmF2fDst_values);
inline constexpr std::array<Spelling, 4> kCmFpSrc_values{Spelling{".INVALIDFPSRC0"}, Spelling{".F16"},
                                                         Spelling{".F32"}, Spelling{".F64"}};
inline constexpr EnumTable kCmFpSrc = detail::table("", kCmFpSrc_values);
inline constexpr EnumTable kCmI2fDst = kCmFpSrc;

// F2I destination (section 2).
inline constexpr std::array<Spelling, 8> kCmF2iDst_values{
    Spelling{".INVALID0"}, Spelling{".U16"}, Spelling{".U32"}, Spelling{".U64"},
    Spelling{".INVALID1"}, Spelling{".S16"}, Spelling{".S32"}, Spelling{".S64"}};
inline constexpr EnumTable kCmF2iDst = detail::table("", kCmF2iDst_values);

inline constexpr std::array<Spelling, 4> kCmF2iRnd_values{Spelling{""}, Spelling{".FLOOR"}, Spelling{".CEIL"},
                                                          Spelling{".TRUNC"}};
inline constexpr EnumTable kCmF2iRnd = detail::table("", kCmF2iRnd_values);

// I2F source (section 3).
inline constexpr std::array<Spelling, 8> kCmI2fSrc_values{Spelling{".U8"}, Spelling{".U16"}, Spelling{".U32"},
                                                          Spelling{".U64"}, Spelling{".S8"}, Spelling{".S16"},
                                                          Spelling{".S32"}, Spelling{".S64"}};
inline constexpr EnumTable kCmI2fSrc = detail::table("", kCmI2fSrc_values);

// I2F rounding: printed for every type pair, exact or not.
inline constexpr std::array<Spelling, 4> kCmI2fRnd_values{Spelling{""}, Spelling{".RM"}, Spelling{".RP"},
                                                          Spelling{".RZ"}};
inline constexpr EnumTable kCmI2fRnd = detail::table("", kCmI2fRnd_values);

// I2I (section 4): a 64-bit destination prints ???6 / ???7 (value 3 really prints "???6"), a 64-bit source
// INVALID6 / INVALID7.
inline constexpr std::array<Spelling, 8> kCmI2iDst_values{Spelling{".U8"},  Spelling{".U16"}, Spelling{".U32"},
                                                          Spelling{".???6"}, Spelling{".S8"},  Spelling{".S16"},
                                                          Spelling{".S32"}, Spelling{".???7"}};
inline constexpr EnumTable kCmI2iDst = detail::table("", kCmI2iDst_values);
inline constexpr std::array<Spelling, 8> kCmI2iSrc_values{
    Spelling{".U8"}, Spelling{".U16"}, Spelling{".U32"}, Spelling{".INVALID6"},
    Spelling{".S8"}, Spelling{".S16"}, Spelling{".S32"}, Spelling{".INVALID7"}};
inline constexpr EnumTable kCmI2iSrc = detail::table("", kCmI2iSrc_values);

// PRMT mode [48..51] (section 7).
inline constexpr std::array<Spelling, 16> kCmPrmtMode_values{
    Spelling{""},      Spelling{".F4E"},   Spelling{".B4E"},   Spelling{".RC8"},
    Spelling{".ECL"},  Spelling{".ECR"},   Spelling{".RC16"},  Spelling{".INVALIDPMODE7"},
    Spelling{".???8"}, Spelling{".???9"},  Spelling{".???10"}, Spelling{".???11"},
    Spelling{".???12"}, Spelling{".???13"}, Spelling{".???14"}, Spelling{".???15"}};
inline constexpr EnumTable kCmPrmtMode = detail::table("", kCmPrmtMode_values);

// SHFL [30..31] and VOTE [48..49] modes (sections 9, 10).
inline constexpr std::array<Spelling, 4> kCmShflMode_values{Spelling{".IDX"}, Spelling{".UP"}, Spelling{".DOWN"},
                                                            Spelling{".BFLY"}};
inline constexpr EnumTable kCmShflMode = detail::table("", kCmShflMode_values);
inline constexpr std::array<Spelling, 4> kCmVoteMode_values{Spelling{".ALL"}, Spelling{".ANY"}, Spelling{".EQ"},
                                                            Spelling{".INVALIDVMODE3"}};
inline constexpr EnumTable kCmVoteMode = detail::table("", kCmVoteMode_values);
// VOTE.VTG's mode [48..49] (found with nvdisasm 11.8, issue 14).
inline constexpr std::array<Spelling, 4> kCmVtgMode_values{Spelling{".R"}, Spelling{".A"}, Spelling{".RA"},
                                                           Spelling{".INVALIDVTGMODE3"}};
inline constexpr EnumTable kCmVtgMode = detail::table("", kCmVtgMode_values);

// P2R / R2P (section 11): which predicate set [40], which byte [41..42].
inline constexpr std::array<Spelling, 2> kCmPrCc_values{Spelling{"PR"}, Spelling{"CC"}};
inline constexpr EnumTable kCmPrCc = detail::table("", kCmPrCc_values);
inline constexpr std::array<Spelling, 4> kCmByteSel_values{Spelling{""}, Spelling{".B1"}, Spelling{".B2"},
                                                           Spelling{".B3"}};
inline constexpr EnumTable kCmByteSel = detail::table("", kCmByteSel_values);

// Boolean operation of PSETP / PSET / CSETP / CSET (sections 12, 13).
inline constexpr std::array<Spelling, 4> kCmBoolOp_values{Spelling{".AND"}, Spelling{".OR"}, Spelling{".XOR"},
                                                          Spelling{".INVALIDBOP3"}};
inline constexpr EnumTable kCmBoolOp = detail::table("", kCmBoolOp_values);

// Condition-code test [8..12] of CSETP / CSET (section 13).
inline constexpr std::array<Spelling, 32> kCmCcTest_values{
    Spelling{".F"},       Spelling{".LT"},      Spelling{".EQ"},      Spelling{".LE"},      Spelling{".GT"},
    Spelling{".NE"},      Spelling{".GE"},      Spelling{".NUM"},     Spelling{".NAN"},     Spelling{".LTU"},
    Spelling{".EQU"},     Spelling{".LEU"},     Spelling{".GTU"},     Spelling{".NEU"},     Spelling{".GEU"},
    Spelling{".T"},       Spelling{".OFF"},     Spelling{".LO"},      Spelling{".SFF"},     Spelling{".LS"},
    Spelling{".HI"},      Spelling{".SFT"},     Spelling{".HS"},      Spelling{".OFT"},     Spelling{".CSM_TA"},
    Spelling{".CSM_TR"},  Spelling{".CSM_MX"},  Spelling{".FCSM_TA"}, Spelling{".FCSM_TR"}, Spelling{".FCSM_MX"},
    Spelling{".RLE"},     Spelling{".RGT"}};
inline constexpr EnumTable kCmCcTest = detail::table("", kCmCcTest_values);

// Special registers of S2R / CS2R [20..27] (section 8). Unnamed numbers print as SR<decimal>. Register 15 is
// SR15 on SM50 and SR_ORDERING_TICKET from SM52 on (the cm_sreg kind handles that).
namespace detail {
struct SRegNames {
  std::array<std::array<char, 6>, 256> numbered{};  // "SR<n>" for every n, NUL-padded
  std::array<std::string_view, 256> names{};         // "" where the number has no name

  // The name nvdisasm prints for register n (ignoring register 15 on SM52).
  constexpr std::string_view operator[](std::size_t n) const {
    if (!names[n].empty()) return names[n];
    std::size_t len = 0;
    while (len < numbered[n].size() && numbered[n][len] != 0) ++len;
    return {numbered[n].data(), len};
  }

  constexpr SRegNames() {
    for (std::size_t n = 0; n < 256; ++n) {
      std::array<char, 6>& s = numbered[n];
      s[0] = 'S';
      s[1] = 'R';
      std::size_t len = 2;
      if (n >= 100) s[len++] = static_cast<char>('0' + n / 100);
      if (n >= 10) s[len++] = static_cast<char>('0' + n / 10 % 10);
      s[len++] = static_cast<char>('0' + n % 10);
    }
    constexpr std::array<std::string_view, 8> pm{"SR_PM0", "SR_PM1", "SR_PM2", "SR_PM3",
                                                 "SR_PM4", "SR_PM5", "SR_PM6", "SR_PM7"};
    constexpr std::array<std::string_view, 8> pm_hi{"SR_PM_HI0", "SR_PM_HI1", "SR_PM_HI2", "SR_PM_HI3",
                                                    "SR_PM_HI4", "SR_PM_HI5", "SR_PM_HI6", "SR_PM_HI7"};
    for (std::size_t i = 0; i < 8; ++i) {
      names[4 + i] = pm[i];
      names[72 + i] = pm_hi[i];
    }
    names[0] = "SR_LANEID";
    names[1] = "SR_CLOCK";
    names[2] = "SR_VIRTCFG";
    names[3] = "SR_VIRTID";
    names[16] = "SR_PRIM_TYPE";
    names[17] = "SR_INVOCATION_ID";
    names[18] = "SR_Y_DIRECTION";
    names[19] = "SR_THREAD_KILL";
    names[20] = "SM_SHADER_TYPE";  // sic: nvdisasm spells it SM_
    names[21] = "SR_DIRECTCBEWRITEADDRESSLOW";
    names[22] = "SR_DIRECTCBEWRITEADDRESSHIGH";
    names[23] = "SR_DIRECTCBEWRITEENABLED";
    names[24] = "SR_MACHINE_ID_0";
    names[25] = "SR_MACHINE_ID_1";
    names[26] = "SR_MACHINE_ID_2";
    names[27] = "SR_MACHINE_ID_3";
    names[28] = "SR_AFFINITY";
    names[29] = "SR_INVOCATION_INFO";
    names[30] = "SR_WSCALEFACTOR_XY";
    names[31] = "SR_WSCALEFACTOR_Z";
    names[32] = "SR_TID";
    names[33] = "SR_TID.X";
    names[34] = "SR_TID.Y";
    names[35] = "SR_TID.Z";
    names[36] = "SR_CTA_PARAM";
    names[37] = "SR_CTAID.X";
    names[38] = "SR_CTAID.Y";
    names[39] = "SR_CTAID.Z";
    names[40] = "SR_NTID";
    names[41] = "SR_CirQueueIncrMinusOne";  // sic: mixed case
    names[42] = "SR_NLATC";
    names[48] = "SR_SWINLO";
    names[49] = "SR_SWINSZ";
    names[50] = "SR_SMEMSZ";
    names[51] = "SR_SMEMBANKS";
    names[52] = "SR_LWINLO";
    names[53] = "SR_LWINSZ";
    names[54] = "SR_LMEMLOSZ";
    names[55] = "SR_LMEMHIOFF";
    names[56] = "SR_EQMASK";
    names[57] = "SR_LTMASK";
    names[58] = "SR_LEMASK";
    names[59] = "SR_GTMASK";
    names[60] = "SR_GEMASK";
    names[61] = "SR_REGALLOC";
    names[62] = "SR_CTXADDR";
    names[64] = "SR_GLOBALERRORSTATUS";
    names[66] = "SR_WARPERRORSTATUS";
    names[67] = "SR_WARPERRORSTATUSCLEAR";
    names[80] = "SR_CLOCKLO";
    names[81] = "SR_CLOCKHI";
    names[82] = "SR_GLOBALTIMERLO";
    names[83] = "SR_GLOBALTIMERHI";
    names[96] = "SR_HWTASKID";
    names[97] = "SR_CIRCULARQUEUEENTRYINDEX";
    names[98] = "SR_CIRCULARQUEUEENTRYADDRESSLOW";
    names[99] = "SR_CIRCULARQUEUEENTRYADDRESSHIGH";
  }
};
}  // namespace detail
inline constexpr detail::SRegNames kCmSRegNames{};
// The numbers of the registers above that the executor models and the compilers read by name.
namespace sreg {
inline constexpr uint32_t kLaneId = 0, kVirtCfg = 2, kVirtId = 3, kPm0 = 4, kPm7 = 11, kSmemSize = 50, kPmHi0 = 72,
                          kClockLo = 80, kClockHi = 81, kGlobalTimerLo = 82, kGlobalTimerHi = 83;
}  // namespace sreg
inline constexpr std::string_view kCmSRegOrderingTicket = "SR_ORDERING_TICKET";  // register 15, SM52 on

}  // namespace tmu::isa::sm50
