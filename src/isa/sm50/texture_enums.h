// SPDX-License-Identifier: MIT
// Texture family and IPA: operand value types and how nvdisasm spells them (seeds 000-002; reference
// sm50-encodings.md sections 4 and 8).
#pragma once

#include <array>
#include <cstdint>

#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// Texture coordinate description (#paramA of seeds 000/001). Bit 0 is "array"; bits 1..2 the dimensionality.
enum class TexDim : uint8_t { Tex1D, Array1D, Tex2D, Array2D, Tex3D, Array3D, Cube, ArrayCube };

// TEX/TEX.B LOD adjust mode (seed 000 ".lod"). Values 4 and 5 have no meaning; nvdisasm prints INVALIDBLOD4/5.
enum class LodMode : uint8_t { None, LZ, LB, LL, Invalid4, Invalid5, LBA, LLA };

// TLD's LOD mode: level zero or absolute integer LOD (seed 001).
enum class TldLod : uint8_t { LZ, LL };

// TLD4 / TLD4S gathered component.
enum class Component : uint8_t { R, G, B, A };

// TLD4 offset mode: none, one AOFFI offset word, or per-texel offsets (PTP, two registers).
enum class GatherOffset : uint8_t { None, AOFFI, PTP, Invalid3 };

// IPA interpolation mode (seed 002 ".mode").
enum class IpaMode : uint8_t { Pass, Mul, Constant, SC };

// IPA sample location (seed 002 ".msi").
enum class IpaSample : uint8_t { Center, Centroid, Offset, Invalid };

// The .T/.P texture-hash phase that lives in the control word's reuse bits of texture instructions (seed 000).
enum class Phase : uint8_t { None, T, P, Invalid3 };


TMU_FLAG(kFlagNDV, ".NDV")
TMU_FLAG(kFlagNODEP, ".NODEP")
TMU_FLAG(kFlagDC, ".DC")
TMU_FLAG(kFlagAOFFI, ".AOFFI")
TMU_FLAG(kFlagLC, ".LC")
TMU_FLAG(kFlagMS, ".MS")
TMU_FLAG(kFlagCL, ".CL")
TMU_FLAG(kFlagF16, ".F16")
TMU_FLAG(kFlagIDX, ".IDX")
TMU_FLAG(kFlagSAT, ".SAT")

inline constexpr std::array<Spelling, 8> kTexDim_values{
    Spelling{"1D"}, Spelling{"ARRAY_1D"}, Spelling{"2D"},   Spelling{"ARRAY_2D"},
    Spelling{"3D"}, Spelling{"ARRAY_3D"}, Spelling{"CUBE"}, Spelling{"ARRAY_CUBE"}};
inline constexpr EnumTable kTexDim = detail::table("", kTexDim_values);

inline constexpr std::array<Spelling, 8> kLodMode_values{
    Spelling{""},              Spelling{".LZ"},           Spelling{".LB"},  Spelling{".LL"},
    Spelling{".INVALIDBLOD4"}, Spelling{".INVALIDBLOD5"}, Spelling{".LBA"}, Spelling{".LLA"}};
inline constexpr EnumTable kLodMode = detail::table("", kLodMode_values);

inline constexpr std::array<Spelling, 2> kTldLod_values{Spelling{".LZ"}, Spelling{".LL"}};
inline constexpr EnumTable kTldLod = detail::table("", kTldLod_values);

inline constexpr std::array<Spelling, 4> kComponent_values{Spelling{".R"}, Spelling{".G"}, Spelling{".B"},
                                                           Spelling{".A"}};
inline constexpr EnumTable kComponent = detail::table("", kComponent_values);

inline constexpr std::array<Spelling, 4> kGatherOffset_values{Spelling{""}, Spelling{".AOFFI"}, Spelling{".PTP"},
                                                              Spelling{".INVALIDBTOFF03"}};
inline constexpr EnumTable kGatherOffset = detail::table("", kGatherOffset_values);

// TEXS [53..56]: modifiers and texture type together; 14 and 15 are undefined.
inline constexpr std::array<Spelling, 16> kTexsEncoding_values{
    Spelling{".LZ", "1D"},       Spelling{"", "2D"},           Spelling{".LZ", "2D"},     Spelling{".LL", "2D"},
    Spelling{".DC", "2D"},       Spelling{".LL.DC", "2D"},     Spelling{".LZ.DC", "2D"},  Spelling{"", "ARRAY_2D"},
    Spelling{".LZ", "ARRAY_2D"}, Spelling{".LZ.DC", "ARRAY_2D"}, Spelling{"", "3D"},      Spelling{".LZ", "3D"},
    Spelling{"", "CUBE"},        Spelling{".LL", "CUBE"},      kRejected,                 kRejected};
inline constexpr EnumTable kTexsEncoding = detail::table("Tex2D4", kTexsEncoding_values);

// TLDS [53..56].
inline constexpr std::array<Spelling, 16> kTldsEncoding_values{
    Spelling{".LZ", "1D"},  Spelling{".LL", "1D"},       Spelling{".LZ", "2D"},    kRejected,
    Spelling{".LZ.AOFFI", "2D"}, Spelling{".LL", "2D"},  Spelling{".LZ.MS", "2D"}, Spelling{".LZ", "3D"},
    Spelling{".LZ", "ARRAY_2D"}, kRejected,              kRejected,                kRejected,
    Spelling{".LL.AOFFI", "2D"}, kRejected,              kRejected,                kRejected};
inline constexpr EnumTable kTldsEncoding = detail::table("Tld2D4", kTldsEncoding_values);

// TXQ [22..27]: named queries; other even values except 0 and 4 print as value/2 in decimal; the rest are
// undefined.
namespace detail {
inline constexpr DecimalNames<32> kDecimal32{};
constexpr std::array<Spelling, 64> txq_queries() {
  std::array<Spelling, 64> t{};
  for (std::size_t v = 0; v < 64; ++v) t[v] = (v % 2 == 0 && v != 0 && v != 4) ? Spelling{kDecimal32[v / 2]} : kRejected;
  t[1] = Spelling{"TEX_HEADER_DIMENSION"};
  t[2] = Spelling{"TEX_HEADER_TEXTURE_TYPE"};
  t[5] = Spelling{"TEX_HEADER_SAMPLER_POS"};
  t[16] = Spelling{"TEX_SAMPLER_FILTER"};
  t[18] = Spelling{"TEX_SAMPLER_LOD"};
  t[20] = Spelling{"TEX_SAMPLER_WRAP"};
  t[22] = Spelling{"TEX_SAMPLER_BORDER_COLOR"};
  return t;
}
}  // namespace detail
inline constexpr std::array<Spelling, 64> kTxqQuery_values = detail::txq_queries();
inline constexpr EnumTable kTxqQuery = detail::table("TXQModeDim", kTxqQuery_values);

inline constexpr std::array<Spelling, 4> kIpaMode_values{Spelling{".PASS"}, Spelling{"", {}, ".MUL"},
                                                         Spelling{".CONSTANT"}, Spelling{".SC"}};
inline constexpr EnumTable kIpaMode = detail::table("", kIpaMode_values);

inline constexpr std::array<Spelling, 4> kIpaSample_values{Spelling{"", {}, ".CENTER"}, Spelling{".CENTROID"},
                                                           Spelling{".OFFSET"}, Spelling{".INVALID"}};
inline constexpr EnumTable kIpaSample = detail::table("", kIpaSample_values);

}  // namespace tmu::isa::sm50
