// SPDX-License-Identifier: MIT
// PTX's fundamental types and state spaces (PTX ISA "Fundamental Types", "State Spaces"), with their spellings.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace tmu::ptx {

enum class Type : uint8_t {
  B8, B16, B32, B64, B128, U8, U16, U32, U64, S8, S16, S32, S64, F16, F16x2, BF16, BF16x2, F32, F64, Pred,
};

enum class Kind : uint8_t { Bits, Unsigned, Signed, Float, Pred };

// ".u32" -> U32 (the dot included); nullopt for other text.
std::optional<Type> parse_type(std::string_view directive);
std::string_view name(Type t);  // ".u32"
unsigned bit_size(Type t);      // .pred: 1
Kind kind(Type t);

enum class Space : uint8_t { Reg, Param, Global, Shared, Const, Local, Tex };
std::optional<Space> parse_space(std::string_view directive);  // ".global" -> Global
std::string_view name(Space s);

}  // namespace tmu::ptx
