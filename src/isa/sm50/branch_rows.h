// SPDX-License-Identifier: MIT
// Control flow: formats and table rows. Every layout was probed bit by bit with nvdisasm 11.8 (SM50 and SM52 agree):
// the opcode is the top 12 bits (SYNC: 13); bits a format does not list are ignored by nvdisasm and encoded as zero.
//
// Shared layout: the condition-code test [0..4] (15, always, is not printed), a constant-bank flag [5] that turns the
// target into c[bank 36..40][signed offset 20..35], and targets in [20..43] as a signed byte offset from the next
// instruction (printed as the absolute address, or as `(label) in cubin listings). JMP and JCAL hold a 32-bit
// absolute address [20..51] instead. Ops without a guard field (SSY, PBK, CAL, ...) ignore bits 16..19.
//
// Scheduling: every op refuses barriers (fixed latency) and ignores the reuse bits, except GETCRSPTR, GETLMEMBASE,
// SETCRSPTR and SETLMEMBASE (barriers allowed) and NOP and LEPC, which refuse reuse bit 3 like the fixed-latency ALU
// ops.
// A zero word is printed "NOP;" whatever its control slot holds.
#pragma once

#include <array>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50::branch_rows {

using enum F;

// ---- formats ---------------------------------------------------------------------------------------------

inline constexpr std::array kBra{br_cc_0, br_lmt_6, br_u_7, pg_16, pgneg_19, br_rel_20};
inline constexpr std::array kBraC{br_cc_0, br_lmt_6, br_u_7, pg_16, pgneg_19, ldc_off_20, ldc_bank_36};
inline constexpr std::array kJmp{br_cc_0, br_lmt_6, br_u_7, pg_16, pgneg_19, br_abs_20};
inline constexpr std::array kBrx{br_cc_0, br_lmt_6, ra_8, pg_16, pgneg_19, br_off24_20};
inline constexpr std::array kJmx{br_cc_0, br_lmt_6, ra_8, pg_16, pgneg_19, br_off32_20};
inline constexpr std::array kBrxC{br_cc_0, br_lmt_6, ra_8, pg_16, pgneg_19, ldc_off_20, ldc_bank_36};
inline constexpr std::array kCal{br_noinc_6, br_rel_20};
inline constexpr std::array kCalC{br_noinc_6, ldc_off_20, ldc_bank_36};
inline constexpr std::array kJcal{br_noinc_6, br_abs_20};
inline constexpr std::array kPush{br_rel_20};  // SSY, PBK, PCNT, PLONGJMP, PEXIT
inline constexpr std::array kPushC{ldc_off_20, ldc_bank_36};
inline constexpr std::array kCond{br_cc_0, pg_16, pgneg_19};  // RET, SYNC, BRK, CONT, LONGJMP, KIL
inline constexpr std::array kExit{br_cc_0, br_keep_5, pg_16, pgneg_19};
inline constexpr std::array kNop{br_cc_8, nop_trig_13, pg_16, pgneg_19, nop_imm_20};
inline constexpr std::array<F, 0> kNone{};
inline constexpr std::array kBpt{bpt_mode_6, bpt_imm_20};
inline constexpr std::array kRtt{rtt_mode_0};
inline constexpr std::array kIde{ide_mode_5, ide_imm_20};
inline constexpr std::array kGet{rd_0};
inline constexpr std::array kLepc{rd_0, pg_16, pgneg_19};  // LEPC: [8..50] ignored
inline constexpr std::array kSet{ra_8};

// ---- rows ------------------------------------------------------------------------------------------------

inline constexpr std::array kRows{
    // Branches: relative, through a constant bank, absolute (JMP), through a register (BRX relative, JMX absolute).
    Form{Op::BRA, "BRA", kBra, "1110 0010 0100 | 5:0", "BRA{br_u}{br_lmt} {br_cc(br_cc)?}, {br_target(br_rel)}",
         Sched::FixedNoReuse},
    Form{Op::BRA, "BRA", kBraC, "1110 0010 0100 | 5:1", "BRA{br_u}{br_lmt} {br_cc(br_cc)?}, {br_cbuf(ldc_bank,ldc_off)}",
         Sched::FixedNoReuse},
    Form{Op::JMP, "JMP", kJmp, "1110 0010 0001 | 5:0", "JMP{br_u}{br_lmt} {br_cc(br_cc)?}, {br_abs}", Sched::FixedNoReuse},
    Form{Op::JMP, "JMP", kBraC, "1110 0010 0001 | 5:1", "JMP{br_u}{br_lmt} {br_cc(br_cc)?}, {br_cbuf(ldc_bank,ldc_off)}",
         Sched::FixedNoReuse},
    Form{Op::BRX, "BRX", kBrx, "1110 0010 0101 | 5:0", "BRX{br_lmt} {br_cc(br_cc)?}, {br_reg(ra,br_off)}",
         Sched::FixedNoReuse},
    Form{Op::BRX, "BRX", kBrxC, "1110 0010 0101 | 5:1", "BRX{br_lmt} {br_cc(br_cc)?}, {ldc_cbuf(ldc_bank,ra,ldc_off)}",
         Sched::FixedNoReuse},
    Form{Op::JMX, "JMX", kJmx, "1110 0010 0000 | 5:0", "JMX{br_lmt} {br_cc(br_cc)?}, {br_reg(ra,br_off)}",
         Sched::FixedNoReuse},
    Form{Op::JMX, "JMX", kBrxC, "1110 0010 0000 | 5:1", "JMX{br_lmt} {br_cc(br_cc)?}, {ldc_cbuf(ldc_bank,ra,ldc_off)}",
         Sched::FixedNoReuse},

    // Calls and returns.
    Form{Op::CAL, "CAL", kCal, "1110 0010 0110 | 5:0", "CAL{br_noinc} {br_target(br_rel)}", Sched::FixedNoReuse},
    Form{Op::CAL, "CAL", kCalC, "1110 0010 0110 | 5:1", "CAL{br_noinc} {br_cbuf(ldc_bank,ldc_off)}", Sched::FixedNoReuse},
    Form{Op::JCAL, "JCAL", kJcal, "1110 0010 0010 | 5:0", "JCAL{br_noinc} {br_abs}", Sched::FixedNoReuse},
    Form{Op::JCAL, "JCAL", kCalC, "1110 0010 0010 | 5:1", "JCAL{br_noinc} {br_cbuf(ldc_bank,ldc_off)}", Sched::FixedNoReuse},
    Form{Op::PRET, "PRET", kCal, "1110 0010 0111 | 5:0", "PRET{br_noinc} {br_target(br_rel)}", Sched::FixedNoReuse},
    Form{Op::PRET, "PRET", kCalC, "1110 0010 0111 | 5:1", "PRET{br_noinc} {br_cbuf(ldc_bank,ldc_off)}", Sched::FixedNoReuse},
    Form{Op::RET, "RET", kCond, "1110 0011 0010", "RET {br_cc(br_cc)?}", Sched::FixedNoReuse},

    // Reconvergence: push a target (SSY, PBK, PCNT, PLONGJMP), then pop to it (SYNC, BRK, CONT, LONGJMP).
    Form{Op::SSY, "SSY", kPush, "1110 0010 1001 | 5:0", "SSY {br_target(br_rel)}", Sched::FixedNoReuse},
    Form{Op::SSY, "SSY", kPushC, "1110 0010 1001 | 5:1", "SSY {br_cbuf(ldc_bank,ldc_off)}", Sched::FixedNoReuse},
    Form{Op::PBK, "PBK", kPush, "1110 0010 1010 | 5:0", "PBK {br_target(br_rel)}", Sched::FixedNoReuse},
    Form{Op::PBK, "PBK", kPushC, "1110 0010 1010 | 5:1", "PBK {br_cbuf(ldc_bank,ldc_off)}", Sched::FixedNoReuse},
    Form{Op::PCNT, "PCNT", kPush, "1110 0010 1011 | 5:0", "PCNT {br_target(br_rel)}", Sched::FixedNoReuse},
    Form{Op::PCNT, "PCNT", kPushC, "1110 0010 1011 | 5:1", "PCNT {br_cbuf(ldc_bank,ldc_off)}", Sched::FixedNoReuse},
    Form{Op::PLONGJMP, "PLONGJMP", kPush, "1110 0010 1000 | 5:0", "PLONGJMP {br_target(br_rel)}", Sched::FixedNoReuse},
    Form{Op::PLONGJMP, "PLONGJMP", kPushC, "1110 0010 1000 | 5:1", "PLONGJMP {br_cbuf(ldc_bank,ldc_off)}",
         Sched::FixedNoReuse},
    Form{Op::SYNC, "SYNC", kCond, "1111 0000 1111 1", "SYNC {br_cc(br_cc)?}", Sched::FixedNoReuse},
    Form{Op::BRK, "BRK", kCond, "1110 0011 0100", "BRK {br_cc(br_cc)?}", Sched::FixedNoReuse},
    Form{Op::CONT, "CONT", kCond, "1110 0011 0101", "CONT {br_cc(br_cc)?}", Sched::FixedNoReuse},
    Form{Op::LONGJMP, "LONGJMP", kCond, "1110 0011 0001", "LONGJMP {br_cc(br_cc)?}", Sched::FixedNoReuse},

    // Ending threads. PEXIT has no constant-bank form: [5] is ignored.
    Form{Op::EXIT, "EXIT", kExit, "1110 0011 0000", "EXIT{br_keep} {br_cc(br_cc)?}", Sched::FixedNoReuse},
    Form{Op::PEXIT, "PEXIT", kPush, "1110 0010 0011", "PEXIT {br_target(br_rel)}", Sched::FixedNoReuse},
    Form{Op::KIL, "KIL", kCond, "1110 0011 0011", "KIL {br_cc(br_cc)?}", Sched::FixedNoReuse},

    // NOP, and the all-zero word that nvdisasm prints as "NOP;" (section padding).
    Form{Op::NOP, "NOP", kNop, "0101 0000 1011 0", "NOP{nop_trig} {br_cc(br_cc)?}, {br_imm(nop_imm)?}", Sched::Fixed},
    Form{Op::NOP, "NOP_ZERO", kNone, "0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000 0000",
         "NOP", Sched::Ignored},

    // Traps, preemption and machine state.
    Form{Op::SAM, "SAM", kNone, "1110 0011 0111", "SAM", Sched::FixedNoReuse},
    Form{Op::RAM, "RAM", kNone, "1110 0011 1000", "RAM", Sched::FixedNoReuse},
    Form{Op::BPT, "BPT", kBpt, "1110 0011 1010", "BPT{bpt_mode} {br_imm(bpt_imm)?}", Sched::FixedNoReuse},
    Form{Op::RTT, "RTT", kRtt, "1110 0011 0110", "RTT{rtt_mode}", Sched::FixedNoReuse},
    Form{Op::IDE, "IDE", kIde, "1110 0011 1001", "IDE{ide_mode} {ide_imm}", Sched::Variable},
    Form{Op::GETCRSPTR, "GETCRSPTR", kGet, "1110 0010 1100", "GETCRSPTR {rd}", Sched::Variable},
    Form{Op::GETLMEMBASE, "GETLMEMBASE", kGet, "1110 0010 1101", "GETLMEMBASE {rd}", Sched::Variable},
    Form{Op::SETCRSPTR, "SETCRSPTR", kSet, "1110 0010 1110", "SETCRSPTR {ra}", Sched::Variable},
    Form{Op::SETLMEMBASE, "SETLMEMBASE", kSet, "1110 0010 1111", "SETLMEMBASE {ra}", Sched::Variable},
    // LEPC (the address of the next instruction): fixed latency, reuse bit 3 refused like the ALU ops.
    Form{Op::LEPC, "LEPC", kLepc, "0101 0000 1101 0", "LEPC {rd}", Sched::Fixed},
};

}  // namespace tmu::isa::sm50::branch_rows
