// SPDX-License-Identifier: MIT
// The instruction table itself: every row well formed, patterns as written, control words as laid out in the
// reference (section 7), hand-computed.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>

#include "isa/sm50/codec.h"
#include "isa/sm50/control.h"
#include "isa/sm50/syntax.h"
#include "isa/sm50/table.h"
#include "isa/sm50/table_doc.h"

namespace tmu::isa::sm50 {
namespace {

TEST(Table, EveryRowValidates) {
  for (const Form& f : forms()) EXPECT_EQ(validate(f), "") << f.opclass << " " << f.syntax;
}

TEST(Table, FieldNamesAreUnique) {
  std::set<std::string_view> names;
  for (const Field& f : kFields) EXPECT_TRUE(names.insert(f.name).second) << f.name;
}

TEST(Pattern, PrefixAndGroups) {
  // TEX: bits 63..59 = 11000.
  const Pattern tex = parse_pattern("1100 0");
  EXPECT_EQ(tex.mask, 0xf800000000000000u);
  EXPECT_EQ(tex.value, 0xc000000000000000u);
  // Immediate IPA: 1110 0000 at 63..56, bit 38 clear, Ra (8..15) = RZ.
  const Pattern ipa = parse_pattern("1110 0000 | 38:0 8:11111111");
  EXPECT_EQ(ipa.mask, 0xff0000400000ff00u);
  EXPECT_EQ(ipa.value, 0xe00000000000ff00u);
  // TLD4S: [55] free, [54] = 0.
  const Pattern tld4s = parse_pattern("1101 1111 .0");
  EXPECT_EQ(tld4s.mask, 0xff40000000000000u);
  EXPECT_EQ(tld4s.value, 0xdf00000000000000u);
  EXPECT_FALSE(parse_pattern("11x").ok);
  EXPECT_FALSE(parse_pattern("1 | 63:0").ok);  // bit fixed twice
  EXPECT_FALSE(parse_pattern("| 62:111").ok);  // runs past bit 63
}

TEST(Pattern, LookupFindsTheMostSpecificRow) {
  EXPECT_EQ(match_form(0xdeb8000000000000)->op, Op::TEX_B);
  EXPECT_EQ(match_form(0xc000000000000000)->op, Op::TEX);
  EXPECT_EQ(match_form(0xdf58000000000000)->op, Op::TMML);
  EXPECT_EQ(match_form(0xe0000040000000ff)->opclass, "IPA");  // IPA.IDX (bit 38)
}

TEST(Control, SlotLayout) {
  // ptxas's common control word: stalls 6, 1, 1, yield bits set, no barriers.
  const auto s = unpack_control(0x001fc400fe2007f6);
  EXPECT_EQ(s[0].stall, 6);
  EXPECT_EQ(s[1].stall, 1);
  EXPECT_EQ(s[2].stall, 1);
  for (const Control& c : s) {
    EXPECT_TRUE(c.yield);
    EXPECT_EQ(c.wrbar, 7);
    EXPECT_EQ(c.rdbar, 7);
    EXPECT_EQ(c.wait, 0);
    EXPECT_EQ(c.reuse, 0);
  }
  EXPECT_EQ(pack_control(s), 0x001fc400fe2007f6u);
  // Slot 1 of 0x081ec440f62007f1: write barrier 5, reuse 1 (the .T phase on texture ops).
  const auto t = unpack_control(0x081ec440f62007f1);
  EXPECT_EQ(t[1].wrbar, 5);
  EXPECT_EQ(t[1].reuse, 1);
  EXPECT_EQ(pack_control(t), 0x081ec440f62007f1u);
}

TEST(Control, FixedLatencyRowsRefuseBarriers) {
  for (const Form& f : forms()) {
    Control c;
    c.wrbar = 2;
    EXPECT_EQ(check_control(f, c).empty(), !fixed_latency(f.sched)) << f.opclass;
  }
}

}  // namespace
}  // namespace tmu::isa::sm50

namespace tmu::isa::sm50 {
namespace {

TEST(TableDoc, BitRanges) {
  EXPECT_EQ(bit_ranges(0), "none");
  EXPECT_EQ(bit_ranges(0x1), "0");
  EXPECT_EQ(bit_ranges(0x00300000ull | (uint64_t{1} << 50) | 0xff), "0-7, 20-21, 50");
  EXPECT_EQ(bit_ranges(~uint64_t{0}), "0-63");
}

TEST(TableDoc, IgnoredBitsOfTxq) {
  // TXQ: nvdisasm ignores 20-21, 28-30, 35 and 50 (checked with nvdisasm when the texture rows were written).
  for (const Form& f : forms())
    if (f.opclass == "TXQ") {
      EXPECT_EQ(bit_ranges(ignored_bits(f)), "20-21, 28-30, 35, 50");
    }
}

TEST(TableDoc, DocsIgnoredBitsIsCurrent) {
  std::ifstream in(std::string(TMU_DOCS) + "/ignored-bits.md");
  ASSERT_TRUE(in) << "docs/ignored-bits.md is missing";
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(), ignored_bits_markdown()) << "regenerate it: tmu table --markdown > docs/ignored-bits.md";
}

}  // namespace
}  // namespace tmu::isa::sm50
