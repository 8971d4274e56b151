// SPDX-License-Identifier: MIT
// Operand names (Opd), their kinds and C++ value types, generated from operands.inc.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "isa/sm50/spellings.h"
#include "isa/sm50/types.h"

namespace tmu::isa::sm50 {

enum class Kind : uint8_t { Gpr, Pred, Enum, UImm, SImm };

enum class Opd : uint16_t {
#define OPERAND(name, kind, type, table) name,
#include "isa/sm50/operands.inc"
#undef OPERAND
};

inline constexpr std::size_t kNumOpds = 0
#define OPERAND(name, kind, type, table) +1
#include "isa/sm50/operands.inc"
#undef OPERAND
    ;

struct OpdInfo {
  std::string_view name;
  Kind kind;
  const EnumTable* table;
  bool has_table;  // known without comparing pointers, which GCC's UBSan build cannot do in constant expressions
};

namespace detail {
constexpr bool is_table(std::nullptr_t) { return false; }
constexpr bool is_table(const EnumTable*) { return true; }
}  // namespace detail

inline constexpr std::array<OpdInfo, kNumOpds> kOpdInfo{{
#define OPERAND(name, kind, type, table) OpdInfo{#name, Kind::kind, table, detail::is_table(table)},
#include "isa/sm50/operands.inc"
#undef OPERAND
}};

constexpr const OpdInfo& info(Opd o) { return kOpdInfo[static_cast<std::size_t>(o)]; }

// Opd looked up by name, for the syntax templates. Returns kNumOpds when unknown.
constexpr std::size_t find_opd(std::string_view name) {
  for (std::size_t i = 0; i < kNumOpds; ++i)
    if (kOpdInfo[i].name == name) return i;
  return kNumOpds;
}

// The C++ type of each operand: OpdType<Opd::lod> is LodMode.
template <Opd O>
struct OpdTraits;
#define OPERAND(name, kind, type, table) \
  template <>                            \
  struct OpdTraits<Opd::name> {          \
    using Type = type;                   \
  };
#include "isa/sm50/operands.inc"
#undef OPERAND
template <Opd O>
using OpdType = typename OpdTraits<O>::Type;

// Converts a raw field value into the operand's type and back.
template <typename T>
constexpr T from_field(uint32_t v) {
  if constexpr (std::is_same_v<T, Reg>) return Reg{static_cast<uint8_t>(v)};
  else if constexpr (std::is_same_v<T, Pred>) return Pred{static_cast<uint8_t>(v)};
  else if constexpr (std::is_same_v<T, bool>) return v != 0;
  else return static_cast<T>(v);
}
template <typename T>
constexpr uint32_t to_field(T v) {
  if constexpr (std::is_same_v<T, Reg> || std::is_same_v<T, Pred>) return v.index;
  else return static_cast<uint32_t>(v);
}

// The value an omitted operand has: RZ, PT, or zero.
constexpr uint32_t default_value(Kind k) {
  return k == Kind::Gpr ? Reg::kRZ : k == Kind::Pred ? Pred::kPT : 0;
}

}  // namespace tmu::isa::sm50
