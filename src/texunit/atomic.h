// SPDX-License-Identifier: MIT
// The read-modify-write operations of the atomics: the memory instructions' (ATOM, ATOMS, RED), the surfaces'
// (SURED, SUATOM) and NIR's image atomics, as PTX ISA's "atom" defines them:
//   Add  old + b (wrapping; F32: fp32 add rounded to nearest even, denormal inputs and result flushed to
//        sign-preserving zero, a NaN sum the canonical 0x7fffffff, as Maxwell's FADD writes; F16x2 (SM52): the
//        same on each 16-bit half, NaN 0x7fff)
//   Min, Max  signed for S32 / S64, unsigned for U32 / U64
//   Inc  (old >= b) ? 0 : old + 1          Dec  (old == 0 || old > b) ? b : old - 1     (U32 only)
//   And, Or, Xor  bitwise (integer types)  Exch  b
// Values are the low 32 bits of the 64-bit words for 32-bit types.
#pragma once

#include <cstdint>
#include <optional>

namespace tmu::texunit {

enum class AtomicOp : uint8_t { Add, Min, Max, Inc, Dec, And, Or, Xor, Exch };
enum class AtomicType : uint8_t { U32, S32, U64, S64, F32, F16x2, U128, Invalid };

constexpr bool is_64bit(AtomicType t) { return t == AtomicType::U64 || t == AtomicType::S64; }

// The new memory value, or nullopt when the operation has no form for the type (and for U128 and Invalid, whose
// semantics are not public).
std::optional<uint64_t> atomic_combine(AtomicOp op, AtomicType type, uint64_t old, uint64_t b);

}  // namespace tmu::texunit
