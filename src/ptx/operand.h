// SPDX-License-Identifier: MIT
// An instruction's operand as written (PTX ISA "Instruction Operands"): a register or symbol, a constant, a
// vector, an address, a texture operand, a destination pair or a call's parenthesized list.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ptx/lexer.h"

namespace tmu::ptx {

struct Operand {
  enum class Kind : uint8_t {
    Name,     // %r1, tex0, $L__BB0_2, %tid.x (component set), !%p1 (negated set)
    Int,      // 42, -1: int_value holds the two's-complement bits
    Float,    // 1.0, 0f3F800000: float_bits (fp64 bits, or fp32 bits when is_f32)
    Sink,     // _
    Vector,   // {a, b, c, d}: elems
    Address,  // [name], [name+8], [%rd1-4], [0x100]: name (empty for an absolute address) and offset
    Bracket,  // [t, {x, y}], [t, s, {x}]: the comma-separated elements of a texture operand
    Pair,     // d|p: elems[0] and elems[1]
    Paren,    // (a, b) in call: elems
  };
  Kind kind = Kind::Name;
  Loc loc;
  std::string name;
  char component = 0;  // 'x', 'y', 'z', 'w' (or 'r', 'g', 'b', 'a') after a name; 0 for none
  bool negated = false;
  uint64_t int_value = 0;
  uint64_t float_bits = 0;
  bool is_f32 = false;
  bool hex_float = false;  // written as 0f... / 0d... (raw bits: .b32 / .b64 operands take them too)
  int64_t offset = 0;
  std::vector<Operand> elems;

  bool is_name() const { return kind == Kind::Name; }
  bool is_scalar() const { return kind == Kind::Name || kind == Kind::Int || kind == Kind::Float; }
};

}  // namespace tmu::ptx
