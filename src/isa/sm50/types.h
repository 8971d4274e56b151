// SPDX-License-Identifier: MIT
// Value types of decoded SM50 operands. These are what the executor and the compilers see; encodings stay in isa.
#pragma once

#include <cstdint>

namespace tmu::isa::sm50 {

// A general-purpose register R0..R254, or RZ (index 255), which reads as zero and discards writes.
struct Reg {
  uint8_t index = 255;
  static constexpr uint8_t kRZ = 255;
  constexpr bool is_rz() const { return index == kRZ; }
  friend constexpr bool operator==(Reg, Reg) = default;
};
inline constexpr Reg RZ{Reg::kRZ};

// A predicate register P0..P6, or PT (index 7), which reads as true.
struct Pred {
  uint8_t index = 7;
  static constexpr uint8_t kPT = 7;
  constexpr bool is_pt() const { return index == kPT; }
  friend constexpr bool operator==(Pred, Pred) = default;
};
inline constexpr Pred PT{Pred::kPT};

}  // namespace tmu::isa::sm50
