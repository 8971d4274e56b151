// SPDX-License-Identifier: MIT
// GpuMemory: mappings kept in an ordered map by start address; sparse mappings hold one optional 64 KiB
// buffer per page. See gpu_memory.h.
#include "texunit/gpu_memory.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <type_traits>

namespace tmu::texunit {
namespace {

constexpr uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

}  // namespace

template <typename MapT, typename F>
MemoryAccess GpuMemory::walk(MapT& maps, uint64_t address, uint64_t size, F&& f) {
  using Byte = std::conditional_t<std::is_const_v<MapT>, const std::byte, std::byte>;
  MemoryAccess first{};
  const auto note = [&](Fault fault, uint64_t at) {
    if (first.ok()) first = MemoryAccess{fault, at};
  };
  uint64_t done = 0;
  while (done < size) {
    const uint64_t a = address + done;
    const uint64_t remaining = size - done;
    if (a >= kAddressLimit) {  // runs never step past the limit, so this is reached without overflow
      note(Fault::Unmapped, a);
      f(done, static_cast<Byte*>(nullptr), remaining);
      break;
    }
    auto next = maps.upper_bound(a);
    if (next == maps.begin() || a - std::prev(next)->first >= std::prev(next)->second.size) {
      const uint64_t gap_end = next == maps.end() ? kAddressLimit : next->first;
      const uint64_t n = std::min(remaining, gap_end - a);
      note(Fault::Unmapped, a);
      f(done, static_cast<Byte*>(nullptr), n);
      done += n;
      continue;
    }
    auto& m = std::prev(next)->second;
    const uint64_t off = a - std::prev(next)->first;
    uint64_t n = std::min(remaining, m.size - off);
    Byte* p = nullptr;
    if (!m.sparse) {
      p = m.bytes.data() + off;
    } else {
      const uint64_t in_page = off % kPageSize;
      n = std::min(n, kPageSize - in_page);
      if (auto& page = m.pages[off / kPageSize]) p = page.get() + in_page;
      else note(Fault::NonResident, a);
    }
    f(done, p, n);
    done += n;
  }
  return first;
}

Result<uint64_t> GpuMemory::insert(uint64_t address, uint64_t size, bool sparse) {
  if (size == 0) return make_error("cannot map an empty range");
  if (address >= kAddressLimit || size > kAddressLimit - address)
    return make_error(fmt::format("range 0x{:x} + 0x{:x} is beyond the 48-bit address space", address, size));
  if (sparse && (address % kPageSize != 0 || size % kPageSize != 0))
    return make_error(fmt::format("sparse range 0x{:x} + 0x{:x} is not a multiple of 64 KiB pages", address, size));
  const auto next = maps_.lower_bound(address);
  if (next != maps_.end() && next->first - address < size)
    return make_error(fmt::format("range 0x{:x} + 0x{:x} overlaps the mapping at 0x{:x}", address, size, next->first));
  if (next != maps_.begin()) {
    const auto prev = std::prev(next);
    if (address - prev->first < prev->second.size)
      return make_error(fmt::format("range 0x{:x} + 0x{:x} overlaps the mapping at 0x{:x}", address, size, prev->first));
  }
  Mapping m;
  m.size = size;
  m.sparse = sparse;
  if (sparse) m.pages.resize(size / kPageSize);
  else m.bytes.assign(size, std::byte{0});
  maps_.emplace(address, std::move(m));
  key_.value = Key::next();
  return address;
}

Result<uint64_t> GpuMemory::find_free(uint64_t size, uint64_t alignment) const {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0)
    return make_error(fmt::format("alignment 0x{:x} is not a power of two", alignment));
  uint64_t candidate = align_up(kHeapBase, alignment);
  for (const auto& [start, m] : maps_) {  // in address order, non-overlapping
    if (start + m.size <= candidate) continue;
    if (start >= candidate && start - candidate >= size) break;  // the gap before this mapping fits
    candidate = align_up(start + m.size, alignment);
    if (candidate >= kAddressLimit) break;
  }
  if (candidate >= kAddressLimit || size > kAddressLimit - candidate)
    return make_error(fmt::format("no free range of 0x{:x} bytes", size));
  return candidate;
}

Result<uint64_t> GpuMemory::map(uint64_t address, uint64_t size) { return insert(address, size, false); }
Result<uint64_t> GpuMemory::map_sparse(uint64_t address, uint64_t size) { return insert(address, size, true); }

Result<uint64_t> GpuMemory::allocate(uint64_t size, uint64_t alignment) {
  auto at = find_free(size, alignment);
  return at ? insert(*at, size, false) : at;
}

Result<uint64_t> GpuMemory::allocate_sparse(uint64_t size) {
  auto at = find_free(size, kPageSize);
  return at ? insert(*at, size, true) : at;
}

bool GpuMemory::unmap(uint64_t address) {
  if (maps_.erase(address) == 0) return false;
  key_.value = Key::next();
  return true;
}

uint64_t GpuMemory::Key::next() {
  static std::atomic<uint64_t> counter{0};
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

Result<uint64_t> GpuMemory::set_resident(uint64_t address, uint64_t size, bool resident) {
  if (size == 0 || address % kPageSize != 0 || size % kPageSize != 0)
    return make_error(fmt::format("range 0x{:x} + 0x{:x} is not a non-empty run of 64 KiB pages", address, size));
  auto next = maps_.upper_bound(address);
  if (next == maps_.begin()) return make_error(fmt::format("0x{:x} is not in a sparse mapping", address));
  auto& [base, m] = *std::prev(next);
  if (!m.sparse || address - base >= m.size || size > m.size - (address - base))
    return make_error(fmt::format("range 0x{:x} + 0x{:x} is not inside one sparse mapping", address, size));
  uint64_t changed = 0;
  for (uint64_t p = (address - base) / kPageSize, end = p + size / kPageSize; p < end; ++p) {
    auto& page = m.pages[p];
    if (resident == static_cast<bool>(page)) continue;
    if (resident) page = std::make_unique<std::byte[]>(kPageSize);  // value-initialized: zeroed
    else page.reset();
    ++changed;
  }
  return changed;
}

MemoryAccess GpuMemory::read(uint64_t address, std::span<std::byte> out) const {
  return walk(maps_, address, out.size(), [&](uint64_t at, const std::byte* p, uint64_t n) {
    if (p) std::memcpy(out.data() + at, p, n);
    else std::memset(out.data() + at, 0, n);
  });
}

MemoryAccess GpuMemory::write(uint64_t address, std::span<const std::byte> in) {
  return walk(maps_, address, in.size(), [&](uint64_t at, std::byte* p, uint64_t n) {
    if (p) std::memcpy(p, in.data() + at, n);
  });
}

const std::byte* GpuMemory::contiguous(uint64_t address, uint64_t size) const {
  auto next = maps_.upper_bound(address);
  if (next == maps_.begin()) return nullptr;
  const auto& [start, m] = *std::prev(next);
  if (m.sparse || address - start >= m.size || size > m.size - (address - start)) return nullptr;
  return m.bytes.data() + (address - start);
}

MemoryAccess GpuMemory::probe(uint64_t address, uint64_t size) const {
  return walk(maps_, address, size, [](uint64_t, const std::byte*, uint64_t) {});
}

}  // namespace tmu::texunit
