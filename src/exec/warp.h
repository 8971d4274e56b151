// SPDX-License-Identifier: MIT
// The state of one warp: 32 threads as 8 quads. Registers are stored register-major (reg[r][lane]) so that a
// handler walks the lanes of one operand; predicates and condition codes are lane masks. The thread masks are
// those of seed 000 ("Notes on status bits sent to texture pipe").
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace tmu::exec {

inline constexpr unsigned kLanes = 32;
inline constexpr unsigned kRegisters = 255;  // R0..R254; R255 is RZ (reads 0, writes vanish)
inline constexpr uint32_t kAllLanes = 0xffffffff;

// The lanes of quad q: bits 4q..4q+3.
constexpr uint32_t quad_mask(unsigned q) { return 0xfu << (4 * q); }
// Every lane of each quad that has at least one lane in m.
constexpr uint32_t promote_to_quads(uint32_t m) {
  uint32_t out = 0;
  for (unsigned q = 0; q < kLanes / 4; ++q)
    if (m & quad_mask(q)) out |= quad_mask(q);
  return out;
}

// Iterates the set lanes of a mask, lowest first.
template <typename F>
void for_lanes(uint32_t mask, F&& f) {
  while (mask) {
    const unsigned lane = static_cast<unsigned>(std::countr_zero(mask));
    mask &= mask - 1;
    f(lane);
  }
}

// Seed 000: ORM (original raster mask: a pixel with at least one covered sample), PRM (promoted raster mask:
// every pixel of a quad with a covered sample), CTM (current thread mask), KTM (killed thread mask). At launch
// CTM = PRM and KTM = ~ORM: helper pixels run but are "killed" (they feed derivatives and write nothing).
struct ThreadMasks {
  uint32_t orm = kAllLanes;
  uint32_t prm = kAllLanes;
  uint32_t ctm = kAllLanes;
  uint32_t ktm = 0;
  uint32_t exited = 0;  // threads that ran EXIT (or whose quad was killed entirely)

  static ThreadMasks launch(uint32_t covered) {
    ThreadMasks m;
    m.orm = covered;
    m.prm = promote_to_quads(covered);
    m.ctm = m.prm;
    m.ktm = ~covered;
    m.exited = ~m.prm;
    return m;
  }
};

// Condition-code flags written by .CC instructions, one lane mask each.
struct ConditionCodes {
  uint32_t zero = 0, sign = 0, carry = 0, overflow = 0;
};

struct Warp {
  std::array<std::array<uint32_t, kLanes>, kRegisters> reg{};
  std::array<uint32_t, 7> pred{};  // P0..P6 as lane masks; PT is all lanes
  ConditionCodes cc;
  ThreadMasks masks;
  bool pixel_shader = true;  // only pixel threads compute implicit LOD (seed 000)
  uint32_t barrier_result = 0;  // what the last BAR.RED returned to the warp (B2R.RESULT reads it)

  // The state of a new warp for a program that names no register from `registers` on (isa::sm50::registers_named):
  // R0..R(registers - 1), predicates and condition codes zero, the masks reset; the registers past them keep what
  // they hold, which such a program never reads. (Clearing all 255 registers is 32 KiB per warp.)
  void reset(unsigned registers) {
    for (unsigned r = 0; r < registers && r < kRegisters; ++r) reg[r].fill(0);
    pred.fill(0);
    cc = {};
    masks = {};
    pixel_shader = true;
    barrier_result = 0;
  }
};

}  // namespace tmu::exec
