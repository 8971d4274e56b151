// SPDX-License-Identifier: MIT
// The ptxas corpus: the PTX texture instructions of seed 004 (and tld4, txq, texture objects, bindless handles,
// loops) compiled by ptxas 11.8 for sm_50 and sm_52. Every instruction of every resulting cubin must disassemble
// in tmu exactly as nvdisasm prints it.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "isa/cubin.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"
#include "oracle.h"
#include "ptx_corpus.h"

namespace tmu::isa::sm50 {
namespace {

constexpr uint64_t kEnd = ~uint64_t{0};  // the address of labels after a function's last instruction

// Labels by the address of the instruction they precede (kEnd: after the last one).
using Labels = std::map<uint64_t, std::vector<std::string>>;

struct NvdisasmFunction {
  std::map<uint64_t, std::string> instructions;  // address -> text (terminator included)
  Labels labels;  // without the function's own `name:` and `.text.name:` lines
};

// `nvdisasm -c`'s listing, per function (by section name without ".text.").
std::map<std::string, NvdisasmFunction> nvdisasm_listing(const std::string& out) {
  std::map<std::string, NvdisasmFunction> fns;
  std::string current;
  std::vector<std::string> pending;
  const auto flush = [&] {
    if (!current.empty() && !pending.empty()) fns[current].labels[kEnd] = pending;
    pending.clear();
  };
  std::stringstream ss(out);
  std::string line;
  while (std::getline(ss, line)) {
    const std::size_t sec = line.find(".text.");
    if (line.starts_with("//----") && sec != std::string::npos) {
      flush();
      std::size_t end = line.find(' ', sec);
      current = line.substr(sec + 6, end - sec - 6);
      continue;
    }
    if (!line.empty() && line.back() == ':' && line[0] != ' ' && line[0] != '\t' && !line.starts_with("//")) {
      const std::string label = line.substr(0, line.size() - 1);
      if (label != current && label != ".text." + current) pending.push_back(label);
      continue;
    }
    const std::size_t a = line.find("/*");
    if (a == std::string::npos || line.compare(a, 3, "/* ") == 0) continue;
    const std::size_t b = line.find("*/", a);
    const uint64_t addr = std::stoull(line.substr(a + 2, b - a - 2), nullptr, 16);
    fns[current].instructions[addr] = test::normalize_nvdisasm_text(line.substr(b + 2));
    if (!pending.empty()) fns[current].labels[addr] = std::move(pending);
    pending.clear();
  }
  flush();
  return fns;
}

class PtxasCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(PtxasCorpus, EveryInstructionAsNvdisasm) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  const std::string target = GetParam();
  std::size_t total = 0, agree = 0, assembled = 0, identical_bytes = 0;
  std::size_t label_lines = 0, functions_with_subroutines = 0;
  auto modules = test::ptx_corpus(target);
  for (auto& m : test::ptx_call_corpus(target)) modules.push_back(std::move(m));
  for (const auto& m : modules) {
    const std::string base = test::temp_dir() + "/" + m.name + "_" + target;
    test::write_text(base + ".ptx", m.source);
    const auto compiled = test::run_program({ptxas, "-arch=" + target, base + ".ptx", "-o", base + ".cubin"});
    ASSERT_EQ(compiled.status, 0) << m.name << ": ptxas: " << compiled.err;
    const auto dis = test::run_program({nvdisasm, "-c", base + ".cubin"});
    ASSERT_EQ(dis.status, 0) << dis.err;
    const auto expected = nvdisasm_listing(dis.out);

    const auto bytes = test::read_bytes(base + ".cubin");
    auto cubin = read_cubin(bytes);
    ASSERT_TRUE(cubin) << cubin.error();
    ASSERT_EQ(cubin->functions.size(), expected.size()) << m.name;
    std::vector<Program> programs(cubin->functions.size());
    for (std::size_t i = 0; i < programs.size(); ++i) {
      const auto& fn = cubin->functions[i];
      auto fail = decode_program(fn.code, cubin->arch, 0, programs[i]);
      ASSERT_FALSE(fail) << fn.name << ": " << fail->reason << fmt::format(" at {:#x} word {:#018x}", fail->address, fail->word);
    }
    const auto labels = cubin_labels(*cubin, programs);
    for (std::size_t i = 0; i < programs.size(); ++i) {
      const auto& fn = cubin->functions[i];
      const auto& want = expected.at(fn.section.substr(6)).instructions;
      std::stringstream listing(print_listing(programs[i], {.labels = &labels[i]}));
      std::string line;
      std::size_t mismatches = 0;
      // Labels: tmu's (subroutine names, .L_x_N) where nvdisasm prints them, the end label as `tmu dis` adds it.
      Labels tmu_labels;
      std::vector<std::string> pending;
      if (fn.function_symbols.size() > 1) ++functions_with_subroutines;
      while (std::getline(listing, line)) {
        if (!line.starts_with("/*")) {
          pending.push_back(line.substr(0, line.size() - 1));
          continue;
        }
        const std::size_t b = line.find("*/");
        const uint64_t addr = std::stoull(line.substr(2, b - 2), nullptr, 16);
        if (!pending.empty()) tmu_labels[addr] = std::move(pending);
        pending.clear();
        const std::string text = line.substr(b + 3);
        ++total;
        auto it = want.find(addr);
        if (it == want.end()) {
          ADD_FAILURE() << fn.name << fmt::format(" {:#06x}: tmu '{}', nvdisasm has no instruction there", addr, text);
        } else if (it->second != text) {
          if (++mismatches <= 10)
            ADD_FAILURE() << fn.name << fmt::format(" {:#06x}: tmu '{}' nvdisasm '{}'", addr, text, it->second);
        } else {
          ++agree;
        }
      }
      if (auto end = labels[i].name_of(fn.code.size())) tmu_labels[kEnd] = {std::string(*end)};
      EXPECT_EQ(tmu_labels, expected.at(fn.section.substr(6)).labels) << m.name << " " << fn.name;
      for (const auto& [addr, names] : tmu_labels) label_lines += names.size();
      EXPECT_EQ(fn.name, fn.section.substr(6)) << m.name << ": the function is named by its kernel symbol";
      // The listing with control annotations assembles back into the very bytes ptxas wrote (functions whose
      // listing names relocation symbols or indirect-branch annotations are left out: their text is not source).
      if (!fn.relocations.empty() || !fn.indirect_branches.empty()) continue;
      Program back;
      const std::string source = print_listing(programs[i], {.ctrl = true, .labels = &labels[i]});
      auto err = assemble(source, cubin->arch, back);
      ASSERT_FALSE(err) << fn.name << ": line " << err->line << ":" << err->column << ": " << err->message;
      auto bytes_back = encode_program(back);
      ASSERT_TRUE(bytes_back) << fn.name << ": " << bytes_back.error();
      ++assembled;
      if (*bytes_back == fn.code) ++identical_bytes;
      else ADD_FAILURE() << fn.name << ": the listing assembles into different bytes";
    }
  }
  std::printf("[ oracle ] ptxas %s corpus: %zu instructions, %zu identical to nvdisasm; %zu label lines compared "
              "(%zu functions with subroutines); %zu functions assembled back, %zu byte-identical\n", target.c_str(),
              total, agree, label_lines, functions_with_subroutines, assembled, identical_bytes);
  EXPECT_GT(functions_with_subroutines, 0u);
  EXPECT_EQ(agree, total);
  EXPECT_EQ(identical_bytes, assembled);
}

INSTANTIATE_TEST_SUITE_P(Targets, PtxasCorpus, ::testing::Values("sm_50", "sm_52"));

}  // namespace
}  // namespace tmu::isa::sm50
