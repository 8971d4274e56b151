// SPDX-License-Identifier: MIT
#include "texunit/memory_texture.h"

#include <array>
#include <atomic>

#include <fmt/format.h>

namespace tmu::texunit {
namespace {

std::optional<std::array<uint32_t, 8>> read_descriptor(const GpuMemory& m, uint64_t address) {
  std::array<std::byte, 32> bytes{};
  if (!m.read(address, bytes).ok()) return std::nullopt;
  std::array<uint32_t, 8> w{};
  for (unsigned i = 0; i < 8; ++i)
    for (unsigned b = 0; b < 4; ++b) w[i] |= std::to_integer<uint32_t>(bytes[4 * i + b]) << (8 * b);
  return w;
}

}  // namespace

Extent MemoryTexture::extent(unsigned level) const {
  const LevelLayout& l = layout_.level(level);
  // Multisampled surfaces hold a grid of samples per pixel; the sampler sees pixels.
  return Extent{std::max(1u, l.width / layout_.samples_x()), std::max(1u, l.height / layout_.samples_y()), l.depth};
}

// The block holding texel c of the stored image (for multisampled textures: a sample of the sample image), into `block`; false (the texel reads as zero, not resident) where its memory is
// unmapped or not resident.
bool MemoryTexture::read_block(const TexelCoord& c, std::array<std::byte, 16>& block, bool& resident) const {
  if (layout_.read_block(memory_, c, std::span<std::byte>(block.data(), layout_.block_bytes())).ok()) return true;
  resident = false;
  return false;
}

Texel MemoryTexture::read_texel(const TexelCoord& c, bool& resident) const {
  std::array<std::byte, 16> block{};
  if (!read_block(c, block, resident)) return Texel{};
  return decode_components(format_, std::span<const std::byte>(block.data(), layout_.block_bytes()),
                           layout_.texel_in_block(c));
}

Texel MemoryTexture::read(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z, bool& resident) const {
  return read_texel(pixel(level, layer, x, y, z), resident);
}

bool MemoryTexture::read_unorm16(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z, bool& resident,
                                 std::array<uint32_t, 4>& out) const {
  out = read_words(pixel(level, layer, x, y, z), resident, decode_unorm16);
  return true;
}

bool MemoryTexture::read_fields(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z, bool& resident,
                                std::array<uint32_t, 4>& out) const {
  out = read_words(pixel(level, layer, x, y, z), resident, component_fields);
  return true;
}

std::array<uint32_t, 4> MemoryTexture::read_words(const TexelCoord& c, bool& resident, Words decode) const {
  std::array<std::byte, 16> block{};
  if (!read_block(c, block, resident)) return {};
  return decode(format_, std::span<const std::byte>(block.data(), layout_.block_bytes()), layout_.texel_in_block(c));
}

// Multisampled textures have one level; a header that gives one more anyway shrinks the sample image per level,
// and samples that fall off a smaller level read zero rather than another level's memory.
Texel MemoryTexture::read_sample(unsigned level, unsigned layer, uint32_t x, uint32_t y, SamplePosition at,
                                 bool& resident) const {
  const TexelCoord c{x * layout_.samples_x() + at.x, y * layout_.samples_y() + at.y, 0, layer, level};
  if (!layout_.contains(c)) return Texel{};
  return read_texel(c, resident);
}

uint64_t PoolBindings::next_key() {
  static std::atomic<uint64_t> last{0};
  return ++last;
}

const PoolEntry& PoolBindings::entry(uint32_t index) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  auto it = headers_.find(index);
  if (it != headers_.end()) return it->second;
  PoolEntry e;
  if (index > pools_.header_max) {
    e.error = fmt::format("header index {} is past the pool's maximum index {}", index, pools_.header_max);
  } else if (auto w = read_descriptor(memory_, pools_.headers + 32ull * index); !w) {
    e.error = fmt::format("header {} at {:#x} is not in mapped memory", index, pools_.headers + 32ull * index);
  } else if (auto h = decode_header(*w); !h) {
    e.error = fmt::format("header {}: {}", index, h.error());
  } else if (auto f = FormatPlan::make(h->format()); !f) {
    e.error = fmt::format("header {}: {}", index, f.error());
  } else if (auto l = SurfaceLayout::make(*h); !l) {
    e.error = fmt::format("header {}: {}", index, l.error());
  } else {
    e.access = std::make_unique<MemoryTexture>(memory_, std::move(*l), *f);
    e.bound.emplace(BoundTexture{*h, *f, e.access.get(), &e.access->layout()});
  }
  return headers_.emplace(index, std::move(e)).first->second;
}

const BoundTexture* PoolBindings::texture(uint32_t index) const {
  const PoolEntry& e = entry(index);
  return e.bound ? &*e.bound : nullptr;
}

std::string PoolBindings::header_error(uint32_t index) const { return entry(index).error; }

const Sampler* PoolBindings::sampler(uint32_t index) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  auto it = samplers_.find(index);
  if (it == samplers_.end()) {
    std::optional<Sampler> s;
    if (index <= pools_.sampler_max)
      if (auto w = read_descriptor(memory_, pools_.samplers + 32ull * index))
        if (auto d = decode_sampler(*w)) s = *d;
    it = samplers_.emplace(index, s).first;
  }
  return it->second ? &*it->second : nullptr;
}

}  // namespace tmu::texunit
