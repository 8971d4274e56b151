// SPDX-License-Identifier: MIT
// Textures and samplers as a GPU keeps them: descriptors in header and sampler pools in memory, texels in a
// surface layout. MemoryTexture reads texels for the sampler (locate -> read block -> decode); PoolBindings finds
// descriptors by index, treating indices past a pool's maximum and descriptors that do not decode as invalid
// textures (seed 000: SetTexHeaderPoolC/SetSamplerHeaderPoolC.MaximumIndex).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "texunit/gpu_memory.h"
#include "texunit/surface_layout.h"
#include "texunit/texture_unit.h"

namespace tmu::texunit {

class MemoryTexture final : public TextureAccess {
 public:
  MemoryTexture(const GpuMemory& memory, SurfaceLayout layout, FormatPlan format)
      : memory_(memory), layout_(std::move(layout)), format_(format) {}

  Extent extent(unsigned level) const override;
  unsigned levels() const override { return layout_.levels(); }
  unsigned layers() const override { return layout_.layers(); }
  Texel read(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z, bool& resident) const override;
  bool read_unorm16(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z, bool& resident,
                    std::array<uint32_t, 4>& out) const override;
  bool read_fields(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z, bool& resident,
                   std::array<uint32_t, 4>& out) const override;
  Texel read_sample(unsigned level, unsigned layer, uint32_t x, uint32_t y, SamplePosition at,
                    bool& resident) const override;
  const SurfaceLayout& layout() const { return layout_; }
  const GpuMemory& memory() const { return memory_; }
  const FormatPlan& format() const { return format_; }

 private:
  // Pixel (x, y) of a multisampled texture is its sample 0, at the top-left of its sample grid.
  TexelCoord pixel(unsigned level, unsigned layer, uint32_t x, uint32_t y, uint32_t z) const {
    return TexelCoord{x * layout_.samples_x(), y * layout_.samples_y(), z, layer, level};
  }
  bool read_block(const TexelCoord& c, std::array<std::byte, 16>& block, bool& resident) const;
  // A texel's four words as `decode` makes them of its block (decode_unorm16, component_fields); zeros where the
  // block is not resident.
  using Words = std::array<uint32_t, 4> (*)(const FormatPlan&, std::span<const std::byte>, unsigned);
  std::array<uint32_t, 4> read_words(const TexelCoord& c, bool& resident, Words decode) const;
  Texel read_texel(const TexelCoord& c, bool& resident) const;

  const GpuMemory& memory_;
  SurfaceLayout layout_;
  FormatPlan format_;
};

// A texture header with its format and layout, decoded from 32 bytes of a header pool.
struct PoolEntry {
  std::unique_ptr<MemoryTexture> access;
  std::optional<BoundTexture> bound;
  std::string error;  // why the header is invalid (the unit then returns zeros)
};

class PoolBindings final : public Bindings {
 public:
  struct Pools {
    uint64_t headers = 0;
    uint32_t header_max = 0;   // largest valid index
    uint64_t samplers = 0;
    uint32_t sampler_max = 0;
    bool sampler_via_header = false;
  };
  PoolBindings(const GpuMemory& memory, Pools pools) : memory_(memory), pools_(pools) {}

  const BoundTexture* texture(uint32_t header_index) const override;
  const Sampler* sampler(uint32_t sampler_index) const override;
  bool sampler_via_header() const override { return pools_.sampler_via_header; }

  // Why header `index` is invalid ("" when it is valid): for tools that explain a zero result.
  std::string header_error(uint32_t index) const;
  // Forget decoded descriptors (after the pools or textures in memory changed; not while another thread samples).
  void invalidate() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    headers_.clear();
    samplers_.clear();
    key_ = next_key();
  }
  // Decoded descriptors live until invalidate(), which changes the key.
  uint64_t stable_key() const override { return key_; }

 private:
  const PoolEntry& entry(uint32_t index) const;
  static uint64_t next_key();

  const GpuMemory& memory_;
  Pools pools_;
  // The decoded descriptors, filled on first use by whichever thread asks (tmu render's warps run on several):
  // insertions hold the mutex; the entries, once made, stay where they are until invalidate().
  mutable std::mutex mutex_;
  mutable std::unordered_map<uint32_t, PoolEntry> headers_;
  mutable std::unordered_map<uint32_t, std::optional<Sampler>> samplers_;
  mutable uint64_t key_ = next_key();
};

}  // namespace tmu::texunit
