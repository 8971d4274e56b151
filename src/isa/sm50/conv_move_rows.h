// SPDX-License-Identifier: MIT
// Conversions, moves and predicates (F2F, F2I, I2F, I2I, MOV, MOV32I, SEL, PRMT, S2R, CS2R, SHFL, VOTE, P2R, R2P,
// PSETP, PSET, CSETP, CSET): formats and table rows. Layouts, spellings and ignored bits: research note
// conv-move.md (section numbers below), checked against nvdisasm 11.8 on SM50 and SM52. No field value inside
// these patterns is refused; the only refusals come from the control slot (Sched::Fixed, section 0.5).
#pragma once

#include <array>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50::conv_move_rows {

using enum F;

// ---- Formats ------------------------------------------------------------------------------------------------
// Bits a format leaves out are ignored by nvdisasm and encoded as zero.

// F2F (section 1). Ignored: [12..15], [43], [46], [48]; reg form also [28..38].
inline constexpr std::array kF2fR{rd_0,       f2f_dst_8,  cm_fpsrc_10, pg_16,     pgneg_19,  rb_20,    f2f_rnd_39,
                                  cm_h1_41,   cm_ftz_44,  cm_neg_45,   cm_cc_47,  cm_abs_49, cm_sat_50};
inline constexpr std::array kF2fC{rd_0,       f2f_dst_8,  cm_fpsrc_10, pg_16,     pgneg_19,  cm_cbuf_20, f2f_rnd_39,
                                  cm_h1_41,   cm_ftz_44,  cm_neg_45,   cm_cc_47,  cm_abs_49, cm_sat_50};
inline constexpr std::array kF2fI{rd_0,       f2f_dst_8,  cm_fpsrc_10, pg_16,     pgneg_19,  cm_fimm_20, f2f_rnd_39,
                                  cm_h1_41,   cm_ftz_44,  cm_neg_45,   cm_cc_47,  cm_abs_49, cm_sat_50};
// F2I (section 2). No .SAT: [50] is ignored, as are [13..15], [42..43], [46], [48]; reg form also [28..38].
inline constexpr std::array kF2iR{rd_0,     f2i_dst_8, cm_fpsrc_10, pg_16,    pgneg_19, rb_20,
                                  f2i_rnd_39, cm_h1_41, cm_ftz_44,  cm_neg_45, cm_cc_47, cm_abs_49};
inline constexpr std::array kF2iC{rd_0,     f2i_dst_8, cm_fpsrc_10, pg_16,    pgneg_19, cm_cbuf_20,
                                  f2i_rnd_39, cm_h1_41, cm_ftz_44,  cm_neg_45, cm_cc_47, cm_abs_49};
inline constexpr std::array kF2iI{rd_0,     f2i_dst_8, cm_fpsrc_10, pg_16,    pgneg_19, cm_fimm_20,
                                  f2i_rnd_39, cm_h1_41, cm_ftz_44,  cm_neg_45, cm_cc_47, cm_abs_49};
// I2F (section 3). Ignored: [12], [14..15], [43..44], [46], [48], [50]; reg form also [28..38].
inline constexpr std::array kI2fR{rd_0,       i2f_dst_8,  i2f_src_10, pg_16,    pgneg_19, rb_20,
                                  i2f_rnd_39, cm_isel_41, cm_neg_45,  cm_cc_47, cm_abs_49};
inline constexpr std::array kI2fC{rd_0,       i2f_dst_8,  i2f_src_10, pg_16,    pgneg_19, cm_cbuf_20,
                                  i2f_rnd_39, cm_isel_41, cm_neg_45,  cm_cc_47, cm_abs_49};
inline constexpr std::array kI2fI{rd_0,       i2f_dst_8,  i2f_src_10, pg_16,    pgneg_19, cm_simm_20,
                                  i2f_rnd_39, cm_isel_41, cm_neg_45,  cm_cc_47, cm_abs_49};
// I2I (section 4). No rounding: [39..40] are ignored, as are [14..15], [43..44], [46], [48].
inline constexpr std::array kI2iR{rd_0,       i2i_dst_8, i2i_src_10, pg_16,     pgneg_19, rb_20,
                                  cm_isel_41, cm_neg_45, cm_cc_47,   cm_abs_49, cm_sat_50};
inline constexpr std::array kI2iC{rd_0,       i2i_dst_8, i2i_src_10, pg_16,     pgneg_19, cm_cbuf_20,
                                  cm_isel_41, cm_neg_45, cm_cc_47,   cm_abs_49, cm_sat_50};
inline constexpr std::array kI2iI{rd_0,       i2i_dst_8, i2i_src_10, pg_16,     pgneg_19, cm_simm_20,
                                  cm_isel_41, cm_neg_45, cm_cc_47,   cm_abs_49, cm_sat_50};
// MOV / MOV32I (section 5). MOV ignores [8..15] and [43..50]; MOV32I [8..11].
inline constexpr std::array kMovR{rd_0, pg_16, pgneg_19, rb_20, cm_lanes_39};
inline constexpr std::array kMovC{rd_0, pg_16, pgneg_19, cm_cbuf_20, cm_lanes_39};
inline constexpr std::array kMovI{rd_0, pg_16, pgneg_19, cm_simm_20, cm_lanes_39};
inline constexpr std::array kMov32I{rd_0, cm_lanes_12, pg_16, pgneg_19, cm_imm32_20};
// SEL (section 6). Ignored: [43..50].
inline constexpr std::array kSelR{rd_0, ra_8, pg_16, pgneg_19, rb_20, cm_pc_39, cm_pcneg_42};
inline constexpr std::array kSelC{rd_0, ra_8, pg_16, pgneg_19, cm_cbuf_20, cm_pc_39, cm_pcneg_42};
inline constexpr std::array kSelI{rd_0, ra_8, pg_16, pgneg_19, cm_simm_20, cm_pc_39, cm_pcneg_42};
// PRMT (section 7). Ignored: [47]. The mode's top bit [51] sits just below the 12-bit opcode.
inline constexpr std::array kPrmtR{rd_0, ra_8, pg_16, pgneg_19, rb_20, rc_39, prmt_mode_48};
inline constexpr std::array kPrmtC{rd_0, ra_8, pg_16, pgneg_19, cm_cbuf_20, rc_39, prmt_mode_48};
inline constexpr std::array kPrmtI{rd_0, ra_8, pg_16, pgneg_19, cm_simm_20, rc_39, prmt_mode_48};
// S2R / CS2R (section 8). Ignored: [8..15], [28..50].
inline constexpr std::array kS2r{rd_0, pg_16, pgneg_19, cm_sreg_20};
// SHFL (section 9): [28] / [29] choose an immediate b / c; they are fixed in each row. Ignored: [32..33], [47],
// [25..27] with an immediate b, [34..38] with a register c.
inline constexpr std::array kShflRR{rd_0, ra_8, pg_16, pgneg_19, rb_20, shfl_mode_30, rc_39, shfl_pd_48};
inline constexpr std::array kShflIR{rd_0, ra_8, pg_16, pgneg_19, shfl_bimm_20, shfl_mode_30, rc_39, shfl_pd_48};
inline constexpr std::array kShflRI{rd_0, ra_8, pg_16, pgneg_19, rb_20, shfl_mode_30, shfl_cimm_34, shfl_pd_48};
inline constexpr std::array kShflII{rd_0,         ra_8,         pg_16,     pgneg_19,
                                    shfl_bimm_20, shfl_mode_30, shfl_cimm_34, shfl_pd_48};
// VOTE (section 10). Ignored: [8..15], [20..38], [43..44], [50].
inline constexpr std::array kVote{rd_0, pg_16, pgneg_19, cm_pc_39, cm_pcneg_42, vote_pd_45, vote_mode_48};
// VOTE.VTG (found with nvdisasm 11.8, issue 14): a 28-bit immediate [20..47] and the mode [48..49]; [0..15] ignored.
inline constexpr std::array kVoteVtg{pg_16, pgneg_19, vtg_imm_20, vtg_mode_48};
// P2R / R2P (section 11). Ignored: [43..50], [39] (cbuf/imm), [28..39] (reg); R2P also [0..7].
inline constexpr std::array kP2rR{rd_0, ra_8, pg_16, pgneg_19, rb_20, cm_prcc_40, cm_bsel_41};
inline constexpr std::array kP2rC{rd_0, ra_8, pg_16, pgneg_19, cm_cbuf_20, cm_prcc_40, cm_bsel_41};
inline constexpr std::array kP2rI{rd_0, ra_8, pg_16, pgneg_19, cm_simm_20, cm_prcc_40, cm_bsel_41};
inline constexpr std::array kR2pR{ra_8, pg_16, pgneg_19, rb_20, cm_prcc_40, cm_bsel_41};
inline constexpr std::array kR2pC{ra_8, pg_16, pgneg_19, cm_cbuf_20, cm_prcc_40, cm_bsel_41};
inline constexpr std::array kR2pI{ra_8, pg_16, pgneg_19, cm_uimm_20, cm_prcc_40, cm_bsel_41};
// PSETP / PSET (section 12).
inline constexpr std::array kPsetp{cm_pdn_0,   cm_pd_3,  cm_pa_12,    cm_paneg_15, pg_16,     pgneg_19,
                                   cm_bop1_24, cm_pb_29, cm_pbneg_32, cm_pc_39,    cm_pcneg_42, cm_bop2_45};
inline constexpr std::array kPset{rd_0,     cm_pa_12,    cm_paneg_15, pg_16,       pgneg_19,  cm_bop1_24,
                                  cm_pb_29, cm_pbneg_32, cm_pc_39,    cm_pcneg_42, cm_bf_44,  cm_bop2_45, cm_cc_47};
// CSETP / CSET (section 13).
inline constexpr std::array kCsetp{cm_pdn_0, cm_pd_3, cm_cctest_8, pg_16, pgneg_19, cm_pc_39, cm_pcneg_42, cm_bop2_45};
inline constexpr std::array kCset{rd_0,     cm_cctest_8, pg_16,    pgneg_19, cm_pc_39,
                                  cm_pcneg_42, cm_bf_44, cm_bop2_45, cm_cc_47};

// ---- Rows ---------------------------------------------------------------------------------------------------
// Register, constant-bank and immediate sources are separate rows; an immediate form leaves bit 56 free (it is
// the immediate's sign or top bit). Conversions, S2R and SHFL are variable latency; the rest fixed (section 0.5).
inline constexpr std::array kRows{
    // F2F: .H1 prints only for an F16 source, whose constant-bank operand is then spaced; the rounding field
    // reads differently when dst == src (cm_f2f_rnd). The float immediate is read per source format (0.3).
    Form{Op::F2F, "F2F", kF2fR, "0101 1100 1010 1",
         "F2F{cm_ftz}{f2f_dst}{cm_fpsrc}{cm_f2f_rnd(f2f_rnd,f2f_dst,cm_fpsrc)}{sat} {cm_rdcc(rd,cm_cc)}, "
         "{cm_f2f_src(rb,cm_neg,cm_abs,cm_h1,cm_fpsrc)}",
         Sched::Variable},
    Form{Op::F2F, "F2F_C", kF2fC, "0100 1100 1010 1",
         "F2F{cm_ftz}{f2f_dst}{cm_fpsrc}{cm_f2f_rnd(f2f_rnd,f2f_dst,cm_fpsrc)}{sat} {cm_rdcc(rd,cm_cc)}, "
         "{cm_f2f_src(cm_cbuf,cm_neg,cm_abs,cm_h1,cm_fpsrc)}",
         Sched::Variable},
    Form{Op::F2F, "F2F_I", kF2fI, "0011 100. 1010 1",
         "F2F{cm_ftz}{f2f_dst}{cm_fpsrc}{cm_f2f_rnd(f2f_rnd,f2f_dst,cm_fpsrc)}{sat} {cm_rdcc(rd,cm_cc)}, "
         "{cm_f2f_src(cm_fimm,cm_neg,cm_abs,cm_h1,cm_fpsrc)}",
         Sched::Variable},
    // F2I: .H1 prints whenever set; the constant-bank operand is always spaced.
    Form{Op::F2I, "F2I", kF2iR, "0101 1100 1011 0",
         "F2I{cm_ftz}{f2i_dst}{cm_fpsrc}{f2i_rnd} {cm_rdcc(rd,cm_cc)}, {cm_f2i_src(rb,cm_neg,cm_abs,cm_h1,cm_fpsrc)}",
         Sched::Variable},
    Form{Op::F2I, "F2I_C", kF2iC, "0100 1100 1011 0",
         "F2I{cm_ftz}{f2i_dst}{cm_fpsrc}{f2i_rnd} {cm_rdcc(rd,cm_cc)}, "
         "{cm_f2i_src(cm_cbuf,cm_neg,cm_abs,cm_h1,cm_fpsrc)}",
         Sched::Variable},
    Form{Op::F2I, "F2I_I", kF2iI, "0011 100. 1011 0",
         "F2I{cm_ftz}{f2i_dst}{cm_fpsrc}{f2i_rnd} {cm_rdcc(rd,cm_cc)}, "
         "{cm_f2i_src(cm_fimm,cm_neg,cm_abs,cm_h1,cm_fpsrc)}",
         Sched::Variable},
    // I2F / I2I: the selector's spelling depends on the source type (16-bit: .H1 and INVALIDSIZEn).
    Form{Op::I2F, "I2F", kI2fR, "0101 1100 1011 1",
         "I2F{i2f_dst}{i2f_src}{i2f_rnd} {cm_rdcc(rd,cm_cc)}, {cm_int_src(rb,cm_neg,cm_abs,cm_isel,i2f_src)}",
         Sched::Variable},
    Form{Op::I2F, "I2F_C", kI2fC, "0100 1100 1011 1",
         "I2F{i2f_dst}{i2f_src}{i2f_rnd} {cm_rdcc(rd,cm_cc)}, {cm_int_src(cm_cbuf,cm_neg,cm_abs,cm_isel,i2f_src)}",
         Sched::Variable},
    Form{Op::I2F, "I2F_I", kI2fI, "0011 100. 1011 1",
         "I2F{i2f_dst}{i2f_src}{i2f_rnd} {cm_rdcc(rd,cm_cc)}, {cm_int_src(cm_simm,cm_neg,cm_abs,cm_isel,i2f_src)}",
         Sched::Variable},
    Form{Op::I2I, "I2I", kI2iR, "0101 1100 1110 0",
         "I2I{i2i_dst}{i2i_src}{sat} {cm_rdcc(rd,cm_cc)}, {cm_int_src(rb,cm_neg,cm_abs,cm_isel,i2i_src)}",
         Sched::Variable},
    Form{Op::I2I, "I2I_C", kI2iC, "0100 1100 1110 0",
         "I2I{i2i_dst}{i2i_src}{sat} {cm_rdcc(rd,cm_cc)}, {cm_int_src(cm_cbuf,cm_neg,cm_abs,cm_isel,i2i_src)}",
         Sched::Variable},
    Form{Op::I2I, "I2I_I", kI2iI, "0011 100. 1110 0",
         "I2I{i2i_dst}{i2i_src}{sat} {cm_rdcc(rd,cm_cc)}, {cm_int_src(cm_simm,cm_neg,cm_abs,cm_isel,i2i_src)}",
         Sched::Variable},
    // MOV: the lane mask is printed only when it is not 0xf.
    Form{Op::MOV, "MOV", kMovR, "0101 1100 1001 1", "MOV {rd}, {rb}, {cm_lanes(cm_lanes)?}", Sched::Fixed},
    Form{Op::MOV, "MOV_C", kMovC, "0100 1100 1001 1", "MOV {rd}, {cm_cbuf(cm_cbuf)}, {cm_lanes(cm_lanes)?}",
         Sched::Fixed},
    Form{Op::MOV, "MOV_I", kMovI, "0011 100. 1001 1", "MOV {rd}, {cm_simm}, {cm_lanes(cm_lanes)?}", Sched::Fixed},
    // MOV32I: the 12-bit opcode includes [52..55] = 0; other values there are refused (section 5).
    Form{Op::MOV32I, "MOV32I", kMov32I, "0000 0001 0000", "MOV32I {rd}, {cm_imm32}, {cm_lanes(cm_lanes)?}",
         Sched::Fixed},
    // SEL: the predicate is always printed.
    Form{Op::SEL, "SEL", kSelR, "0101 1100 1010 0", "SEL {rd}, {ra}, {rb}, {pneg(cm_pc,cm_pc_neg)}", Sched::Fixed},
    Form{Op::SEL, "SEL_C", kSelC, "0100 1100 1010 0", "SEL {rd}, {ra}, {cm_cbuf(cm_cbuf)}, {pneg(cm_pc,cm_pc_neg)}",
         Sched::Fixed},
    Form{Op::SEL, "SEL_I", kSelI, "0011 100. 1010 0", "SEL {rd}, {ra}, {cm_simm}, {pneg(cm_pc,cm_pc_neg)}",
         Sched::Fixed},
    // PRMT: four forms. In the reg-cbuf form the register from [39..46] is printed second and its .reuse flag
    // is reuse bit 1 (the second source slot), not bit 2.
    Form{Op::PRMT, "PRMT", kPrmtR, "0101 1011 1100", "PRMT{prmt_mode} {rd}, {ra}, {rb}, {rc}", Sched::Fixed},
    Form{Op::PRMT, "PRMT_C", kPrmtC, "0100 1011 1100", "PRMT{prmt_mode} {rd}, {ra}, {cm_cbuf(cm_cbuf)}, {rc}",
         Sched::Fixed},
    Form{Op::PRMT, "PRMT_I", kPrmtI, "0011 011. 1100", "PRMT{prmt_mode} {rd}, {ra}, {cm_simm}, {rc}", Sched::Fixed},
    Form{Op::PRMT, "PRMT_RC", kPrmtC, "0101 0011 1100", "PRMT{prmt_mode} {rd}, {ra}, {rc@1}, {cm_cbuf(cm_cbuf)}",
         Sched::Fixed},
    // S2R is variable latency, CS2R fixed; both on SM50 and SM52.
    Form{Op::S2R, "S2R", kS2r, "1111 0000 1100 1", "S2R {rd}, {cm_sreg(cm_sreg)}", Sched::Variable},
    Form{Op::CS2R, "CS2R", kS2r, "0101 0000 1100 1", "CS2R {rd}, {cm_sreg(cm_sreg)}", Sched::Fixed},
    // SHFL: the destination predicate is always printed, PT included.
    Form{Op::SHFL, "SHFL", kShflRR, "1110 1111 0001 0 | 28:00", "SHFL{shfl_mode} {shfl_pd}, {rd}, {ra}, {rb}, {rc}",
         Sched::Variable},
    Form{Op::SHFL, "SHFL_IR", kShflIR, "1110 1111 0001 0 | 28:01",
         "SHFL{shfl_mode} {shfl_pd}, {rd}, {ra}, {shfl_bimm}, {rc}", Sched::Variable},
    Form{Op::SHFL, "SHFL_RI", kShflRI, "1110 1111 0001 0 | 28:10",
         "SHFL{shfl_mode} {shfl_pd}, {rd}, {ra}, {rb}, {shfl_cimm}", Sched::Variable},
    Form{Op::SHFL, "SHFL_II", kShflII, "1110 1111 0001 0 | 28:11",
         "SHFL{shfl_mode} {shfl_pd}, {rd}, {ra}, {shfl_bimm}, {shfl_cimm}", Sched::Variable},
    // VOTE: Rd is left out when it is RZ.
    Form{Op::VOTE, "VOTE", kVote, "0101 0000 1101 1", "VOTE{vote_mode} {rd?}, {vote_pd}, {pneg(cm_pc,cm_pc_neg)}",
         Sched::Fixed},
    // VOTE.VTG: fixed latency, reuse bit 3 refused.
    Form{Op::VOTE_VTG, "VOTE_VTG", kVoteVtg, "0101 0000 1110 0", "VOTE.VTG{vtg_mode} {vtg_imm}", Sched::Fixed},
    // P2R puts the byte selector on the mnemonic and prints a signed immediate; R2P puts it on Ra and prints the
    // immediate unsigned.
    Form{Op::P2R, "P2R", kP2rR, "0101 1100 1110 1", "P2R{cm_bsel} {rd}, {cm_prcc}, {ra}, {rb}", Sched::Fixed},
    Form{Op::P2R, "P2R_C", kP2rC, "0100 1100 1110 1", "P2R{cm_bsel} {rd}, {cm_prcc}, {ra}, {cm_cbuf(cm_cbuf)}",
         Sched::Fixed},
    Form{Op::P2R, "P2R_I", kP2rI, "0011 100. 1110 1", "P2R{cm_bsel} {rd}, {cm_prcc}, {ra}, {cm_simm}", Sched::Fixed},
    Form{Op::R2P, "R2P", kR2pR, "0101 1100 1111 0", "R2P {cm_prcc}, {cm_regsel(ra,cm_bsel)}, {rb}", Sched::Fixed},
    Form{Op::R2P, "R2P_C", kR2pC, "0100 1100 1111 0", "R2P {cm_prcc}, {cm_regsel(ra,cm_bsel)}, {cm_cbuf(cm_cbuf)}",
         Sched::Fixed},
    Form{Op::R2P, "R2P_I", kR2pI, "0011 100. 1111 0", "R2P {cm_prcc}, {cm_regsel(ra,cm_bsel)}, {cm_uimm}",
         Sched::Fixed},
    // PSETP / PSET / CSETP / CSET: every predicate is printed, PT included; CSETP/CSET's "CC" is literal.
    Form{Op::PSETP, "PSETP", kPsetp, "0101 0000 1001 0",
         "PSETP{cm_bop1}{cm_bop2} {cm_pd}, {cm_pdn}, {pneg(cm_pa,cm_pa_neg)}, {pneg(cm_pb,cm_pb_neg)}, "
         "{pneg(cm_pc,cm_pc_neg)}",
         Sched::Fixed},
    Form{Op::PSET, "PSET", kPset, "0101 0000 1000 1",
         "PSET{cm_bf}{cm_bop1}{cm_bop2} {cm_rdcc(rd,cm_cc)}, {pneg(cm_pa,cm_pa_neg)}, {pneg(cm_pb,cm_pb_neg)}, "
         "{pneg(cm_pc,cm_pc_neg)}",
         Sched::Fixed},
    Form{Op::CSETP, "CSETP", kCsetp, "0101 0000 1010 0",
         "CSETP{cm_cctest}{cm_bop2} {cm_pd}, {cm_pdn}, CC, {pneg(cm_pc,cm_pc_neg)}", Sched::Fixed},
    Form{Op::CSET, "CSET", kCset, "0101 0000 1001 1",
         "CSET{cm_bf}{cm_cctest}{cm_bop2} {cm_rdcc(rd,cm_cc)}, CC, {pneg(cm_pc,cm_pc_neg)}", Sched::Fixed},
};

}  // namespace tmu::isa::sm50::conv_move_rows
