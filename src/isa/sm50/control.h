// SPDX-License-Identifier: MIT
// Maxwell control words. Every 32-byte bundle starts with a 64-bit control word holding three 21-bit slots, one
// per instruction (reference sm50-encodings.md section 7). Slot layout:
//   [0..3] stall cycles  [4] yield bit  [5..7] write barrier (7 = none)  [8..10] read barrier (7 = none)
//   [11..16] wait mask (bit i waits on barrier i)  [17..20] reuse flags
// Stall 0 with the yield bit set dual-issues the instruction with the next one. Bit 63 is unused.
#pragma once

#include <array>
#include <cstdint>

namespace tmu::isa::sm50 {

struct Control {
  uint8_t stall = 0;   // 0..15
  bool yield = false;  // raw bit 4; ptxas sets it almost always
  uint8_t wrbar = 7;   // 0..5 or 7 (none); 6 is accepted by the hardware encoding but unused
  uint8_t rdbar = 7;
  uint8_t wait = 0;   // 6-bit mask
  uint8_t reuse = 0;  // 4 bits; on texture instructions bits 0..1 are the .T/.P phase

  bool dual_issue() const { return stall == 0 && yield; }
  friend bool operator==(const Control&, const Control&) = default;
};

inline constexpr unsigned kSlotBits = 21;

constexpr Control unpack_slot(uint64_t slot) {
  Control c;
  c.stall = static_cast<uint8_t>(slot & 0xf);
  c.yield = ((slot >> 4) & 1) != 0;
  c.wrbar = static_cast<uint8_t>((slot >> 5) & 7);
  c.rdbar = static_cast<uint8_t>((slot >> 8) & 7);
  c.wait = static_cast<uint8_t>((slot >> 11) & 0x3f);
  c.reuse = static_cast<uint8_t>((slot >> 17) & 0xf);
  return c;
}

constexpr uint64_t pack_slot(const Control& c) {
  return uint64_t{c.stall & 0xfu} | uint64_t{c.yield} << 4 | uint64_t{c.wrbar & 7u} << 5 |
         uint64_t{c.rdbar & 7u} << 8 | uint64_t{c.wait & 0x3fu} << 11 | uint64_t{c.reuse & 0xfu} << 17;
}

constexpr std::array<Control, 3> unpack_control(uint64_t word) {
  return {unpack_slot(word & 0x1fffff), unpack_slot((word >> 21) & 0x1fffff), unpack_slot((word >> 42) & 0x1fffff)};
}

constexpr uint64_t pack_control(const std::array<Control, 3>& slots) {
  return pack_slot(slots[0]) | pack_slot(slots[1]) << 21 | pack_slot(slots[2]) << 42;
}

// What tmu's assembler uses when the source gives no control annotations: wait on every barrier before issue,
// six stall cycles (the fixed ALU latency), and for variable-latency instructions write barrier 0 and read
// barrier 1. Slow but always correct, so hand-written SASS without annotations runs without hazards.
constexpr Control safe_control(bool variable_latency) {
  Control c;
  c.stall = 6;
  c.yield = true;
  c.wait = 0x3f;
  c.wrbar = variable_latency ? 0 : 7;
  c.rdbar = variable_latency ? 1 : 7;
  return c;
}

}  // namespace tmu::isa::sm50
