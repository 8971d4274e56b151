// SPDX-License-Identifier: MIT
// Triangle RAM (TRAM): what IPA reads. Seed 002: "The triangle ram (TRAM) is accessed at the specified address,
// and the (A,B,C) plane equation is retrieved. Interpolation then returns Ax+By+C, where (x,y) is the pixel's
// sample location." One plane per 32-bit attribute component, in fp32 as the hardware stores them, plus the
// interpolation type the shader program header declares for that component (.CONSTANT and .SC consult it).
//
// Conventions (set by raster/setup, relied on by interp/ipa):
// * (x, y) are window coordinates in pixels, x right, y down; pixel (i, j) covers [i, i+1) x [j, j+1) and its
//   centre is (i + 0.5, j + 0.5).
// * Perspective attributes hold the plane of attr/w, and a[0x7c] the plane of 1/w (seed 002 examples:
//   "IPA.PASS R4, a[0x7c] # interpolate WPOS.w = 1/w", "IPA.MUL R0, a[0x300], R4 # interpolate TEX0.s = s/w,
//   multiply by w"). Screen-linear attributes hold the plane of attr itself.
// * Constant attributes: A = B = 0 and C holds the provoking vertex's 32 bits (any bit pattern, integers too:
//   ".CONSTANT ... will Pass C as 32b bitfield").
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "interp/attribute_map.h"

namespace tmu::interp {

// The shader program header's per-component input type (SPH for pixel shaders, ImapGenericVector and the
// system-value maps: 2 bits per component, in this order).
enum class PixelImap : uint8_t { Unused, Constant, Perspective, ScreenLinear };

struct Plane {
  float a = 0.0f;  // d/dx
  float b = 0.0f;  // d/dy
  float c = 0.0f;  // value at (0, 0)
  friend constexpr bool operator==(const Plane&, const Plane&) = default;
};

struct TriangleRam {
  std::array<Plane, kAttributeSlots> planes{};
  std::array<PixelImap, kAttributeSlots> imap{};  // Unused unless set
  bool front_face = true;                         // what IS_FRONT_FACE (a[0x3fc]) reports

  const Plane& plane(uint32_t byte_address) const { return planes[attribute_slot(byte_address)]; }
  PixelImap interpolation(uint32_t byte_address) const { return imap[attribute_slot(byte_address)]; }

  void set(uint32_t byte_address, Plane p, PixelImap m) {
    planes[attribute_slot(byte_address)] = p;
    imap[attribute_slot(byte_address)] = m;
  }
  // A flat attribute: C holds `bits` unchanged.
  void set_constant_bits(uint32_t byte_address, uint32_t bits) {
    set(byte_address, Plane{0.0f, 0.0f, std::bit_cast<float>(bits)}, PixelImap::Constant);
  }
};

}  // namespace tmu::interp
