// SPDX-License-Identifier: MIT
// Half-precision family (HADD2, HMUL2, HFMA2, HSET2, HSETP2 and their _32I forms): formats and table rows
// (issue 14). Layouts found with nvdisasm 11.8 (half.inc). nvdisasm -b SM50 refuses every one of these words
// ("Unrecognized operation for functional unit 'uC'"), so every row is SM52 only.
//
// Common to all: Rd [0..7], Ra [8..15] with its swizzle; a register B at [20..27] with its swizzle [28..29],
// |B| [30] and -B [31]; a constant bank at [20..38]; an immediate pair at [20..38] + [56]: two halves' top 10
// bits (sign, exponent, 4 mantissa bits), H0 at [20..29], H1 at [30..38] with its sign at [56], printed H1
// first, each as nvdisasm prints floats ("-0.0 " keeps its space: "-0.0 , 0"). The _32I forms hold two whole
// halves at [20..51]. Every value of every field prints. All forms are variable latency (barriers allowed)
// and mark operands .reuse with flags 0..2 (Ra 0, Rb 1, Rc 2; HADD2's Rb 2, HFMA2's RC form Rc 1, HFMA2_32I's
// accumulator 2). Flag 3 is ignored, except by HSETP2, HFMA2's RC form and HFMA2_32I, which refuse it.
#pragma once

#include <array>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50::half_rows {

using enum F;

// ---- formats ---------------------------------------------------------------------------------------------

#define TMU_H_COMMON rd_0, ra_8, pg_16, pgneg_19
#define TMU_H_IMM h_imm_h0_20, h_imm_h1_30
#define TMU_H_IMM32 h_imm32_h0_20, h_imm32_h1_36
// B as a register: swizzle, |B|, -B. The register forms' result format [49..50] and A's swizzle [47..48].
#define TMU_H_RB rb_20, h_bswz_28, h_absb_30, h_negb_31
#define TMU_H_OUT h_aswz_47, h_ofmt_49

// HADD2: [39] .FTZ, [43] -A, [44] |A|; .SAT [32] (register form) or [52]; the constant's |B| [54], -B [56].
inline constexpr std::array kHaddR{TMU_H_COMMON, TMU_H_RB,  h_sat_32, h_ftz_39,
                                   fa_nega_43,   h_absa_44, TMU_H_OUT};
inline constexpr std::array kHaddI{TMU_H_COMMON, TMU_H_IMM, h_ftz_39, fa_nega_43,
                                   h_absa_44,    TMU_H_OUT, h_sat_52};
inline constexpr std::array kHaddC{TMU_H_COMMON, fa_cb_20, h_ftz_39,  fa_nega_43, h_absa_44,
                                   TMU_H_OUT,    h_sat_52, h_absb_54, h_negb_56};
// HMUL2: [39..40] .FTZ / .FMZ, [44] |A|; [43] is -A in the immediate form, -B in the constant form.
inline constexpr std::array kHmulR{TMU_H_COMMON, TMU_H_RB, h_sat_32, h_fmz_39, h_absa_44, TMU_H_OUT};
inline constexpr std::array kHmulI{TMU_H_COMMON, TMU_H_IMM, h_fmz_39, fa_nega_43,
                                   h_absa_44,    TMU_H_OUT, h_sat_52};
inline constexpr std::array kHmulC{TMU_H_COMMON, fa_cb_20,  h_fmz_39, h_negb_43,
                                   h_absa_44,    TMU_H_OUT, h_sat_52, h_absb_54};
// HFMA2: no absolute values. Register form: -C [30], C's swizzle [35..36], .FTZ / .FMZ [37..38], Rc [39..46].
// Others: Rc [39..46], -C [51] (the third operand), .SAT [52], Rc's swizzle [53..54], -B [56] (the second
// operand), .FTZ / .FMZ [57..58]; the RC form prints Rc second and the constant third, and its own spelling
// of the .FTZ / .FMZ field's value 3.
inline constexpr std::array kHfmaR{TMU_H_COMMON, rb_20,     h_bswz_28, h_negc_30, h_negb_31,
                                   h_sat_32,     h_cswz_35, h_fmz_37,  rc_39,     TMU_H_OUT};
inline constexpr std::array kHfmaI{TMU_H_COMMON, TMU_H_IMM, rc_39,     TMU_H_OUT,
                                   h_negc_51,    h_sat_52,  h_cswz_53, h_fmz_57};
inline constexpr std::array kHfmaC{TMU_H_COMMON, fa_cb_20,  rc_39,     TMU_H_OUT, h_negc_51,
                                   h_sat_52,     h_cswz_53, h_negb_56, h_fmz_57};
inline constexpr std::array kHfmaRC{TMU_H_COMMON, fa_cb_20,  rc_39,     TMU_H_OUT, h_negc_51,
                                    h_sat_52,     h_cswz_53, h_negb_56, h_fafmz_57};
// HSET2 / HSETP2: the comparison [35..38] (register form) or [49..52], the source predicate [39..42],
// -A [43], |A| [44], the boolean operation [45..46] (its value 3 spelled per instruction). HSET2: .BF [49] or
// [53], .FTZ [50] or [54]. HSETP2: Pd [3..5], the second destination [0..2], .FTZ [6], .H_AND [49] or [53];
// [7] ignored.
#define TMU_H_SET fa_ps_39, fa_psneg_42, fa_nega_43, h_absa_44, h_bop_45, h_aswz_47
#define TMU_H_SETPS fa_ps_39, fa_psneg_42, fa_nega_43, h_absa_44, fa_bop_45, h_aswz_47
#define TMU_H_SETP fa_pdn_0, fa_pd_3, h_ftz_6, ra_8, pg_16, pgneg_19
inline constexpr std::array kHsetR{TMU_H_COMMON, TMU_H_RB, h_cmp_35, TMU_H_SET, h_bf_49, h_ftz_50};
inline constexpr std::array kHsetI{TMU_H_COMMON, TMU_H_IMM, TMU_H_SET, h_cmp_49, h_bf_53, h_ftz_54};
inline constexpr std::array kHsetC{TMU_H_COMMON, fa_cb_20, TMU_H_SET, h_cmp_49, h_bf_53, h_ftz_54, h_negb_56};
inline constexpr std::array kHsetpR{TMU_H_SETP, TMU_H_RB, h_cmp_35, TMU_H_SETPS, h_hand_49};
inline constexpr std::array kHsetpI{TMU_H_SETP, TMU_H_IMM, TMU_H_SETPS, h_cmp_49, h_hand_53};
inline constexpr std::array kHsetpC{TMU_H_SETP, fa_cb_20,  TMU_H_SETPS, h_cmp_49,
                                    h_hand_53,  h_absb_54, h_negb_56};
// The _32I forms: .SAT [52] (HFMA2_32I: -C), A's swizzle [53..54], .FTZ [55] and -A [56] (HADD2_32I) or
// .FTZ / .FMZ [55..56] (HFMA2_32I spells its value 3 as the RC form does).
inline constexpr std::array kHadd32I{TMU_H_COMMON, TMU_H_IMM32, h_sat_52, h_aswz_53, fa_ftz_55, fa_nega_56};
inline constexpr std::array kHmul32I{TMU_H_COMMON, TMU_H_IMM32, h_sat_52, h_aswz_53, h_fmz_55};
inline constexpr std::array kHfma32I{TMU_H_COMMON, TMU_H_IMM32, h_negc_52, h_aswz_53, h_fafmz_55};

#undef TMU_H_COMMON
#undef TMU_H_IMM
#undef TMU_H_IMM32
#undef TMU_H_RB
#undef TMU_H_OUT
#undef TMU_H_SET
#undef TMU_H_SETP
#undef TMU_H_SETPS

// ---- operand texts ----------------------------------------------------------------------------------------

#define TMU_H_A "{h_srcna(ra,h_aswz,fa_nega,fa_absa)}"
#define TMU_H_B "{h_srcna(rb,h_bswz,fa_negb,fa_absb)}"
#define TMU_H_I "{h_f16(h_imm_h1)}, {h_f16(h_imm_h0)}"
#define TMU_H_PS "{pneg(fa_ps,fa_psneg)}"
#define TMU_H_ADD "HADD2{h_ofmt}{fa_ftz}{fa_sat} {rd}, " TMU_H_A ", "
#define TMU_H_MUL "HMUL2{h_ofmt}{h_fmz}{fa_sat} {rd}, "
#define TMU_H_FMA "HFMA2{h_ofmt}{h_fmz}{fa_sat} {rd}, {h_src(ra,h_aswz)}, "
#define TMU_H_FMA_RC "HFMA2{h_ofmt}{fa_fmz}{fa_sat} {rd}, {h_src(ra,h_aswz)}, "
#define TMU_H_SET2 "HSET2{fa_bf}{fa_cmp}{fa_ftz}{h_bop} {rd}, " TMU_H_A ", "
#define TMU_H_SETP2 "HSETP2{fa_cmp}{h_hand}{fa_ftz}{fa_bop} {fa_pd}, {fa_pdn}, " TMU_H_A ", "

// ---- rows ------------------------------------------------------------------------------------------------

inline constexpr std::array kRows{
    Form{Op::HADD2, "HADD2_R", kHaddR, "0101 1101 0001 0", TMU_H_ADD "{h_srcna(rb,h_bswz,fa_negb,fa_absb)@2}",
         Sched::VariableReuseIgnore3, Arch::SM52},
    Form{Op::HADD2, "HADD2_I", kHaddI, "0111 101. 0", TMU_H_ADD TMU_H_I, Sched::VariableReuseIgnore3,
         Arch::SM52},
    Form{Op::HADD2, "HADD2_C", kHaddC, "0111 101. 1", TMU_H_ADD "{fa_negabs(fa_cb,fa_negb,fa_absb)}",
         Sched::VariableReuseIgnore3, Arch::SM52},
    Form{Op::HMUL2, "HMUL2_R", kHmulR, "0101 1101 0000 1", TMU_H_MUL "{h_srca(ra,h_aswz,fa_absa)}, " TMU_H_B,
         Sched::VariableReuseIgnore3, Arch::SM52},
    Form{Op::HMUL2, "HMUL2_I", kHmulI, "0111 100. 0", TMU_H_MUL TMU_H_A ", " TMU_H_I,
         Sched::VariableReuseIgnore3, Arch::SM52},
    Form{Op::HMUL2, "HMUL2_C", kHmulC, "0111 100. 1",
         TMU_H_MUL "{h_srca(ra,h_aswz,fa_absa)}, {fa_negabs(fa_cb,fa_negb,fa_absb)}",
         Sched::VariableReuseIgnore3, Arch::SM52},
    Form{Op::HFMA2, "HFMA2_R", kHfmaR, "0101 1101 0000 0",
         TMU_H_FMA "{h_srcn(rb,h_bswz,fa_negb)}, {h_srcn(rc,h_cswz,fa_negc)}", Sched::VariableReuseIgnore3,
         Arch::SM52},
    Form{Op::HFMA2, "HFMA2_I", kHfmaI, "0111 0... 0", TMU_H_FMA TMU_H_I ", {h_srcn(rc,h_cswz,fa_negc)}",
         Sched::VariableReuseIgnore3, Arch::SM52},
    Form{Op::HFMA2, "HFMA2_C", kHfmaC, "0111 0... 1",
         TMU_H_FMA "{fa_neg(fa_cb,fa_negb)}, {h_srcn(rc,h_cswz,fa_negc)}", Sched::VariableReuseIgnore3,
         Arch::SM52},
    Form{Op::HFMA2, "HFMA2_RC", kHfmaRC, "0110 0... 1",
         TMU_H_FMA_RC "{h_srcn(rc,h_cswz,fa_negb)@1}, {fa_neg(fa_cb,fa_negc)}", Sched::VariableReuse,
         Arch::SM52},
    Form{Op::HSET2, "HSET2_R", kHsetR, "0101 1101 0001 1", TMU_H_SET2 TMU_H_B ", " TMU_H_PS,
         Sched::VariableReuseIgnore3, Arch::SM52},
    Form{Op::HSET2, "HSET2_I", kHsetI, "0111 110. 0", TMU_H_SET2 TMU_H_I ", " TMU_H_PS,
         Sched::VariableReuseIgnore3, Arch::SM52},
    Form{Op::HSET2, "HSET2_C", kHsetC, "0111 110. 1", TMU_H_SET2 "{fa_neg(fa_cb,fa_negb)}, " TMU_H_PS,
         Sched::VariableReuseIgnore3, Arch::SM52},
    Form{Op::HSETP2, "HSETP2_R", kHsetpR, "0101 1101 0010 0", TMU_H_SETP2 TMU_H_B ", " TMU_H_PS,
         Sched::VariableReuse, Arch::SM52},
    Form{Op::HSETP2, "HSETP2_I", kHsetpI, "0111 111. 0", TMU_H_SETP2 TMU_H_I ", " TMU_H_PS,
         Sched::VariableReuse, Arch::SM52},
    Form{Op::HSETP2, "HSETP2_C", kHsetpC, "0111 111. 1",
         TMU_H_SETP2 "{fa_negabs(fa_cb,fa_negb,fa_absb)}, " TMU_H_PS, Sched::VariableReuse, Arch::SM52},
    Form{Op::HADD2_32I, "HADD2_32I", kHadd32I, "0010 110",
         "HADD2_32I{fa_ftz}{fa_sat} {rd}, {h_srcn(ra,h_aswz,fa_nega)}, " TMU_H_I, Sched::VariableReuseIgnore3,
         Arch::SM52},
    Form{Op::HMUL2_32I, "HMUL2_32I", kHmul32I, "0010 101",
         "HMUL2_32I{h_fmz}{fa_sat} {rd}, {h_src(ra,h_aswz)}, " TMU_H_I, Sched::VariableReuseIgnore3,
         Arch::SM52},
    // The accumulator is the destination register, printed again with reuse flag 2.
    Form{Op::HFMA2_32I, "HFMA2_32I", kHfma32I, "0010 100",
         "HFMA2_32I{fa_fmz} {rd}, {h_src(ra,h_aswz)}, " TMU_H_I ", {fa_acc(rd,fa_negc)@2}",
         Sched::VariableReuse, Arch::SM52},
};

#undef TMU_H_A
#undef TMU_H_B
#undef TMU_H_I
#undef TMU_H_PS
#undef TMU_H_ADD
#undef TMU_H_MUL
#undef TMU_H_FMA
#undef TMU_H_FMA_RC
#undef TMU_H_SET2
#undef TMU_H_SETP2

}  // namespace tmu::isa::sm50::half_rows
