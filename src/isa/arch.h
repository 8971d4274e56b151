// SPDX-License-Identifier: MIT
// The Maxwell architectures tmu models. SM52 (GM20x) adds the sparse-texture forms (Ps, .LC) and the .F16
// short forms that SM50 (GM107) rejects.
#pragma once

#include <optional>
#include <string_view>

namespace tmu::isa {

enum class Arch : unsigned char { SM50 = 50, SM52 = 52 };

constexpr std::string_view arch_name(Arch a) { return a == Arch::SM50 ? "SM50" : "SM52"; }

// Accepts "SM50", "sm50", "sm_50", "50" (and the same for 52).
std::optional<Arch> parse_arch(std::string_view text);

}  // namespace tmu::isa
