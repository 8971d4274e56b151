// SPDX-License-Identifier: MIT
#include "interp/attribute_map.h"

#include <array>
#include <string_view>

#include <fmt/format.h>

namespace tmu::interp {
namespace {

// One named range of the map: `count` elements (an index is printed when count > 1) of `letters.size()`
// components each (a component letter is printed when there are several).
struct Range {
  uint32_t base;
  uint32_t count;
  std::string_view letters;
  std::string_view name;
};

constexpr std::array kRanges{
    Range{attr::kPrimitiveId, 1, "-", "PrimitiveId"},
    Range{attr::kLayer, 1, "-", "Layer"},
    Range{attr::kViewportIndex, 1, "-", "ViewportIndex"},
    Range{attr::kPointSize, 1, "-", "PointSize"},
    Range{attr::kPositionX, 1, "XYZW", "Position"},
    Range{attr::kGeneric0, attr::kGenericCount, "XYZW", "Generic"},
    Range{attr::kFrontDiffuse, 1, "RGBA", "ColorFrontDiffuse"},
    Range{attr::kFrontSpecular, 1, "RGBA", "ColorFrontSpecular"},
    Range{attr::kBackDiffuse, 1, "RGBA", "ColorBackDiffuse"},
    Range{attr::kBackSpecular, 1, "RGBA", "ColorBackSpecular"},
    Range{attr::kClipDistance0, 8, "-", "ClipDistance"},
    Range{attr::kPointSpriteS, 1, "ST", "PointSprite"},
    Range{attr::kFogCoordinate, 1, "-", "FogCoordinate"},
    Range{attr::kTessCoordU, 1, "UV", "TessCoord"},
    Range{attr::kInstanceId, 1, "-", "InstanceId"},
    Range{attr::kVertexId, 1, "-", "VertexId"},
    Range{attr::kFixedFncTexture0, attr::kFixedFncTextureCount, "STRQ", "FixedFncTexture"},
    Range{attr::kViewportMask, 1, "-", "ViewportMask"},
    Range{attr::kFrontFace, 1, "-", "FrontFace"},
};

std::string element_name(const Range& r, uint32_t index, uint32_t component) {
  std::string s{r.name};
  if (r.count > 1) s += fmt::format("[{}]", index);
  if (r.letters.size() > 1) {
    s += '.';
    s += r.letters[component];
  }
  return s;
}

}  // namespace

std::string attribute_name(uint32_t byte_address) {
  const uint32_t a = byte_address & (kAttributeSpaceBytes - 1) & ~3u;
  for (const Range& r : kRanges) {
    const auto width = static_cast<uint32_t>(r.letters.size());
    if (a < r.base || a >= r.base + r.count * width * 4) continue;
    const uint32_t word = (a - r.base) / 4;
    return element_name(r, word / width, word % width);
  }
  return fmt::format("a[0x{:03x}]", a);
}

std::optional<uint32_t> attribute_from_name(std::string_view name) {
  for (const Range& r : kRanges) {
    const auto width = static_cast<uint32_t>(r.letters.size());
    for (uint32_t w = 0; w < r.count * width; ++w)
      if (element_name(r, w / width, w % width) == name) return r.base + w * 4;
  }
  return std::nullopt;
}

}  // namespace tmu::interp
