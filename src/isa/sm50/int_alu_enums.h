// SPDX-License-Identifier: MIT
// Integer ALU (IADD, IADD3, ISCADD, XMAD, IMNMX, ISETP, ISET, ICMP, LOP, LOP3, SHL, SHR, SHF, BFE, BFI, POPC, FLO, LEA,
// IMUL, IMAD, IMADSP): operand value types and how nvdisasm 11.8 spells them (research note int-alu.md, section numbers
// below). Every table covers every value of its field: nvdisasm refuses only IADD32I's PSign32 = 1 and IMADSP's C type
// 3 (section 1.9).
#pragma once

#include <array>
#include <cstdint>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// Negation pair of IADD, ISCADD, IADD32I, IMAD and IMAD32I (section 1.6): two adjacent bits, the high one negating
// operand A and the low one the second operand (B, or C for IMAD). Both set is "plus one", printed as .PO with no
// operand sign, so "-Ra, -Rb" has no encoding.
enum class IaPSign : uint8_t { None, NegSecond, NegA, PlusOne };

// ISETP / ISET / ICMP comparison (section 4.2).
enum class IaCmp : uint8_t { F, LT, EQ, LE, GT, NE, GE, T };

// ISETP / ISET boolean combination with Ps.
enum class IaBoolOp : uint8_t { And, Or, Xor, Invalid3 };

// LOP / LOP32I operation (section 5.1).
enum class LopOp : uint8_t { And, Or, Xor, PassB };

// LOP / LOP3 predicate result (section 5.1): none, true, result zero, result nonzero.
enum class IaPredOp : uint8_t { None, T, Z, NZ };

// IMNMX extended mode (section 4.1).
enum class ImnmxMode : uint8_t { None, XLo, XMed, XHi };

// SHR extended mode (section 5.5); 1 has no meaning.
enum class ShrXMode : uint8_t { None, Invalid1, X, XHi };

// SHF (funnel shift) [37..38], nvdisasm's "max shift": the width the count saturates or wraps at, 32 bits when
// unspelled, 64 for .U64 / .S64 (.S64 shifts the sign in on the right). 1 is spelled .INVALIDMAXSHIFT3.
enum class ShfType : uint8_t { Bits32, Invalid1, U64, S64 };
// SHF [48..49]: .HI, .X, .XHI (ptxas 11.8 emits none of them).
enum class ShfHi : uint8_t { None, Hi, X, XHi };

// XMAD C modes (section 3.1); R and I forms have 3 bits, C and RC forms 2.
enum class XmadMode : uint8_t { None, CLo, CHi, CSfu, CBcc, Invalid5, Invalid6, Invalid7 };

// IADD3 sub-word selector of each source (R form) and its shift (section 2.3).
enum class Iadd3Part : uint8_t { None, H0, H1, Invalid3 };
enum class Iadd3Shift : uint8_t { None, RS, LS, Invalid3 };

// IMADSP operand types (section 5.16). Bit 0 of the A and B types is the sign.
enum class ImadspAType : uint8_t { U32, S32, U24, S24, U16H0, S16H0, U16H1, S16H1 };
enum class ImadspBType : uint8_t { U24, S24, U16H0, S16H0 };
enum class ImadspCType : uint8_t { T32, T24, T16H0, Invalid3 };  // signedness follows A and B

TMU_FLAG(kIaFlagCC, ".CC")
TMU_FLAG(kIaFlagX, ".X")
TMU_FLAG(kIaFlagSAT, ".SAT")
TMU_FLAG(kIaFlagMinus, "-")  // operand negation; printed by the ia_neg kinds, never on its own
TMU_FLAG(kIaFlagTilde, "~")  // operand inversion; printed by ia_inv
TMU_FLAG(kIaFlagW, ".W")
TMU_FLAG(kIaFlagBREV, ".BREV")
TMU_FLAG(kIaFlagHI, ".HI")
TMU_FLAG(kIaFlagSH, ".SH")
TMU_FLAG(kIaFlagBF, ".BF")
TMU_FLAG(kIaFlagPSL, ".PSL")
TMU_FLAG(kIaFlagMRG, ".MRG")
TMU_FLAG(kIaFlagH1, ".H1")

// [48] (IMNMX, ISETP, ISET, ICMP, SHR, BFE, FLO): 1 = signed, the default; 0 prints .U32.
inline constexpr std::array<Spelling, 2> kIaSigned_values{Spelling{".U32"}, Spelling{""}};
inline constexpr EnumTable kIaSigned = detail::table("", kIaSigned_values);

// Only .PO is spelled in the mnemonic; the single negations are printed on the operands (ia_nega / ia_negb).
inline constexpr std::array<Spelling, 4> kIaPSign_values{Spelling{""}, Spelling{""}, Spelling{""}, Spelling{".PO"}};
inline constexpr EnumTable kIaPSign = detail::table("", kIaPSign_values);
// IADD32I [55..56]: nvdisasm's table 'PSign32' has no value 1 (negating the immediate).
inline constexpr std::array<Spelling, 4> kIaPSign32_values{Spelling{""}, kRejected, Spelling{""}, Spelling{".PO"}};
inline constexpr EnumTable kIaPSign32 = detail::table("PSign32", kIaPSign32_values);

inline constexpr std::array<Spelling, 8> kIaCmp_values{Spelling{".F"},  Spelling{".LT"}, Spelling{".EQ"},
                                                       Spelling{".LE"}, Spelling{".GT"}, Spelling{".NE"},
                                                       Spelling{".GE"}, Spelling{".T"}};
inline constexpr EnumTable kIaCmp = detail::table("", kIaCmp_values);

inline constexpr std::array<Spelling, 4> kIaBoolOp_values{Spelling{".AND"}, Spelling{".OR"}, Spelling{".XOR"},
                                                          Spelling{".INVALIDBOP3"}};
inline constexpr EnumTable kIaBoolOp = detail::table("", kIaBoolOp_values);

inline constexpr std::array<Spelling, 4> kLopOp_values{Spelling{".AND"}, Spelling{".OR"}, Spelling{".XOR"},
                                                       Spelling{".PASS_B"}};
inline constexpr EnumTable kLopOp = detail::table("", kLopOp_values);

inline constexpr std::array<Spelling, 4> kIaPredOp_values{Spelling{""}, Spelling{".T"}, Spelling{".Z"},
                                                          Spelling{".NZ"}};
inline constexpr EnumTable kIaPredOp = detail::table("", kIaPredOp_values);

inline constexpr std::array<Spelling, 4> kImnmxMode_values{Spelling{""}, Spelling{".XLO"}, Spelling{".XMED"},
                                                           Spelling{".XHI"}};
inline constexpr EnumTable kImnmxMode = detail::table("", kImnmxMode_values);

inline constexpr std::array<Spelling, 4> kShrXMode_values{Spelling{""}, Spelling{".INVALIDSHRXMODE1"}, Spelling{".X"},
                                                          Spelling{".XHI"}};
inline constexpr EnumTable kShrXMode = detail::table("", kShrXMode_values);

inline constexpr std::array<Spelling, 4> kShfType_values{Spelling{""}, Spelling{".INVALIDMAXSHIFT3"}, Spelling{".U64"},
                                                         Spelling{".S64"}};
inline constexpr EnumTable kShfType = detail::table("", kShfType_values);
inline constexpr std::array<Spelling, 4> kShfHi_values{Spelling{""}, Spelling{".HI"}, Spelling{".X"}, Spelling{".XHI"}};
inline constexpr EnumTable kShfHi = detail::table("", kShfHi_values);

inline constexpr std::array<Spelling, 8> kXmadMode_values{Spelling{""},      Spelling{".CLO"},   Spelling{".CHI"},
                                                          Spelling{".CSFU"},  Spelling{".CBCC"},  Spelling{".???5"},
                                                          Spelling{".???6"},  Spelling{".???7"}};
inline constexpr EnumTable kXmadMode = detail::table("", kXmadMode_values);
// C and RC forms: two bits, no CBCC.
inline constexpr std::array<Spelling, 4> kXmadMode2_values{Spelling{""}, Spelling{".CLO"}, Spelling{".CHI"},
                                                           Spelling{".CSFU"}};
inline constexpr EnumTable kXmadMode2 = detail::table("", kXmadMode2_values);

// XMAD operand signedness [48] / [49]: printed as a pair, and only when one of them is signed (ia_signs16).
inline constexpr std::array<Spelling, 2> kIaSign16_values{Spelling{".U16"}, Spelling{".S16"}};
inline constexpr EnumTable kIaSign16 = detail::table("", kIaSign16_values);
// IMUL / IMAD signedness: printed as a pair, and only when one of them is unsigned (ia_signs32).
inline constexpr std::array<Spelling, 2> kIaSign32_values{Spelling{".U32"}, Spelling{".S32"}};
inline constexpr EnumTable kIaSign32 = detail::table("", kIaSign32_values);

inline constexpr std::array<Spelling, 4> kIadd3Part_values{Spelling{""}, Spelling{".H0"}, Spelling{".H1"},
                                                           Spelling{".???3"}};
inline constexpr EnumTable kIadd3Part = detail::table("", kIadd3Part_values);
inline constexpr std::array<Spelling, 4> kIadd3Shift_values{Spelling{""}, Spelling{".RS"}, Spelling{".LS"},
                                                            Spelling{".???3"}};
inline constexpr EnumTable kIadd3Shift = detail::table("", kIadd3Shift_values);

inline constexpr std::array<Spelling, 8> kImadspAType_values{
    Spelling{".U32"},   Spelling{".S32"},   Spelling{".U24"},   Spelling{".S24"},
    Spelling{".U16H0"}, Spelling{".S16H0"}, Spelling{".U16H1"}, Spelling{".S16H1"}};
inline constexpr EnumTable kImadspAType = detail::table("", kImadspAType_values);
inline constexpr std::array<Spelling, 4> kImadspBType_values{Spelling{".U24"}, Spelling{".S24"}, Spelling{".U16H0"},
                                                             Spelling{".S16H0"}};
inline constexpr EnumTable kImadspBType = detail::table("", kImadspBType_values);
// The C type without its sign letter (ia_spc adds S or U); 3 is refused with the generic 'uC' error.
inline constexpr std::array<Spelling, 4> kImadspCType_values{Spelling{"32"}, Spelling{"24"}, Spelling{"16H0"},
                                                             kRejected};
inline constexpr EnumTable kImadspCType = detail::table("", kImadspCType_values);

}  // namespace tmu::isa::sm50
