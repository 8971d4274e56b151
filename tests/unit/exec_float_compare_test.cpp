// SPDX-License-Identifier: MIT
// Executor semantics of FMNMX, FSET, FSETP, FCMP and FCHK: the 16 comparisons with ordered and unordered
// operands, the boolean combination with a source predicate, .BF, .FTZ, signed zeros and NaNs in min/max, the
// select on a comparison with zero, the division check, and the errors for undefined encodings.
#include "exec_float_util.h"

namespace tmu::exec {
namespace {

constexpr uint32_t k0_5 = 0x3f000000, k1 = 0x3f800000, k1_5 = 0x3fc00000, k2_25 = 0x40100000, kNaN = 0x7fffffff,
                   kQNaN = 0x7fc00000, kNegZero = 0x80000000;

using ExecFsetp = ExecFloatTest;

// Every comparison code on (1.5, 2.25), (2.25, 2.25), (2.25, 1.5) and (1.5, NaN), as P0 with P1 the complement.
TEST_F(ExecFsetp, ComparisonTable) {
  // Lane 0: a < b, lane 1: a == b, lane 2: a > b, lane 3: unordered.
  const uint32_t a[4] = {k1_5, k2_25, k2_25, k1_5}, b[4] = {k2_25, k2_25, k1_5, kQNaN};
  for (unsigned l = 0; l < kLanes; ++l) {
    w.reg[4][l] = a[l % 4];
    w.reg[5][l] = b[l % 4];
  }
  // Expected truth per lane (bit l for lane l): the code's mask bits are 1 less, 2 equal, 4 greater, 8 unordered.
  struct Row {
    const char* name;
    unsigned lanes;
  };
  const Row rows[] = {{"F", 0x0}, {"LT", 0x1},  {"EQ", 0x2},  {"LE", 0x3},  {"GT", 0x4},  {"NE", 0x5},
                      {"GE", 0x6}, {"NUM", 0x7}, {"NAN", 0x8}, {"LTU", 0x9}, {"EQU", 0xa}, {"LEU", 0xb},
                      {"GTU", 0xc}, {"NEU", 0xd}, {"GEU", 0xe}, {"T", 0xf}};
  for (const Row& r : rows) {
    w.masks = ThreadMasks{};
    ok(std::string("FSETP.") + r.name + ".AND P0, P1, R4, R5, PT;\n");
    EXPECT_EQ(w.pred[0] & 0xf, r.lanes) << r.name;
    EXPECT_EQ(w.pred[1] & 0xf, ~r.lanes & 0xf) << r.name;
    EXPECT_EQ(w.pred[0] >> 28, r.lanes) << r.name << " (quad 7)";
  }
}

TEST_F(ExecFsetp, BooleanOperationsAndDecorations) {
  set_all(4, k1_5);
  set_all(5, k2_25);
  w.pred[2] = 0x0000ffff;  // Ps: lanes 0..15
  // 1.5 < 2.25 holds (c = 1).
  ok("FSETP.LT.AND P0, P1, R4, R5, P2;\n"    // P0 = c & Ps, P1 = !c & Ps = 0
     "FSETP.LT.OR P3, P4, R4, R5, !P2;\n"    // P3 = 1, P4 = 0 | !Ps
     "FSETP.LT.XOR P5, P6, R4, R5, P2;\n");  // P5 = !Ps, P6 = Ps
  EXPECT_EQ(w.pred[0], 0x0000ffffu);
  EXPECT_EQ(w.pred[1], 0u);
  EXPECT_EQ(w.pred[3], 0xffffffffu);
  EXPECT_EQ(w.pred[4], 0xffff0000u);
  EXPECT_EQ(w.pred[5], 0xffff0000u);
  EXPECT_EQ(w.pred[6], 0x0000ffffu);
  w.masks = ThreadMasks{};
  cbank(3, 0x10, {k1_5});
  ok("FSETP.GT.AND P0, PT, -R4, R5, PT;\n"           // -1.5 > 2.25: false
     "FSETP.GT.AND P1, PT, |R4|, -R5, PT;\n"         // 1.5 > -2.25: true
     "FSETP.EQ.AND P2, PT, R4, c[0x3][0x10], PT;\n"  // true
     "FSETP.EQ.AND P3, PT, -|R4|, -1.5, PT;\n"       // true
     "FSETP.EQ.AND P4, PT, R4, 1.5.NEG.ABS, PT;\n"); // 1.5 == -1.5: false
  EXPECT_EQ(w.pred[0], 0u);
  EXPECT_EQ(w.pred[1], 0xffffffffu);
  EXPECT_EQ(w.pred[2], 0xffffffffu);
  EXPECT_EQ(w.pred[3], 0xffffffffu);
  EXPECT_EQ(w.pred[4], 0u);
}

TEST_F(ExecFsetp, ZerosAndDenormals) {
  set_all(4, 0);
  set_all(5, kNegZero);
  set_all(6, 0x00000001);  // the smallest denormal
  ok("FSETP.EQ.AND P0, PT, R4, R5, PT;\n"        // +0 == -0
     "FSETP.LT.AND P1, PT, R5, R4, PT;\n"        // -0 < +0 is false
     "FSETP.GT.AND P2, PT, R6, RZ, PT;\n"        // 2^-149 > 0
     "FSETP.GT.FTZ.AND P3, PT, R6, RZ, PT;\n"    // flushed: 0 > 0 is false
     "FSETP.EQ.FTZ.AND P4, PT, R6, R5, PT;\n");  // 0 == -0
  EXPECT_EQ(w.pred[0], 0xffffffffu);
  EXPECT_EQ(w.pred[1], 0u);
  EXPECT_EQ(w.pred[2], 0xffffffffu);
  EXPECT_EQ(w.pred[3], 0u);
  EXPECT_EQ(w.pred[4], 0xffffffffu);
}

TEST_F(ExecFsetp, UndefinedBooleanOperationIsAnError) {
  const ExecError e = fails("FSETP.LT.INVALIDBOP3 P0, PT, R4, R5, PT;\n");
  EXPECT_EQ(e.address, 0x8u);
  EXPECT_NE(e.message.find("INVALIDBOP3"), std::string::npos) << e.message;
}

using ExecFset = ExecFloatTest;

TEST_F(ExecFset, BooleanAndFloatResults) {
  for (unsigned l = 0; l < kLanes; ++l) w.reg[4][l] = l % 2 ? k2_25 : k1_5;
  set_all(5, k2_25);
  // Even lanes: 1.5 < 2.25; odd lanes: 2.25 < 2.25 is false.
  ok("FSET.LT.AND R10, R4, R5, PT;\n"         // 0xffffffff / 0
     "FSET.BF.LT.AND R11, R4, R5, PT;\n"      // 1.0 / 0
     "FSET.BF.LT.OR R12, R4, R5, PT;\n"       // OR with true: 1.0 everywhere
     "FSET.BF.GE.AND R13.CC, R4, R5, PT;\n"); // 0 / 1.0; CC: Z on even lanes
  EXPECT_EQ(w.reg[10][0], 0xffffffffu);
  EXPECT_EQ(w.reg[10][1], 0u);
  EXPECT_EQ(w.reg[11][0], k1);
  EXPECT_EQ(w.reg[11][1], 0u);
  EXPECT_EQ(w.reg[12][1], k1);
  EXPECT_EQ(w.reg[13][0], 0u);
  EXPECT_EQ(w.reg[13][1], k1);
  EXPECT_EQ(w.cc.zero, 0x55555555u);
  EXPECT_EQ(w.cc.sign, 0u);
  w.masks = ThreadMasks{};
  ok("FSET.LT.AND R14.CC, R4, R5, PT;\n");  // 0xffffffff on even lanes: S from bit 31
  EXPECT_EQ(w.cc.sign, 0x55555555u);
  EXPECT_EQ(w.cc.zero, 0xaaaaaaaau);
}

TEST_F(ExecFset, NaNAndFtz) {
  set_all(4, kQNaN);
  set_all(5, 0x80000001);  // -2^-149
  ok("FSET.BF.NE.AND R10, R4, R4, PT;\n"       // ordered NE with NaN: false
     "FSET.BF.NEU.AND R11, R4, R4, PT;\n"      // unordered NE: true
     "FSET.BF.LT.AND R12, R5, RZ, PT;\n"       // -2^-149 < 0
     "FSET.BF.LT.FTZ.AND R13, R5, RZ, PT;\n"); // -0 < 0 is false
  EXPECT_EQ(w.reg[10][0], 0u);
  EXPECT_EQ(w.reg[11][0], k1);
  EXPECT_EQ(w.reg[12][0], k1);
  EXPECT_EQ(w.reg[13][0], 0u);
}

using ExecFmnmx = ExecFloatTest;

TEST_F(ExecFmnmx, MinimumOrMaximumByPredicate) {
  set_all(4, k1_5);
  set_all(5, k2_25);
  w.pred[0] = 0x55555555;  // even lanes take the minimum
  cbank(0, 0x0, {0xc0000000});  // -2
  ok("FMNMX R10, R4, R5, PT;\n"            // min 1.5
     "FMNMX R11, R4, R5, !PT;\n"           // max 2.25
     "FMNMX R12, R4, R5, P0;\n"            // even lanes 1.5, odd 2.25
     "FMNMX R13, -R4, |R5|, !P0;\n"        // even lanes max(-1.5, 2.25) = 2.25, odd min = -1.5
     "FMNMX R14, R4, c[0x0][0x0], PT;\n"   // min(1.5, -2) = -2
     "FMNMX R15, R4, 3, !PT;\n");          // max(1.5, 3) = 3 = 0x40400000
  EXPECT_EQ(w.reg[10][0], k1_5);
  EXPECT_EQ(w.reg[11][0], k2_25);
  EXPECT_EQ(w.reg[12][0], k1_5);
  EXPECT_EQ(w.reg[12][1], k2_25);
  EXPECT_EQ(w.reg[13][0], k2_25);
  EXPECT_EQ(w.reg[13][1], 0xbfc00000u);
  EXPECT_EQ(w.reg[14][0], 0xc0000000u);
  EXPECT_EQ(w.reg[15][0], 0x40400000u);
}

TEST_F(ExecFmnmx, SignedZerosNaNsAndFtz) {
  set_all(4, 0);
  set_all(5, kNegZero);
  set_all(6, 0xffc00001);  // NaN
  set_all(7, k2_25);
  set_all(8, 0x80000001);  // -2^-149
  ok("FMNMX R10, R4, R5, PT;\n"         // min(+0, -0) = -0
     "FMNMX R11, R5, R4, !PT;\n"        // max(-0, +0) = +0
     "FMNMX R12, R6, R7, PT;\n"         // a NaN operand gives the other: 2.25
     "FMNMX R13, R7, R6, !PT;\n"        // 2.25
     "FMNMX R14, R6, R6, PT;\n"         // two NaNs: canonical NaN
     "FMNMX R15, R8, R4, PT;\n"         // min(-2^-149, 0) = -2^-149
     "FMNMX.FTZ R16, R8, R4, PT;\n"     // flushed to -0: min(-0, +0) = -0
     "FMNMX R17.CC, R5, R4, PT;\n");    // -0: Z set, S from the sign bit
  EXPECT_EQ(w.reg[10][0], kNegZero);
  EXPECT_EQ(w.reg[11][0], 0u);
  EXPECT_EQ(w.reg[12][0], k2_25);
  EXPECT_EQ(w.reg[13][0], k2_25);
  EXPECT_EQ(w.reg[14][0], kNaN);
  EXPECT_EQ(w.reg[15][0], 0x80000001u);
  EXPECT_EQ(w.reg[16][0], kNegZero);
  EXPECT_EQ(w.reg[17][0], kNegZero);
  EXPECT_EQ(w.cc.zero, 0xffffffffu);
  EXPECT_EQ(w.cc.sign, 0xffffffffu) << "sign flag follows the sign bit of -0";
}

using ExecFcmp = ExecFloatTest;

TEST_F(ExecFcmp, SelectOnComparisonWithZero) {
  set_all(4, 0x11111111);
  set_all(5, 0x22222222);
  const uint32_t c[4] = {0xbf800000, 0, k1, kQNaN};  // -1, 0, 1, NaN
  for (unsigned l = 0; l < kLanes; ++l) w.reg[6][l] = c[l % 4];
  cbank(2, 0x0, {k0_5});
  ok("FCMP R10, R4, R5, R6;\n"               // GT (the default): only 1 > 0 takes A
     "FCMP.LT R11, R4, R5, R6;\n"            // -1 < 0 takes A
     "FCMP.GEU R12, R4, R5, R6;\n"           // 0, 1 and NaN take A
     "FCMP.LT R13, R4, c[0x2][0x0], R6;\n"   // B from the bank (bits unchanged): lanes with C >= 0 get 0.5
     "FCMP.GT R14, R4, R5, c[0x2][0x0];\n"); // _RC form: C = 0.5 > 0 everywhere: A
  const uint32_t a = 0x11111111, b = 0x22222222;
  const uint32_t gt[4] = {b, b, a, b}, lt[4] = {a, b, b, b}, geu[4] = {b, a, a, a}, ltc[4] = {a, k0_5, k0_5, k0_5};
  for (unsigned l = 0; l < 8; ++l) {
    EXPECT_EQ(w.reg[10][l], gt[l % 4]) << l;
    EXPECT_EQ(w.reg[11][l], lt[l % 4]) << l;
    EXPECT_EQ(w.reg[12][l], geu[l % 4]) << l;
    EXPECT_EQ(w.reg[13][l], ltc[l % 4]) << l;
    EXPECT_EQ(w.reg[14][l], a) << l;
  }
}

TEST_F(ExecFcmp, FtzAppliesToTheComparison) {
  set_all(4, 1);
  set_all(5, 2);
  set_all(6, 0x00000001);  // 2^-149 > 0, but 0 when flushed
  ok("FCMP.GT R10, R4, R5, R6;\n"
     "FCMP.GT.FTZ R11, R4, R5, R6;\n");
  EXPECT_EQ(w.reg[10][0], 1u);
  EXPECT_EQ(w.reg[11][0], 2u);
}

using ExecFchk = ExecFloatTest;

TEST_F(ExecFchk, DivisionRangeCheck) {
  // Per lane (A, B) and whether the fast division path is unsafe.
  struct Case {
    uint32_t a, b;
    bool check;
  };
  const Case cases[] = {
      {k1_5, k2_25, false},           // ordinary operands
      {0, k2_25, true},               // 0 / x: the fast path would give +0 for 0 / -x
      {k1_5, 0, true},                // division by zero
      {k1_5, 0x00000001, true},       // denormal divisor
      {0x00000001, k1_5, true},       // denormal dividend
      {0x7f800000, k1_5, true},       // Inf
      {k1_5, kQNaN, true},            // NaN
      {k1_5, 0x7f000000, true},       // B = 2^127: 1/B = 2^-127 is denormal
      {0x71800000, 0x21800000, true}, // 2^100 / 2^-60: quotient exponent 160
      {0x5f800000, 0x3f800000, false},// 2^64 / 1
  };
  for (unsigned l = 0; l < kLanes; ++l) {
    const Case& k = cases[l % std::size(cases)];
    w.reg[4][l] = k.a;
    w.reg[5][l] = k.b;
  }
  ok("FCHK.DIVIDE P0, R4, R5;\n");
  for (unsigned l = 0; l < std::size(cases); ++l) EXPECT_EQ(pred(0, l), cases[l].check) << "case " << l;
}

TEST_F(ExecFchk, UndefinedModeIsAnError) {
  const ExecError e = fails("FCHK.INVALIDCHKMODE16 P0, R4, R5;\n");
  EXPECT_NE(e.message.find("INVALIDCHKMODE16"), std::string::npos) << e.message;
}

}  // namespace
}  // namespace tmu::exec
