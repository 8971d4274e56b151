// SPDX-License-Identifier: MIT
// ALU opcodes: the enum and each opcode's signature, generated from alu_ops.inc.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ir/vocab.h"

namespace tmu::ir {

enum class AluOp : uint16_t {
#define TMU_ALU(name, ...) name,
#include "ir/alu_ops.inc"
#undef TMU_ALU
};

inline constexpr unsigned kMaxAluInputs = 16;  // vec16

struct AluOpInfo {
  std::string_view name;
  uint8_t output_size;  // 0: per component
  AluType output_type;
  uint8_t num_inputs;
  std::array<uint8_t, kMaxAluInputs> input_size;  // 0: per component
  std::array<AluType, kMaxAluInputs> input_type;
};
// vec2 .. vec16: one scalar per component.
constexpr bool is_vec(AluOp op);

constexpr bool is_vec(AluOp op) {
  return op == AluOp::vec2 || op == AluOp::vec3 || op == AluOp::vec4 || op == AluOp::vec5 || op == AluOp::vec8 ||
         op == AluOp::vec16;
}

const AluOpInfo& info(AluOp op);
std::optional<AluOp> parse_alu_op(std::string_view name);
inline std::string_view name(AluOp op) { return info(op).name; }

}  // namespace tmu::ir
