// SPDX-License-Identifier: MIT
// Executor semantics of MUFU and RRO: each function's value (the correctly rounded result, docs/exec.md) and
// special values (PTX ISA tables for rcp/rsqrt/ex2/lg2/sin/cos .approx), the flushing of denormals, .SAT,
// decorations, the 64H variants on high words of doubles, SQRT on SM52 only, and undefined functions.
#include "exec_float_util.h"

namespace tmu::exec {
namespace {

using isa::Arch;

constexpr uint32_t k0_5 = 0x3f000000, k1 = 0x3f800000, k2_25 = 0x40100000, k4 = 0x40800000, kInf = 0x7f800000,
                   kNegInf = 0xff800000, kNaN = 0x7fffffff, kNegZero = 0x80000000;

using ExecMufu = ExecFloatTest;

TEST_F(ExecMufu, ReciprocalAndReciprocalSquareRoot) {
  set_all(4, k4);
  set_all(5, kNegZero);
  set_all(6, kInf);
  set_all(7, 0x00000001);  // a denormal: flushed to +0
  set_all(8, 0xbf800000);  // -1
  set_all(9, 0x40400000);  // 3
  set_all(20, 0x7e800000); // 2^126
  set_all(21, 0x7f000000); // 2^127
  ok("MUFU.RCP R10, R4;\n"      // 0.25 = 0x3e800000
     "MUFU.RCP R11, R5;\n"      // 1 / -0 = -Inf
     "MUFU.RCP R12, R6;\n"      // 1 / Inf = +0
     "MUFU.RCP R13, R7;\n"      // 1 / +0 = +Inf
     "MUFU.RCP R14, -|R4|;\n"   // 1 / -4 = -0.25 = 0xbe800000
     "MUFU.RSQ R15, R4;\n"      // 0.5
     "MUFU.RSQ R16, R8;\n"      // negative: NaN
     "MUFU.RSQ R17, R5;\n"      // 1 / sqrt(-0) = -Inf
     "MUFU.RSQ R18, R6;\n"      // +0
     "MUFU.RCP R19, R9;\n"      // 1/3 = 0.3333333432674407958984375 nearest: 0x3eaaaaab
     "MUFU.RCP R22, R20;\n"     // 2^-126 = 0x00800000, the smallest normal
     "MUFU.RCP R23, R21;\n");   // 2^-127 is denormal: flushed to +0
  EXPECT_EQ(w.reg[10][0], 0x3e800000u);
  EXPECT_EQ(w.reg[11][0], kNegInf);
  EXPECT_EQ(w.reg[12][0], 0u);
  EXPECT_EQ(w.reg[13][0], kInf);
  EXPECT_EQ(w.reg[14][0], 0xbe800000u);
  EXPECT_EQ(w.reg[15][0], k0_5);
  EXPECT_EQ(w.reg[16][0], kNaN);
  EXPECT_EQ(w.reg[17][0], kNegInf);
  EXPECT_EQ(w.reg[18][0], 0u);
  EXPECT_EQ(w.reg[19][0], 0x3eaaaaabu);
  EXPECT_EQ(w.reg[22][0], 0x00800000u);
  EXPECT_EQ(w.reg[23][0], 0u);
}

TEST_F(ExecMufu, ExponentAndLogarithm) {
  set_all(4, 0x40400000);  // 3
  set_all(5, kNegInf);
  set_all(6, 0xc3020000);  // -130: 2^-130 is denormal
  set_all(7, 0x43000000);  // 128: 2^128 overflows
  set_all(8, 0x41000000);  // 8
  set_all(9, 0xbf800000);  // -1
  set_all(11, k0_5);
  ok("MUFU.EX2 R10, R4;\n"      // 8 = 0x41000000
     "MUFU.EX2 R12, R5;\n"      // +0
     "MUFU.EX2 R13, R6;\n"      // flushed: +0
     "MUFU.EX2 R14, R7;\n"      // +Inf
     "MUFU.EX2 R15, -R11;\n"    // 2^-0.5 = 0.70710678118... nearest float 0x3f3504f3
     "MUFU.LG2 R16, R8;\n"      // 3 = 0x40400000
     "MUFU.LG2 R17, RZ;\n"      // -Inf
     "MUFU.LG2 R18, R9;\n"      // NaN
     "MUFU.LG2 R19, |R9|;\n"    // log2 1 = +0
     "MUFU.EX2.SAT R20, R11;\n" // 1.414.. clamps to 1
     "MUFU.LG2.SAT R21, R11;\n");// -1 clamps to +0
  EXPECT_EQ(w.reg[10][0], 0x41000000u);
  EXPECT_EQ(w.reg[12][0], 0u);
  EXPECT_EQ(w.reg[13][0], 0u);
  EXPECT_EQ(w.reg[14][0], kInf);
  EXPECT_EQ(w.reg[15][0], 0x3f3504f3u);
  EXPECT_EQ(w.reg[16][0], 0x40400000u);
  EXPECT_EQ(w.reg[17][0], kNegInf);
  EXPECT_EQ(w.reg[18][0], kNaN);
  EXPECT_EQ(w.reg[19][0], 0u);
  EXPECT_EQ(w.reg[20][0], k1);
  EXPECT_EQ(w.reg[21][0], 0u);
}

TEST_F(ExecMufu, SineAndCosineAfterRangeReduction) {
  set_all(4, 0x3fc90fdb);  // pi/2 rounded to float (1.57079637...): sin = 1 - 1.9e-15, nearest float 1.0
  set_all(5, kNegZero);
  set_all(6, kInf);
  set_all(7, 0x40490fdb);  // pi as a float, 3.14159274...: cos = -1 + 2.3e-15 -> -1.0
  ok("RRO.SINCOS R8, R4;\n"
     "MUFU.SIN R10, R8;\n"    // 1.0
     "RRO.SINCOS R9, R5;\n"
     "MUFU.SIN R11, R9;\n"    // sin(-0) = -0
     "MUFU.COS R12, R9;\n"    // cos(-0) = 1
     "RRO.SINCOS R13, R6;\n"
     "MUFU.SIN R14, R13;\n"   // sin(Inf) = NaN
     "RRO.SINCOS R15, R7;\n"
     "MUFU.COS R16, R15;\n"   // -1.0 = 0xbf800000
     "RRO.SINCOS R17, -|R4|;\n"
     "MUFU.SIN R18, R17;\n"); // -1.0
  EXPECT_EQ(w.reg[8][0], 0x3fc90fdbu) << "RRO passes its operand through";
  EXPECT_EQ(w.reg[10][0], k1);
  EXPECT_EQ(w.reg[11][0], kNegZero);
  EXPECT_EQ(w.reg[12][0], k1);
  EXPECT_EQ(w.reg[14][0], kNaN);
  EXPECT_EQ(w.reg[16][0], 0xbf800000u);
  EXPECT_EQ(w.reg[17][0], 0xbfc90fdbu);
  EXPECT_EQ(w.reg[18][0], 0xbf800000u);
}

TEST_F(ExecMufu, RangeReductionForms) {
  set_all(4, 0x40400000);  // 3
  cbank(1, 0x4, {0xc0000000});  // -2
  ok("RRO.EX2 R10, R4;\n"                 // 3
     "RRO.EX2 R11, -|c[0x1][0x4]|;\n"     // -|-2| = -2 = 0xc0000000
     "RRO.SINCOS R12, 0.5;\n"             // the immediate 0.5
     "RRO.EX2 R13, R4;\n"
     "MUFU.EX2 R14, R13;\n");             // 2^3 = 8
  EXPECT_EQ(w.reg[10][0], 0x40400000u);
  EXPECT_EQ(w.reg[11][0], 0xc0000000u);
  EXPECT_EQ(w.reg[12][0], k0_5);
  EXPECT_EQ(w.reg[14][0], 0x41000000u);
}

TEST_F(ExecMufu, HighWordsOfDoubles) {
  set_all(4, 0x40000000);  // high word of 2.0
  set_all(5, 0x40080000);  // high word of 3.0
  set_all(6, 0x40100000);  // high word of 4.0
  ok("MUFU.RCP64H R10, R4;\n"   // 1/2 = 0.5 = 0x3fe0000000000000: high word 0x3fe00000
     "MUFU.RCP64H R11, R5;\n"   // 1/3 = 0x3fd5555555555555: high word 0x3fd55555
     "MUFU.RSQ64H R12, R6;\n"   // 1/sqrt(4) = 0.5: 0x3fe00000
     "MUFU.RCP64H R13, -R4;\n"  // -0.5: 0xbfe00000
     "MUFU.RCP64H R14, RZ;\n"); // 1 / +0 = +Inf: 0x7ff00000
  EXPECT_EQ(w.reg[10][0], 0x3fe00000u);
  EXPECT_EQ(w.reg[11][0], 0x3fd55555u);
  EXPECT_EQ(w.reg[12][0], 0x3fe00000u);
  EXPECT_EQ(w.reg[13][0], 0xbfe00000u);
  EXPECT_EQ(w.reg[14][0], 0x7ff00000u);
}

TEST_F(ExecMufu, SquareRootOnSm52Only) {
  set_all(4, k2_25);
  set_all(5, 0xbf800000);
  ok("MUFU.SQRT R10, R4;\n"     // 1.5 = 0x3fc00000
     "MUFU.SQRT R11, R5;\n"     // NaN
     "MUFU.SQRT R12, -RZ;\n",   // sqrt(-0) = -0
     Arch::SM52);
  EXPECT_EQ(w.reg[10][0], 0x3fc00000u);
  EXPECT_EQ(w.reg[11][0], kNaN);
  EXPECT_EQ(w.reg[12][0], kNegZero);
  w.masks = ThreadMasks{};
  const ExecError e = fails("MUFU.INVALIDMUFUOPCODE8 R10, R4;\n", Arch::SM50);
  EXPECT_NE(e.message.find("MUFU function 8 is undefined on SM50"), std::string::npos) << e.message;
}

TEST_F(ExecMufu, UndefinedFunctionsAreErrors) {
  const ExecError e = fails("FADD R1, RZ, RZ;\nMUFU.INVALIDMUFUOPCODEB R10, R4;\n");
  EXPECT_EQ(e.address, 0x10u);
  EXPECT_EQ(e.lane, -1);
  EXPECT_NE(e.message.find("MUFU function 11"), std::string::npos) << e.message;
}

}  // namespace
}  // namespace tmu::exec
