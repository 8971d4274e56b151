// SPDX-License-Identifier: MIT
// Atomics: ATOM (global, returns the old value in Rd), ATOMS (shared, word-scaled offset), RED (global, no
// result: Rd is the data), ATOM.CAS and ATOMS.CAS. The lanes of one instruction are serialized in ascending lane
// order: each lane reads the value the lanes below it left. The operations are PTX's atom, written once in
// texunit/atomic.h (the surfaces' SURED and SUATOM use them too). Other type/operation pairs stop the program, as
// do SAFEADD and SM50's .U128, whose semantics are not public.
#include <array>
#include <bit>
#include <cstring>

#include <fmt/format.h>

#include "exec/ops_memory_common.h"
#include "texunit/numeric.h"

namespace tmu::exec::memory {

using isa::sm50::AtomOp;
using isa::sm50::AtomsCasMode;
using isa::sm50::AtomsType;
using isa::sm50::AtomType;
using isa::sm50::Instruction;
using isa::sm50::MemBcRz;
using isa::sm50::Op;
using isa::sm50::Opd;
using isa::sm50::Reg;

namespace {

using Kind = AtomKind;
constexpr std::array<std::string_view, 8> kKindNames{".U32", ".S32", ".U64", ".S64", ".F32.FTZ.RN",
                                                     ".F16x2.FTZ.RN", ".U128", ".INVALIDATOMICSIZE"};

Kind kind_of(const Instruction& in) {
  if (in.has(Opd::atoms_type)) {
    switch (in.get<Opd::atoms_type>()) {
      case AtomsType::U32: return Kind::U32;
      case AtomsType::S32: return Kind::S32;
      case AtomsType::U64: return Kind::U64;
      case AtomsType::S64: return Kind::S64;
    }
  }
  switch (in.get<Opd::atom_type>()) {
    case AtomType::U32: return Kind::U32;
    case AtomType::S32: return Kind::S32;
    case AtomType::U64: return Kind::U64;
    case AtomType::S64: return Kind::S64;
    case AtomType::F32_FTZ_RN: return Kind::F32;
    case AtomType::U128_F16x2: return in.arch() == isa::Arch::SM50 ? Kind::U128 : Kind::F16x2;
    default: return Kind::Invalid;
  }
}

bool is64(Kind k) { return texunit::is_64bit(k); }

AtomOp op_of(const Instruction& in) {
  if (in.has(Opd::atoms_op)) return in.get<Opd::atoms_op>();
  if (in.has(Opd::red_op)) return in.get<Opd::red_op>();
  return in.get<Opd::atom_op>();
}

struct Where {
  ByteMemory* memory;
  std::string_view name;
  Opd offset;
  unsigned scale;
  bool wide;
};

Where where(Context& c, const Instruction& in) {
  const bool shared = in.op() == Op::ATOMS || in.op() == Op::ATOMS_CAS;
  if (shared) return {&c.machine.shared, "shared", Opd::mem_woff, 4, false};
  return {&c.machine.global, "global", Opd::mem_off, 1, in.get_or<Opd::mem_e>(false)};
}

uint64_t read_le(const std::array<std::byte, 8>& b) {
  uint64_t v = 0;
  std::memcpy(&v, b.data(), 8);
  return v;
}

uint64_t reg64(Context& c, unsigned r, unsigned words, unsigned lane) {
  const uint64_t lo = vec_reg(c, r, 0, lane);
  return words == 2 ? lo | uint64_t{vec_reg(c, r, 1, lane)} << 32 : lo;
}

void set_reg64(Context& c, unsigned r, unsigned words, unsigned lane, uint64_t v) {
  set_vec_reg(c, r, 0, lane, static_cast<uint32_t>(v));
  if (words == 2) set_vec_reg(c, r, 1, lane, static_cast<uint32_t>(v >> 32));
}

// One lane's read-modify-write: reads the old value, stores f(old) when it has one; returns the old value.
template <typename F>
std::optional<uint64_t> rmw(Context& c, const Instruction& in, unsigned lane, unsigned bytes, F&& f) {
  const Where w = where(c, in);
  const auto a = address(c, in, lane, w.offset, w.scale, w.wide);
  if (!a) return std::nullopt;
  std::array<std::byte, 8> buf{};
  if (!load(c, lane, *w.memory, w.name, *a, std::span<std::byte>(buf.data(), bytes))) return std::nullopt;
  const uint64_t old = read_le(buf);
  if (const std::optional<uint64_t> v = f(old)) {
    std::memcpy(buf.data(), &*v, 8);
    if (!store(c, lane, *w.memory, w.name, *a, std::span<const std::byte>(buf.data(), bytes))) return std::nullopt;
  }
  return old;
}

// ATOM and ATOM.CAS with a predicate destination (SM52): the model writes true, the access having completed
// (what else the hardware reports there is not public).
void write_pd(Context& c, const Instruction& in) {
  if (!in.has(Opd::mem_pdinv) || c.failed()) return;
  const unsigned pd = 7 - in.get<Opd::mem_pdinv>();
  for_lanes(c.lanes, [&](unsigned lane) { c.set_pred(pd, lane, true); });
}

}  // namespace

std::optional<texunit::AtomicOp> atomic_op(AtomOp op) {
  static_assert(static_cast<int>(AtomOp::EXCH) == static_cast<int>(texunit::AtomicOp::Exch) &&
                static_cast<int>(AtomOp::MIN) == static_cast<int>(texunit::AtomicOp::Min));
  if (op > AtomOp::EXCH) return std::nullopt;
  return static_cast<texunit::AtomicOp>(op);
}

void atom(Context& c, const Instruction& in) {
  const Kind k = kind_of(in);
  const AtomOp op = op_of(in);
  const std::string_view op_name = isa::sm50::kAtomOp.values[static_cast<std::size_t>(op)].text;
  if (op == AtomOp::SAFEADD)
    return c.fail(-1, fmt::format("{}.SAFEADD is not modelled (its semantics are not public)",
                                  isa::sm50::op_name(in.op())));
  if (k == Kind::U128 || k == Kind::Invalid)
    return c.fail(-1, fmt::format("{}{}{} is not modelled", isa::sm50::op_name(in.op()), op_name,
                                  kKindNames[static_cast<std::size_t>(k)]));
  const std::optional<texunit::AtomicOp> top = atomic_op(op);
  if (!top || !texunit::atomic_combine(*top, k, 0, 0))
    return c.fail(-1, fmt::format("{}{}{}: the operation has no form for this type", isa::sm50::op_name(in.op()),
                                  op_name, kKindNames[static_cast<std::size_t>(k)]));
  const bool red = in.op() == Op::RED;
  const unsigned words = is64(k) ? 2 : 1;
  const unsigned rd = in.get<Opd::rd>().index;
  const unsigned data = red ? rd : in.get<Opd::rb>().index;
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.failed() || !check_vector(c, data, words, lane, "data") ||
        (!red && !check_vector(c, rd, words, lane, "destination")))
      return;
    const uint64_t b = reg64(c, data, words, lane);
    const auto old = rmw(c, in, lane, 4 * words, [&](uint64_t o) { return texunit::atomic_combine(*top, k, o, b); });
    if (old && !red) set_reg64(c, rd, words, lane, *old);
  });
  write_pd(c, in);
}

// CAS (section 6.3): compare with the first data operand, store the second when they match; Rd gets the old
// value. The operands are Rb and the register after it (Rb+2 with .64), or RZ in place of either (bcrz).
// ATOMS.CAST and .CAST.SPIN write Rd = 1 when the store happened and 0 when it did not: ptxas's shared-memory
// retry loops (LDS.U, then ATOMS.CAST.SPIN, then ISETP.EQ Rd, RZ and a branch back) test it that way.
void atom_cas(Context& c, const Instruction& in) {
  const bool wide_data = in.get<Opd::mem_64>();
  const unsigned words = wide_data ? 2 : 1;
  const unsigned rd = in.get<Opd::rd>().index, rb = in.get<Opd::rb>().index;
  const MemBcRz bz = in.get<Opd::mem_bcrz>();
  const bool flag_result = in.has(Opd::atomscas_mode) && in.get<Opd::atomscas_mode>() != AtomsCasMode::CAS;
  for_lanes(c.lanes, [&](unsigned lane) {
    if (c.failed() || !check_vector(c, rd, flag_result ? 1 : words, lane, "destination") ||
        !check_vector(c, rb, words, lane, "compare operand"))
      return;
    uint64_t cmp = 0, value = 0;
    if (bz == MemBcRz::FirstRZ) {
      value = reg64(c, rb, words, lane);
    } else {
      cmp = reg64(c, rb, words, lane);
      if (bz != MemBcRz::SecondRZ) {
        const unsigned second = rb + words;  // RZ as Rb ("???255") names registers past the file
        if (rb == Reg::kRZ || second + words - 1 >= kRegisters)
          return c.fail(static_cast<int>(lane), fmt::format("the second CAS operand R{} runs past R254", second));
        value = reg64(c, second, words, lane);
      }
    }
    bool stored = false;
    const auto old = rmw(c, in, lane, 4 * words, [&](uint64_t o) -> std::optional<uint64_t> {
      if (o != cmp) return std::nullopt;
      stored = true;
      return value;
    });
    if (!old) return;
    if (flag_result) set_vec_reg(c, rd, 0, lane, stored ? 1 : 0);
    else set_reg64(c, rd, words, lane, *old);
  });
  write_pd(c, in);
}

}  // namespace tmu::exec::memory
