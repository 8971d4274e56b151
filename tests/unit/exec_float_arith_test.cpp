// SPDX-License-Identifier: MIT
// Executor semantics of FADD, FADD32I, FMUL, FMUL32I, FFMA, FFMA32I and FSWZADD: operand forms, decorations,
// rounding modes, denormals with and without .FTZ/.FMZ, NaN, .SAT, .CC, FMUL's scale, and the quad swizzle.
// Every expected value is worked out by hand in the comment beside it.
#include "exec_float_util.h"

namespace tmu::exec {
namespace {

using isa::Arch;

// Bit patterns used throughout.
constexpr uint32_t k0_5 = 0x3f000000, k0_75 = 0x3f400000, k1 = 0x3f800000, k1_5 = 0x3fc00000, k2 = 0x40000000,
                   k2_25 = 0x40100000, kInf = 0x7f800000, kNegInf = 0xff800000, kNaN = 0x7fffffff,
                   kNegZero = 0x80000000;

using ExecFadd = ExecFloatTest;

TEST_F(ExecFadd, Values) {
  set_all(4, k1_5);
  set_all(5, k2_25);
  cbank(2, 0x8, {k2_25});
  ok("FADD R10, R4, R5;\n"
     "FADD R11, -R4, |R5|;\n"
     "FADD R12, R4, c[0x2][0x8];\n"
     "FADD R13, R4, 0.5;\n"
     "FADD R14, R4, 2.NEG;\n"
     "FADD R15, -|R5|, -2.NEG.ABS;\n"
     "FADD32I R16, R4, 1.25;\n"
     "FADD32I R17, -R4, 0.25;\n");  // -1.5 + 0.25 = -1.25 = 0xbfa00000
  for (unsigned lane : {0u, 13u, 31u}) {
    EXPECT_EQ(w.reg[10][lane], 0x40700000u);
    EXPECT_EQ(w.reg[11][lane], k0_75);
    EXPECT_EQ(w.reg[12][lane], 0x40700000u);
    EXPECT_EQ(w.reg[13][lane], k2);
    EXPECT_EQ(w.reg[14][lane], 0xbf000000u);
    EXPECT_EQ(w.reg[15][lane], 0xc0880000u);
    EXPECT_EQ(w.reg[16][lane], 0x40300000u);
    EXPECT_EQ(w.reg[17][lane], 0xbfa00000u);
  }
}

TEST_F(ExecFadd, RoundingModes) {
  set_all(4, k1);
  set_all(5, 0x33800000);  // 2^-24: 1 + 2^-24 lies exactly half way between 1 and 1 + 2^-23
  set_all(6, 0x33c00000);  // 1.5 * 2^-24: 1 + 0.75 ulp
  set_all(7, 0xbf800000);  // -1
  set_all(8, 0xb3800000);  // -2^-24
  ok("FADD R10, R4, R5;\n"      // tie to even: 1.0
     "FADD.RP R11, R4, R5;\n"   // up: 1 + 2^-23 = 0x3f800001
     "FADD.RM R12, R4, R5;\n"   // down: 1.0
     "FADD.RZ R13, R4, R5;\n"   // toward zero: 1.0
     "FADD R14, R4, R6;\n"      // 0.75 ulp rounds up: 0x3f800001
     "FADD.RZ R15, R4, R6;\n"   // truncated: 0x3f800000
     "FADD.RM R16, R7, R8;\n"   // -1 - 2^-24 down (away from zero): 0xbf800001
     "FADD.RP R17, R7, R8;\n"   // up (toward zero): 0xbf800000
     "FADD.RZ R18, R7, R8;\n"   // 0xbf800000
     "FADD.RM R19, R4, R7;\n"   // 1 - 1 = 0 rounds to -0 under RM (IEEE): 0x80000000
     "FADD R20, R4, R7;\n");    // +0 otherwise
  EXPECT_EQ(w.reg[10][0], k1);
  EXPECT_EQ(w.reg[11][0], 0x3f800001u);
  EXPECT_EQ(w.reg[12][0], k1);
  EXPECT_EQ(w.reg[13][0], k1);
  EXPECT_EQ(w.reg[14][0], 0x3f800001u);
  EXPECT_EQ(w.reg[15][0], k1);
  EXPECT_EQ(w.reg[16][0], 0xbf800001u);
  EXPECT_EQ(w.reg[17][0], 0xbf800000u);
  EXPECT_EQ(w.reg[18][0], 0xbf800000u);
  EXPECT_EQ(w.reg[19][0], kNegZero);
  EXPECT_EQ(w.reg[20][0], 0u);
}

TEST_F(ExecFadd, DenormalsAndFtz) {
  set_all(4, 0x00000001);  // 2^-149, the smallest denormal
  set_all(5, 0x00c00000);  // 1.5 * 2^-126
  set_all(6, 0x80800000);  // -2^-126
  ok("FADD R10, R4, R4;\n"         // 2^-148 = 0x00000002: denormals are kept by default
     "FADD.FTZ R11, R4, R4;\n"     // inputs flushed: 0 + 0 = +0
     "FADD R12, R5, R6;\n"         // 0.5 * 2^-126 = 2^-127 = 0x00400000 (a denormal result)
     "FADD.FTZ R13, R5, R6;\n"     // the same result flushed: +0
     "FADD.FTZ R14, -R4, RZ;\n"    // -2^-149 flushed keeps its sign: -0 + +0 = +0 (RN)
     "FADD32I.FTZ R15, R4, 1;\n"); // 0 + 1 = 1
  EXPECT_EQ(w.reg[10][0], 0x00000002u);
  EXPECT_EQ(w.reg[11][0], 0u);
  EXPECT_EQ(w.reg[12][0], 0x00400000u);
  EXPECT_EQ(w.reg[13][0], 0u);
  EXPECT_EQ(w.reg[14][0], 0u);
  EXPECT_EQ(w.reg[15][0], k1);
}

TEST_F(ExecFadd, NaNInfAndSaturation) {
  set_all(4, kInf);
  set_all(5, kNegInf);
  set_all(6, 0xffc00001);  // a negative NaN with a payload
  set_all(7, k0_75);
  set_all(8, k0_5);
  set_all(9, 0xbf000000);  // -0.5
  ok("FADD R10, R4, R5;\n"         // Inf - Inf: NaN, written as the canonical 0x7fffffff
     "FADD R11, R6, R7;\n"         // NaN + 0.75: canonical NaN, payload and sign dropped
     "FADD R12, R4, R7;\n"         // Inf + 0.75 = Inf
     "FADD.SAT R13, R7, R8;\n"     // 1.25 clamps to 1.0
     "FADD.SAT R14, R9, R8;\n"     // -0.5 + 0.5 = +0
     "FADD.SAT R15, R9, 0.25;\n"   // -0.25 clamps to +0
     "FADD.SAT R16, R4, R5;\n"     // NaN saturates to +0
     "FADD.SAT R17, R7, RZ;\n"     // 0.75 unchanged
     "FADD.SAT R18, -RZ, -RZ;\n"); // -0 + -0 = -0, saturated to +0
  EXPECT_EQ(w.reg[10][0], kNaN);
  EXPECT_EQ(w.reg[11][0], kNaN);
  EXPECT_EQ(w.reg[12][0], kInf);
  EXPECT_EQ(w.reg[13][0], k1);
  EXPECT_EQ(w.reg[14][0], 0u);
  EXPECT_EQ(w.reg[15][0], 0u);
  EXPECT_EQ(w.reg[16][0], 0u);
  EXPECT_EQ(w.reg[17][0], k0_75);
  EXPECT_EQ(w.reg[18][0], 0u);
}

TEST_F(ExecFadd, ConditionCodes) {
  for (unsigned l = 0; l < kLanes; ++l) w.reg[4][l] = l % 4 == 0 ? k1 : l % 4 == 1 ? 0xbf800000 : l % 4 == 2 ? kInf : 0;
  set_all(5, 0xbf800000);  // -1
  set_all(6, kNegInf);
  // Lane 4k: 1 - 1 = +0 (Z). 4k+1: -1 - 1 = -2 (S). 4k+2: Inf - 1 = Inf (none). 4k+3: 0 - 1 = -1 (S).
  ok("FADD R10.CC, R4, R5;\n");
  EXPECT_EQ(w.cc.zero, 0x11111111u);
  EXPECT_EQ(w.cc.sign, 0xaaaaaaaau);
  EXPECT_EQ(w.cc.overflow, 0u);
  EXPECT_EQ(w.cc.carry, 0u);
  // Lane 4k+2: Inf - Inf = NaN sets O and clears the rest; 1 - Inf = -Inf sets S.
  w.masks = ThreadMasks{};  // every thread ran EXIT: launch the warp again
  ok("FADD R10.CC, R4, R6;\n");
  EXPECT_EQ(w.cc.overflow, 0x44444444u);
  EXPECT_EQ(w.cc.sign, 0xbbbbbbbbu);
  EXPECT_EQ(w.cc.zero, 0u);
}

TEST_F(ExecFadd, PredicatedLanesOnly) {
  set_all(4, k1_5);
  set_all(10, 0x12345678);
  w.pred[0] = 0x0000ffff;
  ok("@P0 FADD R10, R4, R4;\n");  // 3.0 = 0x40400000 on lanes 0..15; the others keep their value
  EXPECT_EQ(w.reg[10][0], 0x40400000u);
  EXPECT_EQ(w.reg[10][15], 0x40400000u);
  EXPECT_EQ(w.reg[10][16], 0x12345678u);
}

TEST_F(ExecFadd, ConstantBankOutOfRangeNamesAddressAndLane) {
  set_all(4, k1);
  w.masks = ThreadMasks::launch(0xfffffff0);  // lanes 0..3 do not run: the first failing lane is 4
  const ExecError e = fails("FADD R10, R4, R4;\nFADD R10, R4, c[0x3][0x100];\n");
  EXPECT_EQ(e.address, 0x10u);  // the second instruction of the first bundle
  EXPECT_EQ(e.lane, 4);
  EXPECT_NE(e.message.find("c[0x3][0x100]"), std::string::npos) << e.message;
}

using ExecFmul = ExecFloatTest;

TEST_F(ExecFmul, Values) {
  set_all(4, k1_5);
  set_all(5, k2_25);
  cbank(1, 0x0, {k2_25});
  ok("FMUL R10, R4, R5;\n"            // 1.5 * 2.25 = 3.375 = 1.6875 * 2 = 0x40580000
     "FMUL R11, R4, -R5;\n"           // -3.375 = 0xc0580000
     "FMUL R12, R4, c[0x1][0x0];\n"   // 3.375
     "FMUL R13, R4, -4;\n"            // -6 = -1.5 * 2^2 = 0xc0c00000
     "FMUL32I R14, R4, 2.5;\n"        // 3.75 = 0x40700000
     "FMUL.D2 R15, R4, R5;\n"         // 3.375 / 2 = 1.6875 = 0x3fd80000
     "FMUL.D8 R16, R4, R5;\n"         // 3.375 / 8 = 0.421875 = 1.6875 * 2^-2 = 0x3ed80000
     "FMUL.M8 R17, R4, R5;\n"         // 27 = 1.6875 * 2^4 = 0x41d80000
     "FMUL.M2 R18, R4, R5;\n"         // 6.75 = 1.6875 * 2^2 = 0x40d80000
     "FMUL.M4 R19, R4, R5;\n"         // 13.5 = 1.6875 * 2^3 = 0x41580000
     "FMUL.D4 R20, R4, R5;\n");       // 0.84375 = 1.6875 * 2^-1 = 0x3f580000
  EXPECT_EQ(w.reg[10][7], 0x40580000u);
  EXPECT_EQ(w.reg[11][7], 0xc0580000u);
  EXPECT_EQ(w.reg[12][7], 0x40580000u);
  EXPECT_EQ(w.reg[13][7], 0xc0c00000u);
  EXPECT_EQ(w.reg[14][7], 0x40700000u);
  EXPECT_EQ(w.reg[15][7], 0x3fd80000u);
  EXPECT_EQ(w.reg[16][7], 0x3ed80000u);
  EXPECT_EQ(w.reg[17][7], 0x41d80000u);
  EXPECT_EQ(w.reg[18][7], 0x40d80000u);
  EXPECT_EQ(w.reg[19][7], 0x41580000u);
  EXPECT_EQ(w.reg[20][7], 0x3f580000u);
}

TEST_F(ExecFmul, RoundingOverflowAndScale) {
  set_all(4, 0x3f800001);  // 1 + 2^-23; squared: 1 + 2^-22 + 2^-46
  set_all(5, 0x7f000000);  // 2^127
  set_all(6, 0x40800000);  // 4
  set_all(7, 0x00800000);  // 2^-126, the smallest normal
  set_all(8, k0_5);
  ok("FMUL R10, R4, R4;\n"          // RN: 1 + 2^-22 = 0x3f800002
     "FMUL.RP R11, R4, R4;\n"       // up: 1 + 3 * 2^-23 = 0x3f800003
     "FMUL.RZ R12, R4, R4;\n"       // 0x3f800002
     "FMUL R13, R5, R6;\n"          // 2^129 overflows: +Inf
     "FMUL.RZ R14, R5, R6;\n"       // toward zero: the largest finite 0x7f7fffff
     "FMUL.RM R15, R5, -R6;\n"      // -2^129 rounded down: -Inf
     "FMUL.RP R16, R5, -R6;\n"      // rounded up: -0x7f7fffff = 0xff7fffff
     "FMUL.D4 R17, R5, R6;\n"       // 2^129 / 4 = 2^127: the scale applies before rounding, no overflow
     "FMUL R18, R7, R8;\n"          // 2^-127 = 0x00400000, denormal
     "FMUL.FTZ R19, R7, R8;\n"      // flushed: +0
     "FMUL.FTZ.M2 R20, R7, R8;\n"); // 2^-127 * 2 = 2^-126 is normal before flushing: 0x00800000
  EXPECT_EQ(w.reg[10][0], 0x3f800002u);
  EXPECT_EQ(w.reg[11][0], 0x3f800003u);
  EXPECT_EQ(w.reg[12][0], 0x3f800002u);
  EXPECT_EQ(w.reg[13][0], kInf);
  EXPECT_EQ(w.reg[14][0], 0x7f7fffffu);
  EXPECT_EQ(w.reg[15][0], kNegInf);
  EXPECT_EQ(w.reg[16][0], 0xff7fffffu);
  EXPECT_EQ(w.reg[17][0], 0x7f000000u);
  EXPECT_EQ(w.reg[18][0], 0x00400000u);
  EXPECT_EQ(w.reg[19][0], 0u);
  EXPECT_EQ(w.reg[20][0], 0x00800000u);
}

TEST_F(ExecFmul, FmzSaturationAndNaN) {
  set_all(4, 0);
  set_all(5, kInf);
  set_all(6, 0x7fc00000);  // NaN
  set_all(7, k0_75);
  set_all(8, 0x80000000);  // -0
  ok("FMUL R10, R4, R5;\n"          // 0 * Inf = NaN: 0x7fffffff
     "FMUL.FTZ R11, R4, R5;\n"      // .FTZ alone does not change that
     "FMUL.FMZ R12, R4, R5;\n"      // .FMZ: zero times anything is zero: +0
     "FMUL.FMZ R13, R6, R8;\n"      // NaN * -0 = -0 under .FMZ (sign of the product)
     "FMUL.FMZ R14, R7, R7;\n"      // otherwise ordinary: 0.5625 = 0x3f100000
     "FMUL R15, R6, R7;\n"          // NaN * 0.75: canonical NaN
     "FMUL.SAT R16, R7, 2;\n"       // 1.5 clamps to 1.0
     "FMUL.SAT R17, R7, -2;\n"      // -1.5 clamps to +0
     "FMUL32I.FMZ R18, R4, +INF ;\n" // 0 * Inf = +0
     "FMUL32I.SAT R19, R7, 4;\n");  // 3 clamps to 1
  EXPECT_EQ(w.reg[10][0], kNaN);
  EXPECT_EQ(w.reg[11][0], kNaN);
  EXPECT_EQ(w.reg[12][0], 0u);
  EXPECT_EQ(w.reg[13][0], kNegZero);
  EXPECT_EQ(w.reg[14][0], 0x3f100000u);
  EXPECT_EQ(w.reg[15][0], kNaN);
  EXPECT_EQ(w.reg[16][0], k1);
  EXPECT_EQ(w.reg[17][0], 0u);
  EXPECT_EQ(w.reg[18][0], 0u);
  EXPECT_EQ(w.reg[19][0], k1);
}

using ExecFfma = ExecFloatTest;

TEST_F(ExecFfma, FormsAndDecorations) {
  set_all(4, k1_5);
  set_all(5, k2_25);
  set_all(6, k0_5);
  set_all(3, k0_5);
  cbank(2, 0x0, {k0_5, k2_25});
  ok("FFMA R10, R4, R5, R6;\n"             // 1.5 * 2.25 + 0.5 = 3.875 = 1.9375 * 2 = 0x40780000
     "FFMA R11, R4, -R5, -R6;\n"           // -3.375 - 0.5 = -3.875 = 0xc0780000
     "FFMA R12, R4, c[0x2][0x4], R6;\n"    // B from the bank: 3.875
     "FFMA R13, R4, R5, c[0x2][0x0];\n"    // the _RC form: B = R5, C from the bank: 3.875
     "FFMA R14, R4, R6, -c[0x2][0x4];\n"   // 0.75 - 2.25 = -1.5 = 0xbfc00000
     "FFMA R15, R4, 2, R6;\n"              // 3 + 0.5 = 3.5 = 1.75 * 2 = 0x40600000
     "FFMA32I R3, R4, 2, R3;\n"            // accumulator is Rd (0.5): 3.5
     "FFMA32I R16, -R4, 2, -R16;\n");      // R16 = 0 before: -3 - 0 = -3 = 0xc0400000
  EXPECT_EQ(w.reg[10][0], 0x40780000u);
  EXPECT_EQ(w.reg[11][0], 0xc0780000u);
  EXPECT_EQ(w.reg[12][0], 0x40780000u);
  EXPECT_EQ(w.reg[13][0], 0x40780000u);
  EXPECT_EQ(w.reg[14][0], 0xbfc00000u);
  EXPECT_EQ(w.reg[15][0], 0x40600000u);
  EXPECT_EQ(w.reg[3][0], 0x40600000u);
  EXPECT_EQ(w.reg[16][0], 0xc0400000u);
}

TEST_F(ExecFfma, SingleRounding) {
  set_all(4, 0x3f800800);  // a = 1 + 2^-12; a * a = 1 + 2^-11 + 2^-24
  set_all(5, 0xbf800000);  // -1
  set_all(6, k1);
  set_all(7, 0x33800000);  // 2^-24
  ok("FFMA R10, R4, R4, R5;\n"       // fused: 2^-11 + 2^-24 = 2^-11 (1 + 2^-13) = 0x3a000400
     "FMUL R11, R4, R4;\n"           // rounded product: the 2^-24 is a tie, to even: 1 + 2^-11
     "FADD R11, R11, R5;\n"          // then 2^-11 = 0x3a000000 (what a non-fused pair gives)
     "FFMA R12, R6, R6, R7;\n"       // 1 + 2^-24: tie to even, 1.0
     "FFMA.RP R13, R6, R6, R7;\n"    // up: 0x3f800001
     "FFMA.RM R14, R6, -R6, -R7;\n"  // -1 - 2^-24 down: 0xbf800001
     "FFMA.RZ R15, R6, -R6, -R7;\n");// toward zero: 0xbf800000
  EXPECT_EQ(w.reg[10][0], 0x3a000400u);
  EXPECT_EQ(w.reg[11][0], 0x3a000000u);
  EXPECT_EQ(w.reg[12][0], k1);
  EXPECT_EQ(w.reg[13][0], 0x3f800001u);
  EXPECT_EQ(w.reg[14][0], 0xbf800001u);
  EXPECT_EQ(w.reg[15][0], 0xbf800000u);
}

TEST_F(ExecFfma, DenormalsFmzSaturationAndCC) {
  set_all(4, 0x00800000);  // 2^-126
  set_all(5, k0_5);
  set_all(6, 0);
  set_all(7, kInf);
  set_all(8, k1);
  set_all(9, 0x00400000);  // 2^-127 (denormal)
  ok("FFMA R10, R4, R5, RZ;\n"        // 2^-127 = 0x00400000 kept
     "FFMA.FTZ R11, R4, R5, RZ;\n"    // flushed: +0
     "FFMA R12, R8, R8, R9;\n"        // 1 + 2^-127 = 1.0 after rounding
     "FFMA.FTZ R13, R9, R8, R9;\n"    // denormal inputs flushed: 0 * 1 + 0 = +0
     "FFMA R14, R6, R7, R8;\n"        // 0 * Inf + 1 = NaN
     "FFMA.FMZ R15, R6, R7, R8;\n"    // .FMZ: 0 * Inf = 0, + 1 = 1.0
     "FFMA.SAT R16, R8, R8, R8;\n"    // 2 clamps to 1.0
     "FFMA.SAT R17, R8, -R8, RZ;\n"   // -1 clamps to +0
     "FFMA R18.CC, R8, -R8, R8;\n");  // -1 + 1 = +0: Z set
  EXPECT_EQ(w.reg[10][0], 0x00400000u);
  EXPECT_EQ(w.reg[11][0], 0u);
  EXPECT_EQ(w.reg[12][0], k1);
  EXPECT_EQ(w.reg[13][0], 0u);
  EXPECT_EQ(w.reg[14][0], kNaN);
  EXPECT_EQ(w.reg[15][0], k1);
  EXPECT_EQ(w.reg[16][0], k1);
  EXPECT_EQ(w.reg[17][0], 0u);
  EXPECT_EQ(w.reg[18][0], 0u);
  EXPECT_EQ(w.cc.zero, 0xffffffffu);
  EXPECT_EQ(w.cc.sign, 0u);
}

using ExecFswzadd = ExecFloatTest;

TEST_F(ExecFswzadd, SubOperationsPerQuadLane) {
  set_all(4, k0_5);  // A
  set_all(5, k2);    // B
  // ZPPPZPPP: lane 0 ZP -> B = 2; lane 1 PP -> 2.5; lane 2 ZP -> 2; lane 3 PP -> 2.5.
  // PNNPPPZP: lane 0 PN -> 0.5 - 2 = -1.5; lane 1 NP -> -0.5 + 2 = 1.5; lane 2 PP -> 2.5; lane 3 ZP -> 2.
  ok("FSWZADD R10, R4, R5, ZPPPZPPP;\n"
     "FSWZADD R11, R4, R5, PNNPPPZP;\n");
  for (unsigned q : {0u, 4u, 28u}) {
    EXPECT_EQ(w.reg[10][q + 0], k2);
    EXPECT_EQ(w.reg[10][q + 1], 0x40200000u);  // 2.5 = 1.25 * 2
    EXPECT_EQ(w.reg[10][q + 2], k2);
    EXPECT_EQ(w.reg[10][q + 3], 0x40200000u);
    EXPECT_EQ(w.reg[11][q + 0], 0xbfc00000u);
    EXPECT_EQ(w.reg[11][q + 1], k1_5);
    EXPECT_EQ(w.reg[11][q + 2], 0x40200000u);
    EXPECT_EQ(w.reg[11][q + 3], k2);
  }
}

TEST_F(ExecFswzadd, DerivativesTheWayNouveauBuildsThem) {
  // f(x, y) = 3x + 5y over each quad: lane 0 (0,0) = 0, lane 1 (1,0) = 3, lane 2 (0,1) = 5, lane 3 (1,1) = 8.
  // R4 holds the horizontal neighbour's value (what SHFL.BFLY 1 gives), R5 the lane's own; nouveau's d/dx is
  // QUADOP(SUB, SUBR, SUB, SUBR) = 0x99 = PN NP PN NP: lane 0 3 - 0, lane 1 -0 + 3, lane 2 8 - 5, lane 3 -5 + 8.
  // With R6 the vertical neighbour (BFLY 2), d/dy is QUADOP(SUB, SUB, SUBR, SUBR) = 0xa5 = PN PN NP NP.
  const uint32_t f[4] = {0, 0x40400000, 0x40a00000, 0x41000000};  // 0, 3, 5, 8
  for (unsigned l = 0; l < kLanes; ++l) {
    w.reg[5][l] = f[l % 4];
    w.reg[4][l] = f[(l % 4) ^ 1];
    w.reg[6][l] = f[(l % 4) ^ 2];
  }
  ok("FSWZADD R10, R4, R5, PNNPPNNP;\n"
     "FSWZADD R11, R6, R5, PNPNNPNP;\n");
  for (unsigned l = 0; l < kLanes; ++l) {
    EXPECT_EQ(w.reg[10][l], 0x40400000u) << "d/dx = 3, lane " << l;
    EXPECT_EQ(w.reg[11][l], 0x40a00000u) << "d/dy = 5, lane " << l;
  }
}

TEST_F(ExecFswzadd, RoundingFtzAndCC) {
  set_all(4, 0x33800000);  // 2^-24
  set_all(5, k1);
  set_all(6, 0x00000001);  // denormal
  ok("FSWZADD.RP R10, R4, R5, PPPPPPPP;\n"    // 1 + 2^-24 up: 0x3f800001
     "FSWZADD R11, R4, R5, PPPPPPPP;\n"       // tie to even: 1.0
     "FSWZADD.FTZ R12, R6, R6, PPPPPPPP;\n"   // flushed: +0
     "FSWZADD R13, R6, R6, PPPPPPPP;\n"       // 2^-148 = 0x00000002
     "FSWZADD R14.CC, R5, R5, PNPNPNPN;\n");  // 1 - 1 = +0 everywhere: Z
  EXPECT_EQ(w.reg[10][0], 0x3f800001u);
  EXPECT_EQ(w.reg[11][0], k1);
  EXPECT_EQ(w.reg[12][0], 0u);
  EXPECT_EQ(w.reg[13][0], 0x00000002u);
  EXPECT_EQ(w.reg[14][0], 0u);
  EXPECT_EQ(w.cc.zero, 0xffffffffu);
}

}  // namespace
}  // namespace tmu::exec
