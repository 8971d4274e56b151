// SPDX-License-Identifier: MIT
// The SM50 instruction enumeration, generated from ops.inc.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace tmu::isa::sm50 {

enum class Op : uint16_t {
#define OP(name, mnemonic) name,
#include "isa/sm50/ops.inc"
#undef OP
};

inline constexpr std::array kOpNames{
#define OP(name, mnemonic) std::string_view{mnemonic},
#include "isa/sm50/ops.inc"
#undef OP
};

inline constexpr std::size_t kNumOps = kOpNames.size();

constexpr std::string_view op_name(Op op) { return kOpNames[static_cast<std::size_t>(op)]; }

}  // namespace tmu::isa::sm50
