// SPDX-License-Identifier: MIT
// The warp-wide fast handlers' shared pieces. A fast handler runs one instruction for all 32 lanes at once from
// its decoded operands (decoded.h): it computes every lane into a row and writes the rows back under the lane
// mask, so that the compiler can keep the lanes in vector registers. Each computes exactly what the op's
// reference handler computes, lane by lane, from the same helper functions (tests/unit/exec_fast_test.cpp runs
// random programs both ways). A decoder looks at a form once and returns its fast handler's builds, or none for
// the forms it leaves to the reference handler (rare modifiers, condition codes, directed rounding).
// Internal to src/exec.
#pragma once

#include <array>
#include <cstdint>
#include <span>

#include "exec/context.h"

// Each fast handler is compiled twice from one body: for the baseline x86-64 (or any other target) and for AVX2
// with FMA, chosen when the program is decoded (DecodedProgram, FastBuild). The body's helpers are always
// inlined, so that they take the caller's instruction set. (The build's -ffp-contract=off keeps the AVX2
// build from fusing a multiply and an add that the reference handler rounds apart.)
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TMU_FAST_VARIANTS 1
#define TMU_FAST_INLINE __attribute__((always_inline)) inline
#define TMU_FAST_HANDLER(name)                                                                           \
  TMU_FAST_INLINE void name##_body(Context& c, const Decoded& d);                                        \
  void name(Context& c, const Decoded& d) { name##_body(c, d); }                                         \
  __attribute__((target("avx2,fma"))) void name##_avx2(Context& c, const Decoded& d) { name##_body(c, d); } \
  TMU_FAST_INLINE void name##_body(Context& c, const Decoded& d)
#define TMU_FAST(name) ::tmu::exec::FastHandlers{name, name##_avx2}
#else
#define TMU_FAST_VARIANTS 0
#define TMU_FAST_INLINE inline
#define TMU_FAST_HANDLER(name) void name(Context& c, const Decoded& d)
#define TMU_FAST(name) ::tmu::exec::FastHandlers{name, name}
#endif

namespace tmu::exec {

using Row = std::array<uint32_t, kLanes>;

// The two builds of a fast handler (TMU_FAST(name)); both nullptr: the form runs in the reference handler.
struct FastHandlers {
  FastHandler baseline = nullptr, avx2 = nullptr;
};
// Fills d's operands and touch list for its instruction and returns the fast handler's builds.
using FastDecoder = FastHandlers (*)(const isa::sm50::Instruction&, Decoded&);
struct FastEntry {
  isa::sm50::Op op;
  FastDecoder decode;
};
std::span<const FastEntry> fast_integer_entries();   // fast_integer.cpp
std::span<const FastEntry> fast_float_entries();     // fast_float.cpp
std::span<const FastEntry> fast_fragment_entries();  // fast_fragment.cpp

namespace fast {

inline constexpr uint8_t kRZ = isa::sm50::Reg::kRZ;


// Lists a register the handler touches (decoded.h): RZ is not listed, a register listed once per direction.
inline void touch(Decoded& d, unsigned r, bool write) {
  if (r == kRZ) return;
  auto& set = write ? d.writes : d.reads;
  const uint64_t bit = uint64_t{1} << (r % 64);
  if (set[r / 64] & bit) return;
  set[r / 64] |= bit;
  if (write) d.touch_writes = static_cast<uint8_t>(d.touch_writes | (1u << d.touches));
  d.touch[d.touches++] = static_cast<uint8_t>(r);
  d.listed = true;
}
// Lists a source: a register source is read.
inline void touch(Decoded& d, const AluSource& s) {
  if (s.kind == AluSource::Kind::Reg) touch(d, s.value, false);
}

// The 32 lanes of register r (RZ: zeros).
TMU_FAST_INLINE const uint32_t* row(const Context& c, unsigned r) {
  static constexpr Row kZero{};
  return r == kRZ ? kZero.data() : c.warp.reg[r].data();
}

// A source for every lane: a register's row, or the value in `scratch`. False when a constant-bank word is
// outside its bank (the caller lets the reference handler report it).
TMU_FAST_INLINE bool fetch(const Context& c, const AluSource& s, Row& scratch, const uint32_t*& out) {
  uint32_t v = s.value;
  if (s.kind == AluSource::Kind::Reg) {
    out = row(c, s.value);
    return true;
  }
  if (s.kind == AluSource::Kind::Cbank) {
    const auto w = c.machine.cbank32(s.value, s.offset);
    if (!w) return false;
    v = *w;
  }
  scratch.fill(v);
  out = scratch.data();
  return true;
}

// Writes v to register r in `lanes`.
TMU_FAST_INLINE void write(Context& c, unsigned r, uint32_t lanes, const Row& v) {
  if (r == kRZ) return;
  uint32_t* d = c.warp.reg[r].data();
  for (unsigned l = 0; l < kLanes; ++l) d[l] = ((lanes >> l) & 1) ? v[l] : d[l];
}

// Predicate p of every lane (PT: all), and its write under `lanes` (PT: discarded).
TMU_FAST_INLINE uint32_t pred(const Context& c, unsigned p) { return p >= 7 ? kAllLanes : c.warp.pred[p]; }
TMU_FAST_INLINE void set_pred(Context& c, unsigned p, uint32_t lanes, uint32_t values) {
  if (p < 7) c.warp.pred[p] = (c.warp.pred[p] & ~lanes) | (values & lanes);
}

// The lane mask of a per-lane condition.
template <typename F>
TMU_FAST_INLINE uint32_t mask_of(F&& f) {
  uint32_t m = 0;
  for (unsigned l = 0; l < kLanes; ++l) m |= static_cast<uint32_t>(f(l) ? 1u : 0u) << l;
  return m;
}

}  // namespace fast
}  // namespace tmu::exec
