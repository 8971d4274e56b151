// SPDX-License-Identifier: MIT
#include "render/texture_gen.h"

#include <algorithm>
#include <cstddef>
#include <span>

#include "common/level_palette.h"

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

MipChain flagstones(uint32_t size) {
  std::vector<uint8_t> base(std::size_t{size} * size * 4);
  const uint32_t tile = std::max(4u, size / 8), grout = std::max(1u, size / 128);
  for (uint32_t y = 0; y < size; ++y)
    for (uint32_t x = 0; x < size; ++x) {
      const uint32_t tx = x / tile, ty = y / tile;
      const bool line = x % tile < grout || y % tile < grout;
      const bool dark = (tx + ty) % 2 == 1;
      // A little per-tile variation so that aliasing shows up as shimmer, not as a flat colour.
      const unsigned v = (tx * 37 + ty * 91) % 24;
      uint8_t r = static_cast<uint8_t>(dark ? 150 + v : 205 + v), g = static_cast<uint8_t>(dark ? 140 + v : 195 + v),
              b = static_cast<uint8_t>(dark ? 120 + v : 170 + v);
      if (line) r = 40, g = 38, b = 36;
      uint8_t* p = &base[(std::size_t{y} * size + x) * 4];
      p[0] = r, p[1] = g, p[2] = b, p[3] = 255;
    }
  return from_level0(size, size, std::move(base));
}

MipChain level_colours(const MipChain& chain) {
  MipChain out = chain;
  for (std::size_t l = 0; l < out.levels.size(); ++l) {
    const std::array<uint8_t, 4> c = level_palette8(static_cast<unsigned>(l));
    for (std::size_t i = 0; i < out.levels[l].size(); i += 4)
      std::copy(c.begin(), c.end(), out.levels[l].begin() + static_cast<std::ptrdiff_t>(i));
  }
  return out;
}

Result<uint32_t> upload(texunit::TextureSet& set, const MipChain& chain) {
  using namespace texunit;
  TextureHeader h;
  h.components = 0x08;  // A8B8G8R8: R in bits 7:0
  h.types = {DataType::Unorm, DataType::Unorm, DataType::Unorm, DataType::Unorm};
  h.swizzle = {Source::R, Source::G, Source::B, Source::A};
  h.version = HeaderVersion::BlockLinear;
  h.type = TextureType::Tex2D;
  h.width = chain.width;
  h.height = chain.height;
  h.max_mip_level = static_cast<uint8_t>(chain.levels.size() - 1);
  h.view_max_level = h.max_mip_level;
  h.max_anisotropy = 7;  // 16:1
  auto tex = set.add_texture(h);
  if (!tex) return tex;
  for (std::size_t l = 0; l < chain.levels.size(); ++l) {
    const auto& lv = chain.levels[l];
    auto w = set.write_level(*tex, static_cast<unsigned>(l), 0,
                             std::as_bytes(std::span<const uint8_t>(lv.data(), lv.size())));
    if (!w) return make_error(w.error());
  }
  return tex;
}

}  // namespace tmu::render
