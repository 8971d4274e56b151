// SPDX-License-Identifier: MIT
// Integer ALU (IADD, IADD3, ISCADD, XMAD, IMNMX, ISETP, ISET, ICMP, LOP, LOP3, SHL, SHR, SHF, BFE, BFI, POPC, FLO, LEA,
// IMUL, IMAD, IMADSP): formats and table rows. Layouts: research note int-alu.md (sections below), checked against
// nvdisasm 11.8; SM50 and SM52 agree on every form (section 7).
//
// Form suffixes: _R register B at [20..27]; _C constant bank B at [20..38]; _I 20-bit immediate B at [20..38] with
// its top bit at [56]; _RC the register at [39..46] printed as B and the constant bank as C (its reuse flag is
// then flag 1, written {x@1}); 32I a 32-bit immediate at [20..51]. Bits a form does not list are ignored by
// nvdisasm and encoded as zero.
#pragma once

#include <array>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50::int_alu_rows {

using enum F;

// ---- formats ---------------------------------------------------------------------------------------------

// IADD (2.1): .X [43], .CC [47], negations / .PO [48..49], .SAT [50].
inline constexpr std::array kIaddR{rd_0, ra_8, pg_16, pgneg_19, rb_20, ia_x_43, ia_cc_47, ia_psign_48, ia_sat_50};
inline constexpr std::array kIaddI{rd_0,    ra_8,     pg_16,       pgneg_19, ia_imm20_20,
                                   ia_x_43, ia_cc_47, ia_psign_48, ia_sat_50};
inline constexpr std::array kIaddC{rd_0, ra_8, pg_16, pgneg_19, ia_cb_20, ia_x_43, ia_cc_47, ia_psign_48, ia_sat_50};
// IADD32I (2.2)
inline constexpr std::array kIadd32I{rd_0,     ra_8,    pg_16,     pgneg_19,     ia_imm32_20,
                                     ia_cc_52, ia_x_53, ia_sat_54, ia_psign32_55};
// IADD3 (2.3): the R form has sub-word parts and a shift in [31..38]; in the others those bits belong to B.
inline constexpr std::array kIadd3R{rd_0,           ra_8,  pg_16,    pgneg_19, rb_20,      iadd3_pc_31,
                                    iadd3_pb_33,    iadd3_pa_35, iadd3_shift_37, rc_39, ia_cc_47, ia_x_48,
                                    ia_negc_49,     ia_negb_50,  ia_nega_51};
inline constexpr std::array kIadd3I{rd_0,     ra_8,    pg_16,      pgneg_19,   ia_uimm20_20, rc_39,
                                    ia_cc_47, ia_x_48, ia_negc_49, ia_negb_50, ia_nega_51};
inline constexpr std::array kIadd3C{rd_0,     ra_8,    pg_16,      pgneg_19,   ia_cb_20,  rc_39,
                                    ia_cc_47, ia_x_48, ia_negc_49, ia_negb_50, ia_nega_51};
// ISCADD (2.4), ISCADD32I (2.5)
inline constexpr std::array kIscaddR{rd_0, ra_8, pg_16, pgneg_19, rb_20, ia_shift_39, ia_cc_47, ia_psign_48};
inline constexpr std::array kIscaddI{rd_0, ra_8, pg_16, pgneg_19, ia_imm20_20, ia_shift_39, ia_cc_47, ia_psign_48};
inline constexpr std::array kIscaddC{rd_0, ra_8, pg_16, pgneg_19, ia_cb_20, ia_shift_39, ia_cc_47, ia_psign_48};
inline constexpr std::array kIscadd32I{rd_0, ra_8, pg_16, pgneg_19, ia_imm32_20, ia_cc_52, ia_shift_53};
// XMAD (3.1)
inline constexpr std::array kXmadR{rd_0,       ra_8,     pg_16,       pgneg_19,      rb_20,
                                   xmad_bh_35, xmad_psl_36, xmad_mrg_37, ia_x_38,    rc_39,
                                   ia_cc_47,   xmad_sa_48,  xmad_sb_49,  xmad_mode_50, xmad_ah_53};
inline constexpr std::array kXmadI{rd_0,        ra_8,        pg_16,    pgneg_19,   xmad_imm_20,  xmad_psl_36,
                                   xmad_mrg_37, ia_x_38,     rc_39,    ia_cc_47,   xmad_sa_48,   xmad_sb_49,
                                   xmad_mode_50, xmad_ah_53};
inline constexpr std::array kXmadC{rd_0,        ra_8,       pg_16,         pgneg_19,   xmad_cb_20, rc_39,
                                   ia_cc_47,    xmad_sa_48, xmad_sb_49,    xmad_mode2_50, xmad_bh_52, xmad_ah_53,
                                   ia_x_54,     xmad_psl_55, xmad_mrg_56};
inline constexpr std::array kXmadRC{rd_0,       ra_8,       pg_16,         pgneg_19,   ia_cb_20, rc_39,
                                    ia_cc_47,   xmad_sa_48, xmad_sb_49,    xmad_mode2_50, xmad_bh_52,
                                    xmad_ah_53, ia_x_54};
// IMNMX (4.1)
inline constexpr std::array kImnmxR{rd_0,          ra_8,     pg_16,        pgneg_19, rb_20, ia_ps_39, ia_psneg_42,
                                    imnmx_mode_43, ia_cc_47, ia_signed_48};
inline constexpr std::array kImnmxI{rd_0,          ra_8,     pg_16,        pgneg_19, ia_imm20_20, ia_ps_39, ia_psneg_42,
                                    imnmx_mode_43, ia_cc_47, ia_signed_48};
inline constexpr std::array kImnmxC{rd_0,          ra_8,     pg_16,        pgneg_19, ia_cb_20, ia_ps_39, ia_psneg_42,
                                    imnmx_mode_43, ia_cc_47, ia_signed_48};
// ISETP (4.2): no Rd; bits 6..7 and 47 are ignored.
inline constexpr std::array kIsetpR{isetp_pv_0,  isetp_pu_3, ra_8,      pg_16,        pgneg_19,  rb_20,
                                    ia_ps_39,    ia_psneg_42, ia_x_43,  ia_bop_45,    ia_signed_48, ia_cmp_49};
inline constexpr std::array kIsetpI{isetp_pv_0,  isetp_pu_3, ra_8,      pg_16,        pgneg_19,  ia_imm20_20,
                                    ia_ps_39,    ia_psneg_42, ia_x_43,  ia_bop_45,    ia_signed_48, ia_cmp_49};
inline constexpr std::array kIsetpC{isetp_pv_0,  isetp_pu_3, ra_8,      pg_16,        pgneg_19,  ia_cb_20,
                                    ia_ps_39,    ia_psneg_42, ia_x_43,  ia_bop_45,    ia_signed_48, ia_cmp_49};
// ISET (4.3)
inline constexpr std::array kIsetR{rd_0,    ra_8,         pg_16,     pgneg_19, rb_20,        ia_ps_39, ia_psneg_42,
                                   ia_x_43, iset_bf_44,   ia_bop_45, ia_cc_47, ia_signed_48, ia_cmp_49};
inline constexpr std::array kIsetI{rd_0,    ra_8,         pg_16,     pgneg_19, ia_imm20_20,  ia_ps_39, ia_psneg_42,
                                   ia_x_43, iset_bf_44,   ia_bop_45, ia_cc_47, ia_signed_48, ia_cmp_49};
inline constexpr std::array kIsetC{rd_0,    ra_8,         pg_16,     pgneg_19, ia_cb_20,     ia_ps_39, ia_psneg_42,
                                   ia_x_43, iset_bf_44,   ia_bop_45, ia_cc_47, ia_signed_48, ia_cmp_49};
// ICMP (4.4): no .CC ([47] ignored).
inline constexpr std::array kIcmpR{rd_0, ra_8, pg_16, pgneg_19, rb_20, rc_39, ia_signed_48, ia_cmp_49};
inline constexpr std::array kIcmpI{rd_0, ra_8, pg_16, pgneg_19, ia_imm20_20, rc_39, ia_signed_48, ia_cmp_49};
inline constexpr std::array kIcmpC{rd_0, ra_8, pg_16, pgneg_19, ia_cb_20, rc_39, ia_signed_48, ia_cmp_49};
// LOP (5.1)
inline constexpr std::array kLopR{rd_0,    ra_8,      pg_16,    pgneg_19, rb_20,   ia_inva_39, ia_invb_40,
                                  lop_op_41, ia_x_43, ia_pop_44, ia_cc_47, ia_pd_48};
inline constexpr std::array kLopI{rd_0,    ra_8,      pg_16,    pgneg_19, ia_imm20_20, ia_inva_39, ia_invb_40,
                                  lop_op_41, ia_x_43, ia_pop_44, ia_cc_47, ia_pd_48};
inline constexpr std::array kLopC{rd_0,    ra_8,      pg_16,    pgneg_19, ia_cb_20, ia_inva_39, ia_invb_40,
                                  lop_op_41, ia_x_43, ia_pop_44, ia_cc_47, ia_pd_48};
// LOP3 (5.2): only the R form has Pd and a predicate op; the others keep the LUT at [48..55].
inline constexpr std::array kLop3R{rd_0,      ra_8,    pg_16, pgneg_19, rb_20,   ia_lut_28,
                                   ia_pop_36, ia_x_38, rc_39, ia_cc_47, ia_pd_48};
inline constexpr std::array kLop3I{rd_0, ra_8, pg_16, pgneg_19, ia_imm20_20, rc_39, ia_cc_47, ia_lut_48, ia_x_57};
inline constexpr std::array kLop3C{rd_0, ra_8, pg_16, pgneg_19, ia_cb_20, rc_39, ia_cc_47, ia_lut_48, ia_x_56};
// LOP32I (5.3)
inline constexpr std::array kLop32I{rd_0,     ra_8,      pg_16,      pgneg_19,   ia_uimm32_20,
                                    ia_cc_52, lop_op_53, ia_inva_55, ia_invb_56, ia_x_57};
// SHL (5.4), SHR (5.5), BFE (5.6)
inline constexpr std::array kShlR{rd_0, ra_8, pg_16, pgneg_19, rb_20, ia_w_39, ia_x_43, ia_cc_47};
inline constexpr std::array kShlI{rd_0, ra_8, pg_16, pgneg_19, ia_imm20_20, ia_w_39, ia_x_43, ia_cc_47};
inline constexpr std::array kShlC{rd_0, ra_8, pg_16, pgneg_19, ia_cb_20, ia_w_39, ia_x_43, ia_cc_47};
inline constexpr std::array kShrR{rd_0,    ra_8,       pg_16,         pgneg_19, rb_20,
                                  ia_w_39, ia_brev_40, shr_xmode_43,  ia_cc_47, ia_signed_48};
inline constexpr std::array kShrI{rd_0,    ra_8,       pg_16,         pgneg_19, ia_imm20_20,
                                  ia_w_39, ia_brev_40, shr_xmode_43,  ia_cc_47, ia_signed_48};
inline constexpr std::array kShrC{rd_0,    ra_8,       pg_16,         pgneg_19, ia_cb_20,
                                  ia_w_39, ia_brev_40, shr_xmode_43,  ia_cc_47, ia_signed_48};
// SHF (funnel shift; not in int-alu.md, found with nvdisasm 11.8 and ptxas's shf / 64-bit shifts): Ra is the low
// word, Rc the high one, B the count. [28..36] (the I form: [26..36] and [56]) are ignored.
inline constexpr std::array kShfR{rd_0,    ra_8,          pg_16,    pgneg_19,   rb_20,
                                  shf_type_37, rc_39,     ia_cc_47, shf_hi_48,  ia_w_50};
inline constexpr std::array kShfI{rd_0,    ra_8,          pg_16,    pgneg_19,   shf_imm_20,
                                  shf_type_37, rc_39,     ia_cc_47, shf_hi_48,  ia_w_50};
inline constexpr std::array kBfeR{rd_0, ra_8, pg_16, pgneg_19, rb_20, ia_brev_40, ia_cc_47, ia_signed_48};
inline constexpr std::array kBfeI{rd_0, ra_8, pg_16, pgneg_19, ia_imm20_20, ia_brev_40, ia_cc_47, ia_signed_48};
inline constexpr std::array kBfeC{rd_0, ra_8, pg_16, pgneg_19, ia_cb_20, ia_brev_40, ia_cc_47, ia_signed_48};
// BFI (5.7)
inline constexpr std::array kBfiR{rd_0, ra_8, pg_16, pgneg_19, rb_20, rc_39, ia_cc_47};
inline constexpr std::array kBfiI{rd_0, ra_8, pg_16, pgneg_19, ia_imm20_20, rc_39, ia_cc_47};
inline constexpr std::array kBfiC{rd_0, ra_8, pg_16, pgneg_19, ia_cb_20, rc_39, ia_cc_47};
// POPC (5.8), FLO (5.9): no Ra (bits 8..15 ignored).
inline constexpr std::array kPopcR{rd_0, pg_16, pgneg_19, rb_20, ia_invb_40};
inline constexpr std::array kPopcI{rd_0, pg_16, pgneg_19, ia_imm20_20, ia_invb_40};
inline constexpr std::array kPopcC{rd_0, pg_16, pgneg_19, ia_cb_20, ia_invb_40};
inline constexpr std::array kFloR{rd_0, pg_16, pgneg_19, rb_20, ia_invb_40, flo_sh_41, ia_cc_47, ia_signed_48};
inline constexpr std::array kFloI{rd_0, pg_16, pgneg_19, ia_imm20_20, ia_invb_40, flo_sh_41, ia_cc_47, ia_signed_48};
inline constexpr std::array kFloC{rd_0, pg_16, pgneg_19, ia_cb_20, ia_invb_40, flo_sh_41, ia_cc_47, ia_signed_48};
// LEA (5.10), LEA.HI (5.11)
inline constexpr std::array kLeaR{rd_0,        ra_8,       pg_16,   pgneg_19, rb_20,
                                  ia_shift_39, ia_nega_45, ia_x_46, ia_cc_47, ia_pd_48};
inline constexpr std::array kLeaI{rd_0,        ra_8,       pg_16,   pgneg_19, ia_imm20_20,
                                  ia_shift_39, ia_nega_45, ia_x_46, ia_cc_47, ia_pd_48};
inline constexpr std::array kLeaC{rd_0,        ra_8,       pg_16,   pgneg_19, ia_cb_20,
                                  ia_shift_39, ia_nega_45, ia_x_46, ia_cc_47, ia_pd_48};
inline constexpr std::array kLeaHiR{rd_0,       ra_8,    pg_16, pgneg_19, rb_20,   ia_shift_28,
                                    ia_nega_37, ia_x_38, rc_39, ia_cc_47, ia_pd_48};
inline constexpr std::array kLeaHiC{rd_0,     ra_8,     pg_16,       pgneg_19,   ia_cb_20, rc_39,
                                    ia_cc_47, ia_pd_48, ia_shift_51, ia_nega_56, ia_x_57};
// IMUL (5.12), IMUL32I (5.13)
inline constexpr std::array kImulR{rd_0, ra_8, pg_16, pgneg_19, rb_20, ia_hi_39, imul_sa_40, imul_sb_41, ia_cc_47};
inline constexpr std::array kImulI{rd_0,     ra_8,       pg_16,      pgneg_19, ia_imm20_20,
                                   ia_hi_39, imul_sa_40, imul_sb_41, ia_cc_47};
inline constexpr std::array kImulC{rd_0, ra_8, pg_16, pgneg_19, ia_cb_20, ia_hi_39, imul_sa_40, imul_sb_41, ia_cc_47};
inline constexpr std::array kImul32I{rd_0,     ra_8,     pg_16,      pgneg_19,  ia_imm32_20,
                                     ia_cc_52, ia_hi_53, imul_sa_54, imul_sb_55};
// IMAD (5.14), IMAD32I (5.15)
inline constexpr std::array kImadR{rd_0,       ra_8,    pg_16,     pgneg_19,    rb_20,      rc_39,
                                   ia_cc_47,   imul_sa_48, ia_x_49, ia_sat_50, ia_psign_51, imul_sb_53, ia_hi_54};
inline constexpr std::array kImadI{rd_0,       ra_8,    pg_16,     pgneg_19,    ia_imm20_20, rc_39,
                                   ia_cc_47,   imul_sa_48, ia_x_49, ia_sat_50, ia_psign_51, imul_sb_53, ia_hi_54};
inline constexpr std::array kImadC{rd_0,       ra_8,    pg_16,     pgneg_19,    ia_cb_20,   rc_39,
                                   ia_cc_47,   imul_sa_48, ia_x_49, ia_sat_50, ia_psign_51, imul_sb_53, ia_hi_54};
inline constexpr std::array kImad32I{rd_0,     ra_8,     pg_16,      pgneg_19,    ia_imm32_20,
                                     ia_cc_52, ia_hi_53, imul_sa_54, ia_psign_55, imul_sb_57};
// IMADSP (5.16)
inline constexpr std::array kImadspR{rd_0,     ra_8,        pg_16,       pgneg_19,   rb_20,
                                     rc_39,    ia_cc_47,    imadsp_a_48, imadsp_c_51, imadsp_b_53};
inline constexpr std::array kImadspI{rd_0,     ra_8,        pg_16,       pgneg_19,   ia_imm20_20,
                                     rc_39,    ia_cc_47,    imadsp_a_48, imadsp_c_51, imadsp_b_53};
inline constexpr std::array kImadspC{rd_0,     ra_8,        pg_16,       pgneg_19,   ia_cb_20,
                                     rc_39,    ia_cc_47,    imadsp_a_48, imadsp_c_51, imadsp_b_53};

// ---- rows ------------------------------------------------------------------------------------------------

// Reuse flags (section 1.7): flag 0 marks Ra, flag 1 the register printed as B, flag 2 the [39..46] register
// printed as C. Fixed-latency forms accept the flags of operands they lack and print nothing for them.
inline constexpr std::array kRows{
    // IADD (2.1). Both negations together are "plus one": .PO, and no '-' on the operands.
    Form{Op::IADD, "IADD_R", kIaddR, "0101 1100 0001 0",
         "IADD{ia_psign}{ia_sat}{ia_x} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, {ia_negb(rb,ia_psign)}", Sched::Fixed},
    Form{Op::IADD, "IADD_I", kIaddI, "0011 100. 0001 0",
         "IADD{ia_psign}{ia_sat}{ia_x} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, {ia_negb(ia_imm20,ia_psign)}",
         Sched::Fixed},
    Form{Op::IADD, "IADD_C", kIaddC, "0100 1100 0001 0",
         "IADD{ia_psign}{ia_sat}{ia_x} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, {ia_negb(ia_cb,ia_psign)}",
         Sched::Fixed},
    // IADD32I (2.2): PSign32 = 1 (a negated immediate) is refused.
    Form{Op::IADD32I, "IADD32I", kIadd32I, "0001 110",
         "IADD32I{ia_psign32}{ia_sat}{ia_x} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign32)}, {ia_imm32}", Sched::Fixed},
    // IADD3 (2.3): three independent negations, no .PO; the immediate is unsigned.
    Form{Op::IADD3, "IADD3_R", kIadd3R, "0101 1100 1100",
         "IADD3{iadd3_shift}{ia_x} {ia_cc(rd,ia_cc)}, {ia_negpart(ra,ia_nega,iadd3_pa)}, "
         "{ia_negpart(rb,ia_negb,iadd3_pb)}, {ia_negpart(rc,ia_negc,iadd3_pc)}",
         Sched::Fixed},
    Form{Op::IADD3, "IADD3_I", kIadd3I, "0011 100. 1100",
         "IADD3{ia_x} {ia_cc(rd,ia_cc)}, {ia_neg(ra,ia_nega)}, {ia_neg(ia_uimm20,ia_negb)}, {ia_neg(rc,ia_negc)}",
         Sched::Fixed},
    Form{Op::IADD3, "IADD3_C", kIadd3C, "0100 1100 1100",
         "IADD3{ia_x} {ia_cc(rd,ia_cc)}, {ia_neg(ra,ia_nega)}, {ia_neg(ia_cb,ia_negb)}, {ia_neg(rc,ia_negc)}",
         Sched::Fixed},
    // ISCADD (2.4): the shift is always printed.
    Form{Op::ISCADD, "ISCADD_R", kIscaddR, "0101 1100 0001 1",
         "ISCADD{ia_psign} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, {ia_negb(rb,ia_psign)}, {ia_shift}", Sched::Fixed},
    Form{Op::ISCADD, "ISCADD_I", kIscaddI, "0011 100. 0001 1",
         "ISCADD{ia_psign} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, {ia_negb(ia_imm20,ia_psign)}, {ia_shift}",
         Sched::Fixed},
    Form{Op::ISCADD, "ISCADD_C", kIscaddC, "0100 1100 0001 1",
         "ISCADD{ia_psign} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, {ia_negb(ia_cb,ia_psign)}, {ia_shift}",
         Sched::Fixed},
    Form{Op::ISCADD32I, "ISCADD32I", kIscadd32I, "0001 01", "ISCADD32I {ia_cc(rd,ia_cc)}, {ra}, {ia_imm32}, {ia_shift}",
         Sched::Fixed},
    // XMAD (3): the C form alone writes a space between the brackets of its constant bank; the C and RC forms
    // have a 2-bit mode (no CBCC), RC has no PSL / MRG. XMAD_I ignores [56].
    Form{Op::XMAD, "XMAD_R", kXmadR, "0101 1011 00",
         "XMAD{ia_signs16(xmad_sa,xmad_sb)}{xmad_psl}{xmad_mode}{xmad_mrg}{ia_x} {ia_cc(rd,ia_cc)}, "
         "{ia_part(ra,xmad_ah)}, {ia_part(rb,xmad_bh)}, {rc}",
         Sched::Fixed},
    Form{Op::XMAD, "XMAD_I", kXmadI, "0011 011. 00",
         "XMAD{ia_signs16(xmad_sa,xmad_sb)}{xmad_psl}{xmad_mode}{xmad_mrg}{ia_x} {ia_cc(rd,ia_cc)}, "
         "{ia_part(ra,xmad_ah)}, {ia_ximm(xmad_imm,xmad_sb)}, {rc}",
         Sched::Fixed},
    Form{Op::XMAD, "XMAD_C", kXmadC, "0100 111",
         "XMAD{ia_signs16(xmad_sa,xmad_sb)}{xmad_psl}{xmad_mode2}{xmad_mrg}{ia_x} {ia_cc(rd,ia_cc)}, "
         "{ia_part(ra,xmad_ah)}, {ia_part(xmad_cb,xmad_bh)}, {rc}",
         Sched::Fixed},
    Form{Op::XMAD, "XMAD_RC", kXmadRC, "0101 0001 0",
         "XMAD{ia_signs16(xmad_sa,xmad_sb)}{xmad_mode2}{ia_x} {ia_cc(rd,ia_cc)}, {ia_part(ra,xmad_ah)}, "
         "{ia_part(rc,xmad_bh)@1}, {ia_op(ia_cb)}",
         Sched::Fixed},
    // IMNMX (4.1): Ps is always printed, PT included.
    Form{Op::IMNMX, "IMNMX_R", kImnmxR, "0101 1100 0010 0",
         "IMNMX{ia_signed}{imnmx_mode} {ia_cc(rd,ia_cc)}, {ra}, {rb}, {pneg(ia_ps,ia_psneg)}", Sched::Fixed},
    Form{Op::IMNMX, "IMNMX_I", kImnmxI, "0011 100. 0010 0",
         "IMNMX{ia_signed}{imnmx_mode} {ia_cc(rd,ia_cc)}, {ra}, {ia_imm20}, {pneg(ia_ps,ia_psneg)}", Sched::Fixed},
    Form{Op::IMNMX, "IMNMX_C", kImnmxC, "0100 1100 0010 0",
         "IMNMX{ia_signed}{imnmx_mode} {ia_cc(rd,ia_cc)}, {ra}, {ia_op(ia_cb)}, {pneg(ia_ps,ia_psneg)}", Sched::Fixed},
    // ISETP (4.2): both destinations and Ps are always printed.
    Form{Op::ISETP, "ISETP_R", kIsetpR, "0101 1011 0110",
         "ISETP{ia_cmp}{ia_signed}{ia_x}{ia_bop} {isetp_pu}, {isetp_pv}, {ra}, {rb}, {pneg(ia_ps,ia_psneg)}",
         Sched::Fixed},
    Form{Op::ISETP, "ISETP_I", kIsetpI, "0011 011. 0110",
         "ISETP{ia_cmp}{ia_signed}{ia_x}{ia_bop} {isetp_pu}, {isetp_pv}, {ra}, {ia_imm20}, {pneg(ia_ps,ia_psneg)}",
         Sched::Fixed},
    Form{Op::ISETP, "ISETP_C", kIsetpC, "0100 1011 0110",
         "ISETP{ia_cmp}{ia_signed}{ia_x}{ia_bop} {isetp_pu}, {isetp_pv}, {ra}, {ia_op(ia_cb)}, {pneg(ia_ps,ia_psneg)}",
         Sched::Fixed},
    // ISET (4.3)
    Form{Op::ISET, "ISET_R", kIsetR, "0101 1011 0101",
         "ISET{iset_bf}{ia_cmp}{ia_signed}{ia_x}{ia_bop} {ia_cc(rd,ia_cc)}, {ra}, {rb}, {pneg(ia_ps,ia_psneg)}",
         Sched::Fixed},
    Form{Op::ISET, "ISET_I", kIsetI, "0011 011. 0101",
         "ISET{iset_bf}{ia_cmp}{ia_signed}{ia_x}{ia_bop} {ia_cc(rd,ia_cc)}, {ra}, {ia_imm20}, {pneg(ia_ps,ia_psneg)}",
         Sched::Fixed},
    Form{Op::ISET, "ISET_C", kIsetC, "0100 1011 0101",
         "ISET{iset_bf}{ia_cmp}{ia_signed}{ia_x}{ia_bop} {ia_cc(rd,ia_cc)}, {ra}, {ia_op(ia_cb)}, "
         "{pneg(ia_ps,ia_psneg)}",
         Sched::Fixed},
    // ICMP (4.4)
    Form{Op::ICMP, "ICMP_R", kIcmpR, "0101 1011 0100", "ICMP{ia_cmp}{ia_signed} {rd}, {ra}, {rb}, {rc}", Sched::Fixed},
    Form{Op::ICMP, "ICMP_I", kIcmpI, "0011 011. 0100", "ICMP{ia_cmp}{ia_signed} {rd}, {ra}, {ia_imm20}, {rc}",
         Sched::Fixed},
    Form{Op::ICMP, "ICMP_C", kIcmpC, "0100 1011 0100", "ICMP{ia_cmp}{ia_signed} {rd}, {ra}, {ia_op(ia_cb)}, {rc}",
         Sched::Fixed},
    Form{Op::ICMP, "ICMP_RC", kIcmpC, "0101 0011 0100", "ICMP{ia_cmp}{ia_signed} {rd}, {ra}, {rc@1}, {ia_op(ia_cb)}",
         Sched::Fixed},
    // LOP (5.1): Pd is left out when PT; the immediate's inversion is a .INV suffix.
    Form{Op::LOP, "LOP_R", kLopR, "0101 1100 0100 0",
         "LOP{lop_op}{ia_x}{ia_pop} {ia_pd?}, {ia_cc(rd,ia_cc)}, {ia_inv(ra,ia_inva)}, {ia_inv(rb,ia_invb)}",
         Sched::Fixed},
    Form{Op::LOP, "LOP_I", kLopI, "0011 100. 0100 0",
         "LOP{lop_op}{ia_x}{ia_pop} {ia_pd?}, {ia_cc(rd,ia_cc)}, {ia_inv(ra,ia_inva)}, {ia_inv(ia_imm20,ia_invb)}",
         Sched::Fixed},
    Form{Op::LOP, "LOP_C", kLopC, "0100 1100 0100 0",
         "LOP{lop_op}{ia_x}{ia_pop} {ia_pd?}, {ia_cc(rd,ia_cc)}, {ia_inv(ra,ia_inva)}, {ia_inv(ia_cb,ia_invb)}",
         Sched::Fixed},
    // LOP3 (5.2)
    Form{Op::LOP3, "LOP3_R", kLop3R, "0101 1011 1110 0",
         "LOP3.LUT{ia_x}{ia_pop} {ia_pd?}, {ia_cc(rd,ia_cc)}, {ra}, {rb}, {rc}, {ia_lut}", Sched::Fixed},
    Form{Op::LOP3, "LOP3_I", kLop3I, "0011 11",
         "LOP3.LUT{ia_x} {ia_cc(rd,ia_cc)}, {ra}, {ia_imm20}, {rc}, {ia_lut}", Sched::Fixed},
    Form{Op::LOP3, "LOP3_C", kLop3C, "0000 001",
         "LOP3.LUT{ia_x} {ia_cc(rd,ia_cc)}, {ra}, {ia_op(ia_cb)}, {rc}, {ia_lut}", Sched::Fixed},
    // LOP32I (5.3): the immediate is unsigned.
    Form{Op::LOP32I, "LOP32I", kLop32I, "0000 01",
         "LOP32I{lop_op}{ia_x} {ia_cc(rd,ia_cc)}, {ia_inv(ra,ia_inva)}, {ia_inv(ia_uimm32,ia_invb)}", Sched::Fixed},
    // SHL (5.4)
    Form{Op::SHL, "SHL_R", kShlR, "0101 1100 0100 1", "SHL{ia_w}{ia_x} {ia_cc(rd,ia_cc)}, {ra}, {rb}", Sched::Fixed},
    Form{Op::SHL, "SHL_I", kShlI, "0011 100. 0100 1", "SHL{ia_w}{ia_x} {ia_cc(rd,ia_cc)}, {ra}, {ia_imm20}",
         Sched::Fixed},
    Form{Op::SHL, "SHL_C", kShlC, "0100 1100 0100 1", "SHL{ia_w}{ia_x} {ia_cc(rd,ia_cc)}, {ra}, {ia_op(ia_cb)}",
         Sched::Fixed},
    // SHR (5.5)
    Form{Op::SHR, "SHR_R", kShrR, "0101 1100 0010 1",
         "SHR{ia_signed}{ia_w}{shr_xmode}{ia_brev} {ia_cc(rd,ia_cc)}, {ra}, {rb}", Sched::Fixed},
    Form{Op::SHR, "SHR_I", kShrI, "0011 100. 0010 1",
         "SHR{ia_signed}{ia_w}{shr_xmode}{ia_brev} {ia_cc(rd,ia_cc)}, {ra}, {ia_imm20}", Sched::Fixed},
    Form{Op::SHR, "SHR_C", kShrC, "0100 1100 0010 1",
         "SHR{ia_signed}{ia_w}{shr_xmode}{ia_brev} {ia_cc(rd,ia_cc)}, {ra}, {ia_op(ia_cb)}", Sched::Fixed},
    // SHF: no constant-bank forms (nvdisasm refuses the C and RC opcodes).
    Form{Op::SHF_L, "SHF_L_R", kShfR, "0101 1011 1111 1",
         "SHF.L{ia_w}{shf_type}{shf_hi} {ia_cc(rd,ia_cc)}, {ra}, {rb}, {rc}",
         Sched::Fixed},
    Form{Op::SHF_L, "SHF_L_I", kShfI, "0011 011. 1111 1",
         "SHF.L{ia_w}{shf_type}{shf_hi} {ia_cc(rd,ia_cc)}, {ra}, {shf_imm}, {rc}", Sched::Fixed},
    Form{Op::SHF_R, "SHF_R_R", kShfR, "0101 1100 1111 1",
         "SHF.R{ia_w}{shf_type}{shf_hi} {ia_cc(rd,ia_cc)}, {ra}, {rb}, {rc}",
         Sched::Fixed},
    Form{Op::SHF_R, "SHF_R_I", kShfI, "0011 100. 1111 1",
         "SHF.R{ia_w}{shf_type}{shf_hi} {ia_cc(rd,ia_cc)}, {ra}, {shf_imm}, {rc}", Sched::Fixed},
    // BFE (5.6)
    Form{Op::BFE, "BFE_R", kBfeR, "0101 1100 0000 0", "BFE{ia_signed}{ia_brev} {ia_cc(rd,ia_cc)}, {ra}, {rb}",
         Sched::Fixed},
    Form{Op::BFE, "BFE_I", kBfeI, "0011 100. 0000 0", "BFE{ia_signed}{ia_brev} {ia_cc(rd,ia_cc)}, {ra}, {ia_imm20}",
         Sched::Fixed},
    Form{Op::BFE, "BFE_C", kBfeC, "0100 1100 0000 0",
         "BFE{ia_signed}{ia_brev} {ia_cc(rd,ia_cc)}, {ra}, {ia_op(ia_cb)}", Sched::Fixed},
    // BFI (5.7)
    Form{Op::BFI, "BFI_R", kBfiR, "0101 1011 1111 0", "BFI {ia_cc(rd,ia_cc)}, {ra}, {rb}, {rc}", Sched::Fixed},
    Form{Op::BFI, "BFI_I", kBfiI, "0011 011. 1111 0", "BFI {ia_cc(rd,ia_cc)}, {ra}, {ia_imm20}, {rc}", Sched::Fixed},
    Form{Op::BFI, "BFI_C", kBfiC, "0100 1011 1111 0", "BFI {ia_cc(rd,ia_cc)}, {ra}, {ia_op(ia_cb)}, {rc}",
         Sched::Fixed},
    Form{Op::BFI, "BFI_RC", kBfiC, "0101 0011 1111 0", "BFI {ia_cc(rd,ia_cc)}, {ra}, {rc@1}, {ia_op(ia_cb)}",
         Sched::Fixed},
    // POPC (5.8), variable latency: reuse flags and barriers are accepted and never printed.
    Form{Op::POPC, "POPC_R", kPopcR, "0101 1100 0000 1", "POPC {rd}, {ia_inv(rb,ia_invb)}", Sched::Variable},
    Form{Op::POPC, "POPC_I", kPopcI, "0011 100. 0000 1", "POPC {rd}, {ia_inv(ia_imm20,ia_invb)}", Sched::Variable},
    Form{Op::POPC, "POPC_C", kPopcC, "0100 1100 0000 1", "POPC {rd}, {ia_inv(ia_cb,ia_invb)}", Sched::Variable},
    // FLO (5.9), variable latency
    Form{Op::FLO, "FLO_R", kFloR, "0101 1100 0011 0", "FLO{ia_signed}{flo_sh} {ia_cc(rd,ia_cc)}, {ia_inv(rb,ia_invb)}",
         Sched::Variable},
    Form{Op::FLO, "FLO_I", kFloI, "0011 100. 0011 0",
         "FLO{ia_signed}{flo_sh} {ia_cc(rd,ia_cc)}, {ia_inv(ia_imm20,ia_invb)}", Sched::Variable},
    Form{Op::FLO, "FLO_C", kFloC, "0100 1100 0011 0",
         "FLO{ia_signed}{flo_sh} {ia_cc(rd,ia_cc)}, {ia_inv(ia_cb,ia_invb)}", Sched::Variable},
    // LEA (5.10): Pd is left out when PT, the shift when zero.
    Form{Op::LEA, "LEA_R", kLeaR, "0101 1011 1101 0",
         "LEA{ia_x} {ia_pd?}, {ia_cc(rd,ia_cc)}, {ia_neg(ra,ia_nega)}, {rb}, {ia_hex(ia_shift)?}", Sched::Fixed},
    Form{Op::LEA, "LEA_I", kLeaI, "0011 011. 1101 0",
         "LEA{ia_x} {ia_pd?}, {ia_cc(rd,ia_cc)}, {ia_neg(ra,ia_nega)}, {ia_imm20}, {ia_hex(ia_shift)?}", Sched::Fixed},
    Form{Op::LEA, "LEA_C", kLeaC, "0100 1011 1101 0",
         "LEA{ia_x} {ia_pd?}, {ia_cc(rd,ia_cc)}, {ia_neg(ra,ia_nega)}, {ia_op(ia_cb)}, {ia_hex(ia_shift)?}",
         Sched::Fixed},
    // LEA.HI (5.11): the R form ignores [33..36]; the C form has its own opcode and moves the modifiers up.
    Form{Op::LEA_HI, "LEAHI_R", kLeaHiR, "0101 1011 1101 1",
         "LEA.HI{ia_x} {ia_pd?}, {ia_cc(rd,ia_cc)}, {ia_neg(ra,ia_nega)}, {rb}, {rc}, {ia_hex(ia_shift)?}",
         Sched::Fixed},
    Form{Op::LEA_HI, "LEAHI_C", kLeaHiC, "0001 10",
         "LEA.HI{ia_x} {ia_pd?}, {ia_cc(rd,ia_cc)}, {ia_neg(ra,ia_nega)}, {ia_op(ia_cb)}, {rc}, {ia_hex(ia_shift)?}",
         Sched::Fixed},
    // IMUL (5.12), IMUL32I (5.13), variable latency. The signs print only when one operand is unsigned.
    Form{Op::IMUL, "IMUL_R", kImulR, "0101 1100 0011 1",
         "IMUL{ia_signs32(imul_sa,imul_sb)}{ia_hi} {ia_cc(rd,ia_cc)}, {ra}, {rb}", Sched::Variable},
    Form{Op::IMUL, "IMUL_I", kImulI, "0011 100. 0011 1",
         "IMUL{ia_signs32(imul_sa,imul_sb)}{ia_hi} {ia_cc(rd,ia_cc)}, {ra}, {ia_imm20}", Sched::Variable},
    Form{Op::IMUL, "IMUL_C", kImulC, "0100 1100 0011 1",
         "IMUL{ia_signs32(imul_sa,imul_sb)}{ia_hi} {ia_cc(rd,ia_cc)}, {ra}, {ia_op(ia_cb)}", Sched::Variable},
    Form{Op::IMUL32I, "IMUL32I", kImul32I, "0001 1111",
         "IMUL32I{ia_signs32(imul_sa,imul_sb)}{ia_hi} {ia_cc(rd,ia_cc)}, {ra}, {ia_imm32}", Sched::Variable},
    // IMAD (5.14): negations of A and C pair up into .PO like IADD's.
    Form{Op::IMAD, "IMAD_R", kImadR, "0101 1010 0",
         "IMAD{ia_signs32(imul_sa,imul_sb)}{ia_hi}{ia_psign}{ia_sat}{ia_x} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, "
         "{rb}, {ia_negb(rc,ia_psign)}",
         Sched::Variable},
    Form{Op::IMAD, "IMAD_I", kImadI, "0011 010. 0",
         "IMAD{ia_signs32(imul_sa,imul_sb)}{ia_hi}{ia_psign}{ia_sat}{ia_x} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, "
         "{ia_imm20}, {ia_negb(rc,ia_psign)}",
         Sched::Variable},
    Form{Op::IMAD, "IMAD_C", kImadC, "0100 1010 0",
         "IMAD{ia_signs32(imul_sa,imul_sb)}{ia_hi}{ia_psign}{ia_sat}{ia_x} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, "
         "{ia_op(ia_cb)}, {ia_negb(rc,ia_psign)}",
         Sched::Variable},
    Form{Op::IMAD, "IMAD_RC", kImadC, "0101 0010 0",
         "IMAD{ia_signs32(imul_sa,imul_sb)}{ia_hi}{ia_psign}{ia_sat}{ia_x} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, "
         "{rc@1}, {ia_negb(ia_cb,ia_psign)}",
         Sched::Variable},
    // IMAD32I (5.15): operand C is Rd itself, printed again.
    Form{Op::IMAD32I, "IMAD32I", kImad32I, "0001 00",
         "IMAD32I{ia_signs32(imul_sa,imul_sb)}{ia_hi}{ia_psign} {ia_cc(rd,ia_cc)}, {ia_nega(ra,ia_psign)}, "
         "{ia_imm32}, {ia_negb(rd,ia_psign)}",
         Sched::Variable},
    // IMADSP (5.16): C type 3 is refused.
    Form{Op::IMADSP, "IMADSP_R", kImadspR, "0101 1010 1",
         "IMADSP{imadsp_a}{imadsp_b}{ia_spc(imadsp_c,imadsp_a,imadsp_b)} {ia_cc(rd,ia_cc)}, {ra}, {rb}, {rc}",
         Sched::Variable},
    Form{Op::IMADSP, "IMADSP_I", kImadspI, "0011 010. 1",
         "IMADSP{imadsp_a}{imadsp_b}{ia_spc(imadsp_c,imadsp_a,imadsp_b)} {ia_cc(rd,ia_cc)}, {ra}, {ia_imm20}, {rc}",
         Sched::Variable},
    Form{Op::IMADSP, "IMADSP_C", kImadspC, "0100 1010 1",
         "IMADSP{imadsp_a}{imadsp_b}{ia_spc(imadsp_c,imadsp_a,imadsp_b)} {ia_cc(rd,ia_cc)}, {ra}, {ia_op(ia_cb)}, {rc}",
         Sched::Variable},
    Form{Op::IMADSP, "IMADSP_RC", kImadspC, "0101 0010 1",
         "IMADSP{imadsp_a}{imadsp_b}{ia_spc(imadsp_c,imadsp_a,imadsp_b)} {ia_cc(rd,ia_cc)}, {ra}, {rc@1}, {ia_op(ia_cb)}",
         Sched::Variable},
};

}  // namespace tmu::isa::sm50::int_alu_rows
