// SPDX-License-Identifier: MIT
// The instruction table described for people: per form, its opcode bits, fields and the bits nvdisasm ignores.
// `tmu table` prints it; docs/ignored-bits.md is its Markdown output (a unit test keeps the two in step).
#pragma once

#include <cstdint>
#include <string>

#include "isa/sm50/form.h"

namespace tmu::isa::sm50 {

// Bits of a form's instruction word that neither its fixed pattern nor any of its fields covers: nvdisasm ignores
// them, tmu decodes any value and encodes zero there.
uint64_t ignored_bits(const Form& f);

// "0-7, 20-21, 50": the set bits of `mask` as ranges, low to high; "none" when empty.
std::string bit_ranges(uint64_t mask);

// One line per form: opclass, syntax, first architecture, fixed mask/value, ignored bits.
std::string table_text();

// docs/ignored-bits.md.
std::string ignored_bits_markdown();

}  // namespace tmu::isa::sm50
