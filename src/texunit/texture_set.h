// SPDX-License-Identifier: MIT
// A GPU memory with texture-header and sampler pools, for tools and tests that build textures: add a header
// (memory is allocated for its surface), fill its levels from linear texel data, add samplers, and sample through
// the pools like a GPU would. Handles are samplerPtr << 20 | headerPtr.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "common/result.h"
#include "texunit/memory_texture.h"

namespace tmu::texunit {

class TextureSet {
 public:
  explicit TextureSet(uint32_t max_textures = 256, uint32_t max_samplers = 256);

  // Allocates the surface, fills in the header's address and writes it to the header pool; returns the header
  // index. The header's layout fields (version, block sizes) decide the memory layout.
  Result<uint32_t> add_texture(TextureHeader header);
  Result<uint32_t> add_sampler(const Sampler& sampler);
  // Linear texel blocks of one level of one layer (a cube face is a layer), x fastest (see surface_layout.h).
  Result<uint64_t> write_level(uint32_t texture, unsigned level, uint32_t layer, std::span<const std::byte> blocks);

  const TextureHeader& header(uint32_t texture) const { return headers_.at(texture); }
  const SurfaceLayout& layout(uint32_t texture) const { return layouts_.at(texture); }
  GpuMemory& memory() { return memory_; }
  const PoolBindings& bindings() const { return *bindings_; }
  static constexpr uint32_t handle(uint32_t texture, uint32_t sampler) { return sampler << 20 | texture; }

 private:
  GpuMemory memory_;
  uint64_t header_pool_ = 0, sampler_pool_ = 0;
  uint32_t max_textures_, max_samplers_;
  std::vector<TextureHeader> headers_;
  std::vector<SurfaceLayout> layouts_;
  uint32_t samplers_ = 0;
  std::unique_ptr<PoolBindings> bindings_;
};

}  // namespace tmu::texunit
