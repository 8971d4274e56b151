// SPDX-License-Identifier: MIT
// Surface family (SULD, SUST, SURED, SUATOM): formats and table rows (issue 14). Layouts found with nvdisasm 11.8
// by flipping one bit at a time of ptxas 11.8's surface instructions and of random accepted words (surface.inc).
//
// Common to all: Rd [0..7] (SUST / SURED: the data), the coordinates' register Ra [8..15], the dimension [33..35]
// and the out-of-range mode [49..50]. The surface is either bound, a 13-bit constant-bank word index [36..48], or
// bindless, a register [39..46] holding the handle ([36..38] and [47..48] are then ignored). .D forms move raw data
// of a size (SULD / SUST) or type (SURED / SUATOM), with .BA for byte addressing; .P forms go through the surface's
// format, with a component mask (SULD / SUST). Bits a format does not list are ignored and encoded as zero.
//
// SULD on SM52 has a sparse-residency predicate [30..32] (7 - index), printed first unless PT; SM50 ignores those
// bits. All forms are variable latency.
#pragma once

#include <array>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50::surface_rows {

using enum F;

// ---- formats ---------------------------------------------------------------------------------------------

// SULD / SUST: [26..29] ignored, SUST [30..32] too (SULD's Pd). .P ignores [23] (no .BA).
inline constexpr std::array kSuldDI{rd_0,          ra_8,      pg_16,     pgneg_19,  su_size_20, su_ba_23,
                                    su_ldcache_24, su_pd_30,  su_dim_33, tsidx_36,  su_clamp_49};
inline constexpr std::array kSuldDR{rd_0,          ra_8,      pg_16,     pgneg_19, su_size_20, su_ba_23,
                                    su_ldcache_24, su_pd_30,  su_dim_33, rc_39,    su_clamp_49};
inline constexpr std::array kSuldPI{rd_0,     ra_8,      pg_16,    pgneg_19,   su_mask_20, su_ldcache_24,
                                    su_pd_30, su_dim_33, tsidx_36, su_clamp_49};
inline constexpr std::array kSuldPR{rd_0,     ra_8,      pg_16, pgneg_19,   su_mask_20, su_ldcache_24,
                                    su_pd_30, su_dim_33, rc_39, su_clamp_49};
inline constexpr std::array kSustDI{rd_0,          ra_8,      pg_16,    pgneg_19,   su_size_20, su_ba_23,
                                    su_stcache_24, su_dim_33, tsidx_36, su_clamp_49};
inline constexpr std::array kSustDR{rd_0,          ra_8,      pg_16, pgneg_19,   su_size_20, su_ba_23,
                                    su_stcache_24, su_dim_33, rc_39, su_clamp_49};
inline constexpr std::array kSustPI{rd_0,          ra_8,      pg_16,    pgneg_19,   su_mask_20,
                                    su_stcache_24, su_dim_33, tsidx_36, su_clamp_49};
inline constexpr std::array kSustPR{rd_0, ra_8, pg_16, pgneg_19, su_mask_20, su_stcache_24, su_dim_33, rc_39, su_clamp_49};
// SURED: the operation [24..26] (RED's spellings); .D has the type [20..22]; [27..32] ignored, .P [20..23] too.
inline constexpr std::array kSuredDI{rd_0,         ra_8,      pg_16,    pgneg_19,   su_type_20, su_ba_23,
                                     su_redop_24,  su_dim_33, tsidx_36, su_clamp_49};
inline constexpr std::array kSuredDR{rd_0,        ra_8,      pg_16, pgneg_19,   su_type_20, su_ba_23,
                                     su_redop_24, su_dim_33, rc_39, su_clamp_49};
inline constexpr std::array kSuredPI{rd_0, ra_8, pg_16, pgneg_19, su_redop_24, su_dim_33, tsidx_36, su_clamp_49};
inline constexpr std::array kSuredPR{rd_0, ra_8, pg_16, pgneg_19, su_redop_24, su_dim_33, rc_39, su_clamp_49};
// SUATOM: Rb [20..27] is the data, .BA [28] (.D only), the operation [29..32] (ATOMS's spellings). The .D type
// sits at [51..53] with an immediate index and at [36..38] with a register index.
inline constexpr std::array kSuatomDI{rd_0,         ra_8,      pg_16,    pgneg_19,    rb_20,      su_ba_28,
                                      su_atomop_29, su_dim_33, tsidx_36, su_clamp_49, su_type_51};
inline constexpr std::array kSuatomDR{rd_0,         ra_8,      pg_16,       pgneg_19, rb_20,      su_ba_28,
                                      su_atomop_29, su_dim_33, su_type_36,  rc_39,    su_clamp_49};
inline constexpr std::array kSuatomPI{rd_0, ra_8, pg_16, pgneg_19, rb_20, su_atomop_29, su_dim_33, tsidx_36, su_clamp_49};
inline constexpr std::array kSuatomPR{rd_0, ra_8, pg_16, pgneg_19, rb_20, su_atomop_29, su_dim_33, rc_39, su_clamp_49};
// SUATOM.CAS: no operation field; .D has a predicate result [30..32] (SM50: only PT, refused as 'DestPred'
// otherwise), .P an operation [29..32] of which only 0 (.CAS) has a name.
inline constexpr std::array kSuatomCasDI{rd_0,        ra_8,      pg_16,    pgneg_19,    rb_20,      su_ba_28,
                                         su_caspd_30, su_dim_33, tsidx_36, su_clamp_49, su_type_51};
inline constexpr std::array kSuatomCasDR{rd_0,        ra_8,      pg_16,      pgneg_19, rb_20,      su_ba_28,
                                         su_caspd_30, su_dim_33, su_type_36, rc_39,    su_clamp_49};
inline constexpr std::array kSuatomCasPI{rd_0, ra_8, pg_16, pgneg_19, rb_20, su_pcasop_29, su_dim_33, tsidx_36, su_clamp_49};
inline constexpr std::array kSuatomCasPR{rd_0, ra_8, pg_16, pgneg_19, rb_20, su_pcasop_29, su_dim_33, rc_39, su_clamp_49};
// SUATOM.D with a predicate result (SM52): register index only, the predicate stored as 7 - index [51..53] and
// always printed.
inline constexpr std::array kSuatomPdR{rd_0,         ra_8,      pg_16,      pgneg_19, rb_20,       su_ba_28,
                                       su_atomop_29, su_dim_33, su_type_36, rc_39,    su_clamp_49, su_pdinv_51};

// ---- rows ------------------------------------------------------------------------------------------------
// [52] 1 = .D, 0 = .P; [51] 1 = bound (immediate index), 0 = bindless (register). Modifier order as nvdisasm
// prints it: .D, .BA, dimension, cache or operation, size or type, clamp; .P: dimension, cache, mask, clamp.

inline constexpr std::array kRows{
    Form{Op::SULD, "SULD_D_IMM", kSuldDI, "1110 1011 0001 1",
         "SULD.D{su_ba}{su_dim}{mem_ldcache}{mem_size}{su_clamp} {su_pd(mem_pdinv)?}, {rd}, [{ra}], {tsidx}", Sched::Variable},
    Form{Op::SULD, "SULD_D_REG", kSuldDR, "1110 1011 0001 0",
         "SULD.D{su_ba}{su_dim}{mem_ldcache}{mem_size}{su_clamp} {su_pd(mem_pdinv)?}, {rd}, [{ra}], {rc}", Sched::Variable},
    Form{Op::SULD, "SULD_P_IMM", kSuldPI, "1110 1011 0000 1",
         "SULD.P{su_dim}{mem_ldcache}{su_mask}{su_clamp} {su_pd(mem_pdinv)?}, {rd}, [{ra}], {tsidx}", Sched::Variable},
    Form{Op::SULD, "SULD_P_REG", kSuldPR, "1110 1011 0000 0",
         "SULD.P{su_dim}{mem_ldcache}{su_mask}{su_clamp} {su_pd(mem_pdinv)?}, {rd}, [{ra}], {rc}", Sched::Variable},

    Form{Op::SUST, "SUST_D_IMM", kSustDI, "1110 1011 0011 1",
         "SUST.D{su_ba}{su_dim}{mem_stcache}{mem_size}{su_clamp} [{ra}], {rd}, {tsidx}", Sched::Variable},
    Form{Op::SUST, "SUST_D_REG", kSustDR, "1110 1011 0011 0",
         "SUST.D{su_ba}{su_dim}{mem_stcache}{mem_size}{su_clamp} [{ra}], {rd}, {rc}", Sched::Variable},
    Form{Op::SUST, "SUST_P_IMM", kSustPI, "1110 1011 0010 1",
         "SUST.P{su_dim}{mem_stcache}{su_mask}{su_clamp} [{ra}], {rd}, {tsidx}", Sched::Variable},
    Form{Op::SUST, "SUST_P_REG", kSustPR, "1110 1011 0010 0",
         "SUST.P{su_dim}{mem_stcache}{su_mask}{su_clamp} [{ra}], {rd}, {rc}", Sched::Variable},

    Form{Op::SURED, "SURED_D_IMM", kSuredDI, "1110 1011 0101 1",
         "SURED.D{su_ba}{su_dim}{red_op}{mem_arch(su_type)}{su_clamp} [{ra}], {rd}, {tsidx}", Sched::Variable},
    Form{Op::SURED, "SURED_D_REG", kSuredDR, "1110 1011 0101 0",
         "SURED.D{su_ba}{su_dim}{red_op}{mem_arch(su_type)}{su_clamp} [{ra}], {rd}, {rc}", Sched::Variable},
    Form{Op::SURED, "SURED_P_IMM", kSuredPI, "1110 1011 0100 1", "SURED.P{su_dim}{red_op}{su_clamp} [{ra}], {rd}, {tsidx}",
         Sched::Variable},
    Form{Op::SURED, "SURED_P_REG", kSuredPR, "1110 1011 0100 0", "SURED.P{su_dim}{red_op}{su_clamp} [{ra}], {rd}, {rc}",
         Sched::Variable},

    // SUATOM: [55] CAS; [54] 0: .D with an immediate index ([51..53] the type); [54..51] 1110: .D with a register
    // index, 1100 / 1101: .P with a register / immediate index; the others are refused.
    Form{Op::SUATOM, "SUATOM_D_IMM", kSuatomDI, "1110 1010 00",
         "SUATOM.D{su_ba}{su_dim}{atoms_op}{mem_arch(su_type)}{su_clamp} {rd}, [{ra}], {rb}, {tsidx}", Sched::Variable},
    Form{Op::SUATOM, "SUATOM_D_REG", kSuatomDR, "1110 1010 0111 0",
         "SUATOM.D{su_ba}{su_dim}{atoms_op}{mem_arch(su_type)}{su_clamp} {rd}, [{ra}], {rb}, {rc}", Sched::Variable},
    Form{Op::SUATOM, "SUATOM_P_IMM", kSuatomPI, "1110 1010 0110 1",
         "SUATOM.P{su_dim}{atoms_op}{su_clamp} {rd}, [{ra}], {rb}, {tsidx}", Sched::Variable},
    Form{Op::SUATOM, "SUATOM_P_REG", kSuatomPR, "1110 1010 0110 0",
         "SUATOM.P{su_dim}{atoms_op}{su_clamp} {rd}, [{ra}], {rb}, {rc}", Sched::Variable},
    Form{Op::SUATOM, "SUATOM_D_CAS_IMM", kSuatomCasDI, "1110 1010 10",
         "SUATOM.D{su_ba}{su_dim}.CAS{mem_arch(su_type)}{su_clamp} {su_pd(su_caspd)?}, {rd}, [{ra}], {rb}, {tsidx}",
         Sched::Variable},
    Form{Op::SUATOM, "SUATOM_D_CAS_REG", kSuatomCasDR, "1110 1010 1101 0",
         "SUATOM.D{su_ba}{su_dim}.CAS{mem_arch(su_type)}{su_clamp} {su_pd(su_caspd)?}, {rd}, [{ra}], {rb}, {rc}",
         Sched::Variable},
    Form{Op::SUATOM, "SUATOM_P_CAS_IMM", kSuatomCasPI, "1110 1010 1100 1",
         "SUATOM.P{su_dim}{su_pcasop}{su_clamp} {rd}, [{ra}], {rb}, {tsidx}", Sched::Variable},
    Form{Op::SUATOM, "SUATOM_P_CAS_REG", kSuatomCasPR, "1110 1010 1100 0",
         "SUATOM.P{su_dim}{su_pcasop}{su_clamp} {rd}, [{ra}], {rb}, {rc}", Sched::Variable},
    Form{Op::SUATOM, "SUATOM_D_P", kSuatomPdR, "1110 1011 10",
         "SUATOM.D{su_ba}{su_dim}{atoms_op}{mem_arch(su_type)}{su_clamp} {mem_pdinv}, {rd}, [{ra}], {rb}, {rc}",
         Sched::Variable, Arch::SM52},
};

}  // namespace tmu::isa::sm50::surface_rows
