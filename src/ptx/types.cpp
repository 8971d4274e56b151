// SPDX-License-Identifier: MIT
#include "ptx/types.h"

#include <array>

namespace tmu::ptx {
namespace {

struct TypeRow {
  Type type;
  std::string_view name;
  unsigned bits;
  Kind kind;
};
constexpr std::array<TypeRow, 20> kTypes{{
    {Type::B8, ".b8", 8, Kind::Bits},         {Type::B16, ".b16", 16, Kind::Bits},
    {Type::B32, ".b32", 32, Kind::Bits},      {Type::B64, ".b64", 64, Kind::Bits},
    {Type::B128, ".b128", 128, Kind::Bits},   {Type::U8, ".u8", 8, Kind::Unsigned},
    {Type::U16, ".u16", 16, Kind::Unsigned},  {Type::U32, ".u32", 32, Kind::Unsigned},
    {Type::U64, ".u64", 64, Kind::Unsigned},  {Type::S8, ".s8", 8, Kind::Signed},
    {Type::S16, ".s16", 16, Kind::Signed},    {Type::S32, ".s32", 32, Kind::Signed},
    {Type::S64, ".s64", 64, Kind::Signed},    {Type::F16, ".f16", 16, Kind::Float},
    {Type::F16x2, ".f16x2", 32, Kind::Float}, {Type::BF16, ".bf16", 16, Kind::Float},
    {Type::BF16x2, ".bf16x2", 32, Kind::Float}, {Type::F32, ".f32", 32, Kind::Float},
    {Type::F64, ".f64", 64, Kind::Float},     {Type::Pred, ".pred", 1, Kind::Pred},
}};

constexpr std::array<std::string_view, 7> kSpaces{".reg", ".param", ".global", ".shared", ".const", ".local", ".tex"};

}  // namespace

std::optional<Type> parse_type(std::string_view directive) {
  for (const TypeRow& r : kTypes)
    if (r.name == directive) return r.type;
  return std::nullopt;
}
std::string_view name(Type t) { return kTypes[static_cast<size_t>(t)].name; }
unsigned bit_size(Type t) { return kTypes[static_cast<size_t>(t)].bits; }
Kind kind(Type t) { return kTypes[static_cast<size_t>(t)].kind; }

std::optional<Space> parse_space(std::string_view directive) {
  for (size_t i = 0; i < kSpaces.size(); ++i)
    if (kSpaces[i] == directive) return static_cast<Space>(i);
  return std::nullopt;
}
std::string_view name(Space s) { return kSpaces[static_cast<size_t>(s)]; }

}  // namespace tmu::ptx
