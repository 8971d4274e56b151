// SPDX-License-Identifier: MIT
// Control flow (BRA, BRX, JMP, JMX, CAL, JCAL, PRET, RET, SSY, SYNC, PBK, BRK, PCNT, CONT, PLONGJMP, LONGJMP,
// EXIT, PEXIT, KIL, NOP, SAM, RAM, BPT, RTT, IDE, GETCRSPTR, SETCRSPTR, GETLMEMBASE, SETLMEMBASE): operand value
// types and how nvdisasm 11.8 spells them (probed bit by bit; see branch_rows.h).
#pragma once

#include <array>
#include <cstdint>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// The condition-code test of BRA, EXIT, KIL, SYNC, NOP, ... [0..4]: the flag register written by .CC ops. 15 is
// "always" and is not printed.
enum class CondCode : uint8_t {
  F, LT, EQ, LE, GT, NE, GE, NUM, NAN_, LTU, EQU, LEU, GTU, NEU, GEU, T,
  OFF, LO, SFF, LS, HI, SFT, HS, OFT, CSM_TA, CSM_TR, CSM_MX, FCSM_TA, FCSM_TR, FCSM_MX, RLE, RGT
};
inline constexpr uint32_t kCondAlways = 15;
inline constexpr std::array<Spelling, 32> kCondCode_values{
    Spelling{"CC.F"},      Spelling{"CC.LT"},      Spelling{"CC.EQ"},      Spelling{"CC.LE"},
    Spelling{"CC.GT"},     Spelling{"CC.NE"},      Spelling{"CC.GE"},      Spelling{"CC.NUM"},
    Spelling{"CC.NAN"},    Spelling{"CC.LTU"},     Spelling{"CC.EQU"},     Spelling{"CC.LEU"},
    Spelling{"CC.GTU"},    Spelling{"CC.NEU"},     Spelling{"CC.GEU"},     Spelling{"CC.T"},
    Spelling{"CC.OFF"},    Spelling{"CC.LO"},      Spelling{"CC.SFF"},     Spelling{"CC.LS"},
    Spelling{"CC.HI"},     Spelling{"CC.SFT"},     Spelling{"CC.HS"},      Spelling{"CC.OFT"},
    Spelling{"CC.CSM_TA"}, Spelling{"CC.CSM_TR"},  Spelling{"CC.CSM_MX"},  Spelling{"CC.FCSM_TA"},
    Spelling{"CC.FCSM_TR"}, Spelling{"CC.FCSM_MX"}, Spelling{"CC.RLE"},    Spelling{"CC.RGT"}};
inline constexpr EnumTable kCondCode = detail::table("", kCondCode_values);

TMU_FLAG(kBrFlagLmt, ".LMT")                 // BRA, BRX, JMP, JMX [6]
TMU_FLAG(kBrFlagU, ".U")                     // BRA, JMP [7]: the branch is uniform across the warp
TMU_FLAG(kBrFlagKeepRefCount, ".KEEPREFCOUNT")  // EXIT [5]
TMU_FLAG(kBrFlagTrig, ".TRIG")               // NOP [13]

// CAL, JCAL, PRET [6]: 0 does not push onto the call stack's reference count.
inline constexpr std::array<Spelling, 2> kBrNoInc_values{Spelling{".NOINC"}, Spelling{""}};
inline constexpr EnumTable kBrNoInc = detail::table("", kBrNoInc_values);

// IDE [5]: enable (0) or disable (1) interrupts; nvdisasm prints nothing for disable.
inline constexpr std::array<Spelling, 2> kIdeMode_values{Spelling{".EN"}, Spelling{""}};
inline constexpr EnumTable kIdeMode = detail::table("", kIdeMode_values);

// BPT [6..8]; values 6 and 7 have no name.
enum class BptMode : uint8_t { DRAIN_ILLEGAL, CAL, PAUSE, TRAP, INT, DRAIN, Invalid6, Invalid7 };
inline constexpr std::array<Spelling, 8> kBptMode_values{
    Spelling{".DRAIN_ILLEGAL"}, Spelling{".CAL"},   Spelling{".PAUSE"}, Spelling{".TRAP"},
    Spelling{".INT"},           Spelling{".DRAIN"}, Spelling{".???6"},  Spelling{".???7"}};
inline constexpr EnumTable kBptMode = detail::table("", kBptMode_values);

// RTT [0..1].
enum class RttMode : uint8_t { None, TERMINATE, FALLTHROUGH, PREEMPTED };
inline constexpr std::array<Spelling, 4> kRttMode_values{Spelling{""}, Spelling{".TERMINATE"},
                                                         Spelling{".FALLTHROUGH"}, Spelling{".PREEMPTED"}};
inline constexpr EnumTable kRttMode = detail::table("", kRttMode_values);

}  // namespace tmu::isa::sm50
