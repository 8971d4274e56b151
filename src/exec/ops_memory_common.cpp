// SPDX-License-Identifier: MIT
#include "exec/ops_memory_common.h"

#include <fmt/format.h>

#include "common/bits.h"

namespace tmu::exec::memory {

using isa::sm50::Instruction;
using isa::sm50::MemSize;
using isa::sm50::Opd;
using isa::sm50::Reg;

unsigned address_register(const Instruction& in) {
  if (in.has(Opd::ra)) return in.get<Opd::ra>().index;
  if (in.has(Opd::mem_ranz)) return in.get<Opd::mem_ranz>().index;
  if (in.has(Opd::mem_rarz)) return in.get<Opd::mem_rarz>().index;
  return Reg::kRZ;
}

std::optional<uint64_t> address(Context& c, const Instruction& in, unsigned lane, Opd off, unsigned scale,
                                bool wide) {
  const unsigned ra = address_register(in);
  const bool has_off = in.has(off);
  const uint32_t raw = has_off ? in.raw(off) : 0;
  if (ra == Reg::kRZ) return uint64_t{raw} * scale;  // absolute: the unsigned field
  const int64_t offset = has_off ? sign_extend(raw, in.width(off)) * scale : 0;
  if (!wide) return uint32_t(c.reg(ra, lane) + static_cast<uint32_t>(offset));
  // A 64-bit address is an aligned register pair, like every 64-bit register operand.
  if (ra % 2 != 0) {
    c.fail(static_cast<int>(lane), fmt::format("R{} is not an even register: a 64-bit (.E) address takes an "
                                               "aligned register pair (misaligned register)", ra));
    return std::nullopt;
  }
  const uint64_t base = uint64_t{c.reg(ra + 1, lane)} << 32 | c.reg(ra, lane);
  if (c.failed()) return std::nullopt;
  return base + static_cast<uint64_t>(offset);
}

unsigned size_bytes(MemSize s) {
  switch (s) {
    case MemSize::U8: case MemSize::S8: return 1;
    case MemSize::U16: case MemSize::S16: return 2;
    case MemSize::B32: return 4;
    case MemSize::B64: return 8;
    case MemSize::B128: case MemSize::U128: return 16;
  }
  return 0;
}

bool check_vector(Context& c, unsigned r, unsigned words, unsigned lane, std::string_view what) {
  if (r == Reg::kRZ || words <= 1) return true;
  if (r % words != 0) {
    c.fail(static_cast<int>(lane), fmt::format("{} R{} is not aligned to {} registers for a {}-bit vector "
                                               "(misaligned register)", what, r, words, words * 32));
    return false;
  }
  if (r + words - 1 >= kRegisters) {
    c.fail(static_cast<int>(lane), fmt::format("{} R{}..R{} runs past R254", what, r, r + words - 1));
    return false;
  }
  return true;
}

uint32_t vec_reg(Context& c, unsigned r, unsigned i, unsigned lane) {
  return r == Reg::kRZ ? 0 : c.reg(r + i, lane);
}

void set_vec_reg(Context& c, unsigned r, unsigned i, unsigned lane, uint32_t v) {
  if (r != Reg::kRZ) c.set_reg(r + i, lane, v);
}

namespace {

bool check(Context& c, unsigned lane, const ByteMemory& m, std::string_view space, uint64_t a, std::size_t n,
           unsigned align, bool is_store) {
  const char* verb = is_store ? "store to" : "load from";
  if (align > 1 && a % align != 0) {
    c.fail(static_cast<int>(lane), fmt::format("{}-byte {} {} memory at {:#x}: the address is not aligned to {} "
                                               "bytes (misaligned address)", n, verb, space, a, align));
    return false;
  }
  if (!m.contains(a, n) && m.backing()) {
    c.fail(static_cast<int>(lane), fmt::format("{}-byte {} {} memory at {:#x}: not mapped (out of range address)", n,
                                               verb, space, a));
    return false;
  }
  if (!m.contains(a, n)) {
    c.fail(static_cast<int>(lane), fmt::format("{}-byte {} {} memory at {:#x}: outside [{:#x}, {:#x}) (out of "
                                               "range address)", n, verb, space, a, m.base(), m.base() + m.size()));
    return false;
  }
  return true;
}

}  // namespace

bool load_aligned(Context& c, unsigned lane, const ByteMemory& m, std::string_view space, uint64_t address,
                  std::span<std::byte> out, unsigned align) {
  return check(c, lane, m, space, address, out.size(), align, false) && m.load(address, out);
}

bool store_aligned(Context& c, unsigned lane, ByteMemory& m, std::string_view space, uint64_t address,
                   std::span<const std::byte> in, unsigned align) {
  return check(c, lane, m, space, address, in.size(), align, true) && m.store(address, in);
}

bool load(Context& c, unsigned lane, const ByteMemory& m, std::string_view space, uint64_t address,
          std::span<std::byte> out) {
  return load_aligned(c, lane, m, space, address, out, static_cast<unsigned>(out.size()));
}

bool store(Context& c, unsigned lane, ByteMemory& m, std::string_view space, uint64_t address,
           std::span<const std::byte> in) {
  return store_aligned(c, lane, m, space, address, in, static_cast<unsigned>(in.size()));
}

}  // namespace tmu::exec::memory
