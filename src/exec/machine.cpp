// SPDX-License-Identifier: MIT
#include "exec/machine.h"

#include <cstring>

#include "texunit/gpu_memory.h"

namespace tmu::exec {

bool ByteMemory::backing_contains(uint64_t address, std::size_t n) const {
  return n == 0 || backing_->probe(address, n).ok();
}

bool ByteMemory::load(uint64_t address, std::span<std::byte> out) const {
  if (!contains(address, out.size())) return false;
  if (backing_) return backing_->read(address, out).ok();
  std::memcpy(out.data(), bytes_.data() + (address - base_), out.size());
  return true;
}

bool ByteMemory::store(uint64_t address, std::span<const std::byte> in) {
  if (!contains(address, in.size())) return false;
  if (backing_) return backing_->write(address, in).ok();
  std::memcpy(bytes_.data() + (address - base_), in.data(), in.size());
  return true;
}

uint32_t ByteMemory::load32(uint64_t address) const {
  uint32_t v = 0;
  if (backing_) {
    load(address, std::as_writable_bytes(std::span(&v, 1)));
    return v;
  }
  if (contains(address, 4)) std::memcpy(&v, bytes_.data() + (address - base_), 4);
  return v;
}

void ByteMemory::store32(uint64_t address, uint32_t v) {
  if (backing_) {
    store(address, std::as_bytes(std::span(&v, 1)));
    return;
  }
  if (contains(address, 4)) std::memcpy(bytes_.data() + (address - base_), &v, 4);
}

void Machine::set_cbank(unsigned bank, uint32_t offset, std::span<const uint32_t> words) {
  set_cbank(bank, offset, std::as_bytes(words));
}

void Machine::set_cbank(unsigned bank, uint32_t offset, std::span<const std::byte> bytes) {
  auto& b = cbank.at(bank);
  const std::size_t end = std::size_t{offset} + bytes.size();
  if (b.size() < end) b.resize(end);
  std::memcpy(b.data() + offset, bytes.data(), bytes.size());
}

std::optional<uint32_t> Machine::cbank32(unsigned bank, int64_t offset) const {
  if (bank >= kBanks || offset < 0 || offset % 4 != 0) return std::nullopt;
  const auto& b = cbank[bank];
  if (static_cast<uint64_t>(offset) + 4 > b.size()) return std::nullopt;
  uint32_t v = 0;
  std::memcpy(&v, b.data() + offset, 4);
  return v;
}

}  // namespace tmu::exec
