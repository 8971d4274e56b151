// SPDX-License-Identifier: MIT
// The warp executor: runs a decoded SM50 program on one warp. Control flow follows Maxwell's reconvergence stack
// (SSY/SYNC, PBK/BRK, PCNT/CONT, CAL/RET, divergent BRA); every instruction runs on the lanes of the current
// thread mask whose guard predicate holds. Semantics live in one handler per op (dispatch by the table's Op), in
// files per instruction family. Control words are checked, not ignored: a register read or overwritten while a
// variable-latency instruction's barrier still covers it, with no wait on that barrier, is reported as a hazard.
// The program is decoded once (decoded.h); the common forms run on the whole warp at once in fast handlers
// (fast.h) that compute what the reference handlers compute lane by lane; RunLimits::reference runs every
// instruction through its reference handler, for checking.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exec/decoded.h"
#include "exec/machine.h"
#include "exec/warp.h"
#include "isa/sm50/memory_enums.h"
#include "isa/sm50/program.h"

namespace tmu::exec {

// Why a program stopped: the instruction's address, the lane (-1: the whole warp) and what went wrong.
struct ExecError {
  uint64_t address = 0;
  int lane = -1;
  std::string message;
  std::string to_string() const;
};

// A register used before the barrier that protects it was waited on.
struct Hazard {
  // What the instruction at `address` did to a register a variable-latency instruction had not finished with:
  // read it before that instruction wrote it, wrote it before that instruction wrote it (its later write would
  // win), or overwrote it while that instruction may still read it.
  enum class Kind : uint8_t { ReadAfterWrite, WriteAfterWrite, WriteAfterRead };
  uint64_t address = 0;         // the instruction that used the register
  uint64_t writer_address = 0;  // the variable-latency instruction whose barrier was not waited on
  unsigned reg = 0;
  unsigned barrier = 0;
  Kind kind = Kind::ReadAfterWrite;
  std::string to_string() const;
};

// A register read by threads for which no instruction of the run has written it (RunLimits::poison).
struct UninitialisedRead {
  uint64_t address = 0;  // the reading instruction
  unsigned reg = 0;
  uint32_t lanes = 0;    // the threads that read it unwritten
  std::string to_string() const;
};

// What an unwritten register holds under RunLimits::poison: a signalling NaN as a float, recognisable as an integer.
inline constexpr uint32_t kPoison = 0xffbadbad;

struct RunLimits {
  uint64_t max_instructions = 1'000'000;  // warp instructions; more is reported as a runaway program
  // Registers start as kPoison instead of what the warp holds, and each instruction that reads a register some
  // of its threads have not written is reported once (RunReport::uninitialised). Without it, registers hold what
  // the caller put there (zero in a new Warp) and nothing is reported.
  bool poison = false;
  // Every instruction through its reference handler (the fast handlers are checked against it).
  bool reference = false;
};

struct RunReport {
  uint64_t instructions = 0;  // warp instructions executed
  std::vector<Hazard> hazards;
  std::vector<UninitialisedRead> uninitialised;  // with RunLimits::poison
};

// Runs `program` from its first instruction until every thread has exited. The warp's masks say which threads
// run (ThreadMasks::launch). Returns the first error, if any. The warp is a block of its own: a barrier completes
// when the warp arrives, unless it waits for more threads than a warp has (then it can never complete: an error).
std::optional<ExecError> run(const isa::sm50::Program& program, Warp& warp, Machine& machine, const RunLimits& limits,
                             RunReport& report);
// The same for a program decoded once, for callers that run many warps of it.
std::optional<ExecError> run(const DecodedProgram& program, Warp& warp, Machine& machine, const RunLimits& limits,
                             RunReport& report);

// A warp's arrival at a named barrier (BAR.SYNC, BAR.ARV, BAR.RED): what the block's scheduler counts. PTX ISA,
// "bar, barrier": a barrier completes when the expected number of threads has arrived; on sm_6x and below a warp
// arrives as a whole, adding the warp size (32) to the count whichever of its threads execute the instruction.
struct BarrierArrival {
  enum class Kind : uint8_t { Sync, Arrive, Reduce };  // Sync and Reduce wait for the barrier to complete
  Kind kind = Kind::Sync;
  unsigned barrier = 0;                              // 0..15
  uint32_t threads = 0;                              // the count operand; 0: every thread of the block
  isa::sm50::BarRedOp op = isa::sm50::BarRedOp::POPC;  // Reduce
  uint32_t lanes = 0;                                // the lanes that executed it
  uint32_t predicate = 0;                            // Reduce: those of `lanes` whose predicate holds
  uint64_t address = 0;
};

class Context;

// One warp's run that stops at barriers and goes on later: resume() runs until every thread has exited, an error,
// or a barrier arrival (arrival() says which; after BAR.ARV the warp may resume at once, after BAR.SYNC and
// BAR.RED only when the barrier has completed, with Warp::barrier_result set for BAR.RED). The instruction
// budget counts across resumes.
class WarpExecution {
 public:
  enum class Stop : uint8_t { Exited, Barrier, Failed };
  // `program` must outlive the execution.
  WarpExecution(const DecodedProgram& program, Warp& warp, Machine& machine, const RunLimits& limits,
                RunReport& report);
  WarpExecution(WarpExecution&&) noexcept;
  ~WarpExecution();
  Stop resume();
  const BarrierArrival& arrival() const { return arrival_; }
  const ExecError& error() const { return error_; }

 private:
  std::unique_ptr<Context> ctx_;
  const DecodedProgram* decoded_;
  RunLimits limits_;
  std::size_t pc_ = 0;
  BarrierArrival arrival_;
  ExecError error_;
};

// One warp of a block as the block's scheduler keeps it: its state, its threads' ids and local memories (swapped
// into the Machine while it runs), and its report.
struct BlockWarp {
  Warp warp;
  std::array<std::array<uint32_t, 3>, kLanes> tid{};
  std::array<ByteMemory, kLanes> local;
  RunReport report;
};

// Why a block stopped: a warp's error (warp set), or a deadlock at a barrier (warp unset; error.address is the
// barrier's instruction and the message names the barrier and the waiting and exited warps).
struct BlockError {
  std::optional<unsigned> warp;
  ExecError error;
};

// Runs the warps of one block together over one shared memory (machine.shared): each warp runs until it waits at
// a barrier or exits, in warp order, round and round; a barrier that completes releases its waiting warps. A warp
// that has exited never arrives again: a barrier that still waits for it when no warp can run is a deadlock,
// reported as an error, never a hang. `threads` is the block's size, the count of a barrier without one.
std::optional<BlockError> run_block(const isa::sm50::Program& program, std::vector<BlockWarp>& warps, uint32_t threads,
                                    Machine& machine, const RunLimits& limits);
std::optional<BlockError> run_block(const DecodedProgram& program, std::vector<BlockWarp>& warps, uint32_t threads,
                                    Machine& machine, const RunLimits& limits);

}  // namespace tmu::exec
