// SPDX-License-Identifier: MIT
// The control-flow family and the listing rules around it: PC-relative targets, labels, dual-issue pairs that span
// bundles, the zero word. Words and texts were checked with nvdisasm 11.8 (see tests/data/nvdisasm-pairs/branch.tsv).
#include <gtest/gtest.h>

#include <cstring>

#include "isa/sm50/codec.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/printer.h"
#include "isa/sm50/program.h"

namespace tmu::isa::sm50 {
namespace {

Control safe() {
  Control c;
  c.stall = 6;
  c.yield = true;
  return c;
}

std::string text_at(uint64_t word, uint64_t address, const LabelMap* labels = nullptr) {
  auto d = decode(word, Arch::SM50, safe(), address);
  EXPECT_TRUE(d) << d.error();
  if (!d) return {};
  std::string s;
  print(*d, s, labels);
  return s;
}

uint64_t word_at(std::string_view text, uint64_t address, const LabelMap* labels = nullptr) {
  const ParseResult r = parse_instruction(text, Arch::SM50, address, labels);
  EXPECT_TRUE(r.ok()) << text << ": " << r.error;
  if (!r.ok()) return 0;
  auto w = encode(*r.inst);
  EXPECT_TRUE(w) << w.error();
  return w ? *w : 0;
}

TEST(Branch, TargetsAreRelativeToTheNextInstruction) {
  // Offset field [20..43] = 0: the target is the next instruction, address + 8.
  EXPECT_EQ(text_at(0xe24000000007000f, 0x8), "BRA 0x10");
  EXPECT_EQ(text_at(0xe24000000007000f, 0x100), "BRA 0x108");
  // 0xfffff0 is -16: from 0xa8 the target is 0xa8 + 8 - 16 = 0xa0 (ptxas's closing self-loop, aimed at its bundle).
  EXPECT_EQ(text_at(0xe2400fffff07000f, 0xa8), "BRA 0xa0");
  // 0x800000 is -2^23: 0x8 + 8 - 0x800000 = -0x7ffff0, which nvdisasm prints signed.
  EXPECT_EQ(text_at(0xe24008000007000f, 0x8), "BRA -0x7ffff0");
  EXPECT_EQ(word_at("BRA 0x10", 0x8), 0xe24000000007000fu);
  EXPECT_EQ(word_at("BRA 0xa0", 0xa8), 0xe2400fffff07000fu);
  EXPECT_EQ(word_at("SSY 0x1010", 0x8), 0xe290000100000000u);  // no guard or CC: bits 0..19 stay 0
}

TEST(Branch, TargetsOutOfReachAreErrors) {
  const ParseResult r = parse_instruction("BRA 0x900000", Arch::SM50, 0x8);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error.find("out of reach"), std::string::npos) << r.error;
  EXPECT_FALSE(parse_instruction("BRA nowhere", Arch::SM50, 0x8).ok());
}

TEST(Branch, LabelsNameTargets) {
  LabelMap labels;
  labels.add(0x70, ".L_x_1");
  // 0x130 + 8 + (0xffff38 = -200) = 0x70.
  EXPECT_EQ(text_at(0xe2400ffff389000f, 0x130, &labels), "@!P1 BRA `(.L_x_1)");
  EXPECT_EQ(word_at("@!P1 BRA `(.L_x_1)", 0x130, &labels), 0xe2400ffff389000fu);
  EXPECT_EQ(word_at("@!P1 BRA .L_x_1", 0x130, &labels), 0xe2400ffff389000fu);
}

TEST(Branch, ConditionCodesAndRegisterTargets) {
  EXPECT_EQ(text_at(0xe2400000000f00cd, 0x8), "@!PT BRA.U.LMT CC.NEU, 0x10");
  EXPECT_EQ(word_at("@!PT BRA.U.LMT CC.NEU, 0x10", 0x8), 0xe2400000000f00cdu);
  EXPECT_EQ(word_at("BRA CC.T, 0x10", 0x8), 0xe24000000007000fu);  // CC.T is the default, not printed
  EXPECT_EQ(text_at(0xe250000800470320, 0x8), "BRX CC.F, c[0x0][R3+-0x7ffc]");
  EXPECT_EQ(text_at(0xe25008000007ff00, 0x8), "BRX CC.F, RZ -0x800000");
  EXPECT_EQ(word_at("BRX R3 0x10", 0x8), 0xe25000000107030fu);
  EXPECT_EQ(text_at(0xe21000000007000f | (uint64_t{0x12345678} << 20), 0x8), "JMP 0x12345678");
}

TEST(Branch, TheZeroWordIsNop) {
  Control any;  // barriers 0: refused by every fixed-latency form, yet nvdisasm prints the zero word
  any.wrbar = 0;
  auto d = decode(0, Arch::SM50, any, 0x8);
  ASSERT_TRUE(d) << d.error();
  EXPECT_EQ(to_string(*d), "NOP");
  EXPECT_EQ(terminator(*d), ";");
  // "NOP" assembles to NOP's real encoding, not to the zero word.
  EXPECT_EQ(word_at("NOP", 0x8), 0x50b0000000070f00u);
}

std::vector<std::byte> bundles(std::initializer_list<uint64_t> words) {
  std::vector<std::byte> out;
  for (uint64_t w : words)
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::byte>((w >> (8 * i)) & 0xff));
  return out;
}

// Control slots: stall 1 / yield (plain) and stall 0 / yield (dual issue with the next instruction).
constexpr uint64_t kPlain = 0x7f1, kDual = 0x7f0;
constexpr uint64_t ctrl(uint64_t a, uint64_t b, uint64_t c) { return a | b << 21 | c << 42; }
constexpr uint64_t kFmul = 0x5c68000001870911;

TEST(Listing, PairsMaySpanBundles) {
  // nvdisasm: slot 2 of the first bundle pairs with slot 0 of the second.
  Program p;
  ASSERT_FALSE(decode_program(bundles({ctrl(kPlain, kPlain, kDual), kFmul, kFmul, kFmul,
                                       ctrl(kPlain, kPlain, kPlain), kFmul, kFmul, kFmul}),
                              Arch::SM50, 0, p));
  const std::string l = print_listing(p, {});
  EXPECT_NE(l.find("/*0018*/ { FMUL R17, R9, R24 ;\n/*0028*/ FMUL R17, R9, R24 }"), std::string::npos) << l;
}

TEST(Listing, APairCannotStartAtTheEnd) {
  Program p;
  auto f = decode_program(bundles({ctrl(kPlain, kPlain, kDual), kFmul, kFmul, kFmul}), Arch::SM50, 0, p);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->reason, "Unaligned instruction found");
}

TEST(Listing, AClosingSlotTwoMarkRefusesTheNextBundle) {
  // Slot 1 opens a pair with slot 2, whose own mark nvdisasm then holds against the whole next bundle.
  Program p;
  auto f = decode_program(bundles({ctrl(kPlain, kDual, kDual), kFmul, kFmul, kFmul,
                                   ctrl(kPlain, kPlain, kPlain), kFmul, kFmul, kFmul}),
                          Arch::SM50, 0, p);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->address, 0x28u);
  EXPECT_EQ(f->reason, "Unrecognized operation for functional unit 'uC'");
}

}  // namespace
}  // namespace tmu::isa::sm50
