// SPDX-License-Identifier: MIT
// A sparse model of a GPU virtual address space: the memory the texture unit reads texels from.
//
// Addresses are 48 bits wide, the width of the texture header's address (clb097tex.h ADDRESS_BITS47TO32;
// envytools gm200_texture.xml "the 48-bit address of the texture data"). Maxwell's own MMU translates 40 bits
// (nouveau gf100/gm200 vmm: limit 1 << 40); the model allows all 48.
//
// Memory is a set of non-overlapping mappings. An ordinary mapping is backed by zeroed bytes. A sparse mapping
// reserves a range of 64 KiB pages, each resident (backed by its own zeroed bytes) or not; this is how sparse
// textures (SPARSE_ENABLE) are bound. Reads of unmapped or non-resident bytes do not crash: they return zero,
// and the access reports the first such byte and why, which the texture unit turns into the SM52 sparse
// residency predicate (Ps) or a fault. Writes to such bytes are dropped and reported the same way.
//
// Sparse page size: 64 KiB, the "big page" of Maxwell's MMU as used for sparse resources. Sources:
//   - nouveau vmmgm200.c: GM20x big pages are 64 KiB (gm200_vmm_16) or 128 KiB, per address space, and a
//     PTE with VALID_FALSE + VOL is a sparse page (reads zero, no fault) (gm200_vmm_pgt_sparse);
//   - Mesa NVK nil/image.rs: "If the client requested sparse residency, we need a 64K alignment or else
//     sparse binding may fail", and nil/tiling.rs sizes sparse tiles from the Vulkan standard sparse block
//     shapes, which are all 64 KiB (e.g. 128x128 texels of 32 bits);
//   - Direct3D 11.2 tiled resources (Maxwell: tier 2) use 64 KiB tiles.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "common/result.h"

namespace tmu::texunit {

enum class Fault : uint8_t {
  None,
  Unmapped,     // no mapping covers the byte (or the address is beyond 48 bits)
  NonResident,  // a sparse mapping covers it, but its 64 KiB page is not resident
};

// The outcome of a memory access: the first byte that faulted, if any.
struct MemoryAccess {
  Fault fault = Fault::None;
  uint64_t address = 0;  // the first faulting byte (meaningful when fault != None)

  bool ok() const { return fault == Fault::None; }
  explicit operator bool() const { return ok(); }
};

class GpuMemory {
 public:
  static constexpr unsigned kAddressBits = 48;
  static constexpr uint64_t kAddressLimit = uint64_t{1} << kAddressBits;
  static constexpr uint64_t kPageSize = 64 * 1024;         // sparse residency granule
  static constexpr uint64_t kHeapBase = uint64_t{1} << 32;  // where allocate() starts looking

  // Maps [address, address + size) as zeroed memory, or as a sparse reservation whose 64 KiB pages start
  // non-resident (address and size must be multiples of kPageSize). Refuses empty ranges, ranges past
  // 48 bits and ranges overlapping a mapping. Returns the address.
  Result<uint64_t> map(uint64_t address, uint64_t size);
  Result<uint64_t> map_sparse(uint64_t address, uint64_t size);
  // The same at the lowest free address >= kHeapBase that is a multiple of `alignment` (a power of two).
  Result<uint64_t> allocate(uint64_t size, uint64_t alignment = kPageSize);
  Result<uint64_t> allocate_sparse(uint64_t size);
  // Removes the mapping that starts at `address`; false if none does.
  bool unmap(uint64_t address);
  // Makes the 64 KiB pages of [address, address + size) resident (zeroed storage) or not (storage freed).
  // The range must be page-aligned and lie inside one sparse mapping. Returns the number of pages changed.
  Result<uint64_t> set_resident(uint64_t address, uint64_t size, bool resident);

  // Byte access. Faulting bytes read as zero and are not written; the result names the first of them.
  MemoryAccess read(uint64_t address, std::span<std::byte> out) const;
  MemoryAccess write(uint64_t address, std::span<const std::byte> in);
  // Whether [address, address + size) would read without a fault; the first faulting byte otherwise.
  MemoryAccess probe(uint64_t address, uint64_t size = 1) const;
  bool resident(uint64_t address, uint64_t size = 1) const { return probe(address, size).ok(); }
  // The bytes of [address, address + size) when they all lie in one ordinary (not sparse) mapping, else nullptr:
  // for the texture unit's fast path, which reads a whole surface directly. Valid until that mapping is removed.
  const std::byte* contiguous(uint64_t address, uint64_t size) const;
  // A number that changes whenever a mapping is added or removed, and that no other GpuMemory (nor a copy)
  // shares: what contiguous() returned stays valid while it is the same.
  uint64_t layout_key() const { return key_.value; }

  std::size_t mapping_count() const { return maps_.size(); }

 private:
  struct Mapping {
    uint64_t size = 0;
    bool sparse = false;
    std::vector<std::byte> bytes;                        // ordinary mappings
    std::vector<std::unique_ptr<std::byte[]>> pages;     // sparse mappings: nullptr = not resident
  };
  using Map = std::map<uint64_t, Mapping>;

  Result<uint64_t> insert(uint64_t address, uint64_t size, bool sparse);
  Result<uint64_t> find_free(uint64_t size, uint64_t alignment) const;
  // Visits [address, address + size) in runs that lie in one mapping (one page of a sparse mapping) or in one
  // unmapped gap: f(offset in the access, pointer to the run's bytes or nullptr, length). Returns the first
  // fault. MapT is Map or const Map, which makes the pointer mutable or not.
  template <typename MapT, typename F>
  static MemoryAccess walk(MapT& maps, uint64_t address, uint64_t size, F&& f);

  // A fresh number from a process-wide counter on construction, copy and every change of the mappings.
  struct Key {
    uint64_t value = next();
    Key() = default;
    Key(const Key&) : value(next()) {}
    Key& operator=(const Key&) {
      value = next();
      return *this;
    }
    static uint64_t next();
  };

  Map maps_;
  Key key_;
};

}  // namespace tmu::texunit
