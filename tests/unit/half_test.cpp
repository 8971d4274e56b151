// SPDX-License-Identifier: MIT
// The half-precision family (HADD2, HMUL2, HFMA2, HSET2, HSETP2, HADD2_32I, HMUL2_32I, HFMA2_32I; issue 14):
// texts and words checked with nvdisasm 11.8 (tests/data/nvdisasm-pairs/half.tsv holds more), SM50's refusal,
// what the encoder says to SM50 source, and a run of each on the executor.
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

// The executor runs them (semantics: tests/oracle/exec_video_half_test.cpp against host IEEE half arithmetic);
// values worked out by hand. R1 = (H1 1, H0 -2), R2 = (0.5, 0.5), R3 = (2, 2).
TEST_F(ExecHalf, HalfPrecisionRuns) {
  set_all(1, 0x3c00c000);
  set_all(2, 0x38003800);
  set_all(3, 0x40004000);
  set_all(14, 0x40004000);
  ok("HADD2 R0, R1, R2;\n"                      // (1.5, -1.5)
     "HADD2_32I R10, R1, 1, 2;\n"               // (1 + 1, -2 + 2) = (2, 0)
     "HMUL2.FTZ R11, R1, R3;\n"                 // (2, -4)
     "HMUL2_32I R12, R1, 1, 2;\n"               // (1, -4)
     "HFMA2 R13, R1, R2, R3;\n"                 // (0.5 + 2, -1 + 2) = (2.5, 1)
     "HFMA2_32I R14, R1, 1, 2, R14;\n"          // (1 + 2, -4 + 2) = (3, -2)
     "HSET2.BF.LT.AND R15, R1, R2, PT;\n"       // (1 < 0.5: 0, -2 < 0.5: 1.0)
     "HSETP2.GT.AND P0, P1, R1, R2, PT;\n",     // P0 from H0: -2 > 0.5 false; P1 from H1: 1 > 0.5
     isa::Arch::SM52);
  EXPECT_EQ(w.reg[0][0], 0x3e00be00u);
  EXPECT_EQ(w.reg[10][0], 0x40000000u);
  EXPECT_EQ(w.reg[11][0], 0x4000c400u);
  EXPECT_EQ(w.reg[12][0], 0x3c00c400u);
  EXPECT_EQ(w.reg[13][0], 0x41003c00u);
  EXPECT_EQ(w.reg[14][0], 0x4200c000u);
  EXPECT_EQ(w.reg[15][0], 0x00003c00u);
  EXPECT_EQ(w.pred[0], 0u);
  EXPECT_EQ(w.pred[1], kAllLanes);
}

// The other rows the whole-space sweep found: VSETP and VABSDIFF4 run, LEPC and VOTE.VTG are refused by name.
TEST_F(ExecHalf, OtherSweepFinds) {
  set_all(5, 0x01020304);
  set_all(6, 5);
  set_all(7, 0);
  ok("VSETP.LT.U8.U8.AND P2, PT, R5, R6, PT;\n"  // byte 0: 4 < 5
     "VABSDIFF4.U8.U8 R20, R5.3201, R6, R7;\n");  // A bytes 1 0 2 3 (lanes 0..3) = 3 4 2 1, B = R6's 5 0 0 0
  EXPECT_EQ(w.pred[2], kAllLanes);
  EXPECT_EQ(w.reg[20][0], 0x01020402u);  // |3 - 5|, |4 - 0|, |2 - 0|, |1 - 0|
  fails("LEPC R5;", -1, {"does not model LEPC"});
  fails("VOTE.VTG.R 0x12;", -1, {"does not model VOTE.VTG"});
}

}  // namespace
}  // namespace tmu::exec
