// SPDX-License-Identifier: MIT
// A warp and machine for the memory-family executor tests: assembles SASS (EXIT appended), runs it and returns
// the error, if any.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <string>

#include "exec/executor.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/program.h"

namespace tmu::exec {

class ExecMemoryTest : public ::testing::Test {
 protected:
  Warp w;
  Machine m;
  RunReport report;
  ThreadMasks launch{};  // the masks every run starts with (a run leaves the threads exited)

  std::optional<ExecError> run_sass(const std::string& src, isa::Arch arch = isa::Arch::SM50) {
    isa::sm50::Program p;
    if (auto e = isa::sm50::assemble(src + "\nEXIT;", arch, p)) {
      ADD_FAILURE() << "line " << e->line << ":" << e->column << ": " << e->message << "\n" << src;
      return ExecError{0, -1, "does not assemble"};
    }
    w.masks = launch;
    return run(p, w, m, RunLimits{}, report);
  }
  // One statement the assembler cannot take in program text (nvdisasm's "???255" reads as a control
  // annotation there), parsed on its own and followed by EXIT.
  std::optional<ExecError> run_statement(std::string_view text, isa::Arch arch = isa::Arch::SM50) {
    isa::sm50::Program p;
    p.arch = arch;
    for (std::string_view t : {text, std::string_view("EXIT")}) {
      auto r = isa::sm50::parse_instruction(t, arch, isa::sm50::instruction_address(0, p.code.size()));
      if (!r.ok()) {
        ADD_FAILURE() << t << ": " << r.error;
        return ExecError{0, -1, "does not parse"};
      }
      r.inst->set_address(isa::sm50::instruction_address(0, p.code.size()));
      p.code.push_back(*r.inst);
    }
    w.masks = launch;
    return run(p, w, m, RunLimits{}, report);
  }
  // Runs and expects success.
  void ok(const std::string& src, isa::Arch arch = isa::Arch::SM50) {
    const auto e = run_sass(src, arch);
    EXPECT_FALSE(e) << src << "\n" << (e ? e->to_string() : "");
  }
  // Runs and expects an error on `lane` whose text contains every piece.
  void fails(const std::string& src, int lane, std::initializer_list<std::string> pieces,
             isa::Arch arch = isa::Arch::SM50) {
    const auto e = run_sass(src, arch);
    ASSERT_TRUE(e) << src;
    EXPECT_EQ(e->lane, lane) << e->to_string();
    for (const auto& p : pieces) EXPECT_NE(e->to_string().find(p), std::string::npos) << e->to_string() << " lacks " << p;
  }
  void set_all(unsigned r, uint32_t v) {
    for (auto& x : w.reg[r]) x = v;
  }
  // Runs only lanes 0..3.
  void four_lanes() { launch = ThreadMasks::launch(0xf); }
  static void put(ByteMemory& mem, uint64_t a, std::initializer_list<uint32_t> words) {
    for (uint32_t v : words) {
      mem.store32(a, v);
      a += 4;
    }
  }
  static uint8_t byte(const ByteMemory& mem, uint64_t a) {
    return std::to_integer<uint8_t>(mem.bytes()[static_cast<std::size_t>(a - mem.base())]);
  }
};

}  // namespace tmu::exec
