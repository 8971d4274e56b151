// SPDX-License-Identifier: MIT
// How the sampler reaches texels: the fetch stage's interface. A bound texture (header, format and memory
// layout) implements it; tests implement it over plain arrays. Texels come back decoded but not swizzled
// (R, G, B, A), so that filtering, depth compare and the border colour work on components and the header's
// swizzle is applied last.
#pragma once

#include <array>
#include <cstdint>

#include "texunit/formats.h"
#include "texunit/multisample.h"

namespace tmu::texunit {

struct Extent {
  uint32_t width = 1, height = 1, depth = 1;
};

class TextureAccess {
 public:
  virtual ~TextureAccess() = default;
  // Size of a resource mip level (depth: 3D slices; arrays keep depth 1 and count layers separately).
  virtual Extent extent(unsigned level) const = 0;
  virtual unsigned levels() const = 0;  // resource levels (MAX_MIP_LEVEL + 1)
  virtual unsigned layers() const = 0;  // array layers (cube faces count: 6 per cube), 1 for non-arrays
  // The texel at integer coordinates inside the level (the caller has wrapped them); `resident` is cleared when
  // the texel lies in an unmapped sparse tile (the texel then reads as zero).
  virtual Texel read(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z, bool& resident) const = 0;
  // For formats whose four components filter in 16-bit fixed point (all 8- or 16-bit UNORM): the texel's
  // components as those 16-bit values, skipping the float decode (decode_unorm16); false when this access cannot
  // (the caller converts read()'s floats instead, to the same values).
  virtual bool read_unorm16(unsigned /*level*/, unsigned /*layer*/, uint32_t /*x*/, uint32_t /*y*/, uint32_t /*z*/,
                            bool& /*resident*/, std::array<uint32_t, 4>& /*out*/) const {
    return false;
  }
  // The texel's components as the raw bits of their fields (a SNORM8 code -128 as 0x80, which read() decodes to
  // -1 as it does -127): for the filters that sum codes (SNORM8); false when this access cannot (the caller
  // converts read()'s values instead).
  virtual bool read_fields(unsigned /*level*/, unsigned /*layer*/, uint32_t /*x*/, uint32_t /*y*/, uint32_t /*z*/,
                           bool& /*resident*/, std::array<uint32_t, 4>& /*out*/) const {
    return false;
  }
  // Sample `at` (a position inside the pixel's sample grid, multisample.h) of pixel (x, y) of a 2D level; the caller
  // has checked the position against the header's grid. read() is sample (0, 0). An access that holds one sample
  // per pixel has only (0, 0); other positions read zero.
  virtual Texel read_sample(unsigned level, unsigned layer, uint32_t x, uint32_t y, SamplePosition at,
                            bool& resident) const {
    return at == SamplePosition{} ? read(level, layer, x, y, 0, resident) : Texel{};
  }
};

}  // namespace tmu::texunit
