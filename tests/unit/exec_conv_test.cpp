// SPDX-License-Identifier: MIT
// The executor's conversions (F2F, F2I, I2F, I2I), moves and predicate instructions. Float encodings are worked
// out by hand in the comments (sign | exponent + bias | mantissa); rounding follows IEEE 754 in the encoded
// mode, out-of-range F2I clamps and NaN converts to 0 (PTX cvt), as docs/exec.md states.
#include "exec_int_util.h"

namespace tmu::exec {
namespace {

using testing::ExecFixture;

void pair(ExecFixture& f, unsigned r, uint64_t v) {
  f.all(r, static_cast<uint32_t>(v));
  f.all(r + 1, static_cast<uint32_t>(v >> 32));
}

TEST(ExecConv, F2iRoundingModes) {
  ExecFixture f;
  f.all(1, 0x40200000);  // 2.5
  f.all(2, 0xbfc00000);  // -1.5
  f.all(3, 0x3fa00000);  // 1.25
  f.all(4, 0xbfe00000);  // -1.75
  f.ok("F2I.S32.F32 R10, 1.5;\n"         // to nearest even: 2
       "F2I.S32.F32 R11, R1;\n"          // 2.5 -> 2 (even)
       "F2I.S32.F32 R12, R2;\n"          // -1.5 -> -2 (even)
       "F2I.S32.F32.FLOOR R13, R2;\n"    // -2
       "F2I.S32.F32.CEIL R14, R3;\n"     // 2
       "F2I.S32.F32.TRUNC R15, R4;\n"    // -1
       "F2I.S32.F32.TRUNC R16, -|R4|;\n" // -1.75 -> -1
       "F2I.S32.F32 R17, |R2|;\n"        // 1.5 -> 2
       "EXIT;");
  EXPECT_EQ(f.r(10), 2u);
  EXPECT_EQ(f.r(11), 2u);
  EXPECT_EQ(f.r(12), static_cast<uint32_t>(-2));
  EXPECT_EQ(f.r(13), static_cast<uint32_t>(-2));
  EXPECT_EQ(f.r(14), 2u);
  EXPECT_EQ(f.r(15), static_cast<uint32_t>(-1));
  EXPECT_EQ(f.r(16), static_cast<uint32_t>(-1));
  EXPECT_EQ(f.r(17), 2u);
}

TEST(ExecConv, F2iSpecialValuesClampAndNanIsZero) {
  ExecFixture f;
  f.all(1, 0x7fc00000);  // NaN
  f.all(2, 0x7f800000);  // +Inf
  f.all(3, 0xff800000);  // -Inf
  f.all(4, 0x4f32d05e);  // 3e9 (exact: 11718750 * 256)
  f.all(5, 0xbf800000);  // -1.0
  f.all(6, 0x00000001);  // smallest denormal
  f.all(7, 0x471c4000);  // 40000.0 = 1.220703125 * 2^15: 0x8e << 23 | 0x1c4000
  f.ok("F2I.S32.F32 R10, R1;\n"            // NaN -> 0
       "F2I.S32.F32 R11, R2;\n"            // +Inf -> INT_MAX
       "F2I.S32.F32 R12, R3;\n"            // -Inf -> INT_MIN
       "F2I.S32.F32 R13, R4;\n"            // 3e9 > INT_MAX -> INT_MAX
       "F2I.U32.F32 R14, R4;\n"            // 3000000000 = 0xb2d05e00
       "F2I.U32.F32 R15, R5;\n"            // -1 -> 0
       "F2I.U32.F32.CEIL R16, R6;\n"       // ceil(1.4e-45) = 1
       "F2I.FTZ.U32.F32.CEIL R17, R6;\n"   // flushed to +0 first: 0
       "F2I.S16.F32 R18, R7;\n"            // 40000 -> 32767
       "F2I.S16.F32 R19, -R7;\n"           // -40000 -> -32768, sign-extended
       "F2I.U16.F32 R20, R7;\n"            // 40000 fits: 0x9c40
       "EXIT;");
  EXPECT_EQ(f.r(10), 0u);
  EXPECT_EQ(f.r(11), 0x7fffffffu);
  EXPECT_EQ(f.r(12), 0x80000000u);
  EXPECT_EQ(f.r(13), 0x7fffffffu);
  EXPECT_EQ(f.r(14), 0xb2d05e00u);
  EXPECT_EQ(f.r(15), 0u);
  EXPECT_EQ(f.r(16), 1u);
  EXPECT_EQ(f.r(17), 0u);
  EXPECT_EQ(f.r(18), 0x7fffu);
  EXPECT_EQ(f.r(19), 0xffff8000u);
  EXPECT_EQ(f.r(20), 0x9c40u);
}

TEST(ExecConv, F2iWideAndHalfSources) {
  ExecFixture f;
  f.all(1, 0xd3800000);                // -2^40: exponent 127 + 40 = 0xa7
  pair(f, 2, 0x4004000000000000u);     // 2.5 as F64
  f.all(4, 0x3e000000);                // F16 1.5 (0x3e00) in the high half
  f.ok("F2I.S64.F32 R10, R1;\n"        // -2^40 = 0xffffff00_00000000
       "F2I.S32.F64 R12, R2;\n"        // 2.5 -> 2
       "F2I.S32.F16 R13, R4.H1;\n"     // 1.5 -> 2
       "F2I.S32.F16 R14, R4;\n"        // low half 0x0000 = 0
       "EXIT;");
  EXPECT_EQ(f.r(10), 0u);
  EXPECT_EQ(f.r(11), 0xffffff00u);
  EXPECT_EQ(f.r(12), 2u);
  EXPECT_EQ(f.r(13), 2u);
  EXPECT_EQ(f.r(14), 0u);
}

TEST(ExecConv, I2fRoundingModes) {
  ExecFixture f;
  f.all(1, 0xffffffff);
  f.all(2, 0x01000001);  // 2^24 + 1: between 2^24 (0x4b800000) and 2^24 + 2 (0x4b800001)
  f.all(3, static_cast<uint32_t>(-0x01000001));
  f.ok("I2F.F32.U32 R10, R1;\n"      // 2^32 - 1 -> 2^32 = 0x4f800000
       "I2F.F32.U32.RZ R11, R1;\n"   // 0xffffff00 = 0x4f7fffff
       "I2F.F32.U32.RM R12, R1;\n"   // 0x4f7fffff
       "I2F.F32.U32.RP R13, R1;\n"   // 0x4f800000
       "I2F.F32.S32 R14, R1;\n"      // -1 = 0xbf800000
       "I2F.F32.S32 R15, R2;\n"      // tie: to even 2^24 = 0x4b800000
       "I2F.F32.S32.RP R16, R2;\n"   // 0x4b800001
       "I2F.F32.S32.RM R17, R3;\n"   // toward -inf: -(2^24 + 2) = 0xcb800001
       "I2F.F32.S32.RZ R18, R3;\n"   // -2^24 = 0xcb800000
       "I2F.F32.S32 R19, -R1;\n"     // -(-1) = 1.0
       "I2F.F32.S32 R20, |R1|;\n"    // 1.0
       "EXIT;");
  EXPECT_EQ(f.r(10), 0x4f800000u);
  EXPECT_EQ(f.r(11), 0x4f7fffffu);
  EXPECT_EQ(f.r(12), 0x4f7fffffu);
  EXPECT_EQ(f.r(13), 0x4f800000u);
  EXPECT_EQ(f.r(14), 0xbf800000u);
  EXPECT_EQ(f.r(15), 0x4b800000u);
  EXPECT_EQ(f.r(16), 0x4b800001u);
  EXPECT_EQ(f.r(17), 0xcb800001u);
  EXPECT_EQ(f.r(18), 0xcb800000u);
  EXPECT_EQ(f.r(19), 0x3f800000u);
  EXPECT_EQ(f.r(20), 0x3f800000u);
}

TEST(ExecConv, I2fSubwordAndWideTypes) {
  ExecFixture f;
  f.all(1, 0x80c80000);               // byte 2 = 0xc8, byte 3 = 0x80
  f.all(2, 0xfffe0000);               // high half -2
  pair(f, 4, 0x8000000000000000u);    // INT64_MIN
  f.all(6, 70000);
  f.ok("I2F.F32.U8 R10, R1.B2;\n"     // 200 = 1.5625 * 2^7: 0x43480000
       "I2F.F32.S8 R11, R1.B3;\n"     // -128 = 0xc3000000
       "I2F.F16.S16 R12, R2.H1;\n"    // -2.0 half: 0xc000
       "I2F.F64.S32 R14, -0x1;\n"     // -1.0 double: 0xbff00000_00000000
       "I2F.F32.S64 R16, R4;\n"       // -2^63: exponent 127 + 63 = 0xbe, 0xdf000000
       "I2F.F16.U32 R17, R6;\n"       // 70000 > 65504: +Inf 0x7c00
       "I2F.F16.U32.RZ R18, R6;\n"    // largest half 0x7bff
       "EXIT;");
  EXPECT_EQ(f.r(10), 0x43480000u);
  EXPECT_EQ(f.r(11), 0xc3000000u);
  EXPECT_EQ(f.r(12), 0xc000u);
  EXPECT_EQ(f.r(14), 0u);
  EXPECT_EQ(f.r(15), 0xbff00000u);
  EXPECT_EQ(f.r(16), 0xdf000000u);
  EXPECT_EQ(f.r(17), 0x7c00u);
  EXPECT_EQ(f.r(18), 0x7bffu);
}

TEST(ExecConv, I2i) {
  ExecFixture f;
  f.all(1, 300);
  f.all(2, static_cast<uint32_t>(-300));
  f.all(3, 0x80000000);
  f.all(4, 0x12345678);
  f.ok("I2I.S8.S32.SAT R10, R1;\n"   // 127
       "I2I.S8.S32.SAT R11, R2;\n"   // -128
       "I2I.S8.S32 R12, R1;\n"       // 0x12c cut to 0x2c = 44
       "I2I.U8.S32.SAT R13, R2;\n"   // 0
       "I2I.S32.S16 R14, R3.H1;\n"   // 0x8000 as S16: -32768
       "I2I.U16.U32 R15, R4;\n"      // 0x5678
       "I2I.S32.S32 R16, -R1;\n"     // -300
       "I2I.U32.U8 R17, R4.B3;\n"    // 0x12
       "EXIT;");
  EXPECT_EQ(f.r(10), 127u);
  EXPECT_EQ(f.r(11), 0xffffff80u);
  EXPECT_EQ(f.r(12), 44u);
  EXPECT_EQ(f.r(13), 0u);
  EXPECT_EQ(f.r(14), 0xffff8000u);
  EXPECT_EQ(f.r(15), 0x5678u);
  EXPECT_EQ(f.r(16), static_cast<uint32_t>(-300));
  EXPECT_EQ(f.r(17), 0x12u);
}

TEST(ExecConv, F2fBetweenFormats) {
  ExecFixture f;
  pair(f, 2, 0x3fd5555555555555u);  // 1/3 as F64; as F32: 0x3eaaaaaa + 0.666 ulp
  pair(f, 4, 0x7e37e43c8800759cu);  // 1e300
  f.all(6, 0x3f800800);             // 1 + 2^-11: halfway between halves 0x3c00 and 0x3c01
  f.all(7, 0x477ff000);             // 65520: halfway between 65504 and 65536
  f.all(8, 0x33000000);             // 2^-25: halfway between 0 and the smallest half denormal 2^-24
  f.all(9, 0x35550000);             // F16 0x3555 in the high half: 0.25 * (1 + 0x155 / 1024)
  f.all(1, 0x3fc00000);             // 1.5
  f.ok("F2F.F32.F64 R10, R2;\n"        // RN: 0x3eaaaaab
       "F2F.F32.F64.RZ R11, R2;\n"     // 0x3eaaaaaa
       "F2F.F32.F64.RM R12, R2;\n"     // 0x3eaaaaaa
       "F2F.F32.F64.RP R13, R2;\n"     // 0x3eaaaaab
       "F2F.F32.F64 R14, R4;\n"        // overflow: +Inf
       "F2F.F32.F64.RZ R15, R4;\n"     // FLT_MAX 0x7f7fffff
       "F2F.F16.F32 R16, R6;\n"        // tie to even: 0x3c00
       "F2F.F16.F32.RP R17, R6;\n"     // 0x3c01
       "F2F.F16.F32 R18, R7;\n"        // tie to even 65536: overflows to +Inf 0x7c00
       "F2F.F16.F32.RZ R19, R7;\n"     // 65504 = 0x7bff
       "F2F.F16.F32 R20, R8;\n"        // tie to even: +0
       "F2F.F16.F32.RP R21, R8;\n"     // 0x0001
       "F2F.F32.F16 R22, R9.H1;\n"     // exponent 13 - 15 + 127 = 125, mantissa 0x155 << 13: 0x3eaaa000
       "F2F.F64.F32 R24, R1;\n"        // 1.5: 0x3ff80000_00000000
       "F2F.F32.F32 R26, -|R1|;\n"     // -1.5: 0xbfc00000
       "EXIT;");
  EXPECT_EQ(f.r(10), 0x3eaaaaabu);
  EXPECT_EQ(f.r(11), 0x3eaaaaaau);
  EXPECT_EQ(f.r(12), 0x3eaaaaaau);
  EXPECT_EQ(f.r(13), 0x3eaaaaabu);
  EXPECT_EQ(f.r(14), 0x7f800000u);
  EXPECT_EQ(f.r(15), 0x7f7fffffu);
  EXPECT_EQ(f.r(16), 0x3c00u);
  EXPECT_EQ(f.r(17), 0x3c01u);
  EXPECT_EQ(f.r(18), 0x7c00u);
  EXPECT_EQ(f.r(19), 0x7bffu);
  EXPECT_EQ(f.r(20), 0u);
  EXPECT_EQ(f.r(21), 1u);
  EXPECT_EQ(f.r(22), 0x3eaaa000u);
  EXPECT_EQ(f.r(24), 0u);
  EXPECT_EQ(f.r(25), 0x3ff80000u);
  EXPECT_EQ(f.r(26), 0xbfc00000u);
}

TEST(ExecConv, F2fIntegralRoundingSaturationAndFtz) {
  ExecFixture f;
  f.all(1, 0x40200000);  // 2.5
  f.all(2, 0xbfc00000);  // -1.5
  f.all(3, 0x3fa00000);  // 1.25
  f.all(4, 0xbfe00000);  // -1.75
  f.all(5, 0xbe800000);  // -0.25
  f.all(6, 0x7fc00000);  // NaN
  f.all(7, 0x00000005);  // denormal
  f.all(8, 0x80000005);  // negative denormal
  f.ok("F2F.F32.F32.ROUND R10, R1;\n"   // 2.0 = 0x40000000
       "F2F.F32.F32.FLOOR R11, R2;\n"   // -2.0 = 0xc0000000
       "F2F.F32.F32.CEIL R12, R3;\n"    // 2.0
       "F2F.F32.F32.TRUNC R13, R4;\n"   // -1.0 = 0xbf800000
       "F2F.F32.F32.ROUND R14, R5;\n"   // -0.0 = 0x80000000
       "F2F.F32.F32.SAT R15, R2;\n"     // 0
       "F2F.F32.F32.SAT R16, R1;\n"     // 1.0
       "F2F.F32.F32.SAT R17, R6;\n"     // NaN -> 0
       "F2F.F32.F32 R18, R7;\n"         // denormal passes
       "F2F.FTZ.F32.F32 R19, R7;\n"     // flushed: +0
       "F2F.FTZ.F32.F32 R20, R8;\n"     // flushed: -0
       "F2F.F16.F32 R21, R6;\n"         // NaN: canonical half NaN 0x7fff
       "EXIT;");
  EXPECT_EQ(f.r(10), 0x40000000u);
  EXPECT_EQ(f.r(11), 0xc0000000u);
  EXPECT_EQ(f.r(12), 0x40000000u);
  EXPECT_EQ(f.r(13), 0xbf800000u);
  EXPECT_EQ(f.r(14), 0x80000000u);
  EXPECT_EQ(f.r(15), 0u);
  EXPECT_EQ(f.r(16), 0x3f800000u);
  EXPECT_EQ(f.r(17), 0u);
  EXPECT_EQ(f.r(18), 5u);
  EXPECT_EQ(f.r(19), 0u);
  EXPECT_EQ(f.r(20), 0x80000000u);
  EXPECT_EQ(f.r(21), 0x7fffu);
}

TEST(ExecConv, ConversionCcIsNotModelled) {
  ExecFixture f;
  const auto e = f.run("I2F.F32.S32 R0.CC, R1;\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("I2F.CC"), std::string::npos) << e->message;
}

TEST(ExecMove, MovForms) {
  ExecFixture f;
  f.all(1, 0x1234);
  f.machine.set_cbank(2, 0x20, std::array<uint32_t, 1>{0xcafe});
  f.all(12, 0xdead);
  f.ok("MOV R10, R1;\n"
       "MOV R11, c[0x2][0x20];\n"
       "MOV R13, -0x2;\n"              // 20-bit immediate sign-extended
       "MOV32I R14, 0x89abcdef;\n"
       "MOV R12, R1, 0x5;\n"           // lane mask 0101: quad lanes 0 and 2 only
       "EXIT;");
  EXPECT_EQ(f.r(10), 0x1234u);
  EXPECT_EQ(f.r(11), 0xcafeu);
  EXPECT_EQ(f.r(13), 0xfffffffeu);
  EXPECT_EQ(f.r(14), 0x89abcdefu);
  for (unsigned l = 0; l < kLanes; ++l) EXPECT_EQ(f.r(12, l), (l % 4 == 0 || l % 4 == 2) ? 0x1234u : 0xdeadu) << l;
}

TEST(ExecMove, SelAndPrmt) {
  ExecFixture f;
  f.warp.pred[0] = 0x0000ffff;
  f.all(1, 0x33221100);
  f.all(2, 7);
  f.all(3, 0x77665544);
  f.all(8, 0x00008000);
  f.ok("SEL R10, R1, R2, P0;\n"
       "SEL R11, R1, 0x9, !P0;\n"
       "PRMT R12, R1, 0x3210, R3;\n"   // identity: 0x33221100
       "PRMT R13, R1, 0x7654, R3;\n"   // C: 0x77665544
       "PRMT R14, R1, 0x123, R3;\n"    // reversed: 0x00112233
       "PRMT R15, R8, 0x8989, RZ;\n"   // sign of byte 1 (0x80): ff, of byte 0: 00 -> 0x00ff00ff
       "PRMT.F4E R16, R1, 0x1, R3;\n"  // bytes 1,2,3,4: 0x44332211
       "PRMT.B4E R17, R1, 0x1, R3;\n"  // bytes 1,0,7,6: 0x66770011
       "PRMT.RC8 R18, R1, 0x2, R3;\n"  // 0x22222222
       "PRMT.ECL R19, R1, 0x1, R3;\n"  // bytes 1,1,2,3: 0x33221111
       "PRMT.ECR R20, R1, 0x2, R3;\n"  // bytes 0,1,2,2: 0x22221100
       "PRMT.RC16 R21, R1, 0x1, R3;\n" // bytes 2,3,2,3: 0x33223322
       "EXIT;");
  EXPECT_EQ(f.r(10, 0), 0x33221100u);
  EXPECT_EQ(f.r(10, 20), 7u);
  EXPECT_EQ(f.r(11, 0), 9u);
  EXPECT_EQ(f.r(11, 20), 0x33221100u);
  EXPECT_EQ(f.r(12), 0x33221100u);
  EXPECT_EQ(f.r(13), 0x77665544u);
  EXPECT_EQ(f.r(14), 0x00112233u);
  EXPECT_EQ(f.r(15), 0x00ff00ffu);
  EXPECT_EQ(f.r(16), 0x44332211u);
  EXPECT_EQ(f.r(17), 0x66770011u);
  EXPECT_EQ(f.r(18), 0x22222222u);
  EXPECT_EQ(f.r(19), 0x33221111u);
  EXPECT_EQ(f.r(20), 0x22221100u);
  EXPECT_EQ(f.r(21), 0x33223322u);
}

TEST(ExecMove, SystemRegisters) {
  ExecFixture f;
  for (unsigned l = 0; l < kLanes; ++l) f.machine.system.tid[l] = {l + 64, 3, 1};
  f.machine.system.ctaid = {7, 8, 9};
  f.ok("S2R R10, SR_LANEID;\n"
       "S2R R11, SR_TID.X;\n"
       "S2R R12, SR_TID.Y;\n"
       "S2R R13, SR_CTAID.Y;\n"
       "S2R R14, SR_TID;\n"      // x | y << 16 | z << 26
       "S2R R15, SR_EQMASK;\n"
       "S2R R16, SR_LTMASK;\n"
       "S2R R17, SR_LEMASK;\n"
       "S2R R18, SR_GTMASK;\n"
       "S2R R19, SR_GEMASK;\n"
       "CS2R R20, SR_CLOCKLO;\n"  // warp instructions counted so far, this 11th one included
       "EXIT;");
  const unsigned l = 5;
  EXPECT_EQ(f.r(10, l), 5u);
  EXPECT_EQ(f.r(11, l), 69u);
  EXPECT_EQ(f.r(12, l), 3u);
  EXPECT_EQ(f.r(13, l), 8u);
  EXPECT_EQ(f.r(14, l), 69u | 3u << 16 | 1u << 26);
  EXPECT_EQ(f.r(15, l), 0x20u);
  EXPECT_EQ(f.r(16, l), 0x1fu);
  EXPECT_EQ(f.r(17, l), 0x3fu);
  EXPECT_EQ(f.r(18, l), 0xffffffc0u);
  EXPECT_EQ(f.r(19, l), 0xffffffe0u);
  EXPECT_EQ(f.r(17, 31), 0xffffffffu);
  EXPECT_EQ(f.r(18, 31), 0u);
  EXPECT_EQ(f.r(20, l), 11u);
}

TEST(ExecMove, Shfl) {
  ExecFixture f;
  for (unsigned l = 0; l < kLanes; ++l) f.warp.reg[1][l] = 10 * l;
  f.ok("SHFL.IDX PT, R10, R1, 0x3, 0x1f;\n"     // every lane reads lane 3: 30
       "SHFL.DOWN P0, R11, R1, 0x1, 0x1f;\n"    // lane + 1; lane 31 keeps its own, P0 false there
       "SHFL.UP P1, R12, R1, 0x2, 0x0;\n"       // lane - 2; lanes 0, 1 keep theirs
       "SHFL.BFLY PT, R13, R1, 0x1, 0x1f;\n"    // lane ^ 1
       "SHFL.IDX PT, R14, R1, 0x2, 0x1807;\n"   // segments of 8 (mask 0x18, clamp 7): lane (l & 0x18) | 2
       "SHFL.BFLY PT, R1, R1, 0x2, 0x1f;\n"     // in place: every read happens before the writes
       "EXIT;");
  for (unsigned l = 0; l < kLanes; ++l) {
    EXPECT_EQ(f.r(10, l), 30u) << l;
    EXPECT_EQ(f.r(11, l), l < 31 ? 10 * (l + 1) : 310u) << l;
    EXPECT_EQ(f.p(0, l), l < 31) << l;
    EXPECT_EQ(f.r(12, l), l >= 2 ? 10 * (l - 2) : 10 * l) << l;
    EXPECT_EQ(f.p(1, l), l >= 2) << l;
    EXPECT_EQ(f.r(13, l), 10 * (l ^ 1)) << l;
    EXPECT_EQ(f.r(14, l), 10 * ((l & 0x18) | 2)) << l;
    EXPECT_EQ(f.r(1, l), 10 * (l ^ 2)) << l;
  }
}

TEST(ExecMove, Vote) {
  ExecFixture f;
  f.warp.pred[0] = 0x55555555;
  f.warp.pred[3] = 0x55555555;
  f.ok("VOTE.ANY R10, P1, P0;\n"
       "VOTE.ALL R11, P2, P0;\n"
       "VOTE.ANY R12, PT, !P0;\n"     // ptxas' vote.ballot of !p
       "@P3 VOTE.ALL RZ, P4, P0;\n"   // only the lanes where P0 holds vote: all of them
       "VOTE.EQ RZ, P5, P0;\n"        // mixed: false
       "EXIT;");
  EXPECT_EQ(f.r(10, 7), 0x55555555u);
  EXPECT_TRUE(f.p(1, 7));
  EXPECT_FALSE(f.p(2, 7));
  EXPECT_EQ(f.r(12, 7), 0xaaaaaaaau);
  EXPECT_TRUE(f.p(4, 0));
  EXPECT_FALSE(f.p(4, 1)) << "a lane that did not run VOTE keeps its predicate";
  EXPECT_FALSE(f.p(5, 0));
}

TEST(ExecMove, PredicatesToRegistersAndBack) {
  ExecFixture f;
  f.warp.pred = {1, 0, 1, 1, 0, 0, 1};  // lane 0: P0, P2, P3, P6 = 0b1001101 = 0x4d
  f.all(1, 0xaabbccdd);
  f.all(2, 0x0000a500);
  f.ok("P2R R10, PR, RZ, 0x7f;\n"
       "P2R.B1 R11, PR, R1, 0xf;\n"   // byte 1 low nibble replaced by 0xd: 0xaabbcddd
       "R2P PR, R2.B1, 0x7f;\n"       // 0xa5 = 0b10100101: P0, P2, P5 set (bit 7 has no predicate)
       "EXIT;");
  EXPECT_EQ(f.r(10, 0), 0x4du);
  EXPECT_EQ(f.r(11, 0), 0xaabbcdddu);
  EXPECT_EQ(f.warp.pred[0] & 1, 1u);
  EXPECT_EQ(f.warp.pred[1] & 1, 0u);
  EXPECT_EQ(f.warp.pred[2] & 1, 1u);
  EXPECT_EQ(f.warp.pred[3] & 1, 0u);
  EXPECT_EQ(f.warp.pred[5] & 1, 1u);
  EXPECT_EQ(f.warp.pred[6] & 1, 0u);
  // The flags as bits 0..3 (zero, sign, carry, overflow): 5 - 5 sets zero and carry.
  f.all(3, 5);
  f.ok("IADD RZ.CC, R3, -R3;\nP2R R12, CC, RZ, 0xf;\nR2P CC, R2, 0xf;\nEXIT;");
  EXPECT_EQ(f.r(12), 0x5u);
  EXPECT_EQ(f.warp.cc.zero, 0u);  // R2's byte 0 is 0: every flag cleared
  EXPECT_EQ(f.warp.cc.carry, 0u);
}

TEST(ExecMove, PredicateLogic) {
  ExecFixture f;
  // Lanes 0..7 enumerate P2, P3, P4 = bits 0, 1, 2 of the lane.
  f.warp.pred[2] = 0xaa, f.warp.pred[3] = 0xcc, f.warp.pred[4] = 0xf0;
  f.all(1, 5);
  f.all(2, 7);
  f.ok("PSETP.AND.OR P0, P1, P2, !P3, P4;\n"    // P0 = (P2 & !P3) | P4, P1 = !(P2 & !P3) | P4
       "PSET.BF.AND.AND R10, P2, P3, PT;\n"     // 1.0 where P2 & P3
       "PSET.XOR.AND R11, P2, P3, P4;\n"        // all ones where (P2 ^ P3) & P4
       "IADD RZ.CC, R1, -R2;\n"                 // 5 - 7: LT holds, EQ does not
       "CSETP.LT.AND P5, P6, CC, PT;\n"
       "CSET.BF.EQ.OR R12, CC, P2;\n"           // EQ false, or P2
       "EXIT;");
  for (unsigned l = 0; l < 8; ++l) {
    const bool a = l & 1, b = l & 2, c = l & 4;
    EXPECT_EQ(f.p(0, l), (a && !b) || c) << l;
    EXPECT_EQ(f.p(1, l), !(a && !b) || c) << l;
    EXPECT_EQ(f.r(10, l), a && b ? 0x3f800000u : 0u) << l;
    EXPECT_EQ(f.r(11, l), (a != b) && c ? 0xffffffffu : 0u) << l;
    EXPECT_TRUE(f.p(5, l));
    EXPECT_FALSE(f.p(6, l));
    EXPECT_EQ(f.r(12, l), a ? 0x3f800000u : 0u) << l;
  }
  // The sign and overflow flags themselves (ptxas's mul.hi.s64: I2I.S32.S32 RZ.CC, hi; CSETP.SFT.AND P0, ...).
  f.all(3, 0x80000000u);
  f.all(4, 1);
  f.ok("IADD RZ.CC, R1, -R2;\n"                 // 5 - 7: sign set, no overflow
       "CSETP.SFT.AND P0, P1, CC, PT;\n"
       "CSETP.SFF.AND P2, PT, CC, PT;\n"
       "CSETP.OFF.AND P3, PT, CC, PT;\n"
       "IADD RZ.CC, R3, -R4;\n"                 // INT_MIN - 1: overflow, sign clear
       "CSETP.OFT.AND P4, PT, CC, PT;\n"
       "CSETP.SFT.AND P5, PT, CC, PT;\n"
       "EXIT;");
  for (unsigned l = 0; l < 8; ++l) {
    EXPECT_TRUE(f.p(0, l));
    EXPECT_FALSE(f.p(1, l));
    EXPECT_FALSE(f.p(2, l));
    EXPECT_TRUE(f.p(3, l));
    EXPECT_TRUE(f.p(4, l));
    EXPECT_FALSE(f.p(5, l));
  }
  const auto e = f.run("CSETP.NAN.AND P0, PT, CC, PT;\nEXIT;");
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("NAN"), std::string::npos) << e->message;
  EXPECT_EQ(e->lane, 0);
}

}  // namespace
}  // namespace tmu::exec
