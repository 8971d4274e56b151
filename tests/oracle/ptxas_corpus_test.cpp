// SPDX-License-Identifier: MIT
// The ptxas corpus: the PTX texture instructions of seed 004 (and tld4, txq, texture objects, bindless handles,
// loops) compiled by ptxas 11.8 for sm_50 and sm_52. Every instruction of every resulting cubin must disassemble
// in tmu exactly as nvdisasm prints it.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "isa/cubin.h"
#include "isa/sm50/cubin_graph.h"
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

// Relocations read back from a listing name the same symbols at the same offsets. (Their types can differ where
// the listing does not tell them apart: MOV32I's `(sym) is R_CUDA_ABS16_20, ABS24_20 or ABS32_20 alike.)
bool same_relocations(std::vector<CubinRelocation> a, std::vector<CubinRelocation> b) {
  auto key = [](const CubinRelocation& r) { return std::pair{r.offset, r.symbol}; };
  auto less = [&](const CubinRelocation& x, const CubinRelocation& y) { return key(x) < key(y); };
  std::sort(a.begin(), a.end(), less);
  std::sort(b.begin(), b.end(), less);
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [&](const auto& x, const auto& y) { return key(x) == key(y); });
}

// The kernels of tests/data/ptx/kernels and tests/data/run (written for sm_50; the target line names the
// architecture compiled for).
std::vector<test::PtxModule> data_kernels(const std::string& target) {
  std::vector<test::PtxModule> modules;
  for (const char* dir : {"/ptx/kernels", "/run"})
    for (const auto& e : std::filesystem::directory_iterator(std::string(TMU_TEST_DATA) + dir))
      if (e.path().extension() == ".ptx") {
        std::ifstream in(e.path());
        std::stringstream text;
        text << in.rdbuf();
        std::string source = text.str();
        if (const auto at = source.find(".target sm_50"); at != std::string::npos) source.replace(at, 13, ".target " + target);
        modules.push_back({e.path().stem().string(), source});
      }
  std::sort(modules.begin(), modules.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return modules;
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
    const auto compiled = test::run_program({ptxas, "-arch=" + (m.arch.empty() ? target : m.arch), base + ".ptx", "-o", base + ".cubin"});
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
      // The listing with control annotations assembles back into the very bytes ptxas wrote, relocated operands
      // (`(.nv.unified.texrefDescSize), JCAL `(helper)) and indirect-branch annotations included.
      Program back;
      const std::string source = print_listing(programs[i], {.ctrl = true, .labels = &labels[i]});
      auto err = assemble(source, cubin->arch, back);
      ASSERT_FALSE(err) << fn.name << ": line " << err->line << ":" << err->column << ": " << err->message;
      auto bytes_back = encode_program(back);
      ASSERT_TRUE(bytes_back) << fn.name << ": " << bytes_back.error();
      ++assembled;
      if (*bytes_back == fn.code && same_relocations(back.relocations, fn.relocations)) ++identical_bytes;
      else ADD_FAILURE() << fn.name << ": the listing assembles into different bytes or relocations";
    }
  }
  std::printf("[ oracle ] ptxas %s corpus: %zu instructions, %zu identical to nvdisasm; %zu label lines compared "
              "(%zu functions with subroutines); %zu functions assembled back, %zu byte-identical\n", target.c_str(),
              total, agree, label_lines, functions_with_subroutines, assembled, identical_bytes);
  EXPECT_GT(functions_with_subroutines, 0u);
  EXPECT_EQ(agree, total);
  EXPECT_EQ(identical_bytes, assembled);
}

// Relocatable objects (`ptxas -c`): the same corpus and the kernels of tests/data (shared and .const variables,
// calls, surfaces, the division subroutines) leave texture indices, constant and shared-memory offsets and call
// targets to the linker; nvdisasm prints the symbols in their place (`(tref), c[`((ctab + 0x8))],
// [R20+`($__sh__16)], LDC's c[`((tab + 0x3))] from a RELA relocation), and a symbol of the code section (a
// `.param .texref`'s) by its address (`(kernel), c[`((.L_x_0 + 0x88))]). Every instruction as nvdisasm prints it.
// (Labels are not compared here.)
TEST_P(PtxasCorpus, RelocatableObjectsAsNvdisasm) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  const std::string target = GetParam();
  auto modules = test::ptx_corpus(target);
  for (auto& m : test::ptx_call_corpus(target)) modules.push_back(std::move(m));
  for (auto& m : data_kernels(target)) modules.push_back(std::move(m));
  std::size_t total = 0, agree = 0, relocated = 0, functions = 0, round_trips = 0, code_address_relocations = 0;
  for (std::size_t k = 0; k < modules.size(); k += test::corpus_stride()) {  // TMU_CORPUS_STRIDE: a sample
    const test::PtxModule& m = modules[k];
    const std::string base = test::temp_dir() + "/" + m.name + "_rel_" + target;
    test::write_text(base + ".ptx", m.source);
    const auto compiled = test::run_program({ptxas, "-c", "-arch=" + (m.arch.empty() ? target : m.arch), base + ".ptx", "-o", base + ".o"});
    ASSERT_EQ(compiled.status, 0) << m.name << ": ptxas -c: " << compiled.err;
    const auto dis = test::run_program({nvdisasm, "-c", base + ".o"});
    ASSERT_EQ(dis.status, 0) << m.name << ": " << dis.err;
    const auto expected = nvdisasm_listing(dis.out);
    auto cubin = read_cubin(test::read_bytes(base + ".o"));
    ASSERT_TRUE(cubin) << m.name << ": " << cubin.error();
    std::vector<Program> programs(cubin->functions.size());
    for (std::size_t i = 0; i < programs.size(); ++i) {
      auto fail = decode_program(cubin->functions[i].code, cubin->arch, 0, programs[i]);
      ASSERT_FALSE(fail) << m.name << ": " << fail->reason;
    }
    const auto labels = cubin_labels(*cubin, programs);
    for (std::size_t i = 0; i < programs.size(); ++i) {
      const auto& fn = cubin->functions[i];
      relocated += fn.relocations.size();
      const auto& want = expected.at(fn.section.substr(6)).instructions;
      std::stringstream listing(print_listing(programs[i], {.labels = &labels[i]}));
      std::string line;
      std::size_t mismatches = 0;
      while (std::getline(listing, line)) {
        if (!line.starts_with("/*")) continue;
        const std::size_t b = line.find("*/");
        const uint64_t addr = std::stoull(line.substr(2, b - 2), nullptr, 16);
        const std::string text = line.substr(b + 3);
        ++total;
        auto it = want.find(addr);
        if (it != want.end() && it->second == text) ++agree;
        else if (++mismatches <= 10)
          ADD_FAILURE() << m.name << " " << fn.name
                        << fmt::format(" {:#06x}: tmu '{}' nvdisasm '{}'", addr, text, it == want.end() ? "" : it->second);
      }
      // And the listing with control annotations assembles back into the object's code and relocations.
      Program back;
      auto err = assemble(print_listing(programs[i], {.ctrl = true, .labels = &labels[i]}), cubin->arch, back);
      ASSERT_FALSE(err) << m.name << " " << fn.name << ": line " << err->line << ":" << err->column << ": " << err->message;
      auto bytes_back = encode_program(back);
      ASSERT_TRUE(bytes_back) << fn.name << ": " << bytes_back.error();
      // A relocation of a symbol in the code section (a .param .texref's) is listed by its code address's name
      // (`(kernel), c[`((.L_x_0 + 0x88))]), which reads back as a relocation of that label: compared as "<code>".
      auto code_named = [&](std::vector<CubinRelocation> rs, bool object) {
        for (CubinRelocation& r : rs) {
          const bool data = std::any_of(fn.data_symbols.begin(), fn.data_symbols.end(), [&](const auto& d) { return d.name == r.symbol; });
          const bool label = labels[i].address_of(r.symbol) || r.symbol == fn.name;
          if (object ? data : label) r.symbol = "<code>";
        }
        return rs;
      };
      for (const CubinRelocation& r : code_named(fn.relocations, true)) code_address_relocations += r.symbol == "<code>";
      if (*bytes_back == fn.code && same_relocations(code_named(back.relocations, false), code_named(fn.relocations, true))) {
        ++round_trips;
      } else {
        std::string why;
        for (std::size_t w = 0; w + 8 <= std::min(bytes_back->size(), fn.code.size()) && why.empty(); w += 8)
          if (std::memcmp(bytes_back->data() + w, fn.code.data() + w, 8) != 0) why = fmt::format("first difference at {:#x}", w);
        for (const auto& r : fn.relocations) why += fmt::format("; object {:#x} {} {}", r.offset, r.type, r.symbol);
        for (const auto& r : back.relocations) why += fmt::format("; back {:#x} {} {}", r.offset, r.type, r.symbol);
        ADD_FAILURE() << m.name << " " << fn.name << ": the listing assembles into different bytes or relocations: " << why;
      }
      ++functions;
    }
  }
  std::printf("[ oracle ] ptxas -c %s: %zu modules, %zu instructions (%zu relocated operands, %zu of them named by "
              "a code address), %zu identical to nvdisasm; %zu of %zu functions assembled back identically\n",
              target.c_str(), modules.size(), total, relocated, code_address_relocations, agree, round_trips,
              functions);
  EXPECT_GT(relocated, 100u / test::corpus_stride());
  EXPECT_EQ(agree, total);
  EXPECT_EQ(round_trips, functions);
}

// nvdisasm -cfg and -bbcfg (Graphviz graphs of each function's blocks) of the calls corpus and the kernels of
// tests/data (loops, switches, subroutines of the division and square-root slow paths, texture parameters): tmu
// dis's graphs byte for byte; and the label lines of their listings (two labels on one line, a pair's second
// instruction's label, a subroutine starting where another ends) as nvdisasm prints them.
// A symbol whose name starts with "/*" (fuzz_cubin renamed a subroutine of a ptxas cubin so): tmu dis -cfg
// reads its label line as a label, not as an instruction line's address, and graphs the function.
TEST(PtxasCorpusGraph, SymbolNamedLikeAnAddress) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  const auto modules = test::ptx_call_corpus("sm_52");
  ASSERT_FALSE(modules.empty());
  const std::string base = test::temp_dir() + "/" + modules.front().name + "_named";
  test::write_text(base + ".ptx", modules.front().source);
  const auto compiled = test::run_program({ptxas, "-arch=sm_52", base + ".ptx", "-o", base + ".cubin"});
  ASSERT_EQ(compiled.status, 0) << compiled.err;
  auto bytes = test::read_bytes(base + ".cubin");
  // A string-table entry "$kernel$function" (ptxas's local FUNC symbol of a subroutine) becomes "/*ernel$function".
  std::size_t at = 1;
  while (at + 1 < bytes.size() && !(bytes[at - 1] == std::byte{0} && bytes[at] == std::byte{'$'})) ++at;
  ASSERT_LT(at + 1, bytes.size()) << "no $-symbol in the cubin of " << modules.front().name;
  bytes[at] = std::byte{'/'};
  bytes[at + 1] = std::byte{'*'};
  auto cubin = read_cubin(bytes);
  ASSERT_TRUE(cubin) << cubin.error();
  std::string graph;
  EXPECT_FALSE(cubin_graph(*cubin, false, graph));
  EXPECT_NE(graph.find("digraph"), std::string::npos) << graph.substr(0, 200);
}

TEST_P(PtxasCorpus, GraphsAsNvdisasm) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  const std::string target = GetParam();
  auto modules = test::ptx_call_corpus(target);
  for (auto& m : data_kernels(target)) modules.push_back(std::move(m));
  std::size_t graphs = 0, identical = 0, label_lines = 0, functions = 0;
  for (std::size_t k = 0; k < modules.size(); k += test::corpus_stride()) {
    const test::PtxModule& m = modules[k];
    const std::string base = test::temp_dir() + "/" + m.name + "_graph_" + target;
    test::write_text(base + ".ptx", m.source);
    const auto compiled = test::run_program({ptxas, "-arch=" + (m.arch.empty() ? target : m.arch), base + ".ptx", "-o", base + ".cubin"});
    ASSERT_EQ(compiled.status, 0) << m.name << ": ptxas: " << compiled.err;
    auto cubin = read_cubin(test::read_bytes(base + ".cubin"));
    ASSERT_TRUE(cubin) << m.name << ": " << cubin.error();
    for (const bool blocks : {false, true}) {
      const auto want = test::run_program({nvdisasm, blocks ? "-bbcfg" : "-cfg", base + ".cubin"});
      ASSERT_EQ(want.status, 0) << m.name << ": " << want.err;
      std::string got;
      ASSERT_FALSE(cubin_graph(*cubin, blocks, got)) << m.name;
      ++graphs;
      if (got == want.out) {
        ++identical;
      } else {
        std::size_t at = 0;
        while (at < got.size() && at < want.out.size() && got[at] == want.out[at]) ++at;
        ADD_FAILURE() << m.name << (blocks ? " -bbcfg" : " -cfg") << " differs at byte " << at << ": tmu '"
                      << got.substr(at > 80 ? at - 80 : 0, 200) << "' nvdisasm '"
                      << want.out.substr(at > 80 ? at - 80 : 0, 200) << "'";
      }
    }
    // The listing's label lines, function by function.
    const auto dis = test::run_program({nvdisasm, "-c", base + ".cubin"});
    const auto expected = nvdisasm_listing(dis.out);
    std::string listing;
    ASSERT_FALSE(cubin_listing(*cubin, {}, listing));
    std::map<std::string, Labels> tmu_labels;
    std::string current;
    std::vector<std::string> pending;
    std::stringstream ss(listing);
    std::string line;
    while (std::getline(ss, line)) {
      if (line.starts_with("// ")) {
        if (!current.empty() && !pending.empty()) tmu_labels[current][kEnd] = pending;
        pending.clear();
        const std::size_t sec = line.find("(.text.");
        current = line.substr(sec + 7, line.find(',', sec) - sec - 7);
        std::getline(ss, line);  // the function's own name
        continue;
      }
      if (!line.starts_with("/*")) {
        pending.push_back(line.substr(0, line.size() - 1));
        continue;
      }
      if (!pending.empty()) tmu_labels[current][std::stoull(line.substr(2), nullptr, 16)] = pending;
      pending.clear();
    }
    if (!current.empty() && !pending.empty()) tmu_labels[current][kEnd] = pending;
    for (const auto& [name, fn] : expected) {
      ++functions;
      EXPECT_EQ(tmu_labels[name], fn.labels) << m.name << " " << name;
      for (const auto& [addr, names] : fn.labels) label_lines += names.size();
    }
  }
  std::printf("[ oracle ] ptxas %s: %zu graphs (-cfg and -bbcfg), %zu identical to nvdisasm's; %zu label lines of %zu "
              "functions compared\n", target.c_str(), graphs, identical, label_lines, functions);
  EXPECT_EQ(identical, graphs);
}

INSTANTIATE_TEST_SUITE_P(Targets, PtxasCorpus, ::testing::Values("sm_50", "sm_52"));

// nvdisasm's options that change the instruction lines, against nvdisasm itself on a cubin with loops (branch
// annotations, dual-issued pairs) and its code as a raw blob: -novliw (pairs without braces), -ndf (no branch
// annotations), -base (a raw blob's addresses and branch targets from the base), -fun (the functions of a symbol,
// listed and, with -cfg, graphed).
TEST(NvdisasmOptions, ListingsAsNvdisasmPrintsThem) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  std::ifstream in(std::string(TMU_TEST_DATA) + "/ptx/kernels/loops.ptx");
  std::stringstream text;
  text << in.rdbuf();
  const std::string base = test::temp_dir() + "/options";
  test::write_text(base + ".ptx", text.str());
  ASSERT_EQ(test::run_program({ptxas, "-arch=sm_50", base + ".ptx", "-o", base + ".cubin"}).status, 0);
  auto cubin = read_cubin(test::read_bytes(base + ".cubin"));
  ASSERT_TRUE(cubin) << cubin.error();
  // Instruction lines of nvdisasm's listing, by address, across functions.
  auto lines_of = [](const std::string& out) {
    std::map<uint64_t, std::string> all;
    for (const auto& [name, fn] : nvdisasm_listing(out))
      for (const auto& [addr, t] : fn.instructions) all[addr] = name + ": " + t;
    return all;
  };
  auto tmu_lines = [](const std::string& listing, const std::string& fn) {
    std::map<uint64_t, std::string> all;
    std::stringstream ss(listing);
    std::string line, name = fn;
    while (std::getline(ss, line)) {
      if (line.starts_with("// ")) name = line.substr(3, line.find(' ', 3) - 3);
      if (!line.starts_with("/*")) continue;
      const std::size_t b = line.find("*/");
      all[std::stoull(line.substr(2, b - 2), nullptr, 16)] = name + ": " + line.substr(b + 3);
    }
    return all;
  };
  for (const auto& [flag, opt] : {std::pair{"-novliw", ListingOptions{.pairs = false}},
                                  std::pair{"-ndf", ListingOptions{.notes = false}}}) {
    const auto dis = test::run_program({nvdisasm, "-c", flag, base + ".cubin"});
    ASSERT_EQ(dis.status, 0) << dis.err;
    std::string out;
    ASSERT_FALSE(cubin_listing(*cubin, opt, out));
    EXPECT_EQ(tmu_lines(out, ""), lines_of(dis.out)) << flag;
  }
  // -fun: the symbol of the kernel's section (any symbol of it: its SECTION symbol too) selects the kernel; one
  // past the table is refused.
  EXPECT_FALSE(function_symbols_error(*cubin, std::vector<uint32_t>{static_cast<uint32_t>(cubin->symbols.size())}).empty());
  for (uint32_t k = 0; k < cubin->symbols.size(); ++k) {
    const auto dis = test::run_program({nvdisasm, "-c", "-fun", std::to_string(k), base + ".cubin"});
    const std::vector<uint32_t> only{k};
    // Symbol 0 (and any of no section) is refused by both: "No section found for symbol".
    EXPECT_EQ(dis.status != 0, !function_symbols_error(*cubin, only).empty()) << k << ": " << dis.err;
    if (dis.status != 0) continue;
    std::string out;
    ASSERT_FALSE(cubin_listing(*cubin, {}, out, only));
    EXPECT_EQ(tmu_lines(out, ""), lines_of(dis.out)) << "-fun " << k;
    // -cfg -fun: that function's graph, byte for byte.
    const auto graph = test::run_program({nvdisasm, "-cfg", "-fun", std::to_string(k), base + ".cubin"});
    std::string tmu_graph;
    ASSERT_FALSE(cubin_graph(*cubin, false, tmu_graph, only));
    EXPECT_EQ(tmu_graph, graph.out) << "-cfg -fun " << k;
  }
  // -base on the kernel's code as a raw blob: addresses and PC-relative targets move, as nvdisasm prints them.
  test::write_bytes(base + ".bin", cubin->functions.at(0).code);
  const auto dis = test::run_program({nvdisasm, "-b", "SM50", "-base", "0x1000", base + ".bin"});
  ASSERT_EQ(dis.status, 0) << dis.err;
  std::string out;
  ASSERT_FALSE(stream_listing(cubin->functions.at(0).code, Arch::SM50, 0x1000, {}, [&](std::string_view t) { out += t; }));
  auto want = lines_of("//---- .text.blob\n" + dis.out);
  EXPECT_EQ(tmu_lines(out, "blob"), want);
  EXPECT_EQ(want.begin()->first, 0x1008u);
}

}  // namespace
}  // namespace tmu::isa::sm50
