// SPDX-License-Identifier: MIT
// Recorded nvdisasm output (tests/data/nvdisasm-pairs/*.tsv: architecture, control word, instruction word in slot
// 0, nvdisasm's text): tmu must print the same text and assemble it back into the word.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "isa/sm50/codec.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/printer.h"

namespace tmu::isa::sm50 {
namespace {

struct Pair {
  std::string file;
  int line;
  Arch arch;
  uint64_t ctrl, word;
  std::string text;
};

std::vector<Pair> load_pairs() {
  std::vector<Pair> out;
  for (const auto& e : std::filesystem::directory_iterator(TMU_TEST_DATA "/nvdisasm-pairs")) {
    if (e.path().extension() != ".tsv") continue;
    std::ifstream in(e.path());
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
      ++n;
      if (line.empty() || line[0] == '#') continue;
      std::stringstream ss(line);
      std::string arch, ctrl, word, text;
      std::getline(ss, arch, '\t');
      std::getline(ss, ctrl, '\t');
      std::getline(ss, word, '\t');
      std::getline(ss, text);
      out.push_back({e.path().filename().string(), n, *parse_arch(arch), std::stoull(ctrl, nullptr, 16),
                     std::stoull(word, nullptr, 16), text});
    }
  }
  return out;
}

TEST(NvdisasmPairs, PrintAndAssembleBack) {
  const auto pairs = load_pairs();
  ASSERT_GT(pairs.size(), 50u);
  std::size_t failures = 0;
  for (const Pair& p : pairs) {
    const std::string where = fmt::format("{}:{} {:#018x}", p.file, p.line, p.word);
    // The word sat in slot 0 of the first bundle: address 0x8 (branch targets print relative to it).
    auto d = decode(p.word, p.arch, unpack_control(p.ctrl)[0], 8);
    if (!d) {
      ADD_FAILURE() << where << ": refused: " << d.error();
      if (++failures > 30) break;
      continue;
    }
    const std::string text = to_string(*d);
    if (text != p.text) {
      ADD_FAILURE() << where << ": '" << text << "', nvdisasm '" << p.text << "'";
      if (++failures > 30) break;
      continue;
    }
    if (d->form().sched == Sched::Ignored) continue;  // the zero word prints "NOP"; "NOP" is NOP's own encoding
    const ParseResult r = parse_instruction(p.text, p.arch, 8);
    ASSERT_TRUE(r.ok()) << where << ": " << r.error;
    EXPECT_EQ(*encode(*r.inst), *encode(*d)) << where;
  }
}

}  // namespace
}  // namespace tmu::isa::sm50
