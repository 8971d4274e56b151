// SPDX-License-Identifier: MIT
// Semantics of the memory instructions: loads and stores (LD, ST, LDG, STG, LDL, LDS, STL, STS), constant loads
// (LDC) and cache control (CCTL, CCTLL, CCTLT: no-ops, the model has no caches). Atomics are in
// ops_memory_atomic.cpp, attributes and pixel information in ops_memory_attr.cpp. MEMBAR, BAR and DEPBAR are
// control handlers (ops_control.cpp): the memories are coherent, and BAR stops the warp for its block's scheduler.
//
// Lanes run in ascending order; where several lanes store to one address the highest lane's value stays. Sizes
// below 32 bits zero- (.U8, .U16) or sign-extend (.S8, .S16) into Rd; .64 and .128 move the register vectors
// Rd..Rd+1 and Rd..Rd+3, which must be aligned (R4 for .128, not R2), as the hardware requires. Addresses must be
// aligned to the access size and inside the memory; otherwise the program stops with the address and the lane.
#include <algorithm>
#include <array>
#include <cstring>

#include <fmt/format.h>

#include "common/bits.h"
#include "exec/ops_memory_common.h"

namespace tmu::exec {

using isa::sm50::Instruction;
using isa::sm50::LdcMode;
using isa::sm50::MemSize;
using isa::sm50::Op;
using isa::sm50::Opd;
using namespace memory;

namespace {

enum class Space : uint8_t { Generic, Global, Local, Shared };

struct Target {
  ByteMemory* memory;
  std::string_view name;
  uint64_t address;
};

// Generic addresses (LD, ST) fall into the shared or local window when the machine has one, else into global
// memory.
Target resolve(Machine& m, Space s, unsigned lane, uint64_t a) {
  switch (s) {
    case Space::Global: return {&m.global, "global", a};
    case Space::Shared: return {&m.shared, "shared", a};
    case Space::Local: return {&m.local[lane], "local", a};
    case Space::Generic: break;
  }
  auto in_window = [a](const std::optional<uint64_t>& base, uint64_t size, const ByteMemory& memory) {
    return base && a >= *base && a - *base < (size != 0 ? size : memory.size());
  };
  if (in_window(m.shared_window, m.shared_window_size, m.shared))
    return {&m.shared, "shared", m.shared.base() + (a - *m.shared_window)};
  if (in_window(m.local_window, m.local_window_size, m.local[lane]))
    return {&m.local[lane], "local", m.local[lane].base() + (a - *m.local_window)};
  return {&m.global, "global", a};
}

Space space_of(Op op) {
  switch (op) {
    case Op::LDG: case Op::STG: return Space::Global;
    case Op::LDL: case Op::STL: return Space::Local;
    case Op::LDS: case Op::STS: return Space::Shared;
    default: return Space::Generic;
  }
}

MemSize size_of(const Instruction& in) {
  if (in.has(Opd::mem_ldsize)) return in.get<Opd::mem_ldsize>();
  if (in.has(Opd::mem_ldsusize)) return in.get<Opd::mem_ldsusize>();
  return in.get<Opd::mem_size>();
}

// The access size in bytes, or 0 (and the program stops) for an invalid size encoding. LD and LDG's size 7
// (.U.128) moves 128 bits like .128; elsewhere 7 is .INVALIDSIZE7.
unsigned checked_size(Context& c, const Instruction& in) {
  const MemSize s = size_of(in);
  if (s == MemSize::U128 && !in.has(Opd::mem_ldsize)) {
    c.fail(-1, fmt::format("{} with size encoding 7 (.INVALIDSIZE7)", isa::sm50::op_name(in.op())));
    return 0;
  }
  return size_bytes(s);
}

uint32_t extend(MemSize s, const std::array<std::byte, 16>& b) {
  const uint32_t u8 = std::to_integer<uint32_t>(b[0]);
  const uint32_t u16 = u8 | std::to_integer<uint32_t>(b[1]) << 8;
  switch (s) {
    case MemSize::U8: return u8;
    case MemSize::S8: return static_cast<uint32_t>(sign_extend(u8, 8));
    case MemSize::U16: return u16;
    case MemSize::S16: return static_cast<uint32_t>(sign_extend(u16, 16));
    default: return 0;
  }
}

// LD and ST carry a second predicate Ps (printed last when not PT). It does not enable the access: Mesa's nouveau
// emits PT there for every generic access (nv50_ir_emit_gm107.cpp, emitLD / emitST), and ptxas 11.8 passes LEA.HI.X's
// Pd, which holds where the address lies at or above 4 GiB (ops_integer.cpp, lea), for shared- and local-window
// addresses as well, whose accesses must happen. It tells the access that the address is outside the generic
// windows, which lie below 4 GiB; the model resolves every generic address through the windows itself, so Ps
// changes nothing. LDG's SM52 predicate destination is written true: every access the model does not stop on has
// succeeded.

void load_store(Context& c, const Instruction& in) {
  const bool is_store = in.op() == Op::ST || in.op() == Op::STG || in.op() == Op::STL || in.op() == Op::STS;
  const unsigned n = checked_size(c, in);
  if (n == 0) return;
  const MemSize size = size_of(in);
  const unsigned words = std::max(1u, n / 4);
  const unsigned rd = in.get<Opd::rd>().index;
  const bool wide = in.get_or<Opd::mem_e>(false);
  const Space space = space_of(in.op());
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.failed() || !check_vector(c, rd, words, lane, is_store ? "data" : "destination")) return;
    const auto a = address(c, in, lane, Opd::mem_off, 1, wide);
    if (!a) return;
    const Target t = resolve(c.machine, space, lane, *a);
    std::array<std::byte, 16> buf{};
    if (is_store) {
      for (unsigned i = 0; i < words; ++i) {
        const uint32_t v = vec_reg(c, rd, i, lane);
        std::memcpy(buf.data() + 4 * i, &v, 4);
      }
      store(c, lane, *t.memory, t.name, t.address, std::span<const std::byte>(buf.data(), n));
      return;
    }
    if (!load(c, lane, *t.memory, t.name, t.address, std::span<std::byte>(buf.data(), n))) return;
    if (n < 4) return set_vec_reg(c, rd, 0, lane, extend(size, buf));
    for (unsigned i = 0; i < words; ++i) {
      uint32_t v = 0;
      std::memcpy(&v, buf.data() + 4 * i, 4);
      set_vec_reg(c, rd, i, lane, v);
    }
  });
  if (in.has(Opd::mem_pdinv) && !c.failed()) {
    const unsigned pd = 7 - in.get<Opd::mem_pdinv>();  // stored as 7 - index
    for_lanes(c.lanes, [&](unsigned lane) { c.set_pred(pd, lane, true); });
  }
}

// LDC Rd, c[bank][Ra + offset] (section 5): the 16-bit offset is signed. .IS and .ISL ("segmented") take the bank
// from Ra too: bank + Ra[31:16], offset Ra[15:0] + offset; .IL adds like the default mode. This follows the open
// Maxwell recompilers (Ryujinx's LDC); NVIDIA does not document LDC's modes, and what .IL and .ISL's "linear"
// changes beyond that is not known publicly.
void ldc(Context& c, const Instruction& in) {
  const MemSize size = in.get<Opd::ldc_size>();
  if (size == MemSize::B128 || size == MemSize::U128)
    return c.fail(-1, fmt::format("LDC with size encoding {} (.INVALIDSIZE{})", static_cast<unsigned>(size),
                                  static_cast<unsigned>(size)));
  const unsigned n = size_bytes(size), words = std::max(1u, n / 4);
  const unsigned rd = in.get<Opd::rd>().index, ra = in.get<Opd::ra>().index;
  const uint32_t bank0 = in.get<Opd::ldc_bank>();
  const int64_t off = sign_extend(in.get<Opd::ldc_off>(), 16);
  const LdcMode mode = in.get<Opd::ldc_mode>();
  const bool segmented = mode == LdcMode::IS || mode == LdcMode::ISL;
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.failed() || !check_vector(c, rd, words, lane, "destination")) return;
    const uint32_t r = c.reg(ra, lane);
    const uint64_t bank = segmented ? uint64_t{bank0} + (r >> 16) : bank0;
    const int64_t offset = segmented ? int64_t{r & 0xffff} + off : int64_t{static_cast<int32_t>(r)} + off;
    const std::size_t bank_size = bank < Machine::kBanks ? c.machine.cbank[bank].size() : 0;
    if (bank >= Machine::kBanks || offset < 0 || static_cast<uint64_t>(offset) + n > bank_size)
      return c.fail(static_cast<int>(lane), fmt::format("LDC reads {} bytes at c[{:#x}][{:#x}], outside constant "
                                                        "bank {} ({:#x} bytes; banks 0..{})", n, bank, offset,
                                                        bank, bank_size, Machine::kBanks - 1));
    if (offset % n != 0)
      return c.fail(static_cast<int>(lane), fmt::format("LDC reads {} bytes at c[{:#x}][{:#x}]: the offset is "
                                                        "not aligned to {} bytes (misaligned address)", n, bank,
                                                        offset, n));
    std::array<std::byte, 16> buf{};
    std::memcpy(buf.data(), c.machine.cbank[bank].data() + offset, n);
    if (n < 4) return set_vec_reg(c, rd, 0, lane, extend(size, buf));
    for (unsigned i = 0; i < words; ++i) {
      uint32_t v = 0;
      std::memcpy(&v, buf.data() + 4 * i, 4);
      set_vec_reg(c, rd, i, lane, v);
    }
  });
}

// Cache control: the model's memories are always coherent, so invalidating or writing back changes nothing.
void cache_control(Context&, const Instruction&) {}

constexpr HandlerEntry kHandlers[] = {
    {Op::LD, load_store},     {Op::ST, load_store},     {Op::LDG, load_store},    {Op::STG, load_store},
    {Op::LDL, load_store},    {Op::LDS, load_store},    {Op::STL, load_store},    {Op::STS, load_store},
    {Op::LDC, ldc},           {Op::ATOM, atom},         {Op::ATOMS, atom},        {Op::RED, atom},
    {Op::ATOM_CAS, atom_cas}, {Op::ATOMS_CAS, atom_cas}, {Op::CCTL, cache_control}, {Op::CCTLL, cache_control},
    {Op::CCTLT, cache_control}, {Op::AL2P, al2p},       {Op::ALD, ald},           {Op::AST, ast},
    {Op::OUT, out},           {Op::PIXLD, pixld},
};

}  // namespace

std::span<const HandlerEntry> memory_handlers() { return kHandlers; }

}  // namespace tmu::exec
