// SPDX-License-Identifier: MIT
#include "render/texture_gen.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "sample/json_cursor.h"
#include "sample/spec_parts.h"

namespace tmu::render {

namespace {

std::vector<uint8_t> box_down(const std::vector<uint8_t>& src, uint32_t w, uint32_t h) {
  const uint32_t nw = std::max(1u, w / 2), nh = std::max(1u, h / 2);
  std::vector<uint8_t> out(std::size_t{nw} * nh * 4);
  for (uint32_t y = 0; y < nh; ++y)
    for (uint32_t x = 0; x < nw; ++x)
      for (unsigned c = 0; c < 4; ++c) {
        unsigned sum = 0;
        for (uint32_t dy = 0; dy < 2; ++dy)
          for (uint32_t dx = 0; dx < 2; ++dx) {
            const uint32_t sx = std::min(w - 1, 2 * x + dx), sy = std::min(h - 1, 2 * y + dy);
            sum += src[(std::size_t{sy} * w + sx) * 4 + c];
          }
        out[(std::size_t{y} * nw + x) * 4 + c] = static_cast<uint8_t>((sum + 2) / 4);
      }
  return out;
}

}  // namespace

MipChain from_level0(uint32_t width, uint32_t height, std::vector<uint8_t> texels) {
  MipChain m;
  m.width = width;
  m.height = height;
  m.levels.push_back(std::move(texels));
  uint32_t w = width, h = height;
  while (w > 1 || h > 1) {
    m.levels.push_back(box_down(m.levels.back(), w, h));
    w = std::max(1u, w / 2);
    h = std::max(1u, h / 2);
  }
  return m;
}

sample::TextureSpec rgba8_texture(uint32_t width, uint32_t height, const sample::Texels& texels, unsigned levels) {
  // Through the spec reader, so that the header is exactly what a scene file with these keys gives.
  const nlohmann::json j{{"type", "2d"}, {"format", "A8B8G8R8_UNORM"}, {"width", width}, {"height", height},
                         {"levels", levels ? levels : std::bit_width(std::max(width, height))}};
  try {
    sample::TextureSpec t = sample::read_texture(sample::Cursor(j, "texture"));
    t.texels = texels;
    return t;
  } catch (const sample::SpecError& e) {
    throw std::invalid_argument(e.what());  // sizes past the spec's limits: callers check them first
  }
}

sample::TextureSpec rgba8_texture(const MipChain& chain) {
  sample::Texels raw;
  raw.source = sample::TexelSource::Raw;
  for (const auto& level : chain.levels) {
    const auto* p = reinterpret_cast<const std::byte*>(level.data());
    raw.bytes.insert(raw.bytes.end(), p, p + level.size());
  }
  return rgba8_texture(chain.width, chain.height, raw, static_cast<unsigned>(chain.levels.size()));
}

void show_levels(sample::TextureSpec& texture) {
  texture.texels = sample::Texels{};
  texture.texels.source = sample::TexelSource::Levels;  // no colours: the palette
}

}  // namespace tmu::render
