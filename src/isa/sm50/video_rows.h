// SPDX-License-Identifier: MIT
// Video family (VADD, VABSDIFF, VABSDIFF4, VMNMX, VSET, VSETP, VSHL, VSHR, VMAD): formats and table rows
// (issue 14). Layouts found with nvdisasm 11.8 (video.inc).
//
// Common to all: Rd [0..7] (.CC [47]), A: Ra [8..15] with its selector [36..38] and sign [48]; B: [50] = 1 a
// register Rb [20..27] with its selector [28..30] ([31..35] ignored), [50] = 0 a 16-bit immediate [20..35]; B's
// sign [49] (VSHL / VSHR: .W there, B is unsigned); C: Rc [39..46] (VSETP has none). The types print as a pair
// after the first modifiers (.S8.U16), left out for .S32 with B's widest signed (or, for shift counts,
// unsigned) type. All forms are fixed latency and mark .reuse (after the selector: R36.B1.reuse), except VMAD
// with a 32-bit source.
#pragma once

#include <array>
#include <string_view>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50::video_rows {

using enum F;

// ---- formats ---------------------------------------------------------------------------------------------

// VADD: [51..53] the operation with C, [54] 0 = .UD, [55] .SAT, [56] negates B, [57] A (both: .PO).
inline constexpr std::array kVaddR{rd_0,        ra_8,       pg_16,     pgneg_19,  rb_20,    v_bsel_28,  v_asel_36, rc_39,
                                   ia_cc_47,    v_asign_48, v_bsign_49, v_vop_51, v_ud_54, v_sat_55,   v_psign_56};
inline constexpr std::array kVaddI{rd_0,       ra_8,       pg_16,    pgneg_19, v_imm_20, v_asel_36,  rc_39,
                                   ia_cc_47,   v_asign_48, v_bsign_49, v_vop_51, v_ud_54, v_sat_55, v_psign_56};
// VABSDIFF4 (four byte lanes): A's byte selector [32..35], B's [28..31] (15: B is an 8-bit immediate at [20..27]),
// the lane mask [51..52] X Y, [36..37] Z W, [38] .SD, [48..49] the signs, [50] .SAT, [53..54] the reduction.
inline constexpr std::array kVabsdiff4R{rd_0,     ra_8,        pg_16,    pgneg_19,    rb_20,     v4_bsel_28, v4_asel_32,
                                        v4_sd_38, rc_39,       ia_cc_47, v4_signs_48, v4_sat_50, v4_mask_51, v4_red_53};
inline constexpr std::array kVabsdiff4I{rd_0,        ra_8,      pg_16,      pgneg_19,  v4_imm_20, v4_asel_32, v4_sd_38,
                                        rc_39,       ia_cc_47, v4_signs_48, v4_sat_50, v4_mask_51, v4_red_53};
// VABSDIFF: [54] 1 = .SD; VMNMX: [54] 0 = .UD, [56] .MX; both [55] .SAT.
inline constexpr std::array kVabsdiffR{rd_0,     ra_8,       pg_16,      pgneg_19, rb_20,   v_bsel_28, v_asel_36,
                                       rc_39,    ia_cc_47,   v_asign_48, v_bsign_49, v_vop_51, v_sd_54,  v_sat_55};
inline constexpr std::array kVabsdiffI{rd_0,     ra_8,       pg_16,      pgneg_19, v_imm_20, v_asel_36, rc_39,
                                       ia_cc_47, v_asign_48, v_bsign_49, v_vop_51, v_sd_54,  v_sat_55};
inline constexpr std::array kVmnmxR{rd_0,     ra_8,       pg_16,      pgneg_19, rb_20,   v_bsel_28, v_asel_36, rc_39,
                                    ia_cc_47, v_asign_48, v_bsign_49, v_vop_51, v_ud_54, v_sat_55,  v_mx_56};
inline constexpr std::array kVmnmxI{rd_0,       ra_8,       pg_16,    pgneg_19, v_imm_20, v_asel_36, rc_39,  ia_cc_47,
                                    v_asign_48, v_bsign_49, v_vop_51, v_ud_54,  v_sat_55, v_mx_56};
// VSET: the comparison [54..56]; no .SAT, no destination type.
inline constexpr std::array kVsetR{rd_0,     ra_8,       pg_16,      pgneg_19, rb_20,   v_bsel_28, v_asel_36,
                                   rc_39,    ia_cc_47,   v_asign_48, v_bsign_49, v_vop_51, v_cmp_54};
inline constexpr std::array kVsetI{rd_0,       ra_8,       pg_16,    pgneg_19, v_imm_20, v_asel_36, rc_39,
                                   ia_cc_47,   v_asign_48, v_bsign_49, v_vop_51, v_cmp_54};
// VSETP: no Rd, C, .CC or operation with C. Pd [3..5], the second destination [0..2] ([6..7] ignored), the source
// predicate [39..42], the comparison [43..44] with its high bit at [47], the boolean operation [45..46]. The
// immediate form prints the type pair even when it is .S32.S16.
inline constexpr std::array kVsetpR{fa_pdn_0, fa_pd_3,  ra_8,        pg_16,    pgneg_19,  rb_20,      v_bsel_28,
                                    v_asel_36, fa_ps_39, fa_psneg_42, v_cmp_43, fa_bop_45, v_asign_48, v_bsign_49};
inline constexpr std::array kVsetpI{fa_pdn_0,  fa_pd_3,     ra_8,     pg_16,     pgneg_19,   v_imm_20,  v_asel_36,
                                    fa_ps_39, fa_psneg_42, v_cmp_43, fa_bop_45, v_asign_48, v_bsign_49};
// VSHL / VSHR: [49] .W, [54] 0 = .UD, [55] .SAT; [56] tells them apart.
inline constexpr std::array kVshR{rd_0,     ra_8,       pg_16,  pgneg_19, rb_20,   v_bsel_28, v_asel_36,
                                  rc_39,    ia_cc_47,   v_asign_48, v_w_49, v_vop_51, v_ud_54,  v_sat_55};
inline constexpr std::array kVshI{rd_0,     ra_8,       pg_16,  pgneg_19, v_imm_20, v_asel_36, rc_39,
                                  ia_cc_47, v_asign_48, v_w_49, v_vop_51, v_ud_54,  v_sat_55};
// VMAD: [51..52] the product's scale, [53] negates C, [54] A (both: .PO), [55] .SAT; no operation with C.
inline constexpr std::array kVmadR{rd_0,     ra_8,       pg_16,      pgneg_19,   rb_20,      v_bsel_28, v_asel_36,
                                   rc_39,    ia_cc_47,   v_asign_48, v_bsign_49, v_scale_51, v_psign_53, v_sat_55};
// VMAD's variable-latency rows fix a selector's high bits (6, 7: a 32-bit or invalid source); the fields hold its
// low bits (video.cpp adds the fixed ones): B 32, A 32 with B 8, A 32 with B 16, and the immediate form with A 32.
inline constexpr std::array kVmadRB32{rd_0,     ra_8,       pg_16,      pgneg_19,   rb_20,      v_bsel1_28, v_asel_36,
                                      rc_39,    ia_cc_47,   v_asign_48, v_bsign_49, v_scale_51, v_psign_53, v_sat_55};
inline constexpr std::array kVmadRA32B8{rd_0,  ra_8,     pg_16,      pgneg_19,   rb_20,      v_bsel2_28, v_asel1_36,
                                        rc_39, ia_cc_47, v_asign_48, v_bsign_49, v_scale_51, v_psign_53, v_sat_55};
inline constexpr std::array kVmadRA32B16{rd_0,  ra_8,     pg_16,      pgneg_19,   rb_20,      v_bsel1_28, v_asel1_36,
                                         rc_39, ia_cc_47, v_asign_48, v_bsign_49, v_scale_51, v_psign_53, v_sat_55};
inline constexpr std::array kVmadIA32{rd_0,       ra_8,       pg_16,      pgneg_19,   v_imm_20,   v_asel1_36, rc_39,
                                      ia_cc_47,   v_asign_48, v_bsign_49, v_scale_51, v_psign_53, v_sat_55};
inline constexpr std::array kVmadI{rd_0,       ra_8,       pg_16,      pgneg_19,   v_imm_20,   v_asel_36, rc_39,
                                   ia_cc_47,   v_asign_48, v_bsign_49, v_scale_51, v_psign_53, v_sat_55};

// VMAD's text, shared by its fixed- and variable-latency rows.
inline constexpr std::string_view kVmadSyntax =
    "VMAD{vtypes(v_asel,v_asign,v_bsel,v_bsign)}{ia_psign}{v_scale}{ia_sat} {ia_cc(rd,ia_cc)}, "
    "{vsrca(ra,v_asel,ia_psign)}, {vsrc(rb,v_bsel)}, {ia_negb(rc,ia_psign)}";
inline constexpr std::string_view kVmadISyntax =
    "VMAD{vtypesi(v_asel,v_asign,v_bsign)}{ia_psign}{v_scale}{ia_sat} {ia_cc(rd,ia_cc)}, "
    "{vsrca(ra,v_asel,ia_psign)}, {v_imm}, {ia_negb(rc,ia_psign)}";

// ---- rows ------------------------------------------------------------------------------------------------

inline constexpr std::array kRows{
    Form{Op::VADD, "VADD", kVaddR, "0010 00 | 50:1",
         "VADD{v_ud}{vtypes(v_asel,v_asign,v_bsel,v_bsign)}{ia_psign}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, "
         "{vsrca(ra,v_asel,ia_psign)}, {vsrcb(rb,v_bsel,ia_psign)}, {rc}",
         Sched::Fixed},
    Form{Op::VADD, "VADD_I", kVaddI, "0010 00 | 50:0",
         "VADD{v_ud}{vtypesi(v_asel,v_asign,v_bsign)}{ia_psign}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, "
         "{vsrca(ra,v_asel,ia_psign)}, {vimmb(v_imm,ia_psign)}, {rc}",
         Sched::Fixed},
    Form{Op::VABSDIFF, "VABSDIFF", kVabsdiffR, "0101 0100 | 50:1",
         "VABSDIFF{v_sd}{vtypes(v_asel,v_asign,v_bsel,v_bsign)}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, "
         "{vsrc(rb,v_bsel)}, {rc}",
         Sched::Fixed},
    Form{Op::VABSDIFF, "VABSDIFF_I", kVabsdiffI, "0101 0100 | 50:0",
         "VABSDIFF{v_sd}{vtypesi(v_asel,v_asign,v_bsign)}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, "
         "{ia_ximm(v_imm,v_bsign)}, {rc}",
         Sched::Fixed},
    Form{Op::VABSDIFF4, "VABSDIFF4", kVabsdiff4R, "0101 0000 0",
         "VABSDIFF4{v_sd}{v4_signs}{ia_sat}{v4_red}{v4_mask} {ia_cc(rd,ia_cc)}, {v4src(ra,v4_asel)}, "
         "{v4src(rb,v4_bsel)}, {rc}",
         Sched::Fixed},
    Form{Op::VABSDIFF4, "VABSDIFF4_I", kVabsdiff4I, "0101 0000 0 | 28:1111",
         "VABSDIFF4{v_sd}{v4_signs}{ia_sat}{v4_red}{v4_mask} {ia_cc(rd,ia_cc)}, {v4src(ra,v4_asel)}, "
         "{v4imm(v_imm,v4_signs)}, {rc}",
         Sched::Fixed},
    Form{Op::VMNMX, "VMNMX", kVmnmxR, "0011 101 | 50:1",
         "VMNMX{v_ud}{vtypes(v_asel,v_asign,v_bsel,v_bsign)}{v_mx}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, "
         "{vsrc(rb,v_bsel)}, {rc}",
         Sched::Fixed},
    Form{Op::VMNMX, "VMNMX_I", kVmnmxI, "0011 101 | 50:0",
         "VMNMX{v_ud}{vtypesi(v_asel,v_asign,v_bsign)}{v_mx}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, "
         "{ia_ximm(v_imm,v_bsign)}, {rc}",
         Sched::Fixed},
    Form{Op::VSET, "VSET", kVsetR, "0100 000 | 50:1",
         "VSET{v_cmp}{vtypes(v_asel,v_asign,v_bsel,v_bsign)}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, "
         "{vsrc(rb,v_bsel)}, {rc}",
         Sched::Fixed},
    Form{Op::VSET, "VSET_I", kVsetI, "0100 000 | 50:0",
         "VSET{v_cmp}{vtypesi(v_asel,v_asign,v_bsign)}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, "
         "{ia_ximm(v_imm,v_bsign)}, {rc}",
         Sched::Fixed},
    Form{Op::VSETP, "VSETP", kVsetpR, "0101 0000 1111 0 | 50:1",
         "VSETP{v_cmp}{vtypes(v_asel,v_asign,v_bsel,v_bsign)}{fa_bop} {fa_pd}, {fa_pdn}, {vsrc(ra,v_asel)}, "
         "{vsrc(rb,v_bsel)}, {pneg(fa_ps,fa_psneg)}",
         Sched::Fixed},
    Form{Op::VSETP, "VSETP_I", kVsetpI, "0101 0000 1111 0 | 50:0",
         "VSETP{v_cmp}{vtypesia(v_asel,v_asign,v_bsign)}{fa_bop} {fa_pd}, {fa_pdn}, {vsrc(ra,v_asel)}, "
         "{ia_ximm(v_imm,v_bsign)}, {pneg(fa_ps,fa_psneg)}",
         Sched::Fixed},
    Form{Op::VSHL, "VSHL", kVshR, "0101 0111 | 50:1",
         "VSHL{v_ud}{vtypesu(v_asel,v_asign,v_bsel)}{v_w}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, "
         "{vsrc(rb,v_bsel)}, {rc}",
         Sched::Fixed},
    Form{Op::VSHL, "VSHL_I", kVshI, "0101 0111 | 50:0",
         "VSHL{v_ud}{vtypesui(v_asel,v_asign)}{v_w}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, {v_imm}, {rc}",
         Sched::Fixed},
    Form{Op::VSHR, "VSHR", kVshR, "0101 0110 | 50:1",
         "VSHR{v_ud}{vtypesu(v_asel,v_asign,v_bsel)}{v_w}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, "
         "{vsrc(rb,v_bsel)}, {rc}",
         Sched::Fixed},
    Form{Op::VSHR, "VSHR_I", kVshI, "0101 0110 | 50:0",
         "VSHR{v_ud}{vtypesui(v_asel,v_asign)}{v_w}{ia_sat}{v_vop} {ia_cc(rd,ia_cc)}, {vsrc(ra,v_asel)}, {v_imm}, {rc}",
         Sched::Fixed},
    // VMAD is fixed latency only with two narrow sources: a selector 6 or 7 (a 32-bit or invalid source) makes it
    // variable latency, barriers allowed and reuse flags ignored (found by the oracle test's random control
    // slots). Those are the more specific rows, tried first.
    Form{Op::VMAD, "VMAD", kVmadR, "0101 1111 | 50:1", kVmadSyntax, Sched::Fixed},
    Form{Op::VMAD, "VMAD", kVmadRB32, "0101 1111 | 50:1 29:11", kVmadSyntax, Sched::Variable},
    Form{Op::VMAD, "VMAD", kVmadRA32B8, "0101 1111 | 50:1 37:11 30:0", kVmadSyntax, Sched::Variable},
    Form{Op::VMAD, "VMAD", kVmadRA32B16, "0101 1111 | 50:1 37:11 29:10", kVmadSyntax, Sched::Variable},
    Form{Op::VMAD, "VMAD_I", kVmadI, "0101 1111 | 50:0", kVmadISyntax, Sched::Fixed},
    Form{Op::VMAD, "VMAD_I", kVmadIA32, "0101 1111 | 50:0 37:11", kVmadISyntax, Sched::Variable},
};

}  // namespace tmu::isa::sm50::video_rows
