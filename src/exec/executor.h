// SPDX-License-Identifier: MIT
// The warp executor: runs a decoded SM50 program on one warp. Control flow follows Maxwell's reconvergence stack
// (SSY/SYNC, PBK/BRK, PCNT/CONT, CAL/RET, divergent BRA); every instruction runs on the lanes of the current
// thread mask whose guard predicate holds. Semantics live in one handler per op (dispatch by the table's Op), in
// files per instruction family. Control words are checked, not ignored: a register read or overwritten while a
// variable-latency instruction's barrier still covers it, with no wait on that barrier, is reported as a hazard.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "exec/machine.h"
#include "exec/warp.h"
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

struct RunLimits {
  uint64_t max_instructions = 1'000'000;  // warp instructions; more is reported as a runaway program
};

struct RunReport {
  uint64_t instructions = 0;  // warp instructions executed
  std::vector<Hazard> hazards;
};

// Runs `program` from its first instruction until every thread has exited. The warp's masks say which threads
// run (ThreadMasks::launch). Returns the first error, if any.
std::optional<ExecError> run(const isa::sm50::Program& program, Warp& warp, Machine& machine, const RunLimits& limits,
                             RunReport& report);

}  // namespace tmu::exec
