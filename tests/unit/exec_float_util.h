// SPDX-License-Identifier: MIT
// Fixture for the float ALU executor tests: assemble SASS text, run it on one warp, read registers, predicates and
// condition codes back. Values are written as IEEE bit patterns worked out by hand in the tests' comments.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <string>

#include "exec/executor.h"
#include "isa/sm50/program.h"

namespace tmu::exec {

class ExecFloatTest : public ::testing::Test {
 protected:
  Warp w;
  Machine m;
  RunReport report;

  std::optional<ExecError> run_src(const std::string& src, isa::Arch arch = isa::Arch::SM50) {
    isa::sm50::Program p;
    if (auto e = isa::sm50::assemble(src + "EXIT;\n", arch, p)) {
      ADD_FAILURE() << "line " << e->line << ":" << e->column << ": " << e->message << "\n" << src;
      return ExecError{0, -1, "assembly failed"};
    }
    return run(p, w, m, RunLimits{}, report);
  }
  void ok(const std::string& src, isa::Arch arch = isa::Arch::SM50) {
    auto e = run_src(src, arch);
    ASSERT_FALSE(e) << e->to_string();
  }
  // The error of a program expected to fail.
  ExecError fails(const std::string& src, isa::Arch arch = isa::Arch::SM50) {
    auto e = run_src(src, arch);
    EXPECT_TRUE(e) << "expected an error from\n" << src;
    return e ? *e : ExecError{};
  }

  void set_all(unsigned r, uint32_t v) {
    for (unsigned l = 0; l < kLanes; ++l) w.reg[r][l] = v;
  }
  void set_all64(unsigned r, uint64_t v) {
    set_all(r, static_cast<uint32_t>(v));
    set_all(r + 1, static_cast<uint32_t>(v >> 32));
  }
  uint64_t reg64(unsigned r, unsigned lane = 0) const {
    return uint64_t{w.reg[r + 1][lane]} << 32 | w.reg[r][lane];
  }
  bool pred(unsigned p, unsigned lane = 0) const { return (w.pred[p] >> lane) & 1; }
  void cbank(unsigned bank, uint32_t offset, std::initializer_list<uint32_t> words) {
    m.set_cbank(bank, offset, std::span<const uint32_t>(words.begin(), words.size()));
  }
};

}  // namespace tmu::exec
