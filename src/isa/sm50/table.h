// SPDX-License-Identifier: MIT
// THE SM50/SM52 instruction table: the rows of every family, concatenated. Decoder, encoder, printer, parser
// and the executor's dispatch are all driven by it.
#pragma once

#include <array>
#include <span>

#include "isa/sm50/form.h"
#include "isa/sm50/branch_rows.h"
#include "isa/sm50/conv_move_rows.h"
#include "isa/sm50/float_alu_rows.h"
#include "isa/sm50/int_alu_rows.h"
#include "isa/sm50/memory_rows.h"
#include "isa/sm50/texture_rows.h"

namespace tmu::isa::sm50 {

namespace detail {
template <std::size_t... N>
constexpr auto concat(const std::array<Form, N>&... parts) {
  std::array<Form, (N + ...)> out{};
  std::size_t i = 0;
  ((std::copy(parts.begin(), parts.end(), out.begin() + static_cast<std::ptrdiff_t>(i)), i += N), ...);
  return out;
}
}  // namespace detail

inline constexpr auto kForms = detail::concat(texture_rows::kRows, float_alu_rows::kRows, int_alu_rows::kRows,
                                             conv_move_rows::kRows, memory_rows::kRows, branch_rows::kRows);

constexpr std::span<const Form> forms() { return kForms; }
constexpr std::size_t form_index(const Form& f) { return static_cast<std::size_t>(&f - kForms.data()); }

// Every row's fixed bits, parsed when tmu is built.
inline constexpr auto kPatterns = [] {
  std::array<Pattern, kForms.size()> out{};
  for (std::size_t i = 0; i < kForms.size(); ++i) out[i] = kForms[i].bits();
  return out;
}();

constexpr const Pattern& pattern_of(const Form& f) { return kPatterns[form_index(f)]; }

}  // namespace tmu::isa::sm50
