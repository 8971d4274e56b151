// SPDX-License-Identifier: MIT
// PTX's tokens (PTX ISA "Syntax": identifiers, directives, constants, comments). Every token keeps the line and
// column (bytes, from 1) where it starts, so that every later error can say where.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"

namespace tmu::ptx {

struct Loc {
  uint32_t line = 0;
  uint32_t col = 0;
  friend bool operator==(Loc, Loc) = default;
};

enum class TokenKind : uint8_t {
  Ident,      // foo, %r1, $L__BB0_1, _Z3fooPf, %tid; a lone "_" is the sink
  Directive,  // .reg, .v4, .2d, .f32: a dot and identifier characters (a digit may follow the dot)
  Int,        // 42, 0x2a, 052, 0b101010, 42U: value in int_value
  Float,      // 1.5, 1e-3, 0f3F800000 (fp32 bits), 0d3FF0000000000000 (fp64 bits): value in float_bits
  String,     // "..." without the quotes
  Punct,      // one of , ; : { } [ ] ( ) < > = + - ! | @
  End,
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;  // as written (a string: its contents)
  Loc loc;
  bool spaced = true;      // whitespace or a comment precedes it (`%tid.x` vs `%tid .x`)
  uint64_t int_value = 0;  // Int
  // Float: the bits of the value. A decimal literal and 0d are fp64 bits; 0f is fp32 bits, marked by is_f32.
  uint64_t float_bits = 0;
  bool is_f32 = false;
};

// The whole text as tokens ending with End, or "FILE:LINE:COL: what was wrong" (unterminated comment or string,
// a character PTX does not use, a malformed or too large constant).
Result<std::vector<Token>> lex(std::string_view text, std::string_view file_name);

}  // namespace tmu::ptx
