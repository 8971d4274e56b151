// SPDX-License-Identifier: MIT
// A warp and machine for the executor's integer / conversion / control-flow tests: assembles SASS and runs it
// on 32 lanes (all covered, a compute-like launch).
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "exec/executor.h"
#include "isa/sm50/program.h"

namespace tmu::exec::testing {

struct ExecFixture {
  Machine machine;
  Warp warp;
  RunReport report;
  uint32_t covered = kAllLanes;  // the launch's covered lanes; every run() starts from ThreadMasks::launch(covered)

  std::optional<ExecError> run(std::string_view sass, const RunLimits& limits = {}) {
    isa::sm50::Program p;
    const auto err = isa::sm50::assemble(sass, isa::Arch::SM50, p);
    EXPECT_FALSE(err) << (err ? err->message + " at line " + std::to_string(err->line) : std::string{});
    if (err) return ExecError{0, -1, "assembly failed"};
    report = {};
    warp.masks = ThreadMasks::launch(covered);
    return exec::run(p, warp, machine, limits, report);
  }
  // Runs a program that must finish without error.
  void ok(std::string_view sass) {
    const auto e = run(sass);
    EXPECT_FALSE(e) << (e ? e->to_string() : std::string{});
  }
  // Sets register r in every lane.
  void all(unsigned r, uint32_t v) {
    for (unsigned lane = 0; lane < kLanes; ++lane) warp.reg[r][lane] = v;
  }
  uint32_t r(unsigned reg, unsigned lane = 0) const { return warp.reg[reg][lane]; }
  bool p(unsigned pred, unsigned lane = 0) const { return (warp.pred[pred] >> lane) & 1; }
};

}  // namespace tmu::exec::testing
