// SPDX-License-Identifier: MIT
// Float ALU (FADD, FMUL, FFMA, FMNMX, FSET, FSETP, FCMP, FSWZADD, MUFU, RRO, FCHK, double precision): formats and
// table rows. Research note float-alu.md (section numbers below), checked against nvdisasm 11.8 on SM50 and SM52.
//
// No instruction bit pattern of these forms is refused (section 0.1): bad values print as INVALID... names.
// Bits that hold no field are ignored by nvdisasm and encoded as zero. Reuse flags (section 0.5) follow the
// operand's field position (Ra 0, Rb 1, Rc 2) except where a slot says {x@N}: FADD_R, FSWZADD and DADD_R mark
// Rb with flag 2; the _RC forms mark Rc (their second operand) with flag 1; FFMA32I's trailing accumulator (the
// destination again) takes flag 2. DADD/DMUL/DFMA are variable latency but decode reuse flags; MUFU, DMNMX, DSET
// and DSETP ignore all four reuse bits.
#pragma once

#include <array>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50::float_alu_rows {

using enum F;

// Formats. _R: register Rb [20..27]; _C: constant bank [20..38]; _I: 20-bit float immediate [20..38] + sign [56];
// _RC: Rc [39..46] as the second source and the constant bank as the third.
#define TMU_FA_COMMON rd_0, ra_8, pg_16, pgneg_19

// FADD (section 1.1)
#define TMU_FA_FADD fa_rnd_39, fa_ftz_44, fa_negb_45, fa_absa_46, fa_cc_47, fa_nega_48, fa_absb_49, fa_sat_50
inline constexpr std::array kFaddR{TMU_FA_COMMON, rb_20, TMU_FA_FADD};
inline constexpr std::array kFaddC{TMU_FA_COMMON, fa_cb_20, TMU_FA_FADD};
inline constexpr std::array kFaddI{TMU_FA_COMMON, fa_fimm20_20, TMU_FA_FADD};
inline constexpr std::array kFadd32I{TMU_FA_COMMON, fa_fimm32_20, fa_cc_52, fa_negb_53, fa_absa_54, fa_ftz_55,
                                     fa_nega_56, fa_absb_57};
#undef TMU_FA_FADD

// FMUL (sections 1.3, 1.4)
#define TMU_FA_FMUL fa_rnd_39, fa_scale_41, fa_fmz_44, fa_cc_47, fa_negb_48, fa_sat_50
inline constexpr std::array kFmulR{TMU_FA_COMMON, rb_20, TMU_FA_FMUL};
inline constexpr std::array kFmulC{TMU_FA_COMMON, fa_cb_20, TMU_FA_FMUL};
inline constexpr std::array kFmulI{TMU_FA_COMMON, fa_fimm20_20, TMU_FA_FMUL};
inline constexpr std::array kFmul32I{TMU_FA_COMMON, fa_fimm32_20, fa_cc_52, fa_fmz_53, fa_sat_55};
#undef TMU_FA_FMUL

// FFMA (sections 1.5, 1.6)
#define TMU_FA_FFMA rc_39, fa_cc_47, fa_negb_48, fa_negc_49, fa_sat_50, fa_rnd_51, fa_fmz_53
inline constexpr std::array kFfmaR{TMU_FA_COMMON, rb_20, TMU_FA_FFMA};
inline constexpr std::array kFfmaC{TMU_FA_COMMON, fa_cb_20, TMU_FA_FFMA};
inline constexpr std::array kFfmaI{TMU_FA_COMMON, fa_fimm20_20, TMU_FA_FFMA};
inline constexpr std::array kFfma32I{TMU_FA_COMMON, fa_fimm32_20, fa_cc_52, fa_fmz_53, fa_sat_55, fa_nega_56,
                                     fa_negc_57};
#undef TMU_FA_FFMA

// FMNMX / DMNMX (section 1.7); DMNMX has no FTZ ([44] ignored)
#define TMU_FA_MNMX fa_ps_39, fa_psneg_42, fa_negb_45, fa_absa_46, fa_cc_47, fa_nega_48, fa_absb_49
inline constexpr std::array kFmnmxR{TMU_FA_COMMON, rb_20, TMU_FA_MNMX, fa_ftz_44};
inline constexpr std::array kFmnmxC{TMU_FA_COMMON, fa_cb_20, TMU_FA_MNMX, fa_ftz_44};
inline constexpr std::array kFmnmxI{TMU_FA_COMMON, fa_fimm20_20, TMU_FA_MNMX, fa_ftz_44};
inline constexpr std::array kDmnmxR{TMU_FA_COMMON, rb_20, TMU_FA_MNMX};
inline constexpr std::array kDmnmxC{TMU_FA_COMMON, fa_cb_20, TMU_FA_MNMX};
inline constexpr std::array kDmnmxI{TMU_FA_COMMON, fa_dimm20_20, TMU_FA_MNMX};
#undef TMU_FA_MNMX

// FSET / DSET (section 1.8); in DSET [55] is an opcode bit
#define TMU_FA_SET \
  fa_ps_39, fa_psneg_42, fa_nega_43, fa_absb_44, fa_bop_45, fa_cc_47, fa_cmp_48, fa_bf_52, fa_negb_53, fa_absa_54
inline constexpr std::array kFsetR{TMU_FA_COMMON, rb_20, TMU_FA_SET, fa_ftz_55};
inline constexpr std::array kFsetC{TMU_FA_COMMON, fa_cb_20, TMU_FA_SET, fa_ftz_55};
inline constexpr std::array kFsetI{TMU_FA_COMMON, fa_fimm20_20, TMU_FA_SET, fa_ftz_55};
inline constexpr std::array kDsetR{TMU_FA_COMMON, rb_20, TMU_FA_SET};
inline constexpr std::array kDsetC{TMU_FA_COMMON, fa_cb_20, TMU_FA_SET};
inline constexpr std::array kDsetI{TMU_FA_COMMON, fa_dimm20_20, TMU_FA_SET};
#undef TMU_FA_SET

// FSETP / DSETP (section 1.9): no Rd; two predicate destinations and B's neg and A's abs in its place. DSETP
// ignores [47].
#define TMU_FA_SETP                                                                                           \
  fa_pdn_0, fa_pd_3, fa_negb_6, fa_absa_7, ra_8, pg_16, pgneg_19, fa_ps_39, fa_psneg_42, fa_nega_43, fa_absb_44, \
      fa_bop_45, fa_cmp_48
inline constexpr std::array kFsetpR{TMU_FA_SETP, rb_20, fa_ftz_47};
inline constexpr std::array kFsetpC{TMU_FA_SETP, fa_cb_20, fa_ftz_47};
inline constexpr std::array kFsetpI{TMU_FA_SETP, fa_fimm20_20, fa_ftz_47};
inline constexpr std::array kDsetpR{TMU_FA_SETP, rb_20};
inline constexpr std::array kDsetpC{TMU_FA_SETP, fa_cb_20};
inline constexpr std::array kDsetpI{TMU_FA_SETP, fa_dimm20_20};
#undef TMU_FA_SETP

// FCMP (section 1.10): no decorations at all
inline constexpr std::array kFcmpR{TMU_FA_COMMON, rb_20, rc_39, fa_ftz_47, fcmp_cmp_48};
inline constexpr std::array kFcmpC{TMU_FA_COMMON, fa_cb_20, rc_39, fa_ftz_47, fcmp_cmp_48};
inline constexpr std::array kFcmpI{TMU_FA_COMMON, fa_fimm20_20, rc_39, fa_ftz_47, fcmp_cmp_48};

// FSWZADD (section 1.11), MUFU (1.12)
inline constexpr std::array kFswzadd{TMU_FA_COMMON, rb_20,     fswz_swz_28, fswz_ndv_38,
                                     fa_rnd_39,     fa_ftz_44, fa_cc_47};
inline constexpr std::array kMufu{TMU_FA_COMMON, mufu_op_20, fa_absa_46, fa_nega_48, fa_sat_50};

// RRO (section 1.13): no Ra ([8..15] ignored)
inline constexpr std::array kRroR{rd_0, pg_16, pgneg_19, rb_20, rro_mode_39, fa_negb_45, fa_absb_49};
inline constexpr std::array kRroC{rd_0, pg_16, pgneg_19, fa_cb_20, rro_mode_39, fa_negb_45, fa_absb_49};
inline constexpr std::array kRroI{rd_0, pg_16, pgneg_19, fa_fimm20_20, rro_mode_39, fa_negb_45, fa_absb_49};

// FCHK (section 1.14): a predicate destination at [3..5]; [0..2] and [6..7] ignored
#define TMU_FA_FCHK fa_pd_3, ra_8, pg_16, pgneg_19, fchk_mode_39, fa_negb_45, fa_absa_46, fa_nega_48, fa_absb_49
inline constexpr std::array kFchkR{TMU_FA_FCHK, rb_20};
inline constexpr std::array kFchkC{TMU_FA_FCHK, fa_cb_20};
inline constexpr std::array kFchkI{TMU_FA_FCHK, fa_fimm20_20};
#undef TMU_FA_FCHK

// DADD (section 1.15), DMUL (1.16), DFMA (1.17: rounding one bit lower than FFMA)
#define TMU_FA_DADD fa_rnd_39, fa_negb_45, fa_absa_46, fa_cc_47, fa_nega_48, fa_absb_49
inline constexpr std::array kDaddR{TMU_FA_COMMON, rb_20, TMU_FA_DADD};
inline constexpr std::array kDaddC{TMU_FA_COMMON, fa_cb_20, TMU_FA_DADD};
inline constexpr std::array kDaddI{TMU_FA_COMMON, fa_dimm20_20, TMU_FA_DADD};
#undef TMU_FA_DADD
inline constexpr std::array kDmulR{TMU_FA_COMMON, rb_20, fa_rnd_39, fa_cc_47, fa_negb_48};
inline constexpr std::array kDmulC{TMU_FA_COMMON, fa_cb_20, fa_rnd_39, fa_cc_47, fa_negb_48};
inline constexpr std::array kDmulI{TMU_FA_COMMON, fa_dimm20_20, fa_rnd_39, fa_cc_47, fa_negb_48};
#define TMU_FA_DFMA rc_39, fa_cc_47, fa_negb_48, fa_negc_49, fa_rnd_50
inline constexpr std::array kDfmaR{TMU_FA_COMMON, rb_20, TMU_FA_DFMA};
inline constexpr std::array kDfmaC{TMU_FA_COMMON, fa_cb_20, TMU_FA_DFMA};
inline constexpr std::array kDfmaI{TMU_FA_COMMON, fa_dimm20_20, TMU_FA_DFMA};
#undef TMU_FA_DFMA

#undef TMU_FA_COMMON

// Operand texts shared by several rows.
#define TMU_FA_D "{fa_rdcc(rd,fa_cc)}"
#define TMU_FA_A "{fa_negabs(ra,fa_nega,fa_absa)}"
#define TMU_FA_PS "{pneg(fa_ps,fa_psneg)}"

inline constexpr std::array kRows{
    // FADD (section 1.1). The register form marks Rb with reuse flag 2; flag 1 has no effect.
    Form{Op::FADD, "FADD_R", kFaddR, "0101 1100 0101 1",
         "FADD{fa_ftz}{fa_rnd}{fa_sat} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(rb,fa_negb,fa_absb)@2}", Sched::Fixed},
    Form{Op::FADD, "FADD_C", kFaddC, "0100 1100 0101 1",
         "FADD{fa_ftz}{fa_rnd}{fa_sat} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_cb,fa_negb,fa_absb)}", Sched::Fixed},
    Form{Op::FADD, "FADD_I", kFaddI, "0011 100. 0101 1",
         "FADD{fa_ftz}{fa_rnd}{fa_sat} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_fimm20,fa_negb,fa_absb)}",
         Sched::Fixed},
    Form{Op::FADD32I, "FADD32I", kFadd32I, "0000 10",
         "FADD32I{fa_ftz} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_fimm32,fa_negb,fa_absb)}", Sched::Fixed},

    // FMUL (sections 1.3, 1.4): Ra has no decoration; the product's sign shows on B.
    Form{Op::FMUL, "FMUL_R", kFmulR, "0101 1100 0110 1",
         "FMUL{fa_fmz}{fa_scale}{fa_rnd}{fa_sat} " TMU_FA_D ", {ra}, {fa_neg(rb,fa_negb)}", Sched::Fixed},
    Form{Op::FMUL, "FMUL_C", kFmulC, "0100 1100 0110 1",
         "FMUL{fa_fmz}{fa_scale}{fa_rnd}{fa_sat} " TMU_FA_D ", {ra}, {fa_neg(fa_cb,fa_negb)}", Sched::Fixed},
    Form{Op::FMUL, "FMUL_I", kFmulI, "0011 100. 0110 1",
         "FMUL{fa_fmz}{fa_scale}{fa_rnd}{fa_sat} " TMU_FA_D ", {ra}, {fa_neg(fa_fimm20,fa_negb)}", Sched::Fixed},
    Form{Op::FMUL32I, "FMUL32I", kFmul32I, "0001 1110",
         "FMUL32I{fa_fmz}{fa_sat} " TMU_FA_D ", {ra}, {fa_src(fa_fimm32)}", Sched::Fixed},

    // FFMA (sections 1.5, 1.6). The RC form's second operand is Rc, with reuse flag 1.
    Form{Op::FFMA, "FFMA_R", kFfmaR, "0101 1001 1",
         "FFMA{fa_fmz}{fa_rnd}{fa_sat} " TMU_FA_D ", {ra}, {fa_neg(rb,fa_negb)}, {fa_neg(rc,fa_negc)}", Sched::Fixed},
    Form{Op::FFMA, "FFMA_C", kFfmaC, "0100 1001 1",
         "FFMA{fa_fmz}{fa_rnd}{fa_sat} " TMU_FA_D ", {ra}, {fa_neg(fa_cb,fa_negb)}, {fa_neg(rc,fa_negc)}",
         Sched::Fixed},
    Form{Op::FFMA, "FFMA_I", kFfmaI, "0011 001. 1",
         "FFMA{fa_fmz}{fa_rnd}{fa_sat} " TMU_FA_D ", {ra}, {fa_neg(fa_fimm20,fa_negb)}, {fa_neg(rc,fa_negc)}",
         Sched::Fixed},
    Form{Op::FFMA, "FFMA_RC", kFfmaC, "0101 0001 1",
         "FFMA{fa_fmz}{fa_rnd}{fa_sat} " TMU_FA_D ", {ra}, {fa_neg(rc,fa_negb)@1}, {fa_neg(fa_cb,fa_negc)}",
         Sched::Fixed},
    // The accumulator is the destination register, printed again (with its own reuse flag 2 and negation).
    Form{Op::FFMA32I, "FFMA32I", kFfma32I, "0000 11",
         "FFMA32I{fa_fmz}{fa_sat} " TMU_FA_D ", {fa_neg(ra,fa_nega)}, {fa_src(fa_fimm32)}, {fa_acc(rd,fa_negc)@2}",
         Sched::Fixed},

    // FMNMX / DMNMX (section 1.7). DMNMX is variable latency and ignores every reuse bit.
    Form{Op::FMNMX, "FMNMX_R", kFmnmxR, "0101 1100 0110 0",
         "FMNMX{fa_ftz} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(rb,fa_negb,fa_absb)}, " TMU_FA_PS, Sched::Fixed},
    Form{Op::FMNMX, "FMNMX_C", kFmnmxC, "0100 1100 0110 0",
         "FMNMX{fa_ftz} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_cb,fa_negb,fa_absb)}, " TMU_FA_PS, Sched::Fixed},
    Form{Op::FMNMX, "FMNMX_I", kFmnmxI, "0011 100. 0110 0",
         "FMNMX{fa_ftz} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_fimm20,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Fixed},
    Form{Op::DMNMX, "DMNMX_R", kDmnmxR, "0101 1100 0101 0",
         "DMNMX " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(rb,fa_negb,fa_absb)}, " TMU_FA_PS, Sched::Variable},
    Form{Op::DMNMX, "DMNMX_C", kDmnmxC, "0100 1100 0101 0",
         "DMNMX " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_cb,fa_negb,fa_absb)}, " TMU_FA_PS, Sched::Variable},
    Form{Op::DMNMX, "DMNMX_I", kDmnmxI, "0011 100. 0101 0",
         "DMNMX " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_dimm20,fa_negb,fa_absb)}, " TMU_FA_PS, Sched::Variable},

    // FSET / DSET (section 1.8): comparison and boolean operation are always printed. DSET ignores reuse bits.
    Form{Op::FSET, "FSET_R", kFsetR, "0101 1000",
         "FSET{fa_bf}{fa_cmp}{fa_ftz}{fa_bop} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(rb,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Fixed},
    Form{Op::FSET, "FSET_C", kFsetC, "0100 1000",
         "FSET{fa_bf}{fa_cmp}{fa_ftz}{fa_bop} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_cb,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Fixed},
    Form{Op::FSET, "FSET_I", kFsetI, "0011 000.",
         "FSET{fa_bf}{fa_cmp}{fa_ftz}{fa_bop} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_fimm20,fa_negb,fa_absb)}, "
         TMU_FA_PS,
         Sched::Fixed},
    Form{Op::DSET, "DSET_R", kDsetR, "0101 1001 0",
         "DSET{fa_bf}{fa_cmp}{fa_bop} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(rb,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Variable},
    Form{Op::DSET, "DSET_C", kDsetC, "0100 1001 0",
         "DSET{fa_bf}{fa_cmp}{fa_bop} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_cb,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Variable},
    Form{Op::DSET, "DSET_I", kDsetI, "0011 001. 0",
         "DSET{fa_bf}{fa_cmp}{fa_bop} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_dimm20,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Variable},

    // FSETP / DSETP (section 1.9): both predicate destinations always printed, PT included.
    Form{Op::FSETP, "FSETP_R", kFsetpR, "0101 1011 1011",
         "FSETP{fa_cmp}{fa_ftz}{fa_bop} {fa_pd}, {fa_pdn}, " TMU_FA_A ", {fa_negabs(rb,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Fixed},
    Form{Op::FSETP, "FSETP_C", kFsetpC, "0100 1011 1011",
         "FSETP{fa_cmp}{fa_ftz}{fa_bop} {fa_pd}, {fa_pdn}, " TMU_FA_A ", {fa_negabs(fa_cb,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Fixed},
    Form{Op::FSETP, "FSETP_I", kFsetpI, "0011 011. 1011",
         "FSETP{fa_cmp}{fa_ftz}{fa_bop} {fa_pd}, {fa_pdn}, " TMU_FA_A ", {fa_negabs(fa_fimm20,fa_negb,fa_absb)}, "
         TMU_FA_PS,
         Sched::Fixed},
    Form{Op::DSETP, "DSETP_R", kDsetpR, "0101 1011 1000",
         "DSETP{fa_cmp}{fa_bop} {fa_pd}, {fa_pdn}, " TMU_FA_A ", {fa_negabs(rb,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Variable},
    Form{Op::DSETP, "DSETP_C", kDsetpC, "0100 1011 1000",
         "DSETP{fa_cmp}{fa_bop} {fa_pd}, {fa_pdn}, " TMU_FA_A ", {fa_negabs(fa_cb,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Variable},
    Form{Op::DSETP, "DSETP_I", kDsetpI, "0011 011. 1000",
         "DSETP{fa_cmp}{fa_bop} {fa_pd}, {fa_pdn}, " TMU_FA_A ", {fa_negabs(fa_dimm20,fa_negb,fa_absb)}, " TMU_FA_PS,
         Sched::Variable},

    // FCMP (section 1.10): GT, the default comparison, prints nothing.
    Form{Op::FCMP, "FCMP_R", kFcmpR, "0101 1011 1010", "FCMP{fcmp_cmp}{fa_ftz} {rd}, {ra}, {rb}, {rc}", Sched::Fixed},
    Form{Op::FCMP, "FCMP_C", kFcmpC, "0100 1011 1010", "FCMP{fcmp_cmp}{fa_ftz} {rd}, {ra}, {fa_src(fa_cb)}, {rc}",
         Sched::Fixed},
    Form{Op::FCMP, "FCMP_I", kFcmpI, "0011 011. 1010",
         "FCMP{fcmp_cmp}{fa_ftz} {rd}, {ra}, {fa_src(fa_fimm20)}, {rc}", Sched::Fixed},
    Form{Op::FCMP, "FCMP_RC", kFcmpC, "0101 0011 1010", "FCMP{fcmp_cmp}{fa_ftz} {rd}, {ra}, {rc@1}, {fa_src(fa_cb)}",
         Sched::Fixed},

    // FSWZADD (section 1.11): reuse like FADD_R. Bits [36..37], [41..43], [45..46], [48..50] are ignored.
    Form{Op::FSWZADD, "FSWZADD", kFswzadd, "0101 0000 1111 1",
         "FSWZADD{fa_ftz}{fa_rnd}{fswz_ndv} " TMU_FA_D ", {ra}, {rb@2}, {fa_swz(fswz_swz)}", Sched::Fixed},

    // MUFU (section 1.12): variable latency, reuse bits ignored. [24..45], [47], [49] are ignored.
    Form{Op::MUFU, "MUFU", kMufu, "0101 0000 1000 0", "MUFU{fa_mufu(mufu_op)}{fa_sat} {rd}, " TMU_FA_A,
         Sched::Variable},

    // RRO (section 1.13)
    Form{Op::RRO, "RRO_R", kRroR, "0101 1100 1001 0", "RRO{rro_mode} {rd}, {fa_negabs(rb,fa_negb,fa_absb)}",
         Sched::Fixed},
    Form{Op::RRO, "RRO_C", kRroC, "0100 1100 1001 0", "RRO{rro_mode} {rd}, {fa_negabs(fa_cb,fa_negb,fa_absb)}",
         Sched::Fixed},
    Form{Op::RRO, "RRO_I", kRroI, "0011 100. 1001 0", "RRO{rro_mode} {rd}, {fa_negabs(fa_fimm20,fa_negb,fa_absb)}",
         Sched::Fixed},

    // FCHK (section 1.14; nvdisasm knows it on SM50 too)
    Form{Op::FCHK, "FCHK_R", kFchkR, "0101 1100 1000 1",
         "FCHK{fchk_mode} {fa_pd}, " TMU_FA_A ", {fa_negabs(rb,fa_negb,fa_absb)}", Sched::Fixed},
    Form{Op::FCHK, "FCHK_C", kFchkC, "0100 1100 1000 1",
         "FCHK{fchk_mode} {fa_pd}, " TMU_FA_A ", {fa_negabs(fa_cb,fa_negb,fa_absb)}", Sched::Fixed},
    Form{Op::FCHK, "FCHK_I", kFchkI, "0011 100. 1000 1",
         "FCHK{fchk_mode} {fa_pd}, " TMU_FA_A ", {fa_negabs(fa_fimm20,fa_negb,fa_absb)}", Sched::Fixed},

    // DADD (section 1.15): variable latency, reuse decoded as in FADD (Rb takes flag 2).
    Form{Op::DADD, "DADD_R", kDaddR, "0101 1100 0111 0",
         "DADD{fa_rnd} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(rb,fa_negb,fa_absb)@2}", Sched::VariableReuse},
    Form{Op::DADD, "DADD_C", kDaddC, "0100 1100 0111 0",
         "DADD{fa_rnd} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_cb,fa_negb,fa_absb)}", Sched::VariableReuse},
    Form{Op::DADD, "DADD_I", kDaddI, "0011 100. 0111 0",
         "DADD{fa_rnd} " TMU_FA_D ", " TMU_FA_A ", {fa_negabs(fa_dimm20,fa_negb,fa_absb)}", Sched::VariableReuse},

    // DMUL (section 1.16)
    Form{Op::DMUL, "DMUL_R", kDmulR, "0101 1100 1000 0", "DMUL{fa_rnd} " TMU_FA_D ", {ra}, {fa_neg(rb,fa_negb)}",
         Sched::VariableReuse},
    Form{Op::DMUL, "DMUL_C", kDmulC, "0100 1100 1000 0", "DMUL{fa_rnd} " TMU_FA_D ", {ra}, {fa_neg(fa_cb,fa_negb)}",
         Sched::VariableReuse},
    Form{Op::DMUL, "DMUL_I", kDmulI, "0011 100. 1000 0",
         "DMUL{fa_rnd} " TMU_FA_D ", {ra}, {fa_neg(fa_dimm20,fa_negb)}", Sched::VariableReuse},

    // DFMA (section 1.17)
    Form{Op::DFMA, "DFMA_R", kDfmaR, "0101 1011 0111",
         "DFMA{fa_rnd} " TMU_FA_D ", {ra}, {fa_neg(rb,fa_negb)}, {fa_neg(rc,fa_negc)}", Sched::VariableReuse},
    Form{Op::DFMA, "DFMA_C", kDfmaC, "0100 1011 0111",
         "DFMA{fa_rnd} " TMU_FA_D ", {ra}, {fa_neg(fa_cb,fa_negb)}, {fa_neg(rc,fa_negc)}", Sched::VariableReuse},
    Form{Op::DFMA, "DFMA_I", kDfmaI, "0011 011. 0111",
         "DFMA{fa_rnd} " TMU_FA_D ", {ra}, {fa_neg(fa_dimm20,fa_negb)}, {fa_neg(rc,fa_negc)}", Sched::VariableReuse},
    Form{Op::DFMA, "DFMA_RC", kDfmaC, "0101 0011 0111",
         "DFMA{fa_rnd} " TMU_FA_D ", {ra}, {fa_neg(rc,fa_negb)@1}, {fa_neg(fa_cb,fa_negc)}", Sched::VariableReuse},
};

#undef TMU_FA_D
#undef TMU_FA_A
#undef TMU_FA_PS

}  // namespace tmu::isa::sm50::float_alu_rows
