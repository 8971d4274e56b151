// SPDX-License-Identifier: MIT
// Differential sweep of the whole 64-bit instruction space against nvdisasm (issue 14): uniformly random words,
// not drawn from the table's rows, each in a bundle with a plain control slot. For every word nvdisasm gives its
// verdict (the text, or its reason for refusing); tmu must print the same text for every word both accept (the
// test fails on any difference), must not accept a word nvdisasm refuses, and its text must assemble back into the
// word. The share of nvdisasm's accepted words that tmu accepts and prints identically is printed per architecture,
// with the instructions tmu is missing (none since STP), so a gap is visible in every run.
//   TMU_SWEEP_WORDS  random words per architecture (default 10000)
//   TMU_SEED         changes the random words
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <random>
#include <sstream>
#include <string_view>

#include "isa/sm50/codec.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/printer.h"
#include "oracle.h"

namespace tmu::isa::sm50 {
namespace {

using test::env_count;

Control plain_slot() { return unpack_slot(test::kPlainSlot); }

std::vector<std::byte> bundles(const std::vector<uint64_t>& words) {
  return test::nvdisasm_bundles(words, std::vector<uint64_t>(words.size(), test::kPlainSlot));
}

// nvdisasm's verdict on each word: its text (with terminator), or its reason for refusing. nvdisasm refuses a whole
// file, naming every bad word on a line of its own ("REASON at address 0x..."), so the refused words are taken out
// and the rest run again until nvdisasm lists them all.
struct Verdict {
  bool ok = false;
  std::string text;      // the instruction text, or the reason without "at address ..."
  uint64_t address = 0;  // where the word sat in the run that listed it (PC-relative operands depend on it)
};

std::vector<Verdict> nvdisasm_verdicts(const std::string& nvdisasm, const std::vector<uint64_t>& words, Arch arch) {
  constexpr std::string_view kAt = " at address 0x";
  std::vector<Verdict> out(words.size());
  std::vector<std::size_t> todo(words.size());
  for (std::size_t i = 0; i < todo.size(); ++i) todo[i] = i;
  while (!todo.empty()) {
    std::vector<uint64_t> ws;
    for (std::size_t i : todo) ws.push_back(words[i]);
    const auto r = test::nvdisasm_raw(nvdisasm, bundles(ws), arch);
    if (r.ok) {
      for (std::size_t k = 0; k < todo.size() && k < r.lines.size(); ++k)
        out[todo[k]] = {true, r.lines[k], (k / 3) * 32 + 8 + (k % 3) * 8};
      break;
    }
    std::vector<bool> refused(todo.size(), false);
    bool any = false;
    std::stringstream lines(r.error);
    for (std::string line; std::getline(lines, line);) {
      if (line.starts_with("nvdisasm error")) line.erase(0, line.find(": ") + 2);
      const std::size_t at = line.find(kAt);
      if (at == std::string::npos) continue;
      const uint64_t addr = std::stoull(line.substr(at + kAt.size()), nullptr, 16);
      const std::size_t k = static_cast<std::size_t>((addr / 32) * 3 + (addr % 32) / 8 - 1);
      if (k >= todo.size() || refused[k]) continue;
      refused[k] = any = true;
      out[todo[k]] = {false, line.substr(0, at), 0};
    }
    if (!any) {  // no word named: nothing more to learn from this run
      for (std::size_t i : todo) out[i] = {false, r.error, 0};
      break;
    }
    std::vector<std::size_t> rest;
    for (std::size_t k = 0; k < todo.size(); ++k)
      if (!refused[k]) rest.push_back(todo[k]);
    todo = std::move(rest);
  }
  return out;
}

// The mnemonic of a listed instruction ("@P0 SULD.D.BA.2D ..." -> "SULD"), for the tally of what tmu misses.
std::string mnemonic(const std::string& text) {
  std::size_t s = 0;
  if (text.starts_with("@")) s = text.find(' ') + 1;
  if (text.compare(s, 2, "{ ") == 0) s += 2;
  const std::size_t e = text.find_first_of(". ;", s);
  return text.substr(s, e == std::string::npos ? std::string::npos : e - s);
}

class Sweep : public ::testing::TestWithParam<Arch> {};

TEST_P(Sweep, RandomWordsAgreeWithNvdisasm) {
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  const Arch arch = GetParam();
  std::mt19937_64 rng(env_count("TMU_SEED", 1) * 7919 + (arch == Arch::SM52));
  const std::size_t n = env_count("TMU_SWEEP_WORDS", 10000);
  std::vector<uint64_t> words(n);
  for (uint64_t& w : words) w = rng();

  // In chunks, one after the other (the oracle helpers' temporary files are not for concurrent runs).
  constexpr std::size_t kChunk = 256;
  std::vector<Verdict> verdicts;
  for (std::size_t b = 0; b < n; b += kChunk) {
    const std::vector<uint64_t> chunk(words.begin() + static_cast<std::ptrdiff_t>(b),
                                      words.begin() + static_cast<std::ptrdiff_t>(std::min(n, b + kChunk)));
    const auto v = nvdisasm_verdicts(nvdisasm, chunk, arch);
    verdicts.insert(verdicts.end(), v.begin(), v.end());
  }

  std::size_t accepted = 0, identical = 0, differ = 0, extra = 0, reasons = 0;
  std::map<std::string, std::size_t> missing;
  for (std::size_t i = 0; i < n; ++i) {
    const Verdict& v = verdicts[i];
    const auto d = decode(words[i], arch, plain_slot(), v.address);
    if (!v.ok) {
      if (d) {
        ++extra;
        ADD_FAILURE() << fmt::format("{:#018x}: tmu accepts as '{}', nvdisasm refuses: {}", words[i], to_string(*d),
                                     v.text);
      } else if (d.error() != v.text) {
        ++reasons;
        if (reasons <= 10)
          std::printf("[ sweep  ] %#018llx refused for another reason: tmu '%s', nvdisasm '%s'\n",
                      static_cast<unsigned long long>(words[i]), d.error().c_str(), v.text.c_str());
      }
      continue;
    }
    ++accepted;
    if (!d) {
      ++missing[mnemonic(v.text)];
      continue;
    }
    const std::string text = to_string(*d) + std::string(terminator(*d));
    if (text != v.text) {
      ++differ;
      ADD_FAILURE() << fmt::format("{:#018x}: tmu '{}' nvdisasm '{}'", words[i], text, v.text);
      continue;
    }
    ++identical;
    // The text assembles back into the word (bits nvdisasm ignores aside).
    const auto plain = decode(words[i], arch, plain_slot());
    const auto canonical = encode(*plain);
    ASSERT_TRUE(canonical) << canonical.error();
    const ParseResult r = parse_instruction(to_string(*plain), arch);
    if (!r.ok()) {
      ADD_FAILURE() << fmt::format("{:#018x}: '{}' does not assemble: {}", words[i], to_string(*plain), r.error);
      continue;
    }
    const auto again = encode(*r.inst);
    ASSERT_TRUE(again) << again.error();
    EXPECT_EQ(*again, *canonical) << fmt::format("'{}' from {:#018x} assembles to {:#018x}", to_string(*plain),
                                                 words[i], *again);
  }
  std::string gaps;
  std::vector<std::pair<std::size_t, std::string>> by_count;
  for (const auto& [m, c] : missing) by_count.push_back({c, m});
  std::sort(by_count.rbegin(), by_count.rend());
  for (const auto& [c, m] : by_count) gaps += fmt::format(" {} {}", m, c);
  std::printf("[ sweep  ] %s: %zu random words, nvdisasm accepts %zu; tmu accepts and prints identically %zu "
              "(%.1f%%), differs on %zu, accepts %zu nvdisasm refuses; %zu refused for another reason\n",
              std::string(arch_name(arch)).c_str(), n, accepted, identical,
              accepted ? 100.0 * static_cast<double>(identical) / static_cast<double>(accepted) : 0.0, differ, extra,
              reasons);
  std::printf("[ sweep  ] %s: missing:%s\n", std::string(arch_name(arch)).c_str(), gaps.empty() ? " none" : gaps.c_str());
  RecordProperty("accepted", static_cast<int>(accepted));
  RecordProperty("identical", static_cast<int>(identical));
  // Nothing is missing since STP (issue 14): every word nvdisasm accepts, tmu accepts and prints identically, and
  // every word both refuse is refused for the same reason (10000 words, seed 1; 40000, seed 7).
  EXPECT_EQ(identical, accepted) << "missing:" << gaps;
  EXPECT_EQ(reasons, 0u);
}

INSTANTIATE_TEST_SUITE_P(WholeSpace, Sweep, ::testing::Values(Arch::SM50, Arch::SM52),
                         [](const auto& p) { return std::string(arch_name(p.param)); });

}  // namespace
}  // namespace tmu::isa::sm50
