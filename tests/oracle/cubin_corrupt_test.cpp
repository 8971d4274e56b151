// SPDX-License-Identifier: MIT
// Damaged cubins against nvdisasm 11.8: a ptxas cubin (kernels calling .funcs, tests/support/ptx_corpus.h) cut at
// many lengths and with its header fields and section headers patched. tmu (read_cubin, as `tmu dis` uses it)
// must refuse exactly the files nvdisasm refuses ("appears truncated", "has no section header table", ...), and
// list the ones both accept as nvdisasm does. Left out, as known differences: inputs on which nvdisasm crashes, and
// offsets whose sum with a size passes 2^64, which nvdisasm wraps around (and then may accept) and tmu refuses, and
// a section-name table that is not .shstrtab (e_shstrndx naming .strtab; nvdisasm finds code sections by flags).
// Skipped without ptxas and nvdisasm, failed with TMU_REQUIRE_ORACLES=1.
#include <gtest/gtest.h>

#include <elf.h>

#include <fmt/format.h>

#include <set>
#include <map>
#include <sstream>

#include "isa/cubin.h"
#include "isa/sm50/cubin_labels.h"
#include "isa/sm50/program.h"
#include "oracle.h"
#include "ptx_corpus.h"

namespace tmu::isa {
namespace {

uint64_t get(const std::vector<std::byte>& b, std::size_t at, std::size_t n) {
  uint64_t v = 0;
  for (std::size_t i = 0; i < n; ++i) v |= std::to_integer<uint64_t>(b[at + i]) << (8 * i);
  return v;
}
void put(std::vector<std::byte>& b, std::size_t at, std::size_t n, uint64_t v) {
  for (std::size_t i = 0; i < n; ++i) b[at + i] = std::byte{static_cast<uint8_t>(v >> (8 * i))};
}

// Instruction and label lines of a listing, per function: "ADDR TEXT" and "LABEL:" in order. nvdisasm's own
// function-name and `.text.NAME:` lines and its directives are left out.
using Listing = std::map<std::string, std::vector<std::string>>;

Listing nvdisasm_listing(const std::string& out) {
  Listing fns;
  std::string current, line;
  std::stringstream ss(out);
  while (std::getline(ss, line)) {
    const std::size_t sec = line.find(".text.");
    if (line.starts_with("//----") && sec != std::string::npos) {
      current = line.substr(sec + 6, line.find(' ', sec) - sec - 6);
      continue;
    }
    if (!line.empty() && line.back() == ':' && line[0] != ' ' && line[0] != '\t' && !line.starts_with("//")) {
      const std::string label = line.substr(0, line.size() - 1);
      if (label != current && label != ".text." + current) fns[current].push_back(line);
      continue;
    }
    const std::size_t a = line.find("/*");
    if (a == std::string::npos || line.compare(a, 3, "/* ") == 0) continue;
    const std::size_t b = line.find("*/", a);
    fns[current].push_back(line.substr(a, b + 2 - a) + " " + test::normalize_nvdisasm_text(line.substr(b + 2)));
  }
  return fns;
}

// tmu dis's listing, or its error.
Result<Listing> tmu_listing(const std::vector<std::byte>& bytes) {
  auto cubin = read_cubin(bytes);
  if (!cubin) return make_error(cubin.error());
  std::vector<sm50::Program> programs(cubin->functions.size());
  for (std::size_t i = 0; i < programs.size(); ++i)
    if (auto fail = sm50::decode_program(cubin->functions[i].code, cubin->arch, 0, programs[i]))
      return make_error(fail->reason);
  const auto labels = sm50::cubin_labels(*cubin, programs);
  Listing fns;
  for (std::size_t i = 0; i < programs.size(); ++i) {
    auto& lines = fns[cubin->functions[i].section.substr(6)];
    std::stringstream listing(sm50::print_listing(programs[i], {.labels = &labels[i]}));
    for (std::string line; std::getline(listing, line);) lines.push_back(line);
    if (auto end = labels[i].name_of(cubin->functions[i].code.size())) lines.push_back(fmt::format("{}:", *end));
  }
  return fns;
}

struct Case {
  std::string what;
  std::vector<std::byte> bytes;
};

TEST(CubinCorruptOracle, RefusedExactlyWhenNvdisasmRefuses) {
  TMU_REQUIRE_TOOL(ptxas, "ptxas");
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  const auto module = test::ptx_call_corpus("sm_52").at(0);
  const std::string dir = test::temp_dir();
  test::write_text(dir + "/calls.ptx", module.source);
  const auto compiled = test::run_program({ptxas, "-arch=sm_52", dir + "/calls.ptx", "-o", dir + "/calls.cubin"});
  ASSERT_EQ(compiled.status, 0) << compiled.err;
  const auto base = test::read_bytes(dir + "/calls.cubin");
  ASSERT_GT(base.size(), 0x400u);
  const std::size_t size = base.size();
  const uint64_t shoff = get(base, 0x28, 8), phoff = get(base, 0x20, 8);
  const uint32_t shnum = static_cast<uint32_t>(get(base, 0x3c, 2));

  std::vector<Case> cases{{"as ptxas wrote it", base}};
  // Cuts: every length up to past the ELF header, then the section data, the section headers and the program
  // headers at a stride, each table's first and last byte, one byte short; and one byte too many.
  std::set<std::size_t> cuts;
  for (std::size_t n = 0; n <= 72; n += 8) cuts.insert(n);
  for (std::size_t n = 63; n <= 65; ++n) cuts.insert(n);
  for (std::size_t n = 72; n < size; n += 211) cuts.insert(n);
  for (uint64_t at : {shoff, shoff + 1, shoff + 64 * shnum - 1, phoff, phoff + 1, uint64_t{size - 1}})
    if (at < size) cuts.insert(at);
  for (std::size_t n : cuts) cases.push_back({fmt::format("cut to {} bytes", n), {base.begin(), base.begin() + static_cast<std::ptrdiff_t>(n)}});
  auto longer = base;
  longer.push_back(std::byte{0});
  cases.push_back({"one byte more", longer});
  // Header fields.
  const auto patched = [&](std::string what, std::size_t at, std::size_t n, uint64_t v) {
    auto b = base;
    put(b, at, n, v);
    cases.push_back({std::move(what), std::move(b)});
  };
  patched("no ELF magic", 0, 4, 0x464c457e);
  patched("ELF32", 4, 1, 1);
  patched("big-endian", 5, 1, 2);
  patched("EI_VERSION 0", 6, 1, 0);
  patched("OS ABI 0", 7, 1, 0);
  patched("e_type ET_REL", 0x10, 2, 1);
  patched("e_machine 62", 0x12, 2, 62);
  patched("e_version 0", 0x14, 4, 0);
  patched("e_phoff at the end", 0x20, 8, size);
  patched("e_phoff 2^63", 0x20, 8, uint64_t{1} << 63);
  patched("e_shoff 0", 0x28, 8, 0);
  patched("e_shoff + 8", 0x28, 8, shoff + 8);
  patched("e_shoff at the end", 0x28, 8, size);
  patched("e_shoff all ones", 0x28, 8, ~uint64_t{0});
  patched("e_flags sm_30", 0x30, 4, 0x1e051e);
  patched("e_flags 0", 0x30, 4, 0);
  patched("e_phentsize 0", 0x36, 2, 0);
  patched("e_phnum 0", 0x38, 2, 0);
  patched("e_phnum + 1", 0x38, 2, get(base, 0x38, 2) + 1);
  patched("e_phnum 0xffff", 0x38, 2, 0xffff);
  patched("e_shentsize 0", 0x3a, 2, 0);
  patched("e_shentsize 128", 0x3a, 2, 128);
  patched("e_shnum 0", 0x3c, 2, 0);
  patched("e_shnum 1", 0x3c, 2, 1);
  patched("e_shnum + 1", 0x3c, 2, shnum + 1);
  patched("e_shnum 0xffff", 0x3c, 2, 0xffff);
  patched("e_shstrndx 0", 0x3e, 2, 0);
  patched("e_shstrndx e_shnum", 0x3e, 2, shnum);
  patched("e_shstrndx 0xffff", 0x3e, 2, 0xffff);
  // (Not e_shstrndx 2, .strtab: nvdisasm then finds the code sections by their flags and lists them under names
  // it reads from .strtab; tmu finds them by their names, ".text.*", and lists nothing.)
  patched("e_shstrndx .symtab", 0x3e, 2, 3);
  // Section headers (section 0 is ignored by nvdisasm): data at the end of the file or one byte before, a size
  // of the whole file.
  for (uint32_t i = 1; i < shnum; ++i) {
    const std::size_t h = shoff + 64 * i;
    if (get(base, h + 4, 4) == SHT_NOBITS) continue;
    patched(fmt::format("section {} at the end", i), h + 0x18, 8, size);
    patched(fmt::format("section {} one byte before the end", i), h + 0x18, 8, size - 1);
    patched(fmt::format("section {} the size of the file", i), h + 0x20, 8, size);
  }

  // nvdisasm on every case (one at a time: test::run_program is not thread-safe).
  std::vector<test::RunResult> results;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string path = fmt::format("{}/case{}.cubin", dir, i);
    test::write_bytes(path, cases[i].bytes);
    results.push_back(test::run_program({nvdisasm, "-c", path}));
  }

  std::size_t both_refuse = 0, both_accept = 0, crashes = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const test::RunResult& nv = results[i];
    if (nv.status != 0 && nv.status != 1) {  // a signal: nvdisasm crashed
      ++crashes;
      continue;
    }
    const auto tmu = tmu_listing(c.bytes);
    if (nv.status == 1) {
      EXPECT_FALSE(tmu) << c.what << ": nvdisasm refuses it (" << nv.err << "), tmu reads it";
      if (!tmu) ++both_refuse;
      // The reasons nvdisasm gives before reading are tmu's too (nvdisasm calls ELF32 and big-endian files
      // truncated; tmu says what they are).
      for (const char* reason : {"appears truncated", "has no section header table", "corrupted section header table"}) {
        if (!tmu && !tmu.error().starts_with("not a ") && nv.err.find(reason) != std::string::npos) {
          EXPECT_NE(tmu.error().find(reason), std::string::npos) << c.what << ": nvdisasm: " << nv.err << "; tmu: " << tmu.error();
        }
      }
      continue;
    }
    if (!tmu) {
      ADD_FAILURE() << c.what << ": nvdisasm reads it, tmu refuses it: " << tmu.error();
      continue;
    }
    ++both_accept;
    EXPECT_EQ(*tmu, nvdisasm_listing(nv.out)) << c.what;
  }
  std::printf("[ oracle ] damaged cubins: %zu cases, %zu refused by both, %zu listed alike by both, %zu left out "
              "(nvdisasm crashed)\n", cases.size(), both_refuse, both_accept, crashes);
  EXPECT_EQ(both_refuse + both_accept + crashes, cases.size());
  EXPECT_GT(both_refuse, 0u);
  EXPECT_GT(both_accept, 0u);
}

}  // namespace
}  // namespace tmu::isa
