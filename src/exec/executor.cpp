// SPDX-License-Identifier: MIT
#include "exec/executor.h"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "exec/context.h"
#include "isa/sm50/printer.h"

namespace tmu::exec {

using isa::sm50::Instruction;
using isa::sm50::Op;

std::string ExecError::to_string() const {
  if (lane < 0) return fmt::format("at {:#06x}: {}", address, message);
  return fmt::format("at {:#06x}, lane {}: {}", address, lane, message);
}

std::string Hazard::to_string() const {
  switch (kind) {
    case Kind::WriteAfterRead:
      return fmt::format("at {:#06x}: write-after-read hazard: R{} is overwritten while the instruction at {:#06x} "
                         "may still read it (read barrier SB{} not waited on)", address, reg, writer_address, barrier);
    case Kind::WriteAfterWrite:
      return fmt::format("at {:#06x}: write-after-write hazard: R{} is written before the instruction at {:#06x} has "
                         "written it, whose later write wins (write barrier SB{} not waited on)", address, reg,
                         writer_address, barrier);
    case Kind::ReadAfterWrite: break;
  }
  return fmt::format("at {:#06x}: read-after-write hazard: R{} is read before the instruction at {:#06x} has "
                     "written it (write barrier SB{} not waited on)", address, reg, writer_address, barrier);
}

std::string UninitialisedRead::to_string() const {
  return fmt::format("at {:#06x}: R{} is read by threads {:#010x}, for which no instruction has written it (it "
                     "holds the poison value {:#x})", address, reg, lanes, kPoison);
}

void Scoreboard::Queue::push(const Pending& p) {
  issued.push_back(p);
  for (auto& m : merged)
    if (m.writer == p.writer && m.regs == p.regs) {
      m.lanes |= p.lanes;
      return;
    }
  merged.push_back(p);
}

void Scoreboard::Queue::keep_newest(std::size_t count) {
  if (issued.size() <= count) return;
  issued.erase(issued.begin(), issued.end() - static_cast<std::ptrdiff_t>(count));
  const std::vector<Pending> kept = std::move(issued);
  clear();
  for (const auto& p : kept) push(p);
}

void Scoreboard::wait(uint8_t mask) {
  for (unsigned b = 0; b < 6; ++b)
    if ((mask >> b) & 1) {
      write[b].clear();
      read[b].clear();
    }
}

void Scoreboard::wait_until(unsigned barrier, unsigned count) {
  if (barrier >= 6) return;
  write[barrier].keep_newest(count);
  read[barrier].keep_newest(count);
}

namespace {

void set_bit(std::array<uint64_t, 4>& set, unsigned r) { set[r / 64] |= uint64_t{1} << (r % 64); }

}  // namespace

void Context::check_hazard(unsigned r, bool write) {
  auto& done = write ? checked_write_ : checked_read_;
  if (checked(done, r)) return;
  set_bit(done, r);
  for (unsigned b = 0; b < 6; ++b) {
    auto note = [&](const Scoreboard::Pending& p, Hazard::Kind kind) {
      if (checked(p.regs, r) && (p.lanes & lanes) != 0 && reported_.insert({address(), p.writer, r, kind == Hazard::Kind::WriteAfterRead}).second)
        report.hazards.push_back({address(), p.writer, r, b, kind});
    };
    for (const auto& p : scoreboard.write[b].merged) note(p, write ? Hazard::Kind::WriteAfterWrite : Hazard::Kind::ReadAfterWrite);
    if (write)
      for (const auto& p : scoreboard.read[b].merged) note(p, Hazard::Kind::WriteAfterRead);
  }
}

// After an instruction: the registers it read (checked_read_) against those written before it, then its writes.
void Context::track_unwritten() {
  auto each = [](const std::array<uint64_t, 4>& set, auto&& f) {
    for (unsigned w = 0; w < 4; ++w)
      for (uint64_t bits = set[w]; bits; bits &= bits - 1) f(64 * w + static_cast<unsigned>(std::countr_zero(bits)));
  };
  each(checked_read_, [&](unsigned r) {
    if ((written_[r] & lanes) != lanes && reported_unwritten_.insert({address(), r}).second)
      report.uninitialised.push_back({address(), r, lanes & ~written_[r]});
  });
  each(checked_write_, [&](unsigned r) { written_[r] |= lanes; });
}

uint32_t Context::reg_checked(unsigned r, unsigned lane) {
  if (r == isa::sm50::Reg::kRZ) return 0;
  if (r >= kRegisters) {
    fail(static_cast<int>(lane), fmt::format("reads R{}, past R254 (a register vector runs off the file)", r));
    return 0;
  }
  check_hazard(r, false);
  return warp.reg[r][lane];
}

void Context::set_reg_checked(unsigned r, unsigned lane, uint32_t v) {
  if (r == isa::sm50::Reg::kRZ) return;
  if (r >= kRegisters) {
    fail(static_cast<int>(lane), fmt::format("writes R{}, past R254 (a register vector runs off the file)", r));
    return;
  }
  check_hazard(r, true);
  warp.reg[r][lane] = v;
}

uint32_t Context::cbank(unsigned bank, int64_t offset, unsigned lane) {
  if (auto v = machine.cbank32(bank, offset)) return *v;
  const std::size_t size = bank < Machine::kBanks ? machine.cbank[bank].size() : 0;
  fail(static_cast<int>(lane), fmt::format("reads c[{:#x}][{:#x}], outside constant bank {} ({:#x} bytes)", bank,
                                           offset, bank, size));
  return 0;
}

void Context::fail(int lane, std::string message) {
  if (!error) error = ExecError{address(), lane, std::move(message)};
}

std::optional<std::size_t> Context::index_of(int64_t a) const {
  const int64_t rel = a - static_cast<int64_t>(program.base);
  if (rel < 0 || rel % 8 != 0) return std::nullopt;
  const uint64_t u = static_cast<uint64_t>(rel);
  const std::size_t k = u / 32 * 3 + (u % 32 == 0 ? 0 : u % 32 / 8 - 1);
  if (k >= program.code.size()) return std::nullopt;
  return k;
}

namespace {

// Threads of the current mask that have not exited.
uint32_t live(const Warp& w) { return w.masks.ctm & ~w.masks.exited; }

// When every current thread is done (exited, broken out, returned), the stack says who runs next.
bool pop_stack(Context& c, std::size_t& pc) {
  while (!c.stack.empty()) {
    const StackEntry e = c.stack.back();
    c.stack.pop_back();
    const uint32_t m = e.mask & ~c.warp.masks.exited;
    if (m != 0) {
      c.warp.masks.ctm = m;
      pc = e.target;
      return true;
    }
  }
  return false;
}

}  // namespace

WarpExecution::WarpExecution(const DecodedProgram& program, Warp& warp, Machine& machine,
                             const RunLimits& limits, RunReport& report)
    : ctx_(std::make_unique<Context>(program.program(), warp, machine, report)), decoded_(&program), limits_(limits) {
  if (limits.poison) {
    for (auto& r : warp.reg) r.fill(kPoison);
    ctx_->written_.assign(kRegisters, 0);
  }
}
WarpExecution::WarpExecution(WarpExecution&&) noexcept = default;
WarpExecution::~WarpExecution() = default;

WarpExecution::Stop WarpExecution::resume() {
  Context& c = *ctx_;
  const DecodedProgram& program = *decoded_;
  Warp& warp = c.warp;
  RunReport& report = c.report;
  const bool fast = !limits_.reference;
  auto failed = [&](ExecError e) {
    error_ = std::move(e);
    return Stop::Failed;
  };
  std::size_t& pc = pc_;
  while (true) {
    if (live(warp) == 0 && !pop_stack(c, pc)) return Stop::Exited;  // every thread has exited
    if (pc >= program.size())
      return failed({c.program.address(program.size() - 1), -1,
                     "runs past the end of the program (no EXIT on this path)"});
    if (report.instructions++ >= limits_.max_instructions)
      return failed({c.program.address(pc), -1,
                     fmt::format("instruction budget of {} exhausted: a runaway loop?", limits_.max_instructions)});
    const Decoded& d = program[pc];
    const Instruction& inst = *d.inst;
    c.inst = &inst;
    c.index = pc;
    c.jump.reset();
    c.arrival.reset();
    c.checked_read_ = {};
    c.checked_write_ = {};
    if (d.wait) c.scoreboard.wait(d.wait);

    uint32_t lanes = live(warp);
    const uint32_t g = d.guard >= 7 ? kAllLanes : warp.pred[d.guard];
    lanes &= d.guard_negated ? ~g : g;
    c.lanes = lanes;

    if (fast && d.fast && lanes != 0) {
      // The registers the reference handler would have checked, checked in its order; with nothing outstanding
      // on any barrier there is nothing to report, and the sets are recorded for the scoreboard alone.
      if (d.listed) {
        if (c.scoreboard.empty()) {
          c.checked_read_ = d.reads;
          c.checked_write_ = d.writes;
        } else {
          for (unsigned t = 0; t < d.touches; ++t) c.check_hazard(d.touch[t], (d.touch_writes >> t) & 1);
        }
      }
      d.fast(c, d);
    } else if (d.reference) {
      d.reference(c, inst);
    } else {
      std::string text;
      isa::sm50::print(inst, text);
      return failed({inst.address(), -1, fmt::format("'{}': the executor does not model {} yet", text,
                                                     isa::sm50::op_name(inst.op()))});
    }
    if (c.error) return failed(*c.error);
    if (!c.written_.empty()) c.track_unwritten();

    // Variable-latency results and operands stay covered by the slot's barriers until waited on.
    if (!d.fixed_latency) {
      if (inst.ctrl.wrbar < 6 && c.checked_write_ != std::array<uint64_t, 4>{})
        c.scoreboard.write[inst.ctrl.wrbar].push({c.checked_write_, inst.address(), lanes});
      if (inst.ctrl.rdbar < 6 && c.checked_read_ != std::array<uint64_t, 4>{})
        c.scoreboard.read[inst.ctrl.rdbar].push({c.checked_read_, inst.address(), lanes});
    }
    pc = c.jump ? *c.jump : pc + 1;
    if (c.arrival) {
      arrival_ = *c.arrival;
      return Stop::Barrier;
    }
  }
}

namespace {

// PTX ISA, "bar": barriers 0..15 per CTA.
constexpr unsigned kNamedBarriers = 16;

// The named barriers of one block: arrivals counted in threads (a warp adds 32), BAR.RED's reduction, the warps
// waiting. A barrier that completes starts over (PTX ISA: barriers are reused once complete).
class BlockBarriers {
 public:
  explicit BlockBarriers(uint32_t block_threads) : block_threads_(block_threads) {}

  struct Completion {
    uint32_t result = 0;             // BAR.RED's value: the count (.POPC) or 0/1 (.AND, .OR)
    std::vector<unsigned> released;  // the warps that waited, the arriving one included when it waits
  };

  // Counts warp w's arrival; the completion when it completes the barrier.
  std::optional<Completion> arrive(unsigned w, const BarrierArrival& a) {
    Barrier& b = barriers_[a.barrier];
    b.arrived += kLanes;
    b.popc += static_cast<uint32_t>(std::popcount(a.predicate & a.lanes));
    b.all = b.all && (a.lanes & ~a.predicate) == 0;
    b.any = b.any || (a.lanes & a.predicate) != 0;
    if (a.kind == BarrierArrival::Kind::Reduce) b.op = a.op;
    if (a.kind != BarrierArrival::Kind::Arrive) b.waiting.push_back({w, a.address});
    b.expected = expected(a);
    if (b.arrived < b.expected) return std::nullopt;
    Completion done{reduction(b), {}};
    for (const Waiter& x : b.waiting) done.released.push_back(x.warp);
    b = Barrier{};
    return done;
  }

  // The threads a barrier waits for.
  uint32_t expected(const BarrierArrival& a) const { return a.threads != 0 ? a.threads : block_threads_; }

  // What the barriers with waiting warps wait for, for a deadlock report (empty: none waits); `address` gets the
  // first waiter's instruction.
  std::string waiting(uint64_t& address) const {
    std::string text;
    for (unsigned id = 0; id < kNamedBarriers; ++id) {
      const Barrier& b = barriers_[id];
      if (b.waiting.empty()) continue;
      if (text.empty()) address = b.waiting.front().address;
      std::string who;
      for (const Waiter& x : b.waiting)
        who += fmt::format("{}warp {} (at {:#06x})", who.empty() ? "" : ", ", x.warp, x.address);
      text += fmt::format("{}barrier {} waits for {} threads, {} have arrived; waiting: {}", text.empty() ? "" : "; ",
                          id, b.expected, b.arrived, who);
    }
    return text;
  }

 private:
  struct Waiter {
    unsigned warp;
    uint64_t address;
  };
  struct Barrier {
    uint32_t arrived = 0, expected = 0, popc = 0;
    bool all = true, any = false;
    isa::sm50::BarRedOp op = isa::sm50::BarRedOp::POPC;
    std::vector<Waiter> waiting;
  };
  static uint32_t reduction(const Barrier& b) {
    switch (b.op) {
      case isa::sm50::BarRedOp::AND: return b.all ? 1u : 0u;
      case isa::sm50::BarRedOp::OR: return b.any ? 1u : 0u;
      default: return b.popc;
    }
  }
  uint32_t block_threads_;
  std::array<Barrier, kNamedBarriers> barriers_{};
};

// Lists warp numbers: "0, 2, 3".
std::string warp_list(const std::vector<unsigned>& warps) {
  std::string s;
  for (unsigned w : warps) s += fmt::format("{}{}", s.empty() ? "" : ", ", w);
  return s;
}

// Puts a block's warp into the machine (its threads' ids and local memories) or, called again, takes it out.
void swap_warp(Machine& m, BlockWarp& bw, unsigned w) {
  std::swap(m.system.tid, bw.tid);
  std::swap(m.local, bw.local);
  m.system.warp_id = w;
}

}  // namespace

std::optional<ExecError> run(const isa::sm50::Program& program, Warp& warp, Machine& machine, const RunLimits& limits,
                             RunReport& report) {
  return run(DecodedProgram(program), warp, machine, limits, report);
}

std::optional<ExecError> run(const DecodedProgram& program, Warp& warp, Machine& machine, const RunLimits& limits,
                             RunReport& report) {
  WarpExecution x(program, warp, machine, limits, report);
  BlockBarriers barriers(kLanes);
  while (true) {
    switch (x.resume()) {
      case WarpExecution::Stop::Exited: return std::nullopt;
      case WarpExecution::Stop::Failed: return x.error();
      case WarpExecution::Stop::Barrier: break;
    }
    const BarrierArrival& a = x.arrival();
    const auto done = barriers.arrive(0, a);
    if (done) warp.barrier_result = done->result;
    else if (a.kind != BarrierArrival::Kind::Arrive)
      return ExecError{a.address, -1, fmt::format("deadlock: barrier {} waits for {} threads and a lone warp has 32",
                                                  a.barrier, barriers.expected(a))};
  }
}

std::optional<BlockError> run_block(const isa::sm50::Program& program, std::vector<BlockWarp>& warps, uint32_t threads,
                                    Machine& machine, const RunLimits& limits) {
  return run_block(DecodedProgram(program), warps, threads, machine, limits);
}

std::optional<BlockError> run_block(const DecodedProgram& program, std::vector<BlockWarp>& warps, uint32_t threads,
                                    Machine& machine, const RunLimits& limits) {
  enum class State : uint8_t { Ready, Waiting, Exited };
  std::vector<WarpExecution> runs;
  runs.reserve(warps.size());
  for (BlockWarp& bw : warps) runs.emplace_back(program, bw.warp, machine, limits, bw.report);
  std::vector<State> state(warps.size(), State::Ready);
  BlockBarriers barriers(threads);
  while (true) {
    // Each warp runs until it waits or exits; a barrier it completes may make earlier warps ready again.
    for (unsigned w = 0; w < warps.size(); ++w)
      while (state[w] == State::Ready) {
        swap_warp(machine, warps[w], w);
        const WarpExecution::Stop stop = runs[w].resume();
        swap_warp(machine, warps[w], w);
        if (stop == WarpExecution::Stop::Failed) return BlockError{w, runs[w].error()};
        if (stop == WarpExecution::Stop::Exited) {
          state[w] = State::Exited;
          break;
        }
        const BarrierArrival& a = runs[w].arrival();
        if (a.kind != BarrierArrival::Kind::Arrive) state[w] = State::Waiting;
        if (auto done = barriers.arrive(w, a))
          for (unsigned r : done->released) {
            warps[r].warp.barrier_result = done->result;
            state[r] = State::Ready;
          }
      }
    if (std::find(state.begin(), state.end(), State::Ready) != state.end()) continue;
    std::vector<unsigned> exited;
    for (unsigned w = 0; w < warps.size(); ++w)
      if (state[w] == State::Exited) exited.push_back(w);
    if (exited.size() == warps.size()) return std::nullopt;
    // Nobody can run, and somebody waits: the barrier can never complete.
    uint64_t address = 0;
    std::string text = "deadlock: " + barriers.waiting(address);
    if (!exited.empty())
      text += fmt::format("; warp{} {} ha{} exited (an exited warp never arrives at a barrier)",
                          exited.size() == 1 ? "" : "s", warp_list(exited), exited.size() == 1 ? "s" : "ve");
    return BlockError{std::nullopt, ExecError{address, -1, std::move(text)}};
  }
}

}  // namespace tmu::exec
