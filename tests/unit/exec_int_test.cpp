// SPDX-License-Identifier: MIT
// The executor's integer ALU: every expected value is computed by hand in the comment beside it (hex arithmetic
// mod 2^32), from PTX's definitions of the operations (add.cc/addc, bfe, bfi, bfind, prmt, ...) and the adder
// model of docs/exec.md.
#include <random>
#include <vector>

#include "exec_int_util.h"

namespace tmu::exec {
namespace {

using testing::ExecFixture;

// R1 = 5, R2 = 7, R3 = 0x100, R4 = -1, R6 = 0x12345678, R7 = 0x9abcdef0 in every lane.
struct Int : ExecFixture {
  Int() {
    all(1, 5);
    all(2, 7);
    all(3, 0x100);
    all(4, 0xffffffff);
    all(6, 0x12345678);
    all(7, 0x9abcdef0);
  }
};

TEST(ExecInt, IaddForms) {
  Int f;
  f.machine.set_cbank(1, 8, std::array<uint32_t, 1>{0x40});
  f.ok("IADD R10, R1, R2;\n"            // 5 + 7 = 12
       "IADD R11, R1, -R2;\n"           // 5 - 7 = -2
       "IADD.PO R12, R1, R2;\n"         // 5 + 7 + 1 = 13
       "IADD R13, R1, -0x1;\n"          // 20-bit immediate, sign-extended: 5 - 1 = 4
       "IADD R14, -R1, c[0x1][0x8];\n"  // 0x40 - 5 = 0x3b
       "IADD32I R15, R1, 0x12345678;\n" // 0x1234567d
       "IADD32I R16, -R1, 0x10;\n"      // 16 - 5 = 11
       "EXIT;");
  EXPECT_EQ(f.r(10), 12u);
  EXPECT_EQ(f.r(11), 0xfffffffeu);
  EXPECT_EQ(f.r(12), 13u);
  EXPECT_EQ(f.r(13), 4u);
  EXPECT_EQ(f.r(14), 0x3bu);
  EXPECT_EQ(f.r(15), 0x1234567du);
  EXPECT_EQ(f.r(16), 11u);
}

TEST(ExecInt, IaddSaturatesSignedOverflow) {
  Int f;
  f.all(8, 0x7fffffff);
  f.all(9, 0x80000000);
  f.ok("IADD.SAT R10, R8, R1;\n"   // 0x7fffffff + 5 overflows: 0x7fffffff
       "IADD.SAT R11, R9, -R1;\n"  // INT_MIN - 5 overflows: 0x80000000
       "IADD.SAT R12, R4, R1;\n"   // -1 + 5 = 4, no overflow
       "IADD R13, R8, R1;\n"       // wraps: 0x80000004
       "EXIT;");
  EXPECT_EQ(f.r(10), 0x7fffffffu);
  EXPECT_EQ(f.r(11), 0x80000000u);
  EXPECT_EQ(f.r(12), 4u);
  EXPECT_EQ(f.r(13), 0x80000004u);
}

TEST(ExecInt, CarryChains64Bit) {
  Int f;
  // {R9,R8} = 0x00000001_ffffffff, {R11,R10} = 1.  Sum = 0x00000002_00000000.
  f.all(8, 0xffffffff);
  f.all(9, 1);
  f.all(10, 1);
  f.all(11, 0);
  // {R13,R12} = 0x00000003_00000005 - 0x00000001_00000000: the low word subtracts 0, which must carry (no
  // borrow): 5 + ~0 + 1 = 0x1_00000005. High: 3 + ~1 + carry 1 = 2.
  f.all(12, 5);
  f.all(13, 3);
  f.all(14, 0);
  f.all(15, 1);
  f.ok("IADD R20.CC, R8, R10;\n"
       "IADD.X R21, R9, R11;\n"
       "IADD R22.CC, R12, -R14;\n"
       "IADD.X R23, R13, -R15;\n"
       // 0x1_00000000 - 1 = 0x0_ffffffff: low 0 + ~1 + 1 = 0xffffffff, no carry; high 1 + ~0 + 0 = 0.
       "IADD R24.CC, R10, -R10;\n"  // scratch: sets carry (1 - 1, no borrow)
       "IADD R24.CC, R14, -R10;\n"  // 0 - 1
       "IADD.X R25, R10, -R14;\n"   // 1 - 0 - borrow 1: 1 + ~0 + carry 0 = 0
       "EXIT;");
  EXPECT_EQ(f.r(20), 0u);
  EXPECT_EQ(f.r(21), 2u);
  EXPECT_EQ(f.r(22), 5u);
  EXPECT_EQ(f.r(23), 2u);
  EXPECT_EQ(f.r(24), 0xffffffffu);
  EXPECT_EQ(f.r(25), 0u);
}

TEST(ExecInt, IaddConditionCodes) {
  Int f;
  f.all(8, 0x7fffffff);
  // 5 - 7 = 0xfffffffe: sign; 5 + 0xfffffff8 + 1 has no carry-out (a borrow); no overflow.
  f.ok("IADD RZ.CC, R1, -R2;\nEXIT;");
  EXPECT_EQ(f.warp.cc.sign, kAllLanes);
  EXPECT_EQ(f.warp.cc.carry, 0u);
  EXPECT_EQ(f.warp.cc.zero, 0u);
  EXPECT_EQ(f.warp.cc.overflow, 0u);
  // 0x7fffffff + 5: signed overflow, sign set, no carry.
  f.ok("IADD RZ.CC, R8, R1;\nEXIT;");
  EXPECT_EQ(f.warp.cc.overflow, kAllLanes);
  EXPECT_EQ(f.warp.cc.sign, kAllLanes);
  EXPECT_EQ(f.warp.cc.carry, 0u);
  // -1 + 1 = 0 with carry-out: zero and carry.
  f.all(9, 1);
  f.ok("IADD RZ.CC, R4, R9;\nEXIT;");
  EXPECT_EQ(f.warp.cc.zero, kAllLanes);
  EXPECT_EQ(f.warp.cc.carry, kAllLanes);
  EXPECT_EQ(f.warp.cc.sign, 0u);
  // .X chains the zero flag: a zero high half after a nonzero low half is not zero.
  f.ok("IADD RZ.CC, R1, RZ;\nIADD.X RZ.CC, RZ, RZ;\nEXIT;");  // low 5, high 0 + 0 + carry 0
  EXPECT_EQ(f.warp.cc.zero, 0u);
}

TEST(ExecInt, ConditionCodesDriveBranches) {
  // ops_control's CC.LT is sign != overflow: after 5 - 7 the branch is taken, after 7 - 5 it is not.
  Int f;
  f.ok("IADD RZ.CC, R1, -R2;\n"
       "@P0 BRA CC.LT, `(skip);\n"  // P0 is false: not taken regardless
       "BRA CC.LT, `(taken);\n"
       "MOV32I R10, 0x1;\n"
       "EXIT;\n"
       "taken: MOV32I R10, 0x2;\n"
       "skip: EXIT;");
  EXPECT_EQ(f.r(10), 2u);
  f.ok("IADD RZ.CC, R2, -R1;\n"
       "BRA CC.LT, `(taken);\n"
       "MOV32I R11, 0x1;\n"
       "EXIT;\n"
       "taken: MOV32I R11, 0x2;\n"
       "EXIT;");
  EXPECT_EQ(f.r(11), 1u);
}

TEST(ExecInt, IscaddIadd3Lea) {
  Int f;
  f.all(8, 0x00030000);  // H1 = 3
  f.all(9, 0x0001ffff);  // H0 = 0xffff
  f.all(10, 0xf0000005);
  f.all(11, 1);
  f.ok("ISCADD R20, R1, R2, 0x4;\n"           // (5 << 4) + 7 = 87
       "ISCADD R21, R1, -R2, 0x4;\n"          // 80 - 7 = 73
       "ISCADD32I R22, R1, 0x100, 0x2;\n"     // 20 + 256 = 276
       "IADD3 R23, R1, R2, R3;\n"             // 5 + 7 + 0x100 = 0x10c
       "IADD3 R24, -R1, R2, -R3;\n"           // -5 + 7 - 256 = -254
       "IADD3.RS R25, R8.H1, R9.H0, R1;\n"    // ((3 + 0xffff) >> 16) + 5 = 1 + 5 = 6
       "IADD3.LS R26, R1.H0, RZ, R2;\n"       // (5 << 16) + 7 = 0x50007
       "LEA R27, R1, R2, 0x3;\n"              // (5 << 3) + 7 = 47
       "LEA R28, -R1, R2, 0x3;\n"             // -40 + 7 = -33
       "LEA.HI R29, R10, R2, R11, 0x4;\n"     // ({1, 0xf0000005} << 4) >> 32 = 0x1f, + 7 = 0x26
       "EXIT;");
  EXPECT_EQ(f.r(20), 87u);
  EXPECT_EQ(f.r(21), 73u);
  EXPECT_EQ(f.r(22), 276u);
  EXPECT_EQ(f.r(23), 0x10cu);
  EXPECT_EQ(f.r(24), static_cast<uint32_t>(-254));
  EXPECT_EQ(f.r(25), 6u);
  EXPECT_EQ(f.r(26), 0x50007u);
  EXPECT_EQ(f.r(27), 47u);
  EXPECT_EQ(f.r(28), static_cast<uint32_t>(-33));
  EXPECT_EQ(f.r(29), 0x26u);
}

TEST(ExecInt, LeaPairForms64BitAddress) {
  // ptxas' 64-bit address: {hi, lo} = base + (index << 2) with base = 0x00000001_fffffff0, index = 8:
  // lo = 0xfffffff0 + 0x20 = 0x1_00000010 (carry, also in P1), hi = 1 + (8 >> 30 = 0) + carry = 2.
  Int f;
  f.all(8, 8);
  f.all(9, 0);
  f.machine.set_cbank(0, 0x140, std::array<uint32_t, 2>{0xfffffff0, 1});
  f.ok("LEA P1, R10.CC, R8, c[0x0][0x140], 0x2;\n"
       "LEA.HI.X R11, R8, c[0x0][0x144], R9, 0x2;\n"
       "EXIT;");
  EXPECT_EQ(f.r(10), 0x10u);
  EXPECT_EQ(f.r(11), 2u);
  EXPECT_TRUE(f.p(1));
}

TEST(ExecInt, LeaHiPredicateIsTheHighWordNotZero) {
  // ptxas's copy of a generic address before LD/ST/ATOM: LEA lo.CC, A, RZ; LEA.HI.X Pd, hi, A, RZ, C. Pd holds
  // where the high word is not zero: 0x00000001_00000010 (global, above 4 GiB) yes, 0x00000000_01000008 (the
  // shared window) no, and 0x00000000_ffffffff + 1 carried into the high word yes.
  Int f;
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    const bool global = lane % 3 == 0, carry = lane % 3 == 2;
    f.warp.reg[8][lane] = global ? 0x10u : carry ? 0xffffffffu : 0x01000008u;
    f.warp.reg[9][lane] = global ? 1u : 0u;
  }
  f.ok("LEA R10.CC, R8, RZ;\n"
       "LEA.HI.X P0, R11, R8, RZ, R9;\n"
       "LEA R12.CC, R8, 0x1;\n"
       "LEA.HI.X P1, R13, R8, RZ, R9;\n"
       "EXIT;");
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    const bool global = lane % 3 == 0, carry = lane % 3 == 2;
    EXPECT_EQ(f.r(11, lane), global ? 1u : 0u) << lane;
    EXPECT_EQ(f.p(0, lane), global) << lane;
    EXPECT_EQ(f.r(13, lane), global || carry ? 1u : 0u) << lane;
    EXPECT_EQ(f.p(1, lane), global || carry) << lane;
  }
}

TEST(ExecInt, Xmad) {
  Int f;
  f.all(8, 0x00030002);  // H0 = 2, H1 = 3
  f.all(9, 0x00050004);  // H0 = 4, H1 = 5
  f.all(10, 0x00070000);
  f.all(11, 0x0000ffff);  // S16 -1
  f.ok("XMAD R20, R8, R9, RZ;\n"               // 2 * 4 = 8
       "XMAD R21, R8.H1, R9.H1, R3;\n"         // 3 * 5 + 0x100 = 0x10f
       "XMAD.PSL R22, R8.H1, R9, R3;\n"        // (3 * 4) << 16 + 0x100 = 0xc0100
       "XMAD.MRG R23, R8, R9.H1, RZ;\n"        // 2 * 5 = 10, high half = B's low half 4: 0x0004000a
       "XMAD.CHI R24, R8, R9, R10;\n"          // 8 + (0x00070000 >> 16) = 15
       "XMAD.CLO R25, R8, R9, R10;\n"          // 8 + 0 = 8
       "XMAD.CBCC R26, R8, R9, R10;\n"         // 8 + 0x00070000 + (0x00050004 << 16 = 0x00040000) = 0x000b0008
       "XMAD.S16.S16 R27, R11, R9, RZ;\n"      // -1 * 4 = -4
       "XMAD R28, R11, R9, RZ;\n"              // 0xffff * 4 = 0x3fffc
       "XMAD R29, R8, 0x10, RZ;\n"             // 2 * 16 = 32
       "EXIT;");
  EXPECT_EQ(f.r(20), 8u);
  EXPECT_EQ(f.r(21), 0x10fu);
  EXPECT_EQ(f.r(22), 0xc0100u);
  EXPECT_EQ(f.r(23), 0x0004000au);
  EXPECT_EQ(f.r(24), 15u);
  EXPECT_EQ(f.r(25), 8u);
  EXPECT_EQ(f.r(26), 0x000b0008u);
  EXPECT_EQ(f.r(27), 0xfffffffcu);
  EXPECT_EQ(f.r(28), 0x3fffcu);
  EXPECT_EQ(f.r(29), 32u);
}

TEST(ExecInt, XmadSequenceIsA32BitMultiply) {
  // ptxas' mul.lo.u32 on SM50: three XMADs. 0x12345678 * 0x9abcdef0 mod 2^32 = 0x242d2080.
  Int f;
  f.ok("XMAD R0, R6, R7, RZ;\n"
       "XMAD.MRG R5, R6, R7.H1, RZ;\n"
       "XMAD.PSL.CBCC R0, R6.H1, R5.H1, R0;\n"
       "EXIT;");
  EXPECT_EQ(f.r(0), 0x242d2080u);
}

TEST(ExecInt, IsetpCompareAndCombine) {
  Int f;
  f.warp.pred[2] = 0;
  f.ok("ISETP.LT.AND P0, P1, R1, R2, PT;\n"      // 5 < 7: P0 true, P1 false
       "ISETP.LT.U32.AND P2, P3, R4, R1, PT;\n"  // 0xffffffff < 5 unsigned: false, P3 true
       "ISETP.LT.AND P4, PT, R4, R1, PT;\n"      // -1 < 5 signed: true
       "ISETP.EQ.OR P5, PT, R1, 0x6, !PT;\n"     // (5 == 6) or false: false
       "ISETP.NE.XOR P6, PT, R1, 0x6, PT;\n"     // (5 != 6) xor true: false
       "EXIT;");
  EXPECT_TRUE(f.p(0));
  EXPECT_FALSE(f.p(1));
  EXPECT_FALSE(f.p(2));
  EXPECT_TRUE(f.p(3));
  EXPECT_TRUE(f.p(4));
  EXPECT_FALSE(f.p(5));
  EXPECT_FALSE(f.p(6));
}

TEST(ExecInt, IsetpXCompares64BitValues) {
  // ptxas' setp.ge.u64 a, b: IADD RZ.CC, a.lo, -b.lo; ISETP.GE.U32.X.AND P0, PT, a.hi, b.hi, PT.
  // Per lane (a, b): lane 0 (1:5, 1:7) a < b; lane 1 (1:7, 1:7) equal; lane 2 (2:0, 1:0xffffffff) a > b;
  // lane 3 (0:9, 1:0) a < b; signed lane 4 (0xffffffff:0, 0:0) a = -2^32 < 0.
  Int f;
  const uint32_t a[5][2] = {{1, 5}, {1, 7}, {2, 0}, {0, 9}, {0xffffffff, 0}};
  const uint32_t b[5][2] = {{1, 7}, {1, 7}, {1, 0xffffffff}, {1, 0}, {0, 0}};
  for (unsigned l = 0; l < 5; ++l) {
    f.warp.reg[9][l] = a[l][0], f.warp.reg[8][l] = a[l][1];
    f.warp.reg[11][l] = b[l][0], f.warp.reg[10][l] = b[l][1];
  }
  f.ok("IADD RZ.CC, R8, -R10;\n"
       "ISETP.GE.U32.X.AND P0, PT, R9, R11, PT;\n"
       "IADD RZ.CC, R8, -R10;\n"
       "ISETP.EQ.U32.X.AND P1, PT, R9, R11, PT;\n"
       "IADD RZ.CC, R8, -R10;\n"
       "ISETP.LT.X.AND P2, PT, R9, R11, PT;\n"
       "EXIT;");
  const bool ge[5] = {false, true, true, false, true};  // unsigned: lane 4 0xffffffff00000000 >= 0
  const bool eq[5] = {false, true, false, false, false};
  const bool lt_signed[5] = {true, false, false, true, true};
  for (unsigned l = 0; l < 5; ++l) {
    EXPECT_EQ(f.p(0, l), ge[l]) << l;
    EXPECT_EQ(f.p(1, l), eq[l]) << l;
    EXPECT_EQ(f.p(2, l), lt_signed[l]) << l;
  }
}

TEST(ExecInt, IsetIcmpImnmx) {
  Int f;
  f.ok("ISET.LT.AND R10, R1, R2, PT;\n"     // true: 0xffffffff
       "ISET.BF.LT.AND R11, R1, R2, PT;\n"  // true: 1.0f
       "ISET.GT.AND R12, R1, R2, PT;\n"     // false: 0
       "ICMP.GE R13, R1, R2, R4;\n"         // -1 >= 0 false: R2 = 7
       "ICMP.GE R14, R1, R2, RZ;\n"         // 0 >= 0: R1 = 5
       "ICMP.LT.U32 R15, R1, R2, R4;\n"     // 0xffffffff < 0 unsigned false: 7
       "IMNMX R16, R1, R2, PT;\n"           // min 5
       "IMNMX R17, R1, R2, !PT;\n"          // max 7
       "IMNMX R18, R1, R4, PT;\n"           // signed min(5, -1) = -1
       "IMNMX.U32 R19, R1, R4, PT;\n"       // unsigned min(5, 0xffffffff) = 5
       "EXIT;");
  EXPECT_EQ(f.r(10), 0xffffffffu);
  EXPECT_EQ(f.r(11), 0x3f800000u);
  EXPECT_EQ(f.r(12), 0u);
  EXPECT_EQ(f.r(13), 7u);
  EXPECT_EQ(f.r(14), 5u);
  EXPECT_EQ(f.r(15), 7u);
  EXPECT_EQ(f.r(16), 5u);
  EXPECT_EQ(f.r(17), 7u);
  EXPECT_EQ(f.r(18), 0xffffffffu);
  EXPECT_EQ(f.r(19), 5u);
}

TEST(ExecInt, Logic) {
  Int f;
  f.ok("LOP.AND R10, R1, R2;\n"              // 5 & 7 = 5
       "LOP.AND R11, ~R1, R2;\n"             // ~5 & 7 = 2
       "LOP.OR R12, R1, 0x8;\n"              // 13
       "LOP.PASS_B R13, R1, ~R2;\n"          // ~7
       "LOP.XOR.Z P0, R14, R1, R1;\n"        // 0, P0 = (0 == 0)
       "LOP.XOR.NZ P1, R15, R1, R2;\n"       // 2, P1 = (2 != 0)
       "LOP32I.AND R16, R6, 0xffff0000;\n"   // 0x12340000
       "LOP32I.XOR R17, ~R1, 0xff;\n"        // 0xfffffffa ^ 0xff = 0xffffff05
       "LOP3.LUT R18, R1, R2, R3, 0x96;\n"   // 5 ^ 7 ^ 0x100 = 0x102
       "LOP3.LUT R19, R4, R6, R7, 0xca;\n"   // A ? B : C bitwise with A = -1: R6
       "LOP3.LUT R20, R1, 0xc, R2, 0x80;\n"  // 5 & 0xc & 7 = 4
       "EXIT;");
  EXPECT_EQ(f.r(10), 5u);
  EXPECT_EQ(f.r(11), 2u);
  EXPECT_EQ(f.r(12), 13u);
  EXPECT_EQ(f.r(13), ~7u);
  EXPECT_EQ(f.r(14), 0u);
  EXPECT_TRUE(f.p(0));
  EXPECT_EQ(f.r(15), 2u);
  EXPECT_TRUE(f.p(1));
  EXPECT_EQ(f.r(16), 0x12340000u);
  EXPECT_EQ(f.r(17), 0xffffff05u);
  EXPECT_EQ(f.r(18), 0x102u);
  EXPECT_EQ(f.r(19), 0x12345678u);
  EXPECT_EQ(f.r(20), 4u);
}

TEST(ExecInt, Shifts) {
  Int f;
  f.all(8, 33);
  f.all(9, 0xfffffff0);  // -16
  f.ok("SHL R10, R1, 0x2;\n"          // 20
       "SHL R11, R1, R8;\n"           // count 33 >= 32: 0
       "SHL.W R12, R1, R8;\n"         // wraps to 1: 10
       "SHR R13, R9, 0x2;\n"          // arithmetic: -4
       "SHR.U32 R14, R9, 0x2;\n"      // 0x3ffffffc
       "SHR R15, R9, R8;\n"           // 33: sign fill, -1
       "SHR.U32 R16, R9, R8;\n"       // 0
       "SHR.U32.BREV R17, R1, 0x1;\n" // brev(5) = 0xa0000000 >> 1 = 0x50000000
       "EXIT;");
  EXPECT_EQ(f.r(10), 20u);
  EXPECT_EQ(f.r(11), 0u);
  EXPECT_EQ(f.r(12), 10u);
  EXPECT_EQ(f.r(13), 0xfffffffcu);
  EXPECT_EQ(f.r(14), 0x3ffffffcu);
  EXPECT_EQ(f.r(15), 0xffffffffu);
  EXPECT_EQ(f.r(16), 0u);
  EXPECT_EQ(f.r(17), 0x50000000u);
}

// SHF: Rc:Ra = 0x9abcdef0:0x12345678 (R7:R6), the high word kept by .L and the low word by .R.
TEST(ExecInt, FunnelShifts) {
  Int f;
  f.all(8, 33);
  f.all(9, 68);
  f.ok("SHF.L R10, R6, 0x4, R7;\n"          // 0xabcdef01
       "SHF.R R11, R6, 0x4, R7;\n"          // 0x01234567
       "SHF.L R12, R6, R8, R7;\n"           // 32-bit: 33 clamps to 32, the high word is then Ra: 0x12345678
       "SHF.L.W R13, R6, R8, R7;\n"         // 33 wraps to 1: 0x3579bde0
       "SHF.R R14, R6, R8, R7;\n"           // clamps to 32: Rc, 0x9abcdef0
       "SHF.R.W R15, R6, R8, R7;\n"         // 1: 0x091a2b3c
       "SHF.L.U64 R16, R6, R8, R7;\n"       // 64-bit count 33: Ra << 1 = 0x2468acf0
       "SHF.R.U64 R17, R6, R8, R7;\n"       // Rc >> 1 = 0x4d5e6f78
       "SHF.R.S64 R18, R6, R8, R7;\n"       // Rc >> 1 arithmetic: 0xcd5e6f78
       "SHF.R.S64 R19, R6, R9, R7;\n"       // 68 clamps to 64: all sign bits, 0xffffffff
       "SHF.R.U64 R20, R6, R9, R7;\n"       // 0
       "SHF.L.U64 R21, R6, R9, R7;\n"       // 0
       "SHF.L.W.U64 R22, R6, R9, R7;\n"     // 68 wraps to 4 (a model): 0xabcdef01
       "SHF.R.W.S64 R23, R6, R9, R7;\n"     // 4: 0x01234567
       "EXIT;");
  EXPECT_EQ(f.r(10), 0xabcdef01u);
  EXPECT_EQ(f.r(11), 0x01234567u);
  EXPECT_EQ(f.r(12), 0x12345678u);
  EXPECT_EQ(f.r(13), 0x3579bde0u);
  EXPECT_EQ(f.r(14), 0x9abcdef0u);
  EXPECT_EQ(f.r(15), 0x091a2b3cu);
  EXPECT_EQ(f.r(16), 0x2468acf0u);
  EXPECT_EQ(f.r(17), 0x4d5e6f78u);
  EXPECT_EQ(f.r(18), 0xcd5e6f78u);
  EXPECT_EQ(f.r(19), 0xffffffffu);
  EXPECT_EQ(f.r(20), 0u);
  EXPECT_EQ(f.r(21), 0u);
  EXPECT_EQ(f.r(22), 0xabcdef01u);
  EXPECT_EQ(f.r(23), 0x01234567u);
  for (const char* text : {"SHF.R.HI R0, R6, R8, R7;\nEXIT;", "SHF.L.INVALIDMAXSHIFT3 R0, R6, R8, R7;\nEXIT;"}) {
    auto e = f.run(text);
    ASSERT_TRUE(e) << text;
    EXPECT_NE(e->message.find("SHF"), std::string::npos) << e->message;
  }
}

TEST(ExecInt, BitFields) {
  Int f;
  f.ok("BFE.U32 R10, R6, 0x804;\n"   // (0x12345678 >> 4) & 0xff = 0x67
       "BFE R11, R7, 0x404;\n"       // bits 7..4 of 0x9abcdef0 = 0xf, signed: -1
       "BFE R12, R6, 0x404;\n"       // bits 7..4 of 0x12345678 = 7, sign bit 0: 7
       "BFE R13, R7, 0x101c;\n"      // pos 28 len 16: 0x9 and sign a[31] = 1 above: 0xfffffff9
       "BFE.U32 R14, R7, 0x101c;\n"  // 0x9
       "BFE R15, R7, 0x4;\n"         // len 0: 0
       "BFI R16, R1, 0x804, R6;\n"   // 5 into bits 11..4 of 0x12345678: 0x12345058
       "BFI R17, R4, 0x81c, R6;\n"   // 8 ones at 28, cut at bit 31: 0xf2345678
       "POPC R18, R6;\n"             // 1+1+2+1+2+2+3+1 = 13
       "POPC R19, ~R6;\n"            // 32 - 13 = 19
       "FLO.U32 R20, R6;\n"          // highest set bit of 0x12345678: 28
       "FLO.U32.SH R21, R6;\n"       // 31 - 28 = 3
       "FLO R22, R4;\n"              // -1: no bit differs from the sign: 0xffffffff
       "FLO.U32 R23, RZ;\n"          // 0xffffffff
       "EXIT;");
  EXPECT_EQ(f.r(10), 0x67u);
  EXPECT_EQ(f.r(11), 0xffffffffu);
  EXPECT_EQ(f.r(12), 7u);
  EXPECT_EQ(f.r(13), 0xfffffff9u);
  EXPECT_EQ(f.r(14), 9u);
  EXPECT_EQ(f.r(15), 0u);
  EXPECT_EQ(f.r(16), 0x12345058u);
  EXPECT_EQ(f.r(17), 0xf2345678u);
  EXPECT_EQ(f.r(18), 13u);
  EXPECT_EQ(f.r(19), 19u);
  EXPECT_EQ(f.r(20), 28u);
  EXPECT_EQ(f.r(21), 3u);
  EXPECT_EQ(f.r(22), 0xffffffffu);
  EXPECT_EQ(f.r(23), 0xffffffffu);
  f.all(9, 0xfffffff8);  // -8: the highest bit differing from the sign is bit 2 (~x = 7)
  f.ok("FLO R24, R9;\nEXIT;");
  EXPECT_EQ(f.r(24), 2u);
}

TEST(ExecInt, Multiplies) {
  Int f;
  f.ok("IMUL R10, R1, R2;\n"                // 35
       "IMUL.HI R11, R4, R1;\n"             // -1 * 5 = -5: high word 0xffffffff
       "IMUL.U32.U32.HI R12, R4, R1;\n"     // 0xffffffff * 5 = 0x4_fffffffb: 4
       "IMUL32I R13, R1, 0x3;\n"            // 15
       "IMAD R14, R1, R2, R3;\n"            // 35 + 256 = 291
       "IMAD R15, R1, R2, -R3;\n"           // 35 - 256 = -221
       "IMAD R16, -R1, R2, R3;\n"           // -35 + 256 = 221
       "IMAD.U32.U32.HI R17, R4, R1, R3;\n" // 4 + 256 = 260
       "IMAD.PO R18, R1, R2, R3;\n"         // 35 + 256 + 1 = 292
       "MOV32I R19, 0x64;\n"
       "IMAD32I R19, R1, 0x3, R19;\n"       // 15 + 100 = 115
       "IMADSP.U32.U24.U32 R20, R6, R2, R3;\n"    // 0x12345678 * 7 = 0x91a2b3c0 - 0x12345678 = 0x7f6e5d48, + 0x100
       "IMADSP.S16H1.S24.S32 R21, R7, R2, R3;\n"  // A = 0x9abc as S16 = -25924; * 7 = -181468; + 256 = -181212
       "EXIT;");
  EXPECT_EQ(f.r(10), 35u);
  EXPECT_EQ(f.r(11), 0xffffffffu);
  EXPECT_EQ(f.r(12), 4u);
  EXPECT_EQ(f.r(13), 15u);
  EXPECT_EQ(f.r(14), 291u);
  EXPECT_EQ(f.r(15), static_cast<uint32_t>(-221));
  EXPECT_EQ(f.r(16), 221u);
  EXPECT_EQ(f.r(17), 260u);
  EXPECT_EQ(f.r(18), 292u);
  EXPECT_EQ(f.r(19), 115u);
  EXPECT_EQ(f.r(20), 0x7f6e5e48u);
  EXPECT_EQ(f.r(21), static_cast<uint32_t>(-181212));
}

TEST(ExecInt, ImadSaturates) {
  Int f;
  f.all(8, 0x40000000);
  f.all(9, 2);
  // 0x40000000 * 2 = 0x80000000 (low word), + 0x100: signed overflow? The low-word product is INT_MIN as a
  // 32-bit value, + 256 does not overflow: 0x80000100. With C = -1 the sum INT_MIN - 1 overflows: INT_MIN.
  f.ok("IMAD.SAT R10, R8, R9, R3;\n"
       "IMAD.SAT R11, R8, R9, R4;\n"
       "EXIT;");
  EXPECT_EQ(f.r(10), 0x80000100u);
  EXPECT_EQ(f.r(11), 0x80000000u);
}

TEST(ExecInt, ExtendedMinMaxChainsWordsThroughTheFlags) {
  // ptxas 11.8's min.s64 and max.u64 (sm_50): IMNMX.XHI Rhi.CC first, then IMNMX.U32.XLO. Lane l holds pair l:
  // a in R9:R8 (high:low), b in R11:R10; expected values by hand, as 64-bit min (signed) / max (unsigned).
  struct Case {
    uint64_t a, b, min_s64, max_u64;
  };
  const Case cases[] = {
      {0xffffffff00000005, 0x0000000000000007, 0xffffffff00000005, 0xffffffff00000005},  // a < 0 signed
      {0x0000000100000000, 0x00000001ffffffff, 0x0000000100000000, 0x00000001ffffffff},  // equal highs: lows
      {0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000000},  // most negative
      {0x123456789abcdef0, 0x123456789abcdef0, 0x123456789abcdef0, 0x123456789abcdef0},  // equal
      {0x0000000200000000, 0x00000001ffffffff, 0x00000001ffffffff, 0x0000000200000000},  // highs decide
  };
  Int f;
  for (unsigned l = 0; l < 5; ++l) {
    f.warp.reg[8][l] = static_cast<uint32_t>(cases[l].a);
    f.warp.reg[9][l] = static_cast<uint32_t>(cases[l].a >> 32);
    f.warp.reg[10][l] = static_cast<uint32_t>(cases[l].b);
    f.warp.reg[11][l] = static_cast<uint32_t>(cases[l].b >> 32);
  }
  f.ok("IMNMX.XHI R13.CC, R9, R11, PT;\n"
       "IMNMX.U32.XLO R12, R8, R10, PT;\n"
       "IMNMX.U32.XHI R15.CC, R9, R11, !PT;\n"
       "IMNMX.U32.XLO R14, R8, R10, !PT;\n"
       "EXIT;");
  for (unsigned l = 0; l < 5; ++l) {
    EXPECT_EQ((uint64_t{f.r(13, l)} << 32) | f.r(12, l), cases[l].min_s64) << l;
    EXPECT_EQ((uint64_t{f.r(15, l)} << 32) | f.r(14, l), cases[l].max_u64) << l;
  }
  // 96 bits through .XMED: a = (1, 5, 0xffffffff), b = (1, 5, 3), most significant first: min is b.
  f.all(1, 1);
  f.all(2, 5);
  f.all(3, 0xffffffff);
  f.all(4, 1);
  f.all(5, 5);
  f.all(6, 3);
  f.ok("IMNMX.U32.XHI R20.CC, R1, R4, PT;\n"
       "IMNMX.U32.XMED R21.CC, R2, R5, PT;\n"
       "IMNMX.U32.XLO R22, R3, R6, PT;\n"
       "EXIT;");
  EXPECT_EQ(f.r(20), 1u);
  EXPECT_EQ(f.r(21), 5u);
  EXPECT_EQ(f.r(22), 3u);
}

TEST(ExecInt, PtxasMultiplySequencesGiveExactProducts) {
  // ptxas 11.8 -arch=sm_50 lowers mul.hi.u32, mul.hi.s32, mul.wide.u32 and mul.wide.s32 to these XMAD sequences
  // (b renamed from c[0x0][0x14c] to R9; a in R3 and R10). Run on edge and random values, they must give the
  // products that 64-bit arithmetic gives: that settles IADD3.RS's carry and XMAD.CSFU's sign fix-up.
  constexpr std::string_view kProgram =
      "XMAD R2, R3, R9, RZ;\n"  // mul.hi.u32 -> R4
      "XMAD R4, R3, R9.H1, RZ;\n"
      "XMAD R5, R3.H1, R9.H1, RZ;\n"
      "XMAD.CHI R6, R3.H1, R9, R2;\n"
      "IADD3.RS R4, R6, R4, R5;\n"
      "XMAD R20, R3, R9, RZ;\n"  // mul.hi.s32 -> R22
      "XMAD.U16.S16 R22, R3, R9.H1, RZ;\n"
      "XMAD.S16.S16.CSFU R23, R3.H1, R9.H1, RZ;\n"
      "XMAD.S16.U16.CHI R24, R3.H1, R9, R20;\n"
      "IADD3.RS R22, R24, R22, R23;\n"
      "XMAD R13, R10, R9, RZ;\n"  // mul.wide.u32 -> R15:R14
      "XMAD R15, R10, R9, RZ;\n"
      "XMAD.MRG R12, R10, R9.H1, RZ;\n"
      "XMAD R16, R10, R9.H1, RZ;\n"
      "XMAD R17, R10.H1, R9.H1, RZ;\n"
      "XMAD.CHI R18, R10.H1, R9, R13;\n"
      "XMAD.PSL.CBCC R14, R10.H1, R12.H1, R15;\n"
      "IADD3.RS R15, R18, R16, R17;\n"
      "XMAD R33, R10, R9, RZ;\n"  // mul.wide.s32 -> R35:R34
      "XMAD R35, R10, R9, RZ;\n"
      "XMAD.MRG R32, R10, R9.H1, RZ;\n"
      "XMAD.U16.S16 R36, R10, R9.H1, RZ;\n"
      "XMAD.S16.S16.CSFU R37, R10.H1, R9.H1, RZ;\n"
      "XMAD.S16.U16.CHI R38, R10.H1, R9, R33;\n"
      "XMAD.PSL.CBCC R34, R10.H1, R32.H1, R35;\n"
      "IADD3.RS R35, R38, R36, R37;\n"
      "EXIT;";
  const uint32_t edges[] = {0,          1,          2,          0xffff,     0x10000,    0x8000,     0x7fff,
                            0x7fffffff, 0x80000000, 0x80000001, 0xffffffff, 0xfffffffe, 0xffff0000, 0x0001ffff,
                            0x8000ffff, 0x7fff8000, 0x00018000, 0xfffe0001, 0x12345678, 0x9abcdef0};
  std::vector<std::pair<uint32_t, uint32_t>> pairs;
  for (uint32_t a : edges)
    for (uint32_t b : edges) pairs.emplace_back(a, b);
  std::mt19937 rng(7);
  for (int i = 0; i < 2000; ++i) pairs.emplace_back(rng(), rng());
  Int f;
  for (std::size_t at = 0; at < pairs.size(); at += kLanes) {
    for (unsigned l = 0; l < kLanes; ++l) {
      const auto [a, b] = pairs[std::min(at + l, pairs.size() - 1)];
      f.warp.reg[3][l] = f.warp.reg[10][l] = a;
      f.warp.reg[9][l] = b;
    }
    f.ok(kProgram);
    for (unsigned l = 0; l < kLanes && at + l < pairs.size(); ++l) {
      const auto [a, b] = pairs[at + l];
      const uint64_t pu = uint64_t{a} * b;
      const auto ps = static_cast<uint64_t>(int64_t{static_cast<int32_t>(a)} * static_cast<int32_t>(b));
      ASSERT_EQ(f.r(4, l), static_cast<uint32_t>(pu >> 32)) << std::hex << a << " * " << b << " (mul.hi.u32)";
      ASSERT_EQ(f.r(22, l), static_cast<uint32_t>(ps >> 32)) << std::hex << a << " * " << b << " (mul.hi.s32)";
      ASSERT_EQ((uint64_t{f.r(15, l)} << 32) | f.r(14, l), pu) << std::hex << a << " * " << b << " (mul.wide.u32)";
      ASSERT_EQ((uint64_t{f.r(35, l)} << 32) | f.r(34, l), ps) << std::hex << a << " * " << b << " (mul.wide.s32)";
    }
  }
}

TEST(ExecInt, UnmodelledModesStopWithAnError) {
  Int f;
  auto e = f.run("MOV R0, R0;\nSHL.X R0, R1, R2;\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->address, 0x10u);
  EXPECT_NE(e->message.find("SHL.X"), std::string::npos) << e->message;
}

TEST(ExecInt, OutOfRangeConstantStopsNamingAddressAndLane) {
  Int f;
  f.machine.set_cbank(3, 0, std::array<uint32_t, 4>{1, 2, 3, 4});  // 16 bytes
  // Lanes 0..3 are masked off by P0, so the first lane to read is 4.
  f.warp.pred[0] = 0xfffffff0;
  const auto e = f.run("MOV R0, R0;\nMOV R0, R0;\n@P0 IADD R10, R1, c[0x3][0x10];\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->address, 0x18u);
  EXPECT_EQ(e->lane, 4);
  EXPECT_NE(e->message.find("c[0x3][0x10]"), std::string::npos) << e->message;
  EXPECT_NE(e->to_string().find("lane 4"), std::string::npos) << e->to_string();
}

TEST(ExecInt, GuardAndLanesMatter) {
  // Each lane computes with its own registers; a guarded-off lane keeps its old value.
  Int f;
  for (unsigned l = 0; l < kLanes; ++l) f.warp.reg[8][l] = l;
  f.warp.pred[1] = 0x0000ffff;
  f.all(10, 0xdead);
  f.ok("@P1 IADD R10, R8, R8;\nEXIT;");
  for (unsigned l = 0; l < kLanes; ++l) EXPECT_EQ(f.r(10, l), l < 16 ? 2 * l : 0xdeadu) << l;
}

}  // namespace
}  // namespace tmu::exec
