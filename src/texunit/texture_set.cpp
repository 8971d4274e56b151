// SPDX-License-Identifier: MIT
#include "texunit/texture_set.h"

#include <fmt/format.h>

namespace tmu::texunit {
namespace {

std::array<std::byte, 32> bytes_of(const std::array<uint32_t, 8>& w) {
  std::array<std::byte, 32> b{};
  for (unsigned i = 0; i < 32; ++i) b[i] = static_cast<std::byte>((w[i / 4] >> (8 * (i % 4))) & 0xff);
  return b;
}

}  // namespace

TextureSet::TextureSet(uint32_t max_textures, uint32_t max_samplers)
    : max_textures_(max_textures), max_samplers_(max_samplers) {
  header_pool_ = *memory_.allocate(32ull * max_textures);
  sampler_pool_ = *memory_.allocate(32ull * max_samplers);
  bindings_ = std::make_unique<PoolBindings>(
      memory_, PoolBindings::Pools{header_pool_, max_textures - 1, sampler_pool_, max_samplers - 1, false});
}

Result<uint32_t> TextureSet::add_texture(TextureHeader h) {
  if (headers_.size() >= max_textures_) return make_error(fmt::format("the header pool holds {} textures", max_textures_));
  h.address = 0;
  auto probe = SurfaceLayout::make(h);
  if (!probe) return make_error(probe.error());
  // Block-linear surfaces start on a 512-byte GOB; allocate whole 64 KiB pages.
  auto base = memory_.allocate(std::max<uint64_t>(probe->size_bytes(), 1), GpuMemory::kPageSize);
  if (!base) return make_error(base.error());
  h.address = *base;
  auto layout = SurfaceLayout::make(h);
  if (!layout) return make_error(layout.error());
  const uint32_t index = static_cast<uint32_t>(headers_.size());
  if (auto w = memory_.write(header_pool_ + 32ull * index, bytes_of(encode_header(h))); !w.ok())
    return make_error("cannot write the texture header");
  headers_.push_back(h);
  layouts_.push_back(std::move(*layout));
  bindings_->invalidate();
  return index;
}

Result<uint32_t> TextureSet::add_sampler(const Sampler& s) {
  if (samplers_ >= max_samplers_) return make_error(fmt::format("the sampler pool holds {} samplers", max_samplers_));
  if (auto w = memory_.write(sampler_pool_ + 32ull * samplers_, bytes_of(encode_sampler(s))); !w.ok())
    return make_error("cannot write the sampler");
  bindings_->invalidate();
  return samplers_++;
}

Result<uint64_t> TextureSet::write_level(uint32_t texture, unsigned level, uint32_t layer, std::span<const std::byte> blocks) {
  if (texture >= layouts_.size()) return make_error(fmt::format("no texture {}", texture));
  return store_level(memory_, layouts_[texture], level, layer, blocks);
}

}  // namespace tmu::texunit
