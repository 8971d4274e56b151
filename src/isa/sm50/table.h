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
#include "isa/sm50/half_rows.h"
#include "isa/sm50/int_alu_rows.h"
#include "isa/sm50/memory_rows.h"
#include "isa/sm50/surface_rows.h"
#include "isa/sm50/video_rows.h"
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
                                             conv_move_rows::kRows, memory_rows::kRows, surface_rows::kRows,
                                             video_rows::kRows, half_rows::kRows, branch_rows::kRows);

constexpr std::span<const Form> forms() { return kForms; }
constexpr std::size_t form_index(const Form& f) { return static_cast<std::size_t>(&f - kForms.data()); }

// Every row's fixed bits, parsed when tmu is built.
inline constexpr auto kPatterns = [] {
  std::array<Pattern, kForms.size()> out{};
  for (std::size_t i = 0; i < kForms.size(); ++i) out[i] = kForms[i].bits();
  return out;
}();

constexpr const Pattern& pattern_of(const Form& f) { return kPatterns[form_index(f)]; }

// The _RC rows: their [39..46] register is printed as the second source and the constant bank as the third.
inline constexpr auto kRcRows = [] {
  std::array<bool, kForms.size()> out{};
  for (std::size_t i = 0; i < kForms.size(); ++i) out[i] = kForms[i].opclass.ends_with("_RC");
  return out;
}();

// Every row's operand positions: kSlots[row][operand] is where Form::slot() finds the operand in the row's format
// (its first field), or -1. Typed access to decoded instructions looks it up here instead of searching.
inline constexpr auto kSlots = [] {
  std::array<std::array<int8_t, kNumOpds>, kForms.size()> out{};
  for (auto& row : out) row.fill(-1);
  for (std::size_t f = 0; f < kForms.size(); ++f)
    for (std::size_t i = kForms[f].format.size(); i-- > 0;)  // backwards: the first field of an operand wins
      out[f][static_cast<std::size_t>(field(kForms[f].format[i]).opd)] = static_cast<int8_t>(i);
  return out;
}();

}  // namespace tmu::isa::sm50
