// SPDX-License-Identifier: MIT
// Executor semantics of DADD, DMUL, DFMA, DMNMX, DSET and DSETP: register pairs (low word first), constant-bank
// and immediate forms, rounding modes, denormals (always kept), canonical NaN, the fused single rounding, and the
// errors for odd or out-of-range register pairs. Expected values are worked out by hand beside each line.
#include "exec_float_util.h"

namespace tmu::exec {
namespace {

constexpr uint64_t k0_5 = 0x3fe0000000000000, k1 = 0x3ff0000000000000, k1_5 = 0x3ff8000000000000,
                   k2_25 = 0x4002000000000000, kInf = 0x7ff0000000000000, kNaN = 0x7fffffffffffffff;

using ExecDouble = ExecFloatTest;

TEST_F(ExecDouble, AddForms) {
  set_all64(4, k1_5);
  set_all64(6, k2_25);
  cbank(2, 0x8, {0x00000000, 0x40020000});  // 2.25, low word first
  ok("DADD R10, R4, R6;\n"            // 3.75 = 1.875 * 2 = 0x400e000000000000
     "DADD R12, -R4, |R6|;\n"         // 0.75 = 0x3fe8000000000000
     "DADD R14, R4, 0.5;\n"           // 2.0 = 0x4000000000000000
     "DADD R16, R4, c[0x2][0x8];\n"   // 3.75
     "DADD R18, -|R6|, 0.5.NEG;\n"    // -2.25 - 0.5 = -2.75 = -1.375 * 2 = 0xc006000000000000
     "DADD R20.CC, R4, -R4;\n");      // +0: Z
  for (unsigned lane : {0u, 31u}) {
    EXPECT_EQ(reg64(10, lane), 0x400e000000000000u);
    EXPECT_EQ(reg64(12, lane), 0x3fe8000000000000u);
    EXPECT_EQ(reg64(14, lane), 0x4000000000000000u);
    EXPECT_EQ(reg64(16, lane), 0x400e000000000000u);
    EXPECT_EQ(reg64(18, lane), 0xc006000000000000u);
    EXPECT_EQ(reg64(20, lane), 0u);
  }
  EXPECT_EQ(w.cc.zero, 0xffffffffu);
}

TEST_F(ExecDouble, AddRoundingDenormalsAndNaN) {
  set_all64(4, k1);
  set_all64(6, 0x3ca0000000000000);  // 2^-53: 1 + 2^-53 is half way between 1 and 1 + 2^-52
  set_all64(8, 0x0000000000000001);  // 2^-1074
  set_all64(10, kInf);
  ok("DADD R20, R4, R6;\n"        // tie to even: 1.0
     "DADD.RP R22, R4, R6;\n"     // 0x3ff0000000000001
     "DADD.RM R24, -R4, -R6;\n"   // -1 - 2^-53 down: 0xbff0000000000001
     "DADD.RZ R26, -R4, -R6;\n"   // 0xbff0000000000000
     "DADD R28, R8, R8;\n"        // 2^-1073 = 0x2: no flushing on the F64 unit
     "DADD R30, R10, -R10;\n"     // Inf - Inf: canonical NaN
     "DADD.RM R32, R4, -R4;\n");  // -0 under RM
  EXPECT_EQ(reg64(20), k1);
  EXPECT_EQ(reg64(22), 0x3ff0000000000001u);
  EXPECT_EQ(reg64(24), 0xbff0000000000001u);
  EXPECT_EQ(reg64(26), 0xbff0000000000000u);
  EXPECT_EQ(reg64(28), 0x2u);
  EXPECT_EQ(reg64(30), kNaN);
  EXPECT_EQ(reg64(32), 0x8000000000000000u);
}

TEST_F(ExecDouble, MultiplyAndFusedMultiplyAdd) {
  set_all64(4, k1_5);
  set_all64(6, k2_25);
  set_all64(8, k0_5);
  set_all64(10, 0x3ff0000000000001);  // 1 + 2^-52; squared: 1 + 2^-51 + 2^-104
  set_all64(12, 0x3ff0000002000000);  // a = 1 + 2^-27; a * a = 1 + 2^-26 + 2^-54
  set_all64(14, 0xbff0000000000000);  // -1
  cbank(3, 0x0, {0, 0x3fe00000});     // 0.5
  ok("DMUL R20, R4, R6;\n"              // 3.375 = 1.6875 * 2 = 0x400b000000000000
     "DMUL R22, R4, -R6;\n"             // 0xc00b000000000000
     "DMUL R24, R10, R10;\n"            // RN: 1 + 2^-51 = 0x3ff0000000000002
     "DMUL.RP R26, R10, R10;\n"         // up: 0x3ff0000000000003
     "DFMA R28, R4, R6, R8;\n"          // 3.375 + 0.5 = 3.875 = 0x400f000000000000
     "DFMA R30, R4, -R6, -R8;\n"        // -3.875
     "DFMA R32, R12, R12, R14;\n"       // fused: 2^-26 + 2^-54 = 2^-26 (1 + 2^-28) = 0x3e50000001000000
     "DMUL R34, R12, R12;\n"            // rounded product 1 + 2^-26 (2^-54 is a quarter ulp)
     "DADD R34, R34, R14;\n"            // then 2^-26 = 0x3e50000000000000
     "DFMA R36, R4, R6, c[0x3][0x0];\n" // the _RC form: 3.875
     "DFMA R38, R4, c[0x3][0x0], R8;\n" // 0.75 + 0.5 = 1.25 = 0x3ff4000000000000
     "DFMA R40, R4, 2, -R8;\n"          // 3 - 0.5 = 2.5 = 0x4004000000000000
     "DFMA.RM R42, R10, R10, RZ;\n");   // down: 0x3ff0000000000002
  EXPECT_EQ(reg64(20), 0x400b000000000000u);
  EXPECT_EQ(reg64(22), 0xc00b000000000000u);
  EXPECT_EQ(reg64(24), 0x3ff0000000000002u);
  EXPECT_EQ(reg64(26), 0x3ff0000000000003u);
  EXPECT_EQ(reg64(28), 0x400f000000000000u);
  EXPECT_EQ(reg64(30), 0xc00f000000000000u);
  EXPECT_EQ(reg64(32), 0x3e50000001000000u);
  EXPECT_EQ(reg64(34), 0x3e50000000000000u);
  EXPECT_EQ(reg64(36), 0x400f000000000000u);
  EXPECT_EQ(reg64(38), 0x3ff4000000000000u);
  EXPECT_EQ(reg64(40), 0x4004000000000000u);
  EXPECT_EQ(reg64(42), 0x3ff0000000000002u);
}

TEST_F(ExecDouble, MinimumMaximum) {
  set_all64(4, k1_5);
  set_all64(6, k2_25);
  set_all64(8, 0x8000000000000000);  // -0
  set_all64(10, 0xfff8000000000001); // NaN
  ok("DMNMX R20, R4, R6, PT;\n"      // 1.5
     "DMNMX R22, R4, R6, !PT;\n"     // 2.25
     "DMNMX R24, R8, RZ, PT;\n"      // min(-0, +0) = -0
     "DMNMX R26, R8, RZ, !PT;\n"     // +0
     "DMNMX R28, R10, R4, PT;\n"     // the non-NaN operand: 1.5
     "DMNMX R30, R10, R10, !PT;\n"   // canonical NaN
     "DMNMX R32, -R4, 0.5, PT;\n");  // min(-1.5, 0.5) = -1.5
  EXPECT_EQ(reg64(20), k1_5);
  EXPECT_EQ(reg64(22), k2_25);
  EXPECT_EQ(reg64(24), 0x8000000000000000u);
  EXPECT_EQ(reg64(26), 0u);
  EXPECT_EQ(reg64(28), k1_5);
  EXPECT_EQ(reg64(30), kNaN);
  EXPECT_EQ(reg64(32), 0xbff8000000000000u);
}

TEST_F(ExecDouble, Comparisons) {
  set_all64(4, k1_5);
  set_all64(6, k2_25);
  set_all64(8, 0x7ff8000000000000);  // NaN
  w.pred[3] = 0x0f0f0f0f;
  ok("DSETP.LT.AND P0, P1, R4, R6, PT;\n"     // true / false
     "DSETP.LT.AND P2, PT, R4, R8, PT;\n"     // ordered with NaN: false
     "DSETP.LTU.OR P4, P5, R6, R4, P3;\n"     // 2.25 < 1.5 false: P4 = P3, P5 = 1
     "DSET.BF.GT.AND R10, R6, R4, PT;\n"      // 1.0f = 0x3f800000 (a 32-bit result)
     "DSET.NE.AND R11, R6, R6, PT;\n"         // false: 0
     "DSET.NAN.AND R12.CC, R8, R4, PT;\n");   // true: 0xffffffff; CC S
  EXPECT_EQ(w.pred[0], 0xffffffffu);
  EXPECT_EQ(w.pred[1], 0u);
  EXPECT_EQ(w.pred[2], 0u);
  EXPECT_EQ(w.pred[4], 0x0f0f0f0fu);
  EXPECT_EQ(w.pred[5], 0xffffffffu);
  EXPECT_EQ(w.reg[10][0], 0x3f800000u);
  EXPECT_EQ(w.reg[11][0], 0u);
  EXPECT_EQ(w.reg[12][0], 0xffffffffu);
  EXPECT_EQ(w.cc.sign, 0xffffffffu);
  EXPECT_EQ(w.cc.zero, 0u);
}

TEST_F(ExecDouble, RegisterPairErrors) {
  ExecError e = fails("DADD R10, R5, R6;\n");
  EXPECT_EQ(e.lane, 0);
  EXPECT_NE(e.message.find("R5 is a 64-bit register pair"), std::string::npos) << e.message;
  w.masks = ThreadMasks{};
  e = fails("DMUL R254, R4, R6;\n");
  EXPECT_NE(e.message.find("R254:R255 runs off the register file"), std::string::npos) << e.message;
  w.masks = ThreadMasks{};
  e = fails("DADD R10, R4, c[0x4][0x0];\n");  // bank 4 is empty
  EXPECT_NE(e.message.find("c[0x4][0x0]"), std::string::npos) << e.message;
  w.masks = ThreadMasks{};
  cbank(4, 0x0, {0});  // only the low word exists: the high word at +4 is out of range
  e = fails("DADD R10, R4, c[0x4][0x0];\n");
  EXPECT_NE(e.message.find("c[0x4][0x4]"), std::string::npos) << e.message;
}

}  // namespace
}  // namespace tmu::exec
