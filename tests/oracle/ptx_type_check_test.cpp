// SPDX-License-Identifier: MIT
// PTX's operand type checking (PTX ISA "Type Checking Rules", "Operand Size Exceeding Instruction-Type Size")
// against ptxas 11.8: statements of the instructions around texture code with one operand's register of each
// type (8- to 64-bit integer, bit and float registers and predicates); ptxas's verdict on each ("Arguments
// mismatch", or of a vector's elements) must be tmu ptxas's (a refusal of the operand's type, or a compiled kernel).
// Statements tmu does not compile with correctly typed registers are left out.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "oracle.h"
#include "ptx/compile.h"

namespace tmu::ptx {
namespace {

const char* const kRegisterTypes[] = {"b16", "u16", "s16", "b32", "u32", "s32", "f32", "b64", "u64", "s64", "f64", "pred"};

// Statements with X where the register under test goes; the other operands are typed as the instruction wants
// (%<type>_N), and the correctly typed register is the statement's first listed type.
struct Template {
  const char* text;
  const char* right;  // a register type ptxas accepts at X
};
const Template kTemplates[] = {
    {"add.u32 X, %u32_1, %u32_2;", "u32"}, {"add.u32 %u32_0, X, %u32_2;", "u32"},
    {"add.s64 %s64_0, X, %s64_2;", "s64"}, {"add.f32 X, %f32_1, %f32_2;", "f32"},
    {"add.f32 %f32_0, %f32_1, X;", "f32"}, {"add.f64 %f64_0, X, %f64_2;", "f64"},
    {"sub.s32 %s32_0, %s32_1, X;", "s32"}, {"mul.lo.u32 %u32_0, X, %u32_2;", "u32"},
    {"mul.hi.s32 X, %s32_1, %s32_2;", "s32"}, {"mul.wide.u32 X, %u32_1, %u32_2;", "u64"},
    {"mul.wide.s32 %s64_0, X, %s32_2;", "s32"}, {"mul.f32 %f32_0, X, %f32_2;", "f32"},
    {"mad.lo.s32 %s32_0, %s32_1, %s32_2, X;", "s32"}, {"fma.rn.f32 %f32_0, %f32_1, %f32_2, X;", "f32"},
    {"min.u32 %u32_0, X, %u32_2;", "u32"}, {"max.f32 X, %f32_1, %f32_2;", "f32"},
    {"and.b32 %b32_0, X, %b32_2;", "b32"}, {"or.b64 X, %b64_1, %b64_2;", "b64"},
    {"xor.b32 %b32_0, %b32_1, X;", "b32"}, {"not.b32 %b32_0, X;", "b32"},
    {"neg.s32 %s32_0, X;", "s32"}, {"neg.f32 X, %f32_1;", "f32"},
    {"abs.s32 X, %s32_1;", "s32"}, {"shl.b32 %b32_0, %b32_1, X;", "u32"},
    {"shl.b64 %b64_0, X, 3;", "b64"}, {"shr.s32 %s32_0, X, %u32_2;", "s32"},
    {"mov.u32 X, %u32_1;", "u32"}, {"mov.f32 %f32_0, X;", "f32"},
    {"mov.b32 %b32_0, X;", "b32"}, {"mov.b64 X, %b64_1;", "b64"},
    {"selp.f32 %f32_0, X, %f32_2, %pred_1;", "f32"}, {"selp.u32 %u32_0, %u32_1, %u32_2, X;", "pred"},
    {"setp.eq.s32 X, %s32_1, %s32_2;", "pred"}, {"setp.lt.u32 %pred_0, X, %u32_2;", "u32"},
    {"setp.gt.f32 %pred_0, %f32_1, X;", "f32"}, {"cvt.rn.f32.s32 %f32_0, X;", "s32"},
    {"cvt.rn.f32.s32 X, %s32_1;", "f32"}, {"cvt.rzi.s32.f32 %s32_0, X;", "f32"},
    {"cvt.u32.u16 X, %u16_1;", "u32"}, {"cvt.u32.u16 %u32_0, X;", "u16"},
    {"cvt.u64.u32 X, %u32_1;", "u64"}, {"cvt.u32.u64 %u32_0, X;", "u64"},
    {"cvt.f64.f32 %f64_0, X;", "f32"}, {"ld.global.u8 X, [%b64_9];", "u16"},
    {"ld.global.u16 X, [%b64_9];", "u16"}, {"ld.global.s32 X, [%b64_9];", "s32"},
    {"ld.global.f32 X, [%b64_9];", "f32"}, {"ld.global.u64 X, [%b64_9];", "u64"},
    {"st.global.u8 [%b64_9], X;", "u16"}, {"st.global.b32 [%b64_9], X;", "b32"},
    {"st.global.f32 [%b64_9], X;", "f32"}, {"st.global.f64 [%b64_9], X;", "f64"},
    {"div.u32 %u32_0, X, %u32_2;", "u32"}, {"rem.s32 X, %s32_1, %s32_2;", "s32"},
    {"div.rn.f32 %f32_0, %f32_1, X;", "f32"}, {"div.rn.f64 X, %f64_1, %f64_2;", "f64"},
    {"rcp.rn.f32 %f32_0, X;", "f32"}, {"sqrt.rn.f32 X, %f32_1;", "f32"},
    {"ex2.approx.ftz.f32 %f32_0, X;", "f32"}, {"sin.approx.ftz.f32 X, %f32_1;", "f32"},
    {"abs.f32 %f32_0, X;", "f32"}, {"min.f64 %f64_0, X, %f64_2;", "f64"},
    {"fma.rn.f64 %f64_0, %f64_1, X, %f64_3;", "f64"}, {"mad.wide.u32 X, %u32_1, %u32_2, %u64_3;", "u64"},
    {"mad.wide.s32 %s64_0, %s32_1, %s32_2, X;", "s64"}, {"mad.hi.u32 %u32_0, X, %u32_2, %u32_3;", "u32"},
    {"setp.lt.and.f32 %pred_0, %f32_1, %f32_2, X;", "pred"}, {"setp.ne.u64 %pred_0, X, %u64_2;", "u64"},
    {"selp.f64 X, %f64_1, %f64_2, %pred_1;", "f64"}, {"mov.pred X, %pred_1;", "pred"},
    {"and.pred %pred_0, X, %pred_2;", "pred"}, {"not.pred X, %pred_1;", "pred"},
    {"popc.b32 X, %b32_1;", "u32"}, {"popc.b64 %u32_0, X;", "b64"},
    {"clz.b32 %u32_0, X;", "b32"}, {"brev.b32 X, %b32_1;", "b32"},
    {"bfind.u32 %u32_0, X;", "u32"}, {"cvt.rn.f64.s64 %f64_0, X;", "s64"},
    {"cvt.rn.f32.f64 X, %f64_1;", "f32"}, {"cvt.s64.s32 %s64_0, X;", "s32"},
    {"cvt.rni.f32.f32 %f32_0, X;", "f32"}, {"cvta.to.global.u64 X, %u64_1;", "u64"},
    {"atom.global.add.u32 X, [%b64_9], %u32_2;", "u32"}, {"atom.global.add.f32 %f32_0, [%b64_9], X;", "f32"},
    {"atom.global.cas.b32 %b32_0, [%b64_9], X, %b32_3;", "b32"}, {"red.global.max.s32 [%b64_9], X;", "s32"},
    {"shfl.sync.bfly.b32 X, %b32_1, 1, 31, -1;", "b32"}, {"vote.sync.ballot.b32 %b32_0, X, -1;", "pred"},
    {"ld.global.v2.f32 {X, %f32_2}, [%b64_9];", "f32"}, {"st.global.v4.u32 [%b64_9], {%u32_1, X, %u32_2, %u32_3};", "u32"},
    {"ld.param.u64 X, [out];", "u64"}, {"shr.u64 %u64_0, X, 5;", "u64"},
};

std::string kernel(const std::vector<std::string>& statements) {
  std::string text = ".version 7.8\n.target sm_50\n.address_size 64\n.entry k(.param .u64 out)\n{\n";
  for (const char* r : kRegisterTypes) text += fmt::format("  .reg .{} %{}_<10>;\n", r, r);
  text += "  ld.param.u64 %b64_9, [out];\n";
  for (const std::string& s : statements) text += "  " + s + "\n";
  return text + "  ret;\n}\n";
}

std::string with(const Template& t, const char* reg, unsigned n) {
  std::string s = t.text;
  return s.replace(s.find('X'), 1, fmt::format("%{}_{}", reg, n));
}

enum class Verdict { Ok, TypeRefused, Other };

Verdict tmu_verdict(const std::string& statement, std::string& message) {
  auto r = compile_to_cubin(kernel({statement}), "t.ptx");
  if (r) return Verdict::Ok;
  message = r.error();
  // (The reader refuses a vector whose elements do not go together, in ptxas's words.)
  const bool types = message.find("the instruction needs") != std::string::npos ||
                     message.find("Arguments mismatch") != std::string::npos || message.find("elements of") != std::string::npos;
  return types ? Verdict::TypeRefused : Verdict::Other;
}

TEST(PtxTypeCheck, AsPtxas) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  // Every statement in one kernel, one per line: ptxas reports each refused line.
  std::vector<std::string> statements;
  for (const Template& t : kTemplates)
    for (const char* r : kRegisterTypes) statements.push_back(with(t, r, 3));
  const std::string text = kernel(statements);
  const std::string before = text.substr(0, text.find("  " + statements[0]));
  const auto first = static_cast<unsigned>(std::count(before.begin(), before.end(), '\n')) + 1;
  const std::string path = test::temp_dir() + "/types.ptx";
  test::write_text(path, text);
  const test::RunResult run = test::run_program({ptxas, "-arch=sm_50", path, "-o", path + ".cubin"});
  std::map<unsigned, std::string> refused;  // statement index -> ptxas's message
  std::stringstream ss(run.err);
  for (std::string l; std::getline(ss, l);) {
    const size_t at = l.find(", line "), e = l.find("; error   : ");
    if (at == std::string::npos || e == std::string::npos) continue;
    refused[static_cast<unsigned>(std::stoul(l.substr(at + 7, e - at - 7))) - first] = l.substr(e + 12);
  }
  ASSERT_FALSE(refused.empty()) << "ptxas refused nothing: " << run.err;
  for (const auto& [i, m] : refused)  // (a vector's elements must also have one type)
    ASSERT_TRUE(m.find("Arguments mismatch") != std::string::npos || m.find("elements of") != std::string::npos)
        << statements.at(i) << ": " << m;

  unsigned agree_ok = 0, agree_refused = 0, left_out = 0, index = 0;
  const std::size_t stride = test::corpus_stride();
  for (const Template& t : kTemplates) {
    std::string message;
    if (tmu_verdict(with(t, t.right, 3), message) != Verdict::Ok) {  // a form tmu does not compile
      std::printf("left out: %s (%s)\n", t.text, message.c_str());
      ++left_out;
      index += static_cast<unsigned>(std::size(kRegisterTypes));
      continue;
    }
    for (std::size_t k = 0; k < std::size(kRegisterTypes); ++k) {
      const unsigned i = index++;
      if (i % stride != 0) continue;
      const bool ptxas_ok = !refused.count(i);
      const Verdict v = tmu_verdict(statements[i], message);
      if (ptxas_ok) {
        EXPECT_EQ(v, Verdict::Ok) << statements[i] << ": ptxas compiles it, tmu says " << message;
        agree_ok += v == Verdict::Ok;
      } else {
        EXPECT_EQ(v, Verdict::TypeRefused) << statements[i] << ": ptxas says " << refused.at(i) << "; tmu "
                                           << (v == Verdict::Ok ? "compiles it" : "says " + message);
        agree_refused += v == Verdict::TypeRefused;
      }
    }
  }
  std::printf("type checks as ptxas: %u accepted by both, %u refused by both (%zu templates x %zu register types; "
              "%u templates tmu does not compile left out)\n",
              agree_ok, agree_refused, std::size(kTemplates), std::size(kRegisterTypes), left_out);
  EXPECT_GT(agree_refused, 300u / stride);
}

}  // namespace
}  // namespace tmu::ptx
