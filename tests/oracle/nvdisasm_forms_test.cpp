// SPDX-License-Identifier: MIT
// Differential test against nvdisasm, one case per table row and architecture: random words with the row's fixed
// bits set and every other bit random, half of them with random control slots. tmu must accept exactly the words
// nvdisasm accepts, print exactly its text, refuse the others with its reason, and assemble its own text back
// into the same word (bits nvdisasm ignores are zero in tmu's encoding).
//   TMU_ORACLE_WORDS   random words per row and architecture (default 600)
//   TMU_ORACLE_REJECTS refused words checked one by one (nvdisasm stops at the first bad word; default 6)
//   TMU_SEED           changes the random words
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdlib>
#include <random>
#include <regex>

#include "isa/sm50/codec.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/printer.h"
#include "oracle.h"

namespace tmu::isa::sm50 {
namespace {

using test::env_count;

struct Case {
  std::size_t form;
  Arch arch;
};

std::vector<Case> all_cases() {
  std::vector<Case> out;
  for (std::size_t i = 0; i < kForms.size(); ++i)
    for (Arch a : {Arch::SM50, Arch::SM52}) out.push_back({i, a});
  return out;
}

struct Sample {
  uint64_t word;
  Control ctrl;
  std::string expect;  // tmu's text with terminator, or its refusal reason
};

Control random_slot(std::mt19937_64& rng) {
  Control c;
  do {
    c = unpack_slot(rng() & 0x1fffff);
  } while (c.dual_issue());
  return c;
}

Control safe_slot() { return unpack_slot(test::kPlainSlot); }

std::vector<std::byte> bundle_code(const std::vector<Sample>& s, std::size_t first, std::size_t count) {
  std::vector<uint64_t> words, slots;
  for (std::size_t k = first; k < first + count; ++k) {
    words.push_back(s[k].word);
    slots.push_back(pack_slot(s[k].ctrl));
  }
  return test::nvdisasm_bundles(words, slots);
}

class FormDiff : public ::testing::TestWithParam<Case> {};

TEST_P(FormDiff, AgreesWithNvdisasm) {
  TMU_REQUIRE_TOOL(nvdisasm, "nvdisasm");
  const Case c = GetParam();
  const Form& form = kForms[c.form];
  const Pattern p = form.bits();
  std::mt19937_64 rng(env_count("TMU_SEED", 1) * 1000003 + c.form * 2 + (c.arch == Arch::SM52));
  const std::size_t n = env_count("TMU_ORACLE_WORDS", 600);

  std::vector<Sample> accepted, refused;
  for (std::size_t i = 0; i < n; ++i) {
    const uint64_t word = (rng() & ~p.mask) | p.value;
    const Control ctrl = i % 2 ? random_slot(rng) : safe_slot();
    auto d = decode(word, c.arch, ctrl);
    if (d) accepted.push_back({word, ctrl, to_string(*d) + std::string(terminator(*d))});
    else refused.push_back({word, ctrl, d.error()});
  }

  // Accepted words, in one nvdisasm run. If nvdisasm refuses one, report it and drop it.
  std::size_t agree = 0, mismatches = 0;
  for (int attempt = 0; attempt < 50 && !accepted.empty(); ++attempt) {
    const auto code = bundle_code(accepted, 0, accepted.size());
    const auto out = test::nvdisasm_raw(nvdisasm, code, c.arch);
    if (!out.ok) {
      std::smatch m;
      const std::regex at("at address 0x([0-9a-fA-F]+)");
      ASSERT_TRUE(std::regex_search(out.error, m, at)) << "nvdisasm failed: " << out.error;
      const uint64_t addr = std::stoull(m[1].str(), nullptr, 16);
      const std::size_t k = (addr / 32) * 3 + (addr % 32) / 8 - 1;
      ASSERT_LT(k, accepted.size()) << out.error;
      ADD_FAILURE() << fmt::format("{:#018x}: tmu accepts as '{}', nvdisasm refuses: {}", accepted[k].word,
                                   accepted[k].expect, out.error);
      ++mismatches;
      accepted.erase(accepted.begin() + static_cast<std::ptrdiff_t>(k));
      continue;
    }
    ASSERT_GE(out.lines.size(), accepted.size());
    for (std::size_t k = 0; k < accepted.size(); ++k) {
      // PC-relative operands print relative to where the word sits in this listing.
      auto d = decode(accepted[k].word, c.arch, accepted[k].ctrl, (k / 3) * 32 + 8 + (k % 3) * 8);
      ASSERT_TRUE(d);
      accepted[k].expect = to_string(*d) + std::string(terminator(*d));
      if (out.lines[k] == accepted[k].expect) {
        ++agree;
      } else if (++mismatches <= 20) {
        ADD_FAILURE() << fmt::format("{:#018x} (ctrl slot {:#x}): tmu '{}' nvdisasm '{}'", accepted[k].word,
                                     pack_slot(accepted[k].ctrl), accepted[k].expect, out.lines[k]);
      }
    }
    break;
  }

  // Refused words, one nvdisasm run each (it reports only the first bad word of a file).
  const std::size_t checks = std::min(refused.size(), env_count("TMU_ORACLE_REJECTS", 6));
  for (std::size_t k = 0; k < checks; ++k) {
    const auto out = test::nvdisasm_raw(nvdisasm, bundle_code(refused, k, 1), c.arch);
    if (out.ok) {
      ADD_FAILURE() << fmt::format("{:#018x} (ctrl slot {:#x}): tmu refuses ({}), nvdisasm prints '{}'", refused[k].word,
                                   pack_slot(refused[k].ctrl), refused[k].expect, out.lines.empty() ? "" : out.lines[0]);
      ++mismatches;
    } else {
      EXPECT_EQ(out.error, refused[k].expect + " at address 0x00000008") << fmt::format("{:#018x}", refused[k].word);
    }
  }

  // Round trip: the printed text assembles back into the word, minus the bits nvdisasm ignores. The all-zero word
  // ("NOP;") is the exception: "NOP" assembles to NOP's real encoding.
  for (const Sample& s : accepted) {
    if (form.sched == Sched::Ignored) break;
    auto d = decode(s.word, c.arch, s.ctrl);
    ASSERT_TRUE(d);
    const auto canonical = encode(*d);
    ASSERT_TRUE(canonical) << canonical.error();
    const std::string text = to_string(*d);
    const ParseResult r = parse_instruction(text, c.arch);
    ASSERT_TRUE(r.ok()) << text << ": " << r.error << " at " << r.error_offset;
    const auto again = encode(*r.inst);
    ASSERT_TRUE(again) << text << ": " << again.error();
    EXPECT_EQ(*again, *canonical) << fmt::format("'{}' from {:#018x} assembles to {:#018x}", text, s.word, *again);
  }
  RecordProperty("agree", static_cast<int>(agree));
  std::printf("[ oracle ] %s %s: %zu words, %zu accepted and identical, %zu refused (%zu checked), %zu mismatches\n",
              std::string(form.opclass).c_str(), std::string(arch_name(c.arch)).c_str(), n, agree, refused.size(), checks,
              mismatches);
}

INSTANTIATE_TEST_SUITE_P(Table, FormDiff, ::testing::ValuesIn(all_cases()), [](const auto& param_info) {
  const Form& f = kForms[param_info.param.form];
  std::string name = fmt::format("{}_{}_{}", param_info.param.form, f.opclass, arch_name(param_info.param.arch));
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name;
});

}  // namespace
}  // namespace tmu::isa::sm50
