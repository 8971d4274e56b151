// SPDX-License-Identifier: MIT
// Field dictionary types, generated from fields.inc.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "common/bits.h"
#include "isa/arch.h"
#include "isa/sm50/operands.h"

namespace tmu::isa::sm50 {

struct BitRange {
  uint8_t lo = 0;
  uint8_t width = 0;
  constexpr uint64_t mask() const { return low_mask(width) << lo; }
};

struct Field {
  std::string_view name;
  Opd opd;
  std::array<BitRange, 2> parts;  // concatenated least significant part first
  Arch since = Arch::SM50;
  uint32_t absent = 0;  // the only value allowed before `since`

  constexpr unsigned width() const { return unsigned{parts[0].width} + parts[1].width; }
  constexpr uint64_t mask() const { return parts[0].mask() | parts[1].mask(); }
  constexpr uint32_t extract(uint64_t word) const {
    uint64_t v = extract_bits(word, parts[0].lo, parts[0].width);
    if (parts[1].width) v |= extract_bits(word, parts[1].lo, parts[1].width) << parts[0].width;
    return static_cast<uint32_t>(v);
  }
  constexpr uint64_t insert(uint64_t word, uint32_t v) const {
    word = insert_bits(word, parts[0].lo, parts[0].width, v);
    if (parts[1].width) word = insert_bits(word, parts[1].lo, parts[1].width, uint64_t{v} >> parts[0].width);
    return word;
  }
  constexpr bool fits(uint32_t v) const { return width() >= 32 || v <= low_mask(width()); }
};

enum class F : uint16_t {
#define FIELD(id, opd, lo, width) id,
#define FIELD2(id, opd, lo, width, lo2, width2) id,
#define FIELD_SINCE(id, opd, lo, width, arch, absent) id,
#include "isa/sm50/fields.inc"
#undef FIELD
#undef FIELD2
#undef FIELD_SINCE
};

// Sized explicitly: clang deduces std::array's size through a fold expression limited to 256 arguments.
inline constexpr std::size_t kNumFields = 0
#define FIELD(id, opd, lo, width) +1
#define FIELD2(id, opd, lo, width, lo2, width2) +1
#define FIELD_SINCE(id, opd, lo, width, arch, absent) +1
#include "isa/sm50/fields.inc"
#undef FIELD
#undef FIELD2
#undef FIELD_SINCE
    ;

inline constexpr std::array<Field, kNumFields> kFields{
#define FIELD(id, opd, lo, width) Field{#id, Opd::opd, {{{lo, width}, {}}}},
#define FIELD2(id, opd, lo, width, lo2, width2) Field{#id, Opd::opd, {{{lo, width}, {lo2, width2}}}},
#define FIELD_SINCE(id, opd, lo, width, arch, absent) Field{#id, Opd::opd, {{{lo, width}, {}}}, Arch::arch, absent},
#include "isa/sm50/fields.inc"
#undef FIELD
#undef FIELD2
#undef FIELD_SINCE
};

constexpr const Field& field(F f) { return kFields[static_cast<std::size_t>(f)]; }

}  // namespace tmu::isa::sm50
