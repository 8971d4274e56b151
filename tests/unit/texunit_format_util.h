// SPDX-License-Identifier: MIT
// Helpers for the format tests: plans from header fields, little-endian byte strings, hex comparison of
// texels.
#pragma once

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <vector>

#include "texunit/formats.h"

namespace tmu::texunit::test {

constexpr DataType SN = DataType::Snorm;
constexpr DataType UN = DataType::Unorm;
constexpr DataType SI = DataType::Sint;
constexpr DataType UI = DataType::Uint;
constexpr DataType SN16 = DataType::SnormForceFp16;
constexpr DataType UN16 = DataType::UnormForceFp16;
constexpr DataType FL = DataType::Float;

constexpr std::array<Source, 4> kRGBA{Source::R, Source::G, Source::B, Source::A};

inline std::array<DataType, 4> all(DataType t) {
  return {t, t, t, t};
}

// A plan that must build; a refusal fails the test (gtest reports the exception).
inline FormatPlan plan(uint32_t code, std::array<DataType, 4> types, std::array<Source, 4> swizzle = kRGBA,
                       bool srgb = false) {
  Result<FormatPlan> r = FormatPlan::make({code, types, swizzle, srgb});
  if (!r.ok()) throw std::runtime_error(r.error());
  return *r;
}
inline FormatPlan plan(uint32_t code, DataType t) {
  return plan(code, all(t));
}

// The refusal message of a plan that must not build.
inline std::string refusal(const FormatFields& f) {
  Result<FormatPlan> r = FormatPlan::make(f);
  return r.ok() ? std::string("(accepted)") : r.error();
}

inline std::vector<std::byte> bytes(std::initializer_list<unsigned> list) {
  std::vector<std::byte> out;
  for (unsigned b : list)
    out.push_back(static_cast<std::byte>(b));
  return out;
}
// 32-bit words, little endian.
inline std::vector<std::byte> words(std::initializer_list<uint32_t> list) {
  std::vector<std::byte> out;
  for (uint32_t w : list)
    for (unsigned i = 0; i < 4; ++i)
      out.push_back(static_cast<std::byte>((w >> (8 * i)) & 0xff));
  return out;
}
// 16-bit halves, little endian.
inline std::vector<std::byte> halves(std::initializer_list<uint32_t> list) {
  std::vector<std::byte> out;
  for (uint32_t h : list) {
    out.push_back(static_cast<std::byte>(h & 0xff));
    out.push_back(static_cast<std::byte>((h >> 8) & 0xff));
  }
  return out;
}

inline std::string hex(const std::array<uint32_t, 4>& b) {
  return fmt::format("{:#010x} {:#010x} {:#010x} {:#010x}", b[0], b[1], b[2], b[3]);
}
inline std::string hex(const Texel& t) {
  return hex(t.bits);
}

}  // namespace tmu::texunit::test

// Compares a texel's four register values with the expected ones, printed in hex.
#define EXPECT_TEXEL(texel, a, b, c, d) \
  EXPECT_EQ(::tmu::texunit::test::hex(texel), ::tmu::texunit::test::hex(std::array<uint32_t, 4>{a, b, c, d}))
