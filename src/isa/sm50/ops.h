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

// Sized explicitly: clang deduces std::array's size through a fold expression limited to 256 arguments.
inline constexpr std::size_t kNumOps = 0
#define OP(name, mnemonic) +1
#include "isa/sm50/ops.inc"
#undef OP
    ;

inline constexpr std::array<std::string_view, kNumOps> kOpNames{
#define OP(name, mnemonic) std::string_view{mnemonic},
#include "isa/sm50/ops.inc"
#undef OP
};

constexpr std::string_view op_name(Op op) { return kOpNames[static_cast<std::size_t>(op)]; }

}  // namespace tmu::isa::sm50
