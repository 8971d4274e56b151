// SPDX-License-Identifier: MIT
// The compiled syntax of every row, computed when tmu is built.
#pragma once

#include <array>

#include "isa/sm50/syntax.h"
#include "isa/sm50/table.h"

namespace tmu::isa::sm50 {

inline constexpr auto kSyntax = [] {
  std::array<Syntax, kForms.size()> out{};
  for (std::size_t i = 0; i < kForms.size(); ++i) out[i] = compile_syntax(kForms[i].syntax, kForms[i].format);
  return out;
}();

constexpr const Syntax& syntax_of(const Form& f) { return kSyntax[form_index(f)]; }

// TEXS/TLDS compact write masks [50..52]: one table when the second destination is RZ, another when it is not.
inline constexpr std::array<std::string_view, 8> kShortMaskOne{"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
inline constexpr std::array<std::string_view, 8> kShortMaskTwo{"RGB",      "RGA",      "RBA",     "GBA",
                                                               "RGBA",     "INVALID5", "INVALID6", "INVALID7"};

inline constexpr std::array<std::string_view, 4> kPhaseNames{"", ".T", ".P", ".INVALIDPHASE3"};

}  // namespace tmu::isa::sm50
