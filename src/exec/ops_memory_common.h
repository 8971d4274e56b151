// SPDX-License-Identifier: MIT
// Shared by the memory handlers (ops_memory*.cpp): address operands, register vectors and checked accesses to
// the machine's memories. Every failure stops the program with an error naming the address and the lane, as the
// hardware faults (misaligned or out-of-range addresses, misaligned register vectors). Internal to src/exec.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "exec/context.h"
#include "isa/sm50/memory_enums.h"
#include "texunit/atomic.h"

namespace tmu::exec::memory {

// The address register of a form: ra, or the forms' restricted variants (mem_ranz, mem_rarz); RZ when none.
unsigned address_register(const isa::sm50::Instruction& in);

// [Ra + offset] for one lane (section 1.1 of the layout note): with a register the offset field is two's
// complement of its width (times `scale`), without one (RZ) it is the unsigned field value (the printer's
// [0xfffff0]). With .E the base is the 64-bit pair Ra+1:Ra (Ra even) and the sum wraps at 64 bits; without it
// the sum wraps at 32 bits. nullopt when the lane has failed.
std::optional<uint64_t> address(Context& c, const isa::sm50::Instruction& in, unsigned lane, isa::sm50::Opd off,
                                unsigned scale, bool wide);

// Bytes moved by an access size (.U8 .. .128); 0 for the invalid encodings.
unsigned size_bytes(isa::sm50::MemSize s);

// Checks that register vector Rr..Rr+n-1 is aligned to n (n = 2 or 4) and inside the file; RZ is a vector of
// zeros. False (and the program stops) otherwise.
bool check_vector(Context& c, unsigned r, unsigned words, unsigned lane, std::string_view what);

// Reads / writes word i of register vector r (RZ: reads 0, writes vanish).
uint32_t vec_reg(Context& c, unsigned r, unsigned i, unsigned lane);
void set_vec_reg(Context& c, unsigned r, unsigned i, unsigned lane, uint32_t v);

// A checked access of out.size() bytes at `address` in memory `m` (named `space` in errors): the address must be
// aligned to the access size and the bytes inside the memory.
bool load(Context& c, unsigned lane, const ByteMemory& m, std::string_view space, uint64_t address,
          std::span<std::byte> out);
bool store(Context& c, unsigned lane, ByteMemory& m, std::string_view space, uint64_t address,
           std::span<const std::byte> in);
// The same with the alignment checked against `align` bytes rather than the size (attributes: 4).
bool load_aligned(Context& c, unsigned lane, const ByteMemory& m, std::string_view space, uint64_t address,
                  std::span<std::byte> out, unsigned align);
bool store_aligned(Context& c, unsigned lane, ByteMemory& m, std::string_view space, uint64_t address,
                   std::span<const std::byte> in, unsigned align);

// The atomics' data types and operations (ATOM, ATOMS, RED, SURED, SUATOM) are the texture unit's
// (texunit/atomic.h); the instruction's operation field in its terms (the same order, ADD .. EXCH), nullopt for
// SAFEADD and the invalid encoding.
using AtomKind = texunit::AtomicType;
std::optional<texunit::AtomicOp> atomic_op(isa::sm50::AtomOp op);

// Handlers defined in ops_memory_atomic.cpp and ops_memory_attr.cpp; memory_handlers() (ops_memory.cpp) lists them.
void atom(Context& c, const isa::sm50::Instruction& in);       // ATOM, ATOMS, RED
void atom_cas(Context& c, const isa::sm50::Instruction& in);   // ATOM.CAS, ATOMS.CAS
void al2p(Context& c, const isa::sm50::Instruction& in);
void ald(Context& c, const isa::sm50::Instruction& in);
void ast(Context& c, const isa::sm50::Instruction& in);
void out(Context& c, const isa::sm50::Instruction& in);
void pixld(Context& c, const isa::sm50::Instruction& in);

}  // namespace tmu::exec::memory
