// SPDX-License-Identifier: MIT
// The half-precision family (HADD2, HMUL2, HFMA2, HSET2, HSETP2, HADD2_32I, HMUL2_32I, HFMA2_32I; issue 14):
// texts and words checked with nvdisasm 11.8 (tests/data/nvdisasm-pairs/half.tsv holds more), SM50's refusal,
// what the encoder says to SM50 source, and the executor's refusal by name.
#include <gtest/gtest.h>

#include "exec_memory_util.h"
#include "isa/sm50/codec.h"
#include "isa/sm50/parser.h"
#include "isa/sm50/printer.h"

namespace tmu::isa::sm50 {
namespace {

Control plain() {
  return unpack_slot(0x7f2);
}

struct Case {
  uint64_t word;
  const char* text;  // nvdisasm 11.8 -b SM52, without " ;"
};

// Decorations, swizzles, modifier order and the immediate pair of every row kind.
constexpr Case kCases[] = {
    {0x5d119800f0070000, "HADD2 R0, -|R0.H1_H1|, -|R0.H1_H1|"},
    {0x5d16008100070000, "HADD2.MRG_H1.FTZ.SAT R0, R0, R0"},
    {0x5d0e018100070000, "HMUL2.MRG_H1.INVALID.SAT R0, R0, R0"},
    {0x5d00006000070000, "HFMA2.INVALID R0, R0, R0, R0"},
    {0x67e048c22b48f2ae, "@!P0 HFMA2.INVALIDFMZ3 R174, R242, -R145.H1_H1, c[0x10][-0x7530]"},
    {0x5d1e008100070000, "HSET2.BF.F.FTZ.AND R0, R0, R0, P1"},
    {0x5d19f32d98d0add1, "@P0 HSET2.NE.???3 R209, |R173.H1_H1|, -R141.F32, P6"},
    {0x5d22000000070040, "HSETP2.F.H_AND.FTZ.AND P0, P0, R0, R0, P0"},
    {0x7a00000020070000, "HADD2 R0, R0, 0, -0.0 "},
    {0x7100000000070000, "HFMA2 R0, R0, -0.0 , 0, R0"},
    {0x7a00007c3f870000, "HADD2 R0, R0, +INF , -QNAN "},
    {0x2c07e123f0070000, "HADD2_32I R0, R0, +QNAN , 1.75"},
    {0x28d43183fd161e61, "@P6 HFMA2_32I.FTZ R97, R30.H0_H0, 3.546875, 1.9541015625, -R97"},
    {0x7800080000070000, "HMUL2 R0, -R0, 0, 0"},         // [43] negates A in the immediate form ...
    {0x7880080000070000, "HMUL2 R0, R0, -c[0x0][0x0]"},  // ... and B in the constant form
};

TEST(Half, PrintsAsNvdisasmAndAssemblesBack) {
  for (const Case& k : kCases) {
    const auto d = decode(k.word, Arch::SM52, plain());
    ASSERT_TRUE(d) << std::hex << k.word << ": " << d.error();
    EXPECT_EQ(to_string(*d), k.text) << std::hex << k.word;
    const ParseResult r = parse_instruction(k.text, Arch::SM52);
    ASSERT_TRUE(r.ok()) << k.text << ": " << r.error;
    EXPECT_EQ(*encode(*r.inst), *encode(*d)) << k.text;
  }
}

// nvdisasm -b SM50 refuses every half-precision word: "Unrecognized operation for functional unit 'uC'".
TEST(Half, Sm50RefusesTheFamily) {
  for (const Case& k : kCases) {
    const auto d = decode(k.word, Arch::SM50, plain());
    ASSERT_FALSE(d) << std::hex << k.word << ": " << to_string(*d);
    EXPECT_EQ(d.error(), kUnrecognized);
  }
  // The text reads, but does not encode for SM50.
  const ParseResult r = parse_instruction("HADD2 R0, R1, R2", Arch::SM50);
  ASSERT_TRUE(r.ok()) << r.error;
  const auto w = encode(*r.inst);
  ASSERT_FALSE(w);
  EXPECT_EQ(w.error(), "HADD2 needs SM52 or later (assemble with --arch sm52)");
}

// Reuse flag 3 is ignored by most rows but refused by HSETP2, HFMA2's RC form and HFMA2_32I (nvdisasm: 'uC').
TEST(Half, ReuseFlag3) {
  Control c = plain();
  c.reuse = 8;
  EXPECT_TRUE(decode(0x5d10000000070000, Arch::SM52, c));   // HADD2
  EXPECT_TRUE(decode(0x5d00000000070000, Arch::SM52, c));   // HFMA2
  EXPECT_FALSE(decode(0x5d20000000070000, Arch::SM52, c));  // HSETP2
  EXPECT_FALSE(decode(0x6080000000070000, Arch::SM52, c));  // HFMA2 RC
  EXPECT_FALSE(decode(0x2800000000070000, Arch::SM52, c));  // HFMA2_32I
  c.reuse = 4;                                              // HADD2's Rb takes flag 2, like FADD's
  EXPECT_EQ(to_string(*decode(0x5d10000000070000, Arch::SM52, c)), "HADD2 R0, R0, R0.reuse");
}

}  // namespace
}  // namespace tmu::isa::sm50

namespace tmu::exec {
namespace {

class ExecHalf : public ExecMemoryTest {};

// The table holds them, the executor has no semantics for them: the run stops with the text and the name.
TEST_F(ExecHalf, HalfPrecisionIsRefusedByName) {
  constexpr auto kSm52 = isa::Arch::SM52;
  fails("HADD2 R0, R1, R2;", -1, {"HADD2 R0, R1, R2", "does not model HADD2"}, kSm52);
  fails("HADD2_32I R0, R1, 1, 2;", -1, {"does not model HADD2_32I"}, kSm52);
  fails("HMUL2.FTZ R0, R1, c[0x0][0x8];", -1, {"does not model HMUL2"}, kSm52);
  fails("HMUL2_32I R0, R1, 1, 2;", -1, {"does not model HMUL2_32I"}, kSm52);
  fails("HFMA2 R0, R1, R2, R3;", -1, {"does not model HFMA2"}, kSm52);
  fails("HFMA2_32I R0, R1, 1, 2, R0;", -1, {"does not model HFMA2_32I"}, kSm52);
  fails("HSET2.BF.LT.AND R0, R1, R2, PT;", -1, {"does not model HSET2"}, kSm52);
  fails("HSETP2.GT.AND P0, PT, R1, R2, PT;", -1, {"does not model HSETP2"}, kSm52);
}

// The other rows the whole-space sweep found (VSETP, VABSDIFF4, LEPC, VOTE.VTG), refused the same way.
TEST_F(ExecHalf, OtherSweepFindsAreRefusedByName) {
  fails("VSETP.LT.U8.U8.AND P0, PT, R5, R6, PT;", -1, {"does not model VSETP"});
  fails("VABSDIFF4.U8.U8 R0, R5.3201, R6, R7;", -1,
        {"VABSDIFF4.U8.U8 R0, R5.3201, R6, R7", "does not model VABSDIFF4"});
  fails("LEPC R5;", -1, {"does not model LEPC"});
  fails("VOTE.VTG.R 0x12;", -1, {"does not model VOTE.VTG"});
}

}  // namespace
}  // namespace tmu::exec
