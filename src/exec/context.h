// SPDX-License-Identifier: MIT
// What an instruction handler sees: the warp, the machine, the instruction's lanes, accessors that check register
// ranges and record hazards, and the control-flow state it may change. Internal to src/exec.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <set>
#include <tuple>
#include <span>
#include <string>
#include <vector>

#include "exec/decoded.h"
#include "exec/executor.h"
#include "isa/sm50/instruction.h"

namespace tmu::exec {

// One entry of the reconvergence stack.
struct StackEntry {
  // Call: CAL, JCAL or PRET (RET's target); Exit: PEXIT (EXIT's target); LongJmp: PLONGJMP (LONGJMP's target).
  enum class Kind : uint8_t { Ssy, Divergence, Break, Continue, Call, Exit, LongJmp };
  Kind kind;
  uint32_t mask;        // the threads that resume at `target`
  std::size_t target;   // instruction index
};

// Barrier bookkeeping for hazard reports: for each of the six barriers, the variable-latency instructions still
// outstanding on it (oldest first), the registers they write (or read, for read barriers) and the threads they ran
// for. A later instruction conflicts only through threads of both: after a divergent branch, one side's pending
// write does not change the registers of the threads on the other side (ptxas's div.rn/rcp.rn slow paths read a
// register on one side that a MUFU on the other side writes, without waiting).
struct Scoreboard {
  struct Pending {
    std::array<uint64_t, 4> regs{};  // bit r: register r
    uint64_t writer = 0;             // address of the instruction that set the barrier
    uint32_t lanes = 0;              // the threads it ran for
  };
  // One barrier's outstanding instructions in issue order (DEPBAR counts them) and, for the hazard check, the
  // same merged by writer and registers with their lanes joined: a loop that keeps issuing one instruction without
  // waiting grows the first, not the second, so each access checks each outstanding writer once.
  struct Queue {
    std::vector<Pending> issued, merged;
    void push(const Pending& p);
    void keep_newest(std::size_t count);
    void clear() { issued.clear(), merged.clear(); }
    bool empty() const { return issued.empty(); }
  };
  std::array<Queue, 6> write{}, read{};
  // The wait mask of a control slot: every instruction on those barriers has completed.
  void wait(uint8_t mask);
  // DEPBAR.LE SBn, count: the oldest instructions on barrier n complete until at most `count` remain.
  void wait_until(unsigned barrier, unsigned count);
  // Nothing is outstanding: no access can be a hazard.
  bool empty() const {
    for (unsigned b = 0; b < 6; ++b)
      if (!write[b].empty() || !read[b].empty()) return false;
    return true;
  }
};

class Context {
 public:
  Context(const isa::sm50::Program& p, Warp& w, Machine& m, RunReport& r) : program(p), warp(w), machine(m), report(r) {}

  const isa::sm50::Program& program;
  Warp& warp;
  Machine& machine;
  RunReport& report;

  // Per instruction.
  const isa::sm50::Instruction* inst = nullptr;
  std::size_t index = 0;     // of the instruction
  uint32_t lanes = 0;        // current threads whose guard holds
  std::optional<std::size_t> jump;  // set by control flow: the next instruction
  std::optional<ExecError> error;
  std::optional<BarrierArrival> arrival;  // set by BAR: the warp stops there for its block's scheduler

  // Control flow.
  std::vector<StackEntry> stack;
  Scoreboard scoreboard;

  uint64_t address() const { return inst->address(); }
  static constexpr bool has(uint32_t mask, unsigned lane) { return (mask >> lane) & 1; }

  // Registers. `r` may name a vector element past R254 (R252 with 4 elements): that is an error. RZ reads 0.
  // (Inline for the common case: a register this instruction has already checked for hazards.)
  uint32_t reg(unsigned r, unsigned lane) {
    return r < kRegisters && checked(checked_read_, r) ? warp.reg[r][lane] : reg_checked(r, lane);
  }
  void set_reg(unsigned r, unsigned lane, uint32_t v) {
    if (r < kRegisters && checked(checked_write_, r)) warp.reg[r][lane] = v;
    else set_reg_checked(r, lane, v);
  }
  // Predicates: P0..P6, PT (7).
  bool pred(unsigned p, unsigned lane) const { return p >= 7 || has(warp.pred[p], lane); }
  void set_pred(unsigned p, unsigned lane, bool v) {
    if (p >= 7) return;
    warp.pred[p] = v ? warp.pred[p] | (1u << lane) : warp.pred[p] & ~(1u << lane);
  }
  // c[bank][offset], 32 bits.
  uint32_t cbank(unsigned bank, int64_t offset, unsigned lane);

  // Stops the program (the first error wins).
  void fail(int lane, std::string message);
  bool failed() const { return error.has_value(); }

  // The instruction index of a branch target address (a bundle's control word means its first instruction).
  std::optional<std::size_t> index_of(int64_t address) const;

 private:
  friend class WarpExecution;
  void check_hazard(unsigned r, bool write);
  uint32_t reg_checked(unsigned r, unsigned lane);
  void set_reg_checked(unsigned r, unsigned lane, uint32_t v);
  static bool checked(const std::array<uint64_t, 4>& set, unsigned r) { return (set[r >> 6] >> (r & 63)) & 1; }
  std::array<uint64_t, 4> checked_read_{}, checked_write_{};
  std::set<std::tuple<uint64_t, uint64_t, unsigned, bool>> reported_;  // hazards already reported
  // RunLimits::poison: per register, the threads that have written it; reads already reported.
  std::vector<uint32_t> written_;
  std::set<std::pair<uint64_t, unsigned>> reported_unwritten_;
  void track_unwritten();
};

// One lane's value of a source operand (decoded.h). A constant-bank read outside the bank stops the program
// naming bank, offset and lane.
inline uint32_t read(Context& c, const AluSource& s, unsigned lane) {
  switch (s.kind) {
    case AluSource::Kind::Reg: return c.reg(s.value, lane);
    case AluSource::Kind::Cbank: return c.cbank(s.value, s.offset, lane);
    case AluSource::Kind::Imm: break;
  }
  return s.value;
}

// Per-family handler lists (ops_*.cpp); the executor's dispatch table is built from them.
struct HandlerEntry {
  isa::sm50::Op op;
  Handler handler;
};
std::span<const HandlerEntry> control_handlers();
std::span<const HandlerEntry> texture_handlers();
std::span<const HandlerEntry> interp_handlers();
std::span<const HandlerEntry> float_handlers();
std::span<const HandlerEntry> integer_handlers();
std::span<const HandlerEntry> conversion_handlers();
std::span<const HandlerEntry> memory_handlers();
std::span<const HandlerEntry> video_handlers();  // ops_video.cpp
std::span<const HandlerEntry> half_handlers();   // ops_half.cpp
std::span<const HandlerEntry> surface_handlers();  // ops_surface.cpp

// The condition-code test `cc` (CondCode numbering, shared by BRA's CC.xx and CSETP / CSET) of the flags of one
// lane; nullopt for the tests the executor does not model (ops_control.cpp).
std::optional<bool> cc_test(const Context& c, uint32_t cc, unsigned lane);


}  // namespace tmu::exec
