// SPDX-License-Identifier: MIT
#include "ir/alu_ops.h"

#include <unordered_map>
#include <string>

namespace tmu::ir {
namespace {

constexpr AluType X{};
constexpr AluType F = kFloat, I = kInt, U = kUint, B = kBool, B1 = kBool1, F32 = kFloat32, F16 = kFloat16,
                  I32 = kInt32, U32 = kUint32;
constexpr AluType B32{BaseType::Bool, 32}, I16{BaseType::Int, 16}, U16{BaseType::Uint, 16}, I8{BaseType::Int, 8},
    U8{BaseType::Uint, 8}, F64{BaseType::Float, 64}, I64{BaseType::Int, 64}, U64{BaseType::Uint, 64};

constexpr auto kInfo = [] {
  std::array kRows{
#define TMU_ALU(nm, osize, otype, n, s0, t0, s1, t1, s2, t2, s3, t3) \
  AluOpInfo{#nm, osize, otype, n, {s0, s1, s2, s3}, {t0, t1, t2, t3}},
#include "ir/alu_ops.inc"
#undef TMU_ALU
  };
  // vecN: every input a scalar, the rows name the first four.
  for (std::size_t i = 0; i < kRows.size(); ++i) {
    if (!is_vec(static_cast<AluOp>(i))) continue;
    for (unsigned k = 4; k < kRows[i].num_inputs; ++k) {
      kRows[i].input_size[k] = 1;
      kRows[i].input_type[k] = U;
    }
  }
  return kRows;
}();

// Every row's unused input slots are empty and its used ones typed.
constexpr bool rows_consistent() {
  for (const AluOpInfo& r : kInfo) {
    for (unsigned i = 0; i < kMaxAluInputs; ++i) {
      const bool used = i < r.num_inputs;
      if (used != (r.input_type[i].base != BaseType::Invalid)) return false;
    }
  }
  return true;
}
static_assert(rows_consistent(), "alu_ops.inc: num_inputs disagrees with the typed inputs");

}  // namespace

const AluOpInfo& info(AluOp op) { return kInfo[static_cast<std::size_t>(op)]; }

std::optional<AluOp> parse_alu_op(std::string_view name) {
  static const auto* map = [] {
    auto* m = new std::unordered_map<std::string_view, AluOp>;
    for (std::size_t i = 0; i < std::size(kInfo); ++i) m->emplace(kInfo[i].name, static_cast<AluOp>(i));
    return m;
  }();
  auto it = map->find(name);
  if (it == map->end()) return std::nullopt;
  return it->second;
}

}  // namespace tmu::ir
