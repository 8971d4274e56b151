// SPDX-License-Identifier: MIT
// A program decoded once for the executor: each instruction's handler looked up, its guard and control word
// unpacked and, for the forms a warp-wide fast handler covers (fast.h), its operands resolved and the registers it
// reads and writes listed in the order the reference handler first touches them, so that hazard reports come out
// as the reference handler's would. Built once per program (run() builds one per call; a caller that runs many
// warps of one program, such as the renderer or a launch, builds it once) and read-only while warps run.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "isa/sm50/program.h"

namespace tmu::exec {

class Context;
struct Decoded;

// A reference handler runs one instruction lane by lane through the checked register accessors (context.h); a
// fast handler runs it on the whole warp from its decoded operands.
using Handler = void (*)(Context&, const isa::sm50::Instruction&);
using FastHandler = void (*)(Context&, const Decoded&);

// A source operand as an ALU form names it: a register, a constant-bank word or an immediate already widened to
// its 32 bits.
struct AluSource {
  enum class Kind : uint8_t { Reg, Cbank, Imm };
  Kind kind = Kind::Imm;
  uint32_t value = 0;  // Reg: the register's index; Cbank: the bank; Imm: the 32 bits
  int64_t offset = 0;  // Cbank: the byte offset in the bank

  static AluSource reg(unsigned r) { return {Kind::Reg, r, 0}; }
  static AluSource imm(uint32_t v) { return {Kind::Imm, v, 0}; }
  // An encoded constant-bank operand: bank [34..38] and word offset [20..33] as one 19-bit value (the offset is
  // unsigned: a bank holds 64 KiB); `extra` bytes past the word (a double's high word).
  static AluSource cbank(uint32_t v, unsigned extra = 0) {
    return {Kind::Cbank, (v >> 14) & 0x1f, int64_t{v & 0x3fff} * 4 + extra};
  }
};

struct Decoded {
  const isa::sm50::Instruction* inst = nullptr;
  Handler reference = nullptr;  // nullptr: the executor does not model the op
  FastHandler fast = nullptr;   // nullptr: the reference handler runs
  bool fixed_latency = true;
  uint8_t wait = 0;             // the control slot's wait mask
  uint8_t guard = 7;            // the guard predicate (7: PT)
  bool guard_negated = false;

  // The fast handler's operands; what each field means is the handler's (fast_*.cpp).
  uint8_t rd = 255, ra = 255;   // register rows (255: RZ)
  uint8_t p0 = 7, p1 = 7, p2 = 7;
  AluSource b, c;
  uint32_t flags = 0;
  uint32_t aux = 0;
  uint64_t aux64 = 0;
  std::shared_ptr<const void> plan;  // what a handler decodes beyond these fields (a texture instruction's plan)

  // The registers the fast handler reads and writes, in the reference handler's first-touch order (RZ left out);
  // `listed` false: the fast handler reads and writes through the checked accessors itself.
  bool listed = false;
  uint8_t touches = 0;
  uint8_t touch_writes = 0;  // bit i: touch i is a write
  std::array<uint8_t, 6> touch{};
  std::array<uint64_t, 4> reads{}, writes{};  // the same as sets (bit r: register r)
};

// Which build of the fast handlers a decoded program runs (fast.h): the best the CPU has (AVX2 with FMA where
// it has them, unless the environment variable TMU_EXEC_ISA is "baseline"), or the baseline build (for
// comparing the two).
enum class FastBuild : uint8_t { Best, Baseline };

class DecodedProgram {
 public:
  // `program` must outlive the decoded program.
  explicit DecodedProgram(const isa::sm50::Program& program, FastBuild build = FastBuild::Best);
  const isa::sm50::Program& program() const { return *program_; }
  std::size_t size() const { return code_.size(); }
  const Decoded& operator[](std::size_t k) const { return code_[k]; }
  // How many instructions have a fast handler.
  std::size_t fast_count() const;

 private:
  const isa::sm50::Program* program_;
  std::vector<Decoded> code_;
};

}  // namespace tmu::exec
