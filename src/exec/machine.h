// SPDX-License-Identifier: MIT
// What a warp runs against: constant banks, local, shared and global memory, system values, the texture unit and
// the attribute interpolator that serves IPA. Every access is bounds-checked; a bad one stops the program with
// an error naming the address and lane (the executor adds the instruction's address).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "exec/warp.h"
#include "interp/ipa.h"

namespace tmu::texunit {
class TextureUnit;
class GpuMemory;
}

namespace tmu::exec {

// A flat byte memory starting at `base`; loads and stores outside it fail. Or a view of the texture unit's
// GpuMemory (over()): then every mapped byte of that address space is reachable, so that the executor's global
// loads and stores and the texture unit's texel reads see one memory (a kernel that writes a texture with STG
// samples what it wrote); unmapped bytes fail as out of range. base() and size() are 0 for a view.
class ByteMemory {
 public:
  ByteMemory() = default;
  ByteMemory(uint64_t base, std::size_t size) : base_(base), bytes_(size) {}
  static ByteMemory over(texunit::GpuMemory& memory) {
    ByteMemory m;
    m.backing_ = &memory;
    return m;
  }
  texunit::GpuMemory* backing() const { return backing_; }
  uint64_t base() const { return base_; }
  std::size_t size() const { return bytes_.size(); }
  std::span<std::byte> bytes() { return bytes_; }
  std::span<const std::byte> bytes() const { return bytes_; }
  // False when [address, address + n) is not inside.
  bool contains(uint64_t address, std::size_t n) const {
    if (backing_) return backing_contains(address, n);
    return address >= base_ && address - base_ <= bytes_.size() && n <= bytes_.size() - (address - base_);
  }
  bool load(uint64_t address, std::span<std::byte> out) const;
  bool store(uint64_t address, std::span<const std::byte> in);
  uint32_t load32(uint64_t address) const;  // 0 outside (callers check contains())
  void store32(uint64_t address, uint32_t v);

 private:
  bool backing_contains(uint64_t address, std::size_t n) const;
  uint64_t base_ = 0;
  std::vector<std::byte> bytes_;
  texunit::GpuMemory* backing_ = nullptr;
};

// What IPA reads in a fragment warp: the primitive's triangle RAM, the interpolation context (sample count,
// plane rounding policy) and each lane's pixel (position and covered samples). See interp/ipa.h.
struct FragmentInputs {
  interp::IpaContext context;
  std::array<interp::FragmentPosition, kLanes> pixel{};
};

// S2R's system registers that a fragment or compute warp has (the rest read as 0).
struct SystemValues {
  std::array<std::array<uint32_t, 3>, kLanes> tid{};
  std::array<uint32_t, 3> ctaid{};
  std::array<uint32_t, 3> ntid{1, 1, 1};
  std::array<uint32_t, 3> nctaid{1, 1, 1};
  uint32_t warp_id = 0;
};

// What PIXLD reads about each lane's pixel (a fragment warp's rasterizer state). Sample offsets are (dx, dy) from
// the pixel centre in sixteenths of a pixel (-8..7), the units IPA.OFFSET takes (seed 002).
struct PixelInfo {
  unsigned samples = 1;                   // samples per pixel (1: no multisampling); at most 16
  std::array<uint32_t, kLanes> coverage;  // bit s: sample s of the lane's pixel is covered
  std::array<uint32_t, kLanes> sample_index{};  // the sample a per-sample-shading lane runs for (MY_INDEX)
  std::array<std::array<int8_t, 2>, 16> sample_offsets{};
  PixelInfo() { coverage.fill(1); }
};

struct Machine {
  static constexpr unsigned kBanks = 18;
  std::array<std::vector<std::byte>, kBanks> cbank;  // c[bank][offset]; reads past a bank's size fail
  ByteMemory global;
  ByteMemory shared;
  std::array<ByteMemory, kLanes> local;
  // Generic addressing (LD, ST): an address in [shared_window, + window size) is shared memory at shared.base() +
  // (address - shared_window), one in [local_window, + window size) the lane's local memory likewise (where the
  // memory is smaller than its window, the rest of the window is outside it: an out-of-range access); every other
  // address is global. A window size of 0 is the memory's size. No window: that space is not reachable by generic
  // addresses.
  std::optional<uint64_t> shared_window, local_window;
  uint64_t shared_window_size = 0, local_window_size = 0;
  // Attribute memory of ALD / AST (docs/exec.md, "Memory"): per lane, input attributes (ALD) and output
  // attributes (ALD.O, AST), byte-addressed by the attribute address; the vertex handle in Rc is added as a byte
  // offset (vertices lie one after another). AL2P maps logical to physical addresses one to one.
  std::array<ByteMemory, kLanes> attribute_in, attribute_out;
  PixelInfo pixel;
  SystemValues system;
  // The constant bank whose words at tsidx * 4 hold samplerPtr[31:20] | headerPtr[19:0] for non-bindless texture
  // instructions ("determined by bundle state", seed 000).
  unsigned texture_bank = 0;
  const texunit::TextureUnit* textures = nullptr;
  const FragmentInputs* fragment = nullptr;  // IPA's inputs; none outside fragment warps

  // Writes 32-bit words into a constant bank, growing it.
  void set_cbank(unsigned bank, uint32_t offset, std::span<const uint32_t> words);
  // The same for raw bytes (a cubin's .nv.constantN data).
  void set_cbank(unsigned bank, uint32_t offset, std::span<const std::byte> bytes);
  std::optional<uint32_t> cbank32(unsigned bank, int64_t offset) const;
};

}  // namespace tmu::exec
