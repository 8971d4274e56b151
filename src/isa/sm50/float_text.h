// SPDX-License-Identifier: MIT
// How nvdisasm (CUDA 11.8) writes floating-point immediates, and reading them back. Shared by every family that
// prints float immediates (conversions now, the float ALU later). Rule (research note conv-move.md section 0.3,
// checked on all 2^20 immediates of each of F16, F32 and F64):
//   +inf / -inf      "+INF " / "-INF "      (with one trailing space)
//   NaN              "+QNAN " / "-QNAN "    (sign bit); an F64 NaN with its quiet bit clear prints "+SNAN " /
//                                           "-SNAN ". F16 and F32 NaNs always print QNAN: nvdisasm widens them
//                                           to double first, which quiets them.
//   +0 / -0          "0" / "-0.0 "          (trailing space on -0.0)
//   |v| >= 1e9       C "%.20e"              1.00007936000000000000e+09
//   otherwise        C "%.20g"              0.5, -2, 999817216, 5.7397185098744507225e-42
// The trailing spaces are nvdisasm's: an instruction ending in such an operand ends in a space.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "isa/sm50/text_out.h"

namespace tmu::isa::sm50 {

// Value of an IEEE half, widened exactly to double (NaNs become quiet NaNs with the same sign).
double f16_to_double(uint16_t bits);

// nvdisasm's text for a float value of each width, given its IEEE bits.
void append_f16_text(std::string& out, uint16_t bits);
void append_f32_text(std::string& out, uint32_t bits);
void append_f64_text(std::string& out, uint64_t bits);
void append_f16_text(TextOut& out, uint16_t bits);
void append_f32_text(TextOut& out, uint32_t bits);
void append_f64_text(TextOut& out, uint64_t bits);

// Reads a float written as above (also plain decimal numbers such as "1.5", "-2", "3e-5", "0.1", with or without
// the trailing space) and returns the IEEE bits of the nearest value of the width (ties to even). nullopt when the
// text is not a number or lies beyond the width's largest finite value. The special names give canonical bit patterns: QNAN the default quiet NaN
// (0x7e00 / 0x7fc00000 / 0x7ff8000000000000), SNAN a signalling NaN with the next mantissa bit set.
std::optional<uint16_t> parse_f16_text(std::string_view text);
std::optional<uint32_t> parse_f32_text(std::string_view text);
std::optional<uint64_t> parse_f64_text(std::string_view text);

// The bits a NaN takes after print and parse (the canonical NaN of its sign and kind); other values unchanged.
uint16_t canonical_f16(uint16_t bits);
uint32_t canonical_f32(uint32_t bits);
uint64_t canonical_f64(uint64_t bits);

}  // namespace tmu::isa::sm50
