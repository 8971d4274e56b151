// SPDX-License-Identifier: MIT
// Spelling tables: how nvdisasm writes each value of an enumerated field.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace tmu::isa::sm50 {

struct Spelling {
  std::string_view text;        // how nvdisasm prints the value; "" prints nothing (a default modifier)
  std::string_view column2 {};  // second column of two-column tables (TEXS/TLDS: the texture type)
  std::string_view alias {};    // also accepted by the assembler (".MUL" for IPA's default mode)
  bool rejected = false;        // nvdisasm refuses the encoding
};

struct EnumTable {
  std::string_view name;              // nvdisasm's table name for "undefined value" errors; "" = generic error
  std::span<const Spelling> values;   // indexed by field value; values past the end are rejected

  constexpr const Spelling* find(uint32_t v) const {
    return v < values.size() && !values[v].rejected ? &values[v] : nullptr;
  }
};

inline constexpr Spelling kRejected{"", {}, {}, true};

namespace detail {
template <std::size_t N>
constexpr EnumTable table(std::string_view name, const std::array<Spelling, N>& values) {
  return EnumTable{name, std::span<const Spelling>(values)};
}
}  // namespace detail

// A one-bit flag: value 0 prints nothing, value 1 prints the modifier.
#define TMU_FLAG(var, text)                                                               \
  inline constexpr std::array<Spelling, 2> var##_values{Spelling{""}, Spelling{text}}; \
  inline constexpr EnumTable var = detail::table("", var##_values);

// Decimal spellings "0".."N-1", for tables that print some values as plain numbers (TXQ's query field).
template <std::size_t N>
struct DecimalNames {
  std::array<std::array<char, 4>, N> storage{};
  constexpr DecimalNames() {
    for (std::size_t i = 0; i < N; ++i) {
      std::size_t v = i, n = 0;
      char tmp[4]{};
      do {
        tmp[n++] = static_cast<char>('0' + v % 10);
        v /= 10;
      } while (v != 0);
      for (std::size_t k = 0; k < n; ++k) storage[i][k] = tmp[n - 1 - k];
    }
  }
  constexpr std::string_view operator[](std::size_t i) const {
    std::size_t n = 0;
    while (n < 4 && storage[i][n] != 0) ++n;
    return {storage[i].data(), n};
  }
};

}  // namespace tmu::isa::sm50
