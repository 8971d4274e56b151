// SPDX-License-Identifier: MIT
// Texture family and IPA: operand value types and how nvdisasm spells them (seeds 000-002; reference
// sm50-encodings.md sections 4 and 8).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "common/texture_vocab.h"
#include "isa/sm50/spelling.h"

namespace tmu::isa::sm50 {

// The coordinate description (#paramA), TLD4's component and TXQ's query are fields whose values are the shared
// vocabulary's (common/texture_vocab.h): tex::Dim, tex::Component and tex::Query are their operand types.

// TEX/TEX.B LOD adjust mode (seed 000 ".lod"). Values 4 and 5 have no meaning; nvdisasm prints INVALIDBLOD4/5.
enum class LodMode : uint8_t { None, LZ, LB, LL, Invalid4, Invalid5, LBA, LLA };

// TLD's LOD mode: level zero or absolute integer LOD (seed 001).
enum class TldLod : uint8_t { LZ, LL };

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
TMU_FLAG(kFlagWAIT, ".WAIT")

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

// TLD4's component and TXQ's named queries, by the vocabulary's enumerators (their values are the fields').
namespace detail {
constexpr std::size_t field_value(auto e) { return static_cast<std::size_t>(e); }
template <typename E, std::size_t M>
using Names = std::array<std::pair<E, std::string_view>, M>;
template <std::size_t N, typename E, std::size_t M>
constexpr std::array<Spelling, N> with_names(std::array<Spelling, N> t, const Names<E, M>& names) {
  for (const auto& [e, name] : names) t[field_value(e)] = Spelling{name};
  return t;
}
inline constexpr Names<tex::Component, 4> kComponentNames{
    {{tex::Component::R, ".R"}, {tex::Component::G, ".G"}, {tex::Component::B, ".B"}, {tex::Component::A, ".A"}}};
inline constexpr Names<tex::Query, 7> kQueryNames{{
    {tex::Query::Dimension, "TEX_HEADER_DIMENSION"},
    {tex::Query::TextureType, "TEX_HEADER_TEXTURE_TYPE"},
    {tex::Query::SamplerPos, "TEX_HEADER_SAMPLER_POS"},
    {tex::Query::Filter, "TEX_SAMPLER_FILTER"},
    {tex::Query::Lod, "TEX_SAMPLER_LOD"},
    {tex::Query::Wrap, "TEX_SAMPLER_WRAP"},
    {tex::Query::BorderColor, "TEX_SAMPLER_BORDER_COLOR"},
}};
}  // namespace detail

inline constexpr std::array<Spelling, 4> kComponent_values =
    detail::with_names(std::array<Spelling, 4>{}, detail::kComponentNames);
static_assert(!kComponent_values[0].text.empty() && !kComponent_values[1].text.empty() &&
              !kComponent_values[2].text.empty() && !kComponent_values[3].text.empty());
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
  return with_names(t, kQueryNames);
}
}  // namespace detail
inline constexpr std::array<Spelling, 64> kTxqQuery_values = detail::txq_queries();
inline constexpr EnumTable kTxqQuery = detail::table("TXQModeDim", kTxqQuery_values);

// ---- The encodings and the shared vocabulary ----------------------------------------------------------------

// What each .lod encoding asks of the unit (seed 000 .lod); 4 and 5 are undefined.
inline constexpr std::array<std::optional<tex::LodMode>, 8> kLodModeMeaning{
    tex::LodMode::Implicit, tex::LodMode::Zero, tex::LodMode::Bias,         tex::LodMode::Lod,
    std::nullopt,           std::nullopt,       tex::LodMode::BiasAveraged, tex::LodMode::LodAveraged};
// TLD's .lod (seed 001).
inline constexpr std::array<tex::LodMode, 2> kTldLodMeaning{tex::LodMode::Zero, tex::LodMode::Lod};

// The unit's LOD mode of an encoding; nullopt for INVALIDBLOD4/5.
constexpr std::optional<tex::LodMode> lod_mode(LodMode m) { return kLodModeMeaning[static_cast<std::size_t>(m)]; }
constexpr tex::LodMode lod_mode(TldLod m) { return kTldLodMeaning[static_cast<std::size_t>(m)]; }

// The encoding of a unit LOD mode: TEX's .lod has every mode (checked below), TLD's only Zero and Lod.
constexpr LodMode lod_encoding(tex::LodMode m) {
  for (std::size_t e = 0; e < kLodModeMeaning.size(); ++e)
    if (kLodModeMeaning[e] == m) return static_cast<LodMode>(e);
  return LodMode::Invalid4;
}
constexpr std::optional<TldLod> tld_lod_encoding(tex::LodMode m) {
  for (std::size_t e = 0; e < kTldLodMeaning.size(); ++e)
    if (kTldLodMeaning[e] == m) return static_cast<TldLod>(e);
  return std::nullopt;
}

namespace detail {
// Each unit LOD mode has one TEX encoding, which means it; the undefined encodings are the ones nvdisasm prints
// as invalid; TLD spells each of its modes as TEX spells that mode.
constexpr bool lod_modes_correspond() {
  for (unsigned i = 0; i < tex::kNumLodModes; ++i) {
    const auto m = static_cast<tex::LodMode>(i);
    if (lod_mode(lod_encoding(m)) != m) return false;
  }
  for (std::size_t e = 0; e < kLodModeMeaning.size(); ++e) {
    if (kLodModeMeaning[e].has_value() == kLodMode_values[e].text.starts_with(".INVALID")) return false;
    if (kLodModeMeaning[e] && field_value(lod_encoding(*kLodModeMeaning[e])) != e) return false;
  }
  for (std::size_t e = 0; e < kTldLodMeaning.size(); ++e) {
    if (tld_lod_encoding(kTldLodMeaning[e]) != static_cast<TldLod>(e)) return false;
    if (kTldLod_values[e].text != kLodMode_values[field_value(lod_encoding(kTldLodMeaning[e]))].text) return false;
  }
  return true;
}

// #paramA: the vocabulary's array bit, cube maps and coordinate counts are what nvdisasm's names say.
constexpr bool dims_correspond() {
  if (kTexDim_values.size() != 8) return false;
  for (std::size_t i = 0; i < kTexDim_values.size(); ++i) {
    const auto d = static_cast<tex::Dim>(i);
    const std::string_view s = kTexDim_values[i].text;
    if (tex::is_array(d) != s.starts_with("ARRAY_") || tex::is_cube(d) != s.ends_with("CUBE")) return false;
    if (!tex::is_cube(d) && static_cast<unsigned>(s[s.size() - 2] - '0') != tex::coordinate_count(d)) return false;
  }
  return true;
}

}  // namespace detail

static_assert(detail::lod_modes_correspond());
static_assert(detail::dims_correspond());

inline constexpr std::array<Spelling, 4> kIpaMode_values{Spelling{".PASS"}, Spelling{"", {}, ".MUL"},
                                                         Spelling{".CONSTANT"}, Spelling{".SC"}};
inline constexpr EnumTable kIpaMode = detail::table("", kIpaMode_values);

inline constexpr std::array<Spelling, 4> kIpaSample_values{Spelling{"", {}, ".CENTER"}, Spelling{".CENTROID"},
                                                           Spelling{".OFFSET"}, Spelling{".INVALID"}};
inline constexpr EnumTable kIpaSample = detail::table("", kIpaSample_values);

}  // namespace tmu::isa::sm50
