// SPDX-License-Identifier: MIT
// Table rows: the texture path (TEX, TLD, TLD4, TLD4S, TEXS, TLDS, TXD, TXQ, TMML and their .B forms, TXA, STP)
// and IPA.
// Layouts: seeds 000-002 and shared/reference/sm50-encodings.md sections 3-4, checked against nvdisasm 11.8.
#pragma once

#include <array>
#include <string_view>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50::texture_rows {

using enum F;

// Formats: the fields each form carries (guard predicate included).
inline constexpr std::array kTex{rd_0,   ra_8,      pg_16,     pgneg_19, rb_20, dim_28,   wmask_31, ndv_35,
                                 tsidx_36, nodep_49, dc_50, ps_51,  aoffi_54, lod_55, lc_58};
inline constexpr std::array kTexB{rd_0,     ra_8,     pg_16, pgneg_19, rb_20, dim_28, wmask_31,
                                  ndv_35,   aoffi_36, lod_37, lc_40,  nodep_49, dc_50, ps_51};
inline constexpr std::array kTld{rd_0,     ra_8,     pg_16, pgneg_19, rb_20, dim_28, wmask_31,
                                 aoffi_35, tsidx_36, nodep_49, ms_50, ps_51, cl_54, tldlod_55};
inline constexpr std::array kTldB{rd_0,     ra_8,     pg_16, pgneg_19, rb_20, dim_28,   wmask_31,
                                  aoffi_35, nodep_49, ms_50, ps_51,   cl_54, tldlod_55};
inline constexpr std::array kTld4{rd_0,   ra_8,     pg_16,    pgneg_19, rb_20, dim_28,  wmask_31,
                                  ndv_35, tsidx_36, nodep_49, dc_50,    ps_51, goff_54, comp_56};
inline constexpr std::array kTld4B{rd_0,   ra_8,    pg_16,   pgneg_19, rb_20, dim_28, wmask_31,
                                   ndv_35, goff_36, comp_38, nodep_49, dc_50, ps_51};
inline constexpr std::array kTld4S{rd_0,     ra_8,     pg_16, pgneg_19, rb_20,   rd2_28,
                                   tsidx_36, nodep_49, dc_50, aoffi_51, comp_52, f16_55};
inline constexpr std::array kTexs{rd_0,     ra_8,     pg_16,    pgneg_19, rb_20,
                                  rd2_28,   tsidx_36, nodep_49, smask_50, texsenc_53};
inline constexpr std::array kTlds{rd_0,     ra_8,     pg_16,    pgneg_19, rb_20,
                                  rd2_28,   tsidx_36, nodep_49, smask_50, tldsenc_53};
inline constexpr std::array kTxq{rd_0, ra_8, pg_16, pgneg_19, query_22, wmask_31, tsidx_36, nodep_49};
inline constexpr std::array kTxqB{rd_0, ra_8, pg_16, pgneg_19, query_22, wmask_31, nodep_49};
inline constexpr std::array kTxd{rd_0,     ra_8,     pg_16,    pgneg_19, rb_20, dim_28,
                                 wmask_31, aoffi_35, tsidx_36, nodep_49, lc_50, ps_51};
inline constexpr std::array kTxdB{rd_0,     ra_8,     pg_16,    pgneg_19, rb_20, dim_28,
                                  wmask_31, aoffi_35, nodep_49, lc_50,    ps_51};
inline constexpr std::array kTmml{rd_0, ra_8, pg_16, pgneg_19, dim_28, wmask_31, ndv_35, tsidx_36, nodep_49};
inline constexpr std::array kTmmlB{rd_0, ra_8, pg_16, pgneg_19, rb_20, dim_28, wmask_31, ndv_35, nodep_49};
// TXA (issue 14; single-bit flips of a word nvdisasm 11.8 lists as TXA): no texture type, [20..30] and [50] ignored.
inline constexpr std::array kTxa{rd_0, ra_8, pg_16, pgneg_19, wmask_31, ndv_35, tsidx_36, nodep_49};
// STP (issue 14; single-bit flips of 0xeea0000000000000 and every immediate with random other bits,
// nvdisasm 11.8, SM50 and SM52 alike): an 8-bit immediate [20..27] and .WAIT [31]; no guard predicate
// ([16..19] ignored, never printed), [0..19], [28..30] and [32..50] ignored.
inline constexpr std::array kStp{stpimm_20, stpwait_31};
inline constexpr std::array kIpa{rd_0,   ra_8,    pg_16,      pgneg_19, rb_20,  attr_28,   idx_38,
                                 rc_39, pmul_47, pmulneg_50, sat_51,   msi_52, ipamode_54};
inline constexpr std::array kIpaIdx{rd_0,    ra_8,       pg_16,  pgneg_19, rb_20,  idx_38,    rc_39,
                                    pmul_47, pmulneg_50, sat_51, msi_52,   ipamode_54};

// Bits of the bindless forms that hold no field (41..48 or 36..48) are ignored by nvdisasm and encoded as zero.
// TEXS / TLDS text, shared by the rows with and without an RZ second destination.
inline constexpr std::string_view kTexsSyntax =
    "TEXS{texs_enc}{nodep}{phase} {rd2}, {rd}, {ra}, {rb?}, {tsidx}, {texs_enc.2}, {smask(smask,rd2)}";
inline constexpr std::string_view kTexsF16Syntax =
    "TEXS.F16{texs_enc}{nodep}{phase} {rd2}, {rd}, {ra}, {rb?}, {tsidx}, {texs_enc.2}, {smask(smask,rd2)}";
inline constexpr std::string_view kTldsSyntax =
    "TLDS{tlds_enc}{nodep}{phase} {rd2}, {rd}, {ra}, {rb?}, {tsidx}, {tlds_enc.2}, {smask(smask,rd2)}";
inline constexpr std::string_view kTldsF16Syntax =
    "TLDS.F16{tlds_enc}{nodep}{phase} {rd2}, {rd}, {ra}, {rb?}, {tsidx}, {tlds_enc.2}, {smask(smask,rd2)}";

inline constexpr std::array kRows{
    Form{Op::TEX, "TEX", kTex, "1100 0",
         "TEX{lod}{lc}{aoffi}{dc}{ndv}{nodep}{phase} {ps?}, {rd}, {ra}, {rb?}, {tsidx}, {dim}, {wmask}", Sched::Texture},
    Form{Op::TEX_B, "TEX_B", kTexB, "1101 1110 10",
         "TEX.B{lod}{lc}{aoffi}{dc}{ndv}{nodep}{phase} {ps?}, {rd}, {ra}, {rb?}, 0x0, {dim}, {wmask}",
         Sched::Texture},
    Form{Op::TLD, "TLD", kTld, "1101 1100",
         "TLD{tld_lod}{aoffi}{ms}{cl}{nodep}{phase} {ps?}, {rd}, {ra}, {rb?}, {tsidx}, {dim}, {wmask}",
         Sched::Texture},
    Form{Op::TLD_B, "TLD_B", kTldB, "1101 1101",
         "TLD.B{tld_lod}{aoffi}{ms}{cl}{nodep}{phase} {ps?}, {rd}, {ra}, {rb?}, 0x0, {dim}, {wmask}",
         Sched::Texture},
    // TLD4 [58] and TLD4.B [40] must be zero on every Maxwell/Pascal target (no .LC for gathers).
    Form{Op::TLD4, "TLD4", kTld4, "1100 10",
         "TLD4{comp}{goff}{dc}{ndv}{nodep}{phase} {ps?}, {rd}, {ra}, {rb?}, {tsidx}, {dim}, {wmask}",
         Sched::Texture},
    // The component comes before ".B": TLD4.B is the bound form gathering blue, TLD4.B.B the bindless one.
    Form{Op::TLD4_B, "TLD4_B", kTld4B, "1101 1110 11 | 40:0",
         "TLD4{comp}.B{goff}{dc}{ndv}{nodep}{phase} {ps?}, {rd}, {ra}, {rb?}, 0x0, {dim}, {wmask}",
         Sched::Texture},
    // Short forms print the second destination (bits 28..35) first. [54] = 1 would be TXA.
    Form{Op::TLD4S, "TLD4S", kTld4S, "1101 1111 .0",
         "TLD4S{f16_tld4s}{comp}{aoffi}{dc}{nodep}{phase} {rd2}, {rd}, {ra}, {rb}, {tsidx}", Sched::Texture},
    // [59] = 1 is the F32 form; [59] = 0 the .F16 form of SM52, which nvdisasm names TEXS_F16 in errors. With the
    // second destination RZ ([28..35] = 0xff) nvdisasm names them TEXS_RZ, TEXS_F16_RZ, ... in errors (found by the
    // whole-space sweep, issue 14): those rows come after the general ones, which the assembler takes.
    Form{Op::TEXS, "TEXS", kTexs, "1101 100", kTexsSyntax, Sched::Texture},
    Form{Op::TEXS, "TEXS_F16", kTexs, "1101 000", kTexsF16Syntax, Sched::Texture, Arch::SM52},
    Form{Op::TLDS, "TLDS", kTlds, "1101 101", kTldsSyntax, Sched::Texture},
    Form{Op::TLDS, "TLDS_F16", kTlds, "1101 001", kTldsF16Syntax, Sched::Texture, Arch::SM52},
    Form{Op::TEXS, "TEXS_RZ", kTexs, "1101 100 | 28:11111111", kTexsSyntax, Sched::Texture},
    Form{Op::TEXS, "TEXS_F16_RZ", kTexs, "1101 000 | 28:11111111", kTexsF16Syntax, Sched::Texture, Arch::SM52},
    Form{Op::TLDS, "TLDS_RZ", kTlds, "1101 101 | 28:11111111", kTldsSyntax, Sched::Texture},
    Form{Op::TLDS, "TLDS_F16_RZ", kTlds, "1101 001 | 28:11111111", kTldsF16Syntax, Sched::Texture, Arch::SM52},
    Form{Op::TXD, "TXD", kTxd, "1101 1110 00",
         "TXD{lc}{aoffi}{nodep}{phase} {ps?}, {rd}, {ra}, {rb}, {tsidx}, {dim}, {wmask}", Sched::Texture},
    Form{Op::TXD_B, "TXD_B", kTxdB, "1101 1110 01",
         "TXD.B{lc}{aoffi}{nodep}{phase} {ps?}, {rd}, {ra}, {rb}, 0x0, {dim}, {wmask}", Sched::Texture},
    // TXQ ignores [20..21], [28..30], [35] and [50]; TXQ.B also [36..48].
    Form{Op::TXQ, "TXQ", kTxq, "1101 1111 0100 1", "TXQ{nodep}{phase} {rd}, {ra}, {query}, {tsidx}, {wmask}",
         Sched::Texture},
    Form{Op::TXQ_B, "TXQ_B", kTxqB, "1101 1111 0101 0", "TXQ.B{nodep}{phase} {rd}, {ra}, {query}, 0x0, {wmask}",
         Sched::Texture},
    // Bound TMML has no Rb: nvdisasm ignores [20..27] and [50].
    Form{Op::TMML, "TMML", kTmml, "1101 1111 0101 1", "TMML.LOD{ndv}{nodep}{phase} {rd}, {ra}, {tsidx}, {dim}, {wmask}",
         Sched::Texture},
    Form{Op::TMML_B, "TMML_B", kTmmlB, "1101 1111 0110 0",
         "TMML.B.LOD{ndv}{nodep}{phase} {rd}, {ra}, {rb?}, 0x0, {dim}, {wmask}", Sched::Texture},
    Form{Op::TXA, "TXA", kTxa, "1101 1111 0100 0", "TXA{ndv}{nodep}{phase} {rd}, {ra}, {tsidx}, {wmask}", Sched::Texture},
    // STP: fixed latency (nvdisasm refuses a write or read barrier with 'uC'), yet reuse bits 0..1 print
    // the texture phase after .WAIT ("STP.WAIT.T 0x51", .P, .INVALIDPHASE3) and bits 2..3 are ignored;
    // yield and wait mask print nothing. The immediate is printed in hex, 0x0 included.
    Form{Op::STP, "STP", kStp, "1110 1110 1010 0", "STP{stp_wait}{phase} {stp_imm}", Sched::FixedTexture},
    // Immediate IPA: Ra must be RZ (nvdisasm rejects anything else). MUL is the default and prints nothing.
    Form{Op::IPA, "IPA", kIpa, "1110 0000 | 38:0 8:11111111",
         "IPA{ipa_mode}{msi}{sat} {rd}, a[{attr}], {rb~}, {rc?}, {pneg(pmul,pmul_neg)?}", Sched::Variable},
    // Indexed IPA: the attribute comes from Ra (an AL2P result); Puniform is always printed.
    Form{Op::IPA, "IPA", kIpaIdx, "1110 0000 | 38:1",
         "IPA.IDX{ipa_mode}{msi}{sat} {rd}, a[{ra}], {rb~}, {rc?}, {pneg(pmul,pmul_neg)}", Sched::Variable},
};

}  // namespace tmu::isa::sm50::texture_rows
