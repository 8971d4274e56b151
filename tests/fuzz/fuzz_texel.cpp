// SPDX-License-Identifier: MIT
// libFuzzer: arbitrary texture-header format fields and texel bytes. A plan is built or refused with a message;
// with a plan, decoding never crashes, and encoding is stable: encoding what a round trip decoded gives the same
// bytes again, and the same registers when decoded.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "texunit/formats.h"

using namespace tmu::texunit;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 11) return 0;
  // Byte 0: COMPONENTS (7 bits); 1-4: R/G/B/A_DATA_TYPE (3 bits); 5-8: X/Y/Z/W_SOURCE (3 bits); 9: sRGB;
  // 10: texel in block; the rest: the block.
  FormatFields f;
  f.components = data[0] & 0x7fu;
  for (unsigned i = 0; i < 4; ++i) {
    f.types[i] = static_cast<DataType>(data[1 + i] & 7u);
    f.swizzle[i] = static_cast<Source>(data[5 + i] & 7u);
  }
  f.srgb = (data[9] & 1u) != 0;
  const tmu::Result<FormatPlan> plan = FormatPlan::make(f);
  if (!plan.ok()) {
    if (plan.error().empty()) std::abort();
    return 0;
  }
  const LayoutInfo& layout = plan->layout();
  const unsigned texel = data[10] % layout.block_width;
  std::vector<std::byte> x(layout.block_bytes);
  for (size_t i = 0; i < x.size() && 11 + i < size; ++i) x[i] = static_cast<std::byte>(data[11 + i]);
  (void)decode_texel(*plan, x, texel);
  std::vector<std::byte> y(layout.block_bytes), z(layout.block_bytes);
  encode_texel(*plan, decode_components(*plan, x, texel), y, texel);
  const Texel dy = decode_components(*plan, y, texel);
  encode_texel(*plan, dy, z, texel);
  if (z != y) std::abort();
  if (decode_components(*plan, z, texel) != dy) std::abort();
  return 0;
}
