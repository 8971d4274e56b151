// SPDX-License-Identifier: MIT
#include "exec/executor.h"

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

void Scoreboard::wait(uint8_t mask) {
  for (unsigned b = 0; b < 6; ++b)
    if ((mask >> b) & 1) {
      write[b].clear();
      read[b].clear();
    }
}

void Scoreboard::wait_until(unsigned barrier, unsigned count) {
  if (barrier >= 6) return;
  for (auto* q : {&write[barrier], &read[barrier]})
    if (q->size() > count) q->erase(q->begin(), q->end() - count);
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
      if (checked(p.regs, r) && reported_.emplace(address(), p.writer, r, kind == Hazard::Kind::WriteAfterRead).second)
        report.hazards.push_back({address(), p.writer, r, b, kind});
    };
    for (const auto& p : scoreboard.write[b]) note(p, write ? Hazard::Kind::WriteAfterWrite : Hazard::Kind::ReadAfterWrite);
    if (write)
      for (const auto& p : scoreboard.read[b]) note(p, Hazard::Kind::WriteAfterRead);
  }
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

struct Dispatch {
  std::array<Handler, isa::sm50::kNumOps> table{};
  Dispatch() {
    for (auto list : {control_handlers(), texture_handlers(), interp_handlers(), float_handlers(), integer_handlers(),
                      conversion_handlers(), memory_handlers()})
      for (const HandlerEntry& e : list) table[static_cast<std::size_t>(e.op)] = e.handler;
  }
};

const Dispatch& dispatch() {
  static const Dispatch d;
  return d;
}

// Threads of the current mask that have not exited.
uint32_t live(const Warp& w) { return w.masks.ctm & ~w.masks.exited; }

// When every current thread is done (exited, broken out, returned), the stack says who runs next.
bool resume(Context& c, std::size_t& pc) {
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

std::optional<ExecError> run(const isa::sm50::Program& program, Warp& warp, Machine& machine, const RunLimits& limits,
                             RunReport& report) {
  Context c(program, warp, machine, report);
  const auto& table = dispatch().table;
  std::size_t pc = 0;
  while (true) {
    if (live(warp) == 0 && !resume(c, pc)) return std::nullopt;  // every thread has exited
    if (pc >= program.code.size())
      return ExecError{program.address(program.code.size() - 1), -1,
                       "runs past the end of the program (no EXIT on this path)"};
    if (report.instructions++ >= limits.max_instructions)
      return ExecError{program.address(pc), -1,
                       fmt::format("instruction budget of {} exhausted: a runaway loop?", limits.max_instructions)};
    const Instruction& inst = program.code[pc];
    c.inst = &inst;
    c.index = pc;
    c.jump.reset();
    c.checked_read_ = {};
    c.checked_write_ = {};
    c.scoreboard.wait(inst.ctrl.wait);

    uint32_t lanes = live(warp);
    if (inst.has(isa::sm50::Opd::pg)) {
      const unsigned p = inst.guard().index;
      const uint32_t g = p >= 7 ? kAllLanes : warp.pred[p];
      lanes &= inst.guard_negated() ? ~g : g;
    }
    c.lanes = lanes;

    const Handler h = table[static_cast<std::size_t>(inst.op())];
    if (!h) {
      std::string text;
      isa::sm50::print(inst, text);
      return ExecError{inst.address(), -1, fmt::format("'{}': the executor does not model {} yet", text,
                                                       isa::sm50::op_name(inst.op()))};
    }
    h(c, inst);
    if (c.error) return c.error;

    // Variable-latency results and operands stay covered by the slot's barriers until waited on.
    if (!isa::sm50::fixed_latency(inst.form().sched)) {
      if (inst.ctrl.wrbar < 6 && c.checked_write_ != std::array<uint64_t, 4>{})
        c.scoreboard.write[inst.ctrl.wrbar].push_back({c.checked_write_, inst.address()});
      if (inst.ctrl.rdbar < 6 && c.checked_read_ != std::array<uint64_t, 4>{})
        c.scoreboard.read[inst.ctrl.rdbar].push_back({c.checked_read_, inst.address()});
    }
    pc = c.jump ? *c.jump : pc + 1;
  }
}

}  // namespace tmu::exec
